#pragma once

// An engine's evaluation as UCI reports it: centipawns or moves to mate, from the point of
// view of the engine that was to move (positive = good for the mover).

#include <string>

namespace lmr::match {

struct Score {
    bool is_mate = false;
    // Centipawns, or with is_mate the UCI "score mate N": N > 0 the mover mates in N moves,
    // N <= 0 the mover is mated in -N moves (0 = already mated, sent by some engines).
    int value = 0;

    static constexpr Score cp(int centipawns) { return Score{false, centipawns}; }
    static constexpr Score mate(int moves) { return Score{true, moves}; }

    bool winning_mate() const { return is_mate && value > 0; }
    bool losing_mate() const { return is_mate && value <= 0; }

    // The PGN comment form used by cutechess-cli: "+0.35", "-1.20", "0.00", "+M3", "-M2".
    std::string to_pgn() const;

    bool operator==(const Score&) const = default;
};

}  // namespace lmr::match
