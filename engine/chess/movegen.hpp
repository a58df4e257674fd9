// Legal move generation.
#pragma once

#include "engine/chess/position.hpp"
#include "engine/chess/types.hpp"

namespace lmr::chess {

inline constexpr int kMaxMoves = 256;

// A fixed-capacity list of moves (no allocation).
struct MoveList {
    Move moves[kMaxMoves];
    int count = 0;

    Move* begin() { return moves; }
    Move* end() { return moves + count; }
    const Move* begin() const { return moves; }
    const Move* end() const { return moves + count; }
    int size() const { return count; }
    bool empty() const { return count == 0; }
    void push(Move m) { moves[count++] = m; }
    void clear() { count = 0; }
    Move& operator[](int i) { return moves[i]; }
    Move operator[](int i) const { return moves[i]; }
    bool contains(Move m) const {
        for (int i = 0; i < count; ++i)
            if (moves[i] == m) return true;
        return false;
    }
};

// kCaptures: captures (incl. en passant) and all promotions (capturing or not, every piece).
// kQuiets: everything else (incl. castling). kCaptures ∪ kQuiets = kAll, disjoint.
enum class GenType { kAll, kCaptures, kQuiets };

// Appends nothing else: clears `list`, then fills it with the LEGAL moves of the given type.
void generate(const Position& pos, MoveList& list, GenType type = GenType::kAll);

// One move list per thread, for callers that copy the moves out before anything generates
// into it again: a fresh MoveList is zero-filled (512 bytes), a cost at every node of a search.
MoveList& scratch_move_list();

// Number of legal moves (same as generate(pos, list).size(), without keeping the list).
int count_legal_moves(const Position& pos);

}  // namespace lmr::chess
