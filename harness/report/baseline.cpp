// The Elo of every config against one baseline. Only direct meetings count: the pentanomial
// counts of every completed pair between the two (any run but tunes) are pooled, from the
// config's side, and handed to harness/stats. A config that only met an opponent the baseline
// also met is listed as such — Elo is not transitive enough to chain A–C and C–B into A–B.

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

#include "engine/text/text.hpp"
#include "harness/report/load.hpp"

namespace lmr::report {
namespace {

struct Meeting {
    long runs = 0;
    std::string run_ids;
    long setups = 0;
    stats::Pentanomial pairs;
};

// config → opponent → the pooled meeting, from config_results.
using MeetingMap = std::map<std::string, std::map<std::string, Meeting>>;

MeetingMap load_meetings(const store::Store& store,
                         const std::optional<std::string>& time_control = std::nullopt) {
    MeetingMap map;
    for (store::ConfigMeeting& meeting : store.config_meetings(time_control)) {
        map[meeting.config][meeting.opponent] = {.runs = meeting.runs,
                                                 .run_ids = std::move(meeting.run_ids),
                                                 .setups = meeting.setups,
                                                 .pairs = meeting.penta};
    }
    return map;
}

std::vector<std::string> names_of(const MeetingMap& meetings) {
    std::vector<std::string> names;
    for (const auto& [config, opponents] : meetings) names.push_back(config);
    return names;
}

// Best first; an unbounded Elo sorts by its sign like any other number.
double sort_key(const BaselineEntry& e) {
    return e.stats && e.stats->estimate.defined() ? e.stats->estimate.elo : -INFINITY;
}

}  // namespace

std::string_view to_string(Relation relation) {
    switch (relation) {
        case Relation::kDirect:
            return "direct";
        case Relation::kCommonOpponent:
            return "common opponent";
        case Relation::kUnconnected:
            return "unconnected";
    }
    return "unconnected";
}

std::vector<std::string> config_names(const store::Store& store) {
    return names_of(load_meetings(store));
}

ReportError no_such_config(std::string_view name, std::string_view where,
                           const std::vector<std::string>& names) {
    return ReportError("no config named '" + std::string(name) + "' has a completed pair in " +
                       std::string(where) +
                       (names.empty() ? std::string(" (no completed pairs at all)")
                                      : "; configs: " + text::joined(names, ", ")));
}

BaselineReport load_baseline(const store::Store& store, std::string_view baseline,
                             const std::optional<std::string>& time_control) {
    if (time_control) require_time_control(store, *time_control);
    const MeetingMap meetings = load_meetings(store, time_control);
    const auto base = meetings.find(std::string(baseline));
    if (base == meetings.end()) {
        throw no_such_config(
            baseline,
            store.path().string() + (time_control ? " at time control " + *time_control : ""),
            names_of(meetings));
    }
    const std::vector<store::RunRecord> runs = store.list_runs();
    BaselineReport report;
    report.baseline = base->first;
    report.time_control = time_control;
    std::set<std::int64_t> pooled;
    for (const auto& [opponent, meeting] : base->second) report.opponents.push_back(opponent);

    for (const auto& [config, opponents] : meetings) {
        if (config == report.baseline) continue;
        BaselineEntry entry;
        entry.config = config;
        if (const auto direct = opponents.find(report.baseline); direct != opponents.end()) {
            entry.relation = Relation::kDirect;
            entry.runs = direct->second.runs;
            entry.run_ids = direct->second.run_ids;
            entry.setups = direct->second.setups;
            entry.stats = stats::summarize(direct->second.pairs, std::nullopt);
            const std::set<std::int64_t> ids = run_id_set(entry.run_ids);
            for (const PooledTimeControl& p : pooled_time_controls(runs, ids, ""))
                entry.time_controls.push_back(p.time_control);
            pooled.insert(ids.begin(), ids.end());
        } else {
            for (const auto& [opponent, meeting] : opponents) {
                if (base->second.count(opponent) != 0U) entry.common_opponents.push_back(opponent);
            }
            entry.relation =
                entry.common_opponents.empty() ? Relation::kUnconnected : Relation::kCommonOpponent;
        }
        report.entries.push_back(std::move(entry));
    }
    report.time_controls = pooled_time_controls(runs, pooled, "");
    std::stable_sort(report.entries.begin(), report.entries.end(),
                     [](const BaselineEntry& a, const BaselineEntry& b) {
                         if (a.relation != b.relation) return a.relation < b.relation;
                         if (a.relation == Relation::kDirect && sort_key(a) != sort_key(b))
                             return sort_key(a) > sort_key(b);
                         return a.config < b.config;
                     });
    return report;
}

}  // namespace lmr::report
