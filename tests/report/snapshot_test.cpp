// Reading while a run writes (WAL): a report opened read-only keeps reading consistent data
// while another connection commits games and statistics rows, and every number within one
// report comes from one snapshot.

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <thread>

#include "harness/report/load.hpp"
#include "tests/report/support.hpp"

namespace lmr::report {
namespace {

using testing::Bin;
using testing::Builder;
using testing::TempDir;

// Writes pairs (each game its own transaction, as the runner does) and a run_stats row per
// pair until told to stop.
class Writer {
  public:
    Writer(const testing::fs::path& path, std::int64_t run) : path_(path), run_(run) {
        thread_ = std::thread([this] { loop(); });
    }
    ~Writer() {
        stop_ = true;
        thread_.join();
    }
    long pairs() const { return pairs_; }
    bool failed() const { return failed_; }

  private:
    void loop() {
        try {
            auto store = store::Store::open(path_);
            Builder b(store);
            stats::Pentanomial p;
            static const Bin kBins[] = {Bin::kWW, Bin::kDD, Bin::kLD, Bin::kWD, Bin::kWL, Bin::kLL};
            while (!stop_) {
                const Bin bin = kBins[pairs_ % 6];
                b.pair(run_, pairs_ % 2 ? "base" : "test", pairs_ % 2 ? "test" : "base", "test",
                       bin, pairs_ % 5, 6);
                testing::add_bin(p, bin);
                store::StatsRecord row;
                row.pairs = p.pairs();
                const auto g = stats::to_trinomial(p);
                row.wins = g.wins;
                row.draws = g.draws;
                row.losses = g.losses;
                row.penta = {p.ll, p.ld, p.wl, p.dd, p.wd, p.ww};
                store.record_stats(run_, row);
                ++pairs_;
            }
        } catch (const std::exception& e) {
            ADD_FAILURE() << "writer: " << e.what();
            failed_ = true;
        }
    }

    testing::fs::path path_;
    std::int64_t run_;
    std::atomic<bool> stop_{false};
    std::atomic<long> pairs_{0};
    std::atomic<bool> failed_{false};
    std::thread thread_;
};

TEST(ReportSnapshot, ReadsConsistentDataWhileAnotherConnectionWrites) {
    TempDir dir;
    const auto path = dir / "live.db";
    std::int64_t run = 0;
    {
        auto store = store::Store::open(path);
        run = Builder(store).head_to_head(store::RunKind::kSprt, "base", "test");
    }
    Writer writer(path, run);
    const auto reader = store::Store::open(path, {.mode = store::OpenMode::kReadOnly});

    long reads = 0, last_pairs = 0;
    bool saw_growth = false;
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
    while ((reads < 30 || !saw_growth) && std::chrono::steady_clock::now() < deadline &&
           !writer.failed()) {
        const store::ReadSnapshot snapshot(reader);
        const auto runs = load_runs(reader);
        const auto detail = load_run(reader, run);
        ASSERT_EQ(runs.size(), 1u);
        const auto& s = detail.row.summary;
        // One snapshot: the list and the detail agree, and every total matches the others.
        EXPECT_EQ(runs[0].summary.pairs_completed, s.pairs_completed);
        EXPECT_EQ(s.penta.pairs(), s.pairs_completed);
        EXPECT_EQ(s.wins + s.draws + s.losses, 2 * s.pairs_completed);
        long opening_pairs = 0, termination_games = 0, moves = 0;
        for (const auto& o : detail.openings) opening_pairs += o.pairs;
        for (const auto& t : detail.terminations) termination_games += t.games;
        for (const auto& side : detail.sides) moves += side.moves;
        EXPECT_EQ(opening_pairs, s.pairs_completed);
        EXPECT_EQ(termination_games, s.games);
        EXPECT_EQ(moves, 6 * s.games);  // a game is committed with all its moves or not at all
        EXPECT_TRUE(s.games == 2 * s.pairs_completed || s.games == 2 * s.pairs_completed + 1);
        // The stats row of the last complete pair is written after its second game.
        ASSERT_LE(detail.history.size(), static_cast<std::size_t>(s.pairs_completed));
        EXPECT_GE(detail.history.size() + 1, static_cast<std::size_t>(s.pairs_completed));
        // Within the snapshot a second look sees the same, however much the writer adds.
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
        EXPECT_EQ(reader.game_count(run), s.games);
        EXPECT_GE(s.pairs_completed, last_pairs);
        if (s.pairs_completed > last_pairs && last_pairs > 0) saw_growth = true;
        last_pairs = s.pairs_completed;
        ++reads;
    }
    EXPECT_FALSE(writer.failed());
    EXPECT_GE(reads, 30);
    EXPECT_TRUE(saw_growth) << "the writer never committed while the reader read";
}

}  // namespace
}  // namespace lmr::report
