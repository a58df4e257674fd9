#pragma once

#include <stdexcept>
#include <string>

namespace lmr::store {

// What went wrong, so callers (the CLI) can choose an exit code and a message
// without parsing text.
enum class ErrorKind {
    kIo,            // the file or its directory cannot be created or opened
    kUnusablePath,  // the path names no usable database file: missing where one must exist, a
                    // directory, unreadable, or unwritable (or in an unwritable directory)
    kNotSqlite,     // the file exists but is not an SQLite database
    kForeign,       // an SQLite database that belongs to another program
    kTooNew,        // written by a newer LMR Lab (schema version unknown to this build)
    kTooOld,        // read-only open of a database that needs a migration first
    kCorrupt,       // PRAGMA quick_check failed or SQLite reported corruption
    kBusy,          // another connection holds the write lock past the busy timeout
    kConstraint,    // bad input rejected by the schema (FK, CHECK, UNIQUE)
    kNotFound,      // a run, engine or game id that does not exist
    kInvalid,       // a record that cannot be stored as given (caught before SQL)
    kReadOnly,      // a write through a store opened read-only
    kSetting,       // a setting of the environment that cannot be used (LMR_DB_WAIT)
    kSqlite,        // any other SQLite failure
};

// A database the user pointed at that is not usable as ours: bad input (a command exits 2),
// not a failure of the work (a run stops and is resumable).
constexpr bool is_bad_input(ErrorKind kind) {
    switch (kind) {
        case ErrorKind::kUnusablePath:
        case ErrorKind::kNotSqlite:
        case ErrorKind::kForeign:
        case ErrorKind::kTooNew:
        case ErrorKind::kTooOld:
        case ErrorKind::kCorrupt:
        case ErrorKind::kNotFound:
        case ErrorKind::kSetting:
            return true;
        default:
            return false;
    }
}

class StoreError : public std::runtime_error {
  public:
    StoreError(ErrorKind kind, const std::string& message)
        : std::runtime_error(message), kind_(kind) {}
    ErrorKind kind() const { return kind_; }

  private:
    ErrorKind kind_;
};

}  // namespace lmr::store
