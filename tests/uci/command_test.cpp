// Parsing of UCI commands and formatting of info lines.
#include "engine/uci/command.hpp"

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "engine/chess/notation.hpp"
#include "engine/search/score.hpp"
#include "engine/uci/options.hpp"

namespace lmr::uci {
namespace {

TEST(Tokenize, SplitsOnAnyWhitespaceAndDropsCarriageReturn) {
    const auto t = tokenize("  go\twtime 100   btime 200\r");
    ASSERT_EQ(t.size(), 5u);
    EXPECT_EQ(t[0], "go");
    EXPECT_EQ(t[4], "200");
    EXPECT_TRUE(tokenize("").empty());
    EXPECT_TRUE(tokenize(" \t \r").empty());
}

TEST(ParsePosition, StartposWithMoves) {
    const auto pos = parse_position(tokenize("startpos moves e2e4 e7e5 g1f3"));
    ASSERT_TRUE(pos);
    EXPECT_EQ(pos->fen(), "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2");
}

TEST(ParsePosition, FenWithAndWithoutMoves) {
    const auto a = parse_position(tokenize("fen 8/8/8/8/8/2k5/1R6/K7 w - - 12 80"));
    ASSERT_TRUE(a);
    EXPECT_EQ(a->halfmove_clock(), 12);
    const auto b =
        parse_position(tokenize("fen r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 moves e1g1 e8c8"));
    ASSERT_TRUE(b);
    EXPECT_EQ(b->fen(), "2kr3r/8/8/8/8/8/8/R4RK1 w - - 2 2");
    // 4-field EPD-style FEN.
    EXPECT_TRUE(parse_position(tokenize("fen 4k3/8/8/8/8/8/8/4K3 w - -")));
}

TEST(ParsePosition, RejectsGarbageWithAReason) {
    std::string error;
    EXPECT_FALSE(parse_position(tokenize("fen this is not a fen"), &error));
    EXPECT_FALSE(error.empty());
    EXPECT_FALSE(parse_position(tokenize("startpos moves e2e5"), &error));
    EXPECT_NE(error.find("e2e5"), std::string::npos);
    EXPECT_FALSE(parse_position(tokenize("startpos e2e4"), &error));
    EXPECT_FALSE(parse_position(tokenize("sideways"), &error));
    EXPECT_FALSE(parse_position({}, &error));
}

TEST(ParseGo, EveryField) {
    const auto pos = chess::Position::startpos();
    const GoCommand go = parse_go(
        tokenize("wtime 60000 btime 55000 winc 1000 binc 900 movestogo 30 depth 12 nodes 5000 "
                 "movetime 2500 mate 3"),
        pos);
    EXPECT_EQ(go.limits.time[chess::kWhite], 60000);
    EXPECT_EQ(go.limits.time[chess::kBlack], 55000);
    EXPECT_EQ(go.limits.inc[chess::kWhite], 1000);
    EXPECT_EQ(go.limits.inc[chess::kBlack], 900);
    EXPECT_EQ(go.limits.movestogo, 30);
    EXPECT_EQ(go.limits.depth, 12);
    EXPECT_EQ(go.limits.nodes, 5000u);
    EXPECT_EQ(go.limits.movetime, 2500);
    EXPECT_EQ(go.limits.mate, 3);
    EXPECT_FALSE(go.limits.infinite);
    EXPECT_EQ(go.perft_depth, 0);
    EXPECT_TRUE(go.errors.empty());
}

TEST(ParseGo, InfinitePerftSearchmovesAndPonder) {
    const auto pos = chess::Position::startpos();
    EXPECT_TRUE(parse_go(tokenize("infinite"), pos).limits.infinite);
    EXPECT_EQ(parse_go(tokenize("perft 4"), pos).perft_depth, 4);
    const GoCommand sm = parse_go(tokenize("searchmoves e2e4 d2d4 xx depth 3"), pos);
    ASSERT_EQ(sm.limits.searchmoves.size(), 2u);
    EXPECT_EQ(chess::to_uci(sm.limits.searchmoves[1]), "d2d4");
    EXPECT_EQ(sm.limits.depth, 3);
    EXPECT_EQ(sm.errors, std::vector<std::string>{"go searchmoves xx ignored: not a legal move"});
    const GoCommand ponder = parse_go(tokenize("ponder wtime 1000 btime 1000"), pos);
    EXPECT_TRUE(ponder.ponder);
    EXPECT_TRUE(ponder.limits.infinite);
}

// Each refused token gets one message naming it and why; the other limits stand.
TEST(ParseGo, BadValuesAreRefusedOneMessageEach) {
    const auto pos = chess::Position::startpos();
    const GoCommand go = parse_go(
        tokenize("depth x wtime 5000 nodes 12abc movetime -1 mate -3 winc -5 movestogo 0 frob"),
        pos);
    EXPECT_EQ(go.limits.depth, 0);
    EXPECT_EQ(go.limits.time[chess::kWhite], 5000);
    EXPECT_EQ(go.limits.nodes, 0u);
    EXPECT_EQ(go.limits.movetime, -1);
    EXPECT_EQ(go.limits.mate, 0);
    EXPECT_EQ(go.limits.inc[chess::kWhite], 0);
    EXPECT_EQ(go.limits.movestogo, 0);
    EXPECT_FALSE(go.limits.infinite);
    const std::vector<std::string> expected = {
        "go depth x ignored: not a whole number",
        "go nodes 12abc ignored: not a whole number",
        "go movetime -1 ignored: expected milliseconds >= 0",
        "go mate -3 ignored: expected a number of moves >= 1",
        "go winc -5 ignored: expected milliseconds >= 0",
        "go movestogo 0 ignored: expected a number of moves >= 1",
        "go frob ignored: unknown token"};
    EXPECT_EQ(go.errors, expected);
}

TEST(ParseGo, MissingAndOverflowingValues) {
    const auto pos = chess::Position::startpos();
    // A keyword right after another keyword has no value; the next one is still read.
    GoCommand go = parse_go(tokenize("nodes depth 4"), pos);
    EXPECT_EQ(go.limits.depth, 4);
    EXPECT_EQ(go.errors, std::vector<std::string>{"go nodes ignored: no value"});
    go = parse_go(tokenize("depth 3 nodes"), pos);
    EXPECT_EQ(go.errors, std::vector<std::string>{"go nodes ignored: no value"});
    go = parse_go(tokenize("nodes 99999999999999999999999 depth 2"), pos);
    EXPECT_EQ(go.limits.nodes, 0u);
    EXPECT_EQ(go.errors, std::vector<std::string>{
                             "go nodes 99999999999999999999999 ignored: number out of range"});
    go = parse_go(tokenize("movetime -9223372036854775809 depth 2"), pos);
    EXPECT_EQ(go.limits.movetime, -1);
    EXPECT_EQ(go.errors.size(), 1u);
    // Large but valid values are capped where the engine has a limit.
    go = parse_go(tokenize("depth 100000 mate 5000 nodes 9223372036854775807"), pos);
    EXPECT_EQ(go.limits.depth, search::kMaxPly - 8);
    EXPECT_EQ(go.limits.mate, 100);
    EXPECT_EQ(go.limits.nodes, 9223372036854775807u);
    EXPECT_TRUE(go.errors.empty());
    EXPECT_EQ(parse_go(tokenize("depth +5"), pos).limits.depth, 5);
    EXPECT_TRUE(parse_go(tokenize("depth +5"), pos).errors.empty());
}

// The rule for a go left without a limit: refused tokens → depth 1 (never an endless
// search, always a bestmove); a bare go → until stop, as before.
TEST(ParseGo, NothingLeftMeansDepthOneBareGoMeansInfinite) {
    const auto pos = chess::Position::startpos();
    for (const char* args : {"nodes -5", "wtime abc", "mate -3", "depth 0", "movetime -1", "nodes",
                             "depth 99999999999999999999", "perft x", "frobnicate",
                             "searchmoves e2e5", "wtime x btime 1000"}) {
        const GoCommand go = parse_go(tokenize(args), pos);
        EXPECT_EQ(go.limits.depth, 1) << args;
        EXPECT_FALSE(go.limits.infinite) << args;
        EXPECT_EQ(go.perft_depth, 0) << args;
        ASSERT_GE(go.errors.size(), 2u) << args;
        EXPECT_EQ(go.errors.back(), "go: no valid limit left, searching to depth 1") << args;
        const std::string first_word(tokenize(args).front());
        EXPECT_EQ(go.errors.front().rfind("go " + first_word + " ", 0), 0u) << go.errors.front();
    }
    EXPECT_TRUE(parse_go({}, pos).limits.infinite);  // bare "go" searches until stop
    EXPECT_TRUE(parse_go({}, pos).errors.empty());
    EXPECT_FALSE(parse_go({}, pos).limits.has_time_limit());
    EXPECT_FALSE(parse_go(tokenize("depth 3"), pos).limits.infinite);
    // A refused token beside a good limit: the good limit alone decides.
    const GoCommand mixed = parse_go(tokenize("nodes -5 movetime 100"), pos);
    EXPECT_EQ(mixed.limits.movetime, 100);
    EXPECT_EQ(mixed.limits.depth, 0);
    EXPECT_EQ(mixed.errors.size(), 1u);
    // "go infinite" and "go ponder" keep waiting for stop whatever else was refused.
    EXPECT_TRUE(parse_go(tokenize("infinite nodes -5"), pos).limits.infinite);
    EXPECT_EQ(parse_go(tokenize("infinite nodes -5"), pos).limits.depth, 0);
    EXPECT_TRUE(parse_go(tokenize("ponder wtime x"), pos).limits.infinite);
}

TEST(ParseGo, ClockBelowZeroIsReadAsZero) {
    const auto pos = chess::Position::startpos();
    const GoCommand go = parse_go(tokenize("wtime -20 btime 3000"), pos);
    EXPECT_EQ(go.limits.time[chess::kWhite], 0);
    EXPECT_EQ(go.limits.time[chess::kBlack], 3000);
    EXPECT_EQ(go.limits.depth, 0);
    EXPECT_EQ(go.errors, std::vector<std::string>{"go wtime -20: a clock below zero, read as 0"});
    // Only the side to move's clock bounds its search: black to move, a white clock alone.
    const auto black =
        *chess::Position::from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    EXPECT_TRUE(parse_go(tokenize("wtime 1000"), black).limits.infinite);
    EXPECT_EQ(parse_go(tokenize("btime x wtime 1000"), black).limits.depth, 1);
}

// Random "go" lines from the real keywords, good and bad values and junk: a search is always
// bounded, or waits for "stop" only when asked to (infinite, ponder) or when nothing at all
// was refused (a bare go); a go with a refused token never becomes an endless search.
TEST(ParseGo, RandomLinesNeverStartAnEndlessSearch) {
    const auto pos = chess::Position::startpos();
    const auto words = tokenize(
        "wtime btime winc binc movestogo depth nodes mate movetime perft searchmoves e2e4 e2e5 0 "
        "1 -1 7 +3 abc 12x -9223372036854775808 99999999999999999999 frob infinite ponder");
    std::mt19937 rng(20261125);
    for (int n = 0; n < 20000; ++n) {
        std::string line;
        const int length = static_cast<int>(rng() % 7);
        for (int i = 0; i < length; ++i) {
            line += std::string(words[rng() % words.size()]) + " ";
        }
        const auto args = tokenize(line);
        const GoCommand go = parse_go(args, pos);
        const search::Limits& l = go.limits;
        const bool bounded = l.depth > 0 || l.nodes > 0 || l.mate > 0 || l.movetime >= 0 ||
                             l.time[chess::kWhite] >= 0;
        EXPECT_TRUE(bounded || l.infinite || go.perft_depth > 0) << line;
        const bool asked_to_wait =
            line.find("infinite") != std::string::npos || line.find("ponder") != std::string::npos;
        if (!asked_to_wait) {
            EXPECT_FALSE(l.infinite && !go.errors.empty()) << line;
        }
        EXPECT_GE(l.depth, 0) << line;
        EXPECT_LE(l.depth, search::kMaxPly - 8) << line;
        EXPECT_GE(l.mate, 0) << line;
        EXPECT_GE(l.movestogo, 0) << line;
        EXPECT_GE(l.inc[chess::kWhite], 0) << line;
        EXPECT_GE(l.time[chess::kBlack], -1) << line;
    }
}

TEST(ParseSetoption, NamesAndValuesWithSpaces) {
    auto o = parse_setoption(tokenize("name Clear Hash"));
    ASSERT_TRUE(o);
    EXPECT_EQ(o->name, "Clear Hash");
    EXPECT_FALSE(o->has_value);
    o = parse_setoption(tokenize("name Config value /tmp/my configs/a.json"));
    ASSERT_TRUE(o);
    EXPECT_EQ(o->name, "Config");
    EXPECT_EQ(o->value, "/tmp/my configs/a.json");
    EXPECT_TRUE(o->has_value);
    EXPECT_FALSE(parse_setoption(tokenize("Hash value 3")));
    EXPECT_FALSE(parse_setoption(tokenize("name")));
}

TEST(FormatScore, CentipawnsAndMates) {
    EXPECT_EQ(format_score(35), "cp 35");
    EXPECT_EQ(format_score(-120), "cp -120");
    EXPECT_EQ(format_score(search::mate_in(3)), "mate 2");
    EXPECT_EQ(format_score(search::mated_in(4)), "mate -2");
}

TEST(FormatInfo, WellFormedLine) {
    search::PrincipalVariation pv;
    const auto pos = chess::Position::startpos();
    pv.moves[0] = chess::parse_uci(pos, "e2e4");
    pv.length = 1;
    search::IterationInfo info;
    info.depth = 7;
    info.seldepth = 11;
    info.score = 21;
    info.bound = search::Bound::kLower;
    info.nodes = 123456;
    info.time_ms = 100;
    info.hashfull = 12;
    info.pv = &pv;
    EXPECT_EQ(format_info(info),
              "info depth 7 seldepth 11 multipv 1 score cp 21 lowerbound nodes 123456 nps 1234560 "
              "hashfull 12 time 100 pv e2e4");
}

TEST(Options, SpinCheckStringButton) {
    int applied = 0;
    Option spin("Hash", Option::Type::kSpin, "16", 1, 1024,
                [&](const std::string& v, std::string*) {
                    applied = std::stoi(v);
                    return true;
                });
    EXPECT_EQ(spin.declaration(), "option name Hash type spin default 16 min 1 max 1024");
    std::string error;
    EXPECT_TRUE(spin.set("64", &error));
    EXPECT_EQ(applied, 64);
    EXPECT_FALSE(spin.set("0", &error));
    EXPECT_FALSE(spin.set("abc", &error));
    EXPECT_EQ(spin.value(), "64");

    Option check("LmrStats", Option::Type::kCheck, "false", 0, 0, nullptr);
    EXPECT_EQ(check.declaration(), "option name LmrStats type check default false");
    EXPECT_TRUE(check.set("TRUE", &error));
    EXPECT_EQ(check.value(), "true");
    EXPECT_FALSE(check.set("yes", &error));

    Option str("Config", Option::Type::kString, "", 0, 0, nullptr);
    EXPECT_EQ(str.declaration(), "option name Config type string default <empty>");
    Option button("Clear Hash", Option::Type::kButton, "", 0, 0, nullptr);
    EXPECT_EQ(button.declaration(), "option name Clear Hash type button");

    OptionSet set;
    set.add(spin);
    EXPECT_NE(set.find("hash"), nullptr);
    EXPECT_EQ(set.find("Hashes"), nullptr);
}

}  // namespace
}  // namespace lmr::uci
