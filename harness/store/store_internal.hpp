#pragma once

// Helpers shared by the Store's source files; not part of the public API.

#include <algorithm>
#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/chess/types.hpp"
#include "harness/store/error.hpp"
#include "harness/store/records.hpp"
#include "harness/store/sqlite.hpp"

namespace lmr::store::internal {

// Text read back from a CHECK-constrained column that names no enum value
// means the file was edited by hand or by a newer build.
template <typename Parse>
auto parse_column(Parse parse, const std::string& text, std::string_view column) {
    auto value = parse(text);
    if (!value) {
        throw StoreError(ErrorKind::kCorrupt,
                         "unexpected value '" + text + "' in column " + std::string(column));
    }
    return *value;
}

// The text of a side in the colour columns (moves, game_lmr_stats, game_pv_checks, …).
inline std::string_view color_column(chess::Color side) {
    return side == chess::kWhite ? "w" : "b";
}

// A run's verdict column: NULL for none, else one of run_verdict_name's words.
inline std::optional<stats::Verdict> read_verdict(sqlite::Row& row) {
    const auto text = row.optional_text();
    if (!text) return std::nullopt;
    return parse_column(parse_run_verdict, *text, "runs.verdict");
}

// Runs f, prefixing any StoreError's message with what was being done.
template <typename F>
void with_context(const std::string& context, F&& f) {
    try {
        std::forward<F>(f)();
    } catch (const StoreError& e) {
        throw StoreError(e.kind(), context + ": " + e.what());
    }
}

// The six columns of a pentanomial, LL to WW, in the order every table and view lists them.
inline stats::Pentanomial read_pentanomial(sqlite::Row& row) {
    stats::Pentanomial penta;
    penta.ll = row.count();
    penta.ld = row.count();
    penta.wl = row.count();
    penta.dd = row.count();
    penta.wd = row.count();
    penta.ww = row.count();
    return penta;
}

// A per-engine view's rows for one run (?1), in seat order, each led by the engine's id, name
// and role (read by read_seat) and followed by `columns` of the view (aliased v).
inline std::string seated_query(std::string_view view, std::string_view columns) {
    return "SELECT v.engine_id, e.name, re.role, " + std::string(columns) + " FROM " +
           std::string(view) +
           " v JOIN run_engines re ON re.run_id = v.run_id AND re.engine_id = v.engine_id "
           "JOIN engines e ON e.id = v.engine_id WHERE v.run_id = ?1 ORDER BY re.seat";
}

// The engine_id, name and role that lead a row of seated_query.
template <typename EngineTotals>
void read_seat(sqlite::Row& row, EngineTotals& engine) {
    engine.engine_id = row.int64();
    engine.name = row.text();
    engine.role = parse_column(parse_engine_role, row.text(), "run_engines.role");
}

// Hands each row of `details` — an engine id, then what add(engine, row) reads — to that engine
// among `engines`. A row of an engine not among them is passed over: the games' foreign keys
// keep an engine that is not attached to the run out of its views.
template <typename EngineTotals, typename Add>
void add_details(std::vector<EngineTotals>& engines, sqlite::Statement& details, Add add) {
    while (details.step()) {
        sqlite::Row row(details);
        const std::int64_t engine_id = row.int64();
        const auto engine =
            std::find_if(engines.begin(), engines.end(),
                         [&](const EngineTotals& e) { return e.engine_id == engine_id; });
        if (engine != engines.end()) add(*engine, row);
    }
}

// INSERTs of many rows in few statement runs (a run costs more than the row it adds: a 100-ply
// game's moves take 7 runs instead of 100). head: "INSERT INTO t (a, b) VALUES "; each row takes
// `columns` parameters.
class RowsInsert {
  public:
    static constexpr std::size_t kMaxRows = 16;  // rows of one INSERT

    RowsInsert(std::string_view head, int columns) : columns_(columns) {
        std::string row = "(?";
        for (int c = 1; c < columns; ++c) row += ", ?";
        row += ')';
        for (std::size_t rows = 1; rows <= kMaxRows; ++rows)
            sql_[rows] =
                sql_[rows - 1].empty() ? std::string(head) + row : sql_[rows - 1] + ", " + row;
    }

    // Inserts `count` rows, up to kMaxRows to a statement. statement(sql) leases a cached
    // statement; bind_row(statement, p, i) binds row i's values to parameters p + 1, p + 2, ...
    template <typename LeaseStatement, typename BindRow>
    void run(LeaseStatement statement, std::size_t count, BindRow bind_row) const {
        for (std::size_t i = 0; i < count;) {
            const std::size_t rows = std::min(kMaxRows, count - i);
            auto insert = statement(sql_[rows]);
            for (; i + rows <= count; i += rows) {
                insert->reset();
                for (std::size_t row = 0; row < rows; ++row)
                    bind_row(*insert, static_cast<int>(row) * columns_, i + row);
                insert->run();
            }
        }
    }

  private:
    int columns_;
    std::array<std::string, kMaxRows + 1> sql_;  // [rows]: the INSERT of that many rows
};

}  // namespace lmr::store::internal
