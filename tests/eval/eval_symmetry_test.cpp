// Colour symmetry: a position and its colour-flipped mirror must get the same value, seen from
// the side to move, for every term; and the breakdown must add up to evaluate().
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "engine/chess/movegen.hpp"
#include "engine/eval/eval.hpp"
#include "tests/eval/mirror.hpp"
#include "tests/eval/test_util.hpp"

namespace lmr::eval::test {
namespace {

const std::vector<std::string> kFens = {
    // The standard perft positions.
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    // Openings and middlegames.
    "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
    "rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2",
    "rnbqkb1r/ppp2ppp/4pn2/3p4/2PP4/2N5/PP2PPPP/R1BQKBNR w KQkq - 2 4",
    "r1bq1rk1/pppnn1bp/3p2p1/3Ppp2/2P1P3/2N2P2/PP2BBPP/R2QNRK1 w - - 0 11",
    "r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3",
    "r1b2rk1/pp3ppp/2n1p3/q7/3P4/P1PBPN2/5PPP/R2QK2R w KQ - 0 12",
    "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/3P1N2/PPP2PPP/RNBQK2R w KQkq - 0 5",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    "r1bqkb1r/pp1n1ppp/2n1p3/2ppP3/3P4/2PB1N2/PP3PPP/RNBQK2R b KQkq - 2 7",
    "r1bq1rk1/pp2bppp/2n1pn2/8/2BP4/2N2N2/PP3PPP/R1BQ1RK1 w - - 0 9",
    "4k3/pppppppp/8/8/8/8/8/RNBQKBNR w KQ - 0 1",
    "r3k2r/8/8/8/8/8/8/R3K2R w Kq - 0 1",
    "2r3k1/5p1p/6p1/8/8/8/q4PPP/1Q1R2K1 b - - 0 1",
    "4k3/4r3/8/8/8/8/4B3/4K3 w - - 0 1",
    // Endgames.
    "8/5k2/4b3/2p1p3/2P1P3/8/3B1K2/8 w - - 0 40",
    "8/8/4k3/3p4/3P4/4K3/8/R6r w - - 0 50",
    "8/5pk1/6p1/7p/7P/6P1/5PK1/8 b - - 0 45",
    "8/1P6/8/8/8/8/6p1/K6k w - - 0 1",
    "8/8/8/4k3/8/8/3QK3/6r1 w - - 0 1",
    "8/pp3k2/2p1n3/5p2/5P2/2B1P3/PP4KP/8 b - - 0 30",
    "8/8/8/4k3/8/8/8/4KBN1 w - - 0 1",
    "8/8/8/4k3/8/8/8/4KNN1 b - - 0 1",
    "3k4/8/8/8/8/8/8/QQ2K3 w - - 0 1",
    "6k1/1R3ppp/8/8/8/8/5PPP/6K1 b - - 0 1",
    "4k3/8/3p4/2pPp3/2P1P3/8/8/4K3 w - - 0 1",
    "8/8/8/8/8/8/8/K6k w - - 0 1",
};

TEST(EvalMirror, MirrorHelperRoundTrips) {
    EXPECT_EQ(mirror_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"),
              "rnbqkbnr/pppp1ppp/8/4p3/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1");
    EXPECT_EQ(mirror_fen("r3k2r/8/8/8/8/8/8/R3K2R w Kq - 0 1"),
              "r3k2r/8/8/8/8/8/8/R3K2R b Qk - 0 1");
    for (const std::string& fen : kFens) EXPECT_EQ(mirror_fen(mirror_fen(fen)), fen);
}

TEST(EvalMirror, EveryTermIsColourSymmetric) {
    for (const std::string& fen : kFens) {
        const std::string mirrored = mirror_fen(fen);
        const Breakdown a = breakdown(fen);
        const Breakdown b = breakdown(mirrored);
        for (int t = 0; t < kTermCount; ++t) {
            EXPECT_EQ(a.terms[t], b.terms[t])
                << "term " << term_name(Term(t)) << "\n  " << fen << "\n  " << mirrored;
        }
        EXPECT_EQ(a.phase, b.phase) << fen;
        EXPECT_EQ(a.total, b.total) << fen;
    }
}

TEST(EvalMirror, BreakdownTotalIsTheSumAndEqualsEvaluate) {
    for (const std::string& fen : kFens) {
        for (const std::string& f : {fen, mirror_fen(fen)}) {
            const chess::Position pos = position_from_fen(f);
            Breakdown b{};
            const int returned = evaluate(pos, b);
            int sum = 0;
            for (int t = 0; t < kTermCount; ++t) sum += b.terms[t];
            EXPECT_EQ(b.total, sum) << f;
            EXPECT_EQ(returned, b.total) << f;
            EXPECT_EQ(evaluate(pos), b.total) << f;
            EXPECT_EQ(b.phase, game_phase(pos)) << f;
        }
    }
}

// Wider coverage: random games (fixed seed) from every position above; every position
// reached must be symmetric term by term and add up.
TEST(EvalMirror, RandomGamesStaySymmetric) {
    std::uint64_t seed = 0x9E3779B97F4A7C15ULL;
    int checked = 0;
    for (const std::string& fen : kFens) {
        chess::Position pos = position_from_fen(fen);
        for (int ply = 0; ply < 60; ++ply) {
            chess::MoveList moves;
            chess::generate(pos, moves);
            if (moves.size() == 0) break;
            seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
            pos.make_move(moves.moves[(seed >> 33) % moves.size()]);

            const std::string here = pos.fen();
            const Breakdown a = breakdown(here);
            const Breakdown b = breakdown(mirror_fen(here));
            int sum = 0;
            for (int t = 0; t < kTermCount; ++t) {
                sum += a.terms[t];
                ASSERT_EQ(a.terms[t], b.terms[t])
                    << "term " << term_name(Term(t)) << "\n  " << here;
            }
            ASSERT_EQ(a.total, sum) << here;
            ASSERT_EQ(a.total, b.total) << here;
            ++checked;
        }
    }
    EXPECT_GT(checked, 1000);
}

// The pawn cache must never change a result: evaluate everything, then again in reverse
// order (different cache contents), and compare.
TEST(EvalMirror, ResultsDoNotDependOnEvaluationOrder) {
    std::vector<int> first;
    for (const std::string& fen : kFens) first.push_back(evaluate(position_from_fen(fen)));
    for (size_t i = kFens.size(); i-- > 0;)
        EXPECT_EQ(evaluate(position_from_fen(kFens[i])), first[i]) << kFens[i];
}

}  // namespace
}  // namespace lmr::eval::test
