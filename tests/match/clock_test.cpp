#include "harness/match/clock.hpp"

#include <gtest/gtest.h>

#include <stdexcept>

namespace lmr::match {
namespace {

using chess::kBlack;
using chess::kWhite;
using std::chrono::microseconds;
using std::chrono::milliseconds;
using std::chrono::nanoseconds;

std::string go(const Clock& clock, chess::Color side) {
    return uci_client::go_command(clock.go_limits(side));
}

TEST(Clock, IncrementAddedAfterEachMove) {
    Clock clock(parse_time_control("tc=10+0.1"), milliseconds(50));
    EXPECT_EQ(go(clock, kWhite), "go wtime 10000 btime 10000 winc 100 binc 100");
    EXPECT_TRUE(clock.charge(kWhite, milliseconds(1500)));
    EXPECT_EQ(clock.remaining(kWhite), milliseconds(8600));
    EXPECT_EQ(clock.remaining(kBlack), milliseconds(10'000));
    EXPECT_EQ(go(clock, kBlack), "go wtime 8600 btime 10000 winc 100 binc 100");
    EXPECT_TRUE(clock.charge(kBlack, milliseconds(200)));
    EXPECT_EQ(clock.remaining(kBlack), milliseconds(9900));
}

TEST(Clock, SubMillisecondTimesAccumulate) {
    Clock clock(parse_time_control("tc=1"), milliseconds(0));
    for (int i = 0; i < 10; ++i) EXPECT_TRUE(clock.charge(kWhite, microseconds(300)));
    EXPECT_EQ(clock.remaining(kWhite), milliseconds(997));
    // Engines are told whole milliseconds, rounded down.
    EXPECT_TRUE(clock.charge(kWhite, microseconds(500)));
    EXPECT_EQ(*clock.go_limits(kWhite).wtime, 996);
}

TEST(Clock, MovesToGoPeriodResets) {
    Clock clock(parse_time_control("tc=3/10+1"), milliseconds(0));
    EXPECT_EQ(clock.moves_to_go(kWhite), 3);
    EXPECT_EQ(go(clock, kWhite), "go wtime 10000 btime 10000 winc 1000 binc 1000 movestogo 3");
    EXPECT_TRUE(clock.charge(kWhite, milliseconds(4000)));  // 10 - 4 + 1 = 7
    EXPECT_EQ(clock.moves_to_go(kWhite), 2);
    EXPECT_TRUE(clock.charge(kWhite, milliseconds(4000)));  // 7 - 4 + 1 = 4
    EXPECT_EQ(clock.moves_to_go(kWhite), 1);
    EXPECT_EQ(*clock.go_limits(kWhite).movestogo, 1);
    EXPECT_TRUE(clock.charge(kWhite, milliseconds(3000)));  // 4 - 3 + 1 = 2, new period: + 10
    EXPECT_EQ(clock.remaining(kWhite), milliseconds(12'000));
    EXPECT_EQ(clock.moves_to_go(kWhite), 3);
    // Black's period is its own.
    EXPECT_EQ(clock.moves_to_go(kBlack), 3);
    EXPECT_EQ(clock.remaining(kBlack), milliseconds(10'000));
}

TEST(Clock, ForfeitOnlyPastTheMargin) {
    Clock clock(parse_time_control("tc=1"), milliseconds(100));
    EXPECT_EQ(clock.time_budget(kWhite), milliseconds(1100));
    // Over the remaining time but within the margin: not lost, the clock shows 0.
    EXPECT_TRUE(clock.charge(kWhite, milliseconds(1080)));
    EXPECT_EQ(clock.remaining(kWhite), nanoseconds(0));
    EXPECT_EQ(*clock.go_limits(kWhite).wtime, 0);
    EXPECT_EQ(clock.time_budget(kWhite), milliseconds(100));
    // Exactly remaining + margin is still allowed; a nanosecond more is a forfeit.
    Clock exact(parse_time_control("tc=1"), milliseconds(100));
    EXPECT_TRUE(exact.charge(kBlack, milliseconds(1100)));
    Clock over(parse_time_control("tc=1"), milliseconds(100));
    EXPECT_FALSE(over.charge(kBlack, milliseconds(1100) + nanoseconds(1)));
    EXPECT_LT(*over.remaining(kBlack), nanoseconds(0));  // the overrun stays visible
}

TEST(Clock, ZeroMarginForfeit) {
    Clock clock(parse_time_control("tc=40/60"), milliseconds(0));
    EXPECT_FALSE(clock.charge(kWhite, milliseconds(60'001)));
}

TEST(Clock, FixedMoveTime) {
    Clock clock(parse_time_control("st=0.5"), milliseconds(100));
    EXPECT_EQ(go(clock, kWhite), "go movetime 500");
    EXPECT_EQ(clock.time_budget(kBlack), milliseconds(600));
    EXPECT_FALSE(clock.remaining(kWhite));
    EXPECT_TRUE(clock.charge(kWhite, milliseconds(600)));
    EXPECT_FALSE(clock.charge(kWhite, milliseconds(601)));
}

TEST(Clock, NodesAndDepthHaveNoClock) {
    Clock nodes(parse_time_control("nodes=5000"));
    EXPECT_EQ(go(nodes, kWhite), "go nodes 5000");
    EXPECT_FALSE(nodes.time_budget(kWhite));
    EXPECT_TRUE(nodes.charge(kWhite, std::chrono::hours(1)));  // never forfeits
    Clock depth(parse_time_control("depth=7"));
    EXPECT_EQ(go(depth, kBlack), "go depth 7");
}

TEST(Clock, ClockWithNodeLimit) {
    Clock clock(parse_time_control("tc=40/60+0.6 nodes=5000"), milliseconds(0));
    EXPECT_EQ(go(clock, kBlack),
              "go wtime 60000 btime 60000 winc 600 binc 600 movestogo 40 nodes 5000");
    EXPECT_FALSE(clock.charge(kBlack, milliseconds(60'001)));
}

TEST(Clock, RejectsNoLimitAndNegativeMargin) {
    EXPECT_THROW(Clock(TimeControl{}), std::invalid_argument);
    EXPECT_THROW(Clock(parse_time_control("tc=10"), milliseconds(-1)), std::invalid_argument);
    // Either side alone without a limit, or with a negative margin.
    const SideLimits timed{parse_time_control("tc=10"), milliseconds(0)};
    EXPECT_THROW(Clock(timed, SideLimits{}), std::invalid_argument);
    EXPECT_THROW(Clock(SideLimits{}, timed), std::invalid_argument);
    EXPECT_THROW(Clock(timed, SideLimits{timed.time_control, milliseconds(-1)}),
                 std::invalid_argument);
}

// Time odds: Black has twice White's time and increment. Each side is told both clocks (as
// fastchess does) and is charged on its own.
TEST(Clock, TimeOddsGiveEachSideItsOwnTimeAndIncrement) {
    Clock clock({parse_time_control("tc=10+0.1"), milliseconds(0)},
                {parse_time_control("tc=20+0.2"), milliseconds(0)});
    EXPECT_EQ(go(clock, kWhite), "go wtime 10000 btime 20000 winc 100 binc 200");
    EXPECT_TRUE(clock.charge(kWhite, milliseconds(1500)));  // 10 - 1.5 + 0.1
    EXPECT_EQ(clock.remaining(kWhite), milliseconds(8600));
    EXPECT_EQ(go(clock, kBlack), "go wtime 8600 btime 20000 winc 100 binc 200");
    EXPECT_TRUE(clock.charge(kBlack, milliseconds(3000)));  // 20 - 3 + 0.2
    EXPECT_EQ(clock.remaining(kBlack), milliseconds(17'200));
    EXPECT_EQ(clock.time_budget(kWhite), milliseconds(8600));
    EXPECT_EQ(clock.time_budget(kBlack), milliseconds(17'200));
    // 9 s loses White the game; Black could still afford it.
    Clock copy = clock;
    EXPECT_FALSE(clock.charge(kWhite, milliseconds(9000)));
    EXPECT_TRUE(copy.charge(kBlack, milliseconds(9000)));
}

// One side searches a fixed number of nodes, the other plays on a clock: the node side is
// sent no clock at all, the clock side only its own (the other has none).
TEST(Clock, NodesAgainstAClockSendEachSideItsOwnLimit) {
    Clock clock({parse_time_control("nodes=5000"), milliseconds(0)},
                {parse_time_control("tc=10+0.1"), milliseconds(50)});
    EXPECT_EQ(go(clock, kWhite), "go nodes 5000");
    EXPECT_EQ(go(clock, kBlack), "go btime 10000 binc 100");
    EXPECT_EQ(clock.time_budget(kWhite), std::nullopt);
    EXPECT_EQ(clock.time_budget(kBlack), milliseconds(10'050));
    EXPECT_TRUE(clock.charge(kWhite, milliseconds(60'000)));  // no clock: no forfeit
    EXPECT_EQ(clock.remaining(kWhite), std::nullopt);
    EXPECT_EQ(clock.margin(kBlack), milliseconds(50));
}

// A clock counted in nodes has no wall-clock deadline (the stall timeout guards the reply); the
// caller charges what the nodes are worth, and the clock keeps it as any other time.
TEST(Clock, ACountedInNodesClockHasNoReplyDeadline) {
    Clock clock(parse_time_control("tc=5+0.05 nodestime=600"), milliseconds(0));
    EXPECT_EQ(clock.time_budget(kWhite), std::nullopt);
    EXPECT_EQ(go(clock, kWhite), "go wtime 5000 btime 5000 winc 50 binc 50");
    EXPECT_TRUE(clock.charge(kWhite, nodes_as_time(137'000, 600)));
    EXPECT_EQ(clock.remaining(kWhite), nanoseconds(5'050'000'000 - 228'333'333));
    EXPECT_EQ(go(clock, kBlack), "go wtime 4821 btime 5000 winc 50 binc 50");
    EXPECT_FALSE(clock.charge(kBlack, nodes_as_time(3'000'001, 600)));  // 5,000.0017 ms
}

TEST(Clock, EachSideHasItsOwnMargin) {
    Clock clock({parse_time_control("st=0.5"), milliseconds(10)},
                {parse_time_control("st=0.5"), milliseconds(500)});
    EXPECT_FALSE(clock.charge(kWhite, milliseconds(600)));
    EXPECT_TRUE(clock.charge(kBlack, milliseconds(600)));
    EXPECT_EQ(clock.time_budget(kBlack), milliseconds(1000));
}

}  // namespace
}  // namespace lmr::match
