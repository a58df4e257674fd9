#pragma once

// This host and its processes, as the harness names and checks them: the host name a claim, an
// MPI rank's message and a private directory carry, whether a pid still runs a live process,
// and a directory of this process's own that one killed with kill -9 leaves to be swept.

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>

namespace lmr::process {

// gethostname(), "localhost" when it has none.
std::string host_name();

// Whether `pid` runs a live process on this host: a zombie (killed, not yet reaped) does not,
// a process of another user does.
bool process_running(std::int64_t pid);

// A directory of this process's own under the system's temporary directory, named
// PREFIX-HOST-PID-XXXXXX, removed with the object. Making one first removes the directories of
// that prefix whose process on this host no longer runs: a process killed with kill -9 runs no
// destructor. For the stored configs a resumed run plays (tournament::StoredConfigs) and the
// files an MPI rank is given (cluster's worker).
class PrivateDirectory {
  public:
    // std::runtime_error naming the temporary folder when the directory cannot be made.
    explicit PrivateDirectory(std::string_view prefix);
    ~PrivateDirectory();
    PrivateDirectory(const PrivateDirectory&) = delete;
    PrivateDirectory& operator=(const PrivateDirectory&) = delete;

    const std::filesystem::path& path() const { return path_; }
    // Writes `text` to the file `name` in the directory and returns its path; std::runtime_error
    // naming the file when it cannot be written whole.
    std::filesystem::path write(const std::string& name, std::string_view text) const;

  private:
    std::filesystem::path path_;
};

}  // namespace lmr::process
