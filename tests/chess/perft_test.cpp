// Perft counts of the seven standard positions to depth 5, plus divide and a few
// positions that stress en passant, castling and promotion rules.
#include "engine/chess/perft.hpp"

#include <gtest/gtest.h>

#include "engine/chess/movegen.hpp"
#include "engine/chess/position.hpp"
#include "tests/chess/test_positions.hpp"

namespace lmr::chess {
namespace {

using testing::kPerftCases;
using testing::PerftCase;

class PerftTest : public ::testing::TestWithParam<PerftCase> {};

TEST_P(PerftTest, MatchesPublishedCountsToDepth5) {
    const PerftCase& c = GetParam();
    std::string error;
    auto pos = Position::from_fen(c.fen, &error);
    ASSERT_TRUE(pos) << error;
    std::string fen_before = pos->fen();
    for (int depth = 0; depth <= 5; ++depth) {
        EXPECT_EQ(perft(*pos, depth), c.counts[depth]) << c.name << " depth " << depth;
    }
    EXPECT_EQ(pos->fen(), fen_before);
}

TEST_P(PerftTest, DivideSumsToPerft) {
    const PerftCase& c = GetParam();
    auto pos = Position::from_fen(c.fen);
    ASSERT_TRUE(pos);
    auto divide = perft_divide(*pos, 3);
    EXPECT_EQ(int(divide.size()), int(c.counts[1]));
    std::uint64_t total = 0;
    for (const auto& entry : divide) total += entry.second;
    EXPECT_EQ(total, c.counts[3]);
}

INSTANTIATE_TEST_SUITE_P(StandardPositions, PerftTest, ::testing::ValuesIn(kPerftCases),
                         [](const auto& info) { return std::string(info.param.name); });

// Small positions with known perft counts (Chess Programming Wiki / Martin Sedlak's
// "perft test positions" collection) that each isolate one tricky rule; every count was
// re-checked with Stockfish 15.1 `go perft` before being copied here.
struct EdgeCase {
    const char* fen;
    int depth;
    std::uint64_t nodes;
};

TEST(PerftEdgeCases, TrickyRules) {
    const EdgeCase cases[] = {
        {"3k4/3p4/8/K1P4r/8/8/8/8 b - - 0 1", 6, 1134888},          // illegal ep move #1
        {"8/8/4k3/8/2p5/8/B2P2K1/8 w - - 0 1", 6, 1015133},         // illegal ep move #2
        {"8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1", 6, 1440467},        // ep capture checks opponent
        {"5k2/8/8/8/8/8/8/4K2R w K - 0 1", 6, 661072},              // short castling gives check
        {"3k4/8/8/8/8/8/8/R3K3 w Q - 0 1", 6, 803711},              // long castling gives check
        {"r3k2r/1b4bq/8/8/8/8/7B/R3K2R w KQkq - 0 1", 4, 1274206},  // castle rights
        {"r3k2r/8/3Q4/8/8/5q2/8/R3K2R b KQkq - 0 1", 4, 1720476},   // castling prevented
        {"2K2r2/4P3/8/8/8/8/8/3k4 w - - 0 1", 6, 3821001},          // promote out of check
        {"8/8/1P2K3/8/2n5/1q6/8/5k2 b - - 0 1", 5, 1004658},        // discovered check
        {"4k3/1P6/8/8/8/8/K7/8 w - - 0 1", 6, 217342},              // promote to give check
        {"8/P1k5/K7/8/8/8/8/8 w - - 0 1", 6, 92683},                // under-promote to check
        {"K1k5/8/P7/8/8/8/8/8 w - - 0 1", 6, 2217},                 // self stalemate
        {"8/k1P5/8/1K6/8/8/8/8 w - - 0 1", 7, 567584},              // stalemate and checkmate
        {"8/8/2k5/5q2/5n2/8/5K2/8 b - - 0 1", 4, 23527},            // stalemate and checkmate
    };
    for (const EdgeCase& c : cases) {
        std::string error;
        auto pos = Position::from_fen(c.fen, &error);
        ASSERT_TRUE(pos) << c.fen << ": " << error;
        EXPECT_EQ(perft(*pos, c.depth), c.nodes) << c.fen;
    }
}

}  // namespace
}  // namespace lmr::chess
