// Shared state of one evaluation and the term functions that fill it. Internal to
// engine/eval: the public interface is eval.hpp.
#pragma once

#include <array>

#include "engine/chess/attacks.hpp"
#include "engine/chess/bitboard.hpp"
#include "engine/chess/position.hpp"
#include "engine/eval/eval.hpp"
#include "engine/eval/score.hpp"

namespace lmr::eval::detail {

using chess::Bitboard;
using chess::Color;
using chess::Square;

// --- Geometry helpers (compile-time tables) ---

inline constexpr Bitboard kAdjacentFiles[8] = {chess::file_bb(1),
                                               chess::file_bb(0) | chess::file_bb(2),
                                               chess::file_bb(1) | chess::file_bb(3),
                                               chess::file_bb(2) | chess::file_bb(4),
                                               chess::file_bb(3) | chess::file_bb(5),
                                               chess::file_bb(4) | chess::file_bb(6),
                                               chess::file_bb(5) | chess::file_bb(7),
                                               chess::file_bb(6)};

// Ranks strictly in front of sq from c's point of view.
constexpr Bitboard forward_ranks(Color c, Square sq) {
    int r = chess::rank_of(sq);
    return c == chess::kWhite ? (r == 7 ? 0 : ~Bitboard{0} << (8 * (r + 1)))
                              : (r == 0 ? 0 : ~Bitboard{0} >> (8 * (8 - r)));
}
// Squares in front of sq on its own file.
constexpr Bitboard forward_file(Color c, Square sq) {
    return forward_ranks(c, sq) & chess::file_bb(chess::file_of(sq));
}
// Squares in front of sq on the adjacent files (where enemy pawns could attack it from).
constexpr Bitboard pawn_attack_span(Color c, Square sq) {
    return forward_ranks(c, sq) & kAdjacentFiles[chess::file_of(sq)];
}
// Squares an enemy pawn must not occupy for a pawn on sq to be passed.
constexpr Bitboard passed_span(Color c, Square sq) {
    return pawn_attack_span(c, sq) | forward_file(c, sq);
}

constexpr int distance(Square a, Square b) {
    int df = chess::file_of(a) - chess::file_of(b);
    int dr = chess::rank_of(a) - chess::rank_of(b);
    df = df < 0 ? -df : df;
    dr = dr < 0 ? -dr : dr;
    return df > dr ? df : dr;
}

// Which side's value a white-view accumulation gets: +1 for White, -1 for Black.
constexpr int sign(Color c) {
    return c == chess::kWhite ? 1 : -1;
}

// --- Pawn-only information, cached by the pawn bitboards ---
struct PawnInfo {
    Score structure;  // White view: doubled, isolated, backward, connected
    Bitboard passed;  // passed pawns of both colours
};

// Returns the pawn information of pos, from the per-thread pawn cache when the same pawn
// structure was seen before (entries are verified against both pawn bitboards, so a hit is
// always exact).
const PawnInfo& probe_pawns(const chess::Position& pos);
// Computes the pawn information without the cache.
PawnInfo compute_pawns(Bitboard white_pawns, Bitboard black_pawns);

// --- Everything one evaluation computes, shared by the term functions ---
struct EvalState {
    const chess::Position& pos;
    Bitboard occupied = 0;
    Square king_sq[2] = {0, 0};
    Bitboard attacked_by[2][6] = {};  // by piece type
    Bitboard attacked[2] = {};        // by any piece
    Bitboard attacked2[2] = {};       // by at least two pieces
    Bitboard king_zone[2] = {};
    Bitboard mobility_area[2] = {};
    int king_attackers[2] = {};         // c's pieces attacking the enemy king zone
    int king_attack_weight[2] = {};     // sum of their kKingAttackWeight
    int king_adjacent_attacks[2] = {};  // c's attacks on squares next to the enemy king
    Score terms[kTermCount] = {};       // White view, untapered
    int phase = 0;
    int scale = 64;  // endgame scale factor out of 64

    explicit EvalState(const chess::Position& p) : pos(p) {}
};

// Term groups; each adds its White-view Score to st.terms[...].
void evaluate_pieces(EvalState& st);       // mobility, rooks, minor pieces, bishop pair
void evaluate_king_safety(EvalState& st);  // needs every attack map
void evaluate_threats(EvalState& st);      // needs every attack map
void evaluate_passed(EvalState& st, Bitboard passed);
int scale_factor(const EvalState& st, Score total, Bitboard passed);

// Runs the whole evaluation: fills st.terms (White view, untapered), phase and scale.
void evaluate_terms(EvalState& st);

}  // namespace lmr::eval::detail
