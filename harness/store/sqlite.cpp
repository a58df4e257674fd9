#include "harness/store/sqlite.hpp"

#include <sqlite3.h>

#include <cmath>
#include <limits>
#include <utility>

namespace lmr::store::sqlite {

namespace {

ErrorKind kind_of(int code) {
    switch (code & 0xff) {
        case SQLITE_CONSTRAINT:
            return ErrorKind::kConstraint;
        case SQLITE_BUSY:
        case SQLITE_LOCKED:
            return ErrorKind::kBusy;
        case SQLITE_CORRUPT:
            return ErrorKind::kCorrupt;
        case SQLITE_NOTADB:
            return ErrorKind::kNotSqlite;
        case SQLITE_READONLY:
            return ErrorKind::kReadOnly;
        case SQLITE_CANTOPEN:
        case SQLITE_IOERR:
        case SQLITE_FULL:
        case SQLITE_PERM:
            return ErrorKind::kIo;
        default:
            return ErrorKind::kSqlite;
    }
}

}  // namespace

void throw_error(sqlite3* db, int code, std::string_view context) {
    std::string message(context);
    message += ": ";
    // The connection's message is more specific (names the constraint, the
    // column) than the generic text for the code.
    if (db != nullptr && sqlite3_errcode(db) == code) {
        message += sqlite3_errmsg(db);
    } else {
        message += sqlite3_errstr(code);
    }
    throw StoreError(kind_of(code), message);
}

// ---------------------------------------------------------------- Database

Database Database::open(const std::string& path, int flags) {
    sqlite3* db = nullptr;
    const int rc = sqlite3_open_v2(path.c_str(), &db, flags, nullptr);
    if (rc != SQLITE_OK) {
        std::string message = "cannot open database '" + path + "': ";
        message += db != nullptr ? sqlite3_errmsg(db) : sqlite3_errstr(rc);
        sqlite3_close_v2(db);
        throw StoreError(kind_of(rc), message);
    }
    // Extended codes tell a UNIQUE violation from a FOREIGN KEY one.
    sqlite3_extended_result_codes(db, 1);
    return Database(db);
}

Database::Database(Database&& other) noexcept : db_(std::exchange(other.db_, nullptr)) {}

Database& Database::operator=(Database&& other) noexcept {
    if (this != &other) {
        close();
        db_ = std::exchange(other.db_, nullptr);
    }
    return *this;
}

Database::~Database() {
    close();
}

void Database::close() {
    if (db_ != nullptr) {
        // close_v2 defers the close until any statement still alive is
        // finalized, so member destruction order cannot leak the handle.
        sqlite3_close_v2(db_);
        db_ = nullptr;
    }
}

void Database::exec(std::string_view sql) {
    const std::string text(sql);
    char* error = nullptr;
    const int rc = sqlite3_exec(db_, text.c_str(), nullptr, nullptr, &error);
    if (rc != SQLITE_OK) {
        std::string message = error != nullptr ? error : sqlite3_errstr(rc);
        sqlite3_free(error);
        throw StoreError(kind_of(rc), "SQL failed: " + message);
    }
}

Statement Database::prepare(std::string_view sql) const {
    sqlite3_stmt* stmt = nullptr;
    const int rc =
        sqlite3_prepare_v2(db_, sql.data(), static_cast<int>(sql.size()), &stmt, nullptr);
    if (rc != SQLITE_OK) {
        sqlite3_finalize(stmt);
        throw_error(db_, rc, "cannot prepare SQL '" + std::string(sql) + "'");
    }
    return Statement(stmt, db_);
}

std::int64_t Database::query_int(std::string_view sql) const {
    Statement stmt = prepare(sql);
    return stmt.step() ? stmt.column_int64(0) : 0;
}

std::string Database::query_text(std::string_view sql) const {
    Statement stmt = prepare(sql);
    return stmt.step() ? stmt.column_text(0) : std::string();
}

std::int64_t Database::last_insert_rowid() const {
    return sqlite3_last_insert_rowid(db_);
}

int Database::changes() const {
    return sqlite3_changes(db_);
}

bool Database::in_transaction() const {
    return sqlite3_get_autocommit(db_) == 0;
}

// --------------------------------------------------------------- Statement

Statement::Statement(Statement&& other) noexcept
    : stmt_(std::exchange(other.stmt_, nullptr)), db_(std::exchange(other.db_, nullptr)) {}

Statement& Statement::operator=(Statement&& other) noexcept {
    if (this != &other) {
        sqlite3_finalize(stmt_);
        stmt_ = std::exchange(other.stmt_, nullptr);
        db_ = std::exchange(other.db_, nullptr);
    }
    return *this;
}

Statement::~Statement() {
    sqlite3_finalize(stmt_);
}

namespace {
void check_bind(sqlite3* db, int rc) {
    if (rc != SQLITE_OK) throw_error(db, rc, "cannot bind SQL parameter");
}
}  // namespace

Statement& Statement::bind(int index, std::int64_t value) {
    check_bind(db_, sqlite3_bind_int64(stmt_, index, value));
    return *this;
}

Statement& Statement::bind(int index, double value) {
    if (!std::isfinite(value)) return bind_null(index);
    check_bind(db_, sqlite3_bind_double(stmt_, index, value));
    return *this;
}

Statement& Statement::bind(int index, std::string_view value) {
    check_bind(db_, sqlite3_bind_text64(stmt_, index, value.data(), value.size(), SQLITE_TRANSIENT,
                                        SQLITE_UTF8));
    return *this;
}

Statement& Statement::bind_null(int index) {
    check_bind(db_, sqlite3_bind_null(stmt_, index));
    return *this;
}

bool Statement::step() {
    const int rc = sqlite3_step(stmt_);
    if (rc == SQLITE_ROW) return true;
    if (rc == SQLITE_DONE) return false;
    const char* sql = sqlite3_sql(stmt_);
    std::string context = "SQL step failed";
    if (sql != nullptr) context += " in '" + std::string(sql) + "'";
    // Reset so a cached statement is usable again after the error.
    sqlite3_reset(stmt_);
    throw_error(db_, rc, context);
}

void Statement::run() {
    while (step()) {
    }
}

void Statement::reset() {
    sqlite3_reset(stmt_);
    sqlite3_clear_bindings(stmt_);
}

bool Statement::is_null(int column) const {
    return sqlite3_column_type(stmt_, column) == SQLITE_NULL;
}

std::int64_t Statement::column_int64(int column) const {
    return sqlite3_column_int64(stmt_, column);
}

double Statement::column_double(int column) const {
    if (is_null(column)) return std::numeric_limits<double>::quiet_NaN();
    return sqlite3_column_double(stmt_, column);
}

std::string Statement::column_text(int column) const {
    const auto* text = sqlite3_column_text(stmt_, column);
    if (text == nullptr) return {};
    const int size = sqlite3_column_bytes(stmt_, column);
    return std::string(reinterpret_cast<const char*>(text), static_cast<std::size_t>(size));
}

// ------------------------------------------------------------- Transaction

Transaction::Transaction(Database& db, Kind kind) : db_(db), nested_(db.in_transaction()) {
    if (nested_)
        db_.exec("SAVEPOINT nested");
    else
        db_.exec(kind == Kind::kImmediate ? "BEGIN IMMEDIATE" : "BEGIN");
}

Transaction::~Transaction() {
    if (!done_) {
        // A failed statement may already have ended the transaction (SQLite
        // rolls back on some errors); ROLLBACK then would itself fail.
        if (db_.in_transaction())
            sqlite3_exec(db_.handle(), nested_ ? "ROLLBACK TO nested; RELEASE nested" : "ROLLBACK",
                         nullptr, nullptr, nullptr);
    }
}

void Transaction::commit() {
    db_.exec(nested_ ? "RELEASE nested" : "COMMIT");
    done_ = true;
}

}  // namespace lmr::store::sqlite
