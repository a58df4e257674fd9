// LMR statistics in the Store: what an engine reported in a game goes in with the game (or not at
// all), and the engine_lmr_stats / engine_lmr_rules views sum it per run and engine. The
// expected sums are computed here from the histograms and rule counts the test wrote, not with
// the engine's own LmrStats helpers.

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <map>
#include <tuple>
#include <vector>

#include "engine/lmr/stats.hpp"
#include "harness/store/store.hpp"
#include "tests/store/fixture.hpp"

namespace lmr::store {
namespace {

using core::GameResult;

using reduction::Rule;
using testing::make_game;
using testing::make_two_engine_run;
using testing::record;
using testing::TempDir;

struct RuleCount {
    Rule rule;
    std::uint64_t fired, changed;
    std::int64_t units;
};

// What one side reported over one game, as the test describes it.
struct Reported {
    std::int64_t reports = 0;
    std::map<int, std::uint64_t> plies;  // final reduction → late moves with it
    std::uint64_t searches = 0, researches = 0;
    std::vector<RuleCount> rules;

    std::uint64_t late() const {
        std::uint64_t n = 0;
        for (const auto& [size, count] : plies) n += count;
        return n;
    }
};

core::LmrGameStats game_stats(const Reported& r) {
    core::LmrGameStats stats;
    stats.reports = r.reports;
    reduction::LmrStats& s = stats.total.stats;
    s.calls = r.late();
    for (const auto& [size, count] : r.plies)
        s.by_plies[size + reduction::LmrStats::kMaxPlies] = count;
    stats.total.reduced_searches = r.searches;
    stats.total.re_searches = r.researches;
    for (const RuleCount& rule : r.rules) {
        const int i = static_cast<int>(rule.rule);
        s.fired[i] = rule.fired;
        s.changed[i] = rule.changed;
        s.units[i] = rule.units;
    }
    return stats;
}

// The expected totals of one engine over several reports.
struct Expected {
    std::int64_t games = 0, reports = 0, late = 0, reduced = 0, extended = 0, searches = 0,
                 researches = 0, plies = 0;
    std::map<std::string, std::tuple<std::int64_t, std::int64_t, std::int64_t>> rules;

    void add(const Reported& r) {
        ++games;
        reports += r.reports;
        for (const auto& [size, count] : r.plies) {
            const auto n = static_cast<std::int64_t>(count);
            late += n;
            if (size > 0) reduced += n;
            if (size < 0) extended += n;
            plies += size * n;
        }
        searches += static_cast<std::int64_t>(r.searches);
        researches += static_cast<std::int64_t>(r.researches);
        for (const RuleCount& rule : r.rules) {
            auto& [fired, changed, units] = rules[std::string(reduction::rule_name(rule.rule))];
            fired += static_cast<std::int64_t>(rule.fired);
            changed += static_cast<std::int64_t>(rule.changed);
            units += rule.units;
        }
    }
};

void expect_totals(const EngineLmrStats& got, const Expected& want) {
    EXPECT_EQ(got.games, want.games);
    EXPECT_EQ(got.reports, want.reports);
    EXPECT_EQ(got.late, want.late);
    EXPECT_EQ(got.reduced, want.reduced);
    EXPECT_EQ(got.extended, want.extended);
    EXPECT_EQ(got.searches, want.searches);
    EXPECT_EQ(got.researches, want.researches);
    EXPECT_EQ(got.plies, want.plies);
    const auto rate = [](std::int64_t part, std::int64_t whole) {
        return whole == 0 ? std::nan("") : static_cast<double>(part) / static_cast<double>(whole);
    };
    const auto expect_rate = [](double got_rate, double want_rate) {
        if (std::isnan(want_rate)) {
            EXPECT_TRUE(std::isnan(got_rate)) << got_rate;
        } else {
            EXPECT_DOUBLE_EQ(got_rate, want_rate);
        }
    };
    expect_rate(got.reduced_rate, rate(want.reduced, want.late));
    expect_rate(got.research_rate, rate(want.researches, want.searches));
    expect_rate(got.avg_plies, rate(want.plies, want.late));
    ASSERT_EQ(got.rules.size(), want.rules.size());
    for (const auto& rule : got.rules) {
        const auto it = want.rules.find(rule.rule);
        ASSERT_NE(it, want.rules.end()) << rule.rule;
        const auto& [fired, changed, units] = it->second;
        EXPECT_EQ(rule.fired, fired) << rule.rule;
        EXPECT_EQ(rule.changed, changed) << rule.rule;
        EXPECT_EQ(rule.units, units) << rule.rule;
        expect_rate(rule.fired_rate, rate(fired, want.late));
        expect_rate(rule.changed_rate, rate(changed, want.late));
    }
}

class StoreLmrTest : public ::testing::Test {
  protected:
    TempDir dir;
    Store store = Store::open(dir / "results.db");

    std::int64_t count(const std::string& sql) { return store.database().query_int(sql); }
};

// test: an extension, reductions of 1–3 plies and four kinds of rules in one game; in the next
// a 4-ply reduction and a term. base: reports in one game only, never reduces.
const Reported kTestGame0{5,
                          {{-1, 2}, {0, 50}, {1, 30}, {2, 15}, {3, 3}},
                          48,
                          5,
                          {{Rule::kStepTable, 70, 20, 1500},
                           {Rule::kGateTtMove, 10, 0, 0},
                           {Rule::kClampDepth, 4, 4, 0}}};
const Reported kTestGame1{7,
                          {{0, 25}, {1, 10}, {4, 5}},
                          15,
                          3,
                          {{Rule::kStepTable, 30, 7, 600}, {Rule::kTermConstant, 30, 0, 300}}};
const Reported kBaseGame0{6, {{0, 10}}, 0, 0, {{Rule::kGateInCheck, 10, 10, 0}}};

TEST_F(StoreLmrTest, KnownReportsRoundTripIntoTheViewsWithExactSums) {
    const auto ids = make_two_engine_run(store);
    // In game 0 base is White and test Black; in game 1 the colours swap.
    StoredGame game0 = make_game(ids.run, 0, 0, ids.base, ids.test, GameResult::kDraw);
    game0.record.lmr_stats = {game_stats(kBaseGame0), game_stats(kTestGame0)};
    StoredGame game1 = make_game(ids.run, 0, 1, ids.test, ids.base, GameResult::kWhiteWins);
    game1.record.lmr_stats[chess::kWhite] = game_stats(kTestGame1);
    record(store, game0);
    record(store, game1);
    EXPECT_EQ(count("SELECT count(*) FROM game_lmr_stats"), 3);
    EXPECT_EQ(count("SELECT count(*) FROM game_lmr_rules"), 3 + 2 + 1);

    Expected test, base;
    test.add(kTestGame0);
    test.add(kTestGame1);
    base.add(kBaseGame0);
    // The hand-made histograms, worked out once to be sure the helper above is right.
    EXPECT_EQ(test.late, 140);
    EXPECT_EQ(test.reduced, 30 + 15 + 3 + 10 + 5);
    EXPECT_EQ(test.plies, -2 + 30 + 30 + 9 + 10 + 20);

    const auto engines = store.lmr_stats(ids.run);
    ASSERT_EQ(engines.size(), 2u);
    // Seat order: base was attached first.
    EXPECT_EQ(engines[0].name, "base");
    EXPECT_EQ(engines[0].role, EngineRole::kBase);
    EXPECT_EQ(engines[0].engine_id, ids.base);
    expect_totals(engines[0], base);
    EXPECT_EQ(engines[1].name, "test");
    EXPECT_EQ(engines[1].role, EngineRole::kTest);
    expect_totals(engines[1], test);
    // Rules come in the policy's order: gates, steps, terms, clamps.
    std::vector<std::string> order;
    for (const auto& rule : engines[1].rules) order.push_back(rule.rule);
    EXPECT_EQ(order, (std::vector<std::string>{"gates.tt_move", "steps.table", "terms.constant",
                                               "clamp.depth"}));

    // The view itself, as a sqlite3 user reads it.
    auto view = store.database().prepare(
        "SELECT late, reduced, plies, reduced_rate FROM engine_lmr_stats "
        "WHERE run_id = ?1 AND engine_id = ?2");
    view.bind(1, ids.run).bind(2, ids.test);
    ASSERT_TRUE(view.step());
    EXPECT_EQ(view.column_int64(0), test.late);
    EXPECT_EQ(view.column_int64(1), test.reduced);
    EXPECT_EQ(view.column_int64(2), test.plies);
    EXPECT_DOUBLE_EQ(view.column_double(3), 63.0 / 140.0);
    auto rules = store.database().prepare(
        "SELECT fired, changed, units, fired_rate FROM engine_lmr_rules "
        "WHERE run_id = ?1 AND engine_id = ?2 AND rule = 'steps.table'");
    rules.bind(1, ids.run).bind(2, ids.test);
    ASSERT_TRUE(rules.step());
    EXPECT_EQ(rules.column_int64(0), 100);
    EXPECT_EQ(rules.column_int64(1), 27);
    EXPECT_EQ(rules.column_int64(2), 2100);
    EXPECT_DOUBLE_EQ(rules.column_double(3), 100.0 / 140.0);
}

TEST_F(StoreLmrTest, RunsAndEnginesWithoutStatisticsHaveNoRows) {
    const auto ids = make_two_engine_run(store);
    record(store, make_game(ids.run, 0, 0, ids.base, ids.test, GameResult::kDraw));
    EXPECT_TRUE(store.lmr_stats(ids.run).empty());
    EXPECT_TRUE(store.lmr_stats(ids.run + 1).empty());  // no such run: nothing, not an error
    EXPECT_EQ(count("SELECT count(*) FROM engine_lmr_stats"), 0);
}

TEST_F(StoreLmrTest, BadStatisticsLeaveNothingBehind) {
    const auto ids = make_two_engine_run(store);
    const auto kind_of = [&](const StoredGame& game) {
        try {
            record(store, game);
        } catch (const StoreError& e) {
            EXPECT_NE(std::string(e.what()).find("cannot record game"), std::string::npos)
                << e.what();
            return e.kind();
        }
        ADD_FAILURE() << "the game was stored";
        return ErrorKind::kSqlite;
    };
    StoredGame game = make_game(ids.run, 0, 0, ids.base, ids.test, GameResult::kDraw);
    // The second side's counter cannot be stored after the game, its moves and the first
    // side's rows are in: the whole game is rolled back.
    auto& sides = game.record.lmr_stats;
    sides = {game_stats(kBaseGame0), game_stats(kTestGame0)};
    sides[chess::kBlack]->total.stats.calls = std::numeric_limits<std::uint64_t>::max();
    EXPECT_EQ(kind_of(game), ErrorKind::kInvalid);
    EXPECT_EQ(count("SELECT count(*) FROM games"), 0);
    EXPECT_EQ(count("SELECT count(*) FROM moves"), 0);
    EXPECT_EQ(count("SELECT count(*) FROM game_lmr_stats"), 0);
    EXPECT_EQ(count("SELECT count(*) FROM game_lmr_rules"), 0);

    sides[chess::kBlack] = game_stats(kTestGame0);
    record(store, game);
    EXPECT_EQ(count("SELECT count(*) FROM game_lmr_stats"), 2);
}

TEST_F(StoreLmrTest, ResumeCleanupTakesALoneGamesStatisticsWithIt) {
    const auto ids = make_two_engine_run(store);
    StoredGame game = make_game(ids.run, 0, 0, ids.base, ids.test, GameResult::kDraw);
    game.record.lmr_stats = {game_stats(kBaseGame0), game_stats(kTestGame0)};
    record(store, game);
    ASSERT_EQ(count("SELECT count(*) FROM game_lmr_rules"), 4);
    EXPECT_EQ(store.delete_incomplete_pairs(ids.run), 1);
    EXPECT_EQ(count("SELECT count(*) FROM game_lmr_stats"), 0);
    EXPECT_EQ(count("SELECT count(*) FROM game_lmr_rules"), 0);
    EXPECT_TRUE(store.lmr_stats(ids.run).empty());
}

}  // namespace
}  // namespace lmr::store
