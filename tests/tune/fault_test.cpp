// `lmr-harness tune` against engines that misbehave on purpose (tests/fixtures), black-box
// through the binary: a fault in a game loses that game for the faulty side (theta+ or theta-),
// the engine is restarted and the tune finishes with every planned iteration stored once and
// whole; an engine that cannot start is bad input before any run exists (exit 2); an engine
// that stops starting mid-run fails the run resumably (exit 4); Ctrl-C stops promptly as
// interrupted (exit 4), kill -9 leaves the run `running`, and `tune resume` then ends with
// exactly the planned iterations.
//
// `tune` runs `--engine-binary --config BASE` and sends the tuned values as UCI options, so the
// fixtures stand in for lmr-engine through a ScriptedEngine (tests/support) and the tuned
// parameter is `Hash`, an option every fixture advertises (spin 1..1024).

#include <gtest/gtest.h>
#include <signal.h>

#include <chrono>
#include <string>
#include <vector>

#include "tests/support/child_process.hpp"
#include "tests/support/programs.hpp"
#include "tests/support/scripted_engine.hpp"
#include "tests/support/sqlite_db.hpp"
#include "tests/support/temp_dir.hpp"
#include "tests/support/text.hpp"

namespace lmr::tune_fault_test {
namespace {

namespace fs = std::filesystem;
using test::ChildProcess;
using test::contains;
using test::Db;
using test::describe;
using test::expect_engines_gone;
using test::mentions;
using test::ProcessResult;
using test::ScriptedEngine;
using test::TempDir;
using test::wait_until;

using ::lmr::test::kHarness;
const std::string kFixtureRandom = FIXTURE_RANDOM;
const std::string kFixtureCrash = FIXTURE_CRASH;
const std::string kFixtureHang = FIXTURE_HANG;
const std::string kFixtureIllegal = FIXTURE_ILLEGAL;
const std::string kFixtureGarbage = FIXTURE_GARBAGE;
const std::string kFixtureSilent = FIXTURE_SILENT;
const std::string kFixtureSlowStart = FIXTURE_SLOW_START;

// A tune of one ScriptedEngine (named after the fixture's fault, so a message naming the engine
// can be recognised) in a directory of its own.
struct TuneSetup {
    TuneSetup(const std::string& name, const std::vector<std::string>& command)
        : engine(dir, name, command), db(dir / "tune.db"), base(dir / (name + ".json")) {
        test::write_file(base, "{}\n");  // the script answers `config` itself
    }

    // `tune` with `iterations` x `pairs` and the time control `tc`; concurrency 2, no book.
    std::vector<std::string> args(int iterations, int pairs, const std::string& tc,
                                  const std::vector<std::string>& extra = {}) const {
        std::vector<std::string> a{"tune", "--base", base, "--engine-binary", engine.path(),
                                   "--param", "Hash,16,1,64,4,0.002", "--iterations",
                                   std::to_string(iterations), "--pairs-per-iteration",
                                   std::to_string(pairs), "--tc", tc, "--concurrency", "2",
                                   "--book", "none", "--seed", "7",
                                   // The well-behaved side must never lose on time on a busy
                                   // machine.
                                   "--margin", "300", "--db", db};
        a.insert(a.end(), extra.begin(), extra.end());
        return a;
    }

    ProcessResult run(const std::vector<std::string>& args,
                      std::chrono::milliseconds limit = std::chrono::seconds(60)) const {
        ChildProcess harness(kHarness, args, dir.path(), {.run_in_dir = true, .own_group = true});
        return harness.wait(limit);
    }

    TempDir dir{"lmr-tune-fault"};
    ScriptedEngine engine;
    std::string db, base;
};

struct Iteration {
    int k = 0;
    int wins = 0, draws = 0, losses = 0;
};

// The stored iterations of run 1, in k order; none while the database or its schema is not
// there yet (another process may be creating it).
std::vector<Iteration> stored_iterations(const std::string& db_path) {
    if (!fs::exists(db_path)) return {};
    try {
        Db db(db_path);
        std::vector<Iteration> out;
        for (const auto& row :
             db.rows("SELECT k, wins, draws, losses FROM tune_iterations WHERE run_id = 1 "
                     "ORDER BY k"))
            out.push_back(
                {std::stoi(*row[0]), std::stoi(*row[1]), std::stoi(*row[2]), std::stoi(*row[3])});
        return out;
    } catch (const std::exception&) {
        return {};
    }
}

std::string run_status(const std::string& db_path) {
    Db db(db_path);
    return db.text("SELECT status FROM runs WHERE id = 1");
}

// What every stored iteration must be, whatever stopped the run: k = 0, 1, … without a gap or
// a repeat, and every game of its pairs counted (a half-played iteration is never stored).
void expect_whole_iterations(const std::vector<Iteration>& iterations, int pairs) {
    for (std::size_t i = 0; i < iterations.size(); ++i) {
        const auto& it = iterations[i];
        EXPECT_EQ(it.k, static_cast<int>(i)) << "iterations stored in order, once each";
        EXPECT_EQ(it.wins + it.draws + it.losses, 2 * pairs) << "iteration " << it.k;
    }
}

// A finished tune: exit 0, the run `finished`, exactly the planned iterations, each whole.
std::vector<Iteration> expect_finished(const TuneSetup& tune, const ProcessResult& r,
                                       int iterations, int pairs) {
    EXPECT_EQ(r.exit_code, 0) << describe(r);
    EXPECT_TRUE(contains(r.out, "finished, " + std::to_string(iterations) + "/" +
                                    std::to_string(iterations) + " iterations"))
        << r.out;
    if (!fs::exists(tune.db)) {
        ADD_FAILURE() << "no database\n" << describe(r);
        return {};
    }
    EXPECT_EQ(run_status(tune.db), "finished");
    auto stored = stored_iterations(tune.db);
    EXPECT_EQ(stored.size(), static_cast<std::size_t>(iterations)) << describe(r);
    expect_whole_iterations(stored, pairs);
    return stored;
}

// Both sides are the same faulty program, so in every game one of them commits the fault and
// loses: no game of the tune is drawn.
void expect_every_game_decisive(const std::vector<Iteration>& iterations) {
    for (const auto& it : iterations)
        EXPECT_EQ(it.draws, 0) << "iteration " << it.k << ": W" << it.wins << " L" << it.losses;
}

constexpr int kIterations = 3;
constexpr int kPairs = 2;

TEST(TuneFaults, CrashLosesTheGameAndTheTuneFinishes) {
    // The fixture crashes at its fourth search of a process: every game ends by a crash, and a
    // tune that went on with the dead process instead of a restarted one would fail.
    TuneSetup tune("crasher", {kFixtureCrash, "3"});
    const auto r = tune.run(tune.args(kIterations, kPairs, "nodes=1000"));
    expect_every_game_decisive(expect_finished(tune, r, kIterations, kPairs));
    // Every game ends with one process crashed: at least as many processes as games.
    EXPECT_GE(tune.engine.started().size(), static_cast<std::size_t>(2 * kIterations * kPairs));
    expect_engines_gone(tune.engine);
}

TEST(TuneFaults, HangWithMoveTimeIsATimeForfeitAndTheTuneFinishes) {
    TuneSetup tune("hanger", {kFixtureHang, "3"});
    const auto r = tune.run(tune.args(kIterations, 1, "st=0.1"));
    expect_every_game_decisive(expect_finished(tune, r, kIterations, 1));
    expect_engines_gone(tune.engine);
}

TEST(TuneFaults, HangWithClockIsATimeForfeitAndTheTuneFinishes) {
    TuneSetup tune("hanger", {kFixtureHang, "2"});
    const auto r = tune.run(tune.args(2, 1, "tc=0.3+0.05"));
    expect_every_game_decisive(expect_finished(tune, r, 2, 1));
}

// A tune keeps no games, so its output is the only place a user can learn that the games were
// decided by engine faults rather than by play (every game of these runs is): it must name the
// engine and the fault, as a match's stored games do.
TEST(TuneFaults, FaultedGamesAreReportedNamingTheEngineAndTheFault) {
    struct Case {
        std::string name;
        std::vector<std::string> command;
        std::string tc, fault;
    };
    for (const Case& c : {Case{"crasher", {kFixtureCrash, "3"}, "nodes=1000", "crash"},
                          Case{"hanger", {kFixtureHang, "3"}, "st=0.1", "time"},
                          Case{"cheat", {kFixtureIllegal, "3"}, "nodes=1000", "illegal"}}) {
        TuneSetup tune(c.name, c.command);
        const auto r = tune.run(tune.args(1, 1, c.tc));
        expect_finished(tune, r, 1, 1);
        const std::string said = r.out + r.err;
        EXPECT_TRUE(contains(said, c.name) || contains(said, "theta")) << "names the engine\n"
                                                                       << said;
        EXPECT_TRUE(mentions(said, c.fault)) << "names the fault (" << c.fault << ")\n" << said;
    }
}

// Without a clock (nodes= only) a search that never ends is caught by --stall-timeout, as in a
// match: the tune finishes long before the 60 s default would let a single game end.
TEST(TuneFaults, StallTimeoutEndsAHungSearchWithoutAClock) {
    TuneSetup tune("hanger", {kFixtureHang, "2"});
    const auto r = tune.run(tune.args(2, 1, "nodes=1000", {"--stall-timeout", "1000"}),
                            std::chrono::seconds(20));
    ASSERT_FALSE(r.timed_out) << "--stall-timeout 1000 was not honoured\n" << describe(r);
    expect_every_game_decisive(expect_finished(tune, r, 2, 1));
    expect_engines_gone(tune.engine);  // the stalled processes were killed, not left hanging
}

TEST(TuneFaults, IllegalMoveLosesTheGameAndTheTuneFinishes) {
    TuneSetup tune("cheat", {kFixtureIllegal, "3"});
    const auto r = tune.run(tune.args(kIterations, kPairs, "nodes=1000"));
    expect_every_game_decisive(expect_finished(tune, r, kIterations, kPairs));
}

TEST(TuneFaults, GarbageOutputStillPlaysWholeIterations) {
    TuneSetup tune("noisy", {kFixtureGarbage});
    const auto r = tune.run(tune.args(2, 1, "nodes=1000"));
    expect_finished(tune, r, 2, 1);
}

TEST(TuneFaults, EngineThatNeverAnswersUciIsBadInputBeforeTheRun) {
    TuneSetup tune("mute", {kFixtureSilent});
    const auto r =
        tune.run(tune.args(kIterations, kPairs, "nodes=1000", {"--startup-timeout", "1000"}),
                 std::chrono::seconds(40));
    EXPECT_EQ(r.exit_code, 2) << describe(r);
    EXPECT_TRUE(contains(r.err, "mute")) << "names the engine: " << r.err;
    EXPECT_TRUE(contains(r.err, "uci")) << "says what it did not answer: " << r.err;
    if (fs::exists(tune.db)) {
        Db db(tune.db);
        EXPECT_EQ(db.integer("SELECT count(*) FROM runs"), 0) << "no run was created";
    }
    expect_engines_gone(tune.engine);
}

// --startup-timeout bounds the `uci` handshake of a tune's engines as it does a match's: an
// engine that takes 3 s to answer is refused with --startup-timeout 500.
TEST(TuneFaults, StartupTimeoutRefusesASlowEngine) {
    TuneSetup tune("sluggish", {kFixtureSlowStart, "3000"});
    const auto r = tune.run(tune.args(1, 1, "nodes=1000", {"--startup-timeout", "500"}),
                            std::chrono::seconds(40));
    EXPECT_EQ(r.exit_code, 2) << describe(r);
    EXPECT_TRUE(contains(r.err, "sluggish")) << r.err;
    EXPECT_TRUE(contains(r.err, "uci")) << r.err;
}

// An engine that plays, then can no longer be started (here: after its first iteration, every
// new process never answers `uci`): the run fails, exit 4, with a message naming the engine;
// what was stored stays whole, and once the engine is mended `tune resume` finishes the run.
TEST(TuneFaults, EngineThatStopsStartingFailsTheRunResumably) {
    constexpr int kPlanned = 6;
    TuneSetup tune("fragile", {kFixtureHang, "3"});
    {
        // st=0.2: each game ends by the hang's time forfeit, which kills the process, so every
        // game needs a fresh one.
        ChildProcess harness(kHarness,
                             tune.args(kPlanned, 1, "st=0.2", {"--startup-timeout", "2000"}),
                             tune.dir.path(), {.run_in_dir = true, .own_group = true});
        ASSERT_TRUE(wait_until([&] { return !stored_iterations(tune.db).empty(); },
                               std::chrono::seconds(30)))
            << describe(harness.wait(std::chrono::seconds(1)));
        tune.engine.set_command({kFixtureSilent});
        const auto r = harness.wait(std::chrono::seconds(40));
        ASSERT_FALSE(r.timed_out) << describe(r);
        EXPECT_EQ(r.exit_code, 4) << describe(r);
        EXPECT_TRUE(contains(r.out + r.err, "fragile")) << "names the engine\n" << describe(r);
        EXPECT_TRUE(contains(r.out + r.err, "uci")) << "says what went wrong\n" << describe(r);
        EXPECT_TRUE(contains(r.out, "tune resume --run 1")) << r.out;
        EXPECT_EQ(run_status(tune.db), "failed");
        const auto stored = stored_iterations(tune.db);
        ASSERT_LT(stored.size(), static_cast<std::size_t>(kPlanned)) << "failed too late";
        expect_whole_iterations(stored, 1);
    }
    expect_engines_gone(tune.engine);

    tune.engine.set_command({kFixtureHang, "3"});
    const auto r = tune.run({"tune", "resume", "--run", "1", "--db", tune.db});
    expect_finished(tune, r, kPlanned, 1);
}

// Starts a tune of `planned` iterations, waits until its first iteration is stored, sends
// `signal` to the harness's process group (as a terminal's Ctrl-C does, or kill -9 -PGID), and
// checks that it stopped promptly with whole iterations, short of the plan. Returns how it ended.
ProcessResult stop_after_an_iteration(const TuneSetup& tune, int planned, int signal) {
    ChildProcess harness(kHarness, tune.args(planned, 1, "st=0.25"), tune.dir.path(),
                         {.run_in_dir = true, .own_group = true});
    EXPECT_TRUE(
        wait_until([&] { return !stored_iterations(tune.db).empty(); }, std::chrono::seconds(30)))
        << describe(harness.wait(std::chrono::seconds(1)));
    harness.signal_group(signal);
    const auto r = harness.wait(std::chrono::seconds(15));
    EXPECT_FALSE(r.timed_out) << "the harness did not stop after signal " << signal << "\n"
                              << describe(r);
    const auto stored = stored_iterations(tune.db);
    EXPECT_LT(stored.size(), static_cast<std::size_t>(planned))
        << "the signal came too late to test anything";
    expect_whole_iterations(stored, 1);
    return r;
}

// Ctrl-C as a terminal sends it (SIGINT to the harness's process group): the harness stops
// within seconds, marks the run interrupted, exits 4 and leaves no engine behind; `tune resume`
// plays the rest, and the run ends with exactly the planned iterations.
TEST(TuneFaults, CtrlCInterruptsPromptlyAndResumeFinishesThePlannedIterations) {
    constexpr int kPlanned = 8;
    TuneSetup tune("hanger", {kFixtureHang, "3"});
    {
        const auto r = stop_after_an_iteration(tune, kPlanned, SIGINT);
        EXPECT_EQ(r.exit_code, 4) << "interrupted tune: exit 4\n" << describe(r);
        EXPECT_TRUE(contains(r.out, "interrupted")) << r.out;
        EXPECT_TRUE(contains(r.out, "tune resume --run 1")) << r.out;
        EXPECT_EQ(run_status(tune.db), "interrupted");
    }
    expect_engines_gone(tune.engine);

    const auto r = tune.run({"tune", "resume", "--run", "1", "--db", tune.db});
    expect_finished(tune, r, kPlanned, 1);
}

// kill -9 of the harness's process group: nothing is tidied up (the run still says running)
// but what was stored is whole, and `tune resume` ends with exactly the planned iterations.
TEST(TuneFaults, Kill9ThenResumeFinishesThePlannedIterations) {
    constexpr int kPlanned = 8;
    TuneSetup tune("hanger", {kFixtureHang, "3"});
    {
        const auto r = stop_after_an_iteration(tune, kPlanned, SIGKILL);
        ASSERT_EQ(r.exit_code, 128 + SIGKILL) << describe(r);
        EXPECT_EQ(run_status(tune.db), "running");
    }
    expect_engines_gone(tune.engine);

    const auto r = tune.run({"tune", "resume", "--run", "1", "--db", tune.db});
    EXPECT_TRUE(contains(r.out, "Resuming tune run 1")) << r.out;
    expect_finished(tune, r, kPlanned, 1);
}

}  // namespace
}  // namespace lmr::tune_fault_test
