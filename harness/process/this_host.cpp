// This host and its processes (this_host.hpp).

#include "harness/process/this_host.hpp"

#include <signal.h>
#include <unistd.h>

#include <cerrno>
#include <climits>
#include <cstdlib>
#include <fstream>
#include <stdexcept>

namespace lmr::process {
namespace {

namespace fs = std::filesystem;

// "PREFIX-HOST-": what every directory of `prefix` made on this host starts with.
std::string host_part(std::string_view prefix) {
    return std::string(prefix) + "-" + host_name() + "-";
}

// Removes the directories of `prefix` whose process on this host is gone.
void sweep_abandoned(const fs::path& temp, std::string_view prefix) {
    const std::string ours = host_part(prefix);
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(temp, ec)) {
        const std::string name = entry.path().filename().string();
        if (!name.starts_with(ours) || !entry.is_directory(ec)) continue;
        const std::string rest = name.substr(ours.size());
        const auto dash = rest.find('-');
        if (dash == std::string::npos || dash == 0 || rest.find_first_not_of("0123456789") != dash)
            continue;
        if (!process_running(std::stoll(rest.substr(0, dash)))) fs::remove_all(entry.path(), ec);
    }
}

}  // namespace

std::string host_name() {
    char name[HOST_NAME_MAX + 1] = {};
    if (::gethostname(name, sizeof name - 1) != 0 || name[0] == '\0') return "localhost";
    return name;
}

bool process_running(std::int64_t pid) {
    // EPERM: the pid exists but belongs to another user.
    if (::kill(static_cast<pid_t>(pid), 0) != 0 && errno != EPERM) return false;
    // A zombie (killed, not yet reaped by its parent) plays nothing: state Z in /proc.
    std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
    std::string line;
    if (!std::getline(stat, line)) return true;
    const auto close = line.rfind(')');  // the command name may hold spaces and parentheses
    return close == std::string::npos || close + 2 >= line.size() || line[close + 2] != 'Z';
}

PrivateDirectory::PrivateDirectory(std::string_view prefix) {
    const fs::path temp = fs::temp_directory_path();
    sweep_abandoned(temp, prefix);
    std::string pattern =
        (temp / (host_part(prefix) + std::to_string(::getpid()) + "-XXXXXX")).string();
    if (!::mkdtemp(pattern.data()))
        throw std::runtime_error("cannot create a directory of this process's own in " +
                                 temp.string());
    path_ = pattern;
}

PrivateDirectory::~PrivateDirectory() {
    std::error_code ignored;  // a temporary directory left behind harms nothing
    fs::remove_all(path_, ignored);
}

fs::path PrivateDirectory::write(const std::string& name, std::string_view text) const {
    const fs::path file = path_ / name;
    std::ofstream out(file, std::ios::binary);
    out << text;
    if (!out.flush()) throw std::runtime_error("cannot write " + file.string());
    return file;
}

}  // namespace lmr::process
