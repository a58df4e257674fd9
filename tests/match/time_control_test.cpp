#include "harness/match/time_control.hpp"

#include <gtest/gtest.h>

#include <string>

namespace lmr::match {
namespace {

using std::chrono::milliseconds;

TEST(TimeControl, RepeatingPeriodWithIncrement) {
    const TimeControl tc = parse_time_control("tc=40/60+0.6");
    ASSERT_TRUE(tc.clock);
    EXPECT_EQ(tc.clock->moves, 40);
    EXPECT_EQ(tc.clock->base, milliseconds(60'000));
    EXPECT_EQ(tc.clock->increment, milliseconds(600));
    EXPECT_FALSE(tc.move_time);
    EXPECT_FALSE(tc.nodes);
    EXPECT_FALSE(tc.depth);
    EXPECT_TRUE(tc.is_timed());
    EXPECT_EQ(tc.to_string(), "tc=40/60+0.6");
    EXPECT_EQ(tc.to_pgn_tag(), "40/60+0.6");
}

TEST(TimeControl, BaseAndIncrement) {
    const TimeControl tc = parse_time_control("tc=10+0.1");
    ASSERT_TRUE(tc.clock);
    EXPECT_EQ(tc.clock->moves, 0);
    EXPECT_EQ(tc.clock->base, milliseconds(10'000));
    EXPECT_EQ(tc.clock->increment, milliseconds(100));
    EXPECT_EQ(tc.to_pgn_tag(), "10+0.1");
}

TEST(TimeControl, MinutesSecondsAndSuddenDeath) {
    TimeControl tc = parse_time_control("tc=1:30+1");
    EXPECT_EQ(tc.clock->base, milliseconds(90'000));
    EXPECT_EQ(tc.clock->increment, milliseconds(1000));
    EXPECT_EQ(tc.to_pgn_tag(), "90+1");

    tc = parse_time_control("tc=1:59.999");  // the last second before the boundary (1:60)
    EXPECT_EQ(tc.clock->base, milliseconds(119'999));

    tc = parse_time_control("tc=0:30.5");
    EXPECT_EQ(tc.clock->base, milliseconds(30'500));
    EXPECT_EQ(tc.clock->increment, milliseconds(0));
    EXPECT_EQ(tc.to_pgn_tag(), "30.5");

    tc = parse_time_control("tc=300");
    EXPECT_EQ(tc.to_pgn_tag(), "300");  // PGN standard: sudden death in seconds
    tc = parse_time_control("tc=40/9000");
    EXPECT_EQ(tc.to_pgn_tag(), "40/9000");  // PGN standard's own example
}

TEST(TimeControl, BareClockIsTc) {
    EXPECT_EQ(parse_time_control("10+0.1"), parse_time_control("tc=10+0.1"));
    EXPECT_EQ(parse_time_control("  40/60+0.6  "), parse_time_control("tc=40/60+0.6"));
}

TEST(TimeControl, FixedTimePerMove) {
    const TimeControl tc = parse_time_control("st=0.5");
    EXPECT_FALSE(tc.clock);
    ASSERT_TRUE(tc.move_time);
    EXPECT_EQ(*tc.move_time, milliseconds(500));
    EXPECT_TRUE(tc.is_timed());
    EXPECT_EQ(tc.to_string(), "st=0.5");
    EXPECT_EQ(tc.to_pgn_tag(), "0.5/move");
}

TEST(TimeControl, NodesAndDepth) {
    TimeControl tc = parse_time_control("nodes=20000");
    EXPECT_EQ(tc.nodes, 20000u);
    EXPECT_FALSE(tc.is_timed());
    EXPECT_EQ(tc.to_pgn_tag(), "-");

    tc = parse_time_control("depth=8");
    EXPECT_EQ(tc.depth, 8);
    EXPECT_EQ(tc.to_pgn_tag(), "-");
    EXPECT_EQ(tc.to_string(), "depth=8");
}

TEST(TimeControl, Combinations) {
    const TimeControl tc = parse_time_control("nodes=5000 tc=10+0.1 depth=12");
    ASSERT_TRUE(tc.clock);
    EXPECT_EQ(tc.nodes, 5000u);
    EXPECT_EQ(tc.depth, 12);
    EXPECT_EQ(tc.to_string(), "tc=10+0.1 nodes=5000 depth=12");
    EXPECT_EQ(tc.to_pgn_tag(), "10+0.1");
    EXPECT_EQ(parse_time_control(tc.to_string()), tc);

    const TimeControl st = parse_time_control("st=0.25 nodes=100");
    EXPECT_EQ(st.move_time, milliseconds(250));
    EXPECT_EQ(st.nodes, 100u);

    // Commas separate as spaces do, so --tc and an --engine's own limits read one text the same
    // (the engine's was refused: "increment '0.02,nodes=1000' is not a number").
    EXPECT_EQ(parse_time_control("tc=10+0.1,nodes=5000,depth=12"), tc);
    EXPECT_EQ(parse_time_control("nodes=5000, tc=10+0.1 ,depth=12"), tc);
}

TEST(TimeControl, MillisecondPrecision) {
    EXPECT_EQ(parse_time_control("tc=1.234+0.001").clock->base, milliseconds(1234));
    EXPECT_EQ(parse_time_control("tc=1.234+0.001").clock->increment, milliseconds(1));
    EXPECT_EQ(parse_time_control("st=.5").move_time, milliseconds(500));
    EXPECT_EQ(parse_time_control("st=0.5000").move_time, milliseconds(500));  // zeros are fine
    EXPECT_EQ(format_seconds(milliseconds(25)), "0.025");
    EXPECT_EQ(format_seconds(milliseconds(60'000)), "60");
    EXPECT_EQ(format_seconds(milliseconds(1500)), "1.5");
}

// Each error message must quote the whole text and name the offending part.
// problem() is what a message that quotes the text already adds: the token is named only when
// the text has others ("--tc 'tc=10s+0.1'" once said the value three times).
std::string problem_of(const std::string& text) {
    try {
        parse_time_control(text);
    } catch (const TimeControlError& e) {
        return e.problem();
    }
    return "(no error)";
}

TEST(TimeControl, TheProblemNamesTheTokenOnlyAmongOthers) {
    EXPECT_EQ(problem_of("tc=10s+0.1"), "time \"10s\" is not a number of seconds");
    EXPECT_EQ(problem_of("tc=10s+0.1 nodes=5"),
              "\"tc=10s+0.1\": time \"10s\" is not a number of seconds");
    EXPECT_EQ(problem_of("nodes=0"), "nodes must be a positive whole number");
    EXPECT_EQ(problem_of("tc=1"), "(no error)");
}

void expect_error(const std::string& text, const std::string& fragment) {
    try {
        parse_time_control(text);
        ADD_FAILURE() << "no error for \"" << text << "\"";
    } catch (const TimeControlError& e) {
        const std::string message = e.what();
        EXPECT_NE(message.find("\"" + text + "\""), std::string::npos) << message;
        EXPECT_NE(message.find(fragment), std::string::npos)
            << "message \"" << message << "\" lacks \"" << fragment << "\"";
    }
}

TEST(TimeControl, Errors) {
    expect_error("", "empty");
    expect_error("tc=", "no value");
    expect_error("tc=abc", "time \"abc\" is not a number of seconds");
    expect_error("tc=10+x", "increment \"x\" is not a number of seconds");
    expect_error("tc=10+", "increment after '+' is missing");
    expect_error("tc=0+1", "must be greater than zero");
    expect_error("tc=0/60", "moves per period \"0\"");
    expect_error("tc=x/60", "moves per period \"x\"");
    expect_error("tc=-5", "\"-5\" is not a number");
    expect_error("tc=1:75", "60 or more seconds");
    // The boundary itself: 1:60 is two minutes written wrong, 1:59 a valid minute and 59 s.
    expect_error("tc=1:60", "60 or more seconds");
    expect_error("tc=10.0001", "finer than a millisecond");
    expect_error("st=0", "greater than zero");
    expect_error("st=fast", "\"st=fast\"");
    expect_error("nodes=0", "positive whole number");
    expect_error("nodes=1e6", "\"nodes=1e6\"");
    expect_error("depth=-1", "\"depth=-1\"");
    expect_error("depth=100000", "from 1 to");
    expect_error("moves=40", "unknown setting \"moves\"");
    expect_error("tc=10 st=1", "cannot be combined");
    expect_error("tc=10 tc=20", "given twice");
    expect_error("fast", "\"fast\": is not a known setting");
    expect_error("nodes=99999999999999999999999", "positive whole number");
    expect_error("nodestime=600", "needs a tc= clock");
    expect_error("st=1 nodestime=600", "needs a tc= clock");
    expect_error("tc=5 nodestime=0", "from 1 to 1000000");
    expect_error("tc=5 nodestime=1000001", "from 1 to 1000000");
    expect_error("tc=5 nodestime=6.5", "\"nodestime=6.5\"");
    expect_error("tc=5 nodestime=6 nodestime=6", "nodestime= is given twice");
}

TEST(TimeControl, AClockCountedInNodes) {
    const TimeControl tc = parse_time_control("nodestime=600 tc=5+0.05");
    ASSERT_TRUE(tc.clock);
    EXPECT_EQ(tc.nodes_time, 600);
    EXPECT_TRUE(tc.counts_nodes());
    EXPECT_TRUE(tc.is_timed());
    EXPECT_EQ(tc.to_string(), "tc=5+0.05 nodestime=600");
    EXPECT_EQ(parse_time_control(tc.to_string()), tc);
    EXPECT_EQ(tc.to_pgn_tag(), "5+0.05");
    EXPECT_FALSE(parse_time_control("tc=5+0.05").counts_nodes());
}

// nodes x 10^6 / rate ns, exact to the nanosecond (truncated), where a product would overflow.
TEST(TimeControl, NodesAsTime) {
    EXPECT_EQ(nodes_as_time(137'000, 600), std::chrono::nanoseconds(228'333'333));
    EXPECT_EQ(nodes_as_time(1, 3), std::chrono::nanoseconds(333'333));
    EXPECT_EQ(nodes_as_time(0, 7), std::chrono::nanoseconds(0));
    // 2^60 nodes at 1,000 a millisecond: 2^60 x 10^3 ns, past 2^63 / 10^6 where x 10^6 overflows
    const std::uint64_t big = std::uint64_t{1} << 60;
    EXPECT_EQ(nodes_as_time(big, 1'000'000), std::chrono::nanoseconds(big));
}

}  // namespace
}  // namespace lmr::match
