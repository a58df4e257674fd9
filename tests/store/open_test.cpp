// Opening databases: creation, pragmas, migrations, and every file we must
// refuse without modifying it.

#include <gtest/gtest.h>
#include <sqlite3.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <set>
#include <string>

#include "harness/store/schema.hpp"
#include "harness/store/store.hpp"
#include "tests/store/fixture.hpp"

namespace lmr::store {
namespace {

using core::GameResult;

using testing::read_bytes;
using testing::TempDir;
using testing::write_bytes;

// Runs raw SQL on a file outside the Store (to forge foreign or future files).
void raw_sql(const std::filesystem::path& path, const std::string& sql) {
    auto db = sqlite::Database::open(path.string(), SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE);
    db.exec(sql);
}

StoreError open_error(const std::filesystem::path& path, OpenMode mode = OpenMode::kReadWrite) {
    try {
        OpenOptions options;
        options.mode = mode;
        Store::open(path, options);
    } catch (const StoreError& e) {
        return e;
    }
    ADD_FAILURE() << "opening " << path << " should have failed";
    return StoreError(ErrorKind::kSqlite, "no error");
}

// The file and no side files (-wal, -shm, -journal) appeared or changed.
void expect_untouched(const std::filesystem::path& path, const std::string& before) {
    EXPECT_EQ(read_bytes(path), before) << path << " was modified";
    for (const char* suffix : {"-wal", "-shm", "-journal"}) {
        EXPECT_FALSE(std::filesystem::exists(path.string() + suffix)) << suffix << " left behind";
    }
}

TEST(StoreOpen, CreatesParentDirectoriesSchemaAndPragmas) {
    TempDir dir;
    const std::filesystem::path path = dir / "a/b/results.db";
    Store store = Store::open(path);
    ASSERT_TRUE(std::filesystem::exists(path));
    const auto& db = store.database();
    EXPECT_EQ(db.query_text("PRAGMA journal_mode"), "wal");
    EXPECT_EQ(db.query_int("PRAGMA foreign_keys"), 1);
    EXPECT_EQ(db.query_int("PRAGMA synchronous"), 1);  // NORMAL
    EXPECT_GT(db.query_int("PRAGMA busy_timeout"), 0);
    EXPECT_EQ(db.query_int("PRAGMA application_id"), kApplicationId);
    EXPECT_EQ(store.schema_version(), latest_schema_version());

    std::set<std::string> names;
    auto stmt = db.prepare("SELECT name FROM sqlite_schema WHERE type IN ('table', 'view')");
    while (stmt.step()) names.insert(stmt.column_text(0));
    for (const char* expected :
         {"runs", "engines", "run_engines", "games", "moves", "run_stats", "tune_runs",
          "tune_params", "tune_iterations", "pair_results", "run_summary", "engine_scores",
          "engine_move_stats", "game_lmr_stats", "game_lmr_rules", "engine_lmr_stats",
          "engine_lmr_rules"}) {
        EXPECT_TRUE(names.count(expected)) << "missing " << expected;
    }
}

// A second Store on a file this process already writes (the run's claim does that) must not
// drop the first connection's locks: if it did, another process closing its own connection
// would believe itself the last user, checkpoint and delete the WAL the writer still uses,
// and every game committed since would be lost with a kill -9.
TEST(StoreOpen, ASecondConnectionKeepsTheWriterLocksAgainstOtherProcesses) {
    TempDir dir;
    const std::filesystem::path path = dir / "shared.db";
    const std::string wal = path.string() + "-wal";
    Store writer = Store::open(path);
    testing::make_two_engine_run(writer);
    ASSERT_TRUE(std::filesystem::exists(wal));
    { Store second = Store::open(path); }
    Store third = Store::open(path);

    // Another process (a fresh one: SQLite's state must not be inherited through fork) that
    // opens, reads and closes the database, as `sqlite3` or a report does.
    const pid_t reader = ::fork();
    if (reader == 0) {
        ::execlp("sqlite3", "sqlite3", path.c_str(), "SELECT count(*) FROM runs;",
                 static_cast<char*>(nullptr));
        ::_exit(127);
    }
    int status = 0;
    ::waitpid(reader, &status, 0);
    ASSERT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << "sqlite3 (Debian sqlite3)";
    EXPECT_TRUE(std::filesystem::exists(wal))
        << "the other process took the database for unused and deleted the live WAL";
}

TEST(StoreOpen, ReopeningKeepsDataAndDoesNotMigrateTwice) {
    TempDir dir;
    const std::filesystem::path path = dir / "r.db";
    std::int64_t run = 0;
    {
        Store store = Store::open(path);
        run = store.create_run(testing::sprt_run());
    }
    Store store = Store::open(path);
    EXPECT_EQ(store.load_run(run).time_control, "nodes=20000");
    EXPECT_EQ(store.schema_version(), latest_schema_version());
}

TEST(StoreOpen, EmptyFileBecomesADatabase) {
    TempDir dir;
    const std::filesystem::path path = dir / "empty.db";
    write_bytes(path, "");
    Store store = Store::open(path);
    EXPECT_EQ(store.schema_version(), latest_schema_version());
}

TEST(StoreOpen, RefusesATextFileAndLeavesItUntouched) {
    TempDir dir;
    const std::filesystem::path path = dir / "notes.db";
    std::string text;
    for (int i = 0; i < 200; ++i)
        text += "this is not a database, line " + std::to_string(i) + "\n";
    write_bytes(path, text);
    const StoreError error = open_error(path);
    EXPECT_EQ(error.kind(), ErrorKind::kNotSqlite);
    EXPECT_NE(std::string(error.what()).find("not an SQLite database"), std::string::npos);
    EXPECT_NE(std::string(error.what()).find(path.string()), std::string::npos);
    expect_untouched(path, text);
    EXPECT_EQ(open_error(path, OpenMode::kReadOnly).kind(), ErrorKind::kNotSqlite);
}

TEST(StoreOpen, RefusesAFileShorterThanTheHeader) {
    TempDir dir;
    const std::filesystem::path path = dir / "short.db";
    write_bytes(path, "SQLite");
    EXPECT_EQ(open_error(path).kind(), ErrorKind::kNotSqlite);
    expect_untouched(path, "SQLite");
}

TEST(StoreOpen, RefusesAnotherProgramsDatabase) {
    TempDir dir;
    const std::filesystem::path path = dir / "other.db";
    raw_sql(path, "CREATE TABLE contacts (name TEXT); INSERT INTO contacts VALUES ('x');");
    const std::string before = read_bytes(path);
    const StoreError error = open_error(path);
    EXPECT_EQ(error.kind(), ErrorKind::kForeign);
    EXPECT_NE(std::string(error.what()).find("another program"), std::string::npos);
    expect_untouched(path, before);
    EXPECT_EQ(open_error(path, OpenMode::kReadOnly).kind(), ErrorKind::kForeign);
    expect_untouched(path, before);
}

TEST(StoreOpen, RefusesAnEmptyDatabaseCarryingAnotherApplicationId) {
    TempDir dir;
    const std::filesystem::path path = dir / "other-id.db";
    raw_sql(path, "PRAGMA application_id = 1234");
    const std::string before = read_bytes(path);
    EXPECT_EQ(open_error(path).kind(), ErrorKind::kForeign);
    expect_untouched(path, before);
}

TEST(StoreOpen, RefusesANewerSchema) {
    TempDir dir;
    const std::filesystem::path path = dir / "future.db";
    { Store::open(path); }
    raw_sql(path, "PRAGMA user_version = " + std::to_string(latest_schema_version() + 1));
    const std::string before = read_bytes(path);
    const StoreError error = open_error(path);
    EXPECT_EQ(error.kind(), ErrorKind::kTooNew);
    const std::string message = error.what();
    EXPECT_NE(message.find("schema version " + std::to_string(latest_schema_version() + 1)),
              std::string::npos);
    EXPECT_NE(message.find("newer"), std::string::npos);
    EXPECT_EQ(read_bytes(path), before);
    EXPECT_EQ(open_error(path, OpenMode::kReadOnly).kind(), ErrorKind::kTooNew);
    EXPECT_EQ(read_bytes(path), before);
}

// Fills a database with enough rows to span many pages, closes it (the last
// close checkpoints the WAL into the main file) and returns its path.
std::filesystem::path filled_database(const TempDir& dir) {
    const std::filesystem::path path = dir / "filled.db";
    Store store = Store::open(path);
    const auto ids = testing::make_two_engine_run(store);
    for (int pair = 0; pair < 40; ++pair) {
        testing::record(
            store, testing::make_game(ids.run, pair, 0, ids.base, ids.test, GameResult::kDraw, 8));
        testing::record(store, testing::make_game(ids.run, pair, 1, ids.test, ids.base,
                                                  GameResult::kWhiteWins, 8));
    }
    return path;
}

TEST(StoreOpen, RefusesACorruptFileAndLeavesItUntouched) {
    TempDir dir;
    const auto path = filled_database(dir);
    std::string bytes = read_bytes(path);
    ASSERT_GT(bytes.size(), 8u * 4096u);
    // Scribble over the middle of the file: b-tree pages become garbage.
    for (std::size_t i = 3 * 4096; i < 6 * 4096; ++i) bytes[i] = static_cast<char>(0xA5 ^ i);
    write_bytes(path, bytes);
    const StoreError error = open_error(path);
    EXPECT_EQ(error.kind(), ErrorKind::kCorrupt) << error.what();
    EXPECT_NE(std::string(error.what()).find("corrupt"), std::string::npos) << error.what();
    expect_untouched(path, bytes);
    EXPECT_EQ(open_error(path, OpenMode::kReadOnly).kind(), ErrorKind::kCorrupt);
}

TEST(StoreOpen, RefusesATruncatedFile) {
    TempDir dir;
    const auto path = filled_database(dir);
    std::string bytes = read_bytes(path);
    bytes.resize(bytes.size() / 2);
    write_bytes(path, bytes);
    const StoreError error = open_error(path);
    EXPECT_EQ(error.kind(), ErrorKind::kCorrupt) << error.what();
    expect_untouched(path, bytes);
}

TEST(StoreOpen, ReadOnlyNeedsAnExistingDatabaseAndRefusesWrites) {
    TempDir dir;
    const StoreError missing = open_error(dir / "missing.db", OpenMode::kReadOnly);
    EXPECT_EQ(missing.kind(), ErrorKind::kUnusablePath);
    EXPECT_NE(std::string(missing.what()).find("missing.db': no such database"), std::string::npos)
        << missing.what();
    EXPECT_FALSE(std::filesystem::exists(dir / "missing.db"));

    write_bytes(dir / "blank.db", "");
    EXPECT_EQ(open_error(dir / "blank.db", OpenMode::kReadOnly).kind(), ErrorKind::kForeign);

    const std::filesystem::path path = dir / "r.db";
    std::int64_t run = 0;
    {
        Store store = Store::open(path);
        run = store.create_run(testing::sprt_run());
    }
    OpenOptions options;
    options.mode = OpenMode::kReadOnly;
    Store reader = Store::open(path, options);
    EXPECT_EQ(reader.load_run(run).seed, 42u);
    try {
        reader.create_run(testing::sprt_run());
        FAIL() << "a read-only store accepted a write";
    } catch (const StoreError& e) {
        EXPECT_EQ(e.kind(), ErrorKind::kReadOnly);
    }
}

TEST(StoreOpen, CannotCreateADatabaseUnderAFile) {
    TempDir dir;
    write_bytes(dir / "plain", "x");
    const StoreError error = open_error(dir / "plain/sub/r.db");
    EXPECT_EQ(error.kind(), ErrorKind::kUnusablePath);
    EXPECT_NE(std::string(error.what()).find("plain' is not a directory"), std::string::npos)
        << error.what();
    EXPECT_THROW(check_path_for_writing(dir / "plain/sub/r.db"), StoreError);
    EXPECT_FALSE(std::filesystem::exists(dir / "plain/sub"));
}

// A path that names no usable database is the user's input, not a failure of the work: its
// own kind, which is_bad_input says, so a command exits 2 rather than stopping a run (4).
TEST(StoreOpen, AnUnusablePathIsBadInputNamedBeforeAnythingIsCreated) {
    TempDir dir;
    std::filesystem::create_directory(dir / "a-directory.db");
    for (const OpenMode mode : {OpenMode::kReadWrite, OpenMode::kReadOnly}) {
        const StoreError error = open_error(dir / "a-directory.db", mode);
        EXPECT_EQ(error.kind(), ErrorKind::kUnusablePath);
        EXPECT_NE(std::string(error.what()).find("a-directory.db' is a directory"),
                  std::string::npos)
            << error.what();
    }
    OpenOptions continuing;  // a command continuing a stored run must not create one
    continuing.create = false;
    try {
        (void)Store::open(dir / "sub/gone.db", continuing);
        FAIL() << "create = false created a database";
    } catch (const StoreError& e) {
        EXPECT_EQ(e.kind(), ErrorKind::kUnusablePath) << e.what();
    }
    EXPECT_FALSE(std::filesystem::exists(dir / "sub"));
    EXPECT_NO_THROW(check_path_for_writing(dir / "sub/new.db"));  // created when opened
    EXPECT_TRUE(is_bad_input(ErrorKind::kUnusablePath));
    EXPECT_TRUE(is_bad_input(ErrorKind::kTooOld));
    EXPECT_FALSE(is_bad_input(ErrorKind::kIo));
    EXPECT_FALSE(is_bad_input(ErrorKind::kBusy));
}

// What version 6 added (PV checks), taken out of a file to make it look older.
constexpr std::string_view kWithoutVersion6 =
    "DROP VIEW engine_pv_violations; DROP VIEW engine_pv_checks; "
    "DROP TABLE game_pv_violations; DROP TABLE game_pv_checks; ";

// A version-2 file (before LMR statistics): what version 3 adds is taken out again, as the
// migration runner would have left a database written by an older build.
TEST(StoreMigrations, VersionTwoGainsLmrStatisticsAndKeepsItsGames) {
    TempDir dir;
    const std::filesystem::path path = dir / "v2.db";
    std::int64_t run = 0;
    {
        Store store = Store::open(path);
        const auto ids = testing::make_two_engine_run(store);
        run = ids.run;
        testing::record(
            store, testing::make_game(ids.run, 0, 0, ids.base, ids.test, GameResult::kDraw, 6));
    }
    raw_sql(
        path,
        std::string(kWithoutVersion6) +
            "DROP VIEW engine_lmr_rules; DROP VIEW engine_lmr_stats; DROP TABLE game_lmr_rules; "
            "DROP TABLE game_lmr_stats; DROP TABLE run_claims; DROP TABLE run_changes; "
            "ALTER TABLE runs DROP COLUMN book_sha256; PRAGMA user_version = 2;");

    // A report (read-only) must not migrate: it is told to upgrade first.
    EXPECT_EQ(open_error(path, OpenMode::kReadOnly).kind(), ErrorKind::kTooOld);

    Store store = Store::open(path);
    EXPECT_EQ(store.schema_version(), latest_schema_version());
    EXPECT_EQ(store.game_count(run), 1);
    EXPECT_EQ(store.moves_of_game(store.games_of_run(run).at(0).id).size(), 6u);
    EXPECT_TRUE(store.lmr_stats(run).empty());  // older games have no LMR statistics

    const auto engines = store.run_engines(run);
    StoredGame next = testing::make_game(run, 0, 1, engines.at(1).engine.id,
                                         engines.at(0).engine.id, GameResult::kWhiteWins, 2);
    core::LmrGameStats stats;
    stats.reports = 1;
    stats.total.stats.calls = 3;
    stats.total.stats.by_plies[reduction::LmrStats::kMaxPlies + 1] = 3;
    next.record.lmr_stats[chess::kWhite] = stats;
    testing::record(store, next);
    const auto lmr = store.lmr_stats(run);
    ASSERT_EQ(lmr.size(), 1u);
    EXPECT_EQ(lmr[0].late, 3);
    EXPECT_EQ(lmr[0].reduced, 3);
}

TEST(StoreMigrations, VersionThreeGainsRunInputsAndClaims) {
    TempDir dir;
    const std::filesystem::path path = dir / "v3.db";
    std::int64_t run = 0;
    {
        Store store = Store::open(path);
        run = testing::make_two_engine_run(store).run;
    }
    raw_sql(path, std::string(kWithoutVersion6) +
                      "DROP TABLE run_claims; DROP TABLE run_changes; "
                      "ALTER TABLE runs DROP COLUMN book_sha256; PRAGMA user_version = 3;");

    Store store = Store::open(path);
    EXPECT_EQ(store.schema_version(), latest_schema_version());
    EXPECT_EQ(store.load_run(run).book_sha256, "") << "an older run recorded no book hash";
    EXPECT_TRUE(store.run_changes(run).empty());
    EXPECT_FALSE(store.run_claim(run));
    RunClaim claim{"host", 7, 1.0, 2.0};
    EXPECT_FALSE(store.claim_run(run, claim, [](const RunClaim&) { return false; }));
    EXPECT_EQ(store.run_claim(run)->pid, 7);
}

// A version-4 file: runs.sprt_model allowed 'normalized' and 'logistic' only. Version 5 widens
// the CHECK for 'bayesian' without touching the stored runs.
TEST(StoreMigrations, VersionFourGainsTheBayesEloModel) {
    TempDir dir;
    const std::filesystem::path path = dir / "v4.db";
    std::int64_t run = 0;
    {
        Store store = Store::open(path);
        run = testing::make_two_engine_run(store).run;
    }
    // The CREATE statement as version 1 wrote it, put back the way version 5 changes it.
    raw_sql(path,
            std::string(kWithoutVersion6) +
                "PRAGMA writable_schema = ON; UPDATE sqlite_schema SET sql = replace(sql, "
                "'''normalized'', ''logistic'', ''bayesian''', '''normalized'', ''logistic''') "
                "WHERE name = 'runs'; PRAGMA writable_schema = OFF; PRAGMA user_version = 4;");
    {
        auto db = sqlite::Database::open(path.string(), SQLITE_OPEN_READWRITE);
        EXPECT_THROW(db.exec("UPDATE runs SET sprt_model = 'bayesian'"), StoreError)
            << "the forged version-4 file should refuse the model";
    }

    Store store = Store::open(path);
    EXPECT_EQ(store.schema_version(), latest_schema_version());
    EXPECT_EQ(store.load_run(run).sprt->model, stats::EloModel::kNormalized);
    RunRecord bayesian = testing::sprt_run();
    bayesian.sprt->model = stats::EloModel::kBayesElo;
    const auto id = store.create_run(bayesian);
    EXPECT_EQ(store.load_run(id).sprt->model, stats::EloModel::kBayesElo);
    EXPECT_EQ(store.database().query_text("PRAGMA integrity_check"), "ok");
    // A later connection reads the widened check from the file, and it still checks.
    auto db = sqlite::Database::open(path.string(), SQLITE_OPEN_READWRITE);
    db.exec("UPDATE runs SET sprt_model = 'bayesian' WHERE id = " + std::to_string(run));
    EXPECT_THROW(db.exec("UPDATE runs SET sprt_model = 'bayes'"), StoreError);
}

// The migration runner itself, on a list of made-up migrations.
TEST(StoreMigrations, AppliesInOrderAndRollsBackAFailingStep) {
    TempDir dir;
    const std::filesystem::path path = dir / "m.db";
    auto db = sqlite::Database::open(path.string(), SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE);
    const Migration good[] = {
        {1, "one", "CREATE TABLE a (x INTEGER);"},
        {2, "two", "CREATE TABLE b (y INTEGER); INSERT INTO a VALUES (1);"},
    };
    EXPECT_EQ(apply_migrations(db, good), 2);
    EXPECT_EQ(db.query_int("PRAGMA user_version"), 2);
    EXPECT_EQ(db.query_int("PRAGMA application_id"), kApplicationId);
    EXPECT_EQ(apply_migrations(db, good), 0);  // idempotent

    const Migration with_bad_third[] = {
        good[0],
        good[1],
        {3, "three", "CREATE TABLE c (z INTEGER); INSERT INTO a VALUES (2); CREATE TABLE oops ("},
    };
    try {
        apply_migrations(db, with_bad_third);
        FAIL() << "a broken migration was applied";
    } catch (const StoreError& e) {
        EXPECT_NE(std::string(e.what()).find("schema migration 3"), std::string::npos);
    }
    EXPECT_EQ(db.query_int("PRAGMA user_version"), 2);
    EXPECT_EQ(db.query_int("SELECT count(*) FROM sqlite_schema WHERE name = 'c'"), 0);
    EXPECT_EQ(db.query_int("SELECT count(*) FROM a"), 1);
}

TEST(StoreMigrations, ShippedListHasNoGaps) {
    int expected = 1;
    for (const Migration& m : migrations()) EXPECT_EQ(m.version, expected++);
    EXPECT_EQ(latest_schema_version(), expected - 1);
}

// A version-5 file (before PV checks) keeps its games, which have no PV checks, and stores new
// games with theirs.
TEST(StoreMigrations, VersionFiveGainsPvChecks) {
    TempDir dir;
    const std::filesystem::path path = dir / "v5.db";
    std::int64_t run = 0;
    {
        Store store = Store::open(path);
        const auto ids = testing::make_two_engine_run(store);
        run = ids.run;
        testing::record(
            store, testing::make_game(ids.run, 0, 0, ids.base, ids.test, GameResult::kDraw, 6));
    }
    raw_sql(path, std::string(kWithoutVersion6) + "PRAGMA user_version = 5;");
    EXPECT_EQ(open_error(path, OpenMode::kReadOnly).kind(), ErrorKind::kTooOld);

    Store store = Store::open(path);
    EXPECT_EQ(store.schema_version(), latest_schema_version());
    EXPECT_EQ(store.game_count(run), 1);
    EXPECT_TRUE(store.pv_checks(run).empty()) << "an older game was not checked";

    const auto engines = store.run_engines(run);
    StoredGame next = testing::make_game(run, 0, 1, engines.at(1).engine.id,
                                         engines.at(0).engine.id, GameResult::kWhiteWins, 2);
    core::PvTally& checks = next.record.pv_checks[chess::kWhite];
    checks.searches = 1;
    checks.pvs = 3;
    const auto mate_short = static_cast<int>(core::PvViolation::kMateShort);
    checks.counts[mate_short] = 2;
    checks.first[mate_short] = "Incomplete mating PV; info: …";
    testing::record(store, next);
    const auto pv = store.pv_checks(run);
    ASSERT_EQ(pv.size(), 1u);
    EXPECT_EQ(pv[0].name, "test");
    EXPECT_EQ(pv[0].violations, 2);
}

}  // namespace
}  // namespace lmr::store
