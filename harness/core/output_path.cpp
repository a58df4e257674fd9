#include "harness/core/output_path.hpp"

#include <system_error>

namespace lmr::core {
namespace fs = std::filesystem;
namespace {

// Linux's own bound on the links one path may pass through (ELOOP past it).
constexpr int kMaxLinks = 40;

// The file a write to `path` reaches: each symbolic link followed, even one whose target does not
// exist yet (a write through it creates the target); nullopt for a loop of links.
std::optional<fs::path> write_target(fs::path path) {
    std::error_code ec;
    path = fs::absolute(path, ec);
    for (int links = 0; fs::is_symlink(fs::symlink_status(path, ec)); ++links) {
        if (links == kMaxLinks) return std::nullopt;
        const fs::path target = fs::read_symlink(path, ec);
        if (ec) return std::nullopt;
        path = target.is_absolute() ? target : path.parent_path() / target;
    }
    // The folders on the way may be links too: resolve what exists of the path.
    return fs::weakly_canonical(path, ec);
}

bool same_file(const fs::path& target, const fs::path& input) {
    std::error_code ec;
    if (fs::exists(target, ec) && fs::exists(input, ec)) return fs::equivalent(target, input, ec);
    return target == fs::weakly_canonical(fs::absolute(input, ec), ec);
}

std::string kind_of(fs::file_type type) {
    switch (type) {
        case fs::file_type::directory:
            return "a directory";
        case fs::file_type::fifo:
            return "a FIFO (named pipe)";
        case fs::file_type::character:
            return "a character device";
        case fs::file_type::block:
            return "a block device";
        case fs::file_type::socket:
            return "a socket";
        default:
            return "not a regular file";
    }
}

}  // namespace

std::vector<ReadFile> database_files(const fs::path& db) {
    std::vector<ReadFile> files{{db, "the results database"}};
    for (const char* suffix : {"-wal", "-shm", "-journal"})
        files.push_back(
            {db.string() + suffix, "the results database's " + std::string(suffix + 1) + " file"});
    return files;
}

std::optional<std::string> output_path_problem(const fs::path& out,
                                               const std::vector<ReadFile>& inputs) {
    const std::string name = "'" + out.string() + "'";
    const std::optional<fs::path> target = write_target(out);
    if (!target) return name + " is a loop of symbolic links";
    const std::string reaches =
        *target == fs::absolute(out) ? "" : " (reached: " + target->string() + ")";
    std::error_code ec;
    const fs::file_status status = fs::status(*target, ec);
    if (fs::exists(status) && !fs::is_regular_file(status))
        return name + reaches + " is " + kind_of(status.type()) +
               ": an output must be a regular file or a new path";
    if (!fs::exists(status) && !fs::is_directory(target->parent_path(), ec))
        return name + reaches + ": the folder '" + target->parent_path().string() +
               "' does not exist";
    for (const ReadFile& input : inputs)
        if (!input.path.empty() && same_file(*target, input.path))
            return name + reaches + " is " + input.what + " (" + input.path.string() +
                   "): give the output another file";
    return std::nullopt;
}

}  // namespace lmr::core
