// King safety: attack units on the king zone and safe checks (mostly middlegame), pawn
// shelter and storm, open files next to the king, and the king's distance to its pawns in
// the endgame.
#include <algorithm>

#include "engine/eval/internal.hpp"
#include "engine/eval/weights.hpp"

namespace lmr::eval::detail {

using namespace chess;

namespace {

// Shelter minus storm on the three files around a king standing on ksq (middlegame cp, the
// defending side's view).
int shelter(const Position& pos, Color us, Square ksq) {
    const Color them = ~us;
    // Pawns level with or in front of the king; pawns behind it shelter nothing.
    const Bitboard not_behind = ~forward_ranks(them, ksq) | rank_bb_of(ksq);
    const Bitboard our_pawns = pos.pieces(us, kPawn) & not_behind;
    const Bitboard their_pawns = pos.pieces(them, kPawn) & not_behind;
    const int center = std::clamp(file_of(ksq), 1, 6);
    int score = 0;
    for (int f = center - 1; f <= center + 1; ++f) {
        const Bitboard file = file_bb(f);
        const Bitboard ours = our_pawns & file;
        const Bitboard theirs = their_pawns & file;
        // The pawn nearest to our side of the board, in relative ranks.
        const int our_rank = ours ? relative_rank(us, us == kWhite ? lsb(ours) : msb(ours)) : 0;
        const int their_rank =
            theirs ? relative_rank(us, us == kWhite ? lsb(theirs) : msb(theirs)) : 0;
        score += kShelter[our_rank];
        if (their_rank) {
            score += (our_rank && their_rank == our_rank + 1) ? kStormBlocked[their_rank]
                                                              : kStorm[their_rank];
        }
        if (!((pos.pieces(kPawn)) & file)) score += kKingOpenFile;
    }
    return score;
}

Score king_safety_side(const EvalState& st, Color us) {
    const Position& pos = st.pos;
    const Color them = ~us;
    const Square ksq = st.king_sq[us];

    // Shelter where the king stands, or where castling would put it if that is better.
    int shelter_mg = shelter(pos, us, ksq);
    const int oo = us == kWhite ? kWhiteOO : kBlackOO;
    const int ooo = us == kWhite ? kWhiteOOO : kBlackOOO;
    if (pos.can_castle(oo))
        shelter_mg = std::max(shelter_mg, shelter(pos, us, relative_square(us, kG1)));
    if (pos.can_castle(ooo))
        shelter_mg = std::max(shelter_mg, shelter(pos, us, relative_square(us, kC1)));
    Score score(shelter_mg, 0);

    // Squares near the king that the enemy attacks and we defend at most with king or queen.
    const Bitboard weak =
        st.attacked[them] & ~st.attacked2[us] &
        (~st.attacked[us] | st.attacked_by[us][kKing] | st.attacked_by[us][kQueen]);
    // Enemy checks from squares we do not defend (or only weakly, against a double attack).
    const Bitboard safe = ~pos.pieces(them) & (~st.attacked[us] | (weak & st.attacked2[them]));
    const Bitboard rook_lines = rook_attacks(ksq, st.occupied ^ pos.pieces(us, kQueen));
    const Bitboard bishop_lines = bishop_attacks(ksq, st.occupied ^ pos.pieces(us, kQueen));

    int danger = 0;
    Bitboard unsafe_checks = 0;
    const Bitboard rook_checks = rook_lines & st.attacked_by[them][kRook];
    if (rook_checks & safe)
        danger += kSafeCheck[kRook];
    else
        unsafe_checks |= rook_checks;
    const Bitboard queen_checks = (rook_lines | bishop_lines) & st.attacked_by[them][kQueen] &
                                  safe & ~st.attacked_by[us][kQueen] & ~(rook_checks & safe);
    if (queen_checks) danger += kSafeCheck[kQueen];
    const Bitboard bishop_checks = bishop_lines & st.attacked_by[them][kBishop];
    if (bishop_checks & safe & ~queen_checks)
        danger += kSafeCheck[kBishop];
    else
        unsafe_checks |= bishop_checks;
    const Bitboard knight_checks = knight_attacks(ksq) & st.attacked_by[them][kKnight];
    if (knight_checks & safe)
        danger += kSafeCheck[kKnight];
    else
        unsafe_checks |= knight_checks;

    danger += st.king_attackers[them] * st.king_attack_weight[them];
    danger += kKingAdjacentAttack * st.king_adjacent_attacks[them];
    danger += kKingWeakZoneSquare * popcount(weak & st.king_zone[us]);
    danger += kUnsafeCheck * popcount(unsafe_checks);
    if (!pos.pieces(them, kQueen)) danger += kNoQueenDanger;
    danger -= shelter_mg * 4 / 5;

    if (danger > kDangerThreshold) {
        score -= Score(std::min(danger * danger / kDangerMgDivisor, kDangerMgCap),
                       danger / kDangerEgDivisor);
    }

    // A bare king against mating material: drive it to the edge (to the bishop's corner
    // for KBN v K) and bring the other king closer, so the search finds the mate.
    if (pos.pieces(us) == square_bb(ksq) && pos.has_non_pawn_material(them)) {
        const int from_center = std::min(
            {distance(ksq, kD4), distance(ksq, kE4), distance(ksq, kD5), distance(ksq, kE5)});
        int penalty =
            kLoneKingCenter * from_center + kLoneKingNear * (7 - distance(ksq, st.king_sq[them]));
        const Bitboard bishops = pos.pieces(them, kBishop);
        if (bishops && pos.count(them, kKnight) == 1 && popcount(bishops) == 1 &&
            !pos.pieces(them, kRook) && !pos.pieces(them, kQueen)) {
            const bool dark = (bishops & kDarkSquares) != 0;
            const int corner = dark ? std::min(distance(ksq, kA1), distance(ksq, kH8))
                                    : std::min(distance(ksq, kA8), distance(ksq, kH1));
            penalty += kLoneKingWrongCorner * (7 - corner);
        }
        score -= Score(0, penalty);
    }

    // Endgame: the king belongs near the pawns.
    const Bitboard pawns = pos.pieces(kPawn);
    if (pawns) {
        int nearest = 8;
        Bitboard b = pawns;
        while (b && nearest > 1) nearest = std::min(nearest, distance(ksq, pop_lsb(b)));
        score += Score(0, kKingPawnDistance * nearest);
    }
    return score;
}

}  // namespace

void evaluate_king_safety(EvalState& st) {
    st.terms[kKingSafety] = king_safety_side(st, kWhite) - king_safety_side(st, kBlack);
}

}  // namespace lmr::eval::detail
