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

}  // namespace
}  // namespace lmr::search
