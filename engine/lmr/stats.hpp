// Counters of what the LMR policy did: per gate and per step how often it fired and how
// much R (in 1/scale ply) it contributed, and how many reductions of each size were made.
// Plain arrays, no allocation; one instance per search thread, summed with add().
#pragma once

#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>

#include "engine/lmr/rules.hpp"

namespace lmr::reduction {

struct LmrStats {
    static constexpr int kMaxPlies = 16;  // histogram: reductions -kMaxPlies..+kMaxPlies plies

    std::uint64_t calls = 0;  // reduction() calls (late moves seen)
    std::uint64_t fired[kRuleCount] = {};
    // Fired and decided: without this rule the final plies would have differed.
    std::uint64_t changed[kRuleCount] = {};
    std::int64_t units[kRuleCount] = {};  // R contributed (1/scale ply), steps and terms only
    std::uint64_t by_plies[2 * kMaxPlies + 1] = {};  // index plies + kMaxPlies

    void record(Rule rule) { ++fired[static_cast<int>(rule)]; }
    void record(Rule rule, std::int64_t contributed) {
        ++fired[static_cast<int>(rule)];
        units[static_cast<int>(rule)] += contributed;
    }
    void record_result(int plies) {
        ++calls;
        if (plies < -kMaxPlies) plies = -kMaxPlies;
        if (plies > kMaxPlies) plies = kMaxPlies;
        ++by_plies[plies + kMaxPlies];
    }
    void record_changed(Rule rule) { ++changed[static_cast<int>(rule)]; }
    std::uint64_t count(Rule rule) const { return fired[static_cast<int>(rule)]; }
    std::uint64_t changes(Rule rule) const { return changed[static_cast<int>(rule)]; }
    std::int64_t contributed(Rule rule) const { return units[static_cast<int>(rule)]; }
    std::uint64_t reductions_of(int plies) const;  // how many results were exactly this size
    std::uint64_t reduced() const;                 // results > 0
    std::uint64_t extended() const;                // results < 0

    void add(const LmrStats& other);
    void reset() { *this = LmrStats{}; }
};

// What one search reports to a tournament manager: the policy's counters and the search's
// count of reduced searches and of re-searches after a reduced search beat alpha.
struct LmrReport {
    LmrStats stats;
    std::uint64_t reduced_searches = 0;
    std::uint64_t re_searches = 0;

    void add(const LmrReport& other);
};

// The one-line, machine-readable form the engine prints after each search when the UCI
// option LmrStats is on ("info string " + this line):
//   lmrstats late=N searches=N researches=N plies=P:N,P:N... [RULE=FIRED/CHANGED/UNITS]...
// late = calls, plies = the by_plies histogram (non-zero sizes only, "-" if none), then every
// rule that fired. The harness parses it with parse_report_line; both live here so they
// cannot drift.
std::string format_report_line(const LmrReport& report);
// nullopt unless text is such a line (a leading "info string " is allowed); unknown rule names
// and malformed numbers make it nullopt too, so a foreign engine's text is never misread.
std::optional<LmrReport> parse_report_line(std::string_view text);

// The table printed by `bench` and by `info string` (each line prefixed with line_prefix).
// Rules that never fired are left out; scale converts units to plies for display.
void print_stats(const LmrStats& stats, std::ostream& out, int scale = 10,
                 std::string_view line_prefix = "");

}  // namespace lmr::reduction
