// `lmr-harness label` with a labelling engine that misbehaves on purpose (tests/fixtures),
// black-box through the binary. A fault in one search is retried once on a fresh process and
// every position still gets exactly one label; a fault that repeats, or an engine that never
// answers `uci` (or not within --startup-timeout), fails the command (exit 1) with a message
// naming the engine and the fault, and nothing is written. Ctrl-C (exit 4, as an interrupted
// run) and kill -9 stop it promptly without touching the output file, and a re-run labels
// exactly the planned positions.
//
// label has no database: its output is written whole at the end, so "consistent" means the
// file is either the complete new labelling or left as it was.

#include <gtest/gtest.h>
#include <signal.h>

#include <chrono>
#include <regex>
#include <string>
#include <thread>
#include <vector>

#include "tests/support/child_process.hpp"
#include "tests/support/programs.hpp"
#include "tests/support/scripted_engine.hpp"
#include "tests/support/temp_dir.hpp"
#include "tests/support/text.hpp"

namespace lmr::label_fault_test {
namespace {

namespace fs = std::filesystem;
using test::ChildProcess;
using test::contains;
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

constexpr int kExitFailure = 1;      // label: the command ran and failed (engine, I/O)
constexpr int kExitInterrupted = 4;  // as every run command: interrupted (Ctrl-C)

// Two finished games: 10 + 8 = 18 positions to label, 17 distinct (both start from the
// initial position, which is searched once).
constexpr const char* kGames =
    "[Event \"a\"]\n[White \"w\"]\n[Black \"b\"]\n[Result \"1/2-1/2\"]\n\n"
    "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 1/2-1/2\n\n"
    "[Event \"b\"]\n[White \"w\"]\n[Black \"b\"]\n[Result \"1-0\"]\n\n"
    "1. d4 d5 2. c4 e6 3. Nc3 Nf6 4. Bg5 Be7 1-0\n";
constexpr int kPositions = 18;
constexpr int kDistinct = 17;
const std::string kSummary = "Labelled " + std::to_string(kPositions) + " positions of 2 games (" +
                             std::to_string(kDistinct) + " distinct searched";

// What an earlier labelling left in the output file: a failed or stopped run must not touch it.
constexpr const char* kEarlierOutput =
    "[Event \"earlier labelling\"]\n\n1. e4 {+0.20/5 0.000s} *\n";

// The score comments of a labelled PGN: `{+0.35/12 0.000s}`, `{0.00/1 0.000s}`, `{-M3/7 0.000s}`,
// the last move's followed by a remark (`{0.00/1 0.000s, result as given by the source PGN}`).
std::vector<std::string> labels_in(const std::string& pgn) {
    static const std::regex label(R"(\{[+-]?(M[0-9]+|[0-9]+\.[0-9]{2})/[0-9]+ [0-9.]+s[,}])");
    std::vector<std::string> out;
    for (auto it = std::sregex_iterator(pgn.begin(), pgn.end(), label);
         it != std::sregex_iterator(); ++it)
        out.push_back(it->str());
    return out;
}

// A labelling of kGames by one ScriptedEngine, in a directory of its own.
struct LabelSetup {
    LabelSetup(const std::string& name, const std::vector<std::string>& command)
        : engine(dir, name, command), in(dir / "games.pgn"), out(dir / "labelled.pgn") {
        test::write_file(in, kGames);
    }

    std::vector<std::string> args(const std::vector<std::string>& extra = {}) const {
        std::vector<std::string> a{"label",
                                   "--pgn",
                                   in,
                                   "--out",
                                   out,
                                   "--nodes",
                                   "1000",
                                   "--concurrency",
                                   "1",
                                   "--engine",
                                   "name=" + engine.name(),
                                   "cmd=" + engine.path()};
        a.insert(a.end(), extra.begin(), extra.end());
        return a;
    }

    ProcessResult run(const std::vector<std::string>& args,
                      std::chrono::milliseconds limit = std::chrono::seconds(60)) const {
        ChildProcess harness(kHarness, args, dir.path(), {.run_in_dir = true, .own_group = true});
        return harness.wait(limit);
    }

    TempDir dir{"lmr-label-fault"};
    ScriptedEngine engine;
    std::string in, out;
};

// A complete labelling: exit 0, the summary's counts, and one label on every position.
void expect_complete(const LabelSetup& label, const ProcessResult& r) {
    EXPECT_EQ(r.exit_code, 0) << describe(r);
    EXPECT_TRUE(contains(r.out, kSummary)) << r.out;
    const std::string pgn = test::read_file(label.out);
    EXPECT_EQ(labels_in(pgn).size(), static_cast<std::size_t>(kPositions)) << pgn;
    EXPECT_FALSE(fs::exists(label.out + ".tmp")) << "no temporary file left behind";
}

// A failed labelling: exit 1, a message naming the engine and the fault, the output untouched.
void expect_failed(const LabelSetup& label, const ProcessResult& r, const std::string& fault) {
    EXPECT_FALSE(r.timed_out) << describe(r);
    EXPECT_EQ(r.exit_code, kExitFailure) << describe(r);
    EXPECT_TRUE(contains(r.err, label.engine.name())) << "names the engine: " << r.err;
    EXPECT_TRUE(mentions(r.err, fault)) << "names the fault (" << fault << "): " << r.err;
    EXPECT_EQ(test::read_file(label.out), kEarlierOutput) << "the output file was touched";
    EXPECT_FALSE(fs::exists(label.out + ".tmp"));
}

TEST(LabelFaults, CrashIsRetriedOnAFreshProcessAndEveryPositionIsLabelled) {
    // The fixture crashes at the fourth search of each process: without a restart and a retry
    // the labelling could not go past the fourth position.
    LabelSetup label("crasher", {kFixtureCrash, "3"});
    const auto r = label.run(label.args());
    expect_complete(label, r);
    EXPECT_TRUE(contains(r.out, "retries")) << "the summary counts the retried searches: " << r.out;
    EXPECT_GE(label.engine.started().size(), 2u) << "restarted after the crash";
    expect_engines_gone(label.engine);
}

TEST(LabelFaults, CrashOnEverySearchFailsNamingTheEngineAndWritesNothing) {
    LabelSetup label("crasher", {kFixtureCrash, "0"});
    test::write_file(label.out, kEarlierOutput);
    const auto r = label.run(label.args());
    expect_failed(label, r, "crash");
    expect_engines_gone(label.engine);
}

// A `bestmove` line without a move: the search is retried like a crash.
TEST(LabelFaults, BestmoveWithoutAMoveIsRetriedAndEveryPositionIsLabelled) {
    LabelSetup label("cheat", {kFixtureIllegal, "3", "empty"});
    const auto r = label.run(label.args());
    expect_complete(label, r);
    EXPECT_TRUE(contains(r.out, "retries")) << r.out;
}

TEST(LabelFaults, BestmoveWithoutAMoveOnEverySearchFailsAndWritesNothing) {
    LabelSetup label("cheat", {kFixtureIllegal, "0", "empty"});
    test::write_file(label.out, kEarlierOutput);
    const auto r = label.run(label.args());
    expect_failed(label, r, "illegal");
}

// An engine that answers an illegal move did not search the position it was given (a position
// it misread, a broken move generator): its score is no label. Every search of this fixture
// answers an illegal move, so the labelling must fail rather than write its scores.
TEST(LabelFaults, IllegalMoveOnEverySearchFailsAndWritesNothing) {
    LabelSetup label("cheat", {kFixtureIllegal, "0"});
    test::write_file(label.out, kEarlierOutput);
    const auto r = label.run(label.args());
    expect_failed(label, r, "illegal");
}

TEST(LabelFaults, GarbageOutputIsReadAndEveryLabelIsTheLastWellFormedScore) {
    LabelSetup label("noisy", {kFixtureGarbage});
    const auto r = label.run(label.args());
    expect_complete(label, r);
    EXPECT_FALSE(contains(r.out, "retries"))
        << "garbage around a good answer is no fault: " << r.out;
    // The fixture's last well-formed info line before each move is `depth 1 score cp 0`; the
    // multipv 2 line (cp 9999) and the malformed ones must not become labels.
    for (const auto& l : labels_in(test::read_file(label.out)))
        EXPECT_EQ(l.substr(0, 8), "{0.00/1 ") << l;
}

TEST(LabelFaults, EngineThatNeverAnswersUciFailsNamingTheEngineAndWritesNothing) {
    LabelSetup label("mute", {kFixtureSilent});
    test::write_file(label.out, kEarlierOutput);
    // two starts (a failed start is tried once more) of 1.5 s each, not of the default 10 s
    const auto r = label.run(label.args({"--startup-timeout", "1500"}), std::chrono::seconds(40));
    expect_failed(label, r, "uci");
    expect_engines_gone(label.engine);
}

// The labelling engine's searches are bounded like a match's: with --stall-timeout a search
// that never ends is cut off (the engine restarted, the search retried), long before the 60 s
// default.
TEST(LabelFaults, HungSearchIsCutOffByTheStallTimeoutAndRetried) {
    LabelSetup label("hanger", {kFixtureHang, "3"});
    const auto r = label.run(label.args({"--stall-timeout", "1000"}), std::chrono::seconds(20));
    ASSERT_FALSE(r.timed_out) << "--stall-timeout 1000 was not honoured\n" << describe(r);
    expect_complete(label, r);
    EXPECT_TRUE(contains(r.out, "retries")) << r.out;
    expect_engines_gone(label.engine);
}

// --startup-timeout bounds the labelling engine's `uci` handshake as it does a match's: an
// engine that takes 3 s to answer is refused with --startup-timeout 500 (nothing written) and
// labels every position with --startup-timeout 6000.
TEST(LabelFaults, StartupTimeoutRefusesASlowEngineAndALongerOneLetsItLabel) {
    LabelSetup label("sluggish", {kFixtureSlowStart, "3000"});
    test::write_file(label.out, kEarlierOutput);
    const auto refused =
        label.run(label.args({"--startup-timeout", "500"}), std::chrono::seconds(20));
    expect_failed(label, refused, "uci");
    EXPECT_LT(refused.seconds, 3.0) << "refused before the engine answered\n" << describe(refused);
    expect_engines_gone(label.engine);

    expect_complete(label,
                    label.run(label.args({"--startup-timeout", "6000"}), std::chrono::seconds(30)));
}

// Starts a labelling whose third search never ends, waits until it is stuck there, sends
// `signal` to the harness's process group (as a terminal's Ctrl-C does, or kill -9 -PGID), and
// checks it stopped promptly (within 5 s; the stuck search alone would take the 60 s search
// timeout) without writing. Returns its result.
ProcessResult stop_a_stuck_labelling(const LabelSetup& label, int signal) {
    ChildProcess harness(kHarness, label.args(), label.dir.path(),
                         {.run_in_dir = true, .own_group = true});
    EXPECT_TRUE(
        wait_until([&] { return !label.engine.started().empty(); }, std::chrono::seconds(20)));
    // Two searches take milliseconds; after a second the third has surely begun (and it would
    // take the 60 s search timeout to end by itself).
    std::this_thread::sleep_for(std::chrono::seconds(1));
    EXPECT_TRUE(harness.running()) << "the labelling ended before it was stopped";
    const auto signalled = std::chrono::steady_clock::now();
    harness.signal_group(signal);
    const auto r = harness.wait(std::chrono::seconds(20));
    EXPECT_FALSE(r.timed_out) << "did not stop\n" << describe(r);
    EXPECT_LT(std::chrono::steady_clock::now() - signalled, std::chrono::seconds(5))
        << "did not stop promptly\n"
        << describe(r);
    EXPECT_EQ(test::read_file(label.out), kEarlierOutput) << "the output file was touched";
    EXPECT_FALSE(fs::exists(label.out + ".tmp"));
    return r;
}

TEST(LabelFaults, CtrlCStopsPromptlyWritesNothingAndARerunLabelsEveryPosition) {
    LabelSetup label("hanger", {kFixtureHang, "2"});
    test::write_file(label.out, kEarlierOutput);
    const auto r = stop_a_stuck_labelling(label, SIGINT);
    // Interrupted, as the run commands say it, and said so: not killed by the signal.
    EXPECT_EQ(r.exit_code, kExitInterrupted) << describe(r);
    EXPECT_TRUE(contains(r.err, "interrupted")) << r.err;
    EXPECT_TRUE(contains(r.err, "nothing written")) << r.err;
    expect_engines_gone(label.engine);

    // The engine mended, the same command labels every position once.
    label.engine.set_command({kFixtureRandom});
    expect_complete(label, label.run(label.args()));
}

TEST(LabelFaults, Kill9WritesNothingAndARerunLabelsEveryPosition) {
    LabelSetup label("hanger", {kFixtureHang, "2"});
    test::write_file(label.out, kEarlierOutput);
    const auto r = stop_a_stuck_labelling(label, SIGKILL);
    EXPECT_EQ(r.exit_code, 128 + SIGKILL) << describe(r);
    // Nobody closed the engine's input on purpose, but the kernel did: it must not linger.
    expect_engines_gone(label.engine);

    label.engine.set_command({kFixtureRandom});
    expect_complete(label, label.run(label.args()));
}

}  // namespace
}  // namespace lmr::label_fault_test
