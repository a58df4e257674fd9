#pragma once

// Shared by the tournament integration tests: the built lmr-harness run as a child process
// (synchronously with a time limit, or in the background so a test can kill or interrupt it),
// a small book, polling of the run's database, the run's statistics checked against its games, and
// /proc helpers to find the harness's engine processes. Directories, processes and SQLite access
// come from tests/support.

#include <dirent.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "tests/support/child_process.hpp"
#include "tests/support/programs.hpp"
#include "tests/support/run_counts.hpp"
#include "tests/support/sqlite_db.hpp"
#include "tests/support/temp_dir.hpp"

namespace lmr::tournament_test {

namespace fs = std::filesystem;

using ::lmr::test::kEngine;
using ::lmr::test::kHarness;
inline const std::string kSourceDir = LMR_SOURCE_DIR;
inline const std::string kFixtureRandom = FIXTURE_RANDOM;
inline const std::string kFixtureCrash = FIXTURE_CRASH;
inline const std::string kFixtureHang = FIXTURE_HANG;
inline const std::string kFixtureIllegal = FIXTURE_ILLEGAL;
inline const std::string kFixtureGarbage = FIXTURE_GARBAGE;
inline const std::string kFixtureSilent = FIXTURE_SILENT;

using test::Db;
using test::describe;
using test::read_file;
using test::TempDir;
using test::write_file;
using RunResult = test::ProcessResult;

// A few balanced positions: EPD with and without move counters, one with opcodes.
inline std::string write_small_book(const fs::path& dir) {
    const std::string path = (dir / "book.epd").string();
    write_file(path,
               "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n"
               "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq -\n"
               "rnbqkb1r/pppppppp/5n2/8/2P5/8/PP1PPPPP/RNBQKBNR w KQkq - id \"english\";\n"
               "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2\n");
    return path;
}

// The lines of a process's output (or of a file), without their line breaks.
inline std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    return lines;
}

inline std::string config_path(const std::string& name) {
    return kSourceDir + "/configs/" + name;
}

// A harness started in the background, in `dir`, in its own process group as a terminal job
// is, so a "Ctrl-C" can be sent to the group the way a terminal sends it.
class Harness : public test::ChildProcess {
  public:
    Harness(const fs::path& dir, const std::vector<std::string>& args)
        : ChildProcess(kHarness, args, dir, {.run_in_dir = true, .own_group = true}) {}
    Harness(const TempDir& dir, const std::vector<std::string>& args) : Harness(dir.path(), args) {}
};

inline RunResult run_harness(const TempDir& dir, const std::vector<std::string>& args,
                             std::chrono::milliseconds limit = std::chrono::seconds(60)) {
    Harness harness(dir, args);
    return harness.wait(limit);
}

// Stored games of a database another process may be writing; 0 while it does not exist yet.
inline long long games_in(const std::string& db_path) {
    if (!fs::exists(db_path)) return 0;
    try {
        Db db(db_path);
        return db.integer("SELECT count(*) FROM games");
    } catch (const std::exception&) {
        return 0;  // the schema is not there yet
    }
}

// Polls until the database holds at least `games` games or `limit` passes.
inline bool wait_for_games(const std::string& db_path, long long games,
                           std::chrono::milliseconds limit) {
    const auto deadline = std::chrono::steady_clock::now() + limit;
    while (std::chrono::steady_clock::now() < deadline) {
        if (games_in(db_path) >= games) return true;
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    return false;
}

struct ProcInfo {
    pid_t pid = 0;
    pid_t ppid = 0;
    char state = '?';
    std::string comm;
};

// /proc/<pid>/stat: "pid (comm) state ppid …"; comm may hold spaces and parentheses.
inline std::optional<ProcInfo> proc_info(pid_t pid) {
    std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
    std::string stat;
    if (!std::getline(in, stat)) return std::nullopt;
    const auto open = stat.find('('), close = stat.rfind(')');
    if (open == std::string::npos || close == std::string::npos) return std::nullopt;
    ProcInfo info;
    info.pid = pid;
    info.comm = stat.substr(open + 1, close - open - 1);
    std::istringstream rest(stat.substr(close + 2));
    rest >> info.state >> info.ppid;
    return info;
}

inline std::vector<ProcInfo> children_of(pid_t parent) {
    std::vector<ProcInfo> out;
    DIR* dir = ::opendir("/proc");
    if (!dir) return out;
    while (const dirent* entry = ::readdir(dir)) {
        const std::string name = entry->d_name;
        if (name.empty() || name.find_first_not_of("0123456789") != std::string::npos) continue;
        if (auto info = proc_info(static_cast<pid_t>(std::stol(name)));
            info && info->ppid == parent)
            out.push_back(*info);
    }
    ::closedir(dir);
    return out;
}

// True while the process runs (a zombie does not count). A pid seen a moment ago is not
// reused that fast, so the program it runs now is not compared (it may have exec'd).
inline bool alive(pid_t pid) {
    const auto now = proc_info(pid);
    return now && now->state != 'Z' && now->state != 'X';
}

// The last run_stats row of `run` — what the SPRT verdict and every report read — holds the
// counts recounted from the stored games: wins, draws, losses and the pentanomial.
inline void expect_stats_match_games(const std::string& db_path, int run) {
    const test::RunCounts c = test::counts_from_games(db_path, run);
    Db db(db_path);
    const auto last = db.rows(
        "SELECT wins || ' ' || draws || ' ' || losses, penta_ll || ',' || penta_ld || ',' || "
        "penta_wl || ',' || penta_dd || ',' || penta_wd || ',' || penta_ww FROM run_stats "
        "WHERE run_id = " +
        std::to_string(run) + " ORDER BY id DESC LIMIT 1");
    ASSERT_EQ(last.size(), 1u) << "run " << run << " has no run_stats row";
    EXPECT_EQ(*last[0][0], std::to_string(c.wins) + " " + std::to_string(c.draws) + " " +
                               std::to_string(c.losses))
        << "run " << run << ": W D L of run_stats against the games";
    EXPECT_EQ(*last[0][1], c.ptnml()) << "run " << run << ": pentanomial of run_stats";
}

}  // namespace lmr::tournament_test
