#pragma once

// Opening a results database safely: recognise files that are not ours
// before anything is written, check integrity, then configure the connection
// and bring the schema up to date.

#include <filesystem>

#include "harness/store/sqlite.hpp"

namespace lmr::store {

enum class OpenMode {
    kReadWrite,  // creates the file (and its directories) when missing; migrates
    kReadOnly,   // reports: the file must exist at the current schema version
};

struct OpenOptions {
    OpenMode mode = OpenMode::kReadWrite;
    // PRAGMA quick_check on an existing database. It reads every page, so it
    // costs time proportional to the file; keep it on unless the caller has
    // just checked the same file.
    bool quick_check = true;
    // How long a statement waits for a lock another connection holds (a backup tool, a reader
    // in BEGIN EXCLUSIVE, another run) before failing, retrying with SQLite's back-off. The
    // environment variable LMR_DB_WAIT (seconds) replaces it for every database opened.
    int busy_timeout_ms = 60'000;
    // kReadWrite creates a missing file (and its directories) unless this is false; a
    // command that continues a stored run or tune opens with false.
    bool create = true;
};

// What opening `path` for writing checks before anything is created, for a caller that must
// know before it starts work (a run checks its --db before it starts an engine): StoreError
// kUnusablePath naming the file when it is a directory or a file this process may not write,
// or when its directory (for a new file, the nearest existing one above it: open_database
// creates the rest) is not a writable directory, since SQLite keeps its journal (-wal, -shm)
// beside the file.
void check_path_for_writing(const std::filesystem::path& path);

// Throws StoreError (kUnusablePath, kIo, kNotSqlite, kForeign, kTooNew, kTooOld, kCorrupt,
// kBusy) with a message naming the file; in every error case the file is left
// exactly as it was. A path that must exist (kReadOnly, or create false) and does not, or
// cannot be read, is kUnusablePath.
sqlite::Database open_database(const std::filesystem::path& path, const OpenOptions& options);

}  // namespace lmr::store
