// One run in depth: how its games ended, the faults, the results per opening, what each
// engine's searches looked like, the standings, the statistics history, the engines' LMR
// statistics and PV checks, and tune data.

#include <algorithm>
#include <string>

#include "harness/report/load.hpp"

namespace lmr::report {
namespace {

// In seat order; engines that made no move yet appear with zero moves.
std::vector<SideRow> load_sides(const store::Store& store, std::int64_t run_id,
                                const std::vector<store::RunEngine>& engines) {
    std::vector<SideRow> rows;
    for (const auto& engine : engines) {
        SideRow row;
        row.engine_id = engine.engine.id;
        row.name = engine.engine.name;
        row.role = engine.role;
        rows.push_back(row);
    }
    for (const store::EngineMoveStats& stats : store.engine_move_stats(run_id)) {
        const auto row = std::find_if(rows.begin(), rows.end(), [&](const SideRow& side) {
            return side.engine_id == stats.engine_id;
        });
        if (row != rows.end()) static_cast<store::EngineMoveStats&>(*row) = stats;
    }
    return rows;
}

std::optional<TuneData> load_tune(const store::Store& store, std::int64_t run_id) {
    TuneData data;
    try {
        data.settings = store.tune_settings(run_id);
        data.params = store.tune_params(run_id);
    } catch (const store::StoreError& e) {
        // A tune run interrupted before its settings were stored has nothing to show.
        if (e.kind() == store::ErrorKind::kNotFound) return std::nullopt;
        throw;
    }
    data.iterations = store.tune_iterations(run_id);
    return data;
}

}  // namespace

RunDetail load_run(const store::Store& store, std::int64_t run_id) {
    RunDetail detail;
    detail.row = make_run_row(store.load_run(run_id), store.run_summary(run_id));
    detail.engines = store.run_engines(run_id);
    detail.terminations = store.run_terminations(run_id);
    detail.faults = store.game_faults(run_id);
    detail.openings = store.opening_results(run_id);
    detail.sides = load_sides(store, run_id, detail.engines);
    detail.standings = load_standings(store, detail.row.run, detail.engines);
    detail.history = store.stats_history(run_id);
    detail.lmr = store.lmr_stats(run_id);
    detail.pv = store.pv_checks(run_id);
    detail.changes = store.run_changes(run_id);
    if (detail.row.run.kind == store::RunKind::kTune) detail.tune = load_tune(store, run_id);
    return detail;
}

}  // namespace lmr::report
