// Perft: counts leaf nodes of the legal move tree (bulk-counting the last ply).
#pragma once

#include <cstdint>
#include <ostream>
#include <utility>
#include <vector>

#include "engine/chess/position.hpp"

namespace lmr::chess {

// Leaves at `depth` plies (depth 0 → 1). pos is restored on return.
std::uint64_t perft(Position& pos, int depth);
// Per root move (in generation order): leaves below it at depth-1 plies. depth ≥ 1.
std::vector<std::pair<Move, std::uint64_t>> perft_divide(Position& pos, int depth);

// The perft CLI command shared by `lmr-engine perft` and `go perft N`.
// divide == false prints one line: "nodes N  time T ms  Mnps X".
// divide == true prints Stockfish's format: one "e2e4: 1234" line per move, a blank line,
// "Nodes searched: N", then the same "nodes N  time T ms  Mnps X" line.
void run_perft_command(Position& pos, int depth, bool divide, std::ostream& out);

}  // namespace lmr::chess
