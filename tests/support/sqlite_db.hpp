#pragma once
// SQLite access for integration tests: read-only by default (the test never writes the
// harness's database unless it asks to). Opening a database another process is writing (WAL)
// is allowed; queries wait for locks. Header-only.

#include <sqlite3.h>

#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace lmr::test {

class Db {
  public:
    using Row = std::vector<std::optional<std::string>>;

    explicit Db(const std::string& path, bool writable = false) {
        const int flags = writable ? SQLITE_OPEN_READWRITE : SQLITE_OPEN_READONLY;
        if (sqlite3_open_v2(path.c_str(), &db_, flags, nullptr) != SQLITE_OK) {
            const std::string message = db_ ? sqlite3_errmsg(db_) : "out of memory";
            sqlite3_close(db_);
            db_ = nullptr;
            throw std::runtime_error("cannot open " + path + ": " + message);
        }
        sqlite3_busy_timeout(db_, 5000);
    }
    ~Db() { sqlite3_close(db_); }
    Db(const Db&) = delete;
    Db& operator=(const Db&) = delete;

    std::vector<Row> rows(const std::string& sql) const {
        sqlite3_stmt* stmt = nullptr;
        if (sqlite3_prepare_v2(db_, sql.c_str(), -1, &stmt, nullptr) != SQLITE_OK)
            throw std::runtime_error(std::string("SQL error: ") + sqlite3_errmsg(db_) + " in " +
                                     sql);
        std::vector<Row> out;
        int rc;
        while ((rc = sqlite3_step(stmt)) == SQLITE_ROW) {
            Row row;
            for (int i = 0; i < sqlite3_column_count(stmt); ++i) {
                if (sqlite3_column_type(stmt, i) == SQLITE_NULL)
                    row.emplace_back(std::nullopt);
                else
                    row.emplace_back(reinterpret_cast<const char*>(sqlite3_column_text(stmt, i)));
            }
            out.push_back(std::move(row));
        }
        const std::string error = rc == SQLITE_DONE ? "" : sqlite3_errmsg(db_);
        sqlite3_finalize(stmt);
        if (!error.empty()) throw std::runtime_error("SQL error: " + error + " in " + sql);
        return out;
    }
    // First column of the first row; "" when there is none or it is NULL.
    std::string text(const std::string& sql) const {
        const auto r = rows(sql);
        return r.empty() || r[0].empty() || !r[0][0] ? "" : *r[0][0];
    }
    long long integer(const std::string& sql) const {
        const std::string t = text(sql);
        return t.empty() ? 0 : std::stoll(t);
    }
    void exec(const std::string& sql) {
        char* error = nullptr;
        if (sqlite3_exec(db_, sql.c_str(), nullptr, nullptr, &error) != SQLITE_OK) {
            const std::string message = error ? error : "?";
            sqlite3_free(error);
            throw std::runtime_error("SQL error: " + message + " in " + sql);
        }
    }

  private:
    sqlite3* db_ = nullptr;
};

}  // namespace lmr::test
