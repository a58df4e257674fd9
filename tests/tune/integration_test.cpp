// A real tune on lmr-engine through the lmr-harness binary: two LMR weights, nodes=2000,
// 3 iterations x 2 pairs, concurrency 2, a small EPD book. The harness is killed with SIGKILL
// once an iteration is stored, `tune resume` finishes the run with each k = 0..2 stored
// exactly once, `tune export` writes a config that lmr-engine loads, and the suggested SPRT
// of that config against its base plays.

#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <thread>

#include "harness/store/store.hpp"
#include "tests/cli/run_binary.hpp"
#include "tests/store/temp_dir.hpp"
#include "tests/support/programs.hpp"

namespace {

namespace fs = std::filesystem;
using lmr::store::testing::TempDir;

using ::lmr::test::kEngine;
using ::lmr::test::kHarness;
const std::string kBase = std::string(LMR_SOURCE_DIR) + "/configs/rebel-expert.json";

// Four common openings, so pairs start from different positions.
constexpr const char* kBook =
    "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2\n"
    "rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2\n"
    "rnbqkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 0 2\n"
    "rnbqkb1r/pppppppp/5n2/8/2P5/8/PP1PPPPP/RNBQKBNR w KQkq - 1 2\n";

std::vector<std::string> tune_args(const fs::path& dir, const std::string& first_param) {
    return {"tune",
            "--base",
            kBase,
            "--engine-binary",
            kEngine,
            "--param",
            first_param,
            "--param",
            "lmr.steps.eval_margin.weight,10,0,30,3,0.05",
            "--iterations",
            "3",
            "--pairs-per-iteration",
            "2",
            "--tc",
            "nodes=2000",
            "--concurrency",
            "2",
            "--book",
            (dir / "book.epd").string(),
            "--book-order",
            "sequential",
            "--seed",
            "11",
            "--db",
            (dir / "tune.db").string()};
}

// Starts the harness in the background, output to files.
pid_t spawn(const std::vector<std::string>& args, const fs::path& log) {
    const pid_t pid = ::fork();
    if (pid == 0) {
        const int fd = ::open(log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
        const int null_fd = ::open("/dev/null", O_RDONLY);
        ::dup2(null_fd, STDIN_FILENO);
        ::dup2(fd, STDOUT_FILENO);
        ::dup2(fd, STDERR_FILENO);
        std::vector<char*> argv{const_cast<char*>(kHarness.c_str())};
        for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
        argv.push_back(nullptr);
        ::execv(kHarness.c_str(), argv.data());
        ::_exit(127);
    }
    return pid;
}

std::size_t stored_iterations(const fs::path& db) {
    try {
        auto store = lmr::store::Store::open(
            db, lmr::store::OpenOptions{lmr::store::OpenMode::kReadOnly, false});
        return store.tune_iterations(1).size();
    } catch (const std::exception&) {
        return 0;  // not created yet
    }
}

std::string read_text(const fs::path& path) {
    std::ifstream in(path);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

std::vector<std::string> split_words(const std::string& line) {
    std::istringstream in(line);
    std::vector<std::string> words;
    for (std::string w; in >> w;) words.push_back(w);
    return words;
}

// Starts a tune, kills it with SIGKILL once its first iteration is stored (at most a minute
// on), and returns the iterations stored by then (0 when it never got there).
std::size_t kill_nine_after_an_iteration(const std::vector<std::string>& args, const fs::path& db,
                                         const fs::path& log) {
    const pid_t pid = spawn(args, log);
    EXPECT_GT(pid, 0);
    if (pid <= 0) return 0;
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    while (stored_iterations(db) < 1 && std::chrono::steady_clock::now() < deadline)
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    ::kill(pid, SIGKILL);
    int status = 0;
    ::waitpid(pid, &status, 0);
    EXPECT_TRUE(WIFSIGNALED(status)) << read_text(log);
    return stored_iterations(db);
}

TEST(TuneIntegration, KillNineResumeExportAndVerify) {
    TempDir dir;
    lmr::store::testing::write_bytes(dir / "book.epd", kBook);
    const fs::path db = dir / "tune.db";

    const auto at_kill = kill_nine_after_an_iteration(
        tune_args(dir.path(), "lmr.steps.history.weight,10,0,30,3,0.05"), db, dir / "first.log");
    ASSERT_GE(at_kill, 1u) << read_text(dir / "first.log");
    ASSERT_LT(at_kill, 3u) << "the tune finished before it could be killed";
    {
        auto store =
            lmr::store::Store::open(db, lmr::store::OpenOptions{lmr::store::OpenMode::kReadOnly});
        EXPECT_EQ(store.load_run(1).status, lmr::store::RunStatus::kRunning);  // killed, unmarked
    }

    const auto resumed =
        lmr::test::run_binary(kHarness, {"tune", "resume", "--run", "1", "--db", db.string()});
    ASSERT_EQ(resumed.exit_code, 0) << resumed.out << resumed.err;
    EXPECT_NE(resumed.out.find("Resuming tune run 1 after " + std::to_string(at_kill)),
              std::string::npos)
        << resumed.out;

    {
        auto store =
            lmr::store::Store::open(db, lmr::store::OpenOptions{lmr::store::OpenMode::kReadOnly});
        EXPECT_EQ(store.load_run(1).status, lmr::store::RunStatus::kFinished);
        const auto iterations = store.tune_iterations(1);
        ASSERT_EQ(iterations.size(), 3u);
        for (int k = 0; k < 3; ++k) {
            const auto& it = iterations[static_cast<std::size_t>(k)];
            EXPECT_EQ(it.k, k);
            EXPECT_EQ(it.wins + it.draws + it.losses, 4);  // 2 pairs
            ASSERT_EQ(it.delta.size(), 2u);
            for (std::size_t i = 0; i < 2; ++i) {
                EXPECT_TRUE(it.delta[i] == 1.0 || it.delta[i] == -1.0);
                // θ± = θ ± c_k·Δ with c_k = c_end · schedule factor (c_end = 3).
                EXPECT_NEAR(it.theta_plus[i] - it.theta_minus[i], 2 * 3 * it.c_k * it.delta[i],
                            1e-9);
            }
            EXPECT_FALSE(it.rng_state.empty());
        }
    }

    const auto show =
        lmr::test::run_binary(kHarness, {"tune", "show", "--run", "1", "--db", db.string()});
    ASSERT_EQ(show.exit_code, 0) << show.err;
    EXPECT_NE(show.out.find("Trajectory"), std::string::npos) << show.out;
    EXPECT_NE(show.out.find("history.weight"), std::string::npos) << show.out;
    EXPECT_NE(show.out.find("lmr-harness sprt --base"), std::string::npos) << show.out;

    // In a folder of its own, so the exported config's `extends` path is relative to another
    // folder than the base's (export creates no folder: it must exist).
    const fs::path exported_path = dir.path() / "out" / "tuned.json";
    fs::create_directory(exported_path.parent_path());
    const auto exported = lmr::test::run_binary(
        kHarness,
        {"tune", "export", "--run", "1", "--db", db.string(), "--out", exported_path.string()});
    ASSERT_EQ(exported.exit_code, 0) << exported.err;
    const auto config = nlohmann::json::parse(read_text(exported_path));
    EXPECT_EQ(
        fs::weakly_canonical(exported_path.parent_path() / config["extends"].get<std::string>()),
        fs::weakly_canonical(kBase));
    const int history = config["lmr"]["steps"]["history"]["weight"].get<int>();
    const int margin = config["lmr"]["steps"]["eval_margin"]["weight"].get<int>();

    // The engine loads it; the resolved config carries the tuned values over the base's.
    const auto loaded =
        lmr::test::run_binary(kEngine, {"--config", exported_path.string(), "config"});
    ASSERT_EQ(loaded.exit_code, 0) << loaded.err;
    const auto resolved = nlohmann::json::parse(loaded.out);
    EXPECT_EQ(resolved["lmr"]["steps"]["history"]["weight"].get<int>(), history);
    EXPECT_EQ(resolved["lmr"]["steps"]["eval_margin"]["weight"].get<int>(), margin);
    EXPECT_TRUE(resolved["lmr"]["steps"]["history"]["enabled"].get<bool>());  // from the base

    // The suggested verification plays: an SPRT of the exported config against its base.
    const std::string marker = "Verify: lmr-harness ";
    const auto at = exported.out.find(marker);
    ASSERT_NE(at, std::string::npos) << exported.out;
    auto words = split_words(
        exported.out.substr(at + marker.size(), exported.out.find('\n', at) - at - marker.size()));
    words.insert(words.end(), {"--max-pairs", "2"});
    const auto sprt = lmr::test::run_binary(kHarness, words);
    EXPECT_TRUE(sprt.exit_code == 0 || sprt.exit_code == 1 || sprt.exit_code == 3)
        << sprt.exit_code << "\n"
        << sprt.out << sprt.err;
}

// Glaurung 2.2 (Debian's glaurung; scripts/setup installs it) advertises its evaluation weights
// and its LMR's full-depth move counts as spin options whose names hold spaces and parentheses.
const char* const kGlaurung = "/usr/games/glaurung";

std::vector<std::string> glaurung_tune_args(const fs::path& dir, const fs::path& params) {
    return {"tune", "--engine", "name=glaurung", std::string("cmd=") + kGlaurung,
            "option.Threads=1", "option.OwnBook=false", "option.Ponder=false", "option.Hash=8",
            "--params-file", params.string(), "--iterations", "6", "--pairs-per-iteration", "1",
            // Glaurung honours `go nodes` in steps of 10,000; adjudication keeps games short.
            "--tc", "nodes=10000", "--resign", "movecount=3,score=600", "--draw",
            "movenumber=40,movecount=8,score=10", "--concurrency", "2", "--book",
            (dir / "book.epd").string(), "--book-order", "sequential", "--seed", "5", "--db",
            (dir / "glaurung.db").string()};
}

// A tune of another engine's UCI options (--engine instead of --base): the parameters are
// checked against what Glaurung advertises, θ± reach it as setoption (each iteration's games
// are played), kill -9 then `tune resume` stores each k once, and `tune export` writes
// OpenBench's lines and setoption lines with the final θ; the suggested SPRT (the tuned options
// on the first engine) plays through a shell, so its quoting holds.
TEST(TuneIntegration, GlaurungsOptionsTuneResumeAndExport) {
    ASSERT_EQ(::access(kGlaurung, X_OK), 0) << kGlaurung << " is missing: scripts/setup installs "
                                            << "Debian's glaurung";
    TempDir dir;
    lmr::store::testing::write_bytes(dir / "book.epd", kBook);
    const fs::path db = dir / "glaurung.db";
    const fs::path params = dir / "params.txt";
    lmr::store::testing::write_bytes(params,
                                     "# Glaurung's middle-game mobility and LMR\n"
                                     "Mobility (Middle Game), int, 100, 50, 150, 10, 0.002\n"
                                     "Full Depth Moves (non-PV nodes), int, 3, 1, 10, 1, 0.002\n");

    // Checked against the engine before any run exists: a misspelt option, a range beyond the
    // spin's, an option also fixed by option.NAME=.
    const auto refused = [&](const std::string& line, std::vector<std::string> extra,
                             const std::string& expected) {
        const fs::path bad = dir / "bad.txt";
        lmr::store::testing::write_bytes(bad, line);
        auto args = glaurung_tune_args(dir.path(), bad);
        args.insert(args.begin() + 3, extra.begin(), extra.end());
        const auto r = lmr::test::run_binary(kHarness, args);
        EXPECT_EQ(r.exit_code, 2) << line << r.out << r.err;
        EXPECT_NE(r.err.find(expected), std::string::npos) << line << r.err;
        EXPECT_FALSE(fs::exists(db)) << line;
    };
    refused("Mobility (Middlegame), int, 100, 50, 150, 10, 0.002\n", {},
            "did you mean 'Mobility (Middle Game)'");
    refused("Space, int, 100, 50, 250, 10, 0.002\n", {}, "Space");
    refused("Space, int, 100, 50, 150, 10, 0.002\n", {"option.Space=120"},
            "parameter 'Space' is also set to '120' by option.Space=");
    // theta+ and theta- are one engine: limits of its own would be no odds, only a second --tc.
    refused("Space, int, 100, 50, 150, 10, 0.002\n", {"tc=10+0.1"}, "play under one limit");

    const auto at_kill =
        kill_nine_after_an_iteration(glaurung_tune_args(dir.path(), params), db, dir / "first.log");
    ASSERT_GE(at_kill, 1u) << read_text(dir / "first.log");
    ASSERT_LT(at_kill, 6u) << "the tune finished before it could be killed";

    // From another directory: the stored plan holds the engine and the book by absolute paths.
    const auto resumed =
        lmr::test::run_binary(kHarness, {"tune", "resume", "--run", "1", "--db", db.string()});
    ASSERT_EQ(resumed.exit_code, 0) << resumed.out << resumed.err;
    std::vector<double> final_theta;
    {
        auto store =
            lmr::store::Store::open(db, lmr::store::OpenOptions{lmr::store::OpenMode::kReadOnly});
        EXPECT_EQ(store.load_run(1).status, lmr::store::RunStatus::kFinished);
        const auto iterations = store.tune_iterations(1);
        ASSERT_EQ(iterations.size(), 6u);
        for (int k = 0; k < 6; ++k) {
            const auto& it = iterations[static_cast<std::size_t>(k)];
            EXPECT_EQ(it.k, k);
            EXPECT_EQ(it.wins + it.draws + it.losses, 2);  // 1 pair, each game played
            // θ+ and θ− differ by 2·c_k·Δ: mobility's c_end of 10 makes them different spins.
            EXPECT_NEAR(it.theta_plus[0] - it.theta_minus[0], 2 * 10 * it.c_k * it.delta[0], 1e-9);
            EXPECT_GE(std::abs(it.theta_plus[0] - it.theta_minus[0]), 2.0);
        }
        final_theta = iterations.back().theta_after;
        const auto engines = store.run_engines(1);
        ASSERT_EQ(engines.size(), 1u);
        EXPECT_EQ(engines[0].engine.name, "glaurung");
    }

    const auto show =
        lmr::test::run_binary(kHarness, {"tune", "show", "--run", "1", "--db", db.string()});
    ASSERT_EQ(show.exit_code, 0) << show.err;
    // The engine's line names its binary; a tune of a bare engine has no base config.
    const auto engine_line = show.out.find("Engine:");
    ASSERT_NE(engine_line, std::string::npos) << show.out;
    const std::string line =
        show.out.substr(engine_line, show.out.find('\n', engine_line) - engine_line);
    EXPECT_NE(line.find(kGlaurung), std::string::npos) << show.out;
    EXPECT_EQ(show.out.find("Base config"), std::string::npos) << show.out;
    EXPECT_NE(show.out.find("--format openbench"), std::string::npos) << show.out;

    // OpenBench's lines (the default for an engine that is not an LMR config), read back.
    const auto exported =
        lmr::test::run_binary(kHarness, {"tune", "export", "--run", "1", "--db", db.string()});
    ASSERT_EQ(exported.exit_code, 0) << exported.err;
    const fs::path openbench = dir / "tune-1-openbench.txt";
    const std::string mobility = std::to_string(std::llround(final_theta[0]));
    const std::string depth = std::to_string(std::llround(final_theta[1]));
    const std::string lines = read_text(openbench);
    EXPECT_NE(lines.find("\nMobility (Middle Game), int, " + mobility + ", 50, 150, 10, 0.002\n"),
              std::string::npos)
        << lines;
    EXPECT_NE(
        lines.find("\nFull Depth Moves (non-PV nodes), int, " + depth + ", 1, 10, 1, 0.002\n"),
        std::string::npos)
        << lines;
    const auto setoption =
        lmr::test::run_binary(kHarness, {"tune", "export", "--run", "1", "--db", db.string(),
                                         "--format", "setoption", "--out", "-"});
    ASSERT_EQ(setoption.exit_code, 0) << setoption.err;
    EXPECT_NE(
        setoption.out.find("\nsetoption name Mobility (Middle Game) value " + mobility + "\n"),
        std::string::npos)
        << setoption.out;
    const auto config = lmr::test::run_binary(
        kHarness, {"tune", "export", "--run", "1", "--db", db.string(), "--format", "config"});
    EXPECT_EQ(config.exit_code, 2);
    EXPECT_NE(config.err.find("not an LMR config"), std::string::npos) << config.err;

    // The suggested SPRT, through a shell (the option names are quoted), with the harness's path.
    const std::string marker = "Verify: lmr-harness ";
    const auto at = exported.out.find(marker);
    ASSERT_NE(at, std::string::npos) << exported.out;
    const std::string command =
        exported.out.substr(at + marker.size(), exported.out.find('\n', at) - at - marker.size());
    const auto sprt = lmr::test::run_binary(
        "/bin/sh", {"-c", "exec \"$0\" " + command + " --max-pairs 1", kHarness});
    EXPECT_TRUE(sprt.exit_code == 0 || sprt.exit_code == 1 || sprt.exit_code == 3)
        << sprt.exit_code << "\n"
        << sprt.out << sprt.err;
    auto store =
        lmr::store::Store::open(db, lmr::store::OpenOptions{lmr::store::OpenMode::kReadOnly});
    const auto engines = store.run_engines(2);
    ASSERT_EQ(engines.size(), 2u);
    for (const auto& [engine, role] : engines) {
        const bool has_tuned_value = engine.options_json.find("\"Mobility (Middle Game)\":\"" +
                                                              mobility + "\"") != std::string::npos;
        EXPECT_EQ(has_tuned_value, engine.name == "glaurung-tuned") << engine.options_json;
    }
}

TEST(TuneIntegration, UnknownParameterFailsBeforeAnyGame) {
    TempDir dir;
    lmr::store::testing::write_bytes(dir / "book.epd", kBook);
    const auto result = lmr::test::run_binary(
        kHarness, tune_args(dir.path(), "lmr.steps.histroy.weight,10,0,30,3,0.05"));
    EXPECT_EQ(result.exit_code, 2);
    EXPECT_NE(result.err.find("unknown parameter 'lmr.steps.histroy.weight'"), std::string::npos)
        << result.err;
    EXPECT_NE(result.err.find("did you mean 'lmr.steps.history.weight'"), std::string::npos)
        << result.err;
    EXPECT_FALSE(fs::exists(dir / "tune.db"));  // no run was created
}

TEST(TuneIntegration, BadParamFlagIsAUsageError) {
    TempDir dir;
    lmr::store::testing::write_bytes(dir / "book.epd", kBook);
    const auto result = lmr::test::run_binary(
        kHarness, tune_args(dir.path(), "lmr.steps.history.weight,50,0,30,3,0.05"));
    EXPECT_EQ(result.exit_code, 2);
    EXPECT_NE(result.err.find("START 50 is outside [0, 30]"), std::string::npos) << result.err;
    EXPECT_FALSE(fs::exists(dir / "tune.db"));
}

// A tune's resume reopens its run as a match's resume does (tournament::reopen_run): an engine
// that no longer starts is refused before any game (exit 2), the run left as it was. `tune resume`
// once reopened a tune its own way, without the plan's checks: here it went on without starting
// the engine and marked the run finished (exit 0).
TEST(TuneIntegration, AResumeChecksTheRunAsAMatchsResumeDoes) {
    TempDir dir;
    lmr::store::testing::write_bytes(dir / "book.epd", kBook);
    const fs::path engine = dir / "lmr-engine";
    fs::copy_file(kEngine, engine);
    auto args = tune_args(dir.path(), "lmr.steps.history.weight,10,0,30,3,0.05");
    for (std::size_t i = 0; i + 1 < args.size(); ++i) {
        if (args[i] == "--engine-binary") args[i + 1] = engine.string();
        if (args[i] == "--iterations") args[i + 1] = "1";
    }
    const auto started = lmr::test::run_binary(kHarness, args);
    ASSERT_EQ(started.exit_code, 0) << started.out << started.err;
    const fs::path db = dir / "tune.db";
    {
        auto store = lmr::store::Store::open(db);
        store.set_run_status(1, lmr::store::RunStatus::kInterrupted);
    }
    fs::remove(engine);
    lmr::store::testing::write_bytes(engine, "#!/bin/sh\nexit 3\n");
    fs::permissions(engine, fs::perms::owner_all);
    const auto resumed = lmr::test::run_binary(
        kHarness, {"tune", "resume", "--run", "1", "--db", db.string(), "--allow-changed"});
    EXPECT_EQ(resumed.exit_code, 2) << resumed.out << resumed.err;
    EXPECT_NE(resumed.err.find("engine 'rebel-expert' cannot play"), std::string::npos)
        << resumed.err;
    auto store =
        lmr::store::Store::open(db, lmr::store::OpenOptions{lmr::store::OpenMode::kReadOnly});
    EXPECT_EQ(store.load_run(1).status, lmr::store::RunStatus::kInterrupted);
    EXPECT_EQ(store.tune_iterations(1).size(), 1u);
}

TEST(TuneIntegration, ResumeOfAMissingDatabaseCreatesNothing) {
    TempDir dir;
    const auto result =
        lmr::test::run_binary(kHarness, {"tune", "resume", "--run", "3", "--db", dir / "none.db"});
    EXPECT_EQ(result.exit_code, 2);
    EXPECT_NE(result.err.find("no such database"), std::string::npos) << result.err;
    EXPECT_FALSE(fs::exists(dir / "none.db"));
}

}  // namespace
