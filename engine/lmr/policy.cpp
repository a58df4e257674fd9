// The reduction of one late move. Order of evaluation (docs/configs.md, "The model"):
//   1. eligibility: lmr.enabled, min_depth, full_depth_moves
//   2. gates that forbid LMR, then gates that reduce exactly one ply
//   3. R = sum of weight * signal over the enabled steps and terms (1/scale ply)
//   4. PV scaling, then plies = R * P / (100 * scale) if R > 0 (or < 0 with allow_extension)
//   5. root once, max_reduction, depth - 1 - min_child_depth, max_extension
#include "engine/lmr/policy.hpp"

#include <algorithm>
#include <cmath>
#include <type_traits>
#include <utility>

#include "engine/lmr/rule_fires.hpp"

namespace lmr::reduction {
namespace {

// Calls visit(rule) for the rules of the kinds first..last in order, as compile-time constants
// (so each rule_fires inlines to its own case), until visit returns true; whether it did.
template <RuleKind kFirst, RuleKind kLast, typename Visit>
[[gnu::always_inline]] inline bool walk_rules(Visit&& visit) {
    constexpr int first = static_cast<int>(rule_range(kFirst).first);
    constexpr int count = static_cast<int>(rule_range(kLast).last) - first + 1;
    return [&]<int... kIndex>(std::integer_sequence<int, kIndex...>)
        __attribute__((always_inline)) {
        return (visit(std::integral_constant<Rule, static_cast<Rule>(first + kIndex)>{}) || ...);
    }
    (std::make_integer_sequence<int, count>{});
}

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
    inputs_ = rule_inputs(p);
    for (const RuleSpec& spec : rule_specs())
        if (spec.enabled(p)) switched_on_ |= std::uint64_t{1} << static_cast<int>(spec.rule);
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
    const RuleArgs args{config_.lmr, ctx};
    Rule blocked = Rule::kCount;
    walk_rules<RuleKind::kEligibility, RuleKind::kGate>([&](
        auto rule) __attribute__((always_inline)) {
        std::int64_t units = 0;
        if (!switched_on(rule) || rule == skip || !rule_fires(rule, args, units)) return false;
        blocked = rule;
        return true;
    });
    return blocked;
}

int LmrPolicy::reduction(const MoveContext& ctx, LmrStats* stats) const {
    if (stats == nullptr) return evaluate(ctx, Rule::kCount, nullptr);
    Trace trace;
    const int result = evaluate(ctx, Rule::kCount, &trace);
    // R is a sum, so without an additive rule it is R minus that rule's units; gates, clamps
    // and the PV scaling are decided again with the rule switched off.
    std::int64_t r = 0;
    for (int i = 0; i < trace.count; ++i)
        if (sums_into_r(trace.rules[i])) r += trace.units[i];
    for (int i = 0; i < trace.count; ++i) {
        const Rule rule = trace.rules[i];
        stats->record(rule, trace.units[i]);
        const bool additive = sums_into_r(rule);
        const int without = additive ? finish(r - trace.units[i], ctx, Rule::kCount, nullptr)
                                     : evaluate(ctx, rule, nullptr);
        if (without != result) stats->record_changed(rule);
    }
    stats->record_result(result);
    return result;
}

int LmrPolicy::evaluate(const MoveContext& ctx, Rule skip, Trace* trace) const {
    if (const Rule blocked = blocking_rule(ctx, skip); blocked != Rule::kCount) {
        if (trace) trace->add(blocked);
        return 0;
    }
    const RuleArgs args{config_.lmr, ctx};
    std::int64_t weight = 0;
    Rule one_ply = Rule::kCount;
    walk_rules<RuleKind::kOnePlyGate, RuleKind::kOnePlyGate>([&](
        auto rule) __attribute__((always_inline)) {
        if (!switched_on(rule) || rule == skip || !rule_fires(rule, args, weight)) return false;
        one_ply = rule;
        return true;
    });
    if (one_ply != Rule::kCount) {
        if (trace) trace->add(one_ply);
        return fixed(weight, ctx, skip, trace);
    }
    return finish(accumulate(ctx, skip, trace), ctx, skip, trace);
}

std::int64_t LmrPolicy::accumulate(const MoveContext& c, Rule skip, Trace* trace) const {
    const RuleArgs args{config_.lmr, c, table_units(c.depth, c.move_number)};
    std::int64_t r = 0;
    walk_rules<RuleKind::kStep, RuleKind::kTerm>([&](auto rule) __attribute__((always_inline)) {
        std::int64_t units = 0;
        if (!switched_on(rule) || rule == skip || !rule_fires(rule, args, units)) return false;
        r += units;
        if (trace) trace->add(rule, units);
        return false;
    });
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

int LmrPolicy::fixed(std::int64_t weight, const MoveContext& c, Rule skip, Trace* trace) const {
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

}  // namespace lmr::reduction
