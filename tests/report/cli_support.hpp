#pragma once

// Shared by the report integration tests: the built lmr-harness run as a user runs it
// (synchronously, or in the background while a report reads), a database filled by real short
// runs of fixture engines and lmr-engine configs, and read-only SQLite queries.

#include <fcntl.h>
#include <signal.h>
#include <sqlite3.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <optional>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

namespace lmr::report_test {

namespace fs = std::filesystem;

inline const std::string kHarness = LMR_HARNESS_BINARY;
inline const std::string kEngine = LMR_ENGINE_BINARY;
inline const std::string kRandom = FIXTURE_RANDOM;
inline const std::string kCrash = FIXTURE_CRASH;
inline const std::string kSourceDir = LMR_SOURCE_DIR;

class TempDir {
  public:
    TempDir() {
        static std::atomic<int> counter{0};
        path_ = fs::temp_directory_path() /
                ("lmr-report-cli-" + std::to_string(::getpid()) + "-" + std::to_string(counter++));
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

inline void write_file(const fs::path& path, const std::string& bytes) {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out << bytes;
}

struct Result {
    int exit_code = -1;  // exit status, or 128 + signal
    std::string out, err;
    bool timed_out = false;
};

inline std::string describe(const Result& r) {
    return "exit " + std::to_string(r.exit_code) + (r.timed_out ? " (timed out)" : "") +
           "\n--- stdout ---\n" + r.out.substr(0, 3000) + "\n--- stderr ---\n" +
           r.err.substr(0, 3000);
}

// A program started in the background with its output in files (never a pipe nobody drains).
class Process {
  public:
    Process(const std::string& program, const std::vector<std::string>& args, const fs::path& dir) {
        static std::atomic<int> counter{0};
        const int n = counter++;
        out_ = dir / ("proc-" + std::to_string(n) + ".out");
        err_ = dir / ("proc-" + std::to_string(n) + ".err");
        std::vector<std::string> full{program};
        full.insert(full.end(), args.begin(), args.end());
        std::vector<char*> argv;
        for (auto& a : full) argv.push_back(a.data());
        argv.push_back(nullptr);
        pid_ = ::fork();
        if (pid_ < 0) throw std::runtime_error("fork failed");
        if (pid_ == 0) {
            const int out = ::open(out_.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
            const int err = ::open(err_.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
            const int in = ::open("/dev/null", O_RDONLY);
            if (out < 0 || err < 0 || in < 0) ::_exit(126);
            ::dup2(in, STDIN_FILENO);
            ::dup2(out, STDOUT_FILENO);
            ::dup2(err, STDERR_FILENO);
            if (::chdir(dir.c_str()) != 0) ::_exit(126);
            ::execv(argv[0], argv.data());
            ::_exit(127);
        }
    }
    ~Process() {
        if (!reaped_) {
            ::kill(pid_, SIGKILL);
            int status = 0;
            ::waitpid(pid_, &status, 0);
        }
    }
    Process(const Process&) = delete;
    Process& operator=(const Process&) = delete;

    void signal(int sig) const { ::kill(pid_, sig); }
    bool running() {
        if (reaped_) return false;
        int status = 0;
        if (::waitpid(pid_, &status, WNOHANG) == pid_) {
            reaped_ = true;
            status_ = status;
            return false;
        }
        return true;
    }
    Result wait(std::chrono::milliseconds limit) {
        Result r;
        const auto deadline = std::chrono::steady_clock::now() + limit;
        while (running()) {
            if (std::chrono::steady_clock::now() > deadline) {
                r.timed_out = true;
                ::kill(pid_, SIGKILL);
                ::waitpid(pid_, &status_, 0);
                reaped_ = true;
                break;
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
        }
        r.exit_code = WIFEXITED(status_) ? WEXITSTATUS(status_) : 128 + WTERMSIG(status_);
        r.out = read_file(out_);
        r.err = read_file(err_);
        return r;
    }

  private:
    pid_t pid_ = -1;
    bool reaped_ = false;
    int status_ = 0;
    fs::path out_, err_;
};

inline Result run(const std::string& program, const std::vector<std::string>& args,
                  const fs::path& dir, std::chrono::milliseconds limit = std::chrono::seconds(90)) {
    Process p(program, args, dir);
    return p.wait(limit);
}

inline Result harness(const std::vector<std::string>& args, const fs::path& dir,
                      std::chrono::milliseconds limit = std::chrono::seconds(90)) {
    return run(kHarness, args, dir, limit);
}

// Read-only queries; the test never writes the harness's database through this.
class Db {
  public:
    explicit Db(const std::string& path, bool writable = false) {
        const int flags = writable ? SQLITE_OPEN_READWRITE : SQLITE_OPEN_READONLY;
        if (sqlite3_open_v2(path.c_str(), &db_, flags, nullptr) != SQLITE_OK) {
            const std::string message = db_ ? sqlite3_errmsg(db_) : "out of memory";
            sqlite3_close(db_);
            throw std::runtime_error("cannot open " + path + ": " + message);
        }
        sqlite3_busy_timeout(db_, 5000);
    }
    ~Db() { sqlite3_close(db_); }
    Db(const Db&) = delete;
    Db& operator=(const Db&) = delete;

    using Row = std::vector<std::optional<std::string>>;
    std::vector<Row> rows(const std::string& sql) const {
        sqlite3_stmt* stmt = nullptr;
        if (sqlite3_prepare_v2(db_, sql.c_str(), -1, &stmt, nullptr) != SQLITE_OK)
            throw std::runtime_error(std::string("SQL error: ") + sqlite3_errmsg(db_) + " in " + sql);
        std::vector<Row> out;
        int rc;
        while ((rc = sqlite3_step(stmt)) == SQLITE_ROW) {
            Row row;
            for (int i = 0; i < sqlite3_column_count(stmt); ++i) {
                if (sqlite3_column_type(stmt, i) == SQLITE_NULL) row.emplace_back(std::nullopt);
                else row.emplace_back(reinterpret_cast<const char*>(sqlite3_column_text(stmt, i)));
            }
            out.push_back(std::move(row));
        }
        sqlite3_finalize(stmt);
        if (rc != SQLITE_DONE) throw std::runtime_error(std::string("SQL error: ") + sqlite3_errmsg(db_));
        return out;
    }
    std::string text(const std::string& sql) const {
        const auto r = rows(sql);
        return r.empty() || r[0].empty() || !r[0][0] ? "" : *r[0][0];
    }
    long long integer(const std::string& sql) const {
        const auto t = text(sql);
        return t.empty() ? 0 : std::stoll(t);
    }
    void exec(const std::string& sql) {
        char* error = nullptr;
        if (sqlite3_exec(db_, sql.c_str(), nullptr, nullptr, &error) != SQLITE_OK) {
            const std::string message = error ? error : "?";
            sqlite3_free(error);
            throw std::runtime_error("SQL error: " + message + " in " + sql);
        }
    }

  private:
    sqlite3* db_ = nullptr;
};

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
inline Filled fill_database(const TempDir& dir) {
    Filled f;
    f.db = dir / "runs.db";
    const std::string book = kSourceDir + "/openings/default.epd";
    auto play = [&](std::vector<std::string> args, std::initializer_list<int> codes) {
        args.insert(args.end(), {"--db", f.db, "--seed", "11"});
        const auto r = harness(args, dir.path(), std::chrono::seconds(120));
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
              {"--tc", "nodes=100", "--book", "none", "--max-pairs", "4", "--elo0", "-20",
               "--elo1", "20"}),
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

inline bool contains(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

}  // namespace lmr::report_test
