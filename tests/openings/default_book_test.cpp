// The committed default book (openings/default.epd, made by `lmr-harness openings generate`):
// it loads, every position is legal and playable, no position appears twice, every entry is
// named after an ECO line, the stored scores respect the bound in its header, and the header
// records the command that made it.

#include <gtest/gtest.h>

#include <fstream>
#include <set>
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

TEST(DefaultBook, HeaderNamesTheCommandAndScoresKeepTheBound) {
    std::ifstream in(kDefaultBook);
    ASSERT_TRUE(in) << kDefaultBook;
    std::string line;
    std::string command;
    int entries = 0;
    while (std::getline(in, line)) {
        if (line.rfind("# lmr-harness openings generate ", 0) == 0) command = line;
        if (line.empty() || line[0] == '#') continue;
        ++entries;
    }
    ASSERT_FALSE(command.empty()) << "no '# lmr-harness openings generate …' header line";
    const auto flag = command.find("--max-cp ");
    ASSERT_NE(flag, std::string::npos) << command;
    const int max_cp = std::stoi(command.substr(flag + 9));

    in.clear();
    in.seekg(0);
    int checked = 0;
    while (std::getline(in, line)) {
        if (line.empty() || line[0] == '#') continue;
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
