// A tournament's standings: the completed pairs of each pairing (pair_results, oriented to the
// earlier seat), turned into every engine's pooled score by harness/stats/standings.

#include <map>
#include <nlohmann/json.hpp>
#include <utility>

#include "harness/report/load.hpp"
#include "harness/stats/standings.hpp"

namespace lmr::report {
namespace {

// The plan stored with the run says which engines meet (run_plan.hpp: "round-robin" or
// "gauntlet"); a gauntlet's first engine is the one every other engine played.
bool is_gauntlet(const store::RunRecord& run) {
    const auto plan = nlohmann::json::parse(run.plan_json, nullptr, false);
    return plan.is_object() && plan.value("pairing", "") == "gauntlet";
}

}  // namespace

Standings load_standings(const store::Store& store, const store::RunRecord& run,
                         const std::vector<store::RunEngine>& engines) {
    Standings standings;
    if (run.kind != store::RunKind::kTournament || engines.empty()) return standings;
    standings.gauntlet = is_gauntlet(run);
    standings.first_engine = engines.front().engine.name;

    const int count = static_cast<int>(engines.size());
    std::map<std::int64_t, int> seat_of;
    for (int i = 0; i < count; ++i) seat_of[engines[static_cast<std::size_t>(i)].engine.id] = i;

    // Every pairing the plan has, so one without a completed pair yet is listed too.
    std::map<std::pair<int, int>, stats::Pentanomial> pairings;
    for (int i = 0; i < count; ++i)
        for (int j = i + 1; j < count; ++j)
            if (!standings.gauntlet || i == 0) pairings[{i, j}] = {};

    for (const store::EnginePairing& counted : store.pairing_counts(run.id)) {
        const auto view = seat_of.find(counted.view_engine_id);
        const auto other = seat_of.find(counted.other_engine_id);
        if (view == seat_of.end() || other == seat_of.end()) continue;
        const stats::Pentanomial pairs = counted.penta;
        if (view->second < other->second) {
            pairings[{view->second, other->second}] += pairs;
        } else {
            pairings[{other->second, view->second}] += stats::mirrored(pairs);
        }
    }

    std::vector<stats::PairingCounts> counts;
    for (const auto& [seats, pairs] : pairings) {
        counts.push_back({.first = seats.first, .second = seats.second, .pairs = pairs});
        standings.pairings.push_back(
            {.first = engines[static_cast<std::size_t>(seats.first)].engine.name,
             .second = engines[static_cast<std::size_t>(seats.second)].engine.name,
             .stats = stats::summarize(pairs, std::nullopt)});
    }
    const auto table =
        stats::standings(count, counts,
                         standings.gauntlet ? stats::StandingsOrder::kFirstEngineFirst
                                            : stats::StandingsOrder::kByScore);
    int rank = 0;
    for (const auto& standing : table) {
        StandingRow row;
        // A gauntlet's first engine met a different field than everyone else: not ranked.
        if (!(standings.gauntlet && standing.engine == 0)) row.rank = ++rank;
        row.name = engines[static_cast<std::size_t>(standing.engine)].engine.name;
        row.stats = stats::summarize(standing.pairs, std::nullopt);
        standings.rows.push_back(std::move(row));
    }
    return standings;
}

Standings load_standings(const store::Store& store, std::int64_t run_id) {
    return load_standings(store, store.load_run(run_id), store.run_engines(run_id));
}

}  // namespace lmr::report
