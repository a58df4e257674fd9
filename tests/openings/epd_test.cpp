// EPD reader on small inline books.

#include <gtest/gtest.h>

#include <sstream>

#include "harness/openings/epd_reader.hpp"

namespace lmr::openings {
namespace {

ReadResult read(const std::string& text, ReadOptions options = {}) {
    std::istringstream in(text);
    return read_epd(in, "book.epd", options);
}

std::string error_of(const std::string& text) {
    try {
        read(text);
    } catch (const BookError& e) {
        return e.what();
    }
    ADD_FAILURE() << "no error for:\n" << text;
    return {};
}

TEST(EpdReader, ReadsFieldsCountersAndOperations) {
    const auto result = read(
        "# a comment line\n"
        "\n"
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 bm e5; id \"king's pawn\";\n"
        "   r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3\r\n"
        "8/8/4k3/8/8/4K3/4P3/8 w - - hmvc 7; fmvn 41; c0 \"id inside; a comment\";\n"
        "8/8/4k3/8/8/4K3/4P3/8 b - - id \"semi;colon\"\n");
    ASSERT_EQ(result.openings.size(), 4u);
    EXPECT_EQ(result.skipped, 0u);

    const Opening& first = result.openings[0];
    EXPECT_EQ(first.start_fen, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
    EXPECT_EQ(first.fen, first.start_fen);
    EXPECT_TRUE(first.moves.empty());
    EXPECT_EQ(first.name, "king's pawn");
    EXPECT_EQ(first.line, 3u);

    EXPECT_EQ(result.openings[1].fen,
              "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3");
    EXPECT_EQ(result.openings[1].line, 4u);
    EXPECT_EQ(result.openings[2].fen, "8/8/4k3/8/8/4K3/4P3/8 w - - 7 41");
    EXPECT_EQ(result.openings[2].name, "");
    EXPECT_EQ(result.openings[3].fen, "8/8/4k3/8/8/4K3/4P3/8 b - - 0 1");
    EXPECT_EQ(result.openings[3].name, "semi;colon");
}

TEST(EpdReader, CountersAsFieldsWinOverOperations) {
    const auto result = read("8/8/4k3/8/8/4K3/4P3/8 w - - 3 25 hmvc 9; fmvn 99;\n");
    ASSERT_EQ(result.openings.size(), 1u);
    EXPECT_EQ(result.openings[0].fen, "8/8/4k3/8/8/4K3/4P3/8 w - - 3 25");
}

TEST(EpdReader, ByteOrderMarkAndEmptyInput) {
    EXPECT_EQ(read("").openings.size(), 0u);
    EXPECT_EQ(read("\n# only comments\n\n").openings.size(), 0u);
    const auto result = read(
        "\xEF\xBB\xBF"
        "8/8/4k3/8/8/4K3/4P3/8 w - -\n");
    ASSERT_EQ(result.openings.size(), 1u);
}

TEST(EpdReader, ErrorsNameFileLineAndProblem) {
    std::string e = error_of("8/8/4k3/8/8/4K3/4P3/8 w - -\n\n8/8/4k3/8/8/4K3/4P3/8 w -\n");
    EXPECT_EQ(e.rfind("book.epd:3: ", 0), 0u) << e;
    EXPECT_NE(e.find("expected 4 FEN fields"), std::string::npos) << e;
    EXPECT_NE(e.find("found 3"), std::string::npos) << e;

    // A PGN file given as an EPD book: the likely cause is named.
    e = error_of("[Event \"x\"]\n[Result \"1-0\"]\n\n1. e4 e5 1-0\n");
    EXPECT_EQ(e.rfind("book.epd:1: '[Event \"x\"]' is not an EPD position but looks like PGN", 0),
              0u)
        << e;
    EXPECT_NE(e.find("ends in .pgn"), std::string::npos) << e;

    e = error_of("8/8/4k3/8/8/4K3/4P3/8 x - -\n");
    EXPECT_EQ(e.rfind("book.epd:1: invalid position", 0), 0u) << e;

    e = error_of("8/8/4k3/8/8/4K3/4P3/9 w - -\n");  // rank of 9 squares
    EXPECT_NE(e.find("invalid position"), std::string::npos) << e;

    e = error_of("8/8/8/8/8/4K3/4P3/8 w - -\n");  // no black king
    EXPECT_NE(e.find("invalid position"), std::string::npos) << e;

    e = error_of("8/8/4k3/8/8/4K3/4P3/8 w - - 12\n");
    EXPECT_NE(e.find("must be followed by a fullmove number"), std::string::npos) << e;

    e = error_of("8/8/4k3/8/8/4K3/4P3/8 w - - id \"open;\n");
    EXPECT_NE(e.find("unterminated string"), std::string::npos) << e;

    e = error_of("8/8/4k3/8/8/4K3/4P3/8 w - - ;;\n");
    EXPECT_NE(e.find("expected an EPD opcode"), std::string::npos) << e;

    // Fool's mate: white is checkmated, nothing to play.
    e = error_of("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3\n");
    EXPECT_NE(e.find("checkmate"), std::string::npos) << e;
    e = error_of("7k/5Q2/6K1/8/8/8/8/8 b - -\n");
    EXPECT_NE(e.find("stalemate"), std::string::npos) << e;
}

TEST(EpdReader, SkipModeCountsBadLines) {
    ReadOptions options;
    options.skip_invalid = true;
    const auto result = read(
        "8/8/4k3/8/8/4K3/4P3/8 w - -\n"
        "not a position\n"
        "8/8/4k3/8/8/4K3/4P3/8 b - -\n"
        "7k/5Q2/6K1/8/8/8/8/8 b - -\n",
        options);
    ASSERT_EQ(result.openings.size(), 2u);
    EXPECT_EQ(result.openings[1].line, 3u);
    EXPECT_EQ(result.skipped, 2u);
    ASSERT_EQ(result.skipped_errors.size(), 2u);
    EXPECT_EQ(result.skipped_errors[0].rfind("book.epd:2: ", 0), 0u);
    EXPECT_EQ(result.skipped_errors[1].rfind("book.epd:4: ", 0), 0u);
}

}  // namespace
}  // namespace lmr::openings
