// The reduction of one late move. Order of evaluation (docs/configs.md, "The model"):
//   1. eligibility: lmr.enabled, min_depth, full_depth_moves
//   2. gates that forbid LMR, then gates that reduce exactly one ply
//   3. R = sum of weight * signal over the enabled steps and terms (1/scale ply)
//   4. PV scaling, then plies = R * P / (100 * scale) if R > 0 (or < 0 with allow_extension)
//   5. root once, max_reduction, depth - 1 - min_child_depth, max_extension
#include "engine/lmr/policy.hpp"

#include <algorithm>
#include <cmath>

namespace lmr::lmr {
namespace {

// a / b with the configured rounding; b > 0.
std::int64_t divide(std::int64_t a, std::int64_t b, Rounding rounding) {
    if (rounding == Rounding::kTruncate) return a / b;  // C++: toward zero, like REBEL's C
    const std::int64_t half = b / 2;
    return a >= 0 ? (a + half) / b : -((-a + half) / b);
}

}  // namespace

LmrPolicy::LmrPolicy(const LmrConfig& config) : config_(config) {
    const LmrParams& p = config_.lmr;
    const TableStep& t = p.steps.table;
    for (int d = 0; d < 64; ++d) {
        for (int m = 0; m < 64; ++m) {
            double plies = 0.0;
            if (t.mode == TableMode::kLog) {
                if (d > 0 && m > 0)
                    plies = t.base_x100 / 100.0 +
                            std::log(double(d)) * std::log(double(m)) / (t.divisor_x100 / 100.0);
            } else if (!t.explicit_table.empty()) {
                const auto& row =
                    t.explicit_table[std::min<std::size_t>(d, t.explicit_table.size() - 1)];
                plies = row.empty() ? 0 : row[std::min<std::size_t>(m, row.size() - 1)];
            }
            // The textbook's (int) cast truncates toward zero; keep that exactly.
            if (t.integer_plies) plies = std::trunc(plies);
            table_[d][m] = static_cast<int>(std::trunc(plies * t.weight));
        }
    }
    const Steps& s = p.steps;
    needs_eval_deltas_ = p.enabled && (s.positional.enabled || s.passed_pawn_gain.enabled ||
                                       s.king_safety_gain.enabled || s.eval_rise.enabled ||
                                       s.eval_drop.enabled || s.pst_gain.enabled);
    needs_threats_ = p.enabled && (s.new_threat.enabled || s.threat_escape.enabled);
    needs_ordering_ = p.enabled && p.terms.ordering_score.enabled;
    needs_rebel_history_ =
        p.enabled && s.history.enabled && s.history.source == HistorySource::kRebel;
}

int LmrPolicy::table_units(int depth, int move_number) const {
    return table_[std::clamp(depth, 0, 63)][std::clamp(move_number, 0, 63)];
}

// The first rule that forbids LMR for this move, or Rule::kCount when none does.
Rule LmrPolicy::blocking_rule(const MoveContext& ctx) const {
    const LmrParams& p = config_.lmr;
    const Gates& g = p.gates;
    if (!p.enabled) return Rule::kDisabled;
    if (ctx.depth < p.min_depth) return Rule::kMinDepth;
    if (ctx.move_number <= p.full_depth_moves) return Rule::kFullDepthMoves;
    if (g.root_best_from_iter8 && ctx.root_best_from_iter8) return Rule::kGateRootBestFromIter8;
    if (g.tt_move && ctx.is_tt_move) return Rule::kGateTtMove;
    if (g.in_check && ctx.in_check) return Rule::kGateInCheck;
    if (g.queen_promotion && ctx.is_queen_promotion) return Rule::kGateQueenPromotion;
    if (g.promotion && ctx.is_promotion) return Rule::kGatePromotion;
    if (g.advanced_pawn && ctx.pawn_to_advanced_rank) return Rule::kGateAdvancedPawn;
    if (g.good_capture && ctx.is_capture && ctx.see_ge0) return Rule::kGateGoodCapture;
    if (g.captures && ctx.is_capture) return Rule::kGateCaptures;
    if (g.gives_check && ctx.gives_check) return Rule::kGateGivesCheck;
    if (g.check_good_no_reduction && ctx.gives_check && ctx.see_ge0)
        return Rule::kGateCheckGoodNoReduction;
    if (g.killers && (ctx.is_killer1 || ctx.is_killer2)) return Rule::kGateKillers;
    if (p.terms.ordering_score.enabled &&
        ctx.ordering_score >= p.terms.ordering_score.no_lmr_min_score)
        return Rule::kGateOrderingScore;
    return Rule::kCount;
}

int LmrPolicy::reduction(const MoveContext& ctx, LmrStats* stats) const {
    const Gates& g = config_.lmr.gates;
    int result = 0;
    if (const Rule blocked = blocking_rule(ctx); blocked != Rule::kCount) {
        if (stats) stats->record(blocked);
    } else if (g.bad_capture_one_ply && ctx.is_capture && !ctx.see_ge0) {
        if (stats) stats->record(Rule::kGateBadCaptureOnePly);
        result = one_ply(ctx, stats);
    } else if (g.check_bad_one_ply && ctx.gives_check && !ctx.see_ge0) {
        if (stats) stats->record(Rule::kGateCheckBadOnePly);
        result = one_ply(ctx, stats);
    } else {
        result = finish(accumulate(ctx, stats), ctx, stats);
    }
    if (stats) stats->record_result(result);
    return result;
}

std::int64_t LmrPolicy::accumulate(const MoveContext& c, LmrStats* stats) const {
    const Steps& s = config_.lmr.steps;
    const Terms& t = config_.lmr.terms;
    std::int64_t r = 0;
    auto add = [&](Rule rule, std::int64_t units) {
        r += units;
        if (stats) stats->record(rule, units);
    };

    if (s.table.enabled) {
        const int units = table_units(c.depth, c.move_number);
        if (units != 0) add(Rule::kStepTable, units);
    }
    if (s.history.enabled) {
        const int value = s.history.source == HistorySource::kRebel ? c.rebel_history : c.history;
        int signal = 0;
        for (int threshold : s.history.less_above) signal -= value > threshold;
        for (int threshold : s.history.more_below) signal += value < threshold;
        if (signal != 0) add(Rule::kStepHistory, std::int64_t{s.history.weight} * signal);
    }
    if (s.eval_margin.enabled && c.static_eval > c.alpha + s.eval_margin.margin)
        add(Rule::kStepEvalMargin, -s.eval_margin.weight);
    if (s.positional.enabled && c.eval_minus_material > s.positional.margin)
        add(Rule::kStepPositional, -s.positional.weight);
    if (s.new_threat.enabled && c.creates_threat) add(Rule::kStepNewThreat, -s.new_threat.weight);
    if (s.threat_escape.enabled && c.escapes_threat)
        add(Rule::kStepThreatEscape, -s.threat_escape.weight);
    if (s.passed_pawn_gain.enabled && c.passed_pawn_delta >= s.passed_pawn_gain.margin)
        add(Rule::kStepPassedPawnGain, -s.passed_pawn_gain.weight);
    if (s.king_safety_gain.enabled && c.king_safety_delta >= s.king_safety_gain.margin)
        add(Rule::kStepKingSafetyGain, -s.king_safety_gain.weight);
    if (s.eval_rise.enabled && c.eval_delta >= s.eval_rise.margin)
        add(Rule::kStepEvalRise, -s.eval_rise.weight);
    if (s.eval_drop.enabled && -c.eval_delta >= s.eval_drop.margin)
        add(Rule::kStepEvalDrop, s.eval_drop.weight);
    if (s.killer.enabled && (c.is_killer1 || c.is_killer2))
        add(Rule::kStepKiller, -s.killer.weight);
    if (s.pst_gain.enabled && c.pst_delta >= s.pst_gain.margin)
        add(Rule::kStepPstGain, -s.pst_gain.weight);

    if (t.constant.enabled) add(Rule::kTermConstant, t.constant.weight);
    if (t.non_pv_node.enabled && !c.is_pv) add(Rule::kTermNonPvNode, t.non_pv_node.weight);
    if (t.cut_node.enabled && c.cut_node) add(Rule::kTermCutNode, t.cut_node.weight);
    if (t.tt_capture.enabled && c.tt_move_is_capture && !c.is_capture)
        add(Rule::kTermTtCapture, t.tt_capture.weight);
    if (t.improving.enabled && c.improving) add(Rule::kTermImproving, -t.improving.weight);
    if (t.not_improving.enabled && !c.improving)
        add(Rule::kTermNotImproving, t.not_improving.weight);
    if (t.gives_check.enabled && c.gives_check) add(Rule::kTermGivesCheck, -t.gives_check.weight);
    if (t.history_divisor.enabled) {
        const HistoryDivisorTerm& h = t.history_divisor;
        // C/C++ integer division truncates toward zero, exactly as `reduction -= hist / 5000`.
        const std::int64_t units = h.integer_signal
                                       ? -std::int64_t{h.weight} * (c.history / h.divisor)
                                       : -(std::int64_t{h.weight} * c.history) / h.divisor;
        if (units != 0) add(Rule::kTermHistoryDivisor, units);
    }
    if (t.ordering_score.enabled) {
        const OrderingScoreTerm& o = t.ordering_score;
        const int index = std::clamp(c.depth, 0, o.no_double_min_score.count - 1);
        if (c.ordering_score < o.no_double_min_score.values[index]) {
            add(Rule::kTermOrderingDouble, o.weight);
            if (c.ordering_score < o.triple_below) add(Rule::kTermOrderingTriple, o.weight);
        }
    }
    return r;
}

int LmrPolicy::finish(std::int64_t r, const MoveContext& c, LmrStats* stats) const {
    const LmrParams& p = config_.lmr;
    if (p.terms.pv_scale.enabled && c.is_pv) {
        const std::int64_t scaled = r * p.terms.pv_scale.numerator / p.terms.pv_scale.denominator;
        if (stats) stats->record(Rule::kTermPvScale, scaled - r);
        r = scaled;
    }
    std::int64_t plies = 0;
    if (r > 0 || (r < 0 && p.allow_extension))
        plies = divide(r * p.percentage, std::int64_t{100} * p.scale, p.rounding);

    if (p.gates.root_reduce_once && c.is_root && plies > 1) {
        plies = 1;
        if (stats) stats->record(Rule::kRootReduceOnce);
    }
    if (plies > p.max_reduction) {
        plies = p.max_reduction;
        if (stats) stats->record(Rule::kClampMaxReduction);
    }
    const int depth_limit = std::max(0, c.depth - 1 - p.min_child_depth);
    if (plies > depth_limit) {
        plies = depth_limit;
        if (stats) stats->record(Rule::kClampDepth);
    }
    if (plies < -p.max_extension) {
        plies = -p.max_extension;
        if (stats) stats->record(Rule::kClampExtension);
    }
    return static_cast<int>(plies);
}

int LmrPolicy::one_ply(const MoveContext& c, LmrStats* stats) const {
    const LmrParams& p = config_.lmr;
    int plies = 1;
    if (plies > p.max_reduction) {
        plies = p.max_reduction;
        if (stats) stats->record(Rule::kClampMaxReduction);
    }
    const int depth_limit = std::max(0, c.depth - 1 - p.min_child_depth);
    if (plies > depth_limit) {
        plies = depth_limit;
        if (stats) stats->record(Rule::kClampDepth);
    }
    return plies;
}

}  // namespace lmr::lmr
