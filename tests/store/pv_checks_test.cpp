// PV checks in the Store: what the checks of a side's PVs found in a game goes in with the game
// (or not at all), and the engine_pv_checks / engine_pv_violations views sum it per run and
// engine, with the example of the earliest game.

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "harness/store/store.hpp"
#include "tests/store/fixture.hpp"

namespace lmr::store {
namespace {

using core::GameResult;

using testing::make_game;
using testing::make_two_engine_run;
using testing::TempDir;

GamePvChecks checks(char color, std::int64_t searches, std::int64_t pvs,
                    std::vector<PvViolationCount> violations = {}) {
    GamePvChecks c;
    c.color = color;
    c.searches = searches;
    c.pvs = pvs;
    c.violations = std::move(violations);
    return c;
}

class StorePvTest : public ::testing::Test {
  protected:
    TempDir dir;
    Store store = Store::open(dir / "results.db");

    std::int64_t count(const std::string& sql) { return store.database().query_int(sql); }
};

TEST_F(StorePvTest, ChecksRoundTripIntoTheViewsPerEngine) {
    const auto ids = make_two_engine_run(store);
    // Game 0: base White, test Black; game 1 the other way round; game 2 (pair 1) like game 0.
    GameRecord game0 = make_game(ids.run, 0, 0, ids.base, ids.test, GameResult::kDraw);
    game0.pv_checks = {checks('w', 20, 150),
                       checks('b', 19, 140,
                              {{"bestmove-not-pv", 2, "test's first mismatch"},
                               {"after-checkmate", 1, "test's first mate"}})};
    GameRecord game1 = make_game(ids.run, 0, 1, ids.test, ids.base, GameResult::kWhiteWins);
    game1.pv_checks = {checks('w', 30, 200, {{"bestmove-not-pv", 3, "a later mismatch"}}),
                       checks('b', 29, 210)};
    GameRecord game2 = make_game(ids.run, 1, 0, ids.base, ids.test, GameResult::kDraw);
    game2.pv_checks = {checks('b', 5, 40)};  // base never moved there: no row of its own
    for (const auto& game : {game0, game1, game2}) store.record_game(game);
    EXPECT_EQ(count("SELECT count(*) FROM game_pv_checks"), 5);
    EXPECT_EQ(count("SELECT count(*) FROM game_pv_violations"), 3);

    const auto engines = store.pv_checks(ids.run);
    ASSERT_EQ(engines.size(), 2u);
    const EnginePvChecks& base = engines[0];  // seat order: base was attached first
    EXPECT_EQ(base.name, "base");
    EXPECT_EQ(base.role, EngineRole::kBase);
    EXPECT_EQ(base.games, 2);
    EXPECT_EQ(base.searches, 20 + 29);
    EXPECT_EQ(base.pvs, 150 + 210);
    EXPECT_EQ(base.violations, 0);
    EXPECT_EQ(base.games_with_violations, 0);
    EXPECT_TRUE(base.kinds.empty());

    const EnginePvChecks& test = engines[1];
    EXPECT_EQ(test.engine_id, ids.test);
    EXPECT_EQ(test.games, 3);
    EXPECT_EQ(test.searches, 19 + 30 + 5);
    EXPECT_EQ(test.pvs, 140 + 200 + 40);
    EXPECT_EQ(test.violations, 6);
    EXPECT_EQ(test.games_with_violations, 2);
    ASSERT_EQ(test.kinds.size(), 2u);
    // In the documented order, whatever order the game gave them in.
    EXPECT_EQ(test.kinds[0].kind, "after-checkmate");
    EXPECT_EQ(test.kinds[0].games, 1);
    EXPECT_EQ(test.kinds[0].count, 1);
    EXPECT_EQ(test.kinds[1].kind, "bestmove-not-pv");
    EXPECT_EQ(test.kinds[1].games, 2);
    EXPECT_EQ(test.kinds[1].count, 5);
    EXPECT_EQ(test.kinds[1].example, "test's first mismatch") << "the earliest game's";

    EXPECT_TRUE(store.pv_checks(ids.run + 1).empty());  // no such run: nothing, not an error
}

TEST_F(StorePvTest, GamesWithoutChecksHaveNoRows) {
    const auto ids = make_two_engine_run(store);
    store.record_game(make_game(ids.run, 0, 0, ids.base, ids.test, GameResult::kDraw));
    EXPECT_TRUE(store.pv_checks(ids.run).empty());
    EXPECT_EQ(count("SELECT count(*) FROM engine_pv_checks"), 0);
}

TEST_F(StorePvTest, BadChecksLeaveNothingBehind) {
    const auto ids = make_two_engine_run(store);
    const auto kind_of = [&](const GameRecord& game) {
        try {
            store.record_game(game);
        } catch (const StoreError& e) {
            EXPECT_NE(std::string(e.what()).find("cannot record game"), std::string::npos)
                << e.what();
            return e.kind();
        }
        ADD_FAILURE() << "the game was stored";
        return ErrorKind::kSqlite;
    };
    GameRecord game = make_game(ids.run, 0, 0, ids.base, ids.test, GameResult::kDraw);
    game.pv_checks = {checks('x', 1, 1)};
    EXPECT_EQ(kind_of(game), ErrorKind::kInvalid);
    game.pv_checks = {checks('w', 1, 1, {{"after-mate", 1, "?"}})};
    EXPECT_EQ(kind_of(game), ErrorKind::kInvalid);
    game.pv_checks = {checks('w', 1, 1, {{"mate-short", 0, "?"}})};
    EXPECT_EQ(kind_of(game), ErrorKind::kInvalid);
    // The second side twice: after the game, its moves and the first rows are in.
    game.pv_checks = {checks('w', 1, 1, {{"mate-short", 1, "?"}}), checks('w', 2, 2)};
    EXPECT_EQ(kind_of(game), ErrorKind::kConstraint);
    EXPECT_EQ(count("SELECT count(*) FROM games"), 0);
    EXPECT_EQ(count("SELECT count(*) FROM game_pv_checks"), 0);
    EXPECT_EQ(count("SELECT count(*) FROM game_pv_violations"), 0);

    game.pv_checks[1].color = 'b';
    store.record_game(game);
    EXPECT_EQ(count("SELECT count(*) FROM game_pv_checks"), 2);
}

TEST_F(StorePvTest, EveryKindIsAcceptedAndResumeCleanupTakesThemAlong) {
    const auto ids = make_two_engine_run(store);
    GameRecord game = make_game(ids.run, 0, 0, ids.base, ids.test, GameResult::kDraw);
    std::vector<PvViolationCount> all;
    for (std::string_view kind : pv_violation_kinds()) all.push_back({std::string(kind), 1, "x"});
    EXPECT_EQ(all.size(), 9u);
    game.pv_checks = {checks('w', 1, 9, all)};
    store.record_game(game);
    ASSERT_EQ(store.pv_checks(ids.run).at(0).kinds.size(), 9u);
    EXPECT_EQ(store.delete_incomplete_pairs(ids.run), 1);
    EXPECT_EQ(count("SELECT count(*) FROM game_pv_checks"), 0);
    EXPECT_EQ(count("SELECT count(*) FROM game_pv_violations"), 0);
}

}  // namespace
}  // namespace lmr::store
