// Store: statistics history, run summaries and tuning records.

#include <cmath>
#include <nlohmann/json.hpp>

#include "harness/store/store.hpp"
#include "harness/store/store_internal.hpp"

namespace lmr::store {

namespace {

constexpr std::string_view kStatsColumns =
    "id, pairs, wins, draws, losses, penta_ll, penta_ld, penta_wl, penta_dd, penta_wd, penta_ww, "
    "elo, elo_error, nelo, nelo_error, los, llr, lower_bound, upper_bound, recorded_at";

StatsRecord read_stats(sqlite::Row& row) {
    StatsRecord stats;
    stats.id = row.int64();
    stats.pairs = row.int64();
    stats.wins = row.count();
    stats.draws = row.count();
    stats.losses = row.count();
    stats.penta = internal::read_pentanomial(row);
    stats.elo = row.real();
    stats.elo_error = row.real();
    stats.nelo = row.real();
    stats.nelo_error = row.real();
    stats.los = row.real();
    stats.llr = row.real();
    stats.lower_bound = row.real();
    stats.upper_bound = row.real();
    stats.recorded_at = row.text();
    return stats;
}

std::string to_json(const std::vector<double>& values) {
    return nlohmann::json(values).dump();
}

std::vector<double> from_json(const std::string& text, std::string_view column) {
    try {
        return nlohmann::json::parse(text).get<std::vector<double>>();
    } catch (const nlohmann::json::exception& e) {
        throw StoreError(ErrorKind::kCorrupt,
                         "column " + std::string(column) +
                             " does not hold a JSON array of numbers: " + e.what());
    }
}

}  // namespace

// ------------------------------------------------------------- statistics

std::int64_t Store::record_stats(std::int64_t run_id, const StatsRecord& stats) {
    require_writable("record statistics");
    require_run(run_id);
    if (stats.penta.pairs() != stats.pairs) {
        throw StoreError(ErrorKind::kInvalid,
                         "cannot record statistics for run " + std::to_string(run_id) + ": " +
                             std::to_string(stats.penta.pairs()) +
                             " pentanomial pairs but pairs = " + std::to_string(stats.pairs));
    }
    auto stmt = statement(
        "INSERT INTO run_stats (run_id, pairs, wins, draws, losses, penta_ll, penta_ld, penta_wl, "
        "penta_dd, penta_wd, penta_ww, elo, elo_error, nelo, nelo_error, los, llr, lower_bound, "
        "upper_bound, recorded_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, "
        "?14, ?15, ?16, ?17, ?18, ?19, ?20)");
    stmt->bind(1, run_id)
        .bind(2, stats.pairs)
        .bind(3, static_cast<std::int64_t>(stats.wins))
        .bind(4, static_cast<std::int64_t>(stats.draws))
        .bind(5, static_cast<std::int64_t>(stats.losses))
        .bind(6, static_cast<std::int64_t>(stats.penta.ll))
        .bind(7, static_cast<std::int64_t>(stats.penta.ld))
        .bind(8, static_cast<std::int64_t>(stats.penta.wl))
        .bind(9, static_cast<std::int64_t>(stats.penta.dd))
        .bind(10, static_cast<std::int64_t>(stats.penta.wd))
        .bind(11, static_cast<std::int64_t>(stats.penta.ww))
        .bind(12, stats.elo)
        .bind(13, stats.elo_error)
        .bind(14, stats.nelo)
        .bind(15, stats.nelo_error)
        .bind(16, stats.los)
        .bind(17, stats.llr)
        .bind(18, stats.lower_bound)
        .bind(19, stats.upper_bound)
        .bind(20, stats.recorded_at.empty() ? now_timestamp() : stats.recorded_at);
    internal::with_context("cannot record statistics for run " + std::to_string(run_id),
                           [&] { stmt->run(); });
    return db_.last_insert_rowid();
}

std::vector<StatsRecord> Store::stats_history(std::int64_t run_id) const {
    auto stmt = statement("SELECT " + std::string(kStatsColumns) +
                          " FROM run_stats WHERE run_id = ?1 ORDER BY id");
    stmt->bind(1, run_id);
    return stmt->rows(read_stats);
}

std::optional<StatsRecord> Store::latest_stats(std::int64_t run_id) const {
    auto stmt = statement("SELECT " + std::string(kStatsColumns) +
                          " FROM run_stats WHERE run_id = ?1 ORDER BY id DESC LIMIT 1");
    stmt->bind(1, run_id);
    return stmt->first_row(read_stats);
}

namespace {

constexpr std::string_view kSummaryQuery =
    "SELECT run_id, kind, status, verdict, time_control, created_at, engines, base_name, "
    "test_name, pairs_completed, games, wins, draws, losses, penta_ll, penta_ld, penta_wl, "
    "penta_dd, penta_wd, penta_ww, llr, lower_bound, upper_bound, elo, elo_error "
    "FROM run_summary";

// The run_summary view for one run, with the run filter inside every
// aggregate: SQLite does not push a WHERE on the view into its LEFT JOINed
// per-run totals, so the view would total every run of the database.
// Same columns, same meaning as the view (a test compares the two).
constexpr std::string_view kOneRunSummaryQuery = R"sql(
SELECT r.id, r.kind, r.status, r.verdict, r.time_control, r.created_at,
       (SELECT COALESCE(group_concat(role || ':' || name, ', '), '') FROM (
            SELECT re.role, e.name FROM run_engines re JOIN engines e ON e.id = re.engine_id
            WHERE re.run_id = ?1 ORDER BY re.seat)),
       (SELECT e.name FROM run_engines re JOIN engines e ON e.id = re.engine_id
        WHERE re.run_id = ?1 AND re.role = 'base'),
       (SELECT e.name FROM run_engines re JOIN engines e ON e.id = re.engine_id
        WHERE re.run_id = ?1 AND re.role = 'test'),
       p.pairs_completed,
       (SELECT COUNT(*) FROM games WHERE run_id = ?1),
       COALESCE(p.wins, 0), COALESCE(p.draws, 0), COALESCE(p.losses, 0),
       COALESCE(p.ll, 0), COALESCE(p.ld, 0), COALESCE(p.wl, 0),
       COALESCE(p.dd, 0), COALESCE(p.wd, 0), COALESCE(p.ww, 0),
       s.llr, s.lower_bound, s.upper_bound, s.elo, s.elo_error
FROM runs r
JOIN (SELECT COUNT(*) AS pairs_completed,
             SUM((half_points0 = 2) + (half_points1 = 2)) AS wins,
             SUM((half_points0 = 1) + (half_points1 = 1)) AS draws,
             SUM((half_points0 = 0) + (half_points1 = 0)) AS losses,
             SUM(bin = 'LL') AS ll, SUM(bin = 'LD') AS ld, SUM(bin = 'WL') AS wl,
             SUM(bin = 'DD') AS dd, SUM(bin = 'WD') AS wd, SUM(bin = 'WW') AS ww
      FROM pair_results WHERE run_id = ?1) p
LEFT JOIN (SELECT * FROM run_stats WHERE run_id = ?1 ORDER BY id DESC LIMIT 1) s ON 1
WHERE r.id = ?1
)sql";

RunSummary read_summary(sqlite::Row& row) {
    RunSummary r;
    r.run_id = row.int64();
    r.kind = internal::parse_column(parse_run_kind, row.text(), "runs.kind");
    r.status = internal::parse_column(parse_run_status, row.text(), "runs.status");
    r.verdict = internal::read_verdict(row);
    r.time_control = row.text();
    r.created_at = row.text();
    r.engines = row.text();
    r.base_name = row.text();
    r.test_name = row.text();
    r.pairs_completed = row.int64();
    r.games = row.int64();
    r.wins = row.count();
    r.draws = row.count();
    r.losses = row.count();
    r.penta = internal::read_pentanomial(row);
    r.llr = row.real();
    r.lower_bound = row.real();
    r.upper_bound = row.real();
    r.elo = row.real();
    r.elo_error = row.real();
    return r;
}

}  // namespace

std::vector<RunSummary> Store::run_summaries() const {
    auto stmt = statement(std::string(kSummaryQuery) + " ORDER BY run_id");
    return stmt->rows(read_summary);
}

RunSummary Store::run_summary(std::int64_t run_id) const {
    auto stmt = statement(kOneRunSummaryQuery);
    stmt->bind(1, run_id);
    auto summary = stmt->first_row(read_summary);
    if (!summary) {
        throw StoreError(ErrorKind::kNotFound,
                         "no run " + std::to_string(run_id) + " in " + path_.string());
    }
    return *summary;
}

namespace {

// Each run's test engine with the engine_move_stats and engine_lmr_stats rows of that run and
// engine, NULL where it has none (no moves stored, no LMR statistics reported).
constexpr std::string_view kTestEngineTotalsQuery = R"sql(
SELECT re.run_id, re.engine_id, e.name,
       COALESCE(m.moves, 0), m.avg_depth, m.avg_nodes,
       COALESCE(l.games, 0), l.reduced_rate, l.research_rate
FROM run_engines re
JOIN engines e ON e.id = re.engine_id
LEFT JOIN engine_move_stats m ON m.run_id = re.run_id AND m.engine_id = re.engine_id
LEFT JOIN engine_lmr_stats l ON l.run_id = re.run_id AND l.engine_id = re.engine_id
WHERE re.role = 'test'
ORDER BY re.run_id
)sql";

}  // namespace

std::vector<TestEngineTotals> Store::test_engine_totals() const {
    auto stmt = statement(kTestEngineTotalsQuery);
    return stmt->rows([](sqlite::Row& row) {
        TestEngineTotals t;
        t.run_id = row.int64();
        t.engine_id = row.int64();
        t.name = row.text();
        t.moves = row.int64();
        t.avg_depth = row.optional_real();
        t.avg_nodes = row.optional_real();
        t.lmr_games = row.int64();
        t.reduced_rate = row.optional_real();
        t.research_rate = row.optional_real();
        return t;
    });
}

// ----------------------------------------------------------------- tuning

void Store::create_tune(std::int64_t run_id, const TuneSettings& settings,
                        const std::vector<TuneParam>& params) {
    require_writable("create a tune");
    const std::string context = "cannot store the tune of run " + std::to_string(run_id);
    if (params.empty()) throw StoreError(ErrorKind::kInvalid, context + ": no parameters");
    for (const TuneParam& p : params) {
        const auto fail = [&](const std::string& why) {
            throw StoreError(ErrorKind::kInvalid, context + ": parameter '" + p.name + "' " + why);
        };
        if (p.name.empty()) fail("has no name");
        if (!(p.min <= p.max)) fail("has min > max");
        if (!(p.start >= p.min && p.start <= p.max)) fail("starts outside [min, max]");
        if (!(p.c_end > 0) || !(p.r_end > 0)) fail("needs c_end > 0 and r_end > 0");
    }
    internal::with_context(context, [&] {
        sqlite::Transaction tx(db_);
        require_run(run_id);
        {
            auto stmt = statement(
                "INSERT INTO tune_runs (run_id, iterations, pairs_per_iteration, alpha, gamma, "
                "big_a) VALUES (?1, ?2, ?3, ?4, ?5, ?6)");
            stmt->bind(1, run_id)
                .bind(2, settings.iterations)
                .bind(3, settings.pairs_per_iteration)
                .bind(4, settings.alpha)
                .bind(5, settings.gamma)
                .bind(6, settings.big_a);
            stmt->run();
        }
        auto insert = statement(
            "INSERT INTO tune_params (run_id, idx, name, start, min, max, c_end, r_end, "
            "is_integer) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)");
        for (std::size_t i = 0; i < params.size(); ++i) {
            const TuneParam& p = params[i];
            insert->reset();
            insert->bind(1, run_id)
                .bind(2, static_cast<std::int64_t>(i))
                .bind(3, p.name)
                .bind(4, p.start)
                .bind(5, p.min)
                .bind(6, p.max)
                .bind(7, p.c_end)
                .bind(8, p.r_end)
                .bind(9, p.is_integer ? 1 : 0);
            insert->run();
        }
        tx.commit();
    });
}

TuneSettings Store::tune_settings(std::int64_t run_id) const {
    auto stmt = statement(
        "SELECT iterations, pairs_per_iteration, alpha, gamma, big_a FROM tune_runs "
        "WHERE run_id = ?1");
    stmt->bind(1, run_id);
    auto settings = stmt->first_row([](sqlite::Row& row) {
        return TuneSettings{row.integer(), row.integer(), row.real(), row.real(), row.real()};
    });
    if (!settings) {
        throw StoreError(ErrorKind::kNotFound, "run " + std::to_string(run_id) + " is not a tune");
    }
    return *settings;
}

std::vector<TuneParam> Store::tune_params(std::int64_t run_id) const {
    auto stmt = statement(
        "SELECT name, start, min, max, c_end, r_end, is_integer FROM tune_params "
        "WHERE run_id = ?1 ORDER BY idx");
    stmt->bind(1, run_id);
    return stmt->rows([](sqlite::Row& row) {
        return TuneParam{row.text(), row.real(), row.real(), row.real(),
                         row.real(), row.real(), row.flag()};
    });
}

void Store::record_tune_iteration(std::int64_t run_id, const TuneIteration& it) {
    require_writable("record a tune iteration");
    const std::string context = "cannot record iteration " + std::to_string(it.k) +
                                " of tune run " + std::to_string(run_id);
    internal::with_context(context, [&] {
        sqlite::Transaction tx(db_);
        std::int64_t params = 0, done = 0;
        {
            auto stmt = statement(
                "SELECT (SELECT COUNT(*) FROM tune_params WHERE run_id = ?1), "
                "(SELECT COUNT(*) FROM tune_iterations WHERE run_id = ?1)");
            stmt->bind(1, run_id);
            stmt->step();
            params = stmt->column_int64(0);
            done = stmt->column_int64(1);
        }
        if (params == 0) throw StoreError(ErrorKind::kNotFound, "the run is not a tune");
        if (it.k != done) {
            throw StoreError(ErrorKind::kInvalid,
                             std::to_string(done) + " iterations are stored, so the next is k = " +
                                 std::to_string(done));
        }
        for (const auto* vec : {&it.delta, &it.theta_plus, &it.theta_minus, &it.theta_after}) {
            if (static_cast<std::int64_t>(vec->size()) != params) {
                throw StoreError(ErrorKind::kInvalid,
                                 "a vector has " + std::to_string(vec->size()) + " entries for " +
                                     std::to_string(params) + " parameters");
            }
            for (double v : *vec) {
                if (!std::isfinite(v)) throw StoreError(ErrorKind::kInvalid, "non-finite value");
            }
        }
        auto stmt = statement(
            "INSERT INTO tune_iterations (run_id, k, a_k, c_k, delta_json, theta_plus_json, "
            "theta_minus_json, wins, draws, losses, theta_after_json, rng_state, finished_at) "
            "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)");
        stmt->bind(1, run_id)
            .bind(2, it.k)
            .bind(3, it.a_k)
            .bind(4, it.c_k)
            .bind(5, to_json(it.delta))
            .bind(6, to_json(it.theta_plus))
            .bind(7, to_json(it.theta_minus))
            .bind(8, static_cast<std::int64_t>(it.wins))
            .bind(9, static_cast<std::int64_t>(it.draws))
            .bind(10, static_cast<std::int64_t>(it.losses))
            .bind(11, to_json(it.theta_after))
            .bind(12, it.rng_state)
            .bind(13, it.finished_at.empty() ? now_timestamp() : it.finished_at);
        stmt->run();
        tx.commit();
    });
}

namespace {

constexpr std::string_view kIterationColumns =
    "k, a_k, c_k, delta_json, theta_plus_json, theta_minus_json, wins, draws, losses, "
    "theta_after_json, rng_state, finished_at";

TuneIteration read_iteration(sqlite::Row& row) {
    TuneIteration it;
    it.k = row.integer();
    it.a_k = row.real();
    it.c_k = row.real();
    it.delta = from_json(row.text(), "tune_iterations.delta_json");
    it.theta_plus = from_json(row.text(), "tune_iterations.theta_plus_json");
    it.theta_minus = from_json(row.text(), "tune_iterations.theta_minus_json");
    it.wins = row.count();
    it.draws = row.count();
    it.losses = row.count();
    it.theta_after = from_json(row.text(), "tune_iterations.theta_after_json");
    it.rng_state = row.text();
    it.finished_at = row.text();
    return it;
}

}  // namespace

std::vector<TuneIteration> Store::tune_iterations(std::int64_t run_id) const {
    auto stmt = statement("SELECT " + std::string(kIterationColumns) +
                          " FROM tune_iterations WHERE run_id = ?1 ORDER BY k");
    stmt->bind(1, run_id);
    return stmt->rows(read_iteration);
}

std::optional<TuneIteration> Store::last_tune_iteration(std::int64_t run_id) const {
    auto stmt = statement("SELECT " + std::string(kIterationColumns) +
                          " FROM tune_iterations WHERE run_id = ?1 ORDER BY k DESC LIMIT 1");
    stmt->bind(1, run_id);
    return stmt->first_row(read_iteration);
}

}  // namespace lmr::store
