// Threat features for REBEL's steps 5 and 6 and the REBEL ed1-2 ordering score.
// Everything works on bitboards of the position it is given; nothing is copied or made.
#include "engine/lmr/features.hpp"

#include "engine/chess/attacks.hpp"
#include "engine/chess/bitboard.hpp"

namespace lmr::reduction {
namespace {

using namespace chess;

// Knight and bishop count as equal, so a knight attacking a bishop is no "lower" attacker.
constexpr int kValueClass[7] = {1, 3, 3, 5, 9, 100, 0};

// Bitboards of one side's pieces by type.
struct Army {
    Bitboard by_type[6];
};

Bitboard attackers_of(const Army& a, Color attacker, Square target, Bitboard occ) {
    return (pawn_attacks(~attacker, target) & a.by_type[kPawn]) |
           (knight_attacks(target) & a.by_type[kKnight]) |
           (bishop_attacks(target, occ) & (a.by_type[kBishop] | a.by_type[kQueen])) |
           (rook_attacks(target, occ) & (a.by_type[kRook] | a.by_type[kQueen])) |
           (king_attacks(target) & a.by_type[kKing]);
}

}  // namespace

bool is_threatened(const Position& pos, Square sq) {
    const Piece piece = pos.piece_on(sq);
    if (piece == kNoPiece) return false;
    const Color own = color_of(piece);
    const Bitboard all = pos.attackers_to(sq, pos.occupied());
    Bitboard enemies = all & pos.pieces(~own);
    if (enemies == 0) return false;
    if ((all & pos.pieces(own)) == 0) return true;  // attacked and undefended
    const int value = kValueClass[type_of(piece)];
    while (enemies) {
        const Square s = pop_lsb(enemies);
        if (kValueClass[type_of(pos.piece_on(s))] < value) return true;
    }
    return false;
}

Bitboard threatened_pieces(const Position& pos, Color side) {
    Bitboard pieces = pos.pieces(side) & (pos.pieces(kKnight, kBishop) | pos.pieces(kRook, kQueen));
    Bitboard threatened = 0;
    while (pieces) {
        const Square sq = pop_lsb(pieces);
        if (is_threatened(pos, sq)) threatened |= square_bb(sq);
    }
    return threatened;
}

bool creates_new_threat(const Position& pos, Move move) {
    const Color us = pos.side_to_move();
    const Color them = ~us;
    const Square from = move.from();
    const Square to = move.to();
    const Bitboard occ = pos.occupied();

    Bitboard targets =
        pos.pieces(them) & (pos.pieces(kKnight, kBishop) | pos.pieces(kRook, kQueen));
    targets &= ~square_bb(to);  // a captured piece is no longer a target
    if (targets == 0) return false;

    // Our army and the occupancy after the move.
    Army after;
    for (int pt = kPawn; pt <= kKing; ++pt) after.by_type[pt] = pos.pieces(us, PieceType(pt));
    const PieceType moved = type_of(pos.moved_piece(move));
    const PieceType arrives = move.is_promotion() ? move.promotion() : moved;
    after.by_type[moved] &= ~square_bb(from);
    after.by_type[arrives] |= square_bb(to);
    Bitboard occ_after = (occ & ~square_bb(from)) | square_bb(to);
    if (move.is_en_passant()) occ_after &= ~square_bb(make_square(file_of(to), rank_of(from)));
    if (move.is_castling()) {
        const bool short_side = to > from;
        const Square rook_from = short_side ? from + 3 : from - 4;
        const Square rook_to = short_side ? from + 1 : from - 1;
        after.by_type[kRook] = (after.by_type[kRook] & ~square_bb(rook_from)) | square_bb(rook_to);
        occ_after = (occ_after & ~square_bb(rook_from)) | square_bb(rook_to);
    }

    bool threat = false;
    while (targets && !threat) {
        const Square t = pop_lsb(targets);
        if (pos.attackers_to(t, occ) & pos.pieces(us)) continue;  // already attacked
        threat = attackers_of(after, us, t, occ_after) != 0;
    }
    // SEE last: it is the expensive part and most moves threaten nothing new.
    return threat && pos.see_ge(move, 0);
}

bool escapes_threat(const Position& pos, Move move) {
    const PieceType moved = type_of(pos.moved_piece(move));
    if (moved < kKnight || moved > kQueen) return false;
    return is_threatened(pos, move.from()) && pos.see_ge(move, 0);
}

int rebel_ordering_score(const RebelOrderingInput& in) {
    if (in.is_tt_move) return 255;
    if (in.is_mate_killer) return 252;
    if (in.is_capture && in.see > 0)
        return in.winning_capture_rank <= 0 ? 246 : in.winning_capture_rank == 1 ? 244 : 242;
    if (in.is_queen_promotion) return 241;
    if (in.is_capture && in.see == 0) {
        const PieceType a = in.mover, v = in.captured;
        if (a == kQueen && v == kQueen) return 236;
        if (a == kRook && v == kRook) return 235;
        if (a == kKnight && v == kBishop) return 234;
        if (a == kBishop && v == kBishop) return 233;
        if (a == kBishop && v == kKnight) return 232;
        return 231;  // PxP and equal trades the seed does not list
    }
    const int unsafe = in.to_square_unsafe ? kRebelUnsafePenalty : 0;
    switch (in.killer) {
        case KillerSlot::kKiller1:
            return 226 - unsafe;
        case KillerSlot::kKiller2:
            return 224 - unsafe;
        case KillerSlot::kKiller1TwoPliesBack:
            return 222 - unsafe;
        case KillerSlot::kKiller2TwoPliesBack:
            return 220 - unsafe;
        case KillerSlot::kNone:
            break;
    }
    if (in.is_castling) return (in.is_short_castling ? 210 : 209) - unsafe;
    if (in.is_minor_promotion) return 208 - unsafe;
    // The quiet part (and losing captures): PST in 0..200, history, attack bonus, safety.
    return rebel_ordering_quiet_part(
        in.pst_delta, in.is_capture ? 0 : rebel_history_to_ordering(in.rebel_history),
        in.piece_under_attack, in.to_square_unsafe);
}

bool rebel_ordering_reads_safety(const RebelOrderingInput& in) {
    // The rules of rebel_ordering_score that return before `unsafe` is read.
    return !in.is_tt_move && !in.is_mate_killer && !(in.is_capture && in.see >= 0) &&
           !in.is_queen_promotion;
}

bool rebel_ordering_reads_quiet_part(const RebelOrderingInput& in) {
    return rebel_ordering_reads_safety(in) && in.killer == KillerSlot::kNone && !in.is_castling &&
           !in.is_minor_promotion;
}

}  // namespace lmr::reduction
