// The LMR steps at work inside real searches: every one of REBEL's twelve steps must fire in
// ordinary middlegame positions when the rebel-expert preset is played, and every preset must
// give a deterministic node count. A step whose move feature is not wired into the search
// (e.g. a delta that is always 0) never fires and fails here.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "engine/chess/notation.hpp"
#include "engine/chess/position.hpp"
#include "engine/lmr/config.hpp"
#include "engine/lmr/stats.hpp"
#include "engine/search/search.hpp"

namespace lmr::search {
namespace {

const std::filesystem::path kConfigs = LMR_CONFIG_DIR;

// Varied middlegames: open tactics (Kiwipete), a quiet Italian, a passed-pawn race, an attack
// on a castled king.
const std::vector<std::string> kPositions = {
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "8/3k1p2/1p2p1p1/pP1pP1P1/P2P1K2/8/8/8 w - - 0 1",
    "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP2BPPP/R2QKB1R w KQ - 0 8",
    "2r2rk1/pp1bqpp1/2n1p2p/3pP3/3P1P2/2PB1N2/P2Q2PP/R4RK1 w - - 0 18",
};

reduction::LmrStats searched_stats(const reduction::LmrConfig& config, int depth) {
    reduction::LmrStats total;
    for (const auto& fen : kPositions) {
        Searcher searcher;
        searcher.set_config(config);
        Limits limits;
        limits.depth = depth;
        auto pos = chess::Position::from_fen(fen);
        EXPECT_TRUE(pos.has_value()) << fen;
        searcher.search(*pos, limits);
        total.add(searcher.lmr_stats());
    }
    return total;
}

TEST(LmrStepsInSearch, EveryRebelExpertStepFires) {
    const auto config = reduction::load_config(kConfigs / "rebel-expert.json");
    const auto stats = searched_stats(config, 9);
    using reduction::Rule;
    const std::pair<Rule, const char*> steps[] = {
        {Rule::kStepTable, "1 table"},
        {Rule::kStepHistory, "2 history"},
        {Rule::kStepEvalMargin, "3 eval_margin"},
        {Rule::kStepPositional, "4 positional"},
        {Rule::kStepNewThreat, "5 new_threat"},
        {Rule::kStepThreatEscape, "6 threat_escape"},
        {Rule::kStepPassedPawnGain, "7 passed_pawn_gain"},
        {Rule::kStepKingSafetyGain, "8 king_safety_gain"},
        {Rule::kStepEvalRise, "9 eval_rise"},
        {Rule::kStepEvalDrop, "10 eval_drop"},
        {Rule::kStepKiller, "11 killer"},
        {Rule::kStepPstGain, "12 pst_gain"},
    };
    ASSERT_GT(stats.calls, 0u);
    for (const auto& [rule, name] : steps)
        EXPECT_GT(stats.count(rule), 0u)
            << "step " << name << " never fired in " << stats.calls << " late moves";
}

TEST(LmrStepsInSearch, NoLmrConfigNeverReduces) {
    const auto config = reduction::load_config(kConfigs / "none.json");
    const auto stats = searched_stats(config, 7);
    for (int plies = 1; plies <= 8; ++plies) EXPECT_EQ(stats.reductions_of(plies), 0u) << plies;
}

TEST(LmrStepsInSearch, EveryPresetIsDeterministic) {
    for (const auto& entry : std::filesystem::directory_iterator(kConfigs)) {
        if (entry.path().extension() != ".json" || entry.path().filename() == "schema.json")
            continue;
        const auto config = reduction::load_config(entry.path());
        std::uint64_t nodes[2] = {};
        for (auto& n : nodes) {
            Searcher searcher;
            searcher.set_config(config);
            Limits limits;
            limits.depth = 8;
            n = searcher.search(*chess::Position::from_fen(kPositions[0]), limits).nodes;
        }
        EXPECT_EQ(nodes[0], nodes[1]) << entry.path().filename();
        EXPECT_GT(nodes[0], 0u);
    }
}

// The policy, not the search, decides which moves are eligible: with full_depth_moves 0 and
// min_depth 1 the first move of a node is reduced too (it was never offered to the policy).
TEST(LmrStepsInSearch, ThePolicyMayReduceTheFirstMoveAndAtDepthOne) {
    reduction::LmrConfig config;
    config.lmr.min_depth = 1;
    config.lmr.full_depth_moves = 0;
    config.lmr.percentage = 100;
    config.lmr.terms.constant = {true, 10};
    reduction::LmrConfig one_move_kept = config;
    one_move_kept.lmr.full_depth_moves = 1;
    const auto stats = searched_stats(config, 7);
    const auto kept = searched_stats(one_move_kept, 7);
    EXPECT_EQ(stats.count(reduction::Rule::kFullDepthMoves), 0u);
    EXPECT_EQ(stats.count(reduction::Rule::kMinDepth), 0u);
    EXPECT_GT(kept.count(reduction::Rule::kFullDepthMoves), 0u);
    // Every node's first move is one more move the policy reduced.
    EXPECT_GT(stats.reduced(), kept.reduced());
    // The back-rank mate is still found with every first move reduced (and searched again).
    Searcher searcher;
    searcher.set_config(config);
    Limits limits;
    limits.depth = 6;
    const auto mate = chess::Position::from_fen("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1");
    ASSERT_TRUE(mate.has_value());
    EXPECT_EQ(chess::to_uci(searcher.search(*mate, limits).best_move), "d1d8");
}

}  // namespace
}  // namespace lmr::search
