// Store: opening, runs and engines. Games are in store_games.cpp, statistics
// and tuning in store_stats.cpp.

#include "harness/store/store.hpp"

#include <sys/stat.h>

#include <nlohmann/json.hpp>
#include <utility>

#include "harness/store/sha256.hpp"
#include "harness/store/store_internal.hpp"

namespace lmr::store {

#ifdef LMR_VERSION
static constexpr std::string_view kHarnessVersion = LMR_VERSION;
#else
static constexpr std::string_view kHarnessVersion = "unknown";
#endif

namespace {

// Device and inode of the file at `path`; none for a database without one (":memory:").
std::optional<std::pair<std::uint64_t, std::uint64_t>> file_id(const std::filesystem::path& path) {
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0) return std::nullopt;
    return std::pair<std::uint64_t, std::uint64_t>(st.st_dev, st.st_ino);
}

}  // namespace

Store::Store(sqlite::Database db, std::filesystem::path path, OpenMode mode)
    : db_(std::move(db)), path_(std::move(path)), mode_(mode), file_id_(file_id(path_)) {}

Store Store::open(const std::filesystem::path& path, const OpenOptions& options) {
    return Store(open_database(path, options), path, options.mode);
}

int Store::schema_version() const {
    return static_cast<int>(db_.query_int("PRAGMA user_version"));
}

Store::Lease Store::statement(std::string_view sql) const {
    auto it = statements_.find(std::string(sql));
    if (it == statements_.end()) it = statements_.emplace(std::string(sql), db_.prepare(sql)).first;
    return Lease(it->second);
}

void Store::require_writable(std::string_view operation) const {
    if (mode_ == OpenMode::kReadOnly) {
        throw StoreError(ErrorKind::kReadOnly, "cannot " + std::string(operation) + ": " +
                                                   path_.string() + " was opened read-only");
    }
}

void Store::require_same_file() const {
    if (!file_id_ || file_id(path_) == file_id_) return;
    throw StoreError(ErrorKind::kIo, path_.string() +
                                         " was deleted or replaced while this run wrote it: "
                                         "nothing more can be stored there, so the run stops");
}

void Store::require_run(std::int64_t run_id) const {
    auto stmt = statement("SELECT 1 FROM runs WHERE id = ?1");
    stmt->bind(1, run_id);
    if (!stmt->step()) {
        throw StoreError(ErrorKind::kNotFound,
                         "no run " + std::to_string(run_id) + " in " + path_.string());
    }
}

// ------------------------------------------------------------------- runs

namespace {

constexpr std::string_view kRunColumns =
    "id, kind, command_line, plan_json, seed, time_control, book_path, book_format, book_order, "
    "book_plies, book_start, sprt_elo0, sprt_elo1, sprt_alpha, sprt_beta, sprt_model, "
    "max_pairs, concurrency, status, verdict, error_message, harness_version, created_at, "
    "started_at, finished_at, book_sha256";

RunRecord read_run(sqlite::Row& row) {
    RunRecord run;
    run.id = row.int64();
    run.kind = internal::parse_column(parse_run_kind, row.text(), "runs.kind");
    run.command_line = row.text();
    run.plan_json = row.text();
    run.seed = static_cast<std::uint64_t>(row.int64());
    run.time_control = row.text();
    run.book_path = row.text();
    run.book_format = row.text();
    run.book_order = row.text();
    run.book_plies = row.optional_integer();
    run.book_start = row.int64();
    stats::SprtParams sprt;
    sprt.elo0 = row.real();
    sprt.elo1 = row.real();
    sprt.alpha = row.real();
    sprt.beta = row.real();
    // Every SPRT run stores its model: a row without one has no SPRT.
    if (auto model = row.optional_text()) {
        sprt.model = internal::parse_column(stats::parse_model, *model, "runs.sprt_model");
        run.sprt = std::move(sprt);
    }
    run.max_pairs = row.optional_int64();
    run.concurrency = row.integer();
    run.status = internal::parse_column(parse_run_status, row.text(), "runs.status");
    run.verdict = internal::read_verdict(row);
    run.error_message = row.text();
    run.harness_version = row.text();
    run.created_at = row.text();
    run.started_at = row.text();
    run.finished_at = row.text();
    run.book_sha256 = row.text();
    return run;
}

std::optional<std::string> text_or_null(const std::string& text) {
    if (text.empty()) return std::nullopt;
    return text;
}

}  // namespace

std::int64_t Store::create_run(const RunRecord& run) {
    require_writable("create a run");
    auto stmt = statement(
        "INSERT INTO runs (kind, command_line, plan_json, seed, time_control, book_path, "
        "book_format, book_order, book_plies, book_start, sprt_elo0, sprt_elo1, sprt_alpha, "
        "sprt_beta, sprt_model, max_pairs, concurrency, status, verdict, error_message, "
        "harness_version, book_sha256) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, "
        "?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19, ?20, ?21, ?22)");
    stmt->bind(1, to_string(run.kind))
        .bind(2, run.command_line)
        .bind(3, run.plan_json.empty() ? std::string("{}") : run.plan_json)
        .bind(4, static_cast<std::int64_t>(run.seed))
        .bind(5, run.time_control)
        .bind(6, text_or_null(run.book_path))
        .bind(7, text_or_null(run.book_format))
        .bind(8, text_or_null(run.book_order))
        .bind(9, run.book_plies)
        .bind(10, run.book_start);
    if (run.sprt) {
        stmt->bind(11, run.sprt->elo0)
            .bind(12, run.sprt->elo1)
            .bind(13, run.sprt->alpha)
            .bind(14, run.sprt->beta)
            .bind(15, stats::model_name(run.sprt->model));
    }
    stmt->bind(16, run.max_pairs)
        .bind(17, run.concurrency)
        .bind(18, to_string(run.status))
        .bind(19, text_or_null(std::string(run_verdict_name(run.verdict))))
        .bind(20, run.error_message)
        .bind(21,
              run.harness_version.empty() ? kHarnessVersion : std::string_view(run.harness_version))
        .bind(22, text_or_null(run.book_sha256));
    internal::with_context("cannot store the " + std::string(to_string(run.kind)) + " run",
                           [&] { stmt->run(); });
    return db_.last_insert_rowid();
}

void Store::set_run_status(std::int64_t run_id, RunStatus status,
                           std::optional<stats::Verdict> verdict, std::string_view error_message) {
    require_writable("set a run's status");
    sqlite::Transaction tx(db_);
    auto stmt = statement(
        "UPDATE runs SET status = ?1, verdict = ?2, "
        "started_at = CASE WHEN ?1 = 'running' THEN COALESCE(started_at, ?5) "
        "ELSE started_at END, "
        "finished_at = CASE WHEN ?1 IN ('finished', 'interrupted', 'failed') THEN ?5 "
        "WHEN ?1 = 'running' THEN NULL ELSE finished_at END, "
        "error_message = CASE WHEN ?3 <> '' THEN ?3 ELSE error_message END "
        "WHERE id = ?4");
    stmt->bind(1, to_string(status))
        .bind(2, text_or_null(std::string(run_verdict_name(verdict))))
        .bind(3, error_message)
        .bind(4, run_id)
        .bind(5, now_timestamp());
    stmt->run();
    if (db_.changes() == 0) {
        throw StoreError(ErrorKind::kNotFound,
                         "no run " + std::to_string(run_id) + " in " + path_.string());
    }
    if (status == RunStatus::kFinished) {
        // A finished run has no player: its claim goes with the status, so a kill -9 between
        // the two cannot leave a finished run claimed.
        auto release = statement("DELETE FROM run_claims WHERE run_id = ?1");
        release->bind(1, run_id);
        release->run();
    }
    tx.commit();
}

RunRecord Store::load_run(std::int64_t run_id) const {
    auto stmt = statement("SELECT " + std::string(kRunColumns) + " FROM runs WHERE id = ?1");
    stmt->bind(1, run_id);
    auto run = stmt->first_row(read_run);
    if (!run) {
        throw StoreError(ErrorKind::kNotFound,
                         "no run " + std::to_string(run_id) + " in " + path_.string());
    }
    return *run;
}

std::vector<RunRecord> Store::list_runs() const {
    auto stmt = statement("SELECT " + std::string(kRunColumns) + " FROM runs ORDER BY id");
    return stmt->rows(read_run);
}

// ---------------------------------------------------------------- engines

namespace {

constexpr std::string_view kEngineColumns =
    "id, name, command, options_json, config_json, config_sha256, binary_sha256, created_at";

EngineRecord read_engine(sqlite::Row& row) {
    EngineRecord engine;
    engine.id = row.int64();
    engine.name = row.text();
    engine.command = row.text();
    engine.options_json = row.text();
    engine.config_json = row.text();
    engine.config_sha256 = row.text();
    engine.binary_sha256 = row.text();
    engine.created_at = row.text();
    return engine;
}

// The engine as it is keyed: normalised options and a config hash.
EngineRecord normalised(const EngineRecord& in) {
    EngineRecord engine = in;
    const std::string who = "engine '" + in.name + "'";
    if (engine.name.empty()) throw StoreError(ErrorKind::kInvalid, "an engine needs a name");
    try {
        const auto options =
            nlohmann::json::parse(in.options_json.empty() ? "{}" : in.options_json);
        if (!options.is_object()) {
            throw StoreError(ErrorKind::kInvalid, who + ": options_json must be a JSON object");
        }
        engine.options_json = options.dump();  // std::map order: keys sorted, compact
    } catch (const nlohmann::json::exception& e) {
        throw StoreError(ErrorKind::kInvalid,
                         who + ": options_json is not valid JSON: " + std::string(e.what()));
    }
    if (!engine.config_json.empty()) {
        const std::string hash = sha256_hex(engine.config_json);
        if (engine.config_sha256.empty()) {
            engine.config_sha256 = hash;
        } else if (engine.config_sha256 != hash) {
            throw StoreError(ErrorKind::kInvalid,
                             who + ": config_sha256 does not match the config text");
        }
    } else if (!engine.config_sha256.empty()) {
        throw StoreError(ErrorKind::kInvalid, who + ": config_sha256 given without config_json");
    }
    return engine;
}

}  // namespace

std::int64_t Store::upsert_engine(const EngineRecord& record) {
    require_writable("store an engine");
    const EngineRecord engine = normalised(record);
    sqlite::Transaction tx(db_);
    {
        auto find = statement(
            "SELECT id FROM engines WHERE name = ?1 AND command = ?2 AND options_json = ?3 AND "
            "config_sha256 = ?4 AND binary_sha256 = ?5");
        find->bind(1, engine.name)
            .bind(2, engine.command)
            .bind(3, engine.options_json)
            .bind(4, engine.config_sha256)
            .bind(5, engine.binary_sha256);
        if (find->step()) {
            const auto id = find->column_int64(0);
            return id;  // nothing written: the transaction rolls back harmlessly
        }
    }
    auto insert = statement(
        "INSERT INTO engines (name, command, options_json, config_json, config_sha256, "
        "binary_sha256) VALUES (?1, ?2, ?3, ?4, ?5, ?6)");
    insert->bind(1, engine.name)
        .bind(2, engine.command)
        .bind(3, engine.options_json)
        .bind(4, engine.config_json)
        .bind(5, engine.config_sha256)
        .bind(6, engine.binary_sha256);
    internal::with_context("cannot store engine '" + engine.name + "'", [&] { insert->run(); });
    const auto id = db_.last_insert_rowid();
    tx.commit();
    return id;
}

EngineRecord Store::load_engine(std::int64_t engine_id) const {
    auto stmt = statement("SELECT " + std::string(kEngineColumns) + " FROM engines WHERE id = ?1");
    stmt->bind(1, engine_id);
    auto engine = stmt->first_row(read_engine);
    if (!engine) {
        throw StoreError(ErrorKind::kNotFound,
                         "no engine " + std::to_string(engine_id) + " in " + path_.string());
    }
    return *engine;
}

void Store::attach_engine(std::int64_t run_id, std::int64_t engine_id, EngineRole role) {
    require_writable("attach an engine");
    sqlite::Transaction tx(db_);
    require_run(run_id);
    const EngineRecord engine = load_engine(engine_id);
    const std::string where = " to run " + std::to_string(run_id);
    {
        auto attached = statement(
            "SELECT re.role, e.name, re.engine_id = ?2 FROM run_engines re "
            "JOIN engines e ON e.id = re.engine_id "
            "WHERE re.run_id = ?1 AND (re.engine_id = ?2 OR (re.role = ?3 AND ?3 <> "
            "'participant'))");
        attached->bind(1, run_id).bind(2, engine_id).bind(3, to_string(role));
        struct Holder {
            std::string role, name;
            bool same_engine = false;
        };
        const auto holder = attached->first_row([](sqlite::Row& row) {
            return Holder{row.text(), row.text(), row.flag()};
        });
        if (holder && holder->same_engine) {
            throw StoreError(ErrorKind::kConstraint, "cannot attach engine '" + engine.name + "'" +
                                                         where + ": it is already attached (as " +
                                                         holder->role +
                                                         "); give the two sides distinct names");
        }
        if (holder) {
            throw StoreError(ErrorKind::kConstraint, "cannot attach engine '" + engine.name +
                                                         "' as " + std::string(to_string(role)) +
                                                         where + ": engine '" + holder->name +
                                                         "' already has that role");
        }
    }
    auto insert = statement(
        "INSERT INTO run_engines (run_id, engine_id, role, seat) VALUES (?1, ?2, ?3, "
        "(SELECT COALESCE(MAX(seat) + 1, 0) FROM run_engines WHERE run_id = ?1))");
    insert->bind(1, run_id).bind(2, engine_id).bind(3, to_string(role));
    internal::with_context("cannot attach engine '" + engine.name + "'" + where,
                           [&] { insert->run(); });
    tx.commit();
}

std::vector<RunEngine> Store::run_engines(std::int64_t run_id) const {
    auto stmt = statement(
        "SELECT e.id, e.name, e.command, e.options_json, e.config_json, e.config_sha256, "
        "e.binary_sha256, e.created_at, re.role FROM run_engines re "
        "JOIN engines e ON e.id = re.engine_id WHERE re.run_id = ?1 ORDER BY re.seat");
    stmt->bind(1, run_id);
    return stmt->rows([](sqlite::Row& row) {
        RunEngine engine;
        engine.engine = read_engine(row);
        engine.role = internal::parse_column(parse_engine_role, row.text(), "run_engines.role");
        return engine;
    });
}

}  // namespace lmr::store
