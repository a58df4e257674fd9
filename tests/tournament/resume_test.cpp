// A run stopped half-way and finished by `lmr-harness resume`: after kill -9 (nothing cleaned
// up: the run row still says running; its plan as an older build stored it) and after Ctrl-C or
// SIGTERM (engines terminated, the run marked interrupted). Either way the resumed run ends with
// exactly the planned pairs, each (pair, round) once, and status finished. A run whose database is
// deleted under it stops.
//
// The games are made to last a known wall time without using the CPU: fixture_hang plays a few
// moves and then never answers, so each game ends by time forfeit at st + margin.

#include <gtest/gtest.h>

#include <set>

#include "tests/tournament/support.hpp"

namespace lmr::tournament_test {
namespace {

// `random` is fixture_random, or — stubborn — fixture_random inside a shell that, once the
// fixture has quit, turns into a `sleep` ignoring SIGTERM and end of input: an engine process
// that only goes away when the harness kills it.
std::vector<std::string> slow_match(const std::string& db_path, int pairs, bool stubborn = false) {
    std::vector<std::string> args{"match", "--engine", "name=hanger", "cmd=" + kFixtureHang,
                                  "arg=4", "--engine", "name=random"};
    if (stubborn) {
        args.push_back("cmd=/bin/sh");
        args.push_back("arg=-c");
        args.push_back("arg=trap '' TERM; " + kFixtureRandom + "; exec sleep 60");
    } else {
        args.push_back("cmd=" + kFixtureRandom);
    }
    const std::vector<std::string> rest{"--pairs",        std::to_string(pairs),
                                        "--tc",           "st=0.25",
                                        "--concurrency",  "2",
                                        "--book",         "none",
                                        "--db",           db_path,
                                        "--report-every", "1"};
    args.insert(args.end(), rest.begin(), rest.end());
    return args;
}

// Checks the finished run holds exactly `pairs` complete pairs and nothing else.
void expect_complete_run(const std::string& db_path, int pairs) {
    Db db(db_path);
    EXPECT_EQ(db.integer("SELECT count(*) FROM runs"), 1);
    EXPECT_EQ(db.text("SELECT status FROM runs"), "finished");
    const auto games = db.rows(
        "SELECT pair_index, round_in_pair, termination, plies, "
        "(SELECT count(*) FROM moves m WHERE m.game_id = g.id) FROM games g");
    EXPECT_EQ(games.size(), static_cast<std::size_t>(2 * pairs));
    std::set<std::pair<long, int>> places;
    for (const auto& g : games) {
        places.emplace(std::stol(*g[0]), std::stoi(*g[1]));
        // Every stored game was played to its end: a game cut off by the kill or the
        // interrupt must not have been stored as a result.
        EXPECT_EQ(*g[2], "time forfeit");
        EXPECT_EQ(*g[3], *g[4]);
    }
    std::set<std::pair<long, int>> planned;
    for (long p = 0; p < pairs; ++p)
        for (int round = 0; round < 2; ++round) planned.emplace(p, round);
    EXPECT_EQ(places, planned);
    EXPECT_EQ(db.integer("SELECT max(pairs) FROM run_stats"), pairs);
    EXPECT_EQ(db.integer("SELECT pairs FROM run_stats ORDER BY id DESC LIMIT 1"), pairs);
    expect_stats_match_games(db_path, 1);
}

TEST(Resume, AfterKill9FinishesExactlyThePlannedPairs) {
    TempDir dir;
    const std::string db_path = dir / "kill.db";
    constexpr int kPairs = 6;
    long long before_resume = 0;
    {
        Harness harness(dir, slow_match(db_path, kPairs));
        ASSERT_TRUE(wait_for_games(db_path, 2, std::chrono::seconds(30)))
            << describe(harness.wait(std::chrono::seconds(1)));
        harness.signal(SIGKILL);
        const auto r = harness.wait(std::chrono::seconds(10));
        ASSERT_EQ(r.exit_code, 128 + SIGKILL) << describe(r);
        // Output to a file is line-buffered: what was printed before the kill is there.
        EXPECT_NE(r.out.find("Run 1 in " + db_path + "\n"), std::string::npos) << describe(r);
        before_resume = games_in(db_path);
        Db db(db_path, /*writable=*/true);
        // Nothing had a chance to tidy up.
        EXPECT_EQ(db.text("SELECT status FROM runs"), "running");
        // The plan as a build of before these fields stored it: resume reads each with its
        // default (the stored plan's own codec, not the MPI wire's strict one).
        db.exec(
            "UPDATE runs SET plan_json = json_remove(plan_json, '$.stall_timeout_ms', "
            "'$.startup_timeout_ms', '$.ready_timeout_ms', '$.restart_engines', "
            "'$.adjudication.resign.two_sided', '$.engines[0].config_path', "
            "'$.engines[1].options')");
        EXPECT_EQ(db.text("SELECT json_type(plan_json, '$.restart_engines') IS NULL FROM runs"),
                  "1");
    }
    ASSERT_LT(before_resume, 2 * kPairs) << "the kill came too late to test anything";

    const auto r =
        run_harness(dir, {"resume", "--db", db_path, "--run", "1"}, std::chrono::seconds(40));
    ASSERT_EQ(r.exit_code, 0) << describe(r);
    expect_complete_run(db_path, kPairs);
}

// A run started with relative paths (engine programs, book, database) resumes from another
// directory: the run stores them absolute.
TEST(Resume, ARunStartedWithRelativePathsResumesFromAnotherDirectory) {
    TempDir dir;
    const fs::path start = dir.path() / "start";
    fs::create_directories(start);
    fs::copy_file(kFixtureHang, start / "hanger");
    fs::copy_file(kFixtureRandom, start / "random");
    const std::string book = fs::path(write_small_book(start)).filename().string();
    constexpr int kPairs = 6;
    const std::vector<std::string> args{"match",          "--engine",
                                        "name=hanger",    "cmd=./hanger",
                                        "arg=4",          "--engine",
                                        "name=random",    "cmd=./random",
                                        "--pairs",        std::to_string(kPairs),
                                        "--tc",           "st=0.25",
                                        "--concurrency",  "2",
                                        "--book",         book,
                                        "--db",           "runs.db",
                                        "--report-every", "1"};
    const std::string db_path = start / "runs.db";
    {
        Harness harness(start, args);
        ASSERT_TRUE(wait_for_games(db_path, 2, std::chrono::seconds(30)))
            << describe(harness.wait(std::chrono::seconds(1)));
        harness.signal(SIGKILL);
        (void)harness.wait(std::chrono::seconds(10));
    }
    ASSERT_LT(games_in(db_path), 2 * kPairs) << "the kill came too late to test anything";
    EXPECT_EQ(Db(db_path).text("SELECT book_path FROM runs"), (start / book).string());

    const auto r = run_harness(dir, {"resume", "--db", "start/runs.db", "--run", "1"},
                               std::chrono::seconds(40));
    ASSERT_EQ(r.exit_code, 0) << describe(r);
    expect_complete_run(db_path, kPairs);
    // The hanger loses every game on time: the end of the run says so, for the whole run.
    EXPECT_NE(r.out.find("Engine faults: 12 of 12 games (100.0 %: 12 time forfeit) ("),
              std::string::npos)
        << r.out;
    EXPECT_NE(r.out.find("Warning: more than 3 % of the games were lost to engine faults"),
              std::string::npos)
        << r.out;
}

TEST(Resume, CtrlCInterruptsCleanlyAndResumeFinishes) {
    TempDir dir;
    const std::string db_path = dir / "interrupt.db";
    constexpr int kPairs = 10;
    {
        Harness harness(dir, slow_match(db_path, kPairs, /*stubborn=*/true));
        ASSERT_TRUE(wait_for_games(db_path, 2, std::chrono::seconds(30)))
            << describe(harness.wait(std::chrono::seconds(1)));
        // The harness's children are its engines: two per slot.
        const auto engines = children_of(harness.pid());
        EXPECT_GE(engines.size(), 2u) << "the engines of at least one slot are running";

        // As a terminal does: SIGINT to the foreground job (the engines run in process groups
        // of their own, so only the harness gets it).
        harness.signal_group(SIGINT);
        const auto r = harness.wait(std::chrono::seconds(15));
        ASSERT_FALSE(r.timed_out) << "the harness did not stop after Ctrl-C\n" << describe(r);
        EXPECT_EQ(r.exit_code, 4) << "interrupted match: exit 4\n" << describe(r);
        for (const auto& engine : engines)
            EXPECT_FALSE(alive(engine.pid))
                << engine.comm << " (pid " << engine.pid << ") outlived the harness";
        Db db(db_path);
        EXPECT_EQ(db.text("SELECT status FROM runs"), "interrupted");
        EXPECT_LT(db.integer("SELECT count(*) FROM games"), 2 * kPairs)
            << "the interrupt came too late to test anything";
        // Only games played to their end were stored (no result for the cut-off games).
        EXPECT_EQ(db.integer("SELECT count(*) FROM games WHERE termination <> 'time forfeit'"), 0);
    }

    const auto r =
        run_harness(dir, {"resume", "--db", db_path, "--run", "1"}, std::chrono::seconds(40));
    ASSERT_EQ(r.exit_code, 0) << describe(r);
    expect_complete_run(db_path, kPairs);
}

// GNU `timeout`, systemd and batch systems send SIGTERM to the process and then to its group:
// the second one must not cut the orderly stop short (before, it left the run `running` and
// exited 130 without a word).
TEST(Resume, TwoSigtermsStopTheRunAsOneDoes) {
    TempDir dir;
    const std::string db_path = dir / "sigterm.db";
    constexpr int kPairs = 10;
    Harness harness(dir, slow_match(db_path, kPairs, /*stubborn=*/true));
    ASSERT_TRUE(wait_for_games(db_path, 2, std::chrono::seconds(30)))
        << describe(harness.wait(std::chrono::seconds(1)));
    const auto engines = children_of(harness.pid());
    harness.signal(SIGTERM);
    harness.signal_group(SIGTERM);
    const auto r = harness.wait(std::chrono::seconds(15));
    ASSERT_FALSE(r.timed_out) << "the harness did not stop after SIGTERM\n" << describe(r);
    EXPECT_EQ(r.exit_code, 4) << describe(r);
    EXPECT_NE(r.out.find("interrupted"), std::string::npos) << describe(r);
    for (const auto& engine : engines)
        EXPECT_FALSE(alive(engine.pid))
            << engine.comm << " (pid " << engine.pid << ") outlived the harness";
    Db db(db_path);
    EXPECT_EQ(db.text("SELECT status FROM runs"), "interrupted");
    EXPECT_LT(db.integer("SELECT count(*) FROM games"), 2 * kPairs);
}

// Without a clock a hung search ends only at the stall timeout (here the default, 60 s): Ctrl-C
// must not wait for it, nor store the game it cut off.
TEST(Resume, CtrlCDuringAHungSearchWithoutClockStopsAtOnce) {
    TempDir dir;
    const std::string db_path = dir / "hung.db";
    Harness harness(dir, {"match", "--engine", "name=hanger", "cmd=" + kFixtureHang, "arg=2",
                          "--engine", "name=random", "cmd=" + kFixtureRandom, "--pairs", "2",
                          "--tc", "nodes=100", "--book", "none", "--db", db_path});
    // The hanger's two moves take milliseconds; then its third search never ends.
    std::this_thread::sleep_for(std::chrono::milliseconds(1500));
    const auto engines = children_of(harness.pid());
    harness.signal_group(SIGINT);
    const auto r = harness.wait(std::chrono::seconds(10));
    ASSERT_FALSE(r.timed_out) << "Ctrl-C waited for the hung search\n" << describe(r);
    EXPECT_EQ(r.exit_code, 4) << describe(r);
    for (const auto& engine : engines)
        EXPECT_FALSE(alive(engine.pid))
            << engine.comm << " (pid " << engine.pid << ") outlived the harness";
    Db db(db_path);
    EXPECT_EQ(db.text("SELECT status FROM runs"), "interrupted");
    EXPECT_EQ(db.integer("SELECT count(*) FROM games"), 0);
}

// `rm` of the database (and its WAL) while a run writes it: the run must stop and say so, not
// play on into an unlinked file and report "finished" with exit 0 and no database left.
TEST(Resume, ADatabaseDeletedUnderTheRunStopsIt) {
    TempDir dir;
    const std::string db_path = dir / "deleted.db";
    Harness harness(dir, slow_match(db_path, 30));
    ASSERT_TRUE(wait_for_games(db_path, 2, std::chrono::seconds(30)))
        << describe(harness.wait(std::chrono::seconds(1)));
    for (const char* suffix : {"", "-wal", "-shm"}) fs::remove(db_path + suffix);
    const auto r = harness.wait(std::chrono::seconds(30));
    ASSERT_FALSE(r.timed_out) << "the run played on without its database\n" << describe(r);
    EXPECT_EQ(r.exit_code, 4) << describe(r);
    EXPECT_NE((r.out + r.err).find(db_path + " was deleted or replaced while this run wrote it"),
              std::string::npos)
        << describe(r);
    EXPECT_EQ((r.out + r.err).find(": finished"), std::string::npos) << describe(r);
}

TEST(Resume, FinishedRunIsNotResumed) {
    TempDir dir;
    const std::string db_path = dir / "done.db";
    auto r = run_harness(dir, {"match", "--engine", "name=a", "cmd=" + kFixtureRandom, "--engine",
                               "name=b", "cmd=" + kFixtureRandom, "--pairs", "1", "--tc",
                               "nodes=10", "--book", "none", "--db", db_path});
    ASSERT_EQ(r.exit_code, 0) << describe(r);
    r = run_harness(dir, {"resume", "--db", db_path, "--run", "1"});
    EXPECT_EQ(r.exit_code, 2) << describe(r);
    EXPECT_NE(r.err.find("already finished"), std::string::npos) << r.err;
    Db db(db_path);
    EXPECT_EQ(db.integer("SELECT count(*) FROM games"), 2);
}

// A finished tune resumes as a finished match does not: exit 2 by either command (it used to be
// exit 0, "already finished"), its iterations untouched.
TEST(Resume, AFinishedTuneIsNotResumedEither) {
    TempDir dir;
    const std::string db_path = dir / "tune.db";
    auto r = run_harness(dir, {"tune", "--base", config_path("default.json"), "--param",
                               "lmr.steps.eval_margin.weight,10,0,30,3,0.05", "--iterations", "1",
                               "--pairs-per-iteration", "1", "--tc", "nodes=300", "--book", "none",
                               "--db", db_path});
    ASSERT_EQ(r.exit_code, 0) << describe(r);
    for (const std::vector<std::string>& command :
         {std::vector<std::string>{"resume"}, std::vector<std::string>{"tune", "resume"}}) {
        auto args = command;
        args.insert(args.end(), {"--db", db_path, "--run", "1"});
        r = run_harness(dir, args);
        EXPECT_EQ(r.exit_code, 2) << describe(r);
        EXPECT_NE(r.err.find("run 1 is already finished"), std::string::npos) << describe(r);
    }
    EXPECT_EQ(Db(db_path).integer("SELECT count(*) FROM tune_iterations"), 1);
}

}  // namespace
}  // namespace lmr::tournament_test
