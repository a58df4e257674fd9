// One writer, concurrent readers: a reader on its own connection sees each
// game whole (with all its moves) or not at all, and counts never go back.

#include <gtest/gtest.h>

#include <atomic>
#include <thread>

#include "harness/store/store.hpp"
#include "tests/store/fixture.hpp"

namespace lmr::store {
namespace {

using core::GameResult;

TEST(StoreConcurrency, ReaderSeesConsistentSnapshotsWhileAWriterRecordsGames) {
    testing::TempDir dir;
    const auto path = dir / "live.db";
    constexpr int kPairs = 150;
    constexpr int kPlies = 10;

    Store writer = Store::open(path);
    const auto ids = testing::make_two_engine_run(writer);

    OpenOptions read_only;
    read_only.mode = OpenMode::kReadOnly;
    Store reader = Store::open(path, read_only);

    std::atomic<long> games_written{0};
    std::atomic<long> games_seen{0};
    std::atomic<bool> writer_done{false};
    std::atomic<bool> reader_gone{false};  // a failed ASSERT must not leave the writer waiting

    std::thread writer_thread([&] {
        for (int pair = 0; pair < kPairs; ++pair) {
            for (int round = 0; round < 2; ++round) {
                const auto white = round == 0 ? ids.base : ids.test;
                const auto black = round == 0 ? ids.test : ids.base;
                const auto result = pair % 3 == 0 ? GameResult::kWhiteWins : GameResult::kDraw;
                testing::record(
                    writer, testing::make_game(ids.run, pair, round, white, black, result, kPlies));
                ++games_written;
            }
            // Every few pairs, let the reader catch up, so it is sure to look
            // at intermediate states (a handshake, not a sleep).
            if (pair % 10 == 5) {
                while (games_seen.load() < games_written.load() && !reader_gone.load()) {
                    std::this_thread::yield();
                }
            }
        }
        writer_done = true;
    });

    long last_games = 0;
    int intermediate_reads = 0;
    const auto read_until_writer_done = [&] {
        // One statement is one read snapshot.
        auto snapshot = reader.database().prepare(
            "SELECT (SELECT count(*) FROM games WHERE run_id = ?1), "
            "(SELECT count(*) FROM moves JOIN games ON games.id = moves.game_id "
            " WHERE games.run_id = ?1)");
        bool done = false;
        while (!done) {
            done = writer_done.load();  // read once more after the writer finished
            snapshot.bind(1, ids.run);
            ASSERT_TRUE(snapshot.step());
            const long games = static_cast<long>(snapshot.column_int64(0));
            const long moves = static_cast<long>(snapshot.column_int64(1));
            snapshot.reset();
            ASSERT_EQ(moves, games * kPlies) << "a game was visible without all its moves";
            ASSERT_GE(games, last_games) << "the game count went backwards";
            last_games = games;
            if (games > 0 && games < 2 * kPairs) ++intermediate_reads;

            const RunSummary summary = reader.run_summary(ids.run);
            ASSERT_LE(summary.pairs_completed * 2, summary.games);
            ASSERT_EQ(summary.wins + summary.draws + summary.losses, 2 * summary.pairs_completed);
            ASSERT_EQ(summary.penta.pairs(), summary.pairs_completed);
            games_seen = games;
        }
    };
    read_until_writer_done();
    reader_gone = true;
    writer_thread.join();
    if (HasFatalFailure()) return;

    EXPECT_EQ(last_games, 2 * kPairs);
    EXPECT_GT(intermediate_reads, 0);
    EXPECT_EQ(reader.completed_pairs(ids.run).size(), static_cast<std::size_t>(kPairs));
    EXPECT_EQ(reader.run_summary(ids.run).pairs_completed, kPairs);
}

}  // namespace
}  // namespace lmr::store
