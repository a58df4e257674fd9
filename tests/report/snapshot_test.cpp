// Reading while a run writes (WAL): a report opened read-only keeps reading consistent data
// while another connection commits games and statistics rows, and every number within one
// report comes from one snapshot.

#include <gtest/gtest.h>

#include <functional>
#include <vector>

#include "harness/report/load.hpp"
#include "tests/report/support.hpp"

namespace lmr::report {
namespace {

using testing::Bin;
using testing::Builder;
using testing::TempDir;

// What one report reads of the run, every figure from the same snapshot, with the invariants a
// consistent snapshot keeps: the list and the detail agree, each total matches the others, a
// game is there with all its moves or not at all, and the statistics row of a pair is written
// after its second game.
struct Seen {
    long pairs = 0, games = 0, history = 0;
    bool operator==(const Seen&) const = default;
};

Seen seen(const store::Store& reader, std::int64_t run, int plies) {
    const auto runs = load_runs(reader);
    const auto detail = load_run(reader, run);
    EXPECT_EQ(runs.size(), 1u);
    const auto& s = detail.row.summary;
    EXPECT_EQ(runs.at(0).summary.pairs_completed, s.pairs_completed);
    EXPECT_EQ(s.penta.pairs(), s.pairs_completed);
    EXPECT_EQ(s.wins + s.draws + s.losses, 2 * s.pairs_completed);
    long opening_pairs = 0, termination_games = 0, moves = 0;
    for (const auto& o : detail.openings) opening_pairs += o.pairs;
    for (const auto& t : detail.terminations) termination_games += t.games;
    for (const auto& side : detail.sides) moves += side.moves;
    EXPECT_EQ(opening_pairs, s.pairs_completed);
    EXPECT_EQ(termination_games, s.games);
    EXPECT_EQ(moves, plies * s.games);
    EXPECT_EQ(reader.game_count(run), s.games);
    return {s.pairs_completed, s.games, static_cast<long>(detail.history.size())};
}

// A second connection commits at chosen instants while the reader's snapshot is open — a game,
// the pair's second game, its statistics row, as the runner writes them, each its own
// transaction — and the snapshot keeps seeing what it saw; the next snapshot sees the commits.
// No thread and no clock: the interleavings a live run produces are played one by one, so the
// test cannot pass or fail by timing (it once raced a writer thread against a deadline).
TEST(ReportSnapshot, ReadsConsistentDataWhileAnotherConnectionWrites) {
    TempDir dir;
    const auto path = dir / "live.db";
    constexpr int kPlies = 6;
    auto writer = store::Store::open(path);
    Builder b(writer);
    const std::int64_t run = b.head_to_head(store::RunKind::kSprt, "base", "test");
    const auto reader = store::Store::open(path, {.mode = store::OpenMode::kReadOnly});
    stats::Pentanomial p;
    const auto record_stats = [&] {
        store::StatsRecord row;
        row.pairs = p.pairs();
        const auto g = stats::to_trinomial(p);
        row.wins = g.wins;
        row.draws = g.draws;
        row.losses = g.losses;
        row.penta = {p.ll, p.ld, p.wl, p.dd, p.wd, p.ww};
        writer.record_stats(run, row);
    };
    static const Bin kBins[] = {Bin::kWW, Bin::kDD, Bin::kLD, Bin::kWD, Bin::kWL, Bin::kLL};
    for (long pairs = 0; pairs < 6; ++pairs) {
        const Bin bin = kBins[pairs];
        // Each step of a pair's writing, committed while a snapshot taken before it is open.
        const std::vector<std::function<void()>> steps = {
            [&] { b.pair(run, "test", "base", "test", bin, pairs % 5, kPlies); },
            [&] {
                testing::add_bin(p, bin);
                record_stats();
            }};
        for (const auto& step : steps) {
            const store::ReadSnapshot snapshot(reader);
            const Seen before = seen(reader, run, kPlies);
            step();
            EXPECT_EQ(seen(reader, run, kPlies), before) << "a commit showed inside a snapshot";
        }
        const store::ReadSnapshot after(reader);
        EXPECT_EQ(seen(reader, run, kPlies), (Seen{pairs + 1, 2 * (pairs + 1), pairs + 1}));
    }
    // A pair complete before its statistics row: a state a live run is read in.
    b.pair(run, "test", "base", "test", Bin::kWW, 0, kPlies);
    {
        const store::ReadSnapshot snapshot(reader);
        EXPECT_EQ(seen(reader, run, kPlies), (Seen{7, 14, 6}));
    }
}

}  // namespace
}  // namespace lmr::report
