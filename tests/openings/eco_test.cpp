// The ECO reader on inline samples and on Debian's scid.eco (skipped where scid-data is not
// installed). Expected FENs were checked with Stockfish's `d` command.

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include "harness/openings/eco_reader.hpp"

namespace lmr::openings {
namespace {

using Moves = std::vector<std::string>;

constexpr const char* kStartFen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

std::string error_of(const std::string& text, ReadOptions options = {}) {
    try {
        read_eco(text, "test.eco", options);
    } catch (const BookError& e) {
        return e.what();
    }
    ADD_FAILURE() << "no error for:\n" << text;
    return {};
}

TEST(EcoReader, EcoCodes) {
    for (const char* code : {"A00", "A00b", "A00b1", "E99z4", "C42"})
        EXPECT_TRUE(is_eco_code(code)) << code;
    for (const char* code : {"", "A0", "F00", "a00", "A00B", "A00b5", "A00b12", "Nf3", "Bc4", "B1"})
        EXPECT_FALSE(is_eco_code(code)) << code;
    EXPECT_EQ(eco_code_of("B90a Sicilian: Najdorf"), "B90a");
    EXPECT_EQ(eco_code_of("Sicilian"), "");
    EXPECT_EQ(eco_code_of("C20"), "C20");
}

TEST(EcoReader, EntriesCommentsAndMultiLineLines) {
    const auto result = read_eco(
        "# Scid ECO file\n"
        "#   indented text inside a comment: B00 \"not an entry\" 1.e4 *\n"
        "\n"
        "A00a \"Start position\"  *\n"
        "A00b \"Barnes Opening\"  1.f3 *\n"
        "   # an indented comment line\n"
        "A02 \"Bird: From Gambit, Lasker Variation\"\n"
        "  1.f4 e5 2.fxe5 d6\r\n"
        "  3.exd6 Bxd6 4.Nf3 g5 *\n"
        "B90a \"Sicilian: Najdorf\" 1. e4 c5 2. Nf3 d6 3.d4 cxd4 4.Nxd4 Nf6 5.Nc3 3...a6 *",
        "test.eco");
    EXPECT_EQ(result.skipped, 0u);
    ASSERT_EQ(result.openings.size(), 4u);

    const Opening& start = result.openings[0];
    EXPECT_EQ(start.name, "A00a Start position");
    EXPECT_EQ(start.start_fen, kStartFen);
    EXPECT_EQ(start.fen, kStartFen);
    EXPECT_TRUE(start.moves.empty());
    EXPECT_EQ(start.line, 4u);

    const Opening& barnes = result.openings[1];
    EXPECT_EQ(barnes.name, "A00b Barnes Opening");
    EXPECT_EQ(barnes.moves, Moves{"f2f3"});
    EXPECT_EQ(barnes.fen, "rnbqkbnr/pppppppp/8/8/8/5P2/PPPPP1PP/RNBQKBNR b KQkq - 0 1");
    EXPECT_EQ(barnes.line, 5u);

    const Opening& bird = result.openings[2];
    EXPECT_EQ(bird.name, "A02 Bird: From Gambit, Lasker Variation");
    EXPECT_EQ(bird.moves, (Moves{"f2f4", "e7e5", "f4e5", "d7d6", "e5d6", "f8d6", "g1f3", "g7g5"}));
    EXPECT_EQ(bird.fen, "rnbqk1nr/ppp2p1p/3b4/6p1/8/5N2/PPPPP1PP/RNBQKB1R w KQkq g6 0 5");
    EXPECT_EQ(bird.line, 7u);

    const Opening& najdorf = result.openings[3];
    EXPECT_EQ(najdorf.name, "B90a Sicilian: Najdorf");
    EXPECT_EQ(najdorf.moves.size(), 10u);
    EXPECT_EQ(najdorf.fen, "rnbqkb1r/1p2pppp/p2p1n2/8/3NP3/2N5/PPP2PPP/R1BQKB1R w KQkq - 0 6");
    EXPECT_EQ(najdorf.line, 10u);
}

TEST(EcoReader, PliesOptionShortensLines) {
    ReadOptions options;
    options.plies = 2;
    const auto result =
        read_eco("C20 \"King's Pawn\" 1.e4 e5 2.Nf3 *\nA00b \"Barnes\" 1.f3 *\n", "t.eco", options);
    ASSERT_EQ(result.openings.size(), 2u);
    EXPECT_EQ(result.openings[0].moves, (Moves{"e2e4", "e7e5"}));
    EXPECT_EQ(result.openings[1].moves, Moves{"f2f3"});
}

TEST(EcoReader, IllegalSanNamesTheMovesLine) {
    const std::string text =
        "A00b \"Barnes Opening\"  1.f3 *\n"
        "C20 \"Broken\"\n"
        "  1.e4 e5\n"
        "  2.Ke3 Nc6 *\n"
        "C40 \"King's Knight\" 1.e4 e5 2.Nf3 *\n";
    const std::string error = error_of(text);
    EXPECT_NE(error.find("test.eco:4: "), std::string::npos) << error;
    EXPECT_NE(error.find("'Ke3'"), std::string::npos) << error;
    EXPECT_NE(error.find("C20 Broken"), std::string::npos) << error;
    EXPECT_NE(error.find("ply 3"), std::string::npos) << error;

    ReadOptions skip;
    skip.skip_invalid = true;
    const auto result = read_eco(text, "test.eco", skip);
    EXPECT_EQ(result.skipped, 1u);
    ASSERT_EQ(result.skipped_errors.size(), 1u);
    EXPECT_EQ(result.skipped_errors[0], error);
    ASSERT_EQ(result.openings.size(), 2u);
    EXPECT_EQ(result.openings[0].name, "A00b Barnes Opening");
    EXPECT_EQ(result.openings[1].name, "C40 King's Knight");
    EXPECT_EQ(result.openings[1].line, 5u);
}

TEST(EcoReader, LineEndingTheGameIsABadEntry) {
    const std::string text = "A00 \"Fool's Mate\" 1.f3 e5 2.g4 Qh4# *\nA00b \"Barnes\" 1.f3 *\n";
    EXPECT_NE(error_of(text).find("test.eco:1: "), std::string::npos);
    EXPECT_NE(error_of(text).find("checkmate"), std::string::npos);
    ReadOptions skip;
    skip.skip_invalid = true;
    const auto result = read_eco(text, "test.eco", skip);
    EXPECT_EQ(result.skipped, 1u);
    ASSERT_EQ(result.openings.size(), 1u);
}

TEST(EcoReader, StructuralErrorsAreFatalEvenWhenSkipping) {
    ReadOptions skip;
    skip.skip_invalid = true;
    // A missing '*': the next entry would be read as moves.
    EXPECT_NE(error_of("A00b \"Barnes\" 1.f3\nA00c \"Kadas\" 1.h4 *\n", skip)
                  .find("test.eco:2: entry 'A00b Barnes' (line 1) has no '*'"),
              std::string::npos);
    EXPECT_NE(error_of("A00b \"Barnes\" 1.f3\n", skip).find("is not terminated by '*'"),
              std::string::npos);
    EXPECT_NE(error_of("A00b \"Barnes 1.f3 *\nA00c \"Kadas\" 1.h4 *\n", skip)
                  .find("test.eco:1: unterminated name"),
              std::string::npos);
    EXPECT_NE(error_of("A00c \"Kadas\" 1.h4 *\nZ99 \"Nope\" 1.e4 *\n", skip)
                  .find("test.eco:2: expected an ECO code"),
              std::string::npos);
    EXPECT_NE(error_of("A00c 1.h4 *\n", skip).find("not followed by a quoted name"),
              std::string::npos);
    EXPECT_EQ(read_eco("", "empty.eco").openings.size(), 0u);
    EXPECT_EQ(read_eco("# only a comment\n\n", "c.eco").openings.size(), 0u);
    EXPECT_THROW(read_eco_file("/nonexistent/scid.eco"), BookError);
}

// Debian's scid-data: every entry must read, and the count must agree with a plain count of
// the lines that start with an ECO code (each entry starts on its own line).
TEST(EcoReader, DebianScidEco) {
    const std::filesystem::path path = "/usr/share/scid/data/scid.eco";
    if (!std::filesystem::exists(path))
        GTEST_SKIP() << path << " absent (Debian package scid-data)";

    std::size_t entry_lines = 0;
    {
        std::ifstream in(path);
        std::string line;
        while (std::getline(in, line)) {
            if (is_eco_code(line.substr(0, line.find(' ')))) ++entry_lines;
        }
    }
    const auto result = read_eco_file(path);
    EXPECT_EQ(result.skipped, 0u);
    EXPECT_EQ(result.openings.size(), entry_lines);
    EXPECT_GT(result.openings.size(), 10'000u);  // "about 10,000 named lines"

    std::map<std::string, const Opening*> by_name;
    for (const Opening& opening : result.openings) by_name.emplace(opening.name, &opening);
    ASSERT_TRUE(by_name.count("A00b Barnes Opening"));
    EXPECT_EQ(by_name["A00b Barnes Opening"]->moves, Moves{"f2f3"});
    ASSERT_TRUE(by_name.count("B90a Sicilian: Najdorf"));
    EXPECT_EQ(by_name["B90a Sicilian: Najdorf"]->fen,
              "rnbqkb1r/1p2pppp/p2p1n2/8/3NP3/2N5/PPP2PPP/R1BQKB1R w KQkq - 0 6");
    ASSERT_TRUE(by_name.count("A02 Bird: From Gambit, Lasker Variation"));  // a two-line entry
    EXPECT_EQ(by_name["A02 Bird: From Gambit, Lasker Variation"]->moves.size(), 8u);
    EXPECT_EQ(result.openings.front().name, "A00a Start position");
    EXPECT_EQ(eco_code_of(result.openings.back().name), "E99");
}

}  // namespace
}  // namespace lmr::openings
