// The pure steps of book generation: position identity, ply filter, de-duplication, the
// balance test, order and the EPD lines (read back by read_epd). No engine needed.

#include "harness/openings/book_generator.hpp"

#include <gtest/gtest.h>

#include <sstream>

#include "engine/chess/position.hpp"
#include "harness/openings/eco_reader.hpp"
#include "harness/openings/epd_reader.hpp"

namespace lmr::openings {
namespace {

std::string identity_of(const std::string& fen) {
    const auto position = chess::Position::from_fen(fen);
    EXPECT_TRUE(position.has_value()) << fen;
    return position ? position_identity(*position) : std::string();
}

TEST(BookGenerator, PositionIdentityKeepsOnlyUsableEnPassant) {
    // After 1.e4 no black pawn can take en passant: the square goes.
    EXPECT_EQ(identity_of("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"),
              "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq -");
    // 1.e4 d5 2.e5 f5: exf6 e.p. is legal, so the square stays.
    EXPECT_EQ(identity_of("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3"),
              "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6");
    // Counters never count.
    EXPECT_EQ(identity_of("8/8/4k3/8/8/4K3/4P3/8 w - - 7 41"), "8/8/4k3/8/8/4K3/4P3/8 w - -");
}

const char* const kLines =
    "A00b \"Barnes Opening\"  1.f3 *\n"                // 1 ply
    "C40 \"King's Knight Opening\" 1.e4 e5 2.Nf3 *\n"  // 3 plies
    "A04 \"Reti: 1...e5\" 1.Nf3 e5 *\n"                // 2 plies
    "A04 \"Reti transposing\" 1.Nf3 e5 2.e4 *\n"       // 3: = C40's position
    "C44 \"King's Pawn\" 1.e4 e5 2.Nf3 Nc6 *\n"        // 4 plies
    "C60 \"Ruy Lopez\" 1.e4 e5 2.Nf3 Nc6 3.Bb5 *\n"    // 5 plies
    "C50 \"Italian\" 1.e4 e5 2.Nf3 Nc6 3.Bc4 *\n";     // 5 plies

TEST(BookGenerator, SelectsByPliesAndDeduplicatesByPosition) {
    const auto lines = read_eco(kLines, "lines.eco");
    ASSERT_EQ(lines.openings.size(), 7u);

    const Selection selection = select_candidates(lines.openings, 3, 4);
    EXPECT_EQ(selection.stats.lines, 7u);
    EXPECT_EQ(selection.stats.too_short, 2u);
    EXPECT_EQ(selection.stats.too_long, 2u);
    EXPECT_EQ(selection.stats.duplicates, 1u);
    EXPECT_EQ(selection.stats.unique, 2u);
    ASSERT_EQ(selection.candidates.size(), 2u);

    // 1.e4 e5 2.Nf3 and 1.Nf3 e5 2.e4 (whose FEN has "e3" and a halfmove clock of 0) are one
    // position; the first line in the file names it.
    const Candidate& first = selection.candidates[0];
    EXPECT_EQ(first.name, "C40 King's Knight Opening");
    EXPECT_EQ(first.epd, "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq -");
    EXPECT_EQ(first.plies, 3);
    EXPECT_EQ(first.line, 2u);
    EXPECT_EQ(first.halfmove_clock, 1);
    EXPECT_EQ(first.fullmove_number, 2);
    EXPECT_EQ(selection.candidates[1].name, "C44 King's Pawn");

    const Selection all = select_candidates(lines.openings, 0, 100);
    EXPECT_EQ(all.stats.unique, 6u);
    EXPECT_EQ(all.stats.duplicates, 1u);
    EXPECT_THROW(select_candidates(lines.openings, 5, 4), std::invalid_argument);
    EXPECT_THROW(select_candidates(lines.openings, -1, 4), std::invalid_argument);
}

TEST(BookGenerator, BalancedMeansCentipawnsWithinTheBound) {
    using core::Score;
    EXPECT_TRUE(is_balanced({Score::cp(0)}, 60));
    EXPECT_TRUE(is_balanced({Score::cp(60)}, 60));
    EXPECT_TRUE(is_balanced({Score::cp(-60)}, 60));
    EXPECT_FALSE(is_balanced({Score::cp(61)}, 60));
    EXPECT_FALSE(is_balanced({Score::cp(-61)}, 60));
    EXPECT_FALSE(is_balanced({Score::mate(3)}, 60));
    EXPECT_FALSE(is_balanced({Score::mate(-3)}, 60));
    EXPECT_FALSE(is_balanced({std::nullopt}, 60));
}

TEST(BookGenerator, SortedByEcoThenPositionAndReadBack) {
    const auto lines = read_eco(kLines, "lines.eco");
    const Selection selection = select_candidates(lines.openings, 2, 5);
    ASSERT_EQ(selection.candidates.size(), 5u);
    std::vector<BookEntry> book;
    int score = -20;
    for (auto it = selection.candidates.rbegin(); it != selection.candidates.rend(); ++it) {
        book.push_back({*it, score});
        score += 10;
    }
    sort_book(book);
    std::vector<std::string> order;
    for (const auto& entry : book) order.push_back(std::string(eco_code_of(entry.candidate.name)));
    EXPECT_EQ(order, (std::vector<std::string>{"A04", "C40", "C44", "C50", "C60"}));

    EXPECT_EQ(epd_line(book[1]),
              "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - hmvc 1; fmvn 2; "
              "id \"C40 King's Knight Opening\"; ce " +
                  std::to_string(book[1].score_cp) + ";");

    std::stringstream file;
    write_book(file, book);
    EXPECT_EQ(file.str().substr(0, epd_line(book[0]).size() + 1), epd_line(book[0]) + "\n");
    const auto back = read_epd(file, "book.epd");
    ASSERT_EQ(back.openings.size(), book.size());
    for (std::size_t i = 0; i < book.size(); ++i) {
        EXPECT_EQ(back.openings[i].name, book[i].candidate.name);
        const auto position = chess::Position::from_fen(back.openings[i].fen);
        ASSERT_TRUE(position.has_value());
        EXPECT_EQ(position_identity(*position), book[i].candidate.epd);
        EXPECT_EQ(position->fullmove_number(), book[i].candidate.fullmove_number);
        EXPECT_EQ(position->halfmove_clock(), book[i].candidate.halfmove_clock);
    }
}

TEST(BookGenerator, NamesCannotBreakTheEpdString) {
    Candidate candidate;
    candidate.epd = "8/8/4k3/8/8/4K3/4P3/8 w - -";
    candidate.name = "A00 \"Quoted\"\\name";
    const std::string line = epd_line({candidate, 5});
    EXPECT_EQ(line, "8/8/4k3/8/8/4K3/4P3/8 w - - hmvc 0; fmvn 1; id \"A00 'Quoted' name\"; ce 5;");
    std::istringstream in(line);
    EXPECT_EQ(read_epd(in, "x.epd").openings.at(0).name, "A00 'Quoted' name");
}

}  // namespace
}  // namespace lmr::openings
