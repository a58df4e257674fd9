// Training positions for the evaluation tuner: the quiet positions of finished games, each
// labelled with the game's result, read from PGN (what `lmr-harness pgn` writes, or any
// collection of games).
#pragma once

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <istream>
#include <stdexcept>
#include <string>
#include <vector>

namespace lmr::eval::tune {

struct TrainingPosition {
    std::string fen;
    float result;            // White's score: 1, 0.5 or 0
    std::uint32_t game = 0;  // which game of the read it comes from (0 = the first)
    // The engine's search score of the position from the move's {comment} (White's view,
    // centipawns; mates count as +-2000), NaN when the game has no scores.
    float searched = std::nanf("");
};

struct ReadStats {
    std::size_t games = 0;
    std::size_t skipped_games = 0;  // unfinished ("*") or without a Result tag
    std::size_t positions = 0;      // kept
};

// A malformed game: names the source and the line.
struct PgnError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// Appends the positions of every finished game in `in` to `out`. Kept: positions where the
// side to move is not in check and the move played is neither a capture nor a promotion
// (so the static evaluation is not in the middle of an exchange), from ply `skip_plies` of
// the game on. The text is read by engine/pgn's reader (the one the opening books use), the
// search scores by pgn::parse_move_comment. Throws PgnError naming `source` and the line for an
// illegal or unreadable move, an invalid FEN tag or text that is not PGN.
ReadStats read_pgn_positions(std::istream& in, const std::string& source, int skip_plies,
                             std::vector<TrainingPosition>& out);

}  // namespace lmr::eval::tune
