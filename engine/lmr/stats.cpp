#include "engine/lmr/stats.hpp"

#include <charconv>
#include <cstdio>
#include <ostream>
#include <string>

namespace lmr::reduction {

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
        changed[i] += other.changed[i];
        units[i] += other.units[i];
    }
    for (int i = 0; i < 2 * kMaxPlies + 1; ++i) by_plies[i] += other.by_plies[i];
}

void LmrReport::add(const LmrReport& other) {
    stats.add(other.stats);
    reduced_searches += other.reduced_searches;
    re_searches += other.re_searches;
}

namespace {

constexpr std::string_view kReportTag = "lmrstats";

// Whole-text integer; false on anything else.
template <typename Int>
bool parse_number(std::string_view text, Int& value) {
    const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    return ec == std::errc() && ptr == text.data() + text.size() && !text.empty();
}

// Splits "a<sep>b" at the first sep; false if sep is missing.
bool split_at(std::string_view text, char sep, std::string_view& head, std::string_view& tail) {
    const std::size_t at = text.find(sep);
    if (at == std::string_view::npos) return false;
    head = text.substr(0, at);
    tail = text.substr(at + 1);
    return true;
}

bool parse_plies(std::string_view text, LmrStats& stats) {
    if (text == "-") return true;
    while (!text.empty()) {
        std::string_view item = text, rest;
        if (split_at(text, ',', item, rest)) {
            text = rest;
        } else {
            text = {};
        }
        std::string_view size_text, count_text;
        int size = 0;
        std::uint64_t count = 0;
        if (!split_at(item, ':', size_text, count_text) || !parse_number(size_text, size) ||
            !parse_number(count_text, count) || size < -LmrStats::kMaxPlies ||
            size > LmrStats::kMaxPlies)
            return false;
        stats.by_plies[size + LmrStats::kMaxPlies] += count;
    }
    return true;
}

bool parse_rule(std::string_view key, std::string_view value, LmrStats& stats) {
    const std::optional<Rule> rule = rule_from_name(key);
    std::string_view fired_text, rest, changed_text, units_text;
    if (!rule || !split_at(value, '/', fired_text, rest) ||
        !split_at(rest, '/', changed_text, units_text))
        return false;
    const int i = static_cast<int>(*rule);
    return parse_number(fired_text, stats.fired[i]) &&
           parse_number(changed_text, stats.changed[i]) && parse_number(units_text, stats.units[i]);
}

}  // namespace

std::string format_report_line(const LmrReport& report) {
    const LmrStats& s = report.stats;
    std::string line(kReportTag);
    line += " late=" + std::to_string(s.calls);
    line += " searches=" + std::to_string(report.reduced_searches);
    line += " researches=" + std::to_string(report.re_searches);
    std::string plies;
    for (int p = -LmrStats::kMaxPlies; p <= LmrStats::kMaxPlies; ++p) {
        const std::uint64_t n = s.reductions_of(p);
        if (n == 0) continue;
        if (!plies.empty()) plies += ',';
        plies += std::to_string(p) + ':' + std::to_string(n);
    }
    line += " plies=" + (plies.empty() ? std::string("-") : plies);
    for (int i = 0; i < kRuleCount; ++i) {
        if (s.fired[i] == 0) continue;
        line += ' ';
        line += rule_name(static_cast<Rule>(i));
        line += '=' + std::to_string(s.fired[i]) + '/' + std::to_string(s.changed[i]) + '/' +
                std::to_string(s.units[i]);
    }
    return line;
}

std::optional<LmrReport> parse_report_line(std::string_view text) {
    constexpr std::string_view kInfoString = "info string ";
    if (text.substr(0, kInfoString.size()) == kInfoString) text.remove_prefix(kInfoString.size());
    LmrReport report;
    bool tagged = false, late = false, searches = false, researches = false, plies = false;
    while (!text.empty()) {
        const std::size_t space = text.find(' ');
        const std::string_view word = text.substr(0, space);
        text = space == std::string_view::npos ? std::string_view{} : text.substr(space + 1);
        if (word.empty()) continue;
        if (!tagged) {
            if (word != kReportTag) return std::nullopt;
            tagged = true;
            continue;
        }
        std::string_view key, value;
        if (!split_at(word, '=', key, value)) return std::nullopt;
        bool ok = true;
        if (key == "late") {
            ok = !late && parse_number(value, report.stats.calls);
            late = true;
        } else if (key == "searches") {
            ok = !searches && parse_number(value, report.reduced_searches);
            searches = true;
        } else if (key == "researches") {
            ok = !researches && parse_number(value, report.re_searches);
            researches = true;
        } else if (key == "plies") {
            ok = !plies && parse_plies(value, report.stats);
            plies = true;
        } else {
            const std::optional<Rule> rule = rule_from_name(key);
            ok = rule && report.stats.fired[static_cast<int>(*rule)] == 0 &&
                 parse_rule(key, value, report.stats);
        }
        if (!ok) return std::nullopt;
    }
    if (!tagged || !late || !searches || !researches || !plies) return std::nullopt;
    return report;
}

void print_stats(const LmrStats& stats, std::ostream& out, int scale,
                 std::string_view line_prefix) {
    char line[192];
    const double calls = stats.calls ? static_cast<double>(stats.calls) : 1.0;
    std::snprintf(line, sizeof line, "LMR moves %llu, reduced %llu (%.1f%%), extended %llu",
                  static_cast<unsigned long long>(stats.calls),
                  static_cast<unsigned long long>(stats.reduced()), 100.0 * stats.reduced() / calls,
                  static_cast<unsigned long long>(stats.extended()));
    out << line_prefix << line << '\n';
    std::snprintf(line, sizeof line, "%-32s %12s %7s %8s %12s %9s", "rule", "fired", "%", "changed",
                  "sum R plies", "avg");
    out << line_prefix << line << '\n';
    if (scale <= 0) scale = 1;
    for (int i = 0; i < kRuleCount; ++i) {
        if (stats.fired[i] == 0) continue;
        const Rule rule = static_cast<Rule>(i);
        const std::string name(rule_name(rule));
        const bool additive = has_units(rule);
        const double plies = static_cast<double>(stats.units[i]) / scale;
        const int printed =
            std::snprintf(line, sizeof line, "%-32s %12llu %6.1f%% %7.1f%%", name.c_str(),
                          static_cast<unsigned long long>(stats.fired[i]),
                          100.0 * stats.fired[i] / calls, 100.0 * stats.changed[i] / calls);
        if (additive && printed > 0 && printed < static_cast<int>(sizeof line))
            std::snprintf(line + printed, sizeof line - printed, " %+12.1f %+9.3f", plies,
                          plies / stats.fired[i]);
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

}  // namespace lmr::reduction
