#pragma once

// Shared by the tournament integration tests: a fresh directory per test, the built
// lmr-harness run as a child process (synchronously with a time limit, or in the background so
// a test can kill or interrupt it), read-only SQLite queries on the run's database, and /proc
// helpers to find the harness's engine processes.

#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <sqlite3.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

namespace lmr::tournament_test {

namespace fs = std::filesystem;

inline const std::string kHarness = LMR_HARNESS_BINARY;
inline const std::string kEngine = LMR_ENGINE_BINARY;
inline const std::string kSourceDir = LMR_SOURCE_DIR;
inline const std::string kFixtureRandom = FIXTURE_RANDOM;
inline const std::string kFixtureCrash = FIXTURE_CRASH;
inline const std::string kFixtureHang = FIXTURE_HANG;
inline const std::string kFixtureIllegal = FIXTURE_ILLEGAL;
inline const std::string kFixtureGarbage = FIXTURE_GARBAGE;
inline const std::string kFixtureSilent = FIXTURE_SILENT;

class TempDir {
  public:
    TempDir() {
        static std::atomic<int> counter{0};
        path_ = fs::temp_directory_path() / ("lmr-tournament-test-" + std::to_string(::getpid()) +
                                             "-" + std::to_string(counter++));
        fs::remove_all(path_);
        fs::create_directories(path_);
    }
    ~TempDir() {
        std::error_code ec;
        fs::remove_all(path_, ec);
    }
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;

    const fs::path& path() const { return path_; }
    std::string operator/(const std::string& name) const { return (path_ / name).string(); }

  private:
    fs::path path_;
};

inline std::string read_file(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

inline void write_file(const fs::path& path, const std::string& text) {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out << text;
}

// A few balanced positions: EPD with and without move counters, one with opcodes.
inline std::string write_small_book(const TempDir& dir) {
    const std::string path = dir / "book.epd";
    write_file(path,
               "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n"
               "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq -\n"
               "rnbqkb1r/pppppppp/5n2/8/2P5/8/PP1PPPPP/RNBQKBNR w KQkq - id \"english\";\n"
               "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2\n");
    return path;
}

inline std::string config_path(const std::string& name) {
    return kSourceDir + "/configs/" + name;
}

struct RunResult {
    int exit_code = -1;  // the exit status, or 128 + signal number when killed
    std::string out;
    std::string err;
    bool timed_out = false;
    double seconds = 0;
};

// A harness started in the background. Its output goes to files in `dir` (never a pipe the
// test might not drain). It runs in its own process group, as a terminal job does, so a
// "Ctrl-C" can be sent to the group the way a terminal sends it.
class Harness {
  public:
    Harness(const TempDir& dir, const std::vector<std::string>& args) {
        static std::atomic<int> counter{0};
        const int n = counter++;
        out_path_ = dir / ("harness-" + std::to_string(n) + ".out");
        err_path_ = dir / ("harness-" + std::to_string(n) + ".err");
        std::vector<std::string> full{kHarness};
        full.insert(full.end(), args.begin(), args.end());
        std::vector<char*> argv;
        for (auto& a : full) argv.push_back(const_cast<char*>(a.c_str()));
        argv.push_back(nullptr);
        const std::string cwd = dir.path().string();
        started_ = std::chrono::steady_clock::now();
        pid_ = ::fork();
        if (pid_ < 0) throw std::runtime_error("fork failed");
        if (pid_ == 0) {
            ::setpgid(0, 0);
            const int out_fd = ::open(out_path_.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
            const int err_fd = ::open(err_path_.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
            const int null_fd = ::open("/dev/null", O_RDONLY);
            if (out_fd < 0 || err_fd < 0 || null_fd < 0) ::_exit(126);
            ::dup2(null_fd, STDIN_FILENO);
            ::dup2(out_fd, STDOUT_FILENO);
            ::dup2(err_fd, STDERR_FILENO);
            if (::chdir(cwd.c_str()) != 0) ::_exit(126);
            ::execv(argv[0], argv.data());
            ::_exit(127);
        }
        ::setpgid(pid_, pid_);  // both sides set it: no race with the first signal
    }
    ~Harness() {
        if (!reaped_) {
            ::kill(pid_, SIGKILL);
            int status = 0;
            ::waitpid(pid_, &status, 0);
        }
    }
    Harness(const Harness&) = delete;
    Harness& operator=(const Harness&) = delete;

    pid_t pid() const { return pid_; }
    void signal(int sig) const { ::kill(pid_, sig); }
    // The whole foreground job, as a terminal's Ctrl-C.
    void signal_group(int sig) const { ::kill(-pid_, sig); }

    // Waits for the exit; on time-out the harness is killed and the result says so.
    RunResult wait(std::chrono::milliseconds limit) {
        RunResult result;
        int status = 0;
        const auto deadline = std::chrono::steady_clock::now() + limit;
        while (!reaped_) {
            const pid_t r = ::waitpid(pid_, &status, WNOHANG);
            if (r == pid_) {
                reaped_ = true;
                break;
            }
            if (r < 0 && errno != EINTR) throw std::runtime_error("waitpid failed");
            if (std::chrono::steady_clock::now() > deadline) {
                result.timed_out = true;
                ::kill(pid_, SIGKILL);
                ::waitpid(pid_, &status, 0);
                reaped_ = true;
                break;
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
        }
        result.seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - started_).count();
        result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
        result.out = read_file(out_path_);
        result.err = read_file(err_path_);
        return result;
    }

  private:
    pid_t pid_ = -1;
    bool reaped_ = false;
    std::string out_path_, err_path_;
    std::chrono::steady_clock::time_point started_;
};

inline RunResult run_harness(const TempDir& dir, const std::vector<std::string>& args,
                             std::chrono::milliseconds limit = std::chrono::seconds(60)) {
    Harness harness(dir, args);
    return harness.wait(limit);
}

inline std::string describe(const RunResult& r) {
    return "exit " + std::to_string(r.exit_code) + (r.timed_out ? " (timed out)" : "") +
           "\n--- stdout ---\n" + r.out.substr(0, 4000) + "\n--- stderr ---\n" +
           r.err.substr(0, 4000);
}

// A read-only connection: the test never writes to the harness's database. Opening a
// database another process is writing (WAL) is allowed; queries wait for locks.
class Db {
  public:
    using Row = std::vector<std::optional<std::string>>;

    explicit Db(const std::string& path) {
        if (sqlite3_open_v2(path.c_str(), &db_, SQLITE_OPEN_READONLY, nullptr) != SQLITE_OK) {
            const std::string message = db_ ? sqlite3_errmsg(db_) : "out of memory";
            sqlite3_close(db_);
            db_ = nullptr;
            throw std::runtime_error("cannot open " + path + ": " + message);
        }
        sqlite3_busy_timeout(db_, 5000);
    }
    ~Db() { sqlite3_close(db_); }
    Db(const Db&) = delete;
    Db& operator=(const Db&) = delete;

    std::vector<Row> rows(const std::string& sql) const {
        sqlite3_stmt* stmt = nullptr;
        if (sqlite3_prepare_v2(db_, sql.c_str(), -1, &stmt, nullptr) != SQLITE_OK)
            throw std::runtime_error(std::string("SQL error: ") + sqlite3_errmsg(db_) + " in " + sql);
        std::vector<Row> out;
        int rc;
        while ((rc = sqlite3_step(stmt)) == SQLITE_ROW) {
            Row row;
            for (int i = 0; i < sqlite3_column_count(stmt); ++i) {
                if (sqlite3_column_type(stmt, i) == SQLITE_NULL)
                    row.emplace_back(std::nullopt);
                else
                    row.emplace_back(reinterpret_cast<const char*>(sqlite3_column_text(stmt, i)));
            }
            out.push_back(std::move(row));
        }
        const std::string error = rc == SQLITE_DONE ? "" : sqlite3_errmsg(db_);
        sqlite3_finalize(stmt);
        if (!error.empty()) throw std::runtime_error("SQL error: " + error + " in " + sql);
        return out;
    }

    std::string text(const std::string& sql) const {
        const auto r = rows(sql);
        if (r.empty() || r[0].empty() || !r[0][0]) return "";
        return *r[0][0];
    }
    long long integer(const std::string& sql) const {
        const std::string t = text(sql);
        return t.empty() ? 0 : std::stoll(t);
    }

  private:
    sqlite3* db_ = nullptr;
};

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
        if (auto info = proc_info(static_cast<pid_t>(std::stol(name))); info && info->ppid == parent)
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

}  // namespace lmr::tournament_test
