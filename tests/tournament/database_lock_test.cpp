// Another connection holding the database's write lock while a run stores its games (a backup
// tool, a reader in BEGIN EXCLUSIVE): the run waits for it (60 s by default, LMR_DB_WAIT
// seconds when set) and goes on; past the wait it stops, saying why.

#include <gtest/gtest.h>

#include <chrono>
#include <thread>

#include "tests/tournament/support.hpp"

namespace lmr::tournament_test {
namespace {

// Random movers, quick games: the run is still storing games when the lock is taken.
std::vector<std::string> quick_match(const std::string& db_path) {
    return {"match",
            "--engine",
            "name=a",
            "cmd=" + kFixtureRandom,
            "--engine",
            "name=b",
            "cmd=" + kFixtureRandom,
            "--pairs",
            "40",
            "--tc",
            "nodes=10",
            "--maxmoves",
            "40",
            "--book",
            "none",
            "--concurrency",
            "1",
            "--db",
            db_path};
}

// Runs `args` under `env NAME=VALUE…` and holds the write lock for `hold` once two games are
// stored. Returns the run's result.
RunResult run_under_lock(const TempDir& dir, const std::string& db_path,
                         const std::vector<std::string>& env, std::chrono::seconds hold) {
    std::vector<std::string> args = env;
    args.push_back(kHarness);
    for (const auto& word : quick_match(db_path)) args.push_back(word);
    test::ChildProcess harness("/usr/bin/env", args, dir.path());
    EXPECT_TRUE(wait_for_games(db_path, 2, std::chrono::seconds(30)));
    {
        Db locker(db_path, /*writable=*/true);
        locker.exec("BEGIN EXCLUSIVE");
        std::this_thread::sleep_for(hold);
        locker.exec("COMMIT");
    }
    return harness.wait(std::chrono::seconds(120));
}

TEST(DatabaseLock, ARunWaitsForALockHeldLongerThanTheOldTenSeconds) {
    TempDir dir;
    const std::string db_path = dir / "locked.db";
    const auto r = run_under_lock(dir, db_path, {}, std::chrono::seconds(12));
    ASSERT_FALSE(r.timed_out) << describe(r);
    EXPECT_EQ(r.exit_code, 0) << describe(r);
    Db db(db_path);
    EXPECT_EQ(db.text("SELECT status FROM runs"), "finished");
    EXPECT_EQ(db.integer("SELECT count(*) FROM games"), 80);
}

TEST(DatabaseLock, PastTheWaitTheRunStopsSayingWhy) {
    TempDir dir;
    const std::string db_path = dir / "locked.db";
    const auto r = run_under_lock(dir, db_path, {"LMR_DB_WAIT=1"}, std::chrono::seconds(4));
    ASSERT_FALSE(r.timed_out) << describe(r);
    EXPECT_EQ(r.exit_code, 4) << describe(r);
    EXPECT_NE((r.out + r.err).find("database is locked"), std::string::npos) << describe(r);
    // Its status could not be written either while the lock was held: the run is left as a
    // killed one is, `running`, for `resume` to take over.
    Db db(db_path);
    EXPECT_EQ(db.text("SELECT status FROM runs"), "running");

    // A wait that is not a number of seconds is bad input (exit 2, naming the variable) for a
    // reading command and a playing one alike; report said 1.
    for (const std::vector<std::string>& command :
         {std::vector<std::string>{"report", "--db", db_path},
          {"match", "--engine", "name=a", "cmd=" + kFixtureRandom, "--engine", "name=b",
           "cmd=" + kFixtureRandom, "--tc", "nodes=100", "--book", "none", "--pairs", "1", "--db",
           db_path}}) {
        std::vector<std::string> args{"LMR_DB_WAIT=soon", kHarness};
        args.insert(args.end(), command.begin(), command.end());
        test::ChildProcess refused("/usr/bin/env", args, dir.path());
        const auto e = refused.wait(std::chrono::seconds(30));
        EXPECT_EQ(e.exit_code, 2) << describe(e);
        EXPECT_NE(e.err.find("LMR_DB_WAIT='soon'"), std::string::npos) << describe(e);
    }
}

}  // namespace
}  // namespace lmr::tournament_test
