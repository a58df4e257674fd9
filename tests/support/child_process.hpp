#pragma once
// A program run by an integration test the way a user runs it: in the background with its
// output in files (never a pipe nobody drains), so the test can signal it, poll it, or wait for
// it with a time limit. Header-only.

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <system_error>
#include <thread>
#include <vector>

#include "tests/support/temp_dir.hpp"

namespace lmr::test {

struct ProcessResult {
    int exit_code = -1;  // the exit status, or 128 + signal number when killed
    std::string out;
    std::string err;
    bool timed_out = false;
    double seconds = 0;
};

inline std::string describe(const ProcessResult& r) {
    return "exit " + std::to_string(r.exit_code) + (r.timed_out ? " (timed out)" : "") +
           "\n--- stdout ---\n" + r.out.substr(0, 4000) + "\n--- stderr ---\n" +
           r.err.substr(0, 4000);
}

struct ChildOptions {
    bool run_in_dir = true;  // chdir into the output directory before exec
    bool own_group = false;  // its own process group, as a terminal job (for a "Ctrl-C")
};

class ChildProcess {
  public:
    // stdin is /dev/null; stdout and stderr go to files in `dir`.
    ChildProcess(const std::string& program, const std::vector<std::string>& args,
                 const fs::path& dir, ChildOptions options = {}) {
        // Named by this process and a counter: test processes that ctest runs side by side
        // often share `dir` (the system temp directory), and one must never truncate or read
        // another's output.
        static std::atomic<int> counter{0};
        const std::string name =
            "child-" + std::to_string(::getpid()) + "-" + std::to_string(counter++);
        out_path_ = dir / (name + ".out");
        err_path_ = dir / (name + ".err");
        std::vector<std::string> full{program};
        full.insert(full.end(), args.begin(), args.end());
        std::vector<char*> argv;
        for (auto& a : full) argv.push_back(a.data());
        argv.push_back(nullptr);
        started_ = std::chrono::steady_clock::now();
        pid_ = ::fork();
        if (pid_ < 0) throw std::runtime_error("fork failed");
        if (pid_ == 0) {
            if (options.own_group) ::setpgid(0, 0);
            const int out_fd = ::open(out_path_.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
            const int err_fd = ::open(err_path_.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
            const int null_fd = ::open("/dev/null", O_RDONLY);
            if (out_fd < 0 || err_fd < 0 || null_fd < 0) ::_exit(126);
            ::dup2(null_fd, STDIN_FILENO);
            ::dup2(out_fd, STDOUT_FILENO);
            ::dup2(err_fd, STDERR_FILENO);
            if (options.run_in_dir && ::chdir(dir.c_str()) != 0) ::_exit(126);
            ::execv(argv[0], argv.data());
            ::_exit(127);  // exec failed
        }
        if (options.own_group) ::setpgid(pid_, pid_);  // both sides: no race with a signal
    }
    ~ChildProcess() {
        if (!reaped_) {
            ::kill(pid_, SIGKILL);
            ::waitpid(pid_, &status_, 0);
        }
    }
    ChildProcess(const ChildProcess&) = delete;
    ChildProcess& operator=(const ChildProcess&) = delete;

    pid_t pid() const { return pid_; }
    void signal(int sig) const { ::kill(pid_, sig); }
    void signal_group(int sig) const { ::kill(-pid_, sig); }

    bool running() {
        if (reaped_) return false;
        const pid_t r = ::waitpid(pid_, &status_, WNOHANG);
        if (r == pid_) {
            reaped_ = true;
            return false;
        }
        if (r < 0 && errno != EINTR) throw std::runtime_error("waitpid failed");
        return true;
    }

    // Waits for the exit; on time-out the child is killed and the result says so.
    ProcessResult wait(std::chrono::milliseconds limit) {
        ProcessResult result;
        const auto deadline = std::chrono::steady_clock::now() + limit;
        while (running()) {
            if (std::chrono::steady_clock::now() > deadline) {
                result.timed_out = true;
                ::kill(pid_, SIGKILL);
                ::waitpid(pid_, &status_, 0);
                reaped_ = true;
                break;
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
        }
        result.seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - started_).count();
        result.exit_code = WIFEXITED(status_) ? WEXITSTATUS(status_) : 128 + WTERMSIG(status_);
        result.out = read_file(out_path_);
        result.err = read_file(err_path_);
        std::error_code ignored;
        fs::remove(out_path_, ignored);
        fs::remove(err_path_, ignored);
        return result;
    }

  private:
    pid_t pid_ = -1;
    bool reaped_ = false;
    int status_ = 0;
    fs::path out_path_, err_path_;
    std::chrono::steady_clock::time_point started_;
};

inline ProcessResult run_process(const std::string& program, const std::vector<std::string>& args,
                                 const fs::path& dir, std::chrono::milliseconds limit,
                                 ChildOptions options = {}) {
    ChildProcess child(program, args, dir, options);
    return child.wait(limit);
}

}  // namespace lmr::test
