#include "harness/process/child_process.hpp"

#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <sched.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>
#if defined(__linux__)
#include <sys/prctl.h>
#endif

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <climits>
#include <condition_variable>
#include <csignal>
#include <cstring>
#include <mutex>
#include <system_error>
#include <thread>
#include <utility>

namespace lmr::process {
namespace {

using Clock = ChildProcess::Clock;

// strerror_r comes in a GNU (returns char*) and an XSI (returns int) flavour.
[[maybe_unused]] const char* pick_error_text(const char* result, const char*) {
    return result;
}
[[maybe_unused]] const char* pick_error_text(int result, const char* buffer) {
    return result == 0 ? buffer : "unknown error";
}

void ignore_sigpipe_once() {
    // A write to an engine that died must come back as EPIPE, not kill the harness. Function-
    // local static: initialised once, thread-safe, the only process-wide state we change.
    static const bool done = [] {
        struct sigaction action {};
        action.sa_handler = SIG_IGN;
        sigemptyset(&action.sa_mask);
        ::sigaction(SIGPIPE, &action, nullptr);
        return true;
    }();
    (void)done;
}

std::string quote_command(const std::vector<std::string>& argv) {
    std::string out;
    for (const std::string& arg : argv) {
        if (!out.empty()) out += ' ';
        const bool plain = !arg.empty() && arg.find_first_of(" \t\"'\\") == std::string::npos;
        if (plain) {
            out += arg;
        } else {
            out += '\'';
            for (char c : arg) {
                if (c == '\'')
                    out += "'\\''";
                else
                    out += c;
            }
            out += '\'';
        }
    }
    return out;
}

int milliseconds_until(Clock::time_point deadline) {
    const auto now = Clock::now();
    if (now >= deadline) return 0;
    // Round up so that a poll that times out really is at or past the deadline.
    const auto left = std::chrono::ceil<std::chrono::milliseconds>(deadline - now).count();
    return static_cast<int>(std::min<long long>(left, INT_MAX));
}

void close_fd(int& fd) {
    if (fd >= 0) {
        ::close(fd);  // never retried on EINTR: on Linux the descriptor is released anyway
        fd = -1;
    }
}

// Everything the child needs, prepared before fork so the child only makes async-signal-safe
// calls (another harness thread may hold the malloc lock at the moment of fork).
struct ChildSetup {
    char* const* argv = nullptr;
    const char* working_dir = nullptr;
    int stdin_read = -1;
    int stdout_write = -1;
    int stderr_fd = -1;  // -1 = inherit
    int error_write = -1;
    int max_fd = 1024;
    pid_t parent_pid = -1;  // the harness, as getppid() in the child sees it while it lives
    int cpu = -1;           // -1: not held on one CPU
};

enum ChildStage : int { kStageDup = 1, kStageChdir = 2, kStageExec = 3, kStageAffinity = 4 };
struct ChildFailure {
    int stage;
    int error_number;
};

[[noreturn]] void child_fail(int error_write, int stage) {
    const ChildFailure failure{stage, errno};
    ssize_t ignored = ::write(error_write, &failure, sizeof failure);
    (void)ignored;
    ::_exit(127);
}

// Moves fd to a number >= 3 so the dup2 calls onto 0, 1, 2 cannot clobber each other.
int lift_fd(int fd, int error_write) {
    if (fd < 0 || fd >= 3) return fd;
    const int lifted = ::fcntl(fd, F_DUPFD_CLOEXEC, 3);
    if (lifted < 0) child_fail(error_write, kStageDup);
    return lifted;
}

[[noreturn]] void run_child(const ChildSetup& setup) {
    ::setpgid(0, 0);
#if defined(__linux__)
    // SIGKILL when the forking thread (the launcher, which lives as long as the harness) ends,
    // so the engine dies with the harness however it ends, kill -9 included, even when it
    // ignores end of input. The setting survives exec (engines are not set-user-ID programs).
    // It cannot fail for a valid signal, and an engine without it still works: not checked.
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);
    // A harness that died before the prctl sent no signal; the child was already handed to a
    // reaper (init or a subreaper), so its parent is no longer the harness.
    if (::getppid() != setup.parent_pid) ::_exit(127);
#endif
    sigset_t empty;
    sigemptyset(&empty);
    ::sigprocmask(SIG_SETMASK, &empty, nullptr);
    // An ignored SIGPIPE is inherited across exec; the engine deserves the default.
    ::signal(SIGPIPE, SIG_DFL);

    const int in = lift_fd(setup.stdin_read, setup.error_write);
    const int out = lift_fd(setup.stdout_write, setup.error_write);
    const int err = lift_fd(setup.stderr_fd, setup.error_write);
    // dup2 clears FD_CLOEXEC on the new descriptor.
    if (::dup2(in, 0) < 0 || ::dup2(out, 1) < 0) child_fail(setup.error_write, kStageDup);
    if (err >= 0 && ::dup2(err, 2) < 0) child_fail(setup.error_write, kStageDup);

    if (setup.working_dir != nullptr && ::chdir(setup.working_dir) != 0) {
        child_fail(setup.error_write, kStageChdir);
    }
    if (setup.cpu >= 0) {
        if (setup.cpu >= CPU_SETSIZE) {
            errno = EINVAL;
            child_fail(setup.error_write, kStageAffinity);
        }
        cpu_set_t cpus;
        CPU_ZERO(&cpus);
        CPU_SET(setup.cpu, &cpus);
        if (::sched_setaffinity(0, sizeof cpus, &cpus) != 0)
            child_fail(setup.error_write, kStageAffinity);
    }

    // Descriptors the harness opened without O_CLOEXEC (other libraries, other threads) must not
    // leak into the engine. Marking them close-on-exec keeps the error pipe open until exec.
#if defined(CLOSE_RANGE_CLOEXEC)
    if (::close_range(3, ~0U, CLOSE_RANGE_CLOEXEC) != 0)
#endif
    {
        for (int fd = 3; fd < setup.max_fd; ++fd) {
            if (fd != setup.error_write) ::close(fd);
        }
    }

    ::execvp(setup.argv[0], setup.argv);
    child_fail(setup.error_write, kStageExec);
}

// Performs every fork on one thread that lives as long as the process. The parent-death signal
// fires when the *thread* that forked exits, not the process, and engines are spawned from
// oneTBB workers and std::jthreads that may end while their engines must live on. Only fork
// itself is serialised here: the caller prepares everything before and waits for exec after.
class Launcher {
  public:
    // The process's launcher, started on first use. A process made by a plain fork() elsewhere
    // (a test's helper) has a copy of the object but not its thread, so it gets its own.
    static Launcher& instance() {
        static std::mutex creation;
        // Never deleted: its thread must outlive every child, through static destruction too.
        static Launcher* current = nullptr;
        const std::lock_guard lock(creation);
        if (current == nullptr || current->owner_ != ::getpid()) current = new Launcher();
        return *current;
    }

    // Forks; the child runs run_child(setup) and never returns here. The child's pid, or -1 with
    // errno set.
    pid_t fork_child(const ChildSetup& setup) {
        const std::lock_guard one_request(callers_);
        std::unique_lock lock(mutex_);
        request_ = &setup;
        changed_.notify_all();
        changed_.wait(lock, [this] { return request_ == nullptr; });
        errno = error_number_;
        return pid_;
    }

  private:
    Launcher() {
        // A process-directed signal goes to any thread that does not block it. Blocked here,
        // the harness's handlers (SIGINT, SIGTERM) run where they ran before this thread
        // existed, and the child starts with every signal blocked until run_child resets them.
        sigset_t all, previous;
        sigfillset(&all);
        ::pthread_sigmask(SIG_SETMASK, &all, &previous);
        try {
            std::thread([this] { serve(); }).detach();
        } catch (...) {
            ::pthread_sigmask(SIG_SETMASK, &previous, nullptr);
            throw;
        }
        ::pthread_sigmask(SIG_SETMASK, &previous, nullptr);
    }

    [[noreturn]] void serve() {
        std::unique_lock lock(mutex_);
        for (;;) {
            changed_.wait(lock, [this] { return request_ != nullptr; });
            // The child copies the caller's stack, where *request_ lives, and touches no lock.
            const pid_t pid = ::fork();
            if (pid == 0) run_child(*request_);
            error_number_ = pid < 0 ? errno : 0;
            pid_ = pid;
            request_ = nullptr;
            changed_.notify_all();
        }
    }

    const pid_t owner_ = ::getpid();
    std::mutex callers_;  // one request at a time
    std::mutex mutex_;    // guards the fields below
    std::condition_variable changed_;
    const ChildSetup* request_ = nullptr;
    pid_t pid_ = -1;
    int error_number_ = 0;
};

long pidfd_open_syscall(pid_t pid) {
#if defined(SYS_pidfd_open)
    return ::syscall(SYS_pidfd_open, pid, 0);
#else
    (void)pid;
    errno = ENOSYS;
    return -1;
#endif
}

std::atomic<bool> g_hurry{false};
static_assert(std::atomic<bool>::is_always_lock_free, "set from a signal handler");

}  // namespace

std::string errno_text(int error_number) {
    char buffer[256] = {};
    return pick_error_text(::strerror_r(error_number, buffer, sizeof buffer), buffer);
}

ChildProcess::ChildProcess(ChildProcess&& other) noexcept {
    *this = std::move(other);
}

ChildProcess& ChildProcess::operator=(ChildProcess&& other) noexcept {
    if (this != &other) {
        if (running()) terminate(std::chrono::milliseconds(100));
        close_fds();
        pid_ = std::exchange(other.pid_, -1);
        reaped_ = std::exchange(other.reaped_, true);
        exit_ = std::exchange(other.exit_, std::nullopt);
        stdin_fd_ = std::exchange(other.stdin_fd_, -1);
        stdout_fd_ = std::exchange(other.stdout_fd_, -1);
        eof_ = std::exchange(other.eof_, false);
        buffer_ = std::exchange(other.buffer_, {});
        buffer_pos_ = std::exchange(other.buffer_pos_, 0);
        scanned_to_ = std::exchange(other.scanned_to_, 0);
        max_line_length_ = std::exchange(other.max_line_length_, kDefaultMaxLineLength);
        line_was_cut_ = std::exchange(other.line_was_cut_, false);
        command_ = std::exchange(other.command_, {});
    }
    return *this;
}

ChildProcess::~ChildProcess() {
    try {
        terminate(std::chrono::milliseconds(100));
    } catch (...) {
        // A destructor must not throw; terminate only allocates for nothing it needs.
    }
}

void ChildProcess::spawn(const std::vector<std::string>& argv, const std::string& working_dir) {
    SpawnOptions options;
    options.working_dir = working_dir;
    spawn(argv, options);
}

void ChildProcess::spawn(const std::vector<std::string>& argv, const SpawnOptions& options) {
    if (argv.empty() || argv.front().empty()) {
        throw ProcessError("cannot start an empty command", EINVAL);
    }
    ignore_sigpipe_once();
    if (running()) kill();
    close_fds();
    pid_ = -1;
    reaped_ = true;
    exit_.reset();
    eof_ = false;
    buffer_.clear();
    buffer_pos_ = 0;
    scanned_to_ = 0;
    max_line_length_ = std::max<std::size_t>(options.max_line_length, 1);
    line_was_cut_ = false;
    command_ = quote_command(argv);

    const auto fail = [this](const std::string& what, int error_number) -> ProcessError {
        return ProcessError(
            "cannot start '" + command_ + "': " + what + ": " + errno_text(error_number),
            error_number);
    };

    // Before any descriptor exists, so a failure here leaks nothing.
    Launcher* launcher = nullptr;
    try {
        launcher = &Launcher::instance();
    } catch (const std::system_error& e) {
        throw fail("start the launcher thread", e.code().value());
    }

    std::vector<char*> c_argv;
    c_argv.reserve(argv.size() + 1);
    for (const std::string& arg : argv) c_argv.push_back(const_cast<char*>(arg.c_str()));
    c_argv.push_back(nullptr);

    // All harness-side descriptors are close-on-exec from birth, so children spawned at the same
    // moment by other threads never inherit them.
    int in_pipe[2] = {-1, -1};
    int out_pipe[2] = {-1, -1};
    int err_pipe[2] = {-1, -1};
    int devnull = -1;
    const auto close_all = [&] {
        for (int* fd : {&in_pipe[0], &in_pipe[1], &out_pipe[0], &out_pipe[1], &err_pipe[0],
                        &err_pipe[1], &devnull}) {
            close_fd(*fd);
        }
    };
    if (::pipe2(in_pipe, O_CLOEXEC) != 0 || ::pipe2(out_pipe, O_CLOEXEC) != 0 ||
        ::pipe2(err_pipe, O_CLOEXEC) != 0) {
        const int error_number = errno;
        close_all();
        throw fail("pipe", error_number);
    }
    if (options.stderr_mode == StderrMode::kDiscard) {
        devnull = ::open("/dev/null", O_WRONLY | O_CLOEXEC);
        if (devnull < 0) {
            const int error_number = errno;
            close_all();
            throw fail("open /dev/null", error_number);
        }
    }

    ChildSetup setup;
    setup.argv = c_argv.data();
    setup.working_dir = options.working_dir.empty() ? nullptr : options.working_dir.c_str();
    setup.stdin_read = in_pipe[0];
    setup.stdout_write = out_pipe[1];
    setup.stderr_fd = devnull;
    setup.error_write = err_pipe[1];
    struct rlimit limit {};
    if (::getrlimit(RLIMIT_NOFILE, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY) {
        setup.max_fd = static_cast<int>(std::min<rlim_t>(limit.rlim_cur, 65536));
    } else {
        setup.max_fd = 65536;
    }

    setup.parent_pid = ::getpid();
    setup.cpu = options.cpu.value_or(-1);

    const pid_t pid = launcher->fork_child(setup);
    if (pid < 0) {
        const int error_number = errno;
        close_all();
        throw fail("fork", error_number);
    }

    close_fd(in_pipe[0]);
    close_fd(out_pipe[1]);
    close_fd(err_pipe[1]);
    close_fd(devnull);

    // The error pipe closes at a successful exec (0 bytes) or carries the reason it failed.
    ChildFailure failure{};
    ssize_t got = 0;
    for (;;) {
        got = ::read(err_pipe[0], &failure, sizeof failure);
        if (got >= 0 || errno != EINTR) break;
    }
    close_fd(err_pipe[0]);
    if (got != 0) {
        int status = 0;
        while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
        }
        close_all();
        if (got != static_cast<ssize_t>(sizeof failure)) throw fail("child setup", EIO);
        switch (failure.stage) {
            case kStageChdir:
                throw fail("cannot enter working directory '" + options.working_dir + "'",
                           failure.error_number);
            case kStageDup:
                throw fail("dup2", failure.error_number);
            case kStageAffinity:
                throw fail("cannot hold it on CPU " + std::to_string(setup.cpu),
                           failure.error_number);
            default:
                throw fail("exec", failure.error_number);
        }
    }

    pid_ = pid;
    reaped_ = false;
    stdin_fd_ = std::exchange(in_pipe[1], -1);
    stdout_fd_ = std::exchange(out_pipe[0], -1);
    // Non-blocking writes let write_line give up on an engine that stopped reading.
    const int flags = ::fcntl(stdin_fd_, F_GETFL);
    if (flags >= 0) ::fcntl(stdin_fd_, F_SETFL, flags | O_NONBLOCK);
}

bool ChildProcess::write_line(std::string_view line) {
    return write_lines({line});
}

bool ChildProcess::write_lines(std::initializer_list<std::string_view> lines) {
    if (stdin_fd_ < 0) return false;
    std::string& data = write_buffer_;
    data.clear();
    for (std::string_view line : lines) data.append(line).push_back('\n');
    const auto deadline = Clock::now() + kWriteTimeout;
    std::size_t offset = 0;
    while (offset < data.size()) {
        const ssize_t n = ::write(stdin_fd_, data.data() + offset, data.size() - offset);
        if (n > 0) {
            offset += static_cast<std::size_t>(n);
            continue;
        }
        if (n < 0 && errno == EINTR) continue;
        if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
            pollfd entry{stdin_fd_, POLLOUT, 0};
            const int ready = ::poll(&entry, 1, milliseconds_until(deadline));
            if (ready < 0 && errno == EINTR) continue;
            if (ready == 0 && Clock::now() >= deadline) return false;
            if (ready < 0) return false;
            continue;  // writable, or an error the next write reports (EPIPE)
        }
        return false;  // EPIPE: the child closed its stdin
    }
    return true;
}

ReadStatus ChildProcess::read_line(std::string& line, Clock::time_point deadline) {
    for (;;) {
        const std::size_t newline = buffer_.find('\n', std::max(scanned_to_, buffer_pos_));
        if (newline != std::string::npos) {
            std::size_t end = newline;
            if (end > buffer_pos_ && buffer_[end - 1] == '\r') --end;
            if (end - buffer_pos_ <= max_line_length_) {
                line.assign(buffer_, buffer_pos_, end - buffer_pos_);
                line_was_cut_ = false;
                buffer_pos_ = newline + 1;
                scanned_to_ = buffer_pos_;
                if (buffer_pos_ == buffer_.size()) {
                    buffer_.clear();
                    buffer_pos_ = scanned_to_ = 0;
                } else if (buffer_pos_ > 65536 && buffer_pos_ > buffer_.size() / 2) {
                    buffer_.erase(0, buffer_pos_);
                    scanned_to_ -= buffer_pos_;
                    buffer_pos_ = 0;
                }
                return ReadStatus::kLine;
            }
            // A complete line over the limit is cut like an unfinished one, so no line handed
            // out is ever longer than the limit.
        } else {
            scanned_to_ = buffer_.size();
        }
        const std::size_t pending = buffer_.size() - buffer_pos_;
        if (pending > max_line_length_ || (eof_ && pending > 0)) {
            const std::size_t take = std::min(pending, max_line_length_);
            std::size_t end = buffer_pos_ + take;
            if (eof_ && end == buffer_.size() && end > buffer_pos_ && buffer_[end - 1] == '\r')
                --end;
            line.assign(buffer_, buffer_pos_, end - buffer_pos_);
            line_was_cut_ = take < pending;
            const std::size_t consumed = buffer_pos_ + take;
            // Up to the newline found above (or the end, without one) the rest holds no '\n':
            // not scanned again, so cutting a long line stays linear in its length.
            const std::size_t scanned = newline != std::string::npos ? newline : buffer_.size();
            buffer_.erase(0, consumed);
            buffer_pos_ = 0;
            scanned_to_ = scanned - consumed;
            return ReadStatus::kLine;
        }
        if (eof_ || stdout_fd_ < 0) return ReadStatus::kClosed;

        pollfd entry{stdout_fd_, POLLIN, 0};
        const int ready = ::poll(&entry, 1, milliseconds_until(deadline));
        if (ready < 0) {
            if (errno == EINTR) continue;
            eof_ = true;  // a broken descriptor is as good as a closed pipe
            continue;
        }
        if (ready == 0) {
            if (Clock::now() >= deadline) return ReadStatus::kTimeout;
            continue;
        }
        char chunk[16384];
        const ssize_t n = ::read(stdout_fd_, chunk, sizeof chunk);
        if (n > 0) {
            buffer_.append(chunk, static_cast<std::size_t>(n));
        } else if (n == 0) {
            eof_ = true;
        } else if (errno != EINTR && errno != EAGAIN) {
            eof_ = true;
        }
    }
}

void ChildProcess::close_stdin() {
    close_fd(stdin_fd_);
}

void ChildProcess::close_fds() {
    close_fd(stdin_fd_);
    close_fd(stdout_fd_);
}

bool ChildProcess::check_exited() {
    if (exit_) return true;
    if (pid_ <= 0 || reaped_) return false;
    siginfo_t info{};
    for (;;) {
        if (::waitid(P_PID, static_cast<id_t>(pid_), &info, WEXITED | WNOHANG | WNOWAIT) == 0)
            break;
        if (errno == EINTR) continue;
        // ECHILD: someone else reaped it (a SIGCHLD handler with waitpid(-1)); it is gone.
        exit_ = ExitInfo{false, -1};
        reaped_ = true;
        return true;
    }
    if (info.si_pid == 0) return false;
    ExitInfo exit_info;
    exit_info.signaled = info.si_code != CLD_EXITED;
    exit_info.value = info.si_status;
    exit_ = exit_info;
    return true;
}

bool ChildProcess::alive() {
    return running() && !check_exited();
}

bool ChildProcess::wait_exit(Clock::time_point deadline) {
    if (!running()) return true;
    if (check_exited()) return true;
    const long pidfd = pidfd_open_syscall(pid_);
    if (pidfd >= 0) {
        // A pidfd becomes readable when the process exits: one blocking poll, no wake-ups.
        for (;;) {
            pollfd entry{static_cast<int>(pidfd), POLLIN, 0};
            const int ready = ::poll(&entry, 1, milliseconds_until(deadline));
            if (ready < 0 && errno == EINTR) continue;
            if (ready != 0 || Clock::now() >= deadline) break;
        }
        ::close(static_cast<int>(pidfd));
        return check_exited();
    }
    // Kernels before 5.3: short naps. Only reached while shutting an engine down.
    auto nap = std::chrono::milliseconds(1);
    while (!check_exited()) {
        const auto now = Clock::now();
        if (now >= deadline) return false;
        std::this_thread::sleep_for(std::min<Clock::duration>(nap, deadline - now));
        nap = std::min(nap * 2, std::chrono::milliseconds(50));
    }
    return true;
}

void ChildProcess::signal_group(int sig) {
    if (pid_ <= 0 || reaped_) return;
    // The child made itself a group leader before exec; the pid is not reaped yet, so the group
    // id cannot have been reused.
    if (::kill(-pid_, sig) != 0) ::kill(pid_, sig);
}

void ChildProcess::reap() {
    if (pid_ <= 0 || reaped_) return;
    int status = 0;
    pid_t result;
    do {
        result = ::waitpid(pid_, &status, 0);
    } while (result < 0 && errno == EINTR);
    if (result == pid_) {
        ExitInfo exit_info;
        exit_info.signaled = !WIFEXITED(status);
        exit_info.value = WIFEXITED(status)     ? WEXITSTATUS(status)
                          : WIFSIGNALED(status) ? WTERMSIG(status)
                                                : -1;
        exit_ = exit_info;
    } else if (!exit_) {
        exit_ = ExitInfo{false, -1};
    }
    reaped_ = true;
}

void ChildProcess::terminate(std::chrono::milliseconds grace) {
    if (running()) {
        close_stdin();
        // A grace period is waited in short slices, so a hurry that comes during it ends it.
        const auto exited_within = [this](std::chrono::milliseconds limit) {
            const auto deadline = Clock::now() + limit;
            while (!g_hurry.load(std::memory_order_relaxed)) {
                const auto slice = std::min(deadline, Clock::now() + std::chrono::milliseconds(50));
                if (wait_exit(slice)) return true;
                if (slice == deadline) return false;
            }
            return false;
        };
        if (!exited_within(grace)) {
            signal_group(SIGTERM);
            if (!exited_within(grace)) signal_group(SIGKILL);
        }
        // Anything the engine left behind in its group (helpers, `sh -c` children) goes as well.
        signal_group(SIGKILL);
        reap();
    }
    close_fds();
}

void ChildProcess::kill() {
    if (running()) {
        signal_group(SIGKILL);
        reap();
    }
    close_fds();
}

std::optional<int> ChildProcess::exit_code() const {
    if (exit_ && !exit_->signaled && exit_->value >= 0) return exit_->value;
    return std::nullopt;
}

std::optional<int> ChildProcess::exit_signal() const {
    if (exit_ && exit_->signaled) return exit_->value;
    return std::nullopt;
}

std::string ChildProcess::exit_description() const {
    if (!exit_) return pid_ > 0 ? "running" : "not started";
    if (exit_->value < 0) return "exited (status unknown)";
    if (!exit_->signaled) return "exited with code " + std::to_string(exit_->value);
    std::string text = "killed by signal " + std::to_string(exit_->value);
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 32))
    if (const char* name = ::sigdescr_np(exit_->value)) text += std::string(" (") + name + ")";
#endif
    return text;
}

void hurry_shutdowns() {
    g_hurry.store(true, std::memory_order_relaxed);
}

}  // namespace lmr::process
