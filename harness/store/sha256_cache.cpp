// Memoised file hashes: an engine binary is checked before every start of the engine (a run
// restarts engines after faults and, with restart=on, for every game), so its 100 MB are hashed
// again only when the file's identity, size or time says it may have changed.

#include <sys/stat.h>

#include <cerrno>
#include <cstring>
#include <map>
#include <mutex>
#include <stdexcept>
#include <tuple>

#include "harness/store/sha256.hpp"

namespace lmr::store {

std::string sha256_file_hex_cached(const std::filesystem::path& path) {
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0)
        throw std::runtime_error("cannot read " + path.string() + ": " + std::strerror(errno));
    using Stamp = std::tuple<dev_t, ino_t, off_t, long, long>;
    const Stamp stamp{st.st_dev, st.st_ino, st.st_size, st.st_mtim.tv_sec, st.st_mtim.tv_nsec};
    struct Known {
        Stamp stamp;
        std::string sha256;
    };
    static std::mutex mutex;
    static std::map<std::string, Known> known;
    {
        const std::lock_guard lock(mutex);
        const auto it = known.find(path.string());
        if (it != known.end() && it->second.stamp == stamp) return it->second.sha256;
    }
    std::string sha256 = sha256_file_hex(path);  // outside the lock: it may take a while
    const std::lock_guard lock(mutex);
    known[path.string()] = {stamp, sha256};
    return sha256;
}

}  // namespace lmr::store
