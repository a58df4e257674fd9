// The policy's gates, clamps, rounding and statistics, on hand-built move contexts.
#include <gtest/gtest.h>

#include <sstream>

#include "engine/lmr/policy.hpp"
#include "test_util.hpp"

namespace lmr::reduction {
namespace {

using test::quiet_move;

// Every late move gets R = 30 (three plies at scale 10, P = 100) unless a gate says otherwise.
LmrConfig three_ply_config() {
    LmrConfig c;
    c.lmr.min_depth = 1;
    c.lmr.full_depth_moves = 0;
    c.lmr.percentage = 100;
    c.lmr.terms.constant = {true, 30};
    return c;
}

int reduce(const LmrConfig& c, const MoveContext& ctx, LmrStats* stats = nullptr) {
    return LmrPolicy(c).reduction(ctx, stats);
}

struct GateCase {
    const char* name;
    bool Gates::*gate;
    void (*apply)(MoveContext&);  // makes the gate's condition true
    int expected;                 // plies with the gate on and its condition true
    Rule rule;
};

const GateCase kGateCases[] = {
    {"tt_move", &Gates::tt_move, [](MoveContext& m) { m.is_tt_move = true; }, 0, Rule::kGateTtMove},
    {"in_check", &Gates::in_check, [](MoveContext& m) { m.in_check = true; }, 0,
     Rule::kGateInCheck},
    {"queen_promotion", &Gates::queen_promotion,
     [](MoveContext& m) { m.is_promotion = m.is_queen_promotion = true; }, 0,
     Rule::kGateQueenPromotion},
    {"promotion", &Gates::promotion, [](MoveContext& m) { m.is_promotion = true; }, 0,
     Rule::kGatePromotion},
    {"advanced_pawn", &Gates::advanced_pawn, [](MoveContext& m) { m.pawn_to_advanced_rank = true; },
     0, Rule::kGateAdvancedPawn},
    {"good_capture", &Gates::good_capture, [](MoveContext& m) { m.is_capture = m.see_ge0 = true; },
     0, Rule::kGateGoodCapture},
    {"captures", &Gates::captures,
     [](MoveContext& m) {
         m.is_capture = true;
         m.see_ge0 = false;
     },
     0, Rule::kGateCaptures},
    {"bad_capture_one_ply", &Gates::bad_capture_one_ply,
     [](MoveContext& m) {
         m.is_capture = true;
         m.see_ge0 = false;
     },
     1, Rule::kGateBadCaptureOnePly},
    {"gives_check", &Gates::gives_check, [](MoveContext& m) { m.gives_check = true; }, 0,
     Rule::kGateGivesCheck},
    {"check_good_no_reduction", &Gates::check_good_no_reduction,
     [](MoveContext& m) { m.gives_check = m.see_ge0 = true; }, 0, Rule::kGateCheckGoodNoReduction},
    {"check_bad_one_ply", &Gates::check_bad_one_ply,
     [](MoveContext& m) {
         m.gives_check = true;
         m.see_ge0 = false;
     },
     1, Rule::kGateCheckBadOnePly},
    {"killers(1)", &Gates::killers, [](MoveContext& m) { m.is_killer1 = true; }, 0,
     Rule::kGateKillers},
    {"killers(2)", &Gates::killers, [](MoveContext& m) { m.is_killer2 = true; }, 0,
     Rule::kGateKillers},
    {"root_best", &Gates::root_best, [](MoveContext& m) { m.is_root = m.root_best = true; }, 0,
     Rule::kGateRootBest},
    {"root_reduce_once", &Gates::root_reduce_once, [](MoveContext& m) { m.is_root = true; }, 1,
     Rule::kRootReduceOnce},
};

TEST(Gates, EachGateActsOnlyWhenOnAndItsConditionHolds) {
    for (const GateCase& g : kGateCases) {
        SCOPED_TRACE(g.name);
        LmrConfig off = three_ply_config();
        LmrConfig on = off;
        on.lmr.gates.*g.gate = true;
        MoveContext hit = quiet_move(10, 10);
        g.apply(hit);
        const MoveContext miss = quiet_move(10, 10);

        EXPECT_EQ(reduce(off, hit), 3);  // gate off: the condition changes nothing
        EXPECT_EQ(reduce(on, miss), 3);  // gate on, condition false
        LmrStats stats;
        EXPECT_EQ(reduce(on, hit, &stats), g.expected);
        EXPECT_EQ(stats.count(g.rule), 1u);
        EXPECT_EQ(stats.reductions_of(g.expected), 1u);
    }
}

TEST(Gates, GoodAndBadAreDistinguishedBySee) {
    LmrConfig c = three_ply_config();
    c.lmr.gates.good_capture = true;
    c.lmr.gates.check_good_no_reduction = true;
    MoveContext bad_capture = quiet_move(10, 10);
    bad_capture.is_capture = true;
    bad_capture.see_ge0 = false;
    EXPECT_EQ(reduce(c, bad_capture), 3);  // only the good ones are exempt
    MoveContext bad_check = quiet_move(10, 10);
    bad_check.gives_check = true;
    bad_check.see_ge0 = false;
    EXPECT_EQ(reduce(c, bad_check), 3);
}

TEST(Gates, NoLmrGatesWinOverOnePlyGates) {
    LmrConfig c = three_ply_config();
    c.lmr.gates.captures = true;
    c.lmr.gates.bad_capture_one_ply = true;
    MoveContext m = quiet_move(10, 10);
    m.is_capture = true;
    m.see_ge0 = false;
    EXPECT_EQ(reduce(c, m), 0);
}

TEST(Eligibility, MinDepthFullDepthMovesAndDisabled) {
    LmrConfig c = three_ply_config();
    c.lmr.min_depth = 3;
    c.lmr.full_depth_moves = 3;
    LmrStats stats;
    EXPECT_EQ(reduce(c, quiet_move(2, 10), &stats), 0);
    EXPECT_EQ(reduce(c, quiet_move(3, 3), &stats), 0);
    EXPECT_EQ(reduce(c, quiet_move(4, 4), &stats), 3);
    EXPECT_EQ(stats.count(Rule::kMinDepth), 1u);
    EXPECT_EQ(stats.count(Rule::kFullDepthMoves), 1u);
    c.lmr.enabled = false;
    EXPECT_EQ(reduce(c, quiet_move(20, 30)), 0);
    EXPECT_FALSE(LmrPolicy(c).needs(kInputNewThreat) || LmrPolicy(c).needs(kInputThreatEscape));
}

TEST(Final, ClampsToDepthMinusOneAndMinChildDepth) {
    LmrConfig c = three_ply_config();
    EXPECT_EQ(reduce(c, quiet_move(3, 10)), 2);  // depth - 1 - R >= 0
    EXPECT_EQ(reduce(c, quiet_move(1, 10)), 0);
    c.lmr.min_child_depth = 1;
    EXPECT_EQ(reduce(c, quiet_move(3, 10)), 1);
    c.lmr.max_reduction = 2;
    EXPECT_EQ(reduce(c, quiet_move(20, 10)), 2);
}

TEST(Final, PercentageAndScaleWithTruncationAndNearest) {
    LmrConfig c = three_ply_config();
    c.lmr.terms.constant.weight = 35;  // 3.5 plies
    c.lmr.percentage = 50;             // 1.75 plies
    EXPECT_EQ(reduce(c, quiet_move(20, 10)), 1);
    c.lmr.rounding = Rounding::kNearest;
    EXPECT_EQ(reduce(c, quiet_move(20, 10)), 2);
    c.lmr.scale = 100;  // 35 units = 0.35 ply; *50% = 0.175 ply
    EXPECT_EQ(reduce(c, quiet_move(20, 10)), 0);
    c.lmr.terms.constant.weight = 350;  // 1.75 plies
    EXPECT_EQ(reduce(c, quiet_move(20, 10)), 2);
}

TEST(Final, NegativeRIsIgnoredUnlessExtensionsAreAllowed) {
    LmrConfig c = three_ply_config();
    c.lmr.terms.constant.weight = -30;
    MoveContext m = quiet_move(10, 10);
    m.root_iteration = 12;  // ply 3 < 2 * 12: inside the extension ply limit
    EXPECT_EQ(reduce(c, m), 0);
    c.lmr.allow_extension = true;
    c.lmr.max_extension = 2;
    EXPECT_EQ(reduce(c, m), -2);
    c.lmr.percentage = 50;  // -1.5 truncated toward zero
    EXPECT_EQ(reduce(c, m), -1);
}

TEST(Final, ExtensionsStopAtThePlyLimit) {
    LmrConfig c = three_ply_config();
    c.lmr.terms.constant.weight = -10;
    c.lmr.allow_extension = true;
    MoveContext m = quiet_move(10, 10);
    m.root_iteration = 5;
    m.ply = 9;  // 9 < 2 * 5
    EXPECT_EQ(reduce(c, m), -1);
    m.ply = 10;  // the check extension's limit: ply < 2 * iteration
    LmrStats stats;
    EXPECT_EQ(reduce(c, m, &stats), 0);
    EXPECT_EQ(stats.count(Rule::kClampExtensionPly), 1u);
    EXPECT_EQ(stats.changes(Rule::kClampExtensionPly), 1u);
    c.lmr.extension_ply_factor = 0;  // never
    m.ply = 1;
    EXPECT_EQ(reduce(c, m), 0);
}

TEST(Stats, ChangedCountsTheRulesThatDecided) {
    LmrConfig c = three_ply_config();  // constant +30 at scale 10, P 100: three plies
    c.lmr.steps.killer = {true, 10};
    c.lmr.steps.pst_gain = {true, 10, 20};
    MoveContext m = quiet_move(10, 10);
    m.is_killer1 = true;  // 30 - 10 = 2 plies
    LmrStats stats;
    EXPECT_EQ(reduce(c, m, &stats), 2);
    EXPECT_EQ(stats.count(Rule::kStepKiller), 1u);
    EXPECT_EQ(stats.changes(Rule::kStepKiller), 1u);  // without it: 3
    EXPECT_EQ(stats.changes(Rule::kTermConstant), 1u);
    EXPECT_EQ(stats.count(Rule::kStepPstGain), 0u);
    m = quiet_move(3, 10);  // clamp.depth: at most depth - 1 = 2
    stats.reset();
    EXPECT_EQ(reduce(c, m, &stats), 2);
    EXPECT_EQ(stats.changes(Rule::kClampDepth), 1u);
    m.is_killer1 = true;  // 2 either way: the killer fired but did not decide
    stats.reset();
    EXPECT_EQ(reduce(c, m, &stats), 2);
    EXPECT_EQ(stats.count(Rule::kStepKiller), 1u);
    EXPECT_EQ(stats.changes(Rule::kStepKiller), 0u);
    c.lmr.gates.killers = true;  // a gate decides: 0 instead of 2
    stats.reset();
    EXPECT_EQ(reduce(c, m, &stats), 0);
    EXPECT_EQ(stats.changes(Rule::kGateKillers), 1u);
}

TEST(Gates, OnePlyGatesTakeTheirWeight) {
    LmrConfig c = three_ply_config();
    c.lmr.gates.bad_capture_one_ply = true;
    c.lmr.gates.check_bad_one_ply = true;
    MoveContext m = quiet_move(10, 10);
    m.is_capture = true;
    m.see_ge0 = false;
    EXPECT_EQ(reduce(c, m), 1);  // default weight 10 at scale 10
    c.lmr.gates.bad_capture_weight = 20;
    EXPECT_EQ(reduce(c, m), 2);
    c.lmr.gates.bad_capture_weight = 0;
    EXPECT_EQ(reduce(c, m), 0);
    m.is_capture = false;
    m.gives_check = true;
    c.lmr.gates.check_bad_weight = 30;
    EXPECT_EQ(reduce(c, m), 3);
}

TEST(Eligibility, ThePolicyDecidesMinDepthAndFullDepthMoves) {
    LmrConfig c = three_ply_config();
    c.lmr.min_depth = 1;
    c.lmr.full_depth_moves = 0;
    const LmrPolicy policy(c);
    LmrStats stats;
    EXPECT_TRUE(policy.eligible(1, 1, &stats));  // even the first move at depth 1
    c.lmr.min_depth = 4;
    c.lmr.full_depth_moves = 2;
    const LmrPolicy stricter(c);
    EXPECT_FALSE(stricter.eligible(3, 5, &stats));
    EXPECT_FALSE(stricter.eligible(4, 2, &stats));
    EXPECT_TRUE(stricter.eligible(4, 3, &stats));
    EXPECT_EQ(stats.count(Rule::kMinDepth), 1u);
    EXPECT_EQ(stats.count(Rule::kFullDepthMoves), 1u);
    EXPECT_EQ(stats.calls, 2u);  // the refused moves count as searched at full depth
}

TEST(Final, PvScaleIsAppliedAtPvNodesOnly) {
    LmrConfig c = three_ply_config();
    c.lmr.terms.pv_scale.enabled = true;
    MoveContext pv = quiet_move(10, 10);
    pv.is_pv = true;
    EXPECT_EQ(reduce(c, quiet_move(10, 10)), 3);
    EXPECT_EQ(reduce(c, pv), 2);  // 3 * 2 / 3
    c.lmr.terms.constant.weight = 20;
    EXPECT_EQ(reduce(c, pv), 1);  // 2 * 2 / 3 = 1 (integer)
}

TEST(Terms, CutNodeAndTtCaptureAddTheirWeightOnlyWhenTheirConditionHolds) {
    LmrConfig c = three_ply_config();
    c.lmr.terms.cut_node = {true, 20};
    c.lmr.terms.tt_capture = {true, 10};
    MoveContext m = quiet_move(10, 10);
    EXPECT_EQ(reduce(c, m), 3);
    m.cut_node = true;
    EXPECT_EQ(reduce(c, m), 5);
    m.tt_move_is_capture = true;
    LmrStats stats;
    EXPECT_EQ(reduce(c, m, &stats), 6);
    EXPECT_EQ(stats.contributed(Rule::kTermCutNode), 20);
    EXPECT_EQ(stats.contributed(Rule::kTermTtCapture), 10);
    // A capture is not a quiet alternative to the TT capture: no extra ply for it.
    m.is_capture = true;
    EXPECT_EQ(reduce(c, m), 5);
    c.lmr.terms.cut_node.enabled = false;
    EXPECT_EQ(reduce(c, m), 3);
}

TEST(Stats, CountsFiredRulesUnitsAndSizes) {
    LmrConfig c = three_ply_config();
    c.lmr.terms.constant.weight = 10;
    c.lmr.steps.killer = {true, 10};
    c.lmr.steps.eval_drop = {true, 10, 50};
    LmrStats stats;
    MoveContext m = quiet_move(10, 10);
    m.eval_change = -60;
    EXPECT_EQ(reduce(c, m, &stats), 2);
    m.is_killer1 = true;
    EXPECT_EQ(reduce(c, m, &stats), 1);
    EXPECT_EQ(stats.calls, 2u);
    EXPECT_EQ(stats.count(Rule::kTermConstant), 2u);
    EXPECT_EQ(stats.contributed(Rule::kTermConstant), 20);
    EXPECT_EQ(stats.count(Rule::kStepEvalDrop), 2u);
    EXPECT_EQ(stats.count(Rule::kStepKiller), 1u);
    EXPECT_EQ(stats.contributed(Rule::kStepKiller), -10);
    EXPECT_EQ(stats.reductions_of(2), 1u);
    EXPECT_EQ(stats.reductions_of(1), 1u);
    EXPECT_EQ(stats.reduced(), 2u);

    LmrStats sum;
    sum.add(stats);
    sum.add(stats);
    EXPECT_EQ(sum.count(Rule::kTermConstant), 4u);
    std::ostringstream out;
    print_stats(sum, out, 10, "info string ");
    const std::string text = out.str();
    EXPECT_NE(text.find("info string LMR moves 4, reduced 4"), std::string::npos) << text;
    EXPECT_NE(text.find("steps.killer"), std::string::npos) << text;
    EXPECT_NE(text.find("terms.constant"), std::string::npos) << text;
    EXPECT_EQ(text.find("steps.history"), std::string::npos) << text;  // never fired
    EXPECT_NE(text.find("reductions by plies 1:2  2:2"), std::string::npos) << text;
}

TEST(Needs, FeaturesAreRequestedOnlyWhenAStepReadsThem) {
    const LmrPolicy expert(test::load_preset("rebel-expert"));
    EXPECT_TRUE(expert.needs(kInputEvalDeltas));
    EXPECT_TRUE(expert.needs(kInputNewThreat));
    EXPECT_TRUE(expert.needs(kInputThreatEscape));
    EXPECT_FALSE(expert.needs(kInputOrderingScore));
    const LmrPolicy ed2(test::load_preset("rebel-ed2-ordering"));
    EXPECT_TRUE(ed2.needs(kInputOrderingScore));
    EXPECT_FALSE(ed2.needs(kInputEvalDeltas));
    EXPECT_FALSE(ed2.needs(kInputNewThreat) || ed2.needs(kInputThreatEscape));
    // Each threat step's inputs are asked for by that step alone: a board scan per move each.
    LmrConfig escape_only = test::load_preset("rebel-expert");
    escape_only.lmr.steps.new_threat.enabled = false;
    EXPECT_FALSE(LmrPolicy(escape_only).needs(kInputNewThreat));
    EXPECT_TRUE(LmrPolicy(escape_only).needs(kInputThreatEscape));
    LmrConfig new_threat_only = test::load_preset("rebel-expert");
    new_threat_only.lmr.steps.threat_escape.enabled = false;
    EXPECT_TRUE(LmrPolicy(new_threat_only).needs(kInputNewThreat));
    EXPECT_FALSE(LmrPolicy(new_threat_only).needs(kInputThreatEscape));
    const LmrPolicy textbook(test::load_preset("textbook-log"));
    EXPECT_EQ(textbook.research(), ResearchPolicy::kThreeStage);
    // Seed 002: "Continue with PVS search" after the reduced search beats alpha.
    EXPECT_EQ(LmrPolicy(test::load_preset("mediocre")).research(), ResearchPolicy::kThreeStage);
}

}  // namespace
}  // namespace lmr::reduction
