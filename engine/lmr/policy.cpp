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
    needs_new_threat_ = p.enabled && s.new_threat.enabled;
    needs_threat_escape_ = p.enabled && s.threat_escape.enabled;
    needs_ordering_ = p.enabled && p.terms.ordering_score.enabled;
    needs_rebel_history_ =
        p.enabled && s.history.enabled && s.history.source == HistorySource::kRebel;
}

int LmrPolicy::table_units(int depth, int move_number) const {
    return table_[std::clamp(depth, 0, 63)][std::clamp(move_number, 0, 63)];
}

struct LmrPolicy::Trace {
    Rule rules[kRuleCount];
    std::int64_t units[kRuleCount];
    int count = 0;

    void add(Rule rule, std::int64_t contributed = 0) {
        rules[count] = rule;
        units[count++] = contributed;
    }
};

bool LmrPolicy::eligible(int depth, int move_number, LmrStats* stats) const {
    const LmrParams& p = config_.lmr;
    const Rule blocked = !p.enabled                          ? Rule::kDisabled
                         : depth < p.min_depth               ? Rule::kMinDepth
                         : move_number <= p.full_depth_moves ? Rule::kFullDepthMoves
                                                             : Rule::kCount;
    if (blocked == Rule::kCount) return true;
    if (stats) {
        stats->record(blocked);
        stats->record_result(0);
    }
    return false;
}

// The first rule that forbids LMR for this move, or Rule::kCount when none does.
Rule LmrPolicy::blocking_rule(const MoveContext& ctx, Rule skip) const {
    const LmrParams& p = config_.lmr;
    const Gates& g = p.gates;
    const auto blocks = [skip](bool condition, Rule rule) { return condition && rule != skip; };
    if (blocks(!p.enabled, Rule::kDisabled)) return Rule::kDisabled;
    if (blocks(ctx.depth < p.min_depth, Rule::kMinDepth)) return Rule::kMinDepth;
    if (blocks(ctx.move_number <= p.full_depth_moves, Rule::kFullDepthMoves))
        return Rule::kFullDepthMoves;
    if (blocks(g.root_best && ctx.root_best, Rule::kGateRootBest)) return Rule::kGateRootBest;
    if (blocks(g.tt_move && ctx.is_tt_move, Rule::kGateTtMove)) return Rule::kGateTtMove;
    if (blocks(g.in_check && ctx.in_check, Rule::kGateInCheck)) return Rule::kGateInCheck;
    if (blocks(g.queen_promotion && ctx.is_queen_promotion, Rule::kGateQueenPromotion))
        return Rule::kGateQueenPromotion;
    if (blocks(g.promotion && ctx.is_promotion, Rule::kGatePromotion)) return Rule::kGatePromotion;
    if (blocks(g.advanced_pawn && ctx.pawn_to_advanced_rank, Rule::kGateAdvancedPawn))
        return Rule::kGateAdvancedPawn;
    if (blocks(g.good_capture && ctx.is_capture && ctx.see_ge0, Rule::kGateGoodCapture))
        return Rule::kGateGoodCapture;
    if (blocks(g.captures && ctx.is_capture, Rule::kGateCaptures)) return Rule::kGateCaptures;
    if (blocks(g.gives_check && ctx.gives_check, Rule::kGateGivesCheck))
        return Rule::kGateGivesCheck;
    if (blocks(g.check_good_no_reduction && ctx.gives_check && ctx.see_ge0,
               Rule::kGateCheckGoodNoReduction))
        return Rule::kGateCheckGoodNoReduction;
    if (blocks(g.killers && (ctx.is_killer1 || ctx.is_killer2), Rule::kGateKillers))
        return Rule::kGateKillers;
    if (blocks(p.terms.ordering_score.enabled &&
                   ctx.ordering_score >= p.terms.ordering_score.no_lmr_min_score,
               Rule::kGateOrderingScore))
        return Rule::kGateOrderingScore;
    return Rule::kCount;
}

int LmrPolicy::reduction(const MoveContext& ctx, LmrStats* stats) const {
    if (stats == nullptr) return evaluate(ctx, Rule::kCount, nullptr);
    Trace trace;
    const int result = evaluate(ctx, Rule::kCount, &trace);
    // R is a sum, so without an additive rule it is R minus that rule's units; gates, clamps
    // and the PV scaling are decided again with the rule switched off.
    std::int64_t r = 0;
    for (int i = 0; i < trace.count; ++i)
        if (trace.rules[i] >= Rule::kStepTable && trace.rules[i] < Rule::kTermPvScale)
            r += trace.units[i];
    for (int i = 0; i < trace.count; ++i) {
        const Rule rule = trace.rules[i];
        stats->record(rule, trace.units[i]);
        const bool additive = rule >= Rule::kStepTable && rule < Rule::kTermPvScale;
        const int without = additive ? finish(r - trace.units[i], ctx, Rule::kCount, nullptr)
                                     : evaluate(ctx, rule, nullptr);
        if (without != result) stats->record_changed(rule);
    }
    stats->record_result(result);
    return result;
}

int LmrPolicy::evaluate(const MoveContext& ctx, Rule skip, Trace* trace) const {
    const Gates& g = config_.lmr.gates;
    if (const Rule blocked = blocking_rule(ctx, skip); blocked != Rule::kCount) {
        if (trace) trace->add(blocked);
        return 0;
    }
    if (g.bad_capture_one_ply && ctx.is_capture && !ctx.see_ge0 &&
        skip != Rule::kGateBadCaptureOnePly) {
        if (trace) trace->add(Rule::kGateBadCaptureOnePly);
        return fixed(g.bad_capture_weight, ctx, skip, trace);
    }
    if (g.check_bad_one_ply && ctx.gives_check && !ctx.see_ge0 &&
        skip != Rule::kGateCheckBadOnePly) {
        if (trace) trace->add(Rule::kGateCheckBadOnePly);
        return fixed(g.check_bad_weight, ctx, skip, trace);
    }
    return finish(accumulate(ctx, skip, trace), ctx, skip, trace);
}

std::int64_t LmrPolicy::accumulate(const MoveContext& c, Rule skip, Trace* trace) const {
    const Steps& s = config_.lmr.steps;
    const Terms& t = config_.lmr.terms;
    std::int64_t r = 0;
    auto add = [&](Rule rule, std::int64_t units) {
        if (rule == skip) return;
        r += units;
        if (trace) trace->add(rule, units);
    };
    auto history_of = [&c](HistorySource source) {
        switch (source) {
            case HistorySource::kRebel:
                return c.rebel_history;
            case HistorySource::kButterfly:
                return c.butterfly_history;
            case HistorySource::kEngine:
                break;
        }
        return c.history;
    };

    if (s.table.enabled) {
        const int units = table_units(c.depth, c.move_number);
        if (units != 0) add(Rule::kStepTable, units);
    }
    if (s.history.enabled) {
        const int value = history_of(s.history.source);
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
    if (s.eval_rise.enabled && c.eval_change >= s.eval_rise.margin)
        add(Rule::kStepEvalRise, -s.eval_rise.weight);
    if (s.eval_drop.enabled && -c.eval_change >= s.eval_drop.margin)
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
        const int value = history_of(h.source);
        // C/C++ integer division truncates toward zero, exactly as `reduction -= hist / 5000`.
        const std::int64_t units = h.integer_signal ? -std::int64_t{h.weight} * (value / h.divisor)
                                                    : -(std::int64_t{h.weight} * value) / h.divisor;
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

int LmrPolicy::finish(std::int64_t r, const MoveContext& c, Rule skip, Trace* trace) const {
    const LmrParams& p = config_.lmr;
    if (p.terms.pv_scale.enabled && c.is_pv && skip != Rule::kTermPvScale) {
        const std::int64_t scaled = r * p.terms.pv_scale.numerator / p.terms.pv_scale.denominator;
        if (trace) trace->add(Rule::kTermPvScale, scaled - r);
        r = scaled;
    }
    std::int64_t plies = 0;
    if (r > 0 || (r < 0 && p.allow_extension))
        plies = divide(r * p.percentage, std::int64_t{100} * p.scale, p.rounding);

    if (p.gates.root_reduce_once && c.is_root && plies > 1 && skip != Rule::kRootReduceOnce) {
        plies = 1;
        if (trace) trace->add(Rule::kRootReduceOnce);
    }
    return clamp(plies, c, skip, trace);
}

int LmrPolicy::fixed(int weight, const MoveContext& c, Rule skip, Trace* trace) const {
    const LmrParams& p = config_.lmr;
    return clamp(std::max<std::int64_t>(0, divide(weight, p.scale, p.rounding)), c, skip, trace);
}

int LmrPolicy::clamp(std::int64_t plies, const MoveContext& c, Rule skip, Trace* trace) const {
    const LmrParams& p = config_.lmr;
    auto limit = [&](bool condition, Rule rule, std::int64_t value) {
        if (!condition || rule == skip) return;
        plies = value;
        if (trace) trace->add(rule);
    };
    limit(plies > p.max_reduction, Rule::kClampMaxReduction, p.max_reduction);
    const int depth_limit = std::max(0, c.depth - 1 - p.min_child_depth);
    limit(plies > depth_limit, Rule::kClampDepth, depth_limit);
    limit(plies < -p.max_extension, Rule::kClampExtension, -p.max_extension);
    // Extensions feed on themselves; stop them where the check extension stops.
    limit(plies < 0 && c.ply >= p.extension_ply_factor * c.root_iteration, Rule::kClampExtensionPly,
          0);
    return static_cast<int>(plies);
}

}  // namespace lmr::lmr
