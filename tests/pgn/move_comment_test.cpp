// The engine-move comment: what lmr-harness writes, cutechess-cli and fastchess write, and
// what the reader makes of each; the writer and the reader against each other.
#include "engine/pgn/move_comment.hpp"

#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <vector>

namespace lmr::pgn {
namespace {

MoveComment scored(int score, bool mate, int depth, std::int64_t time_ms) {
    MoveComment c;
    c.score = score;
    c.mate = mate;
    c.depth = depth;
    c.time_ms = time_ms;
    return c;
}

TEST(MoveComment, ScoreText) {
    EXPECT_EQ(score_text(35, false), "+0.35");
    EXPECT_EQ(score_text(-120, false), "-1.20");
    EXPECT_EQ(score_text(-5, false), "-0.05");
    EXPECT_EQ(score_text(0, false), "0.00");
    EXPECT_EQ(score_text(1234, false), "+12.34");
    EXPECT_EQ(score_text(3, true), "+M3");
    EXPECT_EQ(score_text(-2, true), "-M2");
    EXPECT_EQ(score_text(0, true), "-M0");  // already mated
}

TEST(MoveComment, Format) {
    EXPECT_EQ(format_move_comment(scored(35, false, 12, 120)), "+0.35/12 0.120s");
    EXPECT_EQ(format_move_comment(scored(35, false, 0, 120)), "+0.35 0.120s");  // no depth
    EXPECT_EQ(format_move_comment(scored(1, true, 7, 10)), "+M1/7 0.010s");
    EXPECT_EQ(format_move_comment(scored(0, false, 9, 1500)), "0.00/9 1.500s");
    EXPECT_EQ(format_move_comment(scored(0, false, 9, -3)), "0.00/9 0.000s");  // clock went back

    MoveComment time_only;
    time_only.time_ms = 7;
    time_only.remark = "game cancelled (interrupted)";
    EXPECT_EQ(format_move_comment(time_only), "0.007s, game cancelled (interrupted)");

    MoveComment all = scored(35, false, 12, 120);
    all.nodes = 48213;
    all.seldepth = 17;
    all.nps = 401775;
    all.remark = "White mates";
    EXPECT_EQ(format_move_comment(all), "+0.35/12 0.120s, n=48213, sd=17, nps=401775, White mates");
}

TEST(MoveComment, WhatTheWriterWritesTheReaderReads) {
    std::vector<MoveComment> comments = {
        scored(35, false, 12, 120),
        scored(-120, false, 10, 90),
        scored(0, false, 9, 50),
        scored(-5, false, 1, 0),
        scored(123456, false, 40, 3'600'000),
        scored(5, true, 20, 10),
        scored(-2, true, 9, 500),
        scored(0, true, 3, 1),
        scored(35, false, 0, 120),  // a score without a depth
    };
    MoveComment time_only;
    time_only.time_ms = 7;
    time_only.remark = "game cancelled (interrupted)";
    comments.push_back(time_only);
    MoveComment figures = scored(-77, false, 18, 2104);
    figures.nodes = 0;
    figures.seldepth = 31;
    figures.nps = 12345678;
    comments.push_back(figures);
    MoveComment reason = scored(1, true, 1, 10);
    reason.nodes = 1000;
    reason.remark = "Black mates";
    comments.push_back(reason);
    MoveComment kept = scored(20, false, 9, 101);  // match_line=: commas inside, then a remark
    kept.pv = "e2e4 e7e5";
    kept.lines = {"info string eval 0.21, material 0", "info depth 1 score cp 13 pv e2e4"};
    kept.remark = "White mates";
    comments.push_back(kept);

    for (const MoveComment& comment : comments) {
        const std::string text = format_move_comment(comment);
        EXPECT_EQ(parse_move_comment(text), comment) << text;
        EXPECT_EQ(parse_move_comment("  " + text + "\n"), comment) << "spaced: " << text;
    }
}

// A kept engine line cannot hold '"' (it ends the item) nor '}' (it ends the PGN comment): they
// are written as '\'' and ')'; '{' may stand in a comment. Broken over movetext lines, it reads
// back with single spaces.
TEST(MoveComment, AKeptLineIsWrittenSoThatAPgnCommentHoldsIt) {
    MoveComment comment = scored(20, false, 9, 101);
    comment.lines = {"info string {\"eval\": 21}"};
    const std::string text = format_move_comment(comment);
    EXPECT_EQ(text, "+0.20/9 0.101s, line=\"info string {'eval': 21)\"");
    const auto back = parse_move_comment("+0.20/9 0.101s, line=\"info string\n{'eval':   21)\"");
    ASSERT_TRUE(back);
    EXPECT_EQ(back->lines, std::vector<std::string>{"info string {'eval': 21)"});
    EXPECT_EQ(back->remark, "");
}

TEST(MoveComment, ReadsCutechessComments) {
    // cutechess-cli: two decimals for a score, the time in 0 to 3 decimals by its size, and
    // the reason the game ended after the last move's figures.
    EXPECT_EQ(parse_move_comment("+0.35/12 0.12s"), scored(35, false, 12, 120));
    EXPECT_EQ(parse_move_comment("-1.20/10 1.5s"), scored(-120, false, 10, 1500));
    EXPECT_EQ(parse_move_comment("+0.08/21 12s"), scored(8, false, 21, 12000));
    EXPECT_EQ(parse_move_comment("0.00/0 0s"), scored(0, false, 0, 0));
    EXPECT_EQ(parse_move_comment("+M9/35 0.093s"), scored(9, true, 35, 93));
    MoveComment mated = scored(-1, true, 245, 2);
    mated.remark = "White mates";
    EXPECT_EQ(parse_move_comment("-M1/245 0.002s, White mates"), mated);
    EXPECT_EQ(parse_move_comment("book"), std::nullopt);
    EXPECT_EQ(parse_move_comment("book, Draw by 3-fold repetition"), std::nullopt);
}

TEST(MoveComment, ReadsFastchessComments) {
    MoveComment c = scored(105, false, 14, 2104);
    c.nodes = 48213;
    c.seldepth = 17;
    c.nps = 401775;
    EXPECT_EQ(parse_move_comment("+1.05/14 2.104s, n=48213, sd=17, nps=401775"), c);
    // Every item of fastchess's -pgnout, in its order (a PV spread over lines reads whole).
    MoveComment all = scored(20, false, 9, 101);
    all.timeleft_ms = 9899;
    all.latency_ms = 1;
    all.nodes = 5000;
    all.seldepth = 12;
    all.nps = 49504;
    all.hashfull = 12;
    all.tbhits = 3;
    all.pv = "e2e4 e7e5 g1f3";
    const std::string text =
        "+0.20/9 0.101s, tl=9.899s, latency=0.001s, n=5000, sd=12, "
        "nps=49504, hashfull=12, tbhits=3, pv=\"e2e4 e7e5 g1f3\"";
    EXPECT_EQ(format_move_comment(all), text);
    EXPECT_EQ(parse_move_comment(text), all);
    EXPECT_EQ(parse_move_comment("+0.20/9 0.101s, tl=9.899s, latency=0.001s, n=5000, sd=12,\n"
                                 "nps=49504, hashfull=12, tbhits=3, pv=\"e2e4 e7e5\ng1f3\""),
              all);
    // An item this reader does not know, or one whose value does not read (a time without its
    // seconds), ends the figures: the rest is the remark.
    MoveComment other = scored(-44, false, 9, 30);
    other.timeleft_ms = 9970;
    other.remark = "latency=1ms, foo=2";
    EXPECT_EQ(parse_move_comment("-0.44/9 0.030s, tl=9.970s, latency=1ms, foo=2"), other);
}

TEST(MoveComment, WhatIsNoScore) {
    // A lone number is not a score: it needs "/depth" or a time after it.
    EXPECT_EQ(parse_move_comment("12"), std::nullopt);
    EXPECT_EQ(parse_move_comment("[%clk 0:03:00]"), std::nullopt);
    EXPECT_EQ(parse_move_comment("[%eval 0.2]"), std::nullopt);
    EXPECT_EQ(parse_move_comment("a comment that spans two lines"), std::nullopt);
    EXPECT_EQ(parse_move_comment(""), std::nullopt);
    // A score with its depth stands without a time; what follows it is a remark.
    MoveComment no_time;
    no_time.score = 35;
    no_time.depth = 12;
    EXPECT_EQ(parse_move_comment("+0.35/12"), no_time);
    const auto spread = parse_move_comment("+0.35/12\n0.1s");  // a wrapped comment
    ASSERT_TRUE(spread);
    EXPECT_EQ(spread->score, 35);
    EXPECT_EQ(spread->time_ms, 100);
    // Not scores: a sign alone, "M" without moves, three decimals, a depth that is no number.
    EXPECT_FALSE(parse_move_comment("+/3 0.1s").value_or(MoveComment{}).score);
    EXPECT_FALSE(parse_move_comment("+M/3 0.1s").value_or(MoveComment{}).score);
    EXPECT_FALSE(parse_move_comment("+0.351/3 0.1s").value_or(MoveComment{}).score);
    EXPECT_FALSE(parse_move_comment("+0.35/x 0.1s").value_or(MoveComment{}).score);
}

}  // namespace
}  // namespace lmr::pgn
