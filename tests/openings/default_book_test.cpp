// The committed default book (openings/default.epd, made by `lmr-harness openings generate`):
// it loads, every position is legal and playable, no position appears twice, every entry is
// named after an ECO line, every line is a position as other tools read EPD, the stored scores
// respect the bound its notes (openings/default.epd.txt) give, and the notes record the command
// that made it.

#include <gtest/gtest.h>

#include <fstream>
#include <set>
#include <sstream>
#include <string>

#include "engine/chess/movegen.hpp"
#include "engine/chess/position.hpp"
#include "harness/openings/book.hpp"
#include "harness/openings/book_generator.hpp"
#include "harness/openings/eco_reader.hpp"
#include "harness/openings/epd_reader.hpp"

namespace lmr::openings {
namespace {

const std::filesystem::path kDefaultBook = LMR_DEFAULT_BOOK;

TEST(DefaultBook, LoadsWithLegalUniqueNamedPositions) {
    ASSERT_TRUE(std::filesystem::exists(kDefaultBook)) << kDefaultBook;
    const ReadResult book = read_epd_file(kDefaultBook);
    EXPECT_EQ(book.skipped, 0u);
    EXPECT_GE(book.openings.size(), 1000u);
    EXPECT_LE(book.openings.size(), 3000u);

    std::set<std::string> seen;
    std::set<chess::Key> keys;  // a second opinion: the Zobrist key (usable en passant only)
    for (const Opening& opening : book.openings) {
        const auto position = chess::Position::from_fen(opening.fen);
        ASSERT_TRUE(position.has_value()) << opening.fen;
        EXPECT_GT(chess::count_legal_moves(*position), 0) << opening.fen;
        EXPECT_TRUE(seen.insert(position_identity(*position)).second)
            << "duplicate position at line " << opening.line << ": " << opening.fen;
        EXPECT_TRUE(keys.insert(position->key()).second) << "line " << opening.line;
        EXPECT_FALSE(eco_code_of(opening.name).empty()) << "line " << opening.line;
        // From a real game start: a move has been played, and the counters say so.
        EXPECT_GE(position->fullmove_number(), 2) << "line " << opening.line;
    }
    // The run commands' default --book loads it too.
    EXPECT_EQ(Book::load(kDefaultBook).size(), book.openings.size());
}

// fastchess and cutechess-cli read an EPD book line by line, each line a position: its first four
// fields a FEN without the move counters, then opcodes. A '#' line (the book's notes, once)
// stopped a fastchess match halfway.
TEST(DefaultBook, EveryLineIsAPositionAsFastchessAndCutechessReadIt) {
    std::ifstream in(kDefaultBook);
    ASSERT_TRUE(in) << kDefaultBook;
    int number = 0;
    for (std::string line; std::getline(in, line);) {
        ++number;
        std::istringstream fields(line);
        std::string board, side, castling, en_passant;
        ASSERT_TRUE(fields >> board >> side >> castling >> en_passant) << "line " << number;
        const std::string fen = board + ' ' + side + ' ' + castling + ' ' + en_passant + " 0 1";
        EXPECT_TRUE(chess::Position::from_fen(fen).has_value())
            << "line " << number << " is no position: " << line;
    }
    EXPECT_EQ(number, static_cast<int>(read_epd_file(kDefaultBook).openings.size()));
}

TEST(DefaultBook, NotesNameTheCommandAndScoresKeepTheBound) {
    std::ifstream notes(book_notes_path(kDefaultBook));
    ASSERT_TRUE(notes) << book_notes_path(kDefaultBook);
    std::string line;
    std::string command;
    while (std::getline(notes, line))
        if (line.rfind("lmr-harness openings generate ", 0) == 0) command = line;
    ASSERT_FALSE(command.empty()) << "no 'lmr-harness openings generate …' line in the notes";
    std::ifstream in(kDefaultBook);
    int entries = 0;
    while (std::getline(in, line)) ++entries;
    const auto flag = command.find("--max-cp ");
    ASSERT_NE(flag, std::string::npos) << command;
    const int max_cp = std::stoi(command.substr(flag + 9));

    in.clear();
    in.seekg(0);
    int checked = 0;
    while (std::getline(in, line)) {
        const auto ce = line.rfind(" ce ");
        ASSERT_NE(ce, std::string::npos) << line;
        const int score = std::stoi(line.substr(ce + 4));
        EXPECT_LE(std::abs(score), max_cp) << line;
        ++checked;
    }
    EXPECT_EQ(checked, entries);
}

}  // namespace
}  // namespace lmr::openings
