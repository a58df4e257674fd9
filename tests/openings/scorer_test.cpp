// Scoring positions with real engines (integration): lmr-engine scores known positions the
// way chess says it should, the result does not depend on the concurrency, and an engine
// that cannot start or keeps failing is an error. Then `lmr-harness openings generate` end to
// end on a small ECO file, and stopped by Ctrl-C or refused by --startup-timeout without touching
// the book it would replace.

#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "harness/openings/epd_reader.hpp"
#include "harness/openings/position_scorer.hpp"
#include "tests/support/child_process.hpp"
#include "tests/support/programs.hpp"
#include "tests/support/temp_dir.hpp"

namespace lmr::openings {
namespace {

using ::lmr::test::kEngine;
using ::lmr::test::kHarness;
const std::string kCrashFixture = LMR_CRASH_FIXTURE;
const std::string kHangFixture = LMR_HANG_FIXTURE;             // plays 3 moves, then hangs
const std::string kSlowStartFixture = LMR_SLOW_START_FIXTURE;  // answers `uci` after 2 s

ScorerOptions lmr_engine(int concurrency, std::uint64_t nodes = 5000) {
    ScorerOptions options;
    options.engine.name = "lmr-engine";
    options.engine.argv = {kEngine};
    options.engine.discard_stderr = true;
    options.nodes = nodes;
    options.concurrency = concurrency;
    return options;
}

const std::vector<std::string> kPositions = {
    // The initial position: roughly equal.
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    // White to move, a queen up.
    "rnb1kbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3",
    // Black to move, a queen down: the same imbalance from the other side.
    "rnb1kbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 3",
    // White mates in one (Qh5xf7#, Scholar's mate).
    "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
    // Sicilian Najdorf: balanced.
    "rnbqkb1r/1p2pppp/p2p1n2/8/3NP3/2N5/PPP2PPP/R1BQKB1R w KQkq - 0 6",
};

TEST(PositionScorer, LmrEngineScoresKnownPositions) {
    std::size_t last_done = 0;
    ScorerOptions options = lmr_engine(2);
    options.progress = [&](std::size_t done, std::size_t total) {
        EXPECT_EQ(done, last_done + 1);
        EXPECT_EQ(total, kPositions.size());
        last_done = done;
    };
    const ScorerResult result = score_positions(kPositions, options);
    EXPECT_EQ(last_done, kPositions.size());
    EXPECT_FALSE(result.engine_id.empty());
    EXPECT_EQ(result.retries, 0u);
    ASSERT_EQ(result.evaluations.size(), kPositions.size());
    const auto& e = result.evaluations;
    ASSERT_TRUE(e[0].score && e[1].score && e[2].score && e[3].score && e[4].score);
    EXPECT_TRUE(is_balanced(e[0], 100)) << e[0].score->value;
    EXPECT_FALSE(e[1].score->is_mate());
    EXPECT_GT(e[1].score->value, 600);  // side to move is a queen up
    EXPECT_FALSE(e[2].score->is_mate());
    EXPECT_LT(e[2].score->value, -600);  // side to move is a queen down
    EXPECT_EQ(e[3].score, core::Score::mate(1));
    EXPECT_FALSE(is_balanced(result.evaluations[3], 100000));
    EXPECT_TRUE(is_balanced(result.evaluations[4], 150)) << e[4].score->value;
}

TEST(PositionScorer, SameScoresWhateverTheConcurrency) {
    const auto one = score_positions(kPositions, lmr_engine(1));
    const auto two = score_positions(kPositions, lmr_engine(2));
    ASSERT_EQ(one.evaluations.size(), two.evaluations.size());
    for (std::size_t i = 0; i < one.evaluations.size(); ++i) {
        EXPECT_EQ(one.evaluations[i].score, two.evaluations[i].score) << kPositions[i];
    }
}

TEST(PositionScorer, EngineFaultsAreErrors) {
    ScorerOptions missing = lmr_engine(2);
    missing.engine.argv = {"/nonexistent/engine"};
    EXPECT_THROW(score_positions(kPositions, missing), ScorerError);

    // The crash fixture (told to play 0 moves) dies in its first search: restarted once, it dies
    // again.
    ScorerOptions crashing = lmr_engine(1);
    crashing.engine.argv = {kCrashFixture, "0"};
    crashing.engine.discard_stderr = true;
    try {
        score_positions(kPositions, crashing);
        ADD_FAILURE() << "no error from an engine that crashes";
    } catch (const ScorerError& e) {
        EXPECT_NE(std::string(e.what()).find("failed twice"), std::string::npos) << e.what();
    }

    EXPECT_THROW(score_positions(kPositions, lmr_engine(0)), std::invalid_argument);
    EXPECT_TRUE(score_positions({}, lmr_engine(1)).evaluations.empty());
}

int run(const std::string& command) {
    const int status = std::system(command.c_str());
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

TEST(OpeningsGenerate, WritesABalancedBookThatReadsBack) {
    const test::TempDir temp("lmr-generate-test");
    const std::filesystem::path& dir = temp.path();
    {
        std::ofstream eco(dir / "small.eco");
        eco << "# a small ECO file\n"
               "A00b \"Barnes Opening\"  1.f3 *\n"
               "C40 \"King's Knight Opening\" 1.e4 e5 2.Nf3 *\n"
               "A04 \"Reti transposing\" 1.Nf3 e5 2.e4 *\n"
               "C44 \"King's Pawn\" 1.e4 e5 2.Nf3 Nc6 *\n"
               "C20 \"Queen grab\"\n  1.e4 e5 2.Qh5 Nc6 3.Qxe5 *\n"
               "B90a \"Sicilian: Najdorf\" 1.e4 c5 2.Nf3 d6 3.d4 cxd4 4.Nxd4 Nf6 5.Nc3 a6 *\n";
    }
    const std::string out = (dir / "book.epd").string();
    const std::string log = (dir / "log.txt").string();
    const std::string command = kHarness + " openings generate --eco " +
                                (dir / "small.eco").string() + " --engine-binary " + kEngine +
                                " --min-plies 3 --max-plies 10 --nodes 3000 --max-cp 100"
                                " --concurrency 2 --out " +
                                out + " >" + log + " 2>&1";
    ASSERT_EQ(run(command), 0) << std::ifstream(log).rdbuf();

    // The book holds positions only, as other tools read EPD; its notes the command.
    std::ostringstream text;
    text << std::ifstream(out).rdbuf();
    EXPECT_EQ(text.str().find('#'), std::string::npos) << text.str();
    std::ostringstream notes;
    notes << std::ifstream(out + ".txt").rdbuf();
    EXPECT_NE(notes.str().find("\nlmr-harness openings generate --eco "), std::string::npos)
        << notes.str();
    EXPECT_NE(notes.str().find("--max-cp 100"), std::string::npos) << notes.str();

    const auto book = read_epd_file(out);
    std::vector<std::string> names;
    for (const auto& opening : book.openings) names.push_back(opening.name);
    // C40 and A04 are one position (named by C40); C20 leaves Black a queen down; B90a and
    // C44 are balanced; A00b is too short.
    EXPECT_EQ(names, (std::vector<std::string>{"B90a Sicilian: Najdorf",
                                               "C40 King's Knight Opening", "C44 King's Pawn"}));

    std::ostringstream summary;
    summary << std::ifstream(log).rdbuf();
    EXPECT_NE(summary.str().find("4 unique positions"), std::string::npos) << summary.str();
    EXPECT_NE(summary.str().find("kept 3"), std::string::npos) << summary.str();

    // A bad ECO file is bad input (exit 2) naming the line.
    {
        std::ofstream eco(dir / "bad.eco");
        eco << "C40 \"King's Knight Opening\" 1.e4 e5 2.Nf3 *\nC20 \"Bad\" 1.e4 e5 2.Ke3 *\n";
    }
    const std::string bad = kHarness + " openings generate --eco " + (dir / "bad.eco").string() +
                            " --engine-binary " + kEngine + " --out " + (dir / "bad.epd").string() +
                            " >" + log + " 2>&1";
    EXPECT_EQ(run(bad), 2);
    std::ostringstream message;
    message << std::ifstream(log).rdbuf();
    EXPECT_NE(message.str().find("bad.eco:2: illegal SAN 'Ke3'"), std::string::npos)
        << message.str();
    EXPECT_FALSE(std::filesystem::exists(dir / "bad.epd"));
}

// An ECO file of four positions to score, and a book an earlier run left at `out`: a stopped
// or failed generate must leave it as it was.
struct GenerateSetup {
    test::TempDir temp{"lmr-generate-fault-test"};
    std::string eco = (temp.path() / "four.eco").string();
    std::string out = (temp.path() / "book.epd").string();
    static constexpr const char* kEarlierBook = "# an earlier book\n";

    GenerateSetup() {
        std::ofstream(eco) << "C40 \"King's Knight\" 1.e4 e5 2.Nf3 *\n"
                              "C44 \"King's Pawn\" 1.e4 e5 2.Nf3 Nc6 *\n"
                              "D06 \"QGD\" 1.d4 d5 2.c4 *\n"
                              "B20 \"Sicilian\" 1.e4 c5 2.Nf3 *\n";
        std::ofstream(out) << kEarlierBook;
    }
    std::vector<std::string> args(const std::string& engine,
                                  const std::vector<std::string>& extra = {}) const {
        std::vector<std::string> a{"openings",        "generate", "--eco",       eco,
                                   "--engine-binary", engine,     "--min-plies", "3",
                                   "--concurrency",   "1",        "--out",       out};
        a.insert(a.end(), extra.begin(), extra.end());
        return a;
    }
    std::string book() const {
        std::ostringstream text;
        text << std::ifstream(out).rdbuf();
        return text.str();
    }
};

// Ctrl-C while the engine is stuck in a search (its fourth, which would take the 60 s stall
// timeout to end by itself): exit 4 within seconds, said so, the book untouched.
TEST(OpeningsGenerate, CtrlCStopsAStuckScoringAndLeavesTheBookAsItWas) {
    GenerateSetup setup;
    test::ChildProcess harness(kHarness, setup.args(kHangFixture), setup.temp.path(),
                               {.run_in_dir = true, .own_group = true});
    std::this_thread::sleep_for(std::chrono::seconds(1));  // three searches take milliseconds
    ASSERT_TRUE(harness.running()) << "the scoring ended before it was stopped";
    const auto signalled = std::chrono::steady_clock::now();
    harness.signal_group(SIGINT);
    const auto r = harness.wait(std::chrono::seconds(20));
    ASSERT_FALSE(r.timed_out) << "did not stop after Ctrl-C\n" << test::describe(r);
    EXPECT_LT(std::chrono::steady_clock::now() - signalled, std::chrono::seconds(5));
    EXPECT_EQ(r.exit_code, 4) << test::describe(r);
    EXPECT_NE(r.err.find("interrupted"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("nothing written"), std::string::npos) << r.err;
    EXPECT_EQ(setup.book(), GenerateSetup::kEarlierBook);
}

// --startup-timeout bounds the engine's `uci` handshake: shorter than the engine's 2 s, the
// command fails (exit 1) naming the handshake, before the engine answered, the book untouched.
TEST(OpeningsGenerate, StartupTimeoutRefusesASlowEngine) {
    GenerateSetup setup;
    const auto r =
        test::run_process(kHarness, setup.args(kSlowStartFixture, {"--startup-timeout", "300"}),
                          setup.temp.path(), std::chrono::seconds(20));
    EXPECT_EQ(r.exit_code, 1) << test::describe(r);
    EXPECT_NE(r.err.find("uci"), std::string::npos) << r.err;
    EXPECT_LT(r.seconds, 2.0) << test::describe(r);
    EXPECT_EQ(setup.book(), GenerateSetup::kEarlierBook);
}

}  // namespace
}  // namespace lmr::openings
