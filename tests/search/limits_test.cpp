// Time budgets: never beyond the clock, soft within hard, movetime honoured.
#include "engine/search/limits.hpp"

#include <gtest/gtest.h>

namespace lmr::search {
namespace {

TEST(TimeBudget, NoLimitsMeansUnlimited) {
    Limits l;
    const TimeBudget b = compute_budget(l, chess::kWhite, 0, 20);
    EXPECT_EQ(b.soft_ms, -1);
    EXPECT_EQ(b.hard_ms, -1);
}

TEST(TimeBudget, MovetimeMinusOverhead) {
    Limits l;
    l.movetime = 1000;
    const TimeBudget b = compute_budget(l, chess::kWhite, 0, 20);
    EXPECT_EQ(b.hard_ms, 980);
    EXPECT_EQ(b.soft_ms, 980);
}

TEST(TimeBudget, StaysInsideTheClockForEveryClockState) {
    for (std::int64_t time : {1, 5, 30, 60, 100, 250, 1000, 10000, 60000, 600000}) {
        for (std::int64_t inc : {0, 10, 100, 1000}) {
            for (int mtg : {0, 1, 2, 10, 40}) {
                Limits l;
                l.time[chess::kBlack] = time;
                l.inc[chess::kBlack] = inc;
                l.movestogo = mtg;
                const TimeBudget b = compute_budget(l, chess::kBlack, 40, 20);
                EXPECT_GE(b.soft_ms, 1);
                EXPECT_LE(b.soft_ms, b.hard_ms);
                EXPECT_LE(b.hard_ms, std::max<std::int64_t>(1, time - 25)) << time << " " << inc;
            }
        }
    }
}

TEST(TimeBudget, UsesOnlyOwnClock) {
    Limits l;
    l.time[chess::kWhite] = 60000;
    l.time[chess::kBlack] = 1000;
    const TimeBudget w = compute_budget(l, chess::kWhite, 0, 20);
    const TimeBudget b = compute_budget(l, chess::kBlack, 0, 20);
    EXPECT_GT(w.soft_ms, b.soft_ms);
}

// A game played on the soft limits (what the search spends on average): the clock never
// drops to the move overhead, and it is spent — late in a long game the engine keeps only a
// few increments in hand, not a slice of its base time it never uses.
TEST(TimeBudget, ALongGameSpendsTheClockWithoutRunningOut) {
    constexpr std::int64_t kOverhead = 30;
    struct Control {
        std::int64_t base, inc;
    };
    for (Control tc : {Control{1000, 10}, Control{10000, 100}, Control{60000, 600}}) {
        std::int64_t clock = tc.base;
        for (int move = 0; move < 150; ++move) {
            Limits l;
            l.time[chess::kWhite] = clock;
            l.inc[chess::kWhite] = tc.inc;
            const int game_ply = 16 + 2 * move;  // after an eight-move book
            clock -= compute_budget(l, chess::kWhite, game_ply, kOverhead).soft_ms;
            ASSERT_GT(clock, kOverhead) << tc.base << "+" << tc.inc << " move " << move;
            clock += tc.inc;
        }
        EXPECT_LT(clock, 8 * tc.inc + 10 * kOverhead) << tc.base << "+" << tc.inc;
    }
}

// Stockfish's nodestime: the budget is the first clock times the rate, then kept in nodes.
TEST(NodesTime, OffLeavesTheClockAsSent) {
    NodesTime nodes_time;
    Limits l;
    l.time[chess::kWhite] = 5000;
    nodes_time.apply(l, chess::kWhite);
    EXPECT_EQ(l.time[chess::kWhite], 5000);
    nodes_time.spend(l, chess::kWhite, 123'456);
    EXPECT_EQ(nodes_time.available(), -1);
}

TEST(NodesTime, TheFirstClockSetsTheBudgetAndLaterClocksAreNotRead) {
    NodesTime nodes_time;
    nodes_time.set_rate(600);
    Limits first;
    first.time[chess::kWhite] = 5000;
    first.inc[chess::kWhite] = 50;
    nodes_time.apply(first, chess::kWhite);
    EXPECT_EQ(nodes_time.available(), 3'000'000);  // 600 nodes/ms x 5,000 ms
    EXPECT_EQ(first.time[chess::kWhite], 5000);
    // 200,000 nodes spent, 50 ms x 600 = 30,000 credited: 2,830,000 left, 4,716 ms at the rate
    nodes_time.spend(first, chess::kWhite, 200'000);
    EXPECT_EQ(nodes_time.available(), 2'830'000);
    for (std::int64_t sent : {1, 4716, 99'999}) {
        Limits later;
        later.time[chess::kWhite] = sent;  // whatever a manager's wall clock says
        later.inc[chess::kWhite] = 50;
        nodes_time.apply(later, chess::kWhite);
        EXPECT_EQ(later.time[chess::kWhite], 4716) << sent;
    }
}

TEST(NodesTime, AnOverrunEmptiesTheBudgetBeforeTheIncrement) {
    NodesTime nodes_time;
    nodes_time.set_rate(10);
    Limits l;
    l.time[chess::kBlack] = 100;  // 1,000 nodes
    l.inc[chess::kBlack] = 20;    // 200 nodes a move
    nodes_time.apply(l, chess::kBlack);
    nodes_time.spend(l, chess::kBlack, 1'500);
    EXPECT_EQ(nodes_time.available(), 200);  // as a manager's clock: never below 0, then +inc
}

TEST(NodesTime, APeriodsLastMoveAddsTheFirstBudgetAgain) {
    NodesTime nodes_time;
    nodes_time.set_rate(2);
    Limits l;
    l.time[chess::kWhite] = 1000;  // 40/1 s: 2,000 nodes a period
    l.movestogo = 2;
    nodes_time.apply(l, chess::kWhite);
    nodes_time.spend(l, chess::kWhite, 500);
    EXPECT_EQ(nodes_time.available(), 1'500);
    l.movestogo = 1;
    nodes_time.apply(l, chess::kWhite);
    nodes_time.spend(l, chess::kWhite, 700);
    EXPECT_EQ(nodes_time.available(), 2'800);  // 800 left + the period's 2,000
}

TEST(NodesTime, ANewGameOrRateTakesTheNextClockAgain) {
    NodesTime nodes_time;
    nodes_time.set_rate(100);
    Limits l;
    l.time[chess::kWhite] = 1000;
    nodes_time.apply(l, chess::kWhite);
    nodes_time.spend(l, chess::kWhite, 50'000);
    nodes_time.new_game();
    l.time[chess::kWhite] = 2000;
    nodes_time.apply(l, chess::kWhite);
    EXPECT_EQ(nodes_time.available(), 200'000);
    nodes_time.set_rate(1);
    l.time[chess::kWhite] = 3000;
    nodes_time.apply(l, chess::kWhite);
    EXPECT_EQ(nodes_time.available(), 3'000);
}

TEST(NodesTime, ASearchWithoutAClockLeavesTheBudget) {
    NodesTime nodes_time;
    nodes_time.set_rate(100);
    Limits clocked;
    clocked.time[chess::kWhite] = 1000;
    nodes_time.apply(clocked, chess::kWhite);
    Limits fixed;  // go nodes / depth / movetime: no clock of its own
    fixed.nodes = 5000;
    nodes_time.apply(fixed, chess::kWhite);
    nodes_time.spend(fixed, chess::kWhite, 5000);
    EXPECT_EQ(nodes_time.available(), 100'000);
}

}  // namespace
}  // namespace lmr::search
