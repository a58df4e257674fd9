#pragma once

// The database schema as an ordered list of migrations. The database's
// PRAGMA user_version is the number of the last migration applied; a build
// knows versions 1…latest_schema_version(). Never edit a shipped migration:
// append a new one.

#include <cstdint>
#include <span>
#include <string_view>

#include "harness/store/sqlite.hpp"

namespace lmr::store {

// PRAGMA application_id of every LMR Lab database: "LMRL" in ASCII. A SQLite
// file with tables and another id belongs to some other program.
inline constexpr std::int32_t kApplicationId = 0x4C4D524C;

struct Migration {
    int version;  // 1, 2, 3, … without gaps
    std::string_view description;
    std::string_view sql;
};

std::span<const Migration> migrations();
int latest_schema_version();

// Applies, in order, each migration newer than the database's user_version,
// each in its own IMMEDIATE transaction together with the new user_version
// (and, with version 1, the application_id), so a failure leaves the database
// at the previous version. The version is re-read inside the transaction so
// two processes opening a new file at once do not both migrate it.
// Returns how many migrations were applied.
int apply_migrations(sqlite::Database& db, std::span<const Migration> list);

}  // namespace lmr::store
