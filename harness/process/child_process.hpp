#pragma once

// A child process talking through pipes: the harness's only way to reach an engine.
// POSIX (Linux first). One ChildProcess is used by one thread at a time; many may run
// concurrently from different threads. Process-wide state: SIGPIPE is ignored once, so that
// writing to a dead engine returns false instead of killing the harness; and one launcher thread,
// started at the first spawn and alive until the process ends, performs every fork (see spawn).

#include <sys/types.h>

#include <chrono>
#include <cstddef>
#include <initializer_list>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace lmr::process {

// The command could not be started (exec failed, working directory missing, pipe/fork
// failed). what() names the command and the operating system's reason.
class ProcessError : public std::runtime_error {
  public:
    ProcessError(const std::string& message, int error_number)
        : std::runtime_error(message), error_number_(error_number) {}
    int error_number() const { return error_number_; }

  private:
    int error_number_;
};

enum class ReadStatus {
    kLine,     // a complete line was read (without its "\n" or "\r\n")
    kTimeout,  // the deadline passed with no complete line
    kClosed,   // the child's stdout is closed (exit or crash) and no data is left
};

enum class StderrMode {
    kInherit,  // the child writes to the harness's stderr (an engine's complaints stay visible)
    kDiscard,  // /dev/null
};

// Lines longer than this without a newline are handed out in pieces of this size, so a
// runaway engine cannot make the harness buffer without bound. UCI lines are far shorter.
inline constexpr std::size_t kDefaultMaxLineLength = std::size_t{1} << 20;

struct SpawnOptions {
    std::string working_dir;  // empty = the harness's current directory
    StderrMode stderr_mode = StderrMode::kInherit;
    // read_line's piece size for this child (at least 1). Raise it for output whose lines must
    // arrive whole, such as a config printed as JSON; line_was_cut() tells when it was hit.
    std::size_t max_line_length = kDefaultMaxLineLength;
    // The CPU the child (and every thread it starts) is held on, set before exec (fastchess's
    // -use-affinity); nullopt: wherever the scheduler puts it.
    std::optional<int> cpu;
};

class ChildProcess {
  public:
    using Clock = std::chrono::steady_clock;

    // The default SpawnOptions::max_line_length.
    static constexpr std::size_t kMaxLineLength = kDefaultMaxLineLength;
    // write_line gives up (returns false) when the child has not drained its stdin for this long.
    static constexpr std::chrono::milliseconds kWriteTimeout{10'000};

    ChildProcess() = default;
    ChildProcess(const ChildProcess&) = delete;
    ChildProcess& operator=(const ChildProcess&) = delete;
    ChildProcess(ChildProcess&& other) noexcept;
    ChildProcess& operator=(ChildProcess&& other) noexcept;
    // Terminates the child (short grace, then SIGKILL) and reaps it; never throws.
    ~ChildProcess();

    // Starts argv[0] (searched in PATH when it has no '/') with arguments argv. Throws
    // ProcessError when it cannot be started; exec failure is detected here (through a
    // close-on-exec error pipe), never reported later as a crash. The child gets its own process
    // group (a terminal's Ctrl-C reaches only the harness, which then stops engines cleanly).
    // On Linux the child also gets SIGKILL as its parent-death signal, so it dies with the
    // harness on every exit path (kill -9 included) even if it ignores end of input. That signal
    // fires when the thread that forked ends, so the fork happens on the process's launcher
    // thread, never on the calling thread (a oneTBB worker or a jthread may end before its
    // engine should). Calling spawn while a child still runs kills that child first.
    void spawn(const std::vector<std::string>& argv, const std::string& working_dir = {});
    void spawn(const std::vector<std::string>& argv, const SpawnOptions& options);

    // Writes line + '\n'. False when the child closed its stdin (e.g. it exited) or did not
    // drain it within kWriteTimeout. Never raises SIGPIPE.
    bool write_line(std::string_view line);
    // Writes each line + '\n' with one write(): the child wakes once for all of them (a UCI
    // `position` and its `go`), the cost that dominates a harness's short games. The same
    // failures as write_line. Nothing is allocated once the buffer has grown.
    bool write_lines(std::initializer_list<std::string_view> lines);

    // Reads one line, waiting in poll() until the deadline (no busy waiting). Data already
    // buffered or readable is returned even when the deadline has passed. A last line without
    // '\n' before end of file is returned as a line. kTimeout only once Clock::now() >= deadline.
    // A line longer than the spawn's max_line_length comes in pieces of that length.
    ReadStatus read_line(std::string& line, Clock::time_point deadline);
    // True when the last kLine of read_line was a piece of a longer line, cut at the limit.
    bool line_was_cut() const { return line_was_cut_; }
    std::size_t max_line_length() const { return max_line_length_; }

    // Graceful stop: close the child's stdin (a UCI engine treats EOF like `quit`), wait `grace`,
    // then SIGTERM, wait `grace`, then SIGKILL (at once after hurry_shutdowns()). Always reaps and
    // closes the pipes. Signals go to the child's process group, so helpers it started (e.g.
    // under `sh -c`) go too.
    void terminate(std::chrono::milliseconds grace = std::chrono::milliseconds(1000));
    // SIGKILL to the child's process group, reap, close the pipes.
    void kill();

    // Waits without busy polling until the child exits or the deadline passes. True when it has
    // exited. Does not reap (kill/terminate/the destructor do), so the exit status is kept.
    bool wait_exit(Clock::time_point deadline);

    // True while a spawned child has not exited.
    bool alive();
    // Spawned and not yet reaped (it may have exited already; see alive()).
    bool running() const { return pid_ > 0 && !reaped_; }
    pid_t pid() const { return pid_; }
    // The command line, for messages.
    const std::string& command() const { return command_; }

    // Known once the child has exited (alive() false, wait_exit true, or after kill/terminate).
    std::optional<int> exit_code() const;    // set when it exited normally
    std::optional<int> exit_signal() const;  // set when a signal ended it
    // "exited with code 3", "killed by signal 11 (Segmentation fault)", "running", "not started".
    std::string exit_description() const;

    // Closes the parent's end of the child's stdin (the child reads EOF).
    void close_stdin();

  private:
    struct ExitInfo {
        bool signaled = false;
        int value = 0;  // exit code or signal number
    };

    bool check_exited();  // waitid(WNOHANG | WNOWAIT): records ExitInfo without reaping
    void reap();          // blocking waitpid; the child must be dead or dying
    void signal_group(int sig);
    void close_fds();

    pid_t pid_ = -1;
    bool reaped_ = true;
    std::optional<ExitInfo> exit_;
    int stdin_fd_ = -1;   // parent's write end of the child's stdin
    int stdout_fd_ = -1;  // parent's read end of the child's stdout
    bool eof_ = false;
    std::string buffer_;
    std::size_t buffer_pos_ = 0;  // start of the unread data in buffer_
    std::size_t scanned_to_ = 0;  // buffer_[buffer_pos_, scanned_to_) holds no '\n'
    std::string write_buffer_;    // the lines of one write_lines, reused (scratch: not moved)
    std::size_t max_line_length_ = kDefaultMaxLineLength;
    bool line_was_cut_ = false;
    std::string command_;
};

// Text for an errno value (thread-safe).
std::string errno_text(int error_number);

// From now on every terminate() — those under way too — kills at once instead of waiting out
// its grace periods: a second Ctrl-C, when the user will not wait for engines to quit but the
// run's status must still be written. Async-signal-safe (one lock-free atomic store).
void hurry_shutdowns();

}  // namespace lmr::process
