// The `search` switches of the JSON config: each one is wired (turning it off changes the
// tree), and the search stays sound without it (a forced mate is still found with its exact
// distance). Singular extension is checked to actually fire.
#include <gtest/gtest.h>

#include <string>
#include <utility>

#include "engine/chess/notation.hpp"
#include "engine/chess/position.hpp"
#include "engine/lmr/config.hpp"
#include "engine/search/score.hpp"
#include "engine/search/search.hpp"

namespace lmr::search {
namespace {

chess::Position from_fen(const std::string& fen) {
    std::string error;
    auto pos = chess::Position::from_fen(fen, &error);
    EXPECT_TRUE(pos.has_value()) << error;
    return *pos;
}

struct SwitchCase {
    const char* name;
    bool lmr::SearchSwitches::*member;
};

void PrintTo(const SwitchCase& c, std::ostream* os) {
    *os << c.name;
}

// Kiwipete: a middlegame rich in captures, checks and quiet moves, so every technique acts.
constexpr const char* kMiddlegame =
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

// Mate in three, Nf7+ first (Stockfish 15.1 agrees).
constexpr const char* kMateInThree = "3r1r1k/1p3p1p/p2p4/4n1NN/6bQ/1BPq4/P3p1PP/1R5K w - - 0 1";

struct TreeResult {
    SearchResult result;
    SearchStats stats;
};

TreeResult search_with(const lmr::LmrConfig& config, const std::string& fen, int depth) {
    Searcher s;
    s.set_config(config);
    s.reset_stats();
    Limits limits;
    limits.depth = depth;
    TreeResult t;
    t.result = s.search(from_fen(fen), limits);
    t.stats = s.stats();
    return t;
}

class SwitchTest : public ::testing::TestWithParam<SwitchCase> {};

TEST_P(SwitchTest, IsDefaultOnAndChangesTheTree) {
    const lmr::LmrConfig on = lmr::default_config();
    ASSERT_TRUE(on.search.*GetParam().member) << "every technique is on by default";
    lmr::LmrConfig off = on;
    off.search.*GetParam().member = false;
    // Mate distance pruning only acts once a mate is in sight, hence the second position.
    const auto nodes = [](const lmr::LmrConfig& c) {
        return std::make_pair(search_with(c, kMiddlegame, 11).result.nodes,
                              search_with(c, kMateInThree, 9).result.nodes);
    };
    EXPECT_NE(nodes(on), nodes(off))
        << GetParam().name << " off searched exactly the same trees: the switch is not wired";
}

TEST_P(SwitchTest, MateIsStillFoundWithoutIt) {
    lmr::LmrConfig off = lmr::default_config();
    off.search.*GetParam().member = false;
    const TreeResult t = search_with(off, kMateInThree, 9);
    ASSERT_TRUE(is_mate_score(t.result.score)) << "score " << t.result.score;
    EXPECT_EQ(mate_moves(t.result.score), 3);
    EXPECT_EQ(chess::to_uci(t.result.best_move), "g5f7");
}

#define LMR_SWITCH(name)                  \
    SwitchCase {                          \
#name, &lmr::SearchSwitches::name \
    }
INSTANTIATE_TEST_SUITE_P(
    AllSwitches, SwitchTest,
    ::testing::Values(LMR_SWITCH(null_move), LMR_SWITCH(reverse_futility), LMR_SWITCH(futility),
                      LMR_SWITCH(late_move_pruning), LMR_SWITCH(see_pruning),
                      LMR_SWITCH(qsearch_see_pruning), LMR_SWITCH(check_extension),
                      LMR_SWITCH(aspiration_windows), LMR_SWITCH(mate_distance_pruning),
                      LMR_SWITCH(internal_iterative_reduction), LMR_SWITCH(singular_extension),
                      LMR_SWITCH(probcut), LMR_SWITCH(qsearch_delta_pruning),
                      LMR_SWITCH(correction_history)),
    [](const ::testing::TestParamInfo<SwitchCase>& info) { return std::string(info.param.name); });
#undef LMR_SWITCH

TEST(SingularExtension, FiresOnlyWhenSwitchedOn) {
    lmr::LmrConfig config = lmr::default_config();
    const TreeResult on = search_with(config, kMiddlegame, 12);
    EXPECT_GT(on.stats.singular_extensions, 0u);
    config.search.singular_extension = false;
    const TreeResult off = search_with(config, kMiddlegame, 12);
    EXPECT_EQ(off.stats.singular_extensions, 0u);
}

}  // namespace
}  // namespace lmr::search
