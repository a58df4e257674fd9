// When each LMR rule fires: one case per rule of the table in rules.cpp. Included by the
// policy alone (the hot path: one call per rule a config switches on, per late move).
#pragma once

#include <algorithm>
#include <cstdint>

#include "engine/lmr/config.hpp"
#include "engine/lmr/move_context.hpp"
#include "engine/lmr/rules.hpp"

namespace lmr::reduction {

// What a rule reads when it decides: the config, the move, and step 1's table value for the
// move (weight applied; the policy keeps the table).
struct RuleArgs {
    const LmrParams& params;
    const MoveContext& move;
    int table_units = 0;
};

namespace detail {

inline int history_of(const MoveContext& c, HistorySource source) {
    switch (source) {
        case HistorySource::kRebel:
            return c.rebel_history;
        case HistorySource::kButterfly:
            return c.butterfly_history;
        case HistorySource::kEngine:
            break;
    }
    return c.history;
}

// A rule that adds `value` when `condition` holds.
inline bool adds(bool condition, std::int64_t value, std::int64_t& units) {
    units = value;
    return condition;
}

}  // namespace detail

// Whether the rule fires for the move, and the units it contributes (steps and terms: to R;
// one-ply gates: their fixed reduction); false for the scaling and the clamps, which the
// policy applies to the sum itself. Inline, so that the policy's walk over the rules, unrolled
// at compile time, keeps only the cases of the rules a config can switch on.
[[gnu::always_inline]] inline bool rule_fires(Rule rule, const RuleArgs& args,
                                              std::int64_t& units) {
    using detail::adds;
    using detail::history_of;
    const LmrParams& p = args.params;
    const Gates& g = p.gates;
    const Steps& s = p.steps;
    const Terms& t = p.terms;
    const MoveContext& c = args.move;
    switch (rule) {
        case Rule::kDisabled:
            return !p.enabled;
        case Rule::kMinDepth:
            return c.depth < p.min_depth;
        case Rule::kFullDepthMoves:
            return c.move_number <= p.full_depth_moves;
        case Rule::kGateRootBest:
            return c.root_best;
        case Rule::kGateTtMove:
            return c.is_tt_move;
        case Rule::kGateInCheck:
            return c.in_check;
        case Rule::kGateQueenPromotion:
            return c.is_queen_promotion;
        case Rule::kGatePromotion:
            return c.is_promotion;
        case Rule::kGateAdvancedPawn:
            return c.pawn_to_advanced_rank;
        case Rule::kGateGoodCapture:
            return c.is_capture && c.see_ge0;
        case Rule::kGateCaptures:
            return c.is_capture;
        case Rule::kGateGivesCheck:
            return c.gives_check;
        case Rule::kGateCheckGoodNoReduction:
            return c.gives_check && c.see_ge0;
        case Rule::kGateKillers:
            return c.is_killer1 || c.is_killer2;
        case Rule::kGateOrderingScore:
            return c.ordering_score >= t.ordering_score.no_lmr_min_score;
        case Rule::kGateBadCaptureOnePly:
            return adds(c.is_capture && !c.see_ge0, g.bad_capture_weight, units);
        case Rule::kGateCheckBadOnePly:
            return adds(c.gives_check && !c.see_ge0, g.check_bad_weight, units);
        case Rule::kStepTable:
            return adds(args.table_units != 0, args.table_units, units);
        case Rule::kStepHistory: {
            const int value = history_of(c, s.history.source);
            int signal = 0;
            for (int threshold : s.history.less_above) signal -= value > threshold;
            for (int threshold : s.history.more_below) signal += value < threshold;
            return adds(signal != 0, std::int64_t{s.history.weight} * signal, units);
        }
        case Rule::kStepEvalMargin:
            return adds(c.static_eval > c.alpha + s.eval_margin.margin, -s.eval_margin.weight,
                        units);
        case Rule::kStepPositional:
            return adds(c.eval_minus_material > s.positional.margin, -s.positional.weight, units);
        case Rule::kStepNewThreat:
            return adds(c.creates_threat, -s.new_threat.weight, units);
        case Rule::kStepThreatEscape:
            return adds(c.escapes_threat, -s.threat_escape.weight, units);
        case Rule::kStepPassedPawnGain:
            return adds(c.passed_pawn_delta >= s.passed_pawn_gain.margin,
                        -s.passed_pawn_gain.weight, units);
        case Rule::kStepKingSafetyGain:
            return adds(c.king_safety_delta >= s.king_safety_gain.margin,
                        -s.king_safety_gain.weight, units);
        case Rule::kStepEvalRise:
            return adds(c.eval_change >= s.eval_rise.margin, -s.eval_rise.weight, units);
        case Rule::kStepEvalDrop:
            return adds(-c.eval_change >= s.eval_drop.margin, s.eval_drop.weight, units);
        case Rule::kStepKiller:
            return adds(c.is_killer1 || c.is_killer2, -s.killer.weight, units);
        case Rule::kStepPstGain:
            return adds(c.pst_delta >= s.pst_gain.margin, -s.pst_gain.weight, units);
        case Rule::kTermConstant:
            return adds(true, t.constant.weight, units);
        case Rule::kTermNonPvNode:
            return adds(!c.is_pv, t.non_pv_node.weight, units);
        case Rule::kTermCutNode:
            return adds(c.cut_node, t.cut_node.weight, units);
        case Rule::kTermTtCapture:
            return adds(c.tt_move_is_capture && !c.is_capture, t.tt_capture.weight, units);
        case Rule::kTermImproving:
            return adds(c.improving, -t.improving.weight, units);
        case Rule::kTermNotImproving:
            return adds(!c.improving, t.not_improving.weight, units);
        case Rule::kTermGivesCheck:
            return adds(c.gives_check, -t.gives_check.weight, units);
        case Rule::kTermHistoryDivisor: {
            const HistoryDivisorTerm& h = t.history_divisor;
            const int value = history_of(c, h.source);
            // C/C++ integer division truncates toward zero, as `reduction -= hist / 5000`.
            const std::int64_t contributed = h.integer_signal
                                                 ? -std::int64_t{h.weight} * (value / h.divisor)
                                                 : -(std::int64_t{h.weight} * value) / h.divisor;
            return adds(contributed != 0, contributed, units);
        }
        case Rule::kTermOrderingDouble:
        case Rule::kTermOrderingTriple: {
            const OrderingScoreTerm& o = t.ordering_score;
            const int index = std::clamp(c.depth, 0, o.no_double_min_score.count - 1);
            const bool doubled = c.ordering_score < o.no_double_min_score.values[index];
            // Only a doubly reduced move is reduced three times.
            return adds(rule == Rule::kTermOrderingDouble
                            ? doubled
                            : doubled && c.ordering_score < o.triple_below,
                        o.weight, units);
        }
        case Rule::kTermPvScale:
        case Rule::kRootReduceOnce:
        case Rule::kClampMaxReduction:
        case Rule::kClampDepth:
        case Rule::kClampExtension:
        case Rule::kClampExtensionPly:
        case Rule::kCount:
            break;  // the scaling and the clamps act on the sum: LmrPolicy::finish
    }
    return false;
}

}  // namespace lmr::reduction
