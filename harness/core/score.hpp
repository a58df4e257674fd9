#pragma once

// An engine's evaluation as UCI reports it (`score cp N`, `score mate N`, with `lowerbound` or
// `upperbound`), from the point of view of the engine that was to move. The UCI client parses
// it, the match records it per move, the scorer labels positions with it, the store keeps it.

#include <string>

namespace lmr::core {

struct Score {
    enum class Kind { kCentipawns, kMate };
    enum class Bound { kExact, kLower, kUpper };
    Kind kind = Kind::kCentipawns;
    // Centipawns, or for kMate UCI's "score mate N": N > 0 the mover mates in N moves, N <= 0
    // the mover is mated in -N moves (0 = already mated, sent by some engines).
    int value = 0;
    Bound bound = Bound::kExact;

    static constexpr Score cp(int centipawns) { return Score{Kind::kCentipawns, centipawns}; }
    static constexpr Score mate(int moves) { return Score{Kind::kMate, moves}; }

    bool is_mate() const { return kind == Kind::kMate; }
    bool winning_mate() const { return is_mate() && value > 0; }
    bool losing_mate() const { return is_mate() && value <= 0; }

    // The PGN comment form used by cutechess-cli: "+0.35", "-1.20", "0.00", "+M3", "-M2".
    std::string to_pgn() const;

    bool operator==(const Score&) const = default;
};

}  // namespace lmr::core
