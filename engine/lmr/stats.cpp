#include "engine/lmr/stats.hpp"

#include <cstdio>
#include <ostream>
#include <string>

namespace lmr::lmr {

std::string_view rule_name(Rule rule) {
    static constexpr std::string_view kNames[kRuleCount] = {
        "lmr.enabled=false",
        "lmr.min_depth",
        "lmr.full_depth_moves",
        "gates.root_best_from_iter8",
        "gates.tt_move",
        "gates.in_check",
        "gates.queen_promotion",
        "gates.promotion",
        "gates.advanced_pawn",
        "gates.good_capture",
        "gates.captures",
        "gates.gives_check",
        "gates.check_good_no_reduction",
        "gates.killers",
        "terms.ordering_score(no lmr)",
        "gates.bad_capture_one_ply",
        "gates.check_bad_one_ply",
        "steps.table",
        "steps.history",
        "steps.eval_margin",
        "steps.positional",
        "steps.new_threat",
        "steps.threat_escape",
        "steps.passed_pawn_gain",
        "steps.king_safety_gain",
        "steps.eval_rise",
        "steps.eval_drop",
        "steps.killer",
        "steps.pst_gain",
        "terms.constant",
        "terms.non_pv_node",
        "terms.cut_node",
        "terms.tt_capture",
        "terms.improving",
        "terms.not_improving",
        "terms.gives_check",
        "terms.history_divisor",
        "terms.ordering_score(double)",
        "terms.ordering_score(triple)",
        "terms.pv_scale",
        "gates.root_reduce_once",
        "clamp.max_reduction",
        "clamp.depth",
        "clamp.max_extension",
    };
    const int i = static_cast<int>(rule);
    return i >= 0 && i < kRuleCount ? kNames[i] : std::string_view("?");
}

std::uint64_t LmrStats::reductions_of(int plies) const {
    if (plies < -kMaxPlies || plies > kMaxPlies) return 0;
    return by_plies[plies + kMaxPlies];
}

std::uint64_t LmrStats::reduced() const {
    std::uint64_t n = 0;
    for (int p = 1; p <= kMaxPlies; ++p) n += by_plies[p + kMaxPlies];
    return n;
}

std::uint64_t LmrStats::extended() const {
    std::uint64_t n = 0;
    for (int p = 1; p <= kMaxPlies; ++p) n += by_plies[kMaxPlies - p];
    return n;
}

void LmrStats::add(const LmrStats& other) {
    calls += other.calls;
    for (int i = 0; i < kRuleCount; ++i) {
        fired[i] += other.fired[i];
        units[i] += other.units[i];
    }
    for (int i = 0; i < 2 * kMaxPlies + 1; ++i) by_plies[i] += other.by_plies[i];
}

void print_stats(const LmrStats& stats, std::ostream& out, int scale,
                 std::string_view line_prefix) {
    char line[160];
    const double calls = stats.calls ? static_cast<double>(stats.calls) : 1.0;
    std::snprintf(line, sizeof line, "LMR late moves %llu, reduced %llu (%.1f%%), extended %llu",
                  static_cast<unsigned long long>(stats.calls),
                  static_cast<unsigned long long>(stats.reduced()), 100.0 * stats.reduced() / calls,
                  static_cast<unsigned long long>(stats.extended()));
    out << line_prefix << line << '\n';
    std::snprintf(line, sizeof line, "%-32s %12s %7s %12s %9s", "rule", "fired", "%", "sum R plies",
                  "avg");
    out << line_prefix << line << '\n';
    if (scale <= 0) scale = 1;
    for (int i = 0; i < kRuleCount; ++i) {
        if (stats.fired[i] == 0) continue;
        const Rule rule = static_cast<Rule>(i);
        const std::string name(rule_name(rule));
        const bool additive = rule >= Rule::kStepTable && rule <= Rule::kTermPvScale;
        const double plies = static_cast<double>(stats.units[i]) / scale;
        if (additive)
            std::snprintf(line, sizeof line, "%-32s %12llu %6.1f%% %+12.1f %+9.3f", name.c_str(),
                          static_cast<unsigned long long>(stats.fired[i]),
                          100.0 * stats.fired[i] / calls, plies, plies / stats.fired[i]);
        else
            std::snprintf(line, sizeof line, "%-32s %12llu %6.1f%%", name.c_str(),
                          static_cast<unsigned long long>(stats.fired[i]),
                          100.0 * stats.fired[i] / calls);
        out << line_prefix << line << '\n';
    }
    std::string sizes;
    for (int p = -LmrStats::kMaxPlies; p <= LmrStats::kMaxPlies; ++p) {
        const std::uint64_t n = stats.reductions_of(p);
        if (n == 0) continue;
        if (!sizes.empty()) sizes += "  ";
        sizes += std::to_string(p) + ":" + std::to_string(n);
    }
    out << line_prefix << "reductions by plies " << (sizes.empty() ? "-" : sizes) << '\n';
}

}  // namespace lmr::lmr
