#include "harness/process/child_process.hpp"

#include <gtest/gtest.h>
#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include "tests/support/temp_dir.hpp"

namespace {

using lmr::process::ChildProcess;
using lmr::process::ProcessError;
using lmr::process::ReadStatus;
using namespace std::chrono_literals;
using Clock = std::chrono::steady_clock;

std::size_t open_fd_count() {
    std::size_t count = 0;
    for ([[maybe_unused]] const auto& entry :
         std::filesystem::directory_iterator("/proc/self/fd")) {
        ++count;
    }
    return count;
}

// Reads every line until the child closes its stdout.
std::vector<std::string> read_all(ChildProcess& child, Clock::duration limit = 10s) {
    std::vector<std::string> lines;
    std::string line;
    const auto deadline = Clock::now() + limit;
    for (;;) {
        const ReadStatus status = child.read_line(line, deadline);
        if (status == ReadStatus::kLine) {
            lines.push_back(line);
            continue;
        }
        EXPECT_EQ(status, ReadStatus::kClosed) << "child did not close its output in time";
        return lines;
    }
}

TEST(ChildProcess, EchoPrintsItsArgumentsAndExitsCleanly) {
    ChildProcess child;
    child.spawn({"/bin/echo", "hello", "world"});
    EXPECT_TRUE(child.running());
    EXPECT_GT(child.pid(), 0);
    EXPECT_EQ(read_all(child), std::vector<std::string>{"hello world"});
    ASSERT_TRUE(child.wait_exit(Clock::now() + 10s));
    EXPECT_FALSE(child.alive());
    EXPECT_EQ(child.exit_code(), 0);
    EXPECT_EQ(child.exit_description(), "exited with code 0");
}

TEST(ChildProcess, CatEchoesLinesBack) {
    ChildProcess child;
    child.spawn({"cat"});
    std::string line;
    for (int i = 0; i < 100; ++i) {
        const std::string sent = "line " + std::to_string(i) + " with some text";
        ASSERT_TRUE(child.write_line(sent));
        ASSERT_EQ(child.read_line(line, Clock::now() + 10s), ReadStatus::kLine);
        EXPECT_EQ(line, sent);
    }
    // Several lines written before reading arrive one by one from the internal buffer.
    ASSERT_TRUE(child.write_line("a"));
    ASSERT_TRUE(child.write_line(""));
    ASSERT_TRUE(child.write_line("c"));
    for (const char* expected : {"a", "", "c"}) {
        ASSERT_EQ(child.read_line(line, Clock::now() + 10s), ReadStatus::kLine);
        EXPECT_EQ(line, expected);
    }
    // Lines written together (a UCI position and its go) arrive as the lines they are.
    ASSERT_TRUE(child.write_lines({"position startpos moves e2e4", "go nodes 100"}));
    for (const char* expected : {"position startpos moves e2e4", "go nodes 100"}) {
        ASSERT_EQ(child.read_line(line, Clock::now() + 10s), ReadStatus::kLine);
        EXPECT_EQ(line, expected);
    }
    child.close_stdin();  // cat exits on EOF
    EXPECT_EQ(child.read_line(line, Clock::now() + 10s), ReadStatus::kClosed);
    EXPECT_FALSE(child.write_line("after close"));
    ASSERT_TRUE(child.wait_exit(Clock::now() + 10s));
    EXPECT_EQ(child.exit_code(), 0);
}

TEST(ChildProcess, ReadReturnsTimeoutNotBeforeTheDeadline) {
    ChildProcess child;
    child.spawn({"cat"});
    std::string line;
    const auto deadline = Clock::now() + 200ms;
    EXPECT_EQ(child.read_line(line, deadline), ReadStatus::kTimeout);
    EXPECT_GE(Clock::now(), deadline);
    // A deadline already in the past still hands out data that is there.
    ASSERT_TRUE(child.write_line("late"));
    ASSERT_EQ(child.read_line(line, Clock::now() + 10s), ReadStatus::kLine);
    ASSERT_TRUE(child.write_line("ready"));
    ASSERT_TRUE(child.alive());
    std::this_thread::sleep_for(50ms);  // let cat copy the line into the pipe
    EXPECT_EQ(child.read_line(line, Clock::now() - 1s), ReadStatus::kLine);
    EXPECT_EQ(line, "ready");
    EXPECT_EQ(child.read_line(line, Clock::now() - 1s), ReadStatus::kTimeout);
}

TEST(ChildProcess, ClosedPipeIsReportedAndWritesFailWithoutSigpipe) {
    ChildProcess child;
    child.spawn({"sh", "-c", "exit 3"});
    std::string line;
    EXPECT_EQ(child.read_line(line, Clock::now() + 10s), ReadStatus::kClosed);
    ASSERT_TRUE(child.wait_exit(Clock::now() + 10s));
    EXPECT_EQ(child.exit_code(), 3);
    // The reader end is gone: writes fail with EPIPE, and the test process survives.
    bool any_failed = false;
    for (int i = 0; i < 10; ++i) any_failed |= !child.write_line("into the void");
    EXPECT_TRUE(any_failed);
    EXPECT_FALSE(child.write_line("still into the void"));
}

TEST(ChildProcess, DeathBySignalIsDescribed) {
    ChildProcess child;
    child.spawn({"sh", "-c", "kill -SEGV $$"});
    std::string line;
    EXPECT_EQ(child.read_line(line, Clock::now() + 10s), ReadStatus::kClosed);
    ASSERT_TRUE(child.wait_exit(Clock::now() + 10s));
    EXPECT_EQ(child.exit_signal(), SIGSEGV);
    EXPECT_NE(child.exit_description().find("signal 11"), std::string::npos)
        << child.exit_description();
}

TEST(ChildProcess, LastLineWithoutNewlineAndCrLfEndings) {
    ChildProcess child;
    child.spawn({"printf", "a\\r\\nb\\n\\ntail"});
    EXPECT_EQ(read_all(child), (std::vector<std::string>{"a", "b", "", "tail"}));
}

TEST(ChildProcess, CannotStartNamesTheCommandAndTheReason) {
    ChildProcess child;
    try {
        child.spawn({"/nonexistent/lmr-engine-xyz", "--flag"});
        FAIL() << "spawn of a missing binary must throw";
    } catch (const ProcessError& error) {
        const std::string message = error.what();
        EXPECT_NE(message.find("/nonexistent/lmr-engine-xyz"), std::string::npos) << message;
        EXPECT_NE(message.find("No such file or directory"), std::string::npos) << message;
        EXPECT_EQ(error.error_number(), ENOENT);
    }
    EXPECT_FALSE(child.running());

    // Searched in PATH, not found there either.
    EXPECT_THROW(child.spawn({"lmr-no-such-command-on-path"}), ProcessError);

    // A file that is not executable.
    const lmr::test::TempDir dir("lmr-not-executable");
    const auto path = dir.write("not-a-program", "not a program\n");
    std::filesystem::permissions(path, std::filesystem::perms::owner_read);
    try {
        child.spawn({path.string()});
        FAIL() << "spawn of a non-executable file must throw";
    } catch (const ProcessError& error) {
        EXPECT_EQ(error.error_number(), EACCES) << error.what();
        EXPECT_NE(std::string(error.what()).find("Permission denied"), std::string::npos);
    }

    // A missing working directory.
    try {
        child.spawn({"/bin/echo"}, "/nonexistent/dir");
        FAIL() << "spawn in a missing directory must throw";
    } catch (const ProcessError& error) {
        EXPECT_NE(std::string(error.what()).find("/nonexistent/dir"), std::string::npos)
            << error.what();
    }

    EXPECT_THROW(child.spawn({}), ProcessError);
    // No child is left behind by any failed start.
    EXPECT_EQ(::waitpid(-1, nullptr, WNOHANG), -1);
    EXPECT_EQ(errno, ECHILD);
}

TEST(ChildProcess, WorkingDirectoryIsUsed) {
    ChildProcess child;
    child.spawn({"pwd"}, "/");
    EXPECT_EQ(read_all(child), std::vector<std::string>{"/"});
}

TEST(ChildProcess, TerminateKillsAProcessThatIgnoresSigterm) {
    ChildProcess child;
    // The shell reports the pid of its background sleep, which also ignores TERM (inherited).
    child.spawn({"sh", "-c", "trap '' TERM; sleep 100 & echo $!; wait"});
    std::string line;
    ASSERT_EQ(child.read_line(line, Clock::now() + 10s), ReadStatus::kLine);
    const pid_t sleeper = std::stoi(line);
    child.terminate(100ms);
    EXPECT_FALSE(child.running());
    EXPECT_EQ(child.exit_signal(), SIGKILL) << child.exit_description();
    // The grandchild went with its process group (it may linger briefly as init's zombie).
    const auto deadline = Clock::now() + 5s;
    bool gone = false;
    while (!gone && Clock::now() < deadline) {
        std::ifstream stat("/proc/" + std::to_string(sleeper) + "/stat");
        std::string pid_field, name, state;
        gone = !(stat >> pid_field >> name >> state) || state == "Z" || state == "X";
        if (!gone) std::this_thread::sleep_for(10ms);
    }
    EXPECT_TRUE(gone) << "sleep " << sleeper << " survived";
}

TEST(ChildProcess, TerminateIsGracefulForAWellBehavedChild) {
    ChildProcess child;
    child.spawn({"cat"});
    child.terminate(5s);  // cat exits on EOF long before the grace ends
    EXPECT_EQ(child.exit_code(), 0) << child.exit_description();
}

TEST(ChildProcess, KillReapsImmediately) {
    ChildProcess child;
    child.spawn({"sleep", "100"});
    EXPECT_TRUE(child.alive());
    child.kill();
    EXPECT_FALSE(child.running());
    EXPECT_FALSE(child.alive());
    EXPECT_EQ(child.exit_signal(), SIGKILL);
    child.kill();  // idempotent
    child.terminate();
}

TEST(ChildProcess, DescriptorsOfTheHarnessDoNotLeakIntoTheChild) {
    int probe[2];
    ASSERT_EQ(::pipe(probe), 0);  // deliberately without O_CLOEXEC
    ChildProcess child;
    child.spawn({"sleep", "100"});
    ::close(probe[1]);
    // If the child had inherited the write end, this read would not see EOF.
    pollfd entry{probe[0], POLLIN, 0};
    ASSERT_EQ(::poll(&entry, 1, 5000), 1);
    char byte;
    EXPECT_EQ(::read(probe[0], &byte, 1), 0);
    ::close(probe[0]);
}

TEST(ChildProcess, MoveKeepsTheChild) {
    ChildProcess first;
    first.spawn({"cat"});
    ChildProcess second(std::move(first));
    EXPECT_FALSE(first.running());
    ASSERT_TRUE(second.write_line("moved"));
    std::string line;
    ASSERT_EQ(second.read_line(line, Clock::now() + 10s), ReadStatus::kLine);
    EXPECT_EQ(line, "moved");
    ChildProcess third;
    third = std::move(second);
    EXPECT_TRUE(third.alive());
}

TEST(ChildProcess, NoDescriptorOrZombieLeaksAfter200Spawns) {
    const std::size_t before = open_fd_count();
    std::string line;
    for (int i = 0; i < 200; ++i) {
        ChildProcess child;
        switch (i % 4) {
            case 0:  // runs to completion
                child.spawn({"/bin/echo", std::to_string(i)});
                ASSERT_EQ(child.read_line(line, Clock::now() + 10s), ReadStatus::kLine);
                EXPECT_EQ(line, std::to_string(i));
                break;
            case 1:  // killed
                child.spawn({"sleep", "100"});
                child.kill();
                break;
            case 2:  // left to the destructor while running
                child.spawn({"cat"});
                ASSERT_TRUE(child.write_line("x"));
                break;
            default:  // cannot start
                EXPECT_THROW(child.spawn({"/nonexistent/binary"}), ProcessError);
                break;
        }
    }
    EXPECT_EQ(open_fd_count(), before);
    EXPECT_EQ(::waitpid(-1, nullptr, WNOHANG), -1) << "a child was left unreaped";
    EXPECT_EQ(errno, ECHILD);
}

TEST(ChildProcess, ManyThreadsSpawnConcurrently) {
    const std::size_t before = open_fd_count();
    std::atomic<int> round_trips{0};
    std::vector<std::thread> threads;
    for (int t = 0; t < 4; ++t) {
        threads.emplace_back([&round_trips, t] {
            for (int i = 0; i < 25; ++i) {
                ChildProcess child;
                child.spawn({"cat"});
                const std::string sent = std::to_string(t) + ":" + std::to_string(i);
                std::string line;
                if (child.write_line(sent) &&
                    child.read_line(line, Clock::now() + 10s) == ReadStatus::kLine &&
                    line == sent) {
                    ++round_trips;
                }
                child.terminate(1s);
            }
        });
    }
    for (auto& thread : threads) thread.join();
    EXPECT_EQ(round_trips.load(), 100);
    EXPECT_EQ(open_fd_count(), before);
}

TEST(ChildProcess, OverlongLineIsSplitNotBufferedForever) {
    ChildProcess child;
    // 3 MiB of 'x' without a newline, then a newline.
    child.spawn({"sh", "-c", "head -c 3145728 /dev/zero | tr '\\0' x; echo"});
    std::string line;
    std::size_t total = 0;
    int pieces = 0;
    while (child.read_line(line, Clock::now() + 20s) == ReadStatus::kLine) {
        EXPECT_LE(line.size(), ChildProcess::kMaxLineLength);
        total += line.size();
        ++pieces;
    }
    EXPECT_EQ(total, 3u * 1024 * 1024);
    EXPECT_GE(pieces, 3);
}

TEST(ChildProcess, LineLengthLimitIsSetPerChildAndCutsAreReported) {
    lmr::process::SpawnOptions options;
    options.max_line_length = 1000;
    ChildProcess child;
    // 2500 characters and a newline, a line of exactly the limit, then a short line.
    child.spawn({"sh", "-c",
                 "head -c 2500 /dev/zero | tr '\\0' x; echo; "
                 "head -c 1000 /dev/zero | tr '\\0' y; echo; echo end"},
                options);
    EXPECT_EQ(child.max_line_length(), 1000u);
    std::vector<std::size_t> sizes;
    std::vector<bool> cut;
    std::string line;
    while (child.read_line(line, Clock::now() + 10s) == ReadStatus::kLine) {
        sizes.push_back(line.size());
        cut.push_back(child.line_was_cut());
    }
    // The complete 2500-character line is cut like an unfinished one: no piece over the limit.
    EXPECT_EQ(sizes, (std::vector<std::size_t>{1000, 1000, 500, 1000, 3}));
    EXPECT_EQ(cut, (std::vector<bool>{true, true, false, false, false}));
}

TEST(ChildProcess, LargerLimitDeliversALongLineWhole) {
    lmr::process::SpawnOptions options;
    options.max_line_length = std::size_t{16} << 20;
    ChildProcess child;
    // 10 MiB without a newline until the end: ten pieces under the default limit.
    child.spawn({"sh", "-c", "head -c 10485760 /dev/zero | tr '\\0' x; echo"}, options);
    std::string line;
    ASSERT_EQ(child.read_line(line, Clock::now() + 20s), ReadStatus::kLine);
    EXPECT_EQ(line.size(), std::size_t{10} << 20);
    EXPECT_FALSE(child.line_was_cut());
    EXPECT_EQ(child.read_line(line, Clock::now() + 10s), ReadStatus::kClosed);
}

// Ended: gone, or a zombie waiting for whoever adopted it.
bool process_ended(pid_t pid) {
    std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
    std::string text;
    if (!std::getline(stat, text)) return true;
    const auto close = text.rfind(')');
    return close == std::string::npos || close + 2 >= text.size() || text[close + 2] == 'Z' ||
           text[close + 2] == 'X';
}

bool ends_within(pid_t pid, Clock::duration limit) {
    const auto deadline = Clock::now() + limit;
    while (!process_ended(pid)) {
        if (Clock::now() >= deadline) return false;
        std::this_thread::sleep_for(5ms);
    }
    return true;
}

TEST(ChildProcess, ChildOutlivesTheThreadThatSpawnedIt) {
    // The parent-death signal fires when the thread that forked ends; slots spawn engines from
    // threads that end before the engines should, so a spawn must not tie the child to them.
    ChildProcess child;
    std::thread spawner([&child] { child.spawn({"sleep", "30"}); });
    spawner.join();
    std::this_thread::sleep_for(300ms);
    EXPECT_TRUE(child.alive()) << child.exit_description();
    child.kill();
    EXPECT_EQ(child.exit_signal(), SIGKILL) << child.exit_description();
}

TEST(ChildProcess, ChildDiesWithinASecondOfItsParentProcessKilledBySigkill) {
    int report[2];
    ASSERT_EQ(::pipe(report), 0);
    const pid_t parent = ::fork();
    ASSERT_GE(parent, 0);
    if (parent == 0) {
        // The harness's part: spawn (from a thread that ends at once, as a slot's might), tell
        // the test the child's pid, then wait to be killed without any clean-up.
        ::close(report[0]);
        ChildProcess child;
        try {
            std::thread([&child] { child.spawn({"sleep", "60"}); }).join();
        } catch (...) {
            ::_exit(1);
        }
        const pid_t pid = child.pid();
        [[maybe_unused]] const auto n = ::write(report[1], &pid, sizeof pid);
        for (;;) ::pause();
    }
    ::close(report[1]);
    pid_t grandchild = -1;
    const auto got = ::read(report[0], &grandchild, sizeof grandchild);
    ::close(report[0]);
    // Alive while its parent lives, although the thread that spawned it has ended.
    std::this_thread::sleep_for(100ms);
    const bool alive_before =
        got == static_cast<ssize_t>(sizeof grandchild) && !process_ended(grandchild);
    ::kill(parent, SIGKILL);
    int status = 0;
    ::waitpid(parent, &status, 0);
    ASSERT_EQ(got, static_cast<ssize_t>(sizeof grandchild)) << "the spawn failed";
    EXPECT_TRUE(alive_before) << "sleep " << grandchild << " ended before its parent was killed";
    const bool ended = ends_within(grandchild, 1s);
    if (!ended) ::kill(grandchild, SIGKILL);  // never leave it behind
    EXPECT_TRUE(ended) << "sleep " << grandchild << " outlived its killed parent by 1 s";
}

}  // namespace
