// Holding a child and a thread on one CPU: the kernel's own view (/proc's Cpus_allowed_list, the
// child's affinity as the grep in its shell reads it) must say the CPU that was asked for.

#include "harness/process/cpu_affinity.hpp"

#include <gtest/gtest.h>
#include <pthread.h>
#include <sched.h>

#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "harness/process/child_process.hpp"

namespace {

using lmr::process::allowed_cpus;
using lmr::process::ChildProcess;
using lmr::process::parse_cpu_list;
using lmr::process::SpawnOptions;
using lmr::process::ThreadPin;
using namespace std::chrono_literals;

std::vector<int> thread_cpus() {
    cpu_set_t set;
    CPU_ZERO(&set);
    EXPECT_EQ(pthread_getaffinity_np(pthread_self(), sizeof set, &set), 0);
    std::vector<int> cpus;
    for (int cpu = 0; cpu < CPU_SETSIZE; ++cpu)
        if (CPU_ISSET(cpu, &set)) cpus.push_back(cpu);
    return cpus;
}

TEST(CpuAffinity, AChildIsHeldOnItsCpuFromItsFirstInstruction) {
    const int cpu = allowed_cpus().back();
    ChildProcess child;
    SpawnOptions options;
    options.cpu = cpu;
    // The child reads its own affinity as the kernel reports it.
    child.spawn({"/bin/sh", "-c", "grep Cpus_allowed_list /proc/self/status"}, options);
    std::string line;
    ASSERT_EQ(child.read_line(line, std::chrono::steady_clock::now() + 10s),
              lmr::process::ReadStatus::kLine);
    EXPECT_EQ(line, "Cpus_allowed_list:\t" + std::to_string(cpu));
}

TEST(CpuAffinity, ACpuThatDoesNotExistIsASpawnFailure) {
    ChildProcess child;
    SpawnOptions options;
    options.cpu = CPU_SETSIZE - 1;  // no machine this runs on has it
    try {
        child.spawn({"/bin/true"}, options);
        FAIL() << "the child was started";
    } catch (const lmr::process::ProcessError& e) {
        EXPECT_NE(std::string(e.what()).find("CPU " + std::to_string(CPU_SETSIZE - 1)),
                  std::string::npos)
            << e.what();
    }
}

TEST(CpuAffinity, AThreadIsHeldWhileThePinLivesAndGetsItsCpusBack) {
    std::thread([] {
        const std::vector<int> before = thread_cpus();
        {
            const ThreadPin pin(before.front());
            EXPECT_EQ(thread_cpus(), std::vector<int>{before.front()});
        }
        EXPECT_EQ(thread_cpus(), before);
        const ThreadPin none(std::nullopt);
        EXPECT_EQ(thread_cpus(), before);
    }).join();
}

TEST(CpuAffinity, CpuListsReadAsTheKernelWritesThem) {
    const std::vector<int> allowed = allowed_cpus();
    ASSERT_FALSE(allowed.empty());
    const int first = allowed.front();
    EXPECT_EQ(parse_cpu_list(std::to_string(first)), std::vector<int>{first});
    if (allowed.size() >= 2 && allowed[1] == first + 1) {
        const std::string a = std::to_string(first), b = std::to_string(first + 1);
        EXPECT_EQ(parse_cpu_list(a + "-" + b), (std::vector<int>{first, first + 1}));
        EXPECT_EQ(parse_cpu_list(b + "," + a + "," + b), (std::vector<int>{first, first + 1}));
    }
    for (const char* bad : {"", "x", "1-", "-1", "2-1", "0,,1", "1.5", "99999"})
        EXPECT_THROW(parse_cpu_list(bad), std::invalid_argument) << bad;
}

}  // namespace
