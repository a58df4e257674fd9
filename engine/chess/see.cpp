// Static exchange evaluation: the material outcome of the capture sequence on one square
// when both sides always recapture with their least valuable attacker and may stop at any
// point. X-rays (sliders behind the capturers) join as the line opens. Pieces pinned to
// their king in the current position do not take part while their pinner is on the board.
// A king only captures when the opponent has no attacker left.
#include <algorithm>

#include "engine/chess/position.hpp"

namespace lmr::chess {

int Position::see(Move m) const {
    if (m.is_castling()) return 0;
    Square from = m.from();
    Square to = m.to();
    // The target square counts as empty: whatever stands there is being captured (this
    // also releases pins by a captured pinner).
    Bitboard occ = occupied() ^ square_bb(from) ^ (occupied() & square_bb(to));
    int gain[40];
    if (m.is_en_passant()) {
        occ ^= square_bb(side_to_move_ == kWhite ? to - 8 : to + 8);
        gain[0] = piece_value(kPawn);
    } else {
        gain[0] = board_[to] == kNoPiece ? 0 : piece_value(type_of(board_[to]));
    }
    Bitboard attackers = attackers_to(to, occ);
    Bitboard diagonal = pieces(kBishop, kQueen);
    Bitboard straight = pieces(kRook, kQueen);
    int on_square = piece_value(type_of(board_[from]));  // value of the piece standing on `to`
    Color side = ~side_to_move_;
    int depth = 0;

    for (;;) {
        attackers &= occ;
        Bitboard mine = attackers & by_color_[side];
        if (st().pinners[side] & occ) mine &= ~st().blockers[side];
        if (!mine) break;
        PieceType pt = kPawn;
        while (!(mine & by_type_[pt])) pt = PieceType(pt + 1);
        if (pt == kKing && (attackers & by_color_[~side])) break;  // would be illegal
        ++depth;
        gain[depth] = on_square - gain[depth - 1];
        on_square = piece_value(pt);
        occ ^= square_bb(lsb(mine & by_type_[pt]));
        if (pt == kPawn || pt == kBishop || pt == kQueen)
            attackers |= bishop_attacks(to, occ) & diagonal;
        if (pt == kRook || pt == kQueen) attackers |= rook_attacks(to, occ) & straight;
        side = ~side;
    }
    while (depth > 0) {
        gain[depth - 1] = -std::max(-gain[depth - 1], gain[depth]);
        --depth;
    }
    return gain[0];
}

bool Position::see_ge(Move m, int threshold) const {
    if (m.is_castling()) return 0 >= threshold;
    Square from = m.from();
    Square to = m.to();
    Bitboard occ = occupied() ^ square_bb(from) ^ square_bb(to);
    int captured_value;
    if (m.is_en_passant()) {
        occ ^= square_bb(side_to_move_ == kWhite ? to - 8 : to + 8);
        captured_value = piece_value(kPawn);
    } else {
        captured_value = board_[to] == kNoPiece ? 0 : piece_value(type_of(board_[to]));
    }
    // swap: what the side that just captured is ahead by, relative to the threshold.
    int swap = captured_value - threshold;
    if (swap < 0) return false;
    swap = piece_value(type_of(board_[from])) - swap;
    if (swap <= 0) return true;

    Bitboard attackers = attackers_to(to, occ);
    Bitboard diagonal = pieces(kBishop, kQueen);
    Bitboard straight = pieces(kRook, kQueen);
    Color side = side_to_move_;
    int result = 1;
    for (;;) {
        side = ~side;
        attackers &= occ;
        Bitboard mine = attackers & by_color_[side];
        if (st().pinners[side] & occ) mine &= ~st().blockers[side];
        if (!mine) break;
        result ^= 1;
        PieceType pt = kPawn;
        while (!(mine & by_type_[pt])) pt = PieceType(pt + 1);
        if (pt == kKing) return (attackers & by_color_[~side]) ? result ^ 1 : result;
        swap = piece_value(pt) - swap;
        if (swap < result) break;
        occ ^= square_bb(lsb(mine & by_type_[pt]));
        if (pt == kPawn || pt == kBishop || pt == kQueen)
            attackers |= bishop_attacks(to, occ) & diagonal;
        if (pt == kRook || pt == kQueen) attackers |= rook_attacks(to, occ) & straight;
    }
    return result != 0;
}

}  // namespace lmr::chess
