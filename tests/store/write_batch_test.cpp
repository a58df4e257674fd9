// Store::WriteBatch: the writes made while a batch is open are one transaction (the coordinator
// of an MPI job stores the games waiting for it this way). What a batch stores is exactly what
// the same writes store one by one, and a failure anywhere in it stores none of it.

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

// Every row the writes below touch, as text, timestamps left out.
std::vector<std::string> content(const Store& store) {
    std::vector<std::string> rows;
    const auto& db = store.database();
    for (const char* sql :
         {"SELECT id || '|' || pair_index || '|' || round_in_pair || '|' || white_engine_id || '|' "
          "|| black_engine_id || '|' || result || '|' || plies || '|' || pgn FROM games ORDER BY "
          "id",
          "SELECT game_id || '|' || ply || '|' || color || '|' || uci || '|' || san || '|' || "
          "ifnull(score_cp, '') || '|' || ifnull(depth, '') || '|' || time_ms FROM moves "
          "ORDER BY game_id, ply",
          "SELECT id || '|' || pairs || '|' || wins || '|' || draws || '|' || losses || '|' || "
          "penta_dd FROM run_stats ORDER BY id"}) {
        auto statement = db.prepare(sql);
        while (statement.step()) rows.push_back(statement.column_text(0));
    }
    return rows;
}

StatsRecord stats_after(std::int64_t pairs) {
    StatsRecord stats;
    stats.pairs = pairs;
    stats.draws = 2 * pairs;
    stats.penta.dd = static_cast<std::uint64_t>(pairs);
    return stats;
}

// Two pairs of draws, each pair's statistics row after its second game, as a run writes them.
void write_two_pairs(Store& store, const testing::TwoEngineRun& ids) {
    for (std::int64_t pair = 0; pair < 2; ++pair) {
        record(store, make_game(ids.run, pair, 0, ids.base, ids.test, GameResult::kDraw, 5));
        record(store, make_game(ids.run, pair, 1, ids.test, ids.base, GameResult::kDraw, 7));
        store.record_stats(ids.run, stats_after(pair + 1));
    }
}

TEST(WriteBatch, StoresWhatTheSameWritesStoreOneByOne) {
    TempDir dir;
    Store one_by_one = Store::open(dir / "one.db");
    write_two_pairs(one_by_one, make_two_engine_run(one_by_one));

    Store batched = Store::open(dir / "batched.db");
    const auto ids = make_two_engine_run(batched);
    {
        WriteBatch batch(batched);
        write_two_pairs(batched, ids);
        EXPECT_TRUE(batched.database().in_transaction());
        batch.commit();
    }
    EXPECT_FALSE(batched.database().in_transaction());
    EXPECT_EQ(content(batched).size(), 4u + 24u + 2u);
    EXPECT_EQ(content(batched), content(one_by_one));
}

TEST(WriteBatch, AFailureInTheBatchStoresNoneOfIt) {
    TempDir dir;
    Store store = Store::open(dir / "results.db");
    const auto ids = make_two_engine_run(store);
    try {
        WriteBatch batch(store);
        write_two_pairs(store, ids);
        // The fifth game fails in the middle of its moves (CHECK: depth >= 0): the game's own
        // savepoint rolls back, then the batch with the four games and two rows before it.
        auto bad = make_game(ids.run, 2, 0, ids.base, ids.test, GameResult::kDraw, 6);
        bad.record.moves[4].depth = -1;
        record(store, bad);
        batch.commit();
        ADD_FAILURE() << "the bad game was stored";
    } catch (const StoreError& e) {
        EXPECT_EQ(e.kind(), ErrorKind::kConstraint) << e.what();
    }
    EXPECT_FALSE(store.database().in_transaction());
    EXPECT_TRUE(content(store).empty());

    // A batch left without commit() (any exception on the way) stores nothing either.
    {
        WriteBatch batch(store);
        write_two_pairs(store, ids);
    }
    EXPECT_TRUE(content(store).empty());

    // The store goes on: the same writes, one by one, go in whole.
    write_two_pairs(store, ids);
    EXPECT_EQ(content(store).size(), 4u + 24u + 2u);
}

}  // namespace
}  // namespace lmr::store
