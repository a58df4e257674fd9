// Move validation (is_legal for arbitrary 16-bit values) and gives_check.
#include "engine/chess/position.hpp"

namespace lmr::chess {

namespace {

struct CastlingPath {
    int right;
    Square king_from, king_to, rook_from;
    Bitboard must_be_empty;  // squares between king and rook
    Bitboard king_path;      // squares the king crosses or lands on (not its start)
};

constexpr CastlingPath kCastlingPaths[4] = {
    {kWhiteOO, kE1, kG1, kH1, (1ULL << kF1) | (1ULL << kG1), (1ULL << kF1) | (1ULL << kG1)},
    {kWhiteOOO, kE1, kC1, kA1, (1ULL << kB1) | (1ULL << kC1) | (1ULL << kD1),
     (1ULL << kD1) | (1ULL << kC1)},
    {kBlackOO, kE8, kG8, kH8, (1ULL << kF8) | (1ULL << kG8), (1ULL << kF8) | (1ULL << kG8)},
    {kBlackOOO, kE8, kC8, kA8, (1ULL << kB8) | (1ULL << kC8) | (1ULL << kD8),
     (1ULL << kD8) | (1ULL << kC8)},
};

}  // namespace

bool Position::is_legal_pseudo(Move m) const {
    Color us = side_to_move_;
    Color them = ~us;
    Square from = m.from();
    Square to = m.to();
    Square ksq = king_square(us);

    if (m.is_en_passant()) {
        // Rare: test the resulting occupancy directly (covers the discovered rank check).
        Square cap_sq = us == kWhite ? to - 8 : to + 8;
        Bitboard occ = (occupied() ^ square_bb(from) ^ square_bb(cap_sq)) | square_bb(to);
        return !(attackers_to(ksq, occ) & by_color_[them] & ~square_bb(cap_sq));
    }
    if (type_of(board_[from]) == kKing)
        return !(attackers_to(to, occupied() ^ square_bb(from)) & by_color_[them]);

    Bitboard checkers = st().checkers;
    if (checkers) {
        if (more_than_one(checkers)) return false;
        if (!((between_bb(ksq, lsb(checkers)) | checkers) & square_bb(to))) return false;
    }
    return !(st().blockers[us] & square_bb(from)) || aligned(from, to, ksq);
}

bool Position::is_pseudo_legal(Move m) const {
    Color us = side_to_move_;
    Square from = m.from();
    Square to = m.to();
    if (from == to) return false;
    Piece pc = board_[from];
    if (pc == kNoPiece || color_of(pc) != us) return false;
    // Only the canonical encoding (promotion bits zero unless promoting) is a real move.
    if (!m.is_promotion() && (m.raw() >> 12 & 3) != 0) return false;
    if (by_color_[us] & square_bb(to)) {
        if (!m.is_castling()) return false;
    }
    PieceType pt = type_of(pc);

    if (m.is_castling()) {
        if (pt != kKing || st().checkers) return false;
        for (const CastlingPath& c : kCastlingPaths) {
            if (c.king_from != from || c.king_to != to) continue;
            if (!(st().castling & c.right)) return false;
            if (occupied() & c.must_be_empty) return false;
            Bitboard path = c.king_path;
            while (path)
                if (is_attacked_by(~us, pop_lsb(path))) return false;
            return true;
        }
        return false;
    }

    if (m.is_en_passant()) {
        return pt == kPawn && to == st().ep_square && (pawn_attacks(us, from) & square_bb(to));
    }

    if (pt == kPawn) {
        bool last_rank = relative_rank(us, to) == 7;
        if (m.is_promotion() != last_rank) return false;
        int up = us == kWhite ? 8 : -8;
        if (pawn_attacks(us, from) & square_bb(to)) return (by_color_[~us] & square_bb(to)) != 0;
        if (to == from + up) return board_[to] == kNoPiece;
        if (to == from + 2 * up)
            return relative_rank(us, from) == 1 && board_[from + up] == kNoPiece &&
                   board_[to] == kNoPiece;
        return false;
    }
    if (m.is_promotion()) return false;
    return (attacks(pt, from, occupied()) & square_bb(to)) != 0;
}

bool Position::is_legal(Move m) const {
    if (!is_pseudo_legal(m)) return false;
    if (m.is_castling()) return true;  // attacks on the path were checked already
    return is_legal_pseudo(m);
}

bool Position::gives_check(Move m) const {
    Color us = side_to_move_;
    Square from = m.from();
    Square to = m.to();
    Square their_king = king_square(~us);

    if (m.is_castling()) {
        // Only the rook can give check: the king moves along its own back rank and
        // uncovers nothing (nothing of ours can stand behind it on that rank or below).
        bool king_side = to > from;
        Square rook_from = king_side ? from + 3 : from - 4;
        Square rook_to = king_side ? from + 1 : from - 1;
        Bitboard occ = occupied() ^ square_bb(from) ^ square_bb(to) ^ square_bb(rook_from) ^
                       square_bb(rook_to);
        return (rook_attacks(rook_to, occ) & square_bb(their_king)) != 0;
    }

    PieceType pt = type_of(board_[from]);
    if (st().check_squares[pt] & square_bb(to)) return true;

    // Discovered check: the piece leaves a line between one of our sliders and their king.
    if ((st().blockers[~us] & square_bb(from)) && !aligned(from, to, their_king)) return true;

    if (m.is_promotion())
        return (attacks(m.promotion(), to, occupied() ^ square_bb(from)) & square_bb(their_king)) !=
               0;

    if (m.is_en_passant()) {
        Square cap_sq = us == kWhite ? to - 8 : to + 8;
        Bitboard occ = (occupied() ^ square_bb(from) ^ square_bb(cap_sq)) | square_bb(to);
        return ((rook_attacks(their_king, occ) & pieces(us, kRook)) |
                (rook_attacks(their_king, occ) & pieces(us, kQueen)) |
                (bishop_attacks(their_king, occ) & (pieces(us, kBishop) | pieces(us, kQueen)))) !=
               0;
    }
    return false;
}

}  // namespace lmr::chess
