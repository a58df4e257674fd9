// Store: the LMR statistics of games (written by record_game inside the game's transaction) and
// their totals per run and engine, read from the engine_lmr_stats and engine_lmr_rules views.

#include <algorithm>
#include <limits>
#include <tuple>

#include "harness/store/store.hpp"
#include "harness/store/store_internal.hpp"

namespace lmr::store {
namespace {

using reduction::LmrStats;

// SQLite integers are signed 64-bit; an engine's counters are unsigned. Only a garbled report
// can exceed the range, and it must not be stored as a negative number.
std::int64_t column_value(std::uint64_t value, std::string_view what) {
    if (value > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max())) {
        throw StoreError(ErrorKind::kInvalid, "LMR statistics: " + std::string(what) + " = " +
                                                  std::to_string(value) +
                                                  " does not fit a signed 64-bit integer");
    }
    return static_cast<std::int64_t>(value);
}

// The final reductions of every late move added up, in plies (an extension counts negative).
std::int64_t plies_sum(const LmrStats& stats) {
    std::int64_t sum = 0;
    for (int plies = -LmrStats::kMaxPlies; plies <= LmrStats::kMaxPlies; ++plies) {
        const std::int64_t count = column_value(stats.reductions_of(plies), "a plies count");
        std::int64_t term = 0;
        if (__builtin_mul_overflow(count, plies, &term) || __builtin_add_overflow(sum, term, &sum))
            throw StoreError(ErrorKind::kInvalid, "LMR statistics: the sum of plies overflows");
    }
    return sum;
}

// Rules in the order the policy applies them (gates, steps, terms, clamps); a name this build
// does not know (a newer engine's) after them, by name.
void sort_rules(std::vector<LmrRuleTotals>& rules) {
    const auto key = [](const LmrRuleTotals& r) {
        const auto rule = reduction::rule_from_name(r.rule);
        return std::make_tuple(rule ? static_cast<int>(*rule) : reduction::kRuleCount,
                               std::string_view(r.rule));
    };
    std::sort(rules.begin(), rules.end(),
              [&](const LmrRuleTotals& a, const LmrRuleTotals& b) { return key(a) < key(b); });
}

}  // namespace

void Store::insert_lmr_stats(std::int64_t game_id, chess::Color side,
                             const core::LmrGameStats& stats) {
    const LmrStats& s = stats.total.stats;
    const std::string_view color = internal::color_column(side);
    {
        auto insert = statement(
            "INSERT INTO game_lmr_stats (game_id, color, reports, late, reduced, extended, "
            "searches, researches, plies) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)");
        insert->bind(1, game_id)
            .bind(2, color)
            .bind(3, stats.reports)
            .bind(4, column_value(s.calls, "late"))
            .bind(5, column_value(s.reduced(), "reduced"))
            .bind(6, column_value(s.extended(), "extended"))
            .bind(7, column_value(stats.total.reduced_searches, "searches"))
            .bind(8, column_value(stats.total.re_searches, "researches"))
            .bind(9, plies_sum(s));
        insert->run();
    }
    // The engine reports only the rules that fired.
    int fired[reduction::kRuleCount];
    std::size_t count = 0;
    for (int i = 0; i < reduction::kRuleCount; ++i)
        if (s.fired[i] != 0) fired[count++] = i;
    static const internal::RowsInsert rules_insert(
        "INSERT INTO game_lmr_rules (game_id, color, rule, fired, changed, units) VALUES ", 6);
    rules_insert.run([&](std::string_view sql) { return statement(sql); }, count,
                     [&](sqlite::Statement& insert, int p, std::size_t k) {
                         const int i = fired[k];
                         insert.bind(p + 1, game_id)
                             .bind(p + 2, color)
                             .bind(p + 3, reduction::rule_name(static_cast<reduction::Rule>(i)))
                             .bind(p + 4, column_value(s.fired[i], "fired"))
                             .bind(p + 5, column_value(s.changed[i], "changed"))
                             .bind(p + 6, s.units[i]);
                     });
}

std::vector<EngineLmrStats> Store::lmr_stats(std::int64_t run_id) const {
    std::vector<EngineLmrStats> engines;
    {
        auto stmt = statement(
            internal::seated_query("engine_lmr_stats",
                                   "v.games, v.reports, v.late, v.reduced, v.extended, v.searches, "
                                   "v.researches, v.plies, v.reduced_rate, v.research_rate, "
                                   "v.avg_plies"));
        stmt->bind(1, run_id);
        engines = stmt->rows([](sqlite::Row& row) {
            EngineLmrStats e;
            internal::read_seat(row, e);
            e.games = row.int64();
            e.reports = row.int64();
            e.late = row.int64();
            e.reduced = row.int64();
            e.extended = row.int64();
            e.searches = row.int64();
            e.researches = row.int64();
            e.plies = row.int64();
            e.reduced_rate = row.real();
            e.research_rate = row.real();
            e.avg_plies = row.real();
            return e;
        });
    }
    auto stmt = statement(
        "SELECT engine_id, rule, fired, changed, units, fired_rate, changed_rate "
        "FROM engine_lmr_rules WHERE run_id = ?1");
    stmt->bind(1, run_id);
    internal::add_details(engines, *stmt, [](EngineLmrStats& engine, sqlite::Row& row) {
        engine.rules.push_back(
            {row.text(), row.int64(), row.int64(), row.int64(), row.real(), row.real()});
    });
    for (EngineLmrStats& engine : engines) sort_rules(engine.rules);
    return engines;
}

}  // namespace lmr::store
