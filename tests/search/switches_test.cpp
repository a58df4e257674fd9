// The `search` switches of the JSON config: each has its documented default, each one is wired
// (turning it off changes the tree), and the search stays sound either way (a forced mate is
// still found with its exact distance). Singular extension (off by default) is checked to fire.
#include <gtest/gtest.h>

#include <string>
#include <utility>

#include "engine/chess/notation.hpp"
#include "engine/chess/position.hpp"
#include "engine/lmr/config.hpp"
#include "engine/search/score.hpp"
#include "engine/search/search.hpp"
#include "tests/search/support.hpp"

namespace lmr::search {
namespace {

using test::position_from_fen;

struct SwitchCase {
    const char* name;
    bool reduction::SearchSwitches::*member;
    bool default_on;
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

TreeResult search_with(const reduction::LmrConfig& config, const std::string& fen, int depth) {
    Searcher s;
    s.set_config(config);
    s.reset_stats();
    Limits limits;
    limits.depth = depth;
    TreeResult t;
    t.result = s.search(position_from_fen(fen), limits);
    t.stats = s.stats();
    return t;
}

class SwitchTest : public ::testing::TestWithParam<SwitchCase> {};

TEST_P(SwitchTest, HasItsDefaultAndChangesTheTree) {
    EXPECT_EQ(reduction::default_config().search.*GetParam().member, GetParam().default_on);
    reduction::LmrConfig on = reduction::default_config();
    on.search.*GetParam().member = true;
    reduction::LmrConfig off = on;
    off.search.*GetParam().member = false;
    // Mate distance pruning only acts once a mate is in sight, hence the second position.
    const auto nodes = [](const reduction::LmrConfig& c) {
        return std::make_pair(search_with(c, kMiddlegame, 11).result.nodes,
                              search_with(c, kMateInThree, 9).result.nodes);
    };
    EXPECT_NE(nodes(on), nodes(off))
        << GetParam().name << " off searched exactly the same trees: the switch is not wired";
}

TEST_P(SwitchTest, MateIsStillFoundEitherWay) {
    for (const bool value : {true, false}) {
        reduction::LmrConfig config = reduction::default_config();
        config.search.*GetParam().member = value;
        const TreeResult t = search_with(config, kMateInThree, 9);
        ASSERT_TRUE(is_mate_score(t.result.score)) << "score " << t.result.score;
        EXPECT_EQ(mate_moves(t.result.score), 3);
        EXPECT_EQ(chess::to_uci(t.result.best_move), "g5f7");
    }
}

// clang-format off
#define LMR_SWITCH(name, default_on) SwitchCase{#name, &reduction::SearchSwitches::name, default_on}
INSTANTIATE_TEST_SUITE_P(
    AllSwitches, SwitchTest,
    ::testing::Values(
        LMR_SWITCH(null_move, true), LMR_SWITCH(reverse_futility, true),
        LMR_SWITCH(futility, true), LMR_SWITCH(late_move_pruning, true),
        LMR_SWITCH(see_pruning, true), LMR_SWITCH(qsearch_see_pruning, true),
        LMR_SWITCH(check_extension, true), LMR_SWITCH(aspiration_windows, true),
        LMR_SWITCH(mate_distance_pruning, true), LMR_SWITCH(internal_iterative_reduction, true),
        LMR_SWITCH(singular_extension, false), LMR_SWITCH(probcut, true),
        LMR_SWITCH(qsearch_delta_pruning, true), LMR_SWITCH(correction_history, true)),
    [](const ::testing::TestParamInfo<SwitchCase>& info) { return std::string(info.param.name); });
// clang-format on
#undef LMR_SWITCH

TEST(SingularExtension, FiresOnlyWhenSwitchedOn) {
    reduction::LmrConfig config = reduction::default_config();
    config.search.singular_extension = true;
    const TreeResult on = search_with(config, kMiddlegame, 12);
    EXPECT_GT(on.stats.singular_extensions, 0u);
    config.search.singular_extension = false;
    const TreeResult off = search_with(config, kMiddlegame, 12);
    EXPECT_EQ(off.stats.singular_extensions, 0u);
}

}  // namespace
}  // namespace lmr::search
