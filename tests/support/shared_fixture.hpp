#pragma once
// A fixture that takes seconds to make (a database filled by real runs) made once for all the
// test processes that read it. ctest runs every test in a process of its own, so a function-local
// static is made again by each of them: eleven report tests filled the same database eleven
// times. Here the first process to take the lock fills the directory; the others wait for it and
// reuse what it made. The directory's name carries the size and modification time of every
// binary its content comes from, so a rebuild makes it again; it lives beside the test binary,
// under the build tree, and older versions of it are removed. Readers must not modify it.
// Header-only.

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <stdexcept>
#include <string>
#include <system_error>
#include <vector>

namespace lmr::test {

namespace shared_fixture_detail {

namespace fs = std::filesystem;

// An exclusive flock on `file`, held while the object lives.
class FileLock {
  public:
    explicit FileLock(const fs::path& file) : fd_(::open(file.c_str(), O_RDWR | O_CREAT, 0644)) {
        if (fd_ < 0 || ::flock(fd_, LOCK_EX) != 0)
            throw std::runtime_error("cannot lock " + file.string());
    }
    ~FileLock() { ::close(fd_); }  // closing releases the lock
    FileLock(const FileLock&) = delete;
    FileLock& operator=(const FileLock&) = delete;

  private:
    int fd_;
};

// FNV-1a over the text: a short, stable directory name.
inline std::string digest(const std::string& text) {
    std::uint64_t h = 14695981039346656037ULL;
    for (const unsigned char c : text) h = (h ^ c) * 1099511628211ULL;
    char out[17];
    std::snprintf(out, sizeof out, "%016llx", static_cast<unsigned long long>(h));
    return out;
}

}  // namespace shared_fixture_detail

// The directory holding `name`, made by `fill(directory)` unless a complete one made from the
// same `inputs` (files: the binaries and data the content depends on) exists.
inline std::filesystem::path shared_fixture(
    const std::string& name, const std::vector<std::filesystem::path>& inputs,
    const std::function<void(const std::filesystem::path&)>& fill) {
    namespace fs = std::filesystem;
    std::string identity;
    for (const auto& input : inputs) {
        const auto written = fs::last_write_time(input).time_since_epoch().count();
        identity += input.string() + ' ' + std::to_string(fs::file_size(input)) + ' ' +
                    std::to_string(written) + '\n';
    }
    const fs::path home = fs::read_symlink("/proc/self/exe").parent_path() / "shared-fixtures";
    fs::create_directories(home);
    const shared_fixture_detail::FileLock lock(home / (name + ".lock"));
    const std::string current = name + "-" + shared_fixture_detail::digest(identity);
    const fs::path dir = home / current;
    const fs::path complete = dir / ".complete";
    if (fs::exists(complete)) return dir;
    // Another build's version, or one whose maker died half-way: made again from nothing.
    for (const auto& entry : fs::directory_iterator(home)) {
        const std::string entry_name = entry.path().filename().string();
        if (entry.is_directory() && entry_name.rfind(name + "-", 0) == 0)
            fs::remove_all(entry.path());
    }
    fs::create_directories(dir);
    fill(dir);
    std::ofstream(complete) << identity;
    return dir;
}

}  // namespace lmr::test
