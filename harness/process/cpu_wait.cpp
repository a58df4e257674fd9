#include "harness/process/cpu_wait.hpp"

#include <filesystem>
#include <fstream>
#include <string>

namespace lmr::process {

std::optional<std::chrono::nanoseconds> cpu_wait(pid_t pid) {
    std::error_code ec;
    const std::filesystem::path tasks = "/proc/" + std::to_string(pid) + "/task";
    std::filesystem::directory_iterator it(tasks, ec);
    if (ec) return std::nullopt;
    long long total = 0;
    bool any = false;
    for (const auto& task : it) {
        std::ifstream in(task.path() / "schedstat");
        long long running = 0, waiting = 0;
        if (!(in >> running >> waiting)) continue;  // a thread that ended meanwhile
        total += waiting;
        any = true;
    }
    if (!any) return std::nullopt;
    return std::chrono::nanoseconds(total);
}

}  // namespace lmr::process
