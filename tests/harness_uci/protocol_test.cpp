// Text-level UCI client pieces: info lines, option lines, option values, go commands.
#include <gtest/gtest.h>

#include <random>

#include "harness/uci/engine_option.hpp"
#include "harness/uci/search_info.hpp"
#include "harness/uci/uci_engine.hpp"

namespace {

using lmr::core::Score;

using namespace lmr::uci_client;

TEST(ParseInfo, StockfishStyleLine) {
    const auto info = parse_info(
        "info depth 20 seldepth 28 multipv 1 score cp 35 nodes 2048576 nps 800000 hashfull 312 "
        "tbhits 0 time 2560 pv e2e4 e7e5 g1f3");
    ASSERT_TRUE(info);
    EXPECT_EQ(info->depth, 20);
    EXPECT_EQ(info->seldepth, 28);
    EXPECT_EQ(info->multipv, 1);
    EXPECT_EQ(info->score, (Score{Score::Kind::kCentipawns, 35, Score::Bound::kExact}));
    EXPECT_EQ(info->nodes, 2048576u);
    EXPECT_EQ(info->nps, 800000u);
    EXPECT_EQ(info->hashfull, 312);
    EXPECT_EQ(info->tbhits, 0u);
    EXPECT_EQ(info->time_ms, 2560);
    EXPECT_EQ(info->pv, (std::vector<std::string>{"e2e4", "e7e5", "g1f3"}));
    EXPECT_FALSE(info->text);
}

TEST(ParseInfo, MateScoresAndBounds) {
    auto info = parse_info("info depth 5 score mate -3 pv e1e2");
    ASSERT_TRUE(info && info->score);
    EXPECT_EQ(*info->score, (Score{Score::Kind::kMate, -3, Score::Bound::kExact}));

    info = parse_info("info depth 9 score cp 20 lowerbound nodes 5");
    ASSERT_TRUE(info && info->score);
    EXPECT_EQ(*info->score, (Score{Score::Kind::kCentipawns, 20, Score::Bound::kLower}));
    EXPECT_EQ(info->nodes, 5u);

    info = parse_info("info score upperbound cp -7");
    ASSERT_TRUE(info && info->score);
    EXPECT_EQ(*info->score, (Score{Score::Kind::kCentipawns, -7, Score::Bound::kUpper}));

    info = parse_info("info score mate 1 upperbound");
    ASSERT_TRUE(info && info->score);
    EXPECT_EQ(*info->score, (Score{Score::Kind::kMate, 1, Score::Bound::kUpper}));
}

// The engine connection parses every line into one SearchInfo it keeps: each line is read as if
// alone, nothing of the line before carried over, and a line that is not `info` leaves it be.
TEST(ParseInfo, IntoAKeptInfoEachLineReadsAsIfAlone) {
    SearchInfo kept;
    ASSERT_TRUE(
        parse_info("info depth 9 seldepth 12 multipv 2 score cp 20 lowerbound nodes 5 nps "
                   "9 time 3 hashfull 4 tbhits 1 pv e2e4 e7e5 string x",
                   kept));
    ASSERT_TRUE(parse_info("info depth 10 pv d2d4", kept));
    EXPECT_EQ(kept, *parse_info("info depth 10 pv d2d4"));
    ASSERT_TRUE(parse_info("info nodes 7 pv", kept));  // an empty pv is no pv
    EXPECT_EQ(kept, *parse_info("info nodes 7"));
    EXPECT_TRUE(kept.pv.empty());
    EXPECT_FALSE(parse_info("bestmove e2e4", kept));
    EXPECT_EQ(kept.nodes, 7u);
}

TEST(ParseInfo, NonInfoLinesAreNotInfo) {
    EXPECT_FALSE(parse_info("bestmove e2e4"));
    EXPECT_FALSE(parse_info("infodepth 3"));
    EXPECT_FALSE(parse_info(""));
    EXPECT_FALSE(parse_info("   "));
    EXPECT_TRUE(parse_info("info"));
    EXPECT_TRUE(parse_info("  info depth 3"));
}

TEST(ParseInfo, MalformedFieldsAreSkippedNotFatal) {
    auto info = parse_info("info depth x nodes 12");
    ASSERT_TRUE(info);
    EXPECT_FALSE(info->depth);
    EXPECT_EQ(info->nodes, 12u);

    info = parse_info("info depth");
    ASSERT_TRUE(info);
    EXPECT_FALSE(info->depth);

    info = parse_info("info depth seldepth 4");  // a keyword is never a value
    ASSERT_TRUE(info);
    EXPECT_FALSE(info->depth);
    EXPECT_EQ(info->seldepth, 4);

    for (const char* line :
         {"info score", "info score cp", "info score mate", "info score cp x",
          "info score cp lowerbound", "info score centipawns 30", "info score cp 1.5"}) {
        info = parse_info(line);
        ASSERT_TRUE(info) << line;
        EXPECT_FALSE(info->score) << line;
    }

    info =
        parse_info("info nodes -5 nps 1e9 time 12.5 hashfull 2000000000000 depth 99999999999999");
    ASSERT_TRUE(info);
    EXPECT_FALSE(info->nodes);
    EXPECT_FALSE(info->nps);
    EXPECT_FALSE(info->time_ms);
    EXPECT_FALSE(info->hashfull);
    EXPECT_FALSE(info->depth);

    info = parse_info("info pv");
    ASSERT_TRUE(info);
    EXPECT_TRUE(info->pv.empty());

    info = parse_info("info unknownkey 5 depth 3 cpuload 300 currmove e2e4 currmovenumber 1");
    ASSERT_TRUE(info);
    EXPECT_EQ(info->depth, 3);
    EXPECT_TRUE(info->pv.empty());
}

TEST(ParseInfo, PvStopsAtTheNextKeywordAndTabsSeparate) {
    auto info = parse_info("info pv e2e4 e7e5 depth 3 score cp 4");
    ASSERT_TRUE(info);
    EXPECT_EQ(info->pv, (std::vector<std::string>{"e2e4", "e7e5"}));
    EXPECT_EQ(info->depth, 3);
    ASSERT_TRUE(info->score);

    info = parse_info("info\tdepth\t2\tseldepth\t3");
    ASSERT_TRUE(info);
    EXPECT_EQ(info->depth, 2);
    EXPECT_EQ(info->seldepth, 3);
}

TEST(ParseInfo, StringTakesTheRestOfTheLine) {
    const auto info = parse_info("info depth 4 string hello depth 5 bestmove a1a1");
    ASSERT_TRUE(info);
    EXPECT_EQ(info->depth, 4);
    EXPECT_EQ(info->text, "hello depth 5 bestmove a1a1");
}

// Only the whole word starts the text: not a word that contains it, and a tab separates too.
TEST(ParseInfo, OnlyTheWordStringStartsTheText) {
    const auto info = parse_info("info depth 3 stringent pv e2e4 e7e5\tstring ab  string c");
    ASSERT_TRUE(info);
    EXPECT_EQ(info->depth, 3);
    EXPECT_EQ(info->pv, (std::vector<std::string>{"e2e4", "e7e5"}));
    EXPECT_EQ(info->text, "ab  string c");
    const auto bare = parse_info("info nodes 7 string");
    ASSERT_TRUE(bare);
    EXPECT_EQ(bare->nodes, 7u);
    EXPECT_EQ(bare->text, "");
}

TEST(ParseInfo, NeverThrowsOnRandomBytes) {
    std::mt19937 random(7);
    const std::vector<std::string> words = {"info",
                                            "depth",
                                            "score",
                                            "cp",
                                            "mate",
                                            "pv",
                                            "lowerbound",
                                            "string",
                                            "-",
                                            "1",
                                            "99999999999999999999",
                                            "nodes",
                                            "multipv",
                                            "time",
                                            "x",
                                            "\t",
                                            " ",
                                            "\xff"};
    for (int i = 0; i < 20000; ++i) {
        std::string line = "info";
        const int length = static_cast<int>(random() % 12);
        for (int j = 0; j < length; ++j) {
            if (random() % 4 == 0) {
                line += static_cast<char>(random() % 256);
            } else {
                line += ' ';
                line += words[random() % words.size()];
            }
        }
        EXPECT_NO_THROW((void)parse_info(line)) << line;
    }
}

TEST(MergeInfo, LaterFieldsReplaceEarlierOnesAndAbsentOnesStay) {
    SearchInfo merged;
    merge_info(merged, *parse_info("info depth 7 seldepth 9 score cp 30 nodes 100 pv e2e4 e7e5"));
    merge_info(merged, *parse_info("info depth 8 currmove d2d4 currmovenumber 2"));
    merge_info(merged, *parse_info("info nodes 250 time 12 hashfull 3 string done"));
    EXPECT_EQ(merged.depth, 8);
    EXPECT_EQ(merged.seldepth, 9);
    EXPECT_EQ(merged.score, (Score{Score::Kind::kCentipawns, 30, Score::Bound::kExact}));
    EXPECT_EQ(merged.nodes, 250u);
    EXPECT_EQ(merged.time_ms, 12);
    EXPECT_EQ(merged.hashfull, 3);
    EXPECT_EQ(merged.pv, (std::vector<std::string>{"e2e4", "e7e5"}));
    EXPECT_FALSE(merged.text);
}

TEST(ParseOption, StockfishOptionLines) {
    auto option = parse_option_line("option name Hash type spin default 16 min 1 max 33554432");
    ASSERT_TRUE(option);
    EXPECT_EQ(option->name, "Hash");
    EXPECT_EQ(option->type, EngineOption::Type::kSpin);
    EXPECT_EQ(option->default_value, "16");
    EXPECT_EQ(option->min, 1);
    EXPECT_EQ(option->max, 33554432);

    option = parse_option_line("option name Skill Level type spin default 20 min 0 max 20");
    ASSERT_TRUE(option);
    EXPECT_EQ(option->name, "Skill Level");

    option = parse_option_line("option name SyzygyPath type string default <empty>");
    ASSERT_TRUE(option);
    EXPECT_EQ(option->type, EngineOption::Type::kString);
    EXPECT_EQ(option->default_value, "<empty>");

    option = parse_option_line("option name Clear Hash type button");
    ASSERT_TRUE(option);
    EXPECT_EQ(option->name, "Clear Hash");
    EXPECT_EQ(option->type, EngineOption::Type::kButton);

    option = parse_option_line("option name Ponder type check default false");
    ASSERT_TRUE(option);
    EXPECT_EQ(option->type, EngineOption::Type::kCheck);
    EXPECT_EQ(option->default_value, "false");

    option = parse_option_line(
        "option name Style type combo default Normal var Solid var Normal var Very Risky");
    ASSERT_TRUE(option);
    EXPECT_EQ(option->type, EngineOption::Type::kCombo);
    EXPECT_EQ(option->vars, (std::vector<std::string>{"Solid", "Normal", "Very Risky"}));

    option = parse_option_line("option name Odd type spin default x min y max z");
    ASSERT_TRUE(option);
    EXPECT_FALSE(option->min);
    EXPECT_FALSE(option->max);

    option = parse_option_line("option name Future type matrix default 1");
    ASSERT_TRUE(option);
    EXPECT_EQ(option->type, EngineOption::Type::kUnknown);
    EXPECT_EQ(option->type_text, "matrix");
}

TEST(ParseOption, MalformedLinesAreRejected) {
    EXPECT_FALSE(parse_option_line("option"));
    EXPECT_FALSE(parse_option_line("option name"));
    EXPECT_FALSE(parse_option_line("option name Broken"));
    EXPECT_FALSE(parse_option_line("option type spin default 3"));
    EXPECT_FALSE(parse_option_line("option name Weird type"));
    EXPECT_FALSE(parse_option_line("id name Hash"));
}

TEST(OptionValues, CheckedAgainstTheAdvertisedType) {
    const auto hash = *parse_option_line("option name Hash type spin default 16 min 1 max 1024");
    EXPECT_EQ(check_option_value(hash, "64"), "");
    EXPECT_EQ(check_option_value(hash, "+64"), "");
    EXPECT_EQ(check_option_value(hash, "5000"), "value 5000 is outside 1..1024");
    EXPECT_NE(check_option_value(hash, "0"), "");
    EXPECT_NE(check_option_value(hash, "sixty"), "");
    EXPECT_NE(check_option_value(hash, "1.5"), "");

    const auto ponder = *parse_option_line("option name Ponder type check default false");
    EXPECT_EQ(check_option_value(ponder, "true"), "");
    EXPECT_EQ(check_option_value(ponder, "FALSE"), "");
    EXPECT_NE(check_option_value(ponder, "yes"), "");

    const auto style =
        *parse_option_line("option name Style type combo default Normal var Solid var Normal");
    EXPECT_EQ(check_option_value(style, "solid"), "");
    EXPECT_NE(check_option_value(style, "Wild"), "");

    const auto path = *parse_option_line("option name SyzygyPath type string default <empty>");
    EXPECT_EQ(check_option_value(path, "/tmp/a b"), "");
}

TEST(OptionValues, SetoptionUsesTheEngineSpelling) {
    std::vector<EngineOption> options = {
        *parse_option_line("option name Hash type spin default 16 min 1 max 1024"),
        *parse_option_line("option name Clear Hash type button"),
        *parse_option_line("option name Style type combo default Normal var Solid var Normal"),
        *parse_option_line("option name Ponder type check default false")};
    const EngineOption* hash = find_option(options, "hash");
    ASSERT_NE(hash, nullptr);
    EXPECT_EQ(setoption_command(*hash, "64"), "setoption name Hash value 64");
    EXPECT_EQ(setoption_command(*find_option(options, "CLEAR HASH"), ""),
              "setoption name Clear Hash");
    EXPECT_EQ(setoption_command(*find_option(options, "style"), "solid"),
              "setoption name Style value Solid");
    EXPECT_EQ(setoption_command(*find_option(options, "Ponder"), "TRUE"),
              "setoption name Ponder value true");
    EXPECT_EQ(find_option(options, "Hashish"), nullptr);
    EXPECT_EQ(setoption_command("Secret", "1"), "setoption name Secret value 1");
}

TEST(GoCommand, LimitsBecomeTheGoLine) {
    EXPECT_EQ(go_command(GoLimits::with_nodes(1000)), "go nodes 1000");
    EXPECT_EQ(go_command(GoLimits::with_depth(5)), "go depth 5");
    EXPECT_EQ(go_command(GoLimits::with_movetime(250)), "go movetime 250");
    GoLimits clock;
    clock.wtime = 60000;
    clock.btime = 59000;
    clock.winc = 600;
    clock.binc = 600;
    clock.movestogo = 40;
    EXPECT_EQ(go_command(clock), "go wtime 60000 btime 59000 winc 600 binc 600 movestogo 40");
    clock = {};
    clock.wtime = -20;  // a clock that ran out is sent as 0
    clock.btime = 100;
    EXPECT_EQ(go_command(clock), "go wtime 0 btime 100");
    GoLimits both = GoLimits::with_nodes(10);
    both.depth = 3;
    EXPECT_EQ(go_command(both), "go nodes 10 depth 3");
    GoLimits infinite;
    infinite.infinite = true;
    EXPECT_EQ(go_command(infinite), "go infinite");
    EXPECT_EQ(go_command(GoLimits{}), "go");
}

}  // namespace
