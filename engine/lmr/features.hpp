// Move features that some LMR steps read, computed from the position BEFORE the move.
// They need engine/chess only, allocate nothing and never modify the position.
#pragma once

#include "engine/chess/position.hpp"
#include "engine/chess/types.hpp"

namespace lmr::reduction {

// Step 5, mode first_attack: after the move, the moved piece or a piece it uncovers attacks an
// enemy knight, bishop, rook or queen that none of our pieces attacked before, and
// SEE(move) >= 0. (Mode threatened compares threatened_pieces before and after the move.)
bool creates_new_threat(const chess::Position& pos, chess::Move move);

// Step 6: the moved piece is a knight, bishop, rook or queen that was threatened on its
// from-square (attacked by a lower-valued piece, or attacked and not defended) and
// SEE(move) >= 0, i.e. it goes somewhere it is not simply lost.
bool escapes_threat(const chess::Position& pos, chess::Move move);

// Steps 5 (mode threatened) and 6 (mode resolved): the knights, bishops, rooks and queens of
// `side` that are threatened (is_threatened), i.e. that the opponent wins material by taking.
// Works for either side to move, so the search asks it before the move and again after it.
chess::Bitboard threatened_pieces(const chess::Position& pos, chess::Color side);

// Is the piece on sq threatened: attacked by a lower-valued enemy piece (knight and bishop
// count as equal), or attacked and undefended? (REBEL's "piece under attack".)
bool is_threatened(const chess::Position& pos, chess::Square sq);

// REBEL editions 1-2 move-ordering score, 0..255 (seed 000).
enum class KillerSlot { kNone, kKiller1, kKiller2, kKiller1TwoPliesBack, kKiller2TwoPliesBack };

struct RebelOrderingInput {
    bool is_tt_move = false;
    bool is_mate_killer = false;  // killer that produced a mate score -> 252
    KillerSlot killer = KillerSlot::kNone;
    bool is_capture = false;
    int see = 0;                   // SEE of the move in cp
    int winning_capture_rank = 0;  // 0 = highest SEE > 0 among this node's captures, 1, 2, ...
    chess::PieceType mover = chess::kNoPieceType;
    chess::PieceType captured = chess::kNoPieceType;
    bool is_queen_promotion = false;
    bool is_minor_promotion = false;  // promotion to N, B or R
    bool is_castling = false;
    bool is_short_castling = false;
    int pst_delta = 0;                // eval::pst_value(piece, to) - pst_value(piece, from)
    int rebel_history = 0;            // H[piece][to], -2000..2000 (scaled to -20..+20 here)
    bool piece_under_attack = false;  // the mover was threatened on its from-square: +32
    bool to_square_unsafe = false;    // the destination is not safe (SEE < 0): -32
};

inline constexpr int kRebelUnderAttackBonus = 32;
inline constexpr int kRebelUnsafePenalty = 32;

int rebel_ordering_score(const RebelOrderingInput& in);
// The quiet part of rebel_ordering_score, where moves no earlier rule decides end (quiet moves
// and losing captures): 100 + PST gain in -100..100, plus history_term (the quiet moves'
// rebel_history_to_ordering, 0 for captures), +32 under attack, -32 unsafe, within 0..200.
inline int rebel_ordering_quiet_part(int pst_delta, int history_term, bool piece_under_attack,
                                     bool to_square_unsafe) {
    const int pst = pst_delta < -100 ? -100 : pst_delta > 100 ? 100 : pst_delta;
    int score = 100 + pst + history_term;
    if (piece_under_attack) score += kRebelUnderAttackBonus;
    if (to_square_unsafe) score -= kRebelUnsafePenalty;
    return score < 0 ? 0 : score > 200 ? 200 : score;
}
// Does rebel_ordering_score(in) read in.to_square_unsafe? Not when an earlier rule decides the
// score: the TT move, the mate killer, a capture with SEE >= 0 or a queen promotion. A caller
// may leave to_square_unsafe (a SEE) uncomputed when this is false: the score is the same.
bool rebel_ordering_reads_safety(const RebelOrderingInput& in);
// Does rebel_ordering_score(in) come from its quiet part, the only one that reads pst_delta,
// rebel_history and piece_under_attack? Not when a rule above it decides (those that
// rebel_ordering_reads_safety names, a killer, castling, a minor promotion).
bool rebel_ordering_reads_quiet_part(const RebelOrderingInput& in);
// H in -2000..2000 -> -20..+20.
inline int rebel_history_to_ordering(int rebel_history) {
    const int h = rebel_history / 100;
    return h < -20 ? -20 : h > 20 ? 20 : h;
}

}  // namespace lmr::reduction
