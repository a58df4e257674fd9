#pragma once
// The one check of every path a command writes to (--pgnout, --epdout, -log file=, report
// --html, pgn --out, tune export --out, openings generate --out, label --out): an output must be
// a regular file or a new path, and must not be, or resolve to, a file the command reads. A PGN
// appended to the results database ruins every run in it; one appended to the run's book or
// config changes the run's inputs while it plays; a FIFO blocks the command before anything is
// stored; a device (/dev/full) loses what is written.

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace lmr::core {

// A file a command reads, and what it is, for messages ("the results database").
struct ReadFile {
    std::filesystem::path path;
    std::string what;
};

// The results database and the files SQLite keeps beside it (-wal, -shm, -journal).
std::vector<ReadFile> database_files(const std::filesystem::path& db);

// Why `out` cannot be written as an output, or nullopt. `out` is followed through every symbolic
// link, dangling ones included, to the file a write would reach; that file must be a regular
// file, or new in a folder that exists (no folder is created), and not one of `inputs` (compared as
// files where both exist, else as absolute paths). The message names `out` and the file it collides
// with.
std::optional<std::string> output_path_problem(const std::filesystem::path& out,
                                               const std::vector<ReadFile>& inputs);

}  // namespace lmr::core
