// Store: a run's results as the report views of docs/database.md total them (how games ended,
// the faults, the results per opening and per pairing, each engine's searches), the meetings of
// configs across runs, and the read snapshot a report takes over all its queries.

#include "harness/store/store.hpp"
#include "harness/store/store_internal.hpp"

namespace lmr::store {
ReadSnapshot::ReadSnapshot(const Store& store) : store_(store) {
    // A deferred BEGIN takes the snapshot at the first read and never writes, so it works on a
    // read-only connection.
    store_.db_.prepare("BEGIN").run();
}

ReadSnapshot::~ReadSnapshot() {
    try {
        store_.db_.prepare("COMMIT").run();
    } catch (const std::exception&) {
        // Ending a read transaction cannot lose anything; the connection closes soon after.
    }
}

std::vector<TerminationTotals> Store::run_terminations(std::int64_t run_id) const {
    auto stmt = statement(
        "SELECT termination, games, white_wins, black_wins, draws FROM run_terminations "
        "WHERE run_id = ?1 ORDER BY games DESC, termination");
    stmt->bind(1, run_id);
    return stmt->rows([](sqlite::Row& row) {
        return TerminationTotals{row.text(), row.count(), row.count(), row.count(), row.count()};
    });
}

std::vector<GameFault> Store::game_faults(std::int64_t run_id) const {
    auto stmt = statement(
        "SELECT game_id, pair_index, round_in_pair, termination, termination_detail, result, "
        "white_name, black_name, loser_name FROM game_faults WHERE run_id = ?1 ORDER BY game_id");
    stmt->bind(1, run_id);
    return stmt->rows([](sqlite::Row& row) {
        GameFault fault;
        fault.game_id = row.int64();
        fault.pair_index = row.int64();
        fault.round_in_pair = row.integer();
        fault.termination = row.text();
        fault.detail = row.text();
        fault.result = row.text();
        fault.white = row.text();
        fault.black = row.text();
        fault.loser = row.text();
        return fault;
    });
}

std::vector<OpeningResult> Store::opening_results(std::int64_t run_id) const {
    auto stmt = statement(
        "SELECT opening_index, opening_fen, pairs, wins, draws, losses, half_points, score "
        "FROM opening_results WHERE run_id = ?1 ORDER BY opening_index, opening_fen");
    stmt->bind(1, run_id);
    return stmt->rows([](sqlite::Row& row) {
        OpeningResult result;
        result.opening_index = row.optional_int64();
        result.opening_fen = row.text();
        result.pairs = row.count();
        result.wins = row.count();
        result.draws = row.count();
        result.losses = row.count();
        result.half_points = row.count();
        result.score = row.real();
        return result;
    });
}

std::vector<EngineMoveStats> Store::engine_move_stats(std::int64_t run_id) const {
    // The view filtered on its GROUP BY column: SQLite pushes the run filter into the
    // aggregate, so only this run's moves are read.
    auto stmt = statement(
        "SELECT engine_id, moves, avg_depth, avg_seldepth, avg_nodes, avg_time_ms, "
        "total_nodes, total_time_ms FROM engine_move_stats WHERE run_id = ?1");
    stmt->bind(1, run_id);
    return stmt->rows([](sqlite::Row& row) {
        EngineMoveStats stats;
        stats.engine_id = row.int64();
        stats.moves = row.count();
        stats.avg_depth = row.optional_real();
        stats.avg_seldepth = row.optional_real();
        stats.avg_nodes = row.optional_real();
        stats.avg_time_ms = row.optional_real();
        stats.total_nodes = row.int64();  // NULL (no engine said) reads as 0
        stats.total_time_ms = row.int64();
        return stats;
    });
}

std::vector<EnginePairing> Store::pairing_counts(std::int64_t run_id) const {
    auto stmt = statement(
        "SELECT view_engine_id, other_engine_id, SUM(bin = 'LL'), SUM(bin = 'LD'), "
        "SUM(bin = 'WL'), SUM(bin = 'DD'), SUM(bin = 'WD'), SUM(bin = 'WW') FROM pair_results "
        "WHERE run_id = ?1 GROUP BY view_engine_id, other_engine_id");
    stmt->bind(1, run_id);
    return stmt->rows([](sqlite::Row& row) {
        EnginePairing counts;
        counts.view_engine_id = row.int64();
        counts.other_engine_id = row.int64();
        counts.penta = internal::read_pentanomial(row);
        return counts;
    });
}

std::vector<ConfigMeeting> Store::config_meetings(
    const std::optional<std::string>& time_control) const {
    // The pooling of the config_results view (schema.cpp, version 2), over the runs of one time
    // control when ?1 is not NULL. A view takes no parameter, and a new one would make every
    // database need an upgrade; ReportViews.ConfigMeetingsPoolAsTheConfigResultsView holds the
    // two together.
    auto stmt = statement(R"sql(
WITH pooled_runs AS (
    SELECT id FROM runs WHERE kind <> 'tune' AND (?1 IS NULL OR time_control = ?1)
), oriented AS (
    SELECT p.run_id, p.view_engine_id AS engine_id, p.other_engine_id AS opponent_id, p.bin
    FROM pair_results p WHERE p.run_id IN pooled_runs
    UNION ALL
    SELECT p.run_id, p.other_engine_id, p.view_engine_id,
           CASE p.bin WHEN 'LL' THEN 'WW' WHEN 'LD' THEN 'WD'
                      WHEN 'WD' THEN 'LD' WHEN 'WW' THEN 'LL' ELSE p.bin END
    FROM pair_results p WHERE p.run_id IN pooled_runs
), named AS (
    SELECT x.run_id, x.engine_id, e.name AS config, o.name AS opponent, x.bin
    FROM oriented x
    JOIN engines e ON e.id = x.engine_id
    JOIN engines o ON o.id = x.opponent_id
), run_lists AS (
    SELECT config, opponent, group_concat(run_id, ',') AS run_ids
    FROM (SELECT DISTINCT config, opponent, run_id FROM named ORDER BY config, opponent, run_id)
    GROUP BY config, opponent
)
SELECT n.config, n.opponent, COUNT(DISTINCT n.run_id), l.run_ids, COUNT(DISTINCT n.engine_id),
       SUM(n.bin = 'LL'), SUM(n.bin = 'LD'), SUM(n.bin = 'WL'), SUM(n.bin = 'DD'),
       SUM(n.bin = 'WD'), SUM(n.bin = 'WW')
FROM named n JOIN run_lists l ON l.config = n.config AND l.opponent = n.opponent
GROUP BY n.config, n.opponent)sql");
    stmt->bind(1, time_control);
    return stmt->rows([](sqlite::Row& row) {
        ConfigMeeting meeting;
        meeting.config = row.text();
        meeting.opponent = row.text();
        meeting.runs = row.count();
        meeting.run_ids = row.text();
        meeting.setups = row.count();
        meeting.penta = internal::read_pentanomial(row);
        return meeting;
    });
}

std::vector<std::string> Store::meeting_time_controls() const {
    auto stmt = statement(
        "SELECT DISTINCT time_control FROM runs WHERE kind <> 'tune' ORDER BY time_control");
    return stmt->rows([](sqlite::Row& row) { return row.text(); });
}

}  // namespace lmr::store
