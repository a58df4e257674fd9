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
using testing::record;
using testing::TempDir;

using core::PvViolation;

struct Found {
    PvViolation kind;
    int count = 0;
    std::string first;
};

core::PvTally checks(int searches, int pvs, const std::vector<Found>& found = {}) {
    core::PvTally tally;
    tally.searches = searches;
    tally.pvs = pvs;
    for (const Found& f : found) {
        tally.counts[static_cast<int>(f.kind)] = f.count;
        tally.first[static_cast<int>(f.kind)] = f.first;
    }
    return tally;
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
    StoredGame game0 = make_game(ids.run, 0, 0, ids.base, ids.test, GameResult::kDraw);
    game0.record.pv_checks = {checks(20, 150),
                              checks(19, 140,
                                     {{PvViolation::kBestmoveNotPv, 2, "test's first mismatch"},
                                      {PvViolation::kAfterCheckmate, 1, "test's first mate"}})};
    StoredGame game1 = make_game(ids.run, 0, 1, ids.test, ids.base, GameResult::kWhiteWins);
    game1.record.pv_checks = {
        checks(30, 200, {{PvViolation::kBestmoveNotPv, 3, "a later mismatch"}}), checks(29, 210)};
    StoredGame game2 = make_game(ids.run, 1, 0, ids.base, ids.test, GameResult::kDraw);
    // Base (White) never moved there: no row of its own.
    game2.record.pv_checks[chess::kBlack] = checks(5, 40);
    for (const auto& game : {game0, game1, game2}) record(store, game);
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
    record(store, make_game(ids.run, 0, 0, ids.base, ids.test, GameResult::kDraw));
    EXPECT_TRUE(store.pv_checks(ids.run).empty());
    EXPECT_EQ(count("SELECT count(*) FROM engine_pv_checks"), 0);
}

TEST_F(StorePvTest, BadChecksLeaveNothingBehind) {
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
    // The second side's checks are refused after the game, its moves and the first side's rows
    // are in: the whole game is rolled back.
    auto& sides = game.record.pv_checks;
    sides = {checks(1, 1, {{PvViolation::kMateShort, 1, "?"}}),
             checks(2, 2, {{PvViolation::kMateLong, -1, "?"}})};
    EXPECT_EQ(kind_of(game), ErrorKind::kInvalid);
    sides[chess::kBlack] = checks(2, -2);
    EXPECT_EQ(kind_of(game), ErrorKind::kInvalid);
    EXPECT_EQ(count("SELECT count(*) FROM games"), 0);
    EXPECT_EQ(count("SELECT count(*) FROM game_pv_checks"), 0);
    EXPECT_EQ(count("SELECT count(*) FROM game_pv_violations"), 0);

    sides[chess::kBlack] = checks(2, 2);
    record(store, game);
    EXPECT_EQ(count("SELECT count(*) FROM game_pv_checks"), 2);
}

TEST_F(StorePvTest, EveryKindIsAcceptedAndResumeCleanupTakesThemAlong) {
    const auto ids = make_two_engine_run(store);
    StoredGame game = make_game(ids.run, 0, 0, ids.base, ids.test, GameResult::kDraw);
    std::vector<Found> all;
    for (PvViolation kind : core::kPvViolations) all.push_back({kind, 1, "x"});
    game.record.pv_checks[chess::kWhite] = checks(1, 9, all);
    record(store, game);
    ASSERT_EQ(store.pv_checks(ids.run).at(0).kinds.size(), 9u);
    EXPECT_EQ(store.delete_incomplete_pairs(ids.run), 1);
    EXPECT_EQ(count("SELECT count(*) FROM game_pv_checks"), 0);
    EXPECT_EQ(count("SELECT count(*) FROM game_pv_violations"), 0);
}

}  // namespace
}  // namespace lmr::store
