#pragma once

// Holding a thread and the engines it plays with on one CPU (fastchess's -use-affinity). On a
// VM a wake-up of a process sleeping on another CPU costs far more than one on the same CPU,
// and a game is a strict ping-pong between its thread and its engines (docs/harness-speed.md).

#include <optional>
#include <string_view>
#include <vector>

namespace lmr::process {

// The CPUs this process may run on (its affinity mask), ascending.
std::vector<int> allowed_cpus();

// "3,5,7-11,13" (the kernel's cpulist format, as fastchess's -use-affinity takes it) → the
// CPUs, ascending, each once. Throws std::invalid_argument saying what is wrong, also for a CPU
// this process may not run on.
std::vector<int> parse_cpu_list(std::string_view text);

// Holds the calling thread on `cpu` while it lives, then gives it back the CPUs it had;
// nothing for nullopt. Throws std::system_error when the CPU cannot be used.
class ThreadPin {
  public:
    explicit ThreadPin(std::optional<int> cpu);
    ~ThreadPin();
    ThreadPin(const ThreadPin&) = delete;
    ThreadPin& operator=(const ThreadPin&) = delete;

  private:
    std::vector<int> previous_;  // empty: not pinned
};

}  // namespace lmr::process
