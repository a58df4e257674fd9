// Piece activity (mobility, rooks, minor-piece placement, bishop pair) and threats.
#include "engine/eval/internal.hpp"
#include "engine/eval/weights.hpp"

namespace lmr::eval::detail {

using namespace chess;

namespace {

constexpr Bitboard kCenter = square_bb(kD4) | square_bb(kE4) | square_bb(kD5) | square_bb(kE5);

Score mobility_bonus(PieceType pt, int mob) {
    switch (pt) {
        case kKnight:
            return kKnightMobility[mob];
        case kBishop:
            return kBishopMobility[mob];
        case kRook:
            return kRookMobility[mob];
        default:
            return kQueenMobility[mob];
    }
}

struct PieceScores {
    Score mobility;
    Score rooks;
    Score pieces;
};

// One colour's knights, bishops, rooks and queens: attack maps for the later terms, and the
// piece-activity scores from that colour's point of view.
template <PieceType Pt>
void evaluate_type(EvalState& st, Color us, PieceScores& out) {
    const Position& pos = st.pos;
    const Color them = ~us;
    Bitboard pieces = pos.pieces(us, Pt);
    if (!pieces) return;
    const Bitboard pinned = pos.blockers_for_king(us) & pos.pieces(us);
    const Bitboard our_pawns = pos.pieces(us, kPawn);
    const Bitboard their_pawns = pos.pieces(them, kPawn);
    // Sliders see through the pieces that move along the same lines (batteries).
    Bitboard occ = st.occupied;
    if constexpr (Pt == kBishop) occ ^= pos.pieces(kQueen);
    if constexpr (Pt == kRook) occ ^= pos.pieces(kQueen) | pos.pieces(us, kRook);

    while (pieces) {
        const Square sq = pop_lsb(pieces);
        Bitboard att;
        if constexpr (Pt == kKnight)
            att = knight_attacks(sq);
        else if constexpr (Pt == kBishop)
            att = bishop_attacks(sq, occ);
        else if constexpr (Pt == kRook)
            att = rook_attacks(sq, occ);
        else
            att = queen_attacks(sq, occ);
        if (pinned & square_bb(sq)) att &= line_bb(st.king_sq[us], sq);

        st.attacked2[us] |= st.attacked[us] & att;
        st.attacked[us] |= att;
        st.attacked_by[us][Pt] |= att;

        if (att & st.king_zone[them]) {
            ++st.king_attackers[us];
            st.king_attack_weight[us] += kKingAttackWeight[Pt];
            st.king_adjacent_attacks[us] += popcount(att & st.attacked_by[them][kKing]);
        }

        const int mob = popcount(att & st.mobility_area[us]);
        out.mobility += mobility_bonus(Pt, mob);

        if constexpr (Pt == kKnight || Pt == kBishop) {
            const int rr = relative_rank(us, sq);
            const bool outpost = rr >= 3 && rr <= 5 &&
                                 (st.attacked_by[us][kPawn] & square_bb(sq)) &&
                                 !(pawn_attack_span(us, sq) & their_pawns);
            if (outpost) out.pieces += Pt == kKnight ? kKnightOutpost : kBishopOutpost;
            if (shift_up(us, square_bb(sq)) & pos.pieces(kPawn)) out.pieces += kMinorBehindPawn;
        }
        if constexpr (Pt == kBishop) {
            const Bitboard colour = (kDarkSquares & square_bb(sq)) ? kDarkSquares : kLightSquares;
            out.pieces += kBishopPawnSameColour * popcount(our_pawns & colour);
            if (more_than_one(bishop_attacks(sq, pos.pieces(kPawn)) & kCenter))
                out.pieces += kBishopLongDiagonal;
        }
        if constexpr (Pt == kRook) {
            const Bitboard file = file_bb_of(sq);
            if (!(file & our_pawns)) {
                out.rooks += (file & their_pawns) ? kRookSemiOpenFile : kRookOpenFile;
            } else if (mob <= 3) {
                // A rook boxed in by its own uncastled king.
                const Square ksq = st.king_sq[us];
                const int kf = file_of(ksq);
                if (relative_rank(us, ksq) == 0 && (kf < 4) == (file_of(sq) < kf)) {
                    const int castle =
                        us == kWhite ? (kWhiteOO | kWhiteOOO) : (kBlackOO | kBlackOOO);
                    out.rooks += kRookTrapped * (pos.can_castle(castle) ? 1 : 2);
                }
            }
            if (relative_rank(us, sq) == 6 && ((relative_rank(us, st.king_sq[them]) == 7) ||
                                               (their_pawns & relative_rank_bb(us, 6))))
                out.rooks += kRookOnSeventh;
        }
    }
}

}  // namespace

void evaluate_pieces(EvalState& st) {
    const Position& pos = st.pos;
    for (Color us : {kWhite, kBlack}) {
        PieceScores ps;
        evaluate_type<kKnight>(st, us, ps);
        evaluate_type<kBishop>(st, us, ps);
        evaluate_type<kRook>(st, us, ps);
        evaluate_type<kQueen>(st, us, ps);
        const int s = sign(us);
        st.terms[kMobility] += ps.mobility * s;
        st.terms[kRooks] += ps.rooks * s;
        st.terms[kPieces] += ps.pieces * s;
        const Bitboard bishops = pos.pieces(us, kBishop);
        if ((bishops & kDarkSquares) && (bishops & kLightSquares))
            st.terms[kBishopPair] += kBishopPairBonus * s;
    }
}

void evaluate_threats(EvalState& st) {
    const Position& pos = st.pos;
    for (Color us : {kWhite, kBlack}) {
        const Color them = ~us;
        Score score;
        const Bitboard non_pawn_enemies = pos.pieces(them) & ~pos.pieces(kPawn, kKing);
        // Defended by a pawn, or by more pieces than we attack it with.
        const Bitboard strongly_protected =
            st.attacked_by[them][kPawn] | (st.attacked2[them] & ~st.attacked2[us]);
        const Bitboard defended = non_pawn_enemies & strongly_protected;
        const Bitboard weak =
            pos.pieces(them) & ~pos.pieces(kKing) & ~strongly_protected & st.attacked[us];

        if (defended | weak) {
            Bitboard b =
                (defended | weak) & (st.attacked_by[us][kKnight] | st.attacked_by[us][kBishop]);
            while (b) score += kThreatByMinor[type_of(pos.piece_on(pop_lsb(b)))];
            // A rook attacking a queen threatens it even when the queen is defended.
            b = (weak | pos.pieces(them, kQueen)) & st.attacked_by[us][kRook];
            while (b) score += kThreatByRook[type_of(pos.piece_on(pop_lsb(b)))];
            if (weak & st.attacked_by[us][kKing]) score += kThreatByKing;
            b = ~st.attacked[them] | (non_pawn_enemies & st.attacked2[us]);
            score += kHanging * popcount(weak & b);
        }

        // Pieces attacked by pawns that can stand where they are.
        const Bitboard safe = ~st.attacked[them] | st.attacked[us];
        const Bitboard b = pawn_attacks_bb(us, pos.pieces(us, kPawn) & safe) & non_pawn_enemies;
        score += kThreatBySafePawn * popcount(b);

        st.terms[kThreats] += score * sign(us);
    }
}

}  // namespace lmr::eval::detail
