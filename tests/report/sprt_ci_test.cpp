// scripts/sprt-ci: runs an SPRT with the flags given, writes the markdown summary of the run
// to --summary or appends it to $GITHUB_STEP_SUMMARY, and exits with the SPRT's exit code.
// The test points the script at the built lmr-harness (LMR_HARNESS) so nothing is rebuilt.
// Build against build: LMR Lab's own repository at two commits whose messages state the bench,
// one of them built by the script, each bench checked before any game.

#include <gtest/gtest.h>

#include <cstdlib>
#include <regex>

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

// git in `repo` with an identity of its own (CI machines have none).
Result git(const fs::path& repo, std::vector<std::string> args) {
    args.insert(args.begin(), {"-C", repo.string(), "-c", "user.name=sprt-ci test", "-c",
                               "user.email=sprt-ci@example.invalid"});
    return run("/usr/bin/git", args, repo);
}

// The node count lmr-engine's `bench` prints ("Nodes searched: N"), read here on its own.
std::string engine_bench() {
    const auto r = run(kEngine, {"bench"}, fs::temp_directory_path(), std::chrono::minutes(2));
    std::smatch match;
    const std::string text = r.out + r.err;
    if (r.exit_code != 0 || !std::regex_search(text, match, std::regex("Nodes searched: ([0-9]+)")))
        throw std::runtime_error("lmr-engine bench: " + describe(r));
    return match[1];
}

// A clone of LMR Lab with a base commit and a test commit on top of HEAD, each stating the
// bench in its message, and a third whose message states a wrong one.
struct BuildRepo {
    TempDir dir;
    fs::path repo = dir / "repo";
    std::string bench = engine_bench();

    BuildRepo() {
        const auto clone =
            run("/usr/bin/git", {"clone", "--quiet", "--shared", kSourceDir, repo.string()},
                dir.path());
        if (clone.exit_code != 0) throw std::runtime_error("git clone: " + describe(clone));
        commit("base: LMR Lab as it is\n\nBench: " + bench, false);
        // A change of the engine's source that leaves its search alone: the same bench.
        write_file(repo / "engine/main.cpp",
                   read_file(repo / "engine/main.cpp") + "// sprt-ci build-against-build test\n");
        commit("test: a comment in main.cpp\n\nNo change of the search.\nBench: " + bench, true);
    }
    void commit(const std::string& message, bool changed) {
        if (changed) git(repo, {"add", "-A"});
        const auto r = git(repo, {"commit", "--quiet", "--allow-empty", "-m", message});
        if (r.exit_code != 0) throw std::runtime_error("git commit: " + describe(r));
    }
    std::string sha(const std::string& rev) {
        auto out = git(repo, {"rev-parse", rev}).out;
        return out.substr(0, out.find('\n'));
    }
    // The script's command line; the base build is the test's own lmr-engine (--base-binary).
    std::vector<std::string> args(const std::string& base_rev, const std::string& test_rev,
                                  const std::string& db) {
        return {kScript,
                "--repo",
                repo.string(),
                "--base-rev",
                base_rev,
                "--test-rev",
                test_rev,
                "--build",
                "cmake -S . -B b -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_FLAGS_RELEASE=-O1 "
                ">/dev/null && cmake --build b -j2 --target lmr-engine",
                "--binary",
                "b/engine/lmr-engine",
                "--base-binary",
                kEngine,
                "--tc",
                "nodes=400",
                "--max-pairs",
                "1",
                "--concurrency",
                "2",
                "--elo0",
                "-100",
                "--elo1",
                "100",
                "--book",
                "none",
                "--db",
                dir / db,
                "--summary",
                dir / (db + ".md")};
    }
};

TEST_F(SprtCi, BuildAgainstBuildChecksEachBenchThenPlaysTheTestBuildFirst) {
    BuildRepo repo;
    const std::string base = repo.sha("HEAD~1"), test = repo.sha("HEAD");

    // A commit whose message states another bench (or none) fails before anything is built
    // or played: the base binary is checked first.
    repo.commit("wrong bench\n\nBench: 12345", false);
    const auto wrong = run("/bin/bash", repo.args("HEAD", test, "wrong.db"), repo.dir.path(),
                           std::chrono::minutes(2));
    EXPECT_EQ(wrong.exit_code, 2) << describe(wrong);
    EXPECT_TRUE(contains(wrong.err, "searches " + repo.bench +
                                        " nodes in 'bench', its commit message states Bench: "
                                        "12345"))
        << wrong.err;
    EXPECT_FALSE(fs::exists(repo.dir / "wrong.db"));
    EXPECT_TRUE(contains(read_file(repo.dir / "wrong.db.md"), "bad usage or input"));
    repo.commit("no bench stated", false);
    const auto none = run("/bin/bash", repo.args("HEAD", test, "none.db"), repo.dir.path(),
                          std::chrono::minutes(2));
    EXPECT_EQ(none.exit_code, 2) << describe(none);
    EXPECT_TRUE(
        contains(none.err, "states no bench: its message needs a line 'Bench: " + repo.bench + "'"))
        << none.err;

    const auto r =
        run("/bin/bash", repo.args(base, test, "ci.db"), repo.dir.path(), std::chrono::minutes(10));
    ASSERT_TRUE(r.exit_code == 0 || r.exit_code == 1 || r.exit_code == 3) << describe(r);
    EXPECT_TRUE(contains(r.err, "test " + test.substr(0, 12) + ": bench " + repo.bench)) << r.err;
    const std::string summary = read_file(repo.dir / "ci.db.md");
    EXPECT_TRUE(contains(
        summary, "## SPRT test-" + test.substr(0, 7) + " vs base-" + base.substr(0, 7) + ": "))
        << summary;
    EXPECT_TRUE(contains(summary, "(" + test.substr(0, 12) + "), base: `" + base + "`")) << summary;
    // The two binaries, kept beside the database by commit, played the games; the test build is
    // the engine under test (role 'test').
    Db db(repo.dir / "ci.db");
    EXPECT_EQ(db.integer("SELECT count(*) FROM games"), 2);
    const auto engines = db.rows(
        "SELECT e.name, e.command, e.binary_sha256 FROM run_engines re JOIN engines e ON e.id = "
        "re.engine_id WHERE re.run_id = 1 ORDER BY re.role = 'test' DESC");
    ASSERT_EQ(engines.size(), 2u);
    EXPECT_EQ(*engines[0][0], "test-" + test.substr(0, 7));
    EXPECT_EQ(*engines[1][0], "base-" + base.substr(0, 7));
    EXPECT_EQ(*engines[0][1], repo.dir / ("ci-binaries/" + test + "/lmr-engine"));
    EXPECT_EQ(*engines[1][1], repo.dir / ("ci-binaries/" + base + "/lmr-engine"));
    EXPECT_NE(*engines[0][2], *engines[1][2]);  // two builds, not one binary twice
}

// A build or a bench that never returns stops the script at its bound, exit 2 naming the
// revision, before anything is played (it used to wait for ever, and a CI job with it). The
// repository is a tiny one: an "engine" that is a shell script sleeping in a child process, so
// the bound must stop the whole process group for the script to return.
TEST_F(SprtCi, ABuildOrBenchThatNeverReturnsIsStoppedNamingTheRevision) {
    TempDir dir;
    const fs::path repo = dir / "repo";
    fs::create_directory(repo);
    ASSERT_EQ(run("/usr/bin/git", {"init", "--quiet", repo.string()}, dir.path()).exit_code, 0);
    write_file(repo / "engine.sh", "#!/bin/sh\nsleep 1000 &\nwait\n");
    fs::permissions(repo / "engine.sh", fs::perms::owner_all, fs::perm_options::add);
    ASSERT_EQ(git(repo, {"add", "-A"}).exit_code, 0);
    ASSERT_EQ(
        git(repo, {"commit", "--quiet", "-m", "an engine whose bench hangs\n\nBench: 1"}).exit_code,
        0);
    const std::string sha = git(repo, {"rev-parse", "HEAD"}).out.substr(0, 12);
    ASSERT_EQ(git(repo, {"commit", "--quiet", "--allow-empty", "-m", "test\n\nBench: 1"}).exit_code,
              0);
    const auto args = [&](const std::string& build, const std::string& db) {
        return std::vector<std::string>{kScript,
                                        "--repo",
                                        repo.string(),
                                        "--base-rev",
                                        "HEAD~1",
                                        "--test-rev",
                                        "HEAD",
                                        "--build",
                                        build,
                                        "--binary",
                                        "engine.sh",
                                        "--build-timeout",
                                        "2",
                                        "--bench-timeout",
                                        "1",
                                        "--db",
                                        dir / db,
                                        "--summary",
                                        dir / (db + ".md")};
    };
    const auto bench =
        run("/bin/bash", args("true", "bench.db"), dir.path(), std::chrono::seconds(60));
    EXPECT_EQ(bench.exit_code, 2) << describe(bench);
    EXPECT_TRUE(contains(
        bench.err, "of the base revision " + sha + " did not return within 1 s (--bench-timeout)"))
        << bench.err;
    EXPECT_FALSE(fs::exists(dir / "bench.db"));
    const auto build = run("/bin/bash", args("sleep 1000 & wait", "build.db"), dir.path(),
                           std::chrono::seconds(60));
    EXPECT_EQ(build.exit_code, 2) << describe(build);
    EXPECT_TRUE(contains(
        build.err, "the base revision " + sha + " did not build within 2 s (--build-timeout)"))
        << build.err;
    EXPECT_FALSE(fs::exists(dir / "build.db"));
    auto zero = args("true", "zero.db");
    zero[12] = "0";  // --build-timeout 0
    const auto refused = run("/bin/bash", zero, dir.path());
    EXPECT_EQ(refused.exit_code, 2) << describe(refused);
    EXPECT_TRUE(contains(refused.err, "--build-timeout '0'")) << refused.err;
}

}  // namespace
}  // namespace lmr::report_test
