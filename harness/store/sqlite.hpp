#pragma once

// Thin RAII wrappers over the SQLite3 C API: a connection, a prepared
// statement, the row it stands on and a transaction guard. They translate
// SQLite result codes into StoreError so the rest of the store never checks an
// int.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "harness/store/error.hpp"

struct sqlite3;
struct sqlite3_stmt;

namespace lmr::store::sqlite {

class Statement;
class Row;

class Database {
  public:
    Database() = default;
    // flags are sqlite3_open_v2 flags (SQLITE_OPEN_READWRITE | ...).
    static Database open(const std::string& path, int flags);

    Database(Database&& other) noexcept;
    Database& operator=(Database&& other) noexcept;
    Database(const Database&) = delete;
    Database& operator=(const Database&) = delete;
    ~Database();

    sqlite3* handle() const { return db_; }
    void close();

    // Runs one or more statements that return no rows the caller needs.
    void exec(std::string_view sql);
    Statement prepare(std::string_view sql) const;
    // Convenience for PRAGMAs and counts: the first column of the first row.
    std::int64_t query_int(std::string_view sql) const;
    std::string query_text(std::string_view sql) const;

    std::int64_t last_insert_rowid() const;
    int changes() const;
    bool in_transaction() const;

  private:
    explicit Database(sqlite3* db) : db_(db) {}
    sqlite3* db_ = nullptr;
};

class Statement {
  public:
    Statement() = default;
    Statement(Statement&& other) noexcept;
    Statement& operator=(Statement&& other) noexcept;
    Statement(const Statement&) = delete;
    Statement& operator=(const Statement&) = delete;
    ~Statement();

    // Parameters are 1-based, as in SQLite. Text is copied (SQLITE_TRANSIENT)
    // so temporaries are safe to pass.
    Statement& bind(int index, std::int64_t value);
    Statement& bind(int index, int value) { return bind(index, static_cast<std::int64_t>(value)); }
    Statement& bind(int index, double value);  // non-finite values are stored as NULL
    Statement& bind(int index, std::string_view value);
    Statement& bind(int index, const char* value) { return bind(index, std::string_view(value)); }
    Statement& bind(int index, const std::string& value) {
        return bind(index, std::string_view(value));
    }
    Statement& bind_null(int index);
    template <typename T>
    Statement& bind(int index, const std::optional<T>& value) {
        return value ? bind(index, *value) : bind_null(index);
    }

    // Advances; true while a row is available, false when done. Errors throw.
    bool step();
    // Steps a statement that must not return rows (INSERT/UPDATE/DELETE).
    void run();
    void reset();  // rewinds and clears bindings so a cached statement can be reused

    // Every remaining row, each mapped by read(Row&) to a record, in the order of the rows.
    template <typename Read>
    auto rows(Read read);
    // The next row mapped by read(Row&); nullopt when there is none.
    template <typename Read>
    auto first_row(Read read);

    // Column values of the current row by 0-based index. Records are read through Row, which
    // keeps the place; these are for a single value (a count, a PRAGMA) and for tests.
    bool is_null(int column) const;
    std::int64_t column_int64(int column) const;
    int column_int(int column) const { return static_cast<int>(column_int64(column)); }
    double column_double(int column) const;     // NULL reads as NaN
    std::string column_text(int column) const;  // NULL reads as ""

  private:
    friend class Database;
    Statement(sqlite3_stmt* stmt, sqlite3* db) : stmt_(stmt), db_(db) {}
    sqlite3_stmt* stmt_ = nullptr;
    sqlite3* db_ = nullptr;
};

// The current row of a statement, read column after column in the order of the SELECT list:
// a mapping from a row to a record lists the fields in the query's order and never numbers a
// column. Reading past the last column reads NULL.
class Row {
  public:
    explicit Row(const Statement& statement) : statement_(statement) {}

    bool next_is_null() const { return statement_.is_null(column_); }
    std::int64_t int64() { return statement_.column_int64(column_++); }
    int integer() { return statement_.column_int(column_++); }
    long count() { return static_cast<long>(int64()); }
    double real() { return statement_.column_double(column_++); }     // NULL reads as NaN
    std::string text() { return statement_.column_text(column_++); }  // NULL reads as ""
    bool flag() { return int64() != 0; }
    // nullopt for NULL.
    std::optional<std::int64_t> optional_int64();
    std::optional<int> optional_integer();
    std::optional<double> optional_real();
    std::optional<std::string> optional_text();

  private:
    template <typename T, typename Read>
    std::optional<T> unless_null(Read read) {
        if (next_is_null()) {
            ++column_;
            return std::nullopt;
        }
        return read();
    }
    const Statement& statement_;
    int column_ = 0;
};

inline std::optional<std::int64_t> Row::optional_int64() {
    return unless_null<std::int64_t>([this] { return int64(); });
}
inline std::optional<int> Row::optional_integer() {
    return unless_null<int>([this] { return integer(); });
}
inline std::optional<double> Row::optional_real() {
    return unless_null<double>([this] { return real(); });
}
inline std::optional<std::string> Row::optional_text() {
    return unless_null<std::string>([this] { return text(); });
}

template <typename Read>
auto Statement::rows(Read read) {
    std::vector<std::invoke_result_t<Read, Row&>> records;
    while (step()) {
        Row row(*this);
        records.push_back(read(row));
    }
    return records;
}

template <typename Read>
auto Statement::first_row(Read read) {
    std::optional<std::invoke_result_t<Read, Row&>> record;
    if (step()) {
        Row row(*this);
        record = read(row);
    }
    return record;
}

// BEGIN IMMEDIATE takes the write lock up front, so a transaction never fails
// half way with SQLITE_BUSY after it has done work. Rolls back unless committed.
// Opened while the connection is already in a transaction (a Store::WriteBatch), it is a
// SAVEPOINT inside it instead: its commit releases the savepoint and its failure rolls back its
// own writes only; whether any of it is stored is then up to the enclosing transaction.
class Transaction {
  public:
    enum class Kind { kDeferred, kImmediate };
    explicit Transaction(Database& db, Kind kind = Kind::kImmediate);
    Transaction(const Transaction&) = delete;
    Transaction& operator=(const Transaction&) = delete;
    ~Transaction();
    void commit();

  private:
    Database& db_;
    bool nested_ = false;
    bool done_ = false;
};

// Maps an SQLite result code to the store's error kinds and throws.
[[noreturn]] void throw_error(sqlite3* db, int code, std::string_view context);

}  // namespace lmr::store::sqlite
