// Store: what the checks of each side's PVs found in a game (written by record_game inside the
// game's transaction) and their totals per run and engine, read from the engine_pv_checks and
// engine_pv_violations views.

#include <algorithm>

#include "harness/store/store.hpp"
#include "harness/store/store_internal.hpp"

namespace lmr::store {
namespace {

// A kind's place in the order of docs/pv-checks.md (core::kPvViolations); an unknown name (a
// newer build's) after them all.
std::size_t kind_rank(std::string_view kind) {
    const auto known = core::parse_pv_violation(kind);
    return known ? static_cast<std::size_t>(*known) : core::kPvViolations.size();
}

// The schema's checks would refuse the same rows; this names the field instead.
void validate(const core::PvTally& tally) {
    const auto fail = [](const std::string& why) {
        throw StoreError(ErrorKind::kInvalid, "PV checks: " + why);
    };
    if (tally.searches < 0 || tally.pvs < 0) fail("negative searches or PVs");
    for (core::PvViolation kind : core::kPvViolations) {
        if (tally.count(kind) < 0) {
            fail("'" + std::string(core::pv_violation_name(kind)) + "' counted " +
                 std::to_string(tally.count(kind)) + " times");
        }
    }
}

}  // namespace

void Store::insert_pv_checks(std::int64_t game_id, chess::Color side, const core::PvTally& tally) {
    validate(tally);
    const std::string_view color = internal::color_column(side);
    {
        auto insert = statement(
            "INSERT INTO game_pv_checks (game_id, color, searches, pvs) VALUES (?1, ?2, ?3, ?4)");
        insert->bind(1, game_id).bind(2, color).bind(3, tally.searches).bind(4, tally.pvs);
        insert->run();
    }
    auto insert = statement(
        "INSERT INTO game_pv_violations (game_id, color, kind, count, example) "
        "VALUES (?1, ?2, ?3, ?4, ?5)");
    for (core::PvViolation kind : core::kPvViolations) {
        if (tally.count(kind) == 0) continue;
        insert->reset();
        insert->bind(1, game_id)
            .bind(2, color)
            .bind(3, core::pv_violation_name(kind))
            .bind(4, tally.count(kind))
            .bind(5, tally.first[static_cast<int>(kind)]);
        insert->run();
    }
}

std::vector<EnginePvChecks> Store::pv_checks(std::int64_t run_id) const {
    std::vector<EnginePvChecks> engines;
    {
        auto stmt = statement(internal::seated_query("engine_pv_checks",
                                                     "v.games, v.searches, v.pvs, v.violations, "
                                                     "v.games_with_violations"));
        stmt->bind(1, run_id);
        engines = stmt->rows([](sqlite::Row& row) {
            EnginePvChecks e;
            internal::read_seat(row, e);
            e.games = row.int64();
            e.searches = row.int64();
            e.pvs = row.int64();
            e.violations = row.int64();
            e.games_with_violations = row.int64();
            return e;
        });
    }
    auto stmt = statement(
        "SELECT engine_id, kind, games, count, example FROM engine_pv_violations "
        "WHERE run_id = ?1");
    stmt->bind(1, run_id);
    internal::add_details(engines, *stmt, [](EnginePvChecks& engine, sqlite::Row& row) {
        engine.kinds.push_back({row.text(), row.int64(), row.int64(), row.text()});
    });
    for (EnginePvChecks& engine : engines) {
        std::sort(engine.kinds.begin(), engine.kinds.end(),
                  [](const PvViolationTotals& a, const PvViolationTotals& b) {
                      return kind_rank(a.kind) < kind_rank(b.kind);
                  });
    }
    return engines;
}

}  // namespace lmr::store
