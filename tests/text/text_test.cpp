// The shared string helpers (engine/text): the edge cases their callers rely on.
#include "engine/text/text.hpp"

#include <gtest/gtest.h>

#include <cctype>
#include <string>
#include <string_view>
#include <vector>

namespace lmr::text {
namespace {

using Views = std::vector<std::string_view>;

// Code points, not bytes: "±" and "é" are two bytes each, "…" three.
TEST(Text, CodePointsAndTheirByteOffsets) {
    EXPECT_EQ(code_points(""), 0u);
    EXPECT_EQ(code_points("abc"), 3u);
    EXPECT_EQ(code_points("± é…"), 4u);
    const std::string_view text = "a±é…b";
    EXPECT_EQ(code_point_offset(text, 0), 0u);
    EXPECT_EQ(code_point_offset(text, 1), 1u);
    EXPECT_EQ(code_point_offset(text, 2), 3u);
    EXPECT_EQ(code_point_offset(text, 3), 5u);
    EXPECT_EQ(code_point_offset(text, 4), 8u);
    EXPECT_EQ(code_point_offset(text, 5), text.size());
    EXPECT_EQ(code_point_offset(text, 99), text.size());
}

// The C library's isspace in the "C" locale is the independent answer for every byte.
TEST(Text, IsSpaceIsTheCLocalesWhitespace) {
    for (int byte = 0; byte < 256; ++byte) {
        const char c = static_cast<char>(byte);
        EXPECT_EQ(is_space(c), std::isspace(byte) != 0) << "byte " << byte;
    }
}

TEST(Text, TrimRemovesAsciiWhitespaceAtBothEnds) {
    EXPECT_EQ(trim("  e2e4\t\r\n"), "e2e4");
    EXPECT_EQ(trim("\v\f a b \f\v"), "a b");  // inner whitespace stays
    EXPECT_EQ(trim(" \t "), "");
    EXPECT_EQ(trim(""), "");
    const std::string_view text = " x ";
    EXPECT_EQ(trim(text).data(), text.data() + 1);  // a view, not a copy
}

TEST(Text, SplitKeepsEmptyFields) {
    EXPECT_EQ(split("a,b,c", ','), (Views{"a", "b", "c"}));
    EXPECT_EQ(split("a,,b,", ','), (Views{"a", "", "b", ""}));
    EXPECT_EQ(split("", ','), (Views{""}));
    EXPECT_EQ(split(" a , b ", ','), (Views{" a ", " b "}));  // not trimmed
    EXPECT_EQ(split("lmr.steps.history", '.'), (Views{"lmr", "steps", "history"}));
}

TEST(Text, SplitWordsSkipsRunsOfWhitespace) {
    EXPECT_EQ(split_words("  info depth\t12  score cp 35\r\n"),
              (Views{"info", "depth", "12", "score", "cp", "35"}));
    EXPECT_TRUE(split_words("").empty());
    EXPECT_TRUE(split_words(" \t\n").empty());
    EXPECT_EQ(split_words("e2e4"), (Views{"e2e4"}));
}

TEST(Text, Joined) {
    EXPECT_EQ(joined({"a", "b", "c"}, ", "), "a, b, c");
    EXPECT_EQ(joined({"only"}, ", "), "only");
    EXPECT_EQ(joined({}, ", "), "");
    EXPECT_EQ(joined({"e2e4", "e7e5"}, " "), "e2e4 e7e5");
}

TEST(Text, IequalsIgnoresTheCaseOfAsciiLettersOnly) {
    EXPECT_TRUE(iequals("Hash", "hASH"));
    EXPECT_TRUE(iequals("", ""));
    EXPECT_FALSE(iequals("Hash", "Hash "));
    EXPECT_FALSE(iequals("a", "b"));
    EXPECT_TRUE(iequals("Move Overhead", "move overhead"));
    EXPECT_FALSE(iequals("\xC3\x89", "\xC3\xA9"));  // É and é: not ASCII, compared as bytes
}

TEST(Text, Lower) {
    EXPECT_EQ(lower("BayesElo"), "bayeselo");
    EXPECT_EQ(lower("A-Z_09"), "a-z_09");
    EXPECT_EQ(lower(""), "");
}

TEST(Text, EditDistance) {
    EXPECT_EQ(edit_distance("history", "histroy"), 2u);
    EXPECT_EQ(edit_distance("", "abc"), 3u);
    EXPECT_EQ(edit_distance("abc", ""), 3u);
    EXPECT_EQ(edit_distance("kitten", "sitting"), 3u);
    EXPECT_EQ(edit_distance("same", "same"), 0u);
    EXPECT_EQ(edit_distance("Gamma", "gamma"), 1u);  // case counts
    EXPECT_EQ(edit_distance(lower("Gamma"), lower("gamma")), 0u);
}

TEST(Text, NearestIsTheFirstOfTheClosest) {
    EXPECT_EQ(nearest("tt_mov", {"in_check", "tt_move", "killers"}), "tt_move");
    EXPECT_EQ(nearest("ab", {"xb", "ax"}), "xb");  // a tie: the first
    EXPECT_EQ(nearest("anything", {}), "");
}

TEST(Text, DidYouMeanGuessesOnlyALikelyTypo) {
    EXPECT_EQ(did_you_mean("matc", {"sprt", "match"}), " (did you mean 'match'?)");
    EXPECT_EQ(did_you_mean("--concurency", {"--db", "--concurrency"}),
              " (did you mean '--concurrency'?)");
    // Two edits are a typo in any word; beyond that, up to a third of a long word's length.
    EXPECT_EQ(did_you_mean("ab", {"xyz"}), "");  // three edits
    EXPECT_EQ(did_you_mean("xyz", {"match", "sprt"}), "");
    EXPECT_EQ(did_you_mean("--max-pairz-x", {"--max-pairs"}), " (did you mean '--max-pairs'?)");
    EXPECT_EQ(did_you_mean("frobnicate", {"match", "sprt", "tune"}), "");
    EXPECT_EQ(did_you_mean("anything", {}), "");
}

TEST(Text, FitFieldsDropsTheNamedFieldsInOrderThenCuts) {
    const std::string line = "Pairs 3/10 | Ptnml 0,1,1,1,0 | Elo +5.0 ± 9.9 | ETA 0:00:07";
    // 59 code points: "±" is two bytes but one character on the screen.
    EXPECT_EQ(fit_fields(line, 59, {"Ptnml"}), line);
    EXPECT_EQ(fit_fields(line, 58, {"Ptnml", "ETA"}), "Pairs 3/10 | Elo +5.0 ± 9.9 | ETA 0:00:07");
    EXPECT_EQ(fit_fields(line, 41, {"Ptnml", "ETA"}), "Pairs 3/10 | Elo +5.0 ± 9.9 | ETA 0:00:07");
    EXPECT_EQ(fit_fields(line, 40, {"Ptnml", "ETA"}), "Pairs 3/10 | Elo +5.0 ± 9.9");
    // Nothing left to drop: cut, the last column an ellipsis, never half a UTF-8 character.
    EXPECT_EQ(fit_fields(line, 20, {"Ptnml"}), "Pairs 3/10 | Elo +5…");
    EXPECT_EQ(fit_fields("Elo +5.0 ± 9.9", 10, {}), "Elo +5.0 …");
    EXPECT_EQ(fit_fields("Elo +5.0 ± 9.9", 11, {}), "Elo +5.0 ±…");
    EXPECT_EQ(fit_fields("abc", 0, {}), "");
    EXPECT_EQ(fit_fields("é±é±", 3, {}), "é±…");
    EXPECT_EQ(fit_fields("Pairs 1 | Ptnml 1", 3, {"Pairs", "Ptnml"}), "");
}

}  // namespace
}  // namespace lmr::text
