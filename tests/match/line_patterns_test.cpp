// The kept-line patterns (match_line=): RE2's syntax, searched anywhere in the line, byte for
// byte; what RE2 cannot run is refused when compiled, naming the pattern.
#include "harness/match/line_patterns.hpp"

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

namespace lmr::match {
namespace {

TEST(LinePatterns, AreSearchedAnywhereInTheLine) {
    const LinePatterns patterns({"^info depth 1 ", "score cp -?[0-9]+", "nodes \\d+ "});
    ASSERT_EQ(patterns.size(), 3u);
    const std::string line = "info depth 1 seldepth 2 score cp -12 nodes 40 pv e2e4";
    EXPECT_TRUE(patterns.found_in(0, line));
    EXPECT_TRUE(patterns.found_in(1, line));
    EXPECT_TRUE(patterns.found_in(2, line));
    EXPECT_FALSE(patterns.found_in(0, "info depth 12 score cp 3"));  // anchored at the start
    EXPECT_FALSE(patterns.found_in(1, "info depth 1 score mate 3"));
}

TEST(LinePatterns, ReadAnyBytesAsALine) {
    // An engine may print bytes that are not UTF-8; each is one character ('.' matches it).
    const LinePatterns patterns({"string .\xff$", "caf\xc3\xa9"});
    EXPECT_TRUE(patterns.found_in(0, std::string("info string \x80\xff")));
    EXPECT_TRUE(patterns.found_in(1, "info string caf\xc3\xa9"));  // a UTF-8 literal: its bytes
}

TEST(LinePatterns, ABacktrackingPatternOnALongLineIsNoCatastrophe) {
    // (a+)+$ against a's followed by "!" is exponential for a backtracking matcher; RE2 is linear.
    const LinePatterns patterns({"(a+)+$", "a+!"});
    const std::string line = "info string " + std::string(1'000'000, 'a') + "!";
    EXPECT_FALSE(patterns.found_in(0, line));
    EXPECT_TRUE(patterns.found_in(1, line));
}

TEST(LinePatterns, WhatRE2CannotRunIsRefusedNamingIt) {
    EXPECT_EQ(LinePatterns::error("^info depth [0-9]+ "), std::nullopt);
    EXPECT_NE(LinePatterns::error("(info"), std::nullopt);
    EXPECT_NE(LinePatterns::error("(a)\\1"), std::nullopt);         // a backreference
    EXPECT_NE(LinePatterns::error("info(?=depth)"), std::nullopt);  // lookahead
    try {
        LinePatterns({"^info", "(a)\\1"});
        FAIL() << "a backreference was compiled";
    } catch (const std::invalid_argument& e) {
        EXPECT_NE(std::string(e.what()).find("match_line pattern '(a)\\1'"), std::string::npos)
            << e.what();
    }
}

}  // namespace
}  // namespace lmr::match
