#include "harness/core/fault_tally.hpp"

#include <gtest/gtest.h>

namespace lmr::core {
namespace {

TEST(FaultTally, CountsEveryGameAndOnlyTheFourFaultsByKind) {
    FaultTally tally;
    tally.add(Termination::kMate, 100);
    tally.add(Termination::kAdjudication, 15);  // the engines' scores ended it: no fault
    tally.add(Termination::kCrash);
    tally.add(Termination::kTimeForfeit, 3);
    tally.add(Termination::kMaxLength);
    EXPECT_EQ(tally.games(), 120);
    EXPECT_EQ(tally.faults(), 4);
    // 4 / 120 = 3.333... %; kinds in the order of Termination (time forfeit before crash).
    EXPECT_EQ(tally.describe(), "4 of 120 games (3.3 %: 3 time forfeit, 1 crash)");
}

TEST(FaultTally, WarnsOnlyAboveThreePercent) {
    FaultTally at;  // 3 of 100: exactly the share, no warning
    at.add(Termination::kMate, 97);
    at.add(Termination::kStall, 3);
    EXPECT_FALSE(at.above_warning_share());
    FaultTally above = at;
    above.add(Termination::kIllegalMove);  // 4 of 101
    EXPECT_TRUE(above.above_warning_share());
    EXPECT_EQ(above.kinds(), "1 illegal move, 3 stall");
}

TEST(FaultTally, AddingATallyAddsItsGamesAndItsFaultsByKind) {
    FaultTally first;
    first.add(Termination::kMate, 10);
    first.add(Termination::kCrash, 2);
    FaultTally second;
    second.add(Termination::kCrash);
    second.add(Termination::kTimeForfeit);
    first.add(second);
    EXPECT_EQ(first.describe(), "4 of 14 games (28.6 %: 1 time forfeit, 3 crash)");
}

TEST(FaultTally, EmptyHasNothingToWarnAbout) {
    const FaultTally tally;
    EXPECT_EQ(tally.faults(), 0);
    EXPECT_FALSE(tally.above_warning_share());
    EXPECT_EQ(tally.describe(), "0 of 0 games (0.0 %)");
}

}  // namespace
}  // namespace lmr::core
