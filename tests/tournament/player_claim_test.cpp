// One player per run: PlayerClaim against claims written as another process would write them
// (another pid on this host, another host), live or stale.

#include "harness/tournament/player_claim.hpp"

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <thread>

#include "harness/tournament/session.hpp"
#include "tests/support/sqlite_db.hpp"
#include "tests/support/temp_dir.hpp"

namespace lmr::tournament {
namespace {

double now_seconds() {
    return std::chrono::duration<double>(std::chrono::system_clock::now().time_since_epoch())
        .count();
}

// A pid that existed on this host and is gone: a child that exited and was reaped.
std::int64_t dead_pid() {
    const pid_t child = ::fork();
    if (child == 0) ::_exit(0);
    ::waitpid(child, nullptr, 0);
    return child;
}

class PlayerClaimTest : public ::testing::Test {
  protected:
    void SetUp() override {
        auto store = store::Store::open(db_path);
        store::RunRecord run;
        run.seed = 1;
        run_id = store.create_run(run);
    }

    // Writes `holder` as the run's claim, as that process would have.
    void claim_as(const store::RunClaim& holder) {
        auto store = store::Store::open(db_path);
        ASSERT_FALSE(store.claim_run(run_id, holder, [](const store::RunClaim&) { return true; }));
    }

    std::optional<store::RunClaim> stored_claim() {
        return store::Store::open(db_path).run_claim(run_id);
    }

    store::RunClaim other(const std::string& host, std::int64_t pid, double heartbeat_age) {
        store::RunClaim claim;
        claim.host = host;
        claim.pid = pid;
        claim.claimed_at = claim.heartbeat_at = now_seconds() - heartbeat_age;
        return claim;
    }

    test::TempDir dir;
    std::string db_path = dir / "claims.db";
    std::int64_t run_id = 0;
};

TEST_F(PlayerClaimTest, ClaimsAFreeRunAndReleasesItOnExit) {
    {
        PlayerClaim claim(db_path, run_id);
        const auto held = stored_claim();
        ASSERT_TRUE(held);
        EXPECT_EQ(held->pid, ::getpid());
        EXPECT_EQ(held->host, PlayerClaim::this_process().host);
        EXPECT_TRUE(claim.renew());
        EXPECT_FALSE(claim.lost());
    }
    EXPECT_FALSE(stored_claim());
}

// A run stored as finished has no player: its claim goes with the status (one transaction), so
// a player killed between the two cannot leave a finished run claimed. Other statuses keep it.
TEST_F(PlayerClaimTest, AFinishedRunIsNoLongerClaimed) {
    claim_as(other("elsewhere", 42, 0));
    auto store = store::Store::open(db_path);
    for (const auto status :
         {store::RunStatus::kRunning, store::RunStatus::kInterrupted, store::RunStatus::kFailed}) {
        store.set_run_status(run_id, status);
        ASSERT_TRUE(stored_claim()) << store::to_string(status);
    }
    store.set_run_status(run_id, store::RunStatus::kFinished);
    EXPECT_FALSE(stored_claim());
}

TEST_F(PlayerClaimTest, ALiveProcessOnThisHostHoldsTheRun) {
    const auto parent = other(PlayerClaim::this_process().host, ::getppid(), 0);
    claim_as(parent);
    try {
        PlayerClaim claim(db_path, run_id);
        FAIL() << "claimed a run a live process holds";
    } catch (const PlanError& e) {
        const std::string message = e.what();
        EXPECT_NE(message.find("pid " + std::to_string(::getppid()) + " on host " + parent.host),
                  std::string::npos)
            << message;
    }
    EXPECT_EQ(stored_claim()->pid, ::getppid()) << "the holder keeps its claim";
}

TEST_F(PlayerClaimTest, ADeadPidOnThisHostIsTakenOver) {
    claim_as(other(PlayerClaim::this_process().host, dead_pid(), 0));
    PlayerClaim claim(db_path, run_id);
    EXPECT_EQ(stored_claim()->pid, ::getpid());
}

TEST_F(PlayerClaimTest, AnotherHostHoldsTheRunUntilItsHeartbeatIsStale) {
    const double stale = std::chrono::duration<double>(PlayerClaim::kStaleAfter).count();
    claim_as(other("elsewhere", 4242, stale - 5));
    EXPECT_THROW(PlayerClaim(db_path, run_id), PlanError);
    claim_as(other("elsewhere", 4242, stale + 5));
    PlayerClaim claim(db_path, run_id);
    EXPECT_EQ(stored_claim()->host, PlayerClaim::this_process().host);
}

TEST_F(PlayerClaimTest, AClaimTakenOverIsLostAndNotReleased) {
    PlayerClaim claim(db_path, run_id);
    // This process was frozen past kStaleAfter and another one took the run over.
    claim_as(other("elsewhere", 4242, 0));
    EXPECT_FALSE(claim.renew());
    EXPECT_TRUE(claim.lost());
    EXPECT_NE(claim.loss_message().find("taken over by pid 4242 on host elsewhere"),
              std::string::npos);
    EXPECT_FALSE(claim.renew()) << "lost for good";
}

// A writer renews only when its last renewal is older than the write interval: a game stored
// right after one does not write the claim again, one stored after the interval does, and
// finds a takeover then.
TEST_F(PlayerClaimTest, AWriterRenewsOnlyAfterTheWriteInterval) {
    constexpr auto kInterval = std::chrono::milliseconds(300);
    PlayerClaim claim(db_path, run_id, kInterval);
    store::RunClaim me = PlayerClaim::this_process();
    me.heartbeat_at -= 10;
    claim_as(me);  // this process's claim, its heartbeat set 10 s back
    EXPECT_TRUE(claim.renew_before_write());
    EXPECT_NEAR(stored_claim()->heartbeat_at, me.heartbeat_at, 1e-3) << "renewed too soon";
    std::this_thread::sleep_for(kInterval + std::chrono::milliseconds(20));
    EXPECT_TRUE(claim.renew_before_write());
    EXPECT_GT(stored_claim()->heartbeat_at, me.heartbeat_at + 9) << "not renewed";
    // Frozen past the interval, and meanwhile taken over: the next write finds it.
    std::this_thread::sleep_for(kInterval + std::chrono::milliseconds(20));
    claim_as(other("elsewhere", 4242, 0));
    EXPECT_FALSE(claim.renew_before_write());
    EXPECT_TRUE(claim.lost());
}

TEST_F(PlayerClaimTest, ATakenOverClaimSurvivesTheLoserGoingAway) {
    {
        PlayerClaim claim(db_path, run_id);
        claim_as(other("elsewhere", 4242, 0));
        (void)claim.renew();
    }
    ASSERT_TRUE(stored_claim());
    EXPECT_EQ(stored_claim()->host, "elsewhere");
}

// A write of the claim that fails for another reason than a busy database, as a full disk fails
// it: a trigger refuses every renewal with SQLite's own message for a full disk.
void fail_every_renewal(const std::string& db_path) {
    test::Db(db_path, true)
        .exec(
            "CREATE TRIGGER disk_full BEFORE UPDATE ON run_claims "
            "BEGIN SELECT RAISE(FAIL, 'database or disk is full'); END");
}

// The heartbeat once swallowed every store error: a full disk at a beat left the run playing
// (and, at its end, marked running). Now the run is told to stop and ends failed, saying why.
TEST_F(PlayerClaimTest, AHeartbeatThatCannotBeWrittenStopsTheRunAndFailsIt) {
    fail_every_renewal(db_path);
    PlayerClaim claim(db_path, run_id, PlayerClaim::kWriteRenewal, std::chrono::milliseconds(20));
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    while (!claim.must_stop() && std::chrono::steady_clock::now() < deadline)
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    ASSERT_TRUE(claim.must_stop()) << "the heartbeat did not stop the run";
    EXPECT_FALSE(claim.lost()) << "nobody took the run over";
    ASSERT_TRUE(claim.heartbeat_failure());
    EXPECT_NE(claim.heartbeat_failure()->find("database or disk is full"), std::string::npos)
        << *claim.heartbeat_failure();

    // Room again by the run's end: its last renewal passes, and the run still ends failed, since
    // it stopped at the beat that could not be written.
    test::Db(db_path, true).exec("DROP TRIGGER disk_full");
    auto store = store::Store::open(db_path);
    const auto end = end_run(store, run_id, &claim, {store::RunStatus::kFinished, {}, {}});
    EXPECT_EQ(end.status, store::RunStatus::kFailed);
    EXPECT_NE(end.error.find("the run's heartbeat could not be written"), std::string::npos)
        << end.error;
    EXPECT_NE(end.error.find("database or disk is full"), std::string::npos) << end.error;
    const auto run = store.load_run(run_id);
    EXPECT_EQ(run.status, store::RunStatus::kFailed);
    EXPECT_EQ(run.error_message, end.error);
}

// A run whose status cannot be written either stays marked running: the error says so and how
// to finish the run, instead of the store's bare message.
TEST_F(PlayerClaimTest, AStatusThatCannotBeWrittenSaysTheRunIsLeftRunning) {
    PlayerClaim claim(db_path, run_id);
    test::Db(db_path, true)
        .exec(
            "CREATE TRIGGER disk_full BEFORE UPDATE ON runs "
            "BEGIN SELECT RAISE(FAIL, 'database or disk is full'); END");
    auto store = store::Store::open(db_path);
    try {
        (void)end_run(store, run_id, &claim, {store::RunStatus::kFinished, {}, {}});
        FAIL() << "the status write did not fail";
    } catch (const store::StoreError& e) {
        const std::string message = e.what();
        EXPECT_NE(message.find("database or disk is full"), std::string::npos) << message;
        EXPECT_NE(message.find("still marked running"), std::string::npos) << message;
        EXPECT_NE(message.find("resume --db " + db_path + " --run " + std::to_string(run_id)),
                  std::string::npos)
            << message;
    }
}

}  // namespace
}  // namespace lmr::tournament
