// Engines die with the harness. A real `lmr-harness match` plays two fixture_immortal engines
// (they ignore end of input, `quit`, SIGTERM, SIGINT and SIGHUP; only SIGKILL ends them) and is
// stopped in the middle of the run: by kill -9 and by a double Ctrl-C, which leave no clean-up
// to the harness (the parent-death signal, set in each child between fork and exec, is all
// that can end the engines), and by SIGTERM, where the harness stops them itself. Every engine
// process it ever started must be gone within a second of the harness.

#include <gtest/gtest.h>
#include <signal.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "tests/support/child_process.hpp"
#include "tests/support/programs.hpp"
#include "tests/support/sqlite_db.hpp"
#include "tests/support/temp_dir.hpp"

namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;
using Clock = std::chrono::steady_clock;

using ::lmr::test::kHarness;
const std::string kImmortal = FIXTURE_IMMORTAL;

// /proc/<pid>/stat is "pid (comm) state …"; comm may hold spaces and parentheses.
std::optional<char> proc_state(pid_t pid) {
    std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
    std::string stat;
    if (!std::getline(in, stat)) return std::nullopt;
    const auto close = stat.rfind(')');
    if (close == std::string::npos || close + 2 >= stat.size()) return std::nullopt;
    return stat[close + 2];
}

// A zombie has ended; it only waits for whoever adopted it to reap it. The pids checked were
// seen a few seconds ago at most, too recently to have been reused.
bool alive(pid_t pid) {
    const auto state = proc_state(pid);
    return state && *state != 'Z' && *state != 'X';
}

// The pids the fixtures recorded: one file per process start, named by its pid.
std::vector<pid_t> recorded_pids(const fs::path& dir) {
    std::vector<pid_t> pids;
    for (const auto& entry : fs::directory_iterator(dir)) {
        pids.push_back(static_cast<pid_t>(std::stol(entry.path().filename().string())));
    }
    return pids;
}

std::vector<pid_t> living(const std::vector<pid_t>& pids) {
    std::vector<pid_t> out;
    for (const pid_t pid : pids) {
        if (alive(pid)) out.push_back(pid);
    }
    return out;
}

std::string pid_list(const std::vector<pid_t>& pids) {
    std::string text;
    for (const pid_t pid : pids) {
        if (!text.empty()) text += ", ";
        text += std::to_string(pid);
    }
    return text.empty() ? "none" : text;
}

long long games_in(const std::string& db_path) {
    if (!fs::exists(db_path)) return 0;
    try {
        lmr::test::Db db(db_path);
        return db.integer("SELECT count(*) FROM games");
    } catch (const std::exception&) {
        return 0;  // the schema is not there yet
    }
}

// Whatever happens to the assertions, no immortal fixture outlives the test: left alone, the
// ones a broken harness orphans would run until the machine reboots.
class ReapRecorded {
  public:
    explicit ReapRecorded(fs::path dir) : dir_(std::move(dir)) {}
    ~ReapRecorded() {
        for (const pid_t pid : living(recorded_pids(dir_))) ::kill(pid, SIGKILL);
    }

  private:
    fs::path dir_;
};

// A harness in the middle of a run of two fixture_immortal engines.
class Orphans : public ::testing::Test {
  protected:
    void SetUp() override {
        fs::create_directories(pid_dir_);
        // Far more games than can finish; two slots so that several engines are alive.
        harness_ = std::make_unique<lmr::test::ChildProcess>(
            kHarness,
            std::vector<std::string>{"match", "--engine", "name=a", "cmd=" + kImmortal,
                                     "arg=" + pid_dir_.string(), "--engine", "name=b",
                                     "cmd=" + kImmortal, "arg=" + pid_dir_.string(), "--tc",
                                     "nodes=1000", "--pairs", "500", "--concurrency", "2", "--book",
                                     "none", "--db", db_path_},
            dir_.path(), lmr::test::ChildOptions{.run_in_dir = true, .own_group = true});
        // Mid-run: a game is stored, so the slots' engines are playing the next ones.
        const auto deadline = Clock::now() + 60s;
        while (games_in(db_path_) < 1 && harness_->running() && Clock::now() < deadline) {
            std::this_thread::sleep_for(20ms);
        }
        ASSERT_TRUE(harness_->running()) << lmr::test::describe(harness_->wait(1s));
        ASSERT_GE(games_in(db_path_), 1) << "no game stored within 60 s";
        alive_before_ = living(recorded_pids(pid_dir_));
        ASSERT_FALSE(alive_before_.empty()) << "no engine alive before the harness is stopped";
    }

    // Every start counts (probes, restarts, an engine being spawned at the very moment); the
    // survivors of those after `limit` from `since`.
    std::vector<pid_t> survivors_after(Clock::time_point since, Clock::duration limit) const {
        std::vector<pid_t> survivors = living(recorded_pids(pid_dir_));
        while (!survivors.empty() && Clock::now() - since < limit) {
            std::this_thread::sleep_for(10ms);
            survivors = living(recorded_pids(pid_dir_));
        }
        return survivors;
    }

    std::string report(const std::vector<pid_t>& survivors) const {
        return "still running: " + pid_list(survivors) +
               " (alive before: " + pid_list(alive_before_) + ")";
    }

    const lmr::test::TempDir dir_{"lmr-orphan-test"};
    const fs::path pid_dir_ = dir_.path() / "pids";
    const ReapRecorded reaper_{pid_dir_};
    const std::string db_path_ = dir_ / "orphans.db";
    std::unique_ptr<lmr::test::ChildProcess> harness_;
    std::vector<pid_t> alive_before_;
};

TEST_F(Orphans, EnginesThatIgnoreEndOfInputDieWithinASecondOfAKilledHarness) {
    // SIGKILL: no handler, no destructor, no clean-up of any kind runs in the harness.
    harness_->signal(SIGKILL);
    const auto killed_at = Clock::now();
    const lmr::test::ProcessResult result = harness_->wait(10s);
    ASSERT_EQ(result.exit_code, 128 + SIGKILL) << lmr::test::describe(result);
    const auto survivors = survivors_after(killed_at, 1s);
    EXPECT_TRUE(survivors.empty()) << "1 s after kill -9 of the harness, " << report(survivors);
}

TEST_F(Orphans, SecondCtrlCKillsTheEnginesAtOnceAndStillMarksTheRunInterrupted) {
    // The second interrupt skips the grace periods of engines that ignore quit and SIGTERM
    // (two seconds each), not the run's status.
    harness_->signal(SIGINT);
    std::this_thread::sleep_for(50ms);
    harness_->signal(SIGINT);
    const lmr::test::ProcessResult result = harness_->wait(10s);
    const auto exited_at = Clock::now();
    ASSERT_EQ(result.exit_code, 4) << lmr::test::describe(result);
    const auto survivors = survivors_after(exited_at, 1s);
    EXPECT_TRUE(survivors.empty()) << "1 s after a double Ctrl-C, " << report(survivors);
    lmr::test::Db db(db_path_);
    EXPECT_EQ(db.text("SELECT status FROM runs"), "interrupted");
}

TEST_F(Orphans, SigtermStopsTheRunAndItsEnginesThatIgnoreQuitAndSigterm) {
    // The graceful path: the harness sends quit, closes stdin, sends SIGTERM to each engine's
    // group and, when all that is ignored, SIGKILL; it reaps them before it exits.
    harness_->signal(SIGTERM);
    const lmr::test::ProcessResult result = harness_->wait(60s);
    const auto exited_at = Clock::now();
    ASSERT_FALSE(result.timed_out) << lmr::test::describe(result);
    EXPECT_NE(result.exit_code, 128 + SIGTERM) << "the handler did not run";
    const auto survivors = survivors_after(exited_at, 1s);
    EXPECT_TRUE(survivors.empty())
        << "1 s after the harness stopped on SIGTERM, " << report(survivors);
}

}  // namespace
