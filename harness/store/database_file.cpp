#include "harness/store/database_file.hpp"

#include <sqlite3.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <charconv>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>
#include <system_error>
#include <thread>

#include "harness/store/schema.hpp"

namespace lmr::store {

namespace {

std::string quoted(const std::filesystem::path& path) {
    return "'" + path.string() + "'";
}

std::string hex32(std::int64_t value) {
    char buffer[16];
    std::snprintf(buffer, sizeof buffer, "0x%08X", static_cast<unsigned>(value & 0xFFFFFFFF));
    return buffer;
}

// Whether this process already has the file open (through another connection). Closing any
// descriptor of a file drops every POSIX lock the process holds on it (fcntl(2)), SQLite's
// included: another process would then think the database unused, checkpoint it and delete
// the WAL that a live connection here still writes into. So the header check below must not
// open and close the file while a connection of this process holds it.
bool open_in_this_process(const std::filesystem::path& path) {
    struct stat target {};
    if (::stat(path.c_str(), &target) != 0) return false;
    std::error_code ec;
    for (const auto& fd : std::filesystem::directory_iterator("/proc/self/fd", ec)) {
        struct stat held {};
        if (::stat(fd.path().c_str(), &held) == 0 && held.st_dev == target.st_dev &&
            held.st_ino == target.st_ino)
            return true;
    }
    return false;
}

// SQLite itself only notices a foreign file on the first read, and reports it
// as "file is not a database"; checking the 16-byte magic first gives the user
// a better message and guarantees we never hand such a file to SQLite. A file this process
// already holds open was checked when it was first opened (and must not be reopened here).
void check_header(const std::filesystem::path& path) {
    if (open_in_this_process(path)) return;
    std::error_code ec;
    const auto size = std::filesystem::file_size(path, ec);
    if (ec) {
        throw StoreError(ErrorKind::kIo, "cannot read " + quoted(path) + ": " + ec.message());
    }
    if (size == 0) return;  // SQLite treats an empty file as an empty database
    std::ifstream in(path, std::ios::binary);
    if (!in) throw StoreError(ErrorKind::kIo, "cannot read " + quoted(path));
    static constexpr char kMagic[16] = "SQLite format 3";  // 15 chars + NUL
    std::array<char, 16> header{};
    in.read(header.data(), header.size());
    if (in.gcount() != 16 || !std::equal(header.begin(), header.end(), kMagic)) {
        throw StoreError(ErrorKind::kNotSqlite,
                         quoted(path) +
                             " is not an SQLite database, so not an LMR Lab results "
                             "database; it was left untouched");
    }
}

std::string errno_text() {
    return std::strerror(errno);
}

// The directory a new file at `path` lands in, or the nearest one above it that exists
// (open_database creates the missing ones); "." for a relative path none of whose directories
// exists yet ("results/lmrlab.db" in an empty working directory).
std::filesystem::path existing_directory_of(const std::filesystem::path& path) {
    std::filesystem::path dir = path.parent_path();
    std::error_code ec;
    while (!dir.empty() && !std::filesystem::exists(dir, ec) && dir != dir.parent_path())
        dir = dir.parent_path();
    return dir.empty() ? std::filesystem::path(".") : dir;
}

// Bytes 18 and 19 of an SQLite header are 2 in WAL mode.
bool in_wal_mode(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    char header[20] = {};
    in.read(header, sizeof header);
    return in.gcount() == sizeof header && header[18] == 2 && header[19] == 2;
}

void refuse_directory(const std::filesystem::path& path) {
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec))
        throw StoreError(ErrorKind::kUnusablePath,
                         quoted(path) + " is a directory, not a results database file");
}

// The checks a path passes before SQLite sees it; each failure is bad input, named.
void prepare_path(const std::filesystem::path& path, const OpenOptions& options) {
    std::error_code ec;
    if (options.mode == OpenMode::kReadWrite)
        check_path_for_writing(path);  // a directory too
    else
        refuse_directory(path);
    const bool exists = std::filesystem::exists(path, ec);
    if (options.mode == OpenMode::kReadWrite) {
        if (options.create) {
            if (!exists && path.has_parent_path()) {
                std::filesystem::create_directories(path.parent_path(), ec);
                if (ec)
                    throw StoreError(ErrorKind::kIo, "cannot create directory " +
                                                         quoted(path.parent_path()) + ": " +
                                                         ec.message());
            }
            return;
        }
    }
    if (!exists) throw StoreError(ErrorKind::kUnusablePath, quoted(path) + ": no such database");
    if (::access(path.c_str(), R_OK) != 0) {
        const std::string why = errno_text();
        throw StoreError(ErrorKind::kUnusablePath,
                         "cannot read the results database " + quoted(path) + ": " + why);
    }
}

// A failure of the open itself, named after the file. A read-only open of a WAL-mode file
// fails when SQLite cannot create the -shm file beside it: that reason, said plainly.
StoreError named_failure(const std::filesystem::path& path, OpenMode mode, const StoreError& e) {
    using enum ErrorKind;
    const ErrorKind kind = e.kind();
    if (kind == kNotSqlite || kind == kForeign || kind == kTooNew || kind == kTooOld ||
        kind == kBusy)
        return e;  // their messages name the file and say what to do
    std::error_code ec;
    const std::filesystem::path dir = existing_directory_of(path);
    const std::string shm = path.string() + "-shm";
    if (mode == OpenMode::kReadOnly && in_wal_mode(path) && !std::filesystem::exists(shm, ec) &&
        ::access(dir.c_str(), W_OK) != 0)
        return StoreError(kUnusablePath, "cannot read the results database " + quoted(path) +
                                             ": SQLite must create '" + shm +
                                             "' beside it to read it, and its directory " +
                                             quoted(dir) +
                                             " is not writable (copy the file to a writable "
                                             "directory)");
    const std::string what = e.what();
    if (what.find(path.string()) != std::string::npos) return e;
    return StoreError(kind, quoted(path) + ": " + what);
}

// Reads the identity of the file and decides whether we may use it.
// Returns true when the database is new (no tables, no foreign id).
bool check_identity(sqlite::Database& db, const std::filesystem::path& path, OpenMode mode) {
    std::int64_t app_id = 0, version = 0, objects = 0;
    try {
        // One read transaction, so the three answers come from one snapshot: read one by one,
        // another process's first migration could commit between them and a new LMR Lab file
        // would look like another program's (no id yet, tables already there).
        sqlite::Transaction snapshot(db, sqlite::Transaction::Kind::kDeferred);
        app_id = db.query_int("PRAGMA application_id");
        version = db.query_int("PRAGMA user_version");
        objects = db.query_int("SELECT count(*) FROM sqlite_schema");
        snapshot.commit();
    } catch (const StoreError& e) {
        if (e.kind() == ErrorKind::kNotSqlite) {
            throw StoreError(ErrorKind::kNotSqlite,
                             quoted(path) + " is not an SQLite database (" + e.what() + ")");
        }
        throw StoreError(e.kind() == ErrorKind::kBusy ? ErrorKind::kBusy : ErrorKind::kCorrupt,
                         "cannot read " + quoted(path) + ": " + e.what());
    }
    const int latest = latest_schema_version();
    if (app_id != kApplicationId) {
        if (objects == 0 && app_id == 0 && version == 0) {
            if (mode == OpenMode::kReadOnly) {
                throw StoreError(ErrorKind::kForeign,
                                 quoted(path) +
                                     " is an empty SQLite file, not an LMR Lab "
                                     "results database");
            }
            return true;
        }
        throw StoreError(ErrorKind::kForeign, quoted(path) +
                                                  " is an SQLite database of another program "
                                                  "(application_id " +
                                                  hex32(app_id) + ", " + std::to_string(objects) +
                                                  " schema objects), not an LMR Lab "
                                                  "results database; it was left untouched");
    }
    if (version > latest) {
        throw StoreError(ErrorKind::kTooNew,
                         quoted(path) + " has schema version " + std::to_string(version) +
                             ", newer than this lmr-harness knows (" + std::to_string(latest) +
                             "); use a newer LMR Lab build. The file was left untouched");
    }
    if (version < 1) {
        throw StoreError(ErrorKind::kCorrupt,
                         quoted(path) + " carries the LMR Lab id but no schema version");
    }
    if (mode == OpenMode::kReadOnly && version < latest) {
        throw StoreError(ErrorKind::kTooOld,
                         quoted(path) + " has schema version " + std::to_string(version) +
                             " and needs an upgrade to " + std::to_string(latest) +
                             "; open it once for writing (any lmr-harness run on it) first");
    }
    return false;
}

void check_integrity(sqlite::Database& db, const std::filesystem::path& path) {
    std::string problems;
    int count = 0;
    try {
        sqlite::Statement stmt = db.prepare("PRAGMA quick_check(5)");
        while (stmt.step()) {
            const std::string line = stmt.column_text(0);
            if (line == "ok") continue;
            if (count++ > 0) problems += "; ";
            problems += line;
        }
    } catch (const StoreError& e) {
        if (e.kind() == ErrorKind::kBusy) throw;
        problems = e.what();
        count = 1;
    }
    if (count > 0) {
        throw StoreError(ErrorKind::kCorrupt, quoted(path) + " is corrupt (PRAGMA quick_check: " +
                                                  problems + "); it was left untouched");
    }
}

// Switching a database to WAL takes the exclusive lock, and SQLite returns SQLITE_BUSY for it at
// once instead of calling the busy handler (the pragma already holds a read lock, and waiting with
// one could deadlock). Two runs started together on a new file both make the switch, so the loser
// retries here, within the same busy timeout the other statements wait for. Once one process has
// switched, the pragma finds the file in WAL mode and needs no lock.
void switch_to_wal(sqlite::Database& db, const std::filesystem::path& path, int busy_timeout_ms) {
    using Clock = std::chrono::steady_clock;
    const auto deadline = Clock::now() + std::chrono::milliseconds(std::max(busy_timeout_ms, 0));
    auto nap = std::chrono::milliseconds(1);
    for (;;) {
        try {
            db.query_text("PRAGMA journal_mode = WAL");
            return;
        } catch (const StoreError& e) {
            if (e.kind() != ErrorKind::kBusy) throw;
            const auto now = Clock::now();
            if (now >= deadline) {
                throw StoreError(ErrorKind::kBusy,
                                 quoted(path) + " stayed locked by another connection for " +
                                     std::to_string(busy_timeout_ms) +
                                     " ms while switching it to WAL (" + e.what() + ")");
            }
            std::this_thread::sleep_for(std::min<Clock::duration>(nap, deadline - now));
            nap = std::min(nap * 2, std::chrono::milliseconds(50));
        }
    }
}

// LMR_DB_WAIT, in seconds, when set: the busy timeout of every database opened.
OpenOptions with_wait_from_environment(OpenOptions options) {
    const char* text = std::getenv("LMR_DB_WAIT");
    if (text == nullptr) return options;
    const std::string value(text);
    int seconds = -1;
    const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), seconds);
    if (ec != std::errc() || end != value.data() + value.size() || seconds < 0 || seconds > 86'400)
        throw StoreError(ErrorKind::kSetting,
                         "LMR_DB_WAIT='" + value + "': expected whole seconds from 0 to 86400");
    options.busy_timeout_ms = seconds * 1000;
    return options;
}

// open_database once the path has passed prepare_path.
sqlite::Database open_prepared(const std::filesystem::path& path, const OpenOptions& options) {
    if (std::filesystem::exists(path)) check_header(path);

    const int flags = options.mode == OpenMode::kReadOnly
                          ? SQLITE_OPEN_READONLY
                          : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE;
    sqlite::Database db = sqlite::Database::open(path.string(), flags);
    sqlite3_busy_timeout(db.handle(), options.busy_timeout_ms);
    // Per connection, not stored in the file: must be set on every open.
    db.exec("PRAGMA foreign_keys = ON");

    const bool is_new = check_identity(db, path, options.mode);
    if (!is_new && options.quick_check) check_integrity(db, path);

    if (options.mode == OpenMode::kReadWrite) {
        // WAL lets report readers see a consistent snapshot while a run writes;
        // NORMAL sync is durable at each checkpoint and never corrupts in WAL.
        switch_to_wal(db, path, options.busy_timeout_ms);
        db.exec("PRAGMA synchronous = NORMAL");
        // Each migration is one BEGIN IMMEDIATE transaction that re-reads the version under the
        // write lock, so processes migrating the same file at once wait (busy timeout) and
        // apply each step once. A lock held past the timeout is reported with the file's name.
        try {
            apply_migrations(db, migrations());
        } catch (const StoreError& e) {
            if (e.kind() != ErrorKind::kBusy) throw;
            throw StoreError(ErrorKind::kBusy, "cannot update the schema of " + quoted(path) +
                                                   ", locked by another connection for " +
                                                   std::to_string(options.busy_timeout_ms) +
                                                   " ms: " + e.what());
        }
    } else {
        db.exec("PRAGMA query_only = ON");
    }
    return db;
}

}  // namespace

void check_path_for_writing(const std::filesystem::path& path) {
    std::error_code ec;
    refuse_directory(path);
    if (std::filesystem::exists(path, ec) && ::access(path.c_str(), W_OK) != 0) {
        const std::string why = errno_text();
        throw StoreError(ErrorKind::kUnusablePath, "cannot write the results database " +
                                                       quoted(path) + ": " + why +
                                                       " (a run stores every game in it)");
    }
    const std::filesystem::path dir = existing_directory_of(path);
    if (!std::filesystem::is_directory(dir, ec))
        throw StoreError(ErrorKind::kUnusablePath, "cannot create the results database " +
                                                       quoted(path) + ": " + quoted(dir) +
                                                       " is not a directory");
    if (::access(dir.c_str(), W_OK) != 0) {
        const std::string why = errno_text();
        throw StoreError(ErrorKind::kUnusablePath,
                         "cannot write the results database " + quoted(path) + ": its directory " +
                             quoted(dir) + " is not writable (" + why + ")");
    }
}

sqlite::Database open_database(const std::filesystem::path& path, const OpenOptions& requested) {
    const OpenOptions options = with_wait_from_environment(requested);
    prepare_path(path, options);
    try {
        return open_prepared(path, options);
    } catch (const StoreError& e) {
        throw named_failure(path, options.mode, e);
    }
}

}  // namespace lmr::store
