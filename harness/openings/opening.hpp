#pragma once

// What a book yields: a start position and the book moves played from it.
// Both forms are kept because both are needed: the harness sends
// `position fen <start_fen> moves <moves…>` (engines see the history, so
// repetitions through the book moves count), while reports and the games
// table want the position where the engines took over (`fen`).

#include <cstddef>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace lmr::openings {

struct Opening {
    std::string start_fen;           // 6-field FEN (normalised by lmr::chess::Position)
    std::vector<std::string> moves;  // book moves in UCI, played from start_fen
    std::string fen;                 // 6-field FEN after the moves
    std::string name;                // EPD `id`, or PGN "ECO Opening, Variation"; may be empty
    std::size_t line = 0;            // 1-based line in the book where the entry starts
    // PGN: the entry's tag pairs as written, in order (e.g. {"Result", "1-0"}); EPD: none.
    std::vector<std::pair<std::string, std::string>> tags;
};

// "position startpos [moves …]" or "position fen <start_fen> [moves …]".
std::string position_command(const Opening& opening);

struct ReadOptions {
    // PGN: keep at most this many plies of each game (nullopt: the whole game).
    std::optional<int> plies;
    // false (default): the first bad entry is an error. true: bad entries are
    // skipped and counted; syntax that loses track of where entries start
    // (an unterminated comment or string) is still an error.
    bool skip_invalid = false;
    // PGN: read whole games rather than openings — a game whose moves end it (mate,
    // stalemate) is kept instead of rejected as a book line with nothing left to play.
    bool whole_games = false;
};

struct ReadResult {
    std::vector<Opening> openings;
    std::size_t skipped = 0;
    std::vector<std::string> skipped_errors;  // the first few messages, "file:line: …"
};

inline constexpr std::size_t kMaxSkippedErrorsKept = 10;

// A bad book: what() is "file:line: what is wrong" (line 0: the whole file).
class BookError : public std::runtime_error {
  public:
    BookError(const std::string& source, std::size_t line, const std::string& message)
        : std::runtime_error(source + (line > 0 ? ":" + std::to_string(line) : std::string()) +
                             ": " + message),
          source_(source),
          line_(line) {}
    const std::string& source() const { return source_; }
    std::size_t line() const { return line_; }

  private:
    std::string source_;
    std::size_t line_;
};

}  // namespace lmr::openings
