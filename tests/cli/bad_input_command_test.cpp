// Bad input to the commands that take --db (issue 24): an empty or flag-like value, a run or
// a database that is not there, a database that cannot be read or written, a --concurrency no
// machine needs. Each exits 2 with a message naming the flag, the file or the run, and writes
// nothing: no database, no PGN, no config.

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "harness/store/store.hpp"
#include "tests/cli/run_binary.hpp"
#include "tests/support/sqlite_db.hpp"
#include "tests/support/text.hpp"

namespace lmr {
namespace {

using test::contains;

namespace fs = std::filesystem;
using test::RunResult;
using test::TempDir;

const std::string kConfigs = std::string(LMR_SOURCE_DIR) + "/configs/";
const std::string kSetpriv = "/usr/bin/setpriv";

// Runs lmr-harness in `dir`. With `as_nobody`, a test running as root drops its rights first
// (setpriv to uid 65534), so file permissions apply to the harness as they do to a user.
RunResult harness_in(const TempDir& dir, std::vector<std::string> args, bool as_nobody = false) {
    std::string program = LMR_HARNESS_BINARY;
    if (as_nobody && ::geteuid() == 0) {
        args.insert(args.begin(), {"--reuid=65534", "--regid=65534", "--clear-groups", program});
        program = kSetpriv;
    }
    return test::run_process(program, args, dir.path(), std::chrono::minutes(2));
}

// Permissions only bind a harness that is not root: true when the test can run it so.
bool can_drop_root() {
    return ::geteuid() != 0 || fs::exists(kSetpriv);
}

// The files in `dir`, without the captured output of the harness and SQLite's -wal and -shm
// files (a reader may leave them beside a database; they are not a database of their own).
std::set<std::string> files_in(const TempDir& dir) {
    std::set<std::string> names;
    for (const auto& entry : fs::directory_iterator(dir.path())) {
        const std::string name = entry.path().filename().string();
        const auto ends_with = [&](const std::string& tail) {
            return name.size() >= tail.size() &&
                   name.compare(name.size() - tail.size(), tail.size(), tail) == 0;
        };
        if (name.rfind("child-", 0) == 0 || ends_with("-wal") || ends_with("-shm")) continue;
        names.insert(name);
    }
    return names;
}

std::string joined(const std::vector<std::string>& args) {
    std::string text;
    for (const auto& arg : args) text += (text.empty() ? "" : " ") + arg;
    return text;
}

// Good command lines of the commands that play (short, node-limited), without --db.
std::vector<std::vector<std::string>> playing_commands() {
    const std::string none = kConfigs + "none.json", cpw = kConfigs + "cpw-simple.json";
    const std::vector<std::string> play{"--tc", "nodes=10", "--book", "none"};
    const auto with_play = [&](std::vector<std::string> args) {
        args.insert(args.end(), play.begin(), play.end());
        return args;
    };
    return {
        with_play({"match", "--base", none, "--test", cpw, "--pairs", "1"}),
        with_play({"sprt", "--base", none, "--test", cpw, "--max-pairs", "1"}),
        with_play({"tournament", "--config", none, "--config", cpw, "--pairs", "1"}),
        with_play({"tune", "--base", kConfigs + "rebel-expert.json", "--iterations", "1",
                   "--pairs-per-iteration", "1", "--param",
                   "lmr.steps.history.weight,10,0,30,2,0.002"}),
    };
}

// The commands that read a stored run, asking for run 1, without --db.
std::vector<std::vector<std::string>> reading_commands() {
    return {{"report"},
            {"report", "--run", "1"},
            {"pgn", "--run", "1"},
            {"resume", "--run", "1"},
            {"tune", "resume", "--run", "1"},
            {"tune", "show", "--run", "1"},
            {"tune", "export", "--run", "1"}};
}

std::vector<std::vector<std::string>> every_db_command() {
    auto all = playing_commands();
    for (auto& args : reading_commands()) all.push_back(std::move(args));
    return all;
}

// A valid, empty results database (no runs) in `dir`.
std::string make_database(const TempDir& dir, const std::string& name = "results.db") {
    const std::string path = dir / name;
    { auto store = store::Store::open(path); }
    return path;
}

// ---------------------------------------------------------------- --db "" and --db --flag

TEST(BadInputCli, EmptyDatabaseIsRefusedByEveryCommand) {
    for (auto args : every_db_command()) {
        TempDir dir;
        const std::string command = joined(args);
        args.insert(args.end(), {"--db", ""});
        const auto r = harness_in(dir, args);
        EXPECT_EQ(r.exit_code, 2) << command << '\n' << test::describe(r);
        EXPECT_TRUE(contains(r.err, "--db ''")) << command << '\n' << r.err;
        EXPECT_TRUE(files_in(dir).empty()) << command << ": a file was written";
    }
}

// A tune stores no games, so the PGN tags of a run's games would name nothing: refused, not
// stored and ignored.
TEST(BadInputCli, ATuneRefusesThePgnTagsOfARunsGames) {
    for (const char* flag : {"--event", "--site"}) {
        TempDir dir;
        auto args = playing_commands().back();
        args.insert(args.end(), {flag, "Club final"});
        const auto r = harness_in(dir, args);
        EXPECT_EQ(r.exit_code, 2) << flag << '\n' << test::describe(r);
        EXPECT_TRUE(contains(r.err, std::string(flag) + " names the PGN of a run's games"))
            << r.err;
        EXPECT_TRUE(files_in(dir).empty()) << flag << ": a file was written";
    }
}

TEST(BadInputCli, EmptyDatabaseAfterAnEqualsSignIsRefused) {
    TempDir dir;
    auto args = playing_commands().front();
    args.push_back("--db=");
    const auto r = harness_in(dir, args);
    EXPECT_EQ(r.exit_code, 2) << test::describe(r);
    EXPECT_TRUE(contains(r.err, "'--db'")) << r.err;  // Boost's own message names it
    EXPECT_TRUE(files_in(dir).empty());
}

TEST(BadInputCli, FlagAsTheValueOfDbIsRefusedByEveryCommand) {
    for (auto args : every_db_command()) {
        TempDir dir;
        const std::string command = joined(args);
        // `--db` right before the command's first flag, which it would take as its value.
        const auto first_flag = std::find_if(
            args.begin(), args.end(), [](const std::string& a) { return a.rfind("--", 0) == 0; });
        const std::string next = first_flag == args.end() ? "--format" : *first_flag;
        if (first_flag == args.end()) args.insert(args.end(), {"--format", "json"});
        args.insert(std::find(args.begin(), args.end(), next), "--db");
        const auto r = harness_in(dir, args);
        EXPECT_EQ(r.exit_code, 2) << command << '\n' << test::describe(r);
        EXPECT_TRUE(contains(r.err, "--db '" + next + "'")) << command << '\n' << r.err;
        EXPECT_TRUE(files_in(dir).empty()) << command << ": a file was written";
    }
}

TEST(BadInputCli, TheIssuesExampleCreatesNoDatabaseNamedPairs) {
    TempDir dir;
    const auto r = harness_in(
        dir, {"match", "--base", kConfigs + "none.json", "--test", kConfigs + "cpw-simple.json",
              "--tc", "nodes=10", "--book", "none", "--db", "--pairs", "1"});
    EXPECT_EQ(r.exit_code, 2) << test::describe(r);
    EXPECT_TRUE(contains(r.err, "--db '--pairs'")) << r.err;
    EXPECT_TRUE(contains(r.err, "--db=--pairs")) << "the message says how to mean it:\n" << r.err;
    EXPECT_FALSE(fs::exists(dir / "--pairs"));
    EXPECT_TRUE(files_in(dir).empty());
}

TEST(BadInputCli, FlagLikeValuesAreRefusedForEveryFlagNotOnlyPaths) {
    TempDir dir;
    const auto r = harness_in(dir, {"stats", "--wdl", "10,20,15", "--elo0", "--elo1", "3"});
    EXPECT_EQ(r.exit_code, 2) << test::describe(r);
    EXPECT_TRUE(contains(r.err, "--elo0 '--elo1'")) << r.err;
    // A single dash is still a value: a negative bound.
    const auto negative = harness_in(dir, {"stats", "--wdl", "10,20,15", "--elo0", "-2"});
    EXPECT_EQ(negative.exit_code, 0) << test::describe(negative);
}

TEST(BadInputCli, AFlagLikeValueGivenWithEqualsIsMeant) {
    TempDir dir;
    auto args = playing_commands().front();
    args.push_back("--db=--odd.db");
    const auto r = harness_in(dir, args);
    EXPECT_EQ(r.exit_code, 0) << test::describe(r);
    EXPECT_TRUE(fs::exists(dir / "--odd.db"));
}

// ---------------------------------------------------------------- runs and databases not there

TEST(BadInputCli, ARunThatDoesNotExistIsAnErrorNamingRunAndDatabase) {
    TempDir dir;
    const std::string db = make_database(dir);
    const std::string bytes = test::read_file(db);
    const std::vector<std::vector<std::string>> commands{
        {"pgn", "--run", "999", "--out", "run.pgn"},
        {"pgn", "--run", "999"},
        {"report", "--run", "999"},
        {"resume", "--run", "999"},
        {"tune", "show", "--run", "999"},
        {"tune", "export", "--run", "999", "--out", "tuned.json"},
        {"tune", "resume", "--run", "999"}};
    for (auto args : commands) {
        const std::string command = joined(args);
        args.insert(args.end(), {"--db", db});
        const auto r = harness_in(dir, args);
        EXPECT_EQ(r.exit_code, 2) << command << '\n' << test::describe(r);
        EXPECT_TRUE(contains(r.err, "999")) << command << '\n' << r.err;
        EXPECT_TRUE(contains(r.err, "results.db")) << command << '\n' << r.err;
        EXPECT_TRUE(r.out.empty()) << command << '\n' << r.out;
        EXPECT_EQ(files_in(dir), std::set<std::string>{"results.db"}) << command;
        EXPECT_TRUE(test::read_file(db) == bytes) << command << ": the database changed";
    }
}

// Run ids start at 1, and every command that takes --run says so in the same words (pgn once
// went on to look for run 0).
TEST(BadInputCli, RunZeroIsRefusedAsAFlagByEveryCommandThatTakesARun) {
    TempDir dir;
    const std::string db = make_database(dir);
    for (auto args : std::vector<std::vector<std::string>>{{"pgn", "--run", "0"},
                                                           {"report", "--run", "0"},
                                                           {"resume", "--run", "0"},
                                                           {"tune", "show", "--run", "0"},
                                                           {"tune", "export", "--run", "0"},
                                                           {"tune", "resume", "--run", "0"}}) {
        const std::string command = joined(args);
        args.insert(args.end(), {"--db", db});
        const auto r = harness_in(dir, args);
        EXPECT_EQ(r.exit_code, 2) << command << '\n' << test::describe(r);
        EXPECT_TRUE(contains(r.err, "--run '0': must be at least 1")) << command << '\n' << r.err;
    }
}

TEST(BadInputCli, AMissingDatabaseIsExitTwoInEveryReadingCommand) {
    TempDir dir;
    for (auto args : reading_commands()) {
        const std::string command = joined(args);
        args.insert(args.end(), {"--db", dir / "missing.db"});
        const auto r = harness_in(dir, args);
        EXPECT_EQ(r.exit_code, 2) << command << '\n' << test::describe(r);
        EXPECT_TRUE(contains(r.err, "missing.db")) << command << '\n' << r.err;
        EXPECT_TRUE(contains(r.err, "no such database")) << command << '\n' << r.err;
        EXPECT_TRUE(files_in(dir).empty()) << command << ": a file was written";
    }
}

// ---------------------------------------------------------------- read-only files and directories

// A message about a file the harness cannot use names it and is not SQLite's text.
void expect_names_file(const RunResult& r, const std::string& command, const std::string& file) {
    EXPECT_EQ(r.exit_code, 2) << command << '\n' << test::describe(r);
    EXPECT_TRUE(contains(r.err, file)) << command << '\n' << r.err;
    for (const char* sql : {"SQL step", "PRAGMA", "INSERT", "readonly database"})
        EXPECT_FALSE(contains(r.err, sql)) << command << ": bare SQL text\n" << r.err;
}

TEST(BadInputCli, ADatabaseInAReadOnlyDirectoryIsNamed) {
    if (!can_drop_root()) GTEST_SKIP() << "running as root without " << kSetpriv;
    TempDir dir;
    const std::string db = make_database(dir);
    const std::string bytes = test::read_file(db);
    // Root's directory is not writable by uid 65534; a user's own needs its write bit off.
    if (::geteuid() != 0) ::chmod(dir.path().c_str(), 0555);
    for (auto args : reading_commands()) {
        const std::string command = joined(args);
        args.insert(args.end(), {"--db", db});
        expect_names_file(harness_in(dir, args, /*as_nobody=*/true), command, "results.db");
    }
    for (const std::string name : {"results.db", "new.db"}) {
        auto args = playing_commands().front();
        args.insert(args.end(), {"--db", dir / name});
        expect_names_file(harness_in(dir, args, /*as_nobody=*/true), "match --db " + name, name);
    }
    ::chmod(dir.path().c_str(), 0755);
    EXPECT_FALSE(fs::exists(dir / "new.db"));
    EXPECT_TRUE(test::read_file(db) == bytes) << "the database changed";
}

TEST(BadInputCli, AReadOnlyDatabaseFileIsNamedAndLeftAsItWas) {
    if (!can_drop_root()) GTEST_SKIP() << "running as root without " << kSetpriv;
    TempDir dir;
    const std::string db = make_database(dir);
    const std::string bytes = test::read_file(db);
    ::chmod(db.c_str(), 0444);
    // The directory is writable by whoever runs the harness; only the file is read-only.
    if (::geteuid() == 0) {
        ASSERT_EQ(::chown(dir.path().c_str(), 65534, 65534), 0);
    }
    for (auto args : playing_commands()) {
        const std::string command = joined(args);
        args.insert(args.end(), {"--db", db});
        expect_names_file(harness_in(dir, args, /*as_nobody=*/true), command, "results.db");
    }
    auto resume = std::vector<std::string>{"resume", "--run", "1", "--db", db};
    expect_names_file(harness_in(dir, resume, /*as_nobody=*/true), "resume", "results.db");
    EXPECT_TRUE(test::read_file(db) == bytes) << "the database changed";
    test::Db check(db);
    EXPECT_EQ(check.integer("SELECT count(*) FROM runs"), 0);
}

// ---------------------------------------------------------------- --concurrency

int hardware_threads() {
    return static_cast<int>(std::max(1U, std::thread::hardware_concurrency()));
}

TEST(BadInputCli, ConcurrencyAboveTheHardwareThreadsNeedsForce) {
    for (const std::string& value :
         {std::string("10000"), std::to_string(hardware_threads() + 1)}) {
        for (auto args : playing_commands()) {
            TempDir dir;
            const std::string command = joined(args);
            args.insert(args.end(), {"--concurrency", value, "--db", dir / "c.db"});
            const auto r = harness_in(dir, args);
            EXPECT_EQ(r.exit_code, 2) << command << '\n' << test::describe(r);
            EXPECT_TRUE(contains(r.err, "--concurrency '" + value + "'")) << command << r.err;
            EXPECT_TRUE(contains(
                r.err, "above the " + std::to_string(hardware_threads()) + " hardware threads"))
                << "the message gives the bound:\n"
                << r.err;
            EXPECT_TRUE(contains(r.err, "--force-concurrency")) << "and the way past it:\n"
                                                                << r.err;
            EXPECT_TRUE(files_in(dir).empty()) << command << ": a file was written";
        }
    }
}

// --affinity (fastchess's -use-affinity): a list the machine cannot honour is bad input named by
// the flag, before any file, for a new run and a resumed one; a good one says where the slots
// are held and plays.
TEST(BadInputCli, AffinityTakesCpusThisMachineHas) {
    auto commands = playing_commands();
    // resume refuses the list before it reads the database (there is none here).
    commands.push_back({"resume", "--run", "1"});
    commands.push_back({"tune", "resume", "--run", "1"});
    for (const std::string value : {"2-1", "99999", "x"}) {
        for (auto args : commands) {
            TempDir dir;
            const std::string command = joined(args);
            args.insert(args.end(), {"--affinity", value, "--db", dir / "c.db"});
            const auto r = harness_in(dir, args);
            EXPECT_EQ(r.exit_code, 2) << command << '\n' << test::describe(r);
            EXPECT_TRUE(contains(r.err, "--affinity '" + value + "'")) << command << r.err;
            EXPECT_TRUE(files_in(dir).empty()) << command << ": a file was written";
        }
    }
    TempDir dir;
    auto args = playing_commands().front();
    args.insert(args.end(), {"--affinity", "all", "--db", dir / "c.db"});
    const auto r = harness_in(dir, args);
    ASSERT_EQ(r.exit_code, 0) << test::describe(r);
    EXPECT_TRUE(contains(r.out, "Slots held on CPUs 0")) << r.out;
    EXPECT_EQ(test::Db(dir / "c.db").integer("SELECT count(*) FROM games"), 2);
}

// Two slots on one CPU would each slow the other's engines: `--concurrency 2 --affinity 0,0`
// (the list's CPU given twice counts once) is refused by every playing command before any file,
// where it used to put both slots on CPU 0 without a word.
TEST(BadInputCli, AffinityHoldsEachSlotOnACpuOfItsOwn) {
    for (auto args : playing_commands()) {
        TempDir dir;
        const std::string command = joined(args);
        args.insert(args.end(), {"--concurrency", "2", "--affinity", "0,0", "--db", dir / "c.db"});
        const auto r = harness_in(dir, args);
        EXPECT_EQ(r.exit_code, 2) << command << '\n' << test::describe(r);
        EXPECT_TRUE(contains(r.err, "2 game slots (--concurrency) held on 1 CPU (--affinity 0, "))
            << command << r.err;
        EXPECT_TRUE(files_in(dir).empty()) << command << ": a file was written";
    }
}

TEST(BadInputCli, NeverMoreSlotsThanGames) {
    TempDir dir;
    auto args = playing_commands().front();  // one pair: two games
    const std::string db = dir / "c.db";
    const int asked = 4;  // more than the run's two games, and forced past a small machine
    args.insert(args.end(),
                {"--concurrency", std::to_string(asked), "--force-concurrency", "--db", db});
    const auto r = harness_in(dir, args);
    ASSERT_EQ(r.exit_code, 0) << test::describe(r);
    test::Db check(db);
    EXPECT_EQ(check.integer("SELECT concurrency FROM runs"), 2) << "asked for " << asked;
    EXPECT_EQ(check.integer("SELECT count(*) FROM games"), 2);
}

}  // namespace
}  // namespace lmr
