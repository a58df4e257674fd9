// Pawn structure (cached per pawn configuration) and passed pawns (which also depend on
// kings and pieces, so they are evaluated on every call from the cached passed-pawn set).
#include <algorithm>

#include "engine/eval/internal.hpp"
#include "engine/eval/weight_storage.hpp"
#include "engine/eval/weights.hpp"

namespace lmr::eval::detail {

using namespace chess;

namespace {

Score evaluate_pawn_side(Color us, Bitboard our_pawns, Bitboard their_pawns, Bitboard& passed) {
    const Color them = ~us;
    Score score;
    Bitboard b = our_pawns;
    while (b) {
        const Square sq = pop_lsb(b);
        const int f = file_of(sq);
        const int rr = relative_rank(us, sq);
        const Square stop = us == kWhite ? sq + 8 : sq - 8;

        const Bitboard opposed = forward_file(us, sq) & their_pawns;
        const Bitboard neighbours = our_pawns & kAdjacentFiles[f];
        const Bitboard phalanx = neighbours & rank_bb_of(sq);
        const Bitboard support = pawn_attacks(them, sq) & our_pawns;
        const bool doubled = (forward_file(us, sq) & our_pawns) != 0;

        if (doubled) score += kDoubled;
        if (support | phalanx) {
            int v = kConnected[rr] * (phalanx ? 3 : 2) / (opposed ? 2 : 1) +
                    kSupporterBonus * popcount(support);
            score += Score(v, rr >= 2 ? v * (rr - 2) / 4 : 0);
        } else if (!neighbours) {
            score += kIsolated;
            if (!opposed) score += kIsolatedHalfOpen;
        } else {
            // Backward: every neighbour is ahead of it, and it cannot advance safely.
            const bool no_support_behind = !(neighbours & ~forward_ranks(us, sq));
            const bool stop_controlled =
                (pawn_attacks(us, stop) & their_pawns) || (square_bb(stop) & their_pawns);
            if (no_support_behind && stop_controlled) {
                score += kBackward;
                if (!opposed) score += kBackwardHalfOpen;
            }
        }
        // Only the front pawn of a doubled pair counts as passed.
        if (!(passed_span(us, sq) & their_pawns) && !doubled) passed |= square_bb(sq);
    }
    return score;
}

constexpr int kPawnCacheSize = 1 << 12;

struct PawnCacheEntry {
    Bitboard white_pawns;
    Bitboard black_pawns;
    PawnInfo info;
};

// Zero-initialised entries are valid: they describe the position without pawns, whose
// structure score and passed set are indeed zero.
thread_local PawnCacheEntry pawn_cache[kPawnCacheSize];

}  // namespace

PawnInfo compute_pawns(Bitboard white_pawns, Bitboard black_pawns) {
    PawnInfo info{};
    Bitboard passed = 0;
    info.structure = evaluate_pawn_side(kWhite, white_pawns, black_pawns, passed) -
                     evaluate_pawn_side(kBlack, black_pawns, white_pawns, passed);
    info.passed = passed;
    return info;
}

const PawnInfo& probe_pawns(const Position& pos) {
    const Bitboard wp = pos.pieces(kWhite, kPawn);
    const Bitboard bp = pos.pieces(kBlack, kPawn);
    const std::uint64_t h = (wp * 0x9E3779B97F4A7C15ULL) ^ (bp * 0xC2B2AE3D27D4EB4FULL);
    PawnCacheEntry& e = pawn_cache[(h ^ (h >> 29)) & (kPawnCacheSize - 1)];
    if (kTunableWeights || e.white_pawns != wp || e.black_pawns != bp) {
        e.white_pawns = wp;
        e.black_pawns = bp;
        e.info = compute_pawns(wp, bp);
    }
    return e.info;
}

void evaluate_passed(EvalState& st, Bitboard passed) {
    const Position& pos = st.pos;
    for (Color us : {kWhite, kBlack}) {
        const Color them = ~us;
        Bitboard b = passed & pos.pieces(us, kPawn);
        if (!b) continue;
        Score score;
        const bool pawn_ending = !pos.has_non_pawn_material(them);
        while (b) {
            const Square sq = pop_lsb(b);
            const int rr = relative_rank(us, sq);
            const Square stop = us == kWhite ? sq + 8 : sq - 8;
            score += kPassedRank[rr];

            const int w = kPassedWeight[rr];
            if (w) {
                const int their_king = std::min(distance(st.king_sq[them], stop), 5);
                const int our_king = std::min(distance(st.king_sq[us], stop), 5);
                score +=
                    Score(0, (their_king * kPassedTheirKing - our_king * kPassedOurKing) * w / 2);

                if (!(st.occupied & square_bb(stop))) {
                    const Bitboard path = forward_file(us, sq);
                    const Bitboard unsafe = path & (st.attacked[them] | pos.pieces(them));
                    int k = !unsafe                       ? kPassedPathFree
                            : !(unsafe & square_bb(stop)) ? kPassedStopFree
                                                          : 0;
                    if (st.attacked[us] & square_bb(stop)) k += kPassedStopDefended;
                    score += Score(k * w / 3, k * w / 2);
                }
            }
            if (pos.pieces(them) & square_bb(stop)) score += kPassedBlocked;

            // Rule of the square: the enemy king cannot catch the pawn and nothing stands in
            // its way.
            if (pawn_ending && !(forward_file(us, sq) & st.occupied)) {
                const Square promo = make_square(file_of(sq), us == kWhite ? 7 : 0);
                const int moves = std::min(5, 7 - rr);
                const int king_moves =
                    distance(st.king_sq[them], promo) - (pos.side_to_move() == them ? 1 : 0);
                if (king_moves > moves) score += kUnstoppable;
            }
        }
        st.terms[kPassedPawns] += score * sign(us);
    }
}

}  // namespace lmr::eval::detail
