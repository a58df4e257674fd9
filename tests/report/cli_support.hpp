#pragma once

// Shared by the report integration tests: the built lmr-harness run as a user runs it
// (synchronously, or in the background while a report reads), a database filled by real short
// runs of fixture engines and lmr-engine configs. Directories, processes and SQLite access come
// from tests/support.

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <initializer_list>
#include <stdexcept>
#include <string>
#include <vector>

#include "tests/support/child_process.hpp"
#include "tests/support/programs.hpp"
#include "tests/support/run_counts.hpp"
#include "tests/support/shared_fixture.hpp"
#include "tests/support/sqlite_db.hpp"
#include "tests/support/temp_dir.hpp"
#include "tests/support/text.hpp"

namespace lmr::report_test {

namespace fs = std::filesystem;

using ::lmr::test::kEngine;
using ::lmr::test::kHarness;
inline const std::string kRandom = FIXTURE_RANDOM;
inline const std::string kCrash = FIXTURE_CRASH;
inline const std::string kSourceDir = LMR_SOURCE_DIR;

using Counts = test::RunCounts;
using test::contains;
using test::counts_from_games;
using test::Db;
using test::describe;
using test::read_file;
using test::TempDir;
using test::write_file;
using Result = test::ProcessResult;
using Process = test::ChildProcess;

inline Result run(const std::string& program, const std::vector<std::string>& args,
                  const fs::path& dir, std::chrono::milliseconds limit = std::chrono::seconds(90)) {
    return test::run_process(program, args, dir, limit);
}

inline Result harness(const std::vector<std::string>& args, const fs::path& dir,
                      std::chrono::milliseconds limit = std::chrono::seconds(90)) {
    return run(kHarness, args, dir, limit);
}

// Runs of the filled database (ids in creation order).
struct Filled {
    std::string db;
    // 1: match a vs b (fixture_random), 2: sprt a vs crash (fixture_crash: loses every game),
    // 3: sprt none vs cpw-simple (lmr-engine), 4: match cpw-simple vs none (roles swapped),
    // 5: match b vs d (d only ever met b).
    static constexpr int kRandomMatch = 1, kCrashSprt = 2, kEngineSprt = 3, kSwapped = 4,
                         kCommon = 5;
};

// Fills `dir`/runs.db with five short real runs. Throws with the harness's output on failure.
inline Filled fill_database(const fs::path& dir) {
    Filled f;
    f.db = (dir / "runs.db").string();
    const std::string book = kSourceDir + "/openings/default.epd";
    auto play = [&](std::vector<std::string> args, std::initializer_list<int> codes) {
        args.insert(args.end(), {"--db", f.db, "--seed", "11"});
        const auto r = harness(args, dir, std::chrono::seconds(120));
        for (int code : codes)
            if (r.exit_code == code) return;
        throw std::runtime_error("filling the database failed: " + describe(r));
    };
    const auto fixture = [](const std::string& name, const std::string& cmd) {
        return std::vector<std::string>{"--engine", "name=" + name, "cmd=" + cmd};
    };
    auto args = [](std::vector<std::string> a, const std::vector<std::string>& b) {
        a.insert(a.end(), b.begin(), b.end());
        return a;
    };
    play(args(args(args({"match"}, fixture("a", kRandom)), fixture("b", kRandom)),
              {"--tc", "nodes=100", "--book", "none", "--pairs", "4", "--maxmoves", "80"}),
         {0});
    play(args(args(args({"sprt"}, fixture("a", kRandom)),
                   {"--engine", "name=crash", "cmd=" + kCrash, "arg=6"}),
              {"--tc", "nodes=100", "--book", "none", "--max-pairs", "4", "--elo0", "-20", "--elo1",
               "20"}),
         {0, 1, 3});
    play({"sprt", "--base", kSourceDir + "/configs/none.json", "--test",
          kSourceDir + "/configs/cpw-simple.json", "--engine-binary", kEngine, "--tc", "nodes=800",
          "--book", book, "--max-pairs", "4", "--concurrency", "2", "--elo0", "-100", "--elo1",
          "100"},
         {0, 1, 3});
    play({"match", "--base", kSourceDir + "/configs/cpw-simple.json", "--test",
          kSourceDir + "/configs/none.json", "--engine-binary", kEngine, "--tc", "nodes=800",
          "--book", book, "--pairs", "2", "--concurrency", "2"},
         {0});
    play(args(args(args({"match"}, fixture("b", kRandom)), fixture("d", kRandom)),
              {"--tc", "nodes=100", "--book", "none", "--pairs", "2", "--maxmoves", "80"}),
         {0});
    return f;
}

// The filled database, made once for every report test process (tests/support/shared_fixture.hpp):
// read it, never write it.
inline const Filled& filled() {
    static const Filled f{
        (test::shared_fixture(
             "report-runs",
             {kHarness, kEngine, kRandom, kCrash, kSourceDir + "/configs/none.json",
              kSourceDir + "/configs/cpw-simple.json", kSourceDir + "/openings/default.epd"},
             [](const fs::path& dir) { fill_database(dir); }) /
         "runs.db")
            .string()};
    return f;
}

}  // namespace lmr::report_test
