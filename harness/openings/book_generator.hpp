#pragma once

// Making a balanced EPD book from named opening lines (scid.eco through read_eco): the pure
// steps — which positions are candidates (ply range, one per position), which scores are
// balanced enough, and the book file's layout. The engine that scores the candidates is in
// position_scorer.hpp; `lmr-harness openings generate` strings them together.

#include <cstddef>
#include <filesystem>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "engine/chess/position.hpp"
#include "harness/core/score.hpp"
#include "harness/openings/opening.hpp"

namespace lmr::openings {

// The four EPD FEN fields (board, side to move, castling, en passant) with the en passant
// square kept only when an en passant capture is legal. Two positions are the same position
// (FIDE: same pieces, side, castling and capture rights) exactly when these strings are
// equal, whatever the move order or counters: 1.e4 e5 2.Nf3 and 1.Nf3 e5 2.e4 meet here.
std::string position_identity(const chess::Position& position);

// One position of the book-to-be.
struct Candidate {
    std::string epd;  // position_identity() of the line's final position
    int halfmove_clock = 0;
    int fullmove_number = 1;
    std::string name;      // the line's name, "B20 Sicilian Defence"
    int plies = 0;         // length of the line that produced it
    std::size_t line = 0;  // where that line starts in the source
};

struct SelectionStats {
    std::size_t lines = 0;       // openings looked at
    std::size_t too_short = 0;   // fewer than min_plies
    std::size_t too_long = 0;    // more than max_plies
    std::size_t duplicates = 0;  // in range, but the position came earlier in the source
    std::size_t unique = 0;      // candidates
};

struct Selection {
    std::vector<Candidate> candidates;  // in source order
    SelectionStats stats;
};

// The final position of every opening whose line has min_plies…max_plies plies (inclusive),
// each position once: the first line (in source order) that reaches it names it. Openings
// must start from a legal position with legal moves (as every reader guarantees); throws
// std::invalid_argument otherwise or when min_plies > max_plies or min_plies < 0.
Selection select_candidates(const std::vector<Opening>& openings, int min_plies, int max_plies);

// What the engine said about a candidate, from the side to move's point of view.
struct Evaluation {
    std::optional<core::Score> score;  // nullopt: the engine reported none
    int depth = 0;                     // the depth of the search that gave it (0: not reported)
};

// Balanced: a centipawn score within ±max_cp. A mate score or no score is never balanced.
bool is_balanced(const Evaluation& evaluation, int max_cp);

struct BookEntry {
    Candidate candidate;
    int score_cp = 0;  // for the side to move
};

// The book's order, independent of source order and of the order evaluations finished: by
// ECO code (the name's first word), then by position.
void sort_book(std::vector<BookEntry>& entries);

// One EPD line: `<4 fields> hmvc H; fmvn F; id "NAME"; ce S;` — read back by read_epd
// (which takes the name from id and the counters from hmvc/fmvn).
std::string epd_line(const BookEntry& entry);

// One epd_line per entry, nothing else: EPD has no comments, and fastchess and cutechess-cli
// read every line of a book as a position (fastchess stopped a match at a '#' line).
void write_book(std::ostream& out, const std::vector<BookEntry>& entries);

// Where a book's notes go (what made it, from what, how to read its lines): beside the book,
// its name with ".txt" added (openings/default.epd.txt).
std::filesystem::path book_notes_path(const std::filesystem::path& book);

}  // namespace lmr::openings
