// Store: what the checks of each side's PVs found in a game (written by record_game inside the
// game's transaction) and their totals per run and engine, read from the engine_pv_checks and
// engine_pv_violations views.

#include <algorithm>
#include <array>

#include "harness/store/store.hpp"
#include "harness/store/store_internal.hpp"

namespace lmr::store {
namespace {

// The kinds as the schema's CHECK lists them, in the order of docs/pv-checks.md.
constexpr std::array<std::string_view, 9> kKinds = {
    "illegal-move", "after-checkmate", "after-stalemate", "after-repetition", "after-fifty-move",
    "mate-short",   "mate-long",       "mate-not-mate",   "bestmove-not-pv"};

std::size_t kind_rank(std::string_view kind) {
    return static_cast<std::size_t>(std::find(kKinds.begin(), kKinds.end(), kind) - kKinds.begin());
}

// The schema's checks would refuse the same rows; this names the game and the field instead.
void validate(const GamePvChecks& checks) {
    const auto fail = [](const std::string& why) {
        throw StoreError(ErrorKind::kInvalid, "PV checks: " + why);
    };
    if (checks.color != 'w' && checks.color != 'b')
        fail("side '" + std::string(1, checks.color) + "' (expected 'w' or 'b')");
    if (checks.searches < 0 || checks.pvs < 0) fail("negative searches or PVs");
    for (const PvViolationCount& v : checks.violations) {
        if (kind_rank(v.kind) == kKinds.size()) fail("unknown kind of violation '" + v.kind + "'");
        if (v.count <= 0) fail("'" + v.kind + "' counted " + std::to_string(v.count) + " times");
    }
}

}  // namespace

std::span<const std::string_view> pv_violation_kinds() {
    return kKinds;
}

void Store::insert_pv_checks(std::int64_t game_id, const GamePvChecks& checks) {
    validate(checks);
    const std::string_view color(&checks.color, 1);
    {
        auto insert = statement(
            "INSERT INTO game_pv_checks (game_id, color, searches, pvs) VALUES (?1, ?2, ?3, ?4)");
        insert->bind(1, game_id).bind(2, color).bind(3, checks.searches).bind(4, checks.pvs);
        insert->run();
    }
    auto insert = statement(
        "INSERT INTO game_pv_violations (game_id, color, kind, count, example) "
        "VALUES (?1, ?2, ?3, ?4, ?5)");
    for (const PvViolationCount& v : checks.violations) {
        insert->reset();
        insert->bind(1, game_id).bind(2, color).bind(3, v.kind).bind(4, v.count).bind(5, v.example);
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
