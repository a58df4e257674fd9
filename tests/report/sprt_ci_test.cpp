// scripts/sprt-ci: runs an SPRT with the flags given, writes the markdown summary of the run
// to --summary or appends it to $GITHUB_STEP_SUMMARY, and exits with the SPRT's exit code.
// The test points the script at the built lmr-harness (LMR_HARNESS) so nothing is rebuilt.

#include <gtest/gtest.h>

#include <cstdlib>

#include "tests/report/cli_support.hpp"

namespace lmr::report_test {
namespace {

const std::string kScript = kSourceDir + "/scripts/sprt-ci";

std::vector<std::string> sprt_args(const TempDir& dir) {
    return {kScript,
            "--base",
            kSourceDir + "/configs/none.json",
            "--test",
            kSourceDir + "/configs/cpw-simple.json",
            "--tc",
            "nodes=400",
            "--max-pairs",
            "2",
            "--concurrency",
            "1",
            "--elo0",
            "-100",
            "--elo1",
            "100",
            "--db",
            dir / "ci.db",
            "--engine-binary",
            kEngine,
            "--book",
            "none"};
}

class SprtCi : public ::testing::Test {
  protected:
    void SetUp() override {
        ::setenv("LMR_HARNESS", kHarness.c_str(), 1);
        ::unsetenv("GITHUB_STEP_SUMMARY");
    }
    void TearDown() override {
        ::unsetenv("LMR_HARNESS");
        ::unsetenv("GITHUB_STEP_SUMMARY");
    }
};

TEST_F(SprtCi, WritesTheSummaryAndExitsWithTheSprtCode) {
    TempDir dir;
    auto args = sprt_args(dir);
    args.insert(args.end(), {"--summary", dir / "summary.md"});
    const auto r = run("/bin/bash", args, dir.path(), std::chrono::seconds(120));
    ASSERT_TRUE(r.exit_code == 0 || r.exit_code == 1 || r.exit_code == 3) << describe(r);
    const std::string summary = read_file(dir / "summary.md");
    const char* verdict = r.exit_code == 0   ? "H1 accepted (pass)"
                          : r.exit_code == 1 ? "H0 accepted (fail)"
                                             : "no decision within 2 pairs";
    EXPECT_TRUE(contains(summary, std::string("## SPRT cpw-simple.json vs none.json: ") + verdict))
        << summary;
    EXPECT_TRUE(contains(summary, "## Run 1: none vs cpw-simple")) << summary;
    EXPECT_TRUE(contains(summary, "```text\nGames:")) << summary;
    EXPECT_TRUE(contains(summary, "| Termination | Games |")) << summary;
    // The database holds the run the summary describes.
    Db db(dir / "ci.db");
    EXPECT_EQ(db.text("SELECT kind FROM runs WHERE id = 1"), "sprt");
    const std::string stored = db.text("SELECT verdict FROM runs WHERE id = 1");
    EXPECT_EQ(stored, r.exit_code == 0 ? "H1" : r.exit_code == 1 ? "H0" : "undecided");
}

TEST_F(SprtCi, AppendsToTheGithubStepSummary) {
    TempDir dir;
    const std::string step = dir / "step.md";
    write_file(step, "earlier step\n");
    ::setenv("GITHUB_STEP_SUMMARY", step.c_str(), 1);
    const auto r = run("/bin/bash", sprt_args(dir), dir.path(), std::chrono::seconds(120));
    ASSERT_TRUE(r.exit_code == 0 || r.exit_code == 1 || r.exit_code == 3) << describe(r);
    const std::string summary = read_file(step);
    EXPECT_EQ(summary.rfind("earlier step\n## SPRT ", 0), 0u) << summary;
    EXPECT_TRUE(contains(summary, "## Run 1: none vs cpw-simple")) << summary;
}

TEST_F(SprtCi, BadInputExitsTwo) {
    TempDir dir;
    const auto missing =
        run("/bin/bash", {kScript, "--base", kSourceDir + "/configs/none.json"}, dir.path());
    EXPECT_EQ(missing.exit_code, 2) << describe(missing);
    EXPECT_TRUE(contains(missing.err, "--test")) << missing.err;
    const auto nope = run("/bin/bash",
                          {kScript, "--base", kSourceDir + "/configs/none.json", "--test",
                           dir / "nope.json", "--summary", dir / "s.md"},
                          dir.path());
    EXPECT_EQ(nope.exit_code, 2) << describe(nope);
    EXPECT_TRUE(contains(read_file(dir / "s.md"), "bad usage or input"));
}

}  // namespace
}  // namespace lmr::report_test
