#pragma once

// Reads PGN games (PGN standard, section 8) for every program here that learns from them: the
// opening books and `label` (harness/openings/pgn_reader) and the evaluation tuner
// (engine/eval/tune/training_positions). The reader knows PGN's syntax, not chess: it hands
// each game's tag pairs, main-line moves (SAN, as written), main-line comments and end to a
// GameVisitor, in file order, and the visitor replays the moves with its own rules.
//
// Skipped: recursive variations (with what is inside them), move numbers, periods, NAGs,
// annotation glyphs, `;` comments and `%` escape lines. A game ends at its result, at the tag
// pairs of the next game when the result is missing, or at the end of the text.

#include <cstddef>
#include <string>
#include <string_view>

#include "engine/pgn/lexer.hpp"

namespace lmr::pgn {

struct Tag {
    std::string name;
    std::string value;
    std::size_t line = 0;
};

struct GameEnd {
    std::size_t first_line = 0;  // where the game's first token is
    std::string_view result;     // "1-0", "0-1", "1/2-1/2", "*"; empty when the game has none
    bool has_movetext = false;   // anything after the tag pairs: moves, numbers, a result…
};

class GameVisitor {
  public:
    virtual ~GameVisitor() = default;
    virtual void tag(Tag tag) = 0;
    virtual void move(std::string_view san, std::size_t line) = 0;
    // A brace comment outside variations, wherever it stands (before the first move too).
    virtual void comment(std::string_view text, std::size_t line) = 0;
    virtual void game_end(const GameEnd& end) = 0;
};

// Reads every game of `text` (a UTF-8 byte order mark is skipped). Throws SyntaxError for text
// that is not PGN; what the visitor throws passes through, so a visitor may stop the read.
void read_games(std::string_view text, GameVisitor& visitor);

bool is_result(std::string_view symbol);

}  // namespace lmr::pgn
