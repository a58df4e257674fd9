// A rating list over whole databases: every completed pair between two configs (any run but
// tunes, config_results) is one pairing of stats::ratings, so separate matches — a study's
// SPRTs of every pairing, a gauntlet and a round robin, a phase split over two databases — make
// one list, as Ordo makes one from several PGN files. Configs are known by name.

#include <algorithm>
#include <cstdint>
#include <map>
#include <set>
#include <string>

#include "engine/text/text.hpp"
#include "harness/report/load.hpp"
#include "harness/stats/ratings.hpp"

namespace lmr::report {
namespace {

// The runs of one source that a meeting between rated configs pooled, grouped by time control
// in the order of their first run.
void add_time_controls(RatingsReport& report, const RatingSource& source, bool name_database) {
    const std::set<std::string> unlinked(report.unconnected.begin(), report.unconnected.end());
    std::set<std::int64_t> pooled;
    for (const auto& m : source.meetings) {
        if (unlinked.count(m.config) != 0U) continue;
        pooled.merge(run_id_set(m.run_ids));
    }
    for (PooledTimeControl& p :
         pooled_time_controls(source.runs, pooled, name_database ? source.database : ""))
        report.time_controls.push_back(std::move(p));
}

}  // namespace

RatingSource load_rating_source(const store::Store& store,
                                const std::optional<std::string>& time_control) {
    if (time_control) require_time_control(store, *time_control);
    return {.database = store.path().string(),
            .meetings = store.config_meetings(time_control),
            .runs = store.list_runs()};
}

RatingsReport rate(const std::vector<RatingSource>& sources, std::string_view anchor) {
    std::vector<std::string> names;
    std::vector<std::string> databases;
    for (const auto& source : sources) {
        databases.push_back(source.database);
        for (const auto& m : source.meetings) names.push_back(m.config);
    }
    std::sort(names.begin(), names.end());
    names.erase(std::unique(names.begin(), names.end()), names.end());
    const auto index = [&names](const std::string& name) {
        return static_cast<int>(std::lower_bound(names.begin(), names.end(), name) - names.begin());
    };
    if (!std::binary_search(names.begin(), names.end(), std::string(anchor)))
        throw no_such_config(anchor, text::joined(databases, ", "), names);

    // Each meeting is listed from both sides: take it once, from the earlier name's.
    std::vector<stats::PairingCounts> pairings;
    std::map<std::string, std::set<std::string>> opponents;
    for (const auto& source : sources) {
        for (const auto& m : source.meetings) {
            opponents[m.config].insert(m.opponent);
            if (m.config < m.opponent)
                pairings.push_back(
                    {.first = index(m.config), .second = index(m.opponent), .pairs = m.penta});
        }
    }

    stats::RatingList list;
    try {
        list = stats::ratings(static_cast<int>(names.size()), pairings, index(std::string(anchor)));
    } catch (const stats::UnboundedRatings& e) {
        const std::string& winner = names[static_cast<std::size_t>(e.winner)];
        const std::string& loser = names[static_cast<std::size_t>(e.loser)];
        throw ReportError("the results do not bound the ratings: " + winner +
                          " scored every point against " + loser +
                          ", and no chain of results leads from " + loser + "'s side back to " +
                          winner + " (play more games, or rate a database without the sweep)");
    }
    RatingsReport report;
    report.anchor = anchor;
    report.databases = databases;
    for (const stats::Rating& r : list.rated) {
        const std::string& name = names[static_cast<std::size_t>(r.engine)];
        const auto& met = opponents[name];
        report.rated.push_back({.config = name,
                                .elo = r.elo,
                                .elo_error = r.elo_error,
                                .pairs = r.pairs,
                                .opponents = {met.begin(), met.end()}});
    }
    for (const int i : list.unconnected)
        report.unconnected.push_back(names[static_cast<std::size_t>(i)]);
    // Runs at different time controls rate on one scale only if the user means them to: say
    // which were pooled.
    for (const auto& source : sources) add_time_controls(report, source, sources.size() > 1);
    return report;
}

}  // namespace lmr::report
