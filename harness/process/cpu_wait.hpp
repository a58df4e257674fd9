#pragma once

// How long a process's threads have waited for a CPU: the second field of Linux's
// /proc/PID/task/TID/schedstat (nanoseconds spent runnable on a run queue, not running), summed
// over the process's threads. A search that takes long because the machine is loaded shows it
// growing; one that hangs (asleep, or busy on a free core) does not.

#include <sys/types.h>

#include <chrono>
#include <optional>

namespace lmr::process {

// nullopt when the kernel does not keep the figure (no schedstat) or the process is gone.
std::optional<std::chrono::nanoseconds> cpu_wait(pid_t pid);

}  // namespace lmr::process
