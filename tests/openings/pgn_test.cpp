// PGN reader on small inline books, including the awkward parts of the format.
// Expected FENs were checked with Stockfish's `d` command (our Position keeps
// the en passant square after every double push, as the FEN standard says).

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "harness/openings/pgn_reader.hpp"

namespace lmr::openings {
namespace {

using Moves = std::vector<std::string>;
constexpr const char* kStart = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

ReadResult read(const std::string& text, ReadOptions options = {}) {
    return read_pgn(std::string_view(text), "book.pgn", options);
}

std::string error_of(const std::string& text, ReadOptions options = {}) {
    try {
        read(text, options);
    } catch (const BookError& e) {
        return e.what();
    }
    ADD_FAILURE() << "no error for:\n" << text;
    return {};
}

// Four games: comments, nested variations, NAGs, glyphs, escape lines,
// braces and semicolons inside tag strings, a missing result before the next
// tag section, a FEN tag with black to move, and a last game with neither
// tags nor result.
const std::string kNasty =
    "% an escape line, ignored\n"
    "[Event \"Braces {not a comment} ; not a comment (nor a variation)\"]\n"
    "[Site \"Quote \\\"inside\\\" a value\"]\n"
    "[ECO \"C60\"]\n"
    "[Opening \"Ruy Lopez\"]\n"
    "[Result \"*\"]\n"
    "\n"
    "1.e4 {a comment with ( parens and [brackets] } e5 $1 2. Nf3!? (2. f4 exf4\n"
    "(2... d5 {nested} 3. exd5) 3. Nf3) 2... Nc6 ; rest of line {brace\n"
    "3. Bb5 $14 a6 (3... Nf6 4. O-O (4. d3 {deep (} d6)) 4. Ba4 *\n"
    "\n"
    "[Event \"no result, FEN with black to move\"]\n"
    "[SetUp \"1\"]\n"
    "[FEN \"r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 2 3\"]\n"
    "\n"
    "3... Nf6 4. d3\n"
    "\n"
    "[Event \"third\"]\n"
    "1. d4 d5 2. c4 dxc4 1/2-1/2\n"
    "\n"
    "1. e4 c5 2. Nf3\n";

TEST(PgnReader, NastyBook) {
    const auto result = read(kNasty);
    ASSERT_EQ(result.openings.size(), 4u);

    const Opening& ruy = result.openings[0];
    EXPECT_EQ(ruy.start_fen, kStart);
    EXPECT_EQ(ruy.moves, (Moves{"e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6", "b5a4"}));
    EXPECT_EQ(ruy.fen, "r1bqkbnr/1ppp1ppp/p1n5/4p3/B3P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 1 4");
    EXPECT_EQ(ruy.name, "C60 Ruy Lopez");
    EXPECT_EQ(ruy.line, 2u);

    const Opening& fen_game = result.openings[1];
    EXPECT_EQ(fen_game.start_fen,
              "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 2 3");
    EXPECT_EQ(fen_game.moves, (Moves{"g8f6", "d2d3"}));
    EXPECT_EQ(fen_game.fen, "r1bqkb1r/pppp1ppp/2n2n2/4p3/4P3/3P1N2/PPP2PPP/RNBQKB1R b KQkq - 0 4");
    EXPECT_EQ(fen_game.line, 12u);

    EXPECT_EQ(result.openings[2].moves, (Moves{"d2d4", "d7d5", "c2c4", "d5c4"}));
    EXPECT_EQ(result.openings[2].fen, "rnbqkbnr/ppp1pppp/8/8/2pP4/8/PP2PPPP/RNBQKBNR w KQkq - 0 3");

    EXPECT_EQ(result.openings[3].moves, (Moves{"e2e4", "c7c5", "g1f3"}));
    EXPECT_EQ(result.openings[3].fen,
              "rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2");
    EXPECT_EQ(result.openings[3].line, 21u);
    EXPECT_EQ(result.openings[3].name, "");
}

TEST(PgnReader, CrlfLineEndingsAndByteOrderMark) {
    std::string text = "\xEF\xBB\xBF";
    for (char c : kNasty) {
        if (c == '\n') text += '\r';
        text += c;
    }
    const auto result = read(text);
    ASSERT_EQ(result.openings.size(), 4u);
    EXPECT_EQ(result.openings[1].moves, (Moves{"g8f6", "d2d3"}));
    EXPECT_EQ(result.openings[3].line, 21u);
}

TEST(PgnReader, PliesTruncates) {
    ReadOptions options;
    options.plies = 2;
    auto result = read(kNasty, options);
    ASSERT_EQ(result.openings.size(), 4u);
    EXPECT_EQ(result.openings[0].moves, (Moves{"e2e4", "e7e5"}));
    EXPECT_EQ(result.openings[0].fen,
              "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2");
    EXPECT_EQ(result.openings[1].moves.size(), 2u);

    options.plies = 0;
    result = read(kNasty, options);
    ASSERT_EQ(result.openings.size(), 4u);
    EXPECT_TRUE(result.openings[0].moves.empty());
    EXPECT_EQ(result.openings[0].fen, kStart);

    // Moves past the limit are not even parsed: an illegal one there is harmless.
    options.plies = 2;
    EXPECT_EQ(read("1. e4 e5 2. Qxh8 *\n", options).openings.size(), 1u);
}

TEST(PgnReader, IllegalSanNamesFileLineGameAndMove) {
    const std::string text =
        "[Event \"one\"]\n"
        "1. e4 e5 *\n"
        "\n"
        "[Event \"two\"]\n"
        "1. d4 d5\n"
        "2. Nf6 c6 *\n";
    const std::string e = error_of(text);
    EXPECT_EQ(e.rfind("book.pgn:6: game 2: illegal SAN 'Nf6' at ply 3 (2. white)", 0), 0u) << e;
}

TEST(PgnReader, SyntaxErrors) {
    std::string e = error_of("[Event \"x\"]\n1. e4 {never closed\n e5 *\n");
    EXPECT_EQ(e, "book.pgn:2: unterminated { comment");
    e = error_of("1. e4 e5 ) *\n");
    EXPECT_NE(e.find("')' without a matching '('"), std::string::npos) << e;
    e = error_of("1. e4 (1. d4 d5\n2. c4 *\n");
    EXPECT_EQ(e, "book.pgn:1: unterminated variation '('");
    e = error_of("[Event \"x]\n1. e4 *\n");
    EXPECT_NE(e.find("unterminated string"), std::string::npos) << e;
    e = error_of("[Event]\n1. e4 *\n");
    EXPECT_NE(e.find("malformed tag pair"), std::string::npos) << e;
    e = error_of("1. e4 <e5> *\n");
    EXPECT_NE(e.find("unexpected character '<'"), std::string::npos) << e;
}

TEST(PgnReader, BadSetUpIsAnError) {
    std::string e = error_of("[Event \"x\"]\n[FEN \"8/8/8/8 w - - 0 1\"]\n1. e4 *\n");
    EXPECT_EQ(e.rfind("book.pgn:2: game 1: invalid [FEN", 0), 0u) << e;
    e = error_of("[SetUp \"1\"]\n1. e4 *\n");
    EXPECT_NE(e.find("[SetUp \"1\"] without a [FEN] tag"), std::string::npos) << e;
    e = error_of("[Variant \"chess960\"]\n1. e4 *\n");
    EXPECT_NE(e.find("variant 'chess960' is not supported"), std::string::npos) << e;
    e = error_of("1. f3 e5 2. g4 Qh4# 0-1\n");
    EXPECT_NE(e.find("checkmate"), std::string::npos) << e;
    EXPECT_NE(e.find("--book-plies N"), std::string::npos) << e;  // how to use such a book
    e = error_of("1. e4 -- 2. d4 *\n");                           // a null move in the main line
    EXPECT_NE(e.find("illegal SAN '--'"), std::string::npos) << e;
}

TEST(PgnReader, WholeGamesKeepTheirTagsAndMayEndInMate) {
    const std::string fools_mate =
        "[Event \"e\"]\n[White \"w\"]\n[Result \"0-1\"]\n1. f3 e5 2. g4 Qh4# 0-1\n";
    ReadOptions options;
    options.whole_games = true;
    const ReadResult r = read(fools_mate, options);
    ASSERT_EQ(r.openings.size(), 1u);
    EXPECT_EQ(r.openings[0].moves, (Moves{"f2f3", "e7e5", "g2g4", "d8h4"}));
    const std::vector<std::pair<std::string, std::string>> tags = {
        {"Event", "e"}, {"White", "w"}, {"Result", "0-1"}};
    EXPECT_EQ(r.openings[0].tags, tags);
    // As a book the same game is rejected: nothing is left to play (BadSetUpIsAnError).
    EXPECT_NE(error_of(fools_mate).find("checkmate"), std::string::npos);
}

TEST(PgnReader, NullMovesAndOddTokensInsideVariationsAreSkipped) {
    const auto result = read("1. e4 (1. -- e5 $2 (1... Nf6!!)) 1... e5 2. Nf3 *\n");
    ASSERT_EQ(result.openings.size(), 1u);
    EXPECT_EQ(result.openings[0].moves, (Moves{"e2e4", "e7e5", "g1f3"}));
}

TEST(PgnReader, SkipModeDropsBadGamesOnly) {
    ReadOptions options;
    options.skip_invalid = true;
    const auto result = read(
        "[Event \"a\"]\n1. e4 e5 *\n\n"
        "[Event \"b\"]\n1. e4 e4 2. Nf3 *\n\n"
        "[Event \"c\"]\n[FEN \"bad fen\"]\n1. e4 *\n\n"
        "[Event \"d\"]\n1. d4 *\n",
        options);
    ASSERT_EQ(result.openings.size(), 2u);
    EXPECT_EQ(result.openings[1].moves, (Moves{"d2d4"}));
    EXPECT_EQ(result.skipped, 2u);
    ASSERT_EQ(result.skipped_errors.size(), 2u);
    EXPECT_EQ(result.skipped_errors[0].rfind("book.pgn:5: game 2: illegal SAN 'e4'", 0), 0u)
        << result.skipped_errors[0];
    EXPECT_EQ(result.skipped_errors[1].rfind("book.pgn:8: game 3: invalid [FEN", 0), 0u)
        << result.skipped_errors[1];
}

TEST(PgnReader, EmptyInputsAndBareResults) {
    EXPECT_TRUE(read("").openings.empty());
    EXPECT_TRUE(read("  \n{just a comment}\n; and another\n").openings.empty());
    const auto result = read("[Event \"tags only\"]\n\n");
    ASSERT_EQ(result.openings.size(), 1u);
    EXPECT_EQ(result.openings[0].fen, kStart);
    EXPECT_EQ(error_of("1. e4 e5", {.plies = -1}), "book.pgn: plies must be 0 or more");
}

}  // namespace
}  // namespace lmr::openings
