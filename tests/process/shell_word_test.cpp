// Shell quoting of stored and printed command lines: what POSIX sh reads back must be the word.

#include "harness/process/shell_word.hpp"

#include <gtest/gtest.h>

namespace lmr::process {
namespace {

TEST(ShellWord, PlainWordsStayAsTheyAre) {
    EXPECT_EQ(shell_word("--tc"), "--tc");
    EXPECT_EQ(shell_word("tc=10+0.1"), "tc=10+0.1");
    EXPECT_EQ(shell_word("/usr/games/stockfish"), "/usr/games/stockfish");
    EXPECT_EQ(shell_word("a,b:c@d%e_f"), "a,b:c@d%e_f");
}

TEST(ShellWord, SpacesAndShellCharactersAreSingleQuoted) {
    EXPECT_EQ(shell_word("option.Move Overhead=20"), "'option.Move Overhead=20'");
    EXPECT_EQ(shell_word("$HOME"), "'$HOME'");
    EXPECT_EQ(shell_word("a;b"), "'a;b'");
    EXPECT_EQ(shell_word("*.pgn"), "'*.pgn'");
}

TEST(ShellWord, AnEmptyWordIsAPairOfQuotes) {
    EXPECT_EQ(shell_word(""), "''");
}

TEST(ShellWord, AQuoteIsClosedEscapedAndReopened) {
    EXPECT_EQ(shell_word("it's"), "'it'\\''s'");
}

TEST(ShellLine, JoinsQuotedWordsWithSpaces) {
    EXPECT_EQ(shell_line({"lmr-harness", "match", "--engine", "name=a b"}),
              "lmr-harness match --engine 'name=a b'");
    EXPECT_EQ(shell_line({}), "");
}

}  // namespace
}  // namespace lmr::process
