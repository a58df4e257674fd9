// One run in depth: how its games ended, the faults, the results per opening, what each
// engine's searches looked like, the standings, the statistics history, the engines' LMR
// statistics and PV checks, and tune data.

#include <algorithm>
#include <string>

#include "harness/report/load.hpp"

namespace lmr::report {
namespace {

using store::sqlite::Statement;

long as_long(const Statement& s, int column) {
    return static_cast<long>(s.column_int64(column));
}

std::optional<double> optional_double(const Statement& s, int column) {
    if (s.is_null(column)) return std::nullopt;
    return s.column_double(column);
}

std::vector<TerminationRow> load_terminations(const store::Store& store, std::int64_t run_id) {
    Statement s = store.database().prepare(
        "SELECT termination, games, white_wins, black_wins, draws FROM run_terminations "
        "WHERE run_id = ?1 ORDER BY games DESC, termination");
    s.bind(1, run_id);
    std::vector<TerminationRow> rows;
    while (s.step()) {
        rows.push_back(
            {s.column_text(0), as_long(s, 1), as_long(s, 2), as_long(s, 3), as_long(s, 4)});
    }
    return rows;
}

std::vector<FaultRow> load_faults(const store::Store& store, std::int64_t run_id) {
    Statement s = store.database().prepare(
        "SELECT game_id, pair_index, round_in_pair, termination, termination_detail, result, "
        "white_name, black_name, loser_name FROM game_faults WHERE run_id = ?1 ORDER BY game_id");
    s.bind(1, run_id);
    std::vector<FaultRow> rows;
    while (s.step()) {
        FaultRow row;
        row.game_id = s.column_int64(0);
        row.pair_index = s.column_int64(1);
        row.round_in_pair = s.column_int(2);
        row.termination = s.column_text(3);
        row.detail = s.column_text(4);
        row.result = s.column_text(5);
        row.white = s.column_text(6);
        row.black = s.column_text(7);
        row.loser = s.column_text(8);
        rows.push_back(std::move(row));
    }
    return rows;
}

std::vector<OpeningRow> load_openings(const store::Store& store, std::int64_t run_id) {
    Statement s = store.database().prepare(
        "SELECT opening_index, opening_fen, pairs, wins, draws, losses, half_points, score "
        "FROM opening_results WHERE run_id = ?1 ORDER BY opening_index, opening_fen");
    s.bind(1, run_id);
    std::vector<OpeningRow> rows;
    while (s.step()) {
        OpeningRow row;
        row.opening_index = s.column_optional_int64(0);
        row.opening_fen = s.column_text(1);
        row.pairs = as_long(s, 2);
        row.wins = as_long(s, 3);
        row.draws = as_long(s, 4);
        row.losses = as_long(s, 5);
        row.half_points = as_long(s, 6);
        row.score = s.column_double(7);
        rows.push_back(std::move(row));
    }
    return rows;
}

// In seat order; engines that made no move yet appear with zero moves.
std::vector<SideRow> load_sides(const store::Store& store, std::int64_t run_id,
                                const std::vector<store::RunEngine>& engines) {
    // The view filtered on its GROUP BY column: SQLite pushes the run filter into the
    // aggregate, so only this run's moves are read.
    Statement s = store.database().prepare(
        "SELECT engine_id, moves, avg_depth, avg_seldepth, avg_nodes, avg_time_ms, "
        "total_nodes, total_time_ms FROM engine_move_stats WHERE run_id = ?1");
    s.bind(1, run_id);
    std::vector<SideRow> rows;
    for (const auto& engine : engines) {
        SideRow row;
        row.name = engine.engine.name;
        row.role = engine.role;
        rows.push_back(row);
    }
    while (s.step()) {
        const std::int64_t id = s.column_int64(0);
        const auto it = std::find_if(engines.begin(), engines.end(),
                                     [id](const store::RunEngine& e) { return e.engine.id == id; });
        if (it == engines.end()) continue;
        SideRow& row = rows[static_cast<std::size_t>(it - engines.begin())];
        row.moves = as_long(s, 1);
        row.avg_depth = optional_double(s, 2);
        row.avg_seldepth = optional_double(s, 3);
        row.avg_nodes = optional_double(s, 4);
        row.avg_time_ms = optional_double(s, 5);
        row.total_nodes = s.is_null(6) ? 0 : s.column_int64(6);
        row.total_time_ms = s.is_null(7) ? 0 : s.column_int64(7);
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
    detail.terminations = load_terminations(store, run_id);
    detail.faults = load_faults(store, run_id);
    detail.openings = load_openings(store, run_id);
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
