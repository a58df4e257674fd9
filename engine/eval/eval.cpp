// The evaluation driver: attack-map setup, material and PST, endgame scaling, and the public
// entry points. The term groups live in pieces.cpp, pawns.cpp and king.cpp.
#include "engine/eval/eval.hpp"

#include <cassert>

#include "engine/eval/internal.hpp"
#include "engine/eval/pst.hpp"
#include "engine/eval/weights.hpp"

namespace lmr::eval {

namespace detail {

using namespace chess;

namespace {

// The king zone: the 3x3 block around the king, moved off the board edge so that a king
// on the edge still has nine squares to defend.
Bitboard king_zone(Square ksq) {
    int f = file_of(ksq);
    int r = rank_of(ksq);
    f = f < 1 ? 1 : (f > 6 ? 6 : f);
    r = r < 1 ? 1 : (r > 6 ? 6 : r);
    Square center = make_square(f, r);
    return king_attacks(center) | square_bb(center);
}

void setup(EvalState& st) {
    const Position& pos = st.pos;
    st.occupied = pos.occupied();
    for (Color c : {kWhite, kBlack}) {
        st.king_sq[c] = pos.king_square(c);
        Bitboard pawns = pos.pieces(c, kPawn);
        Bitboard pawn_att = pawn_attacks_bb(c, pawns);
        Bitboard pawn_double = c == kWhite ? shift_north_east(pawns) & shift_north_west(pawns)
                                           : shift_south_east(pawns) & shift_south_west(pawns);
        Bitboard king_att = king_attacks(st.king_sq[c]);
        st.attacked_by[c][kPawn] = pawn_att;
        st.attacked_by[c][kKing] = king_att;
        st.attacked[c] = pawn_att | king_att;
        st.attacked2[c] = (pawn_att & king_att) | pawn_double;
        st.king_zone[c] = king_zone(st.king_sq[c]);
    }
    for (Color c : {kWhite, kBlack}) {
        st.mobility_area[c] =
            ~(st.attacked_by[~c][kPawn] | pos.pieces(c, kPawn) | square_bb(st.king_sq[c]));
    }
}

void evaluate_material_pst(EvalState& st) {
    const Position& pos = st.pos;
    Score side[2][2];  // [colour][material, pst]
    int phase = 0;
    for (Color c : {kWhite, kBlack}) {
        Score material;
        Score pst;
        for (int pt = kPawn; pt <= kKing; ++pt) {
            Bitboard b = pos.pieces(c, PieceType(pt));
            const int n = popcount(b);
            material += kMaterialValue[pt] * n;
            phase += kPhaseWeight[pt] * n;
            const auto& table = kPstTable[make_piece(c, PieceType(pt))];
            while (b) pst += table[pop_lsb(b)];
        }
        side[c][0] = material;
        side[c][1] = pst;
    }
    st.terms[kMaterial] = side[kWhite][0] - side[kBlack][0];
    st.terms[kPst] = side[kWhite][1] - side[kBlack][1];
    st.phase = phase > kMaxPhase ? kMaxPhase : phase;
}

int piece_material(const Position& pos, Color c) {
    return pos.count(c, kKnight) * 320 + pos.count(c, kBishop) * 330 + pos.count(c, kRook) * 500 +
           pos.count(c, kQueen) * 900;
}

}  // namespace

// How winnable the position is for the side that the endgame score favours, out of 64.
int scale_factor(const EvalState& st, Score total, Bitboard passed) {
    if (total.eg == 0) return 64;
    const Position& pos = st.pos;
    Color strong = total.eg > 0 ? kWhite : kBlack;
    Color weak = ~strong;
    int strong_pawns = pos.count(strong, kPawn);
    int npm_strong = piece_material(pos, strong);
    int npm_weak = piece_material(pos, weak);

    // Without pawns, being less than a rook up rarely wins: KB v K, KR v KB, KR v KN...
    if (strong_pawns == 0 && npm_strong - npm_weak <= 330)
        return npm_strong < 500 ? 0 : (npm_weak <= 330 ? 4 : 14);
    // Two knights cannot force mate against a bare king.
    if (strong_pawns == 0 && npm_strong == 640 && pos.count(strong, kKnight) == 2 &&
        pos.pieces(weak) == pos.pieces(weak, kKing))
        return 0;

    int sf = 64;
    Bitboard bishops_w = pos.pieces(kWhite, kBishop);
    Bitboard bishops_b = pos.pieces(kBlack, kBishop);
    bool opposite_bishops = popcount(bishops_w) == 1 && popcount(bishops_b) == 1 &&
                            ((bishops_w & kDarkSquares) != 0) != ((bishops_b & kDarkSquares) != 0);
    if (opposite_bishops) {
        if (npm_strong == 330 && npm_weak == 330) {
            int strong_passed = popcount(passed & pos.pieces(strong, kPawn));
            sf = 16 + 6 * strong_passed;
            if (sf > 40) sf = 40;
        } else {
            sf = 48;
        }
    } else if (npm_strong - npm_weak < 500) {
        // Few pawns leave fewer winning chances, unless a rook or more up (KQ v K, KBN v K).
        int by_pawns = 36 + 7 * strong_pawns;
        if (by_pawns < sf) sf = by_pawns;
    }
    return sf;
}

void evaluate_terms(EvalState& st) {
    setup(st);
    evaluate_material_pst(st);
    const PawnInfo& pawns = probe_pawns(st.pos);
    st.terms[kPawnStructure] = pawns.structure;
    evaluate_pieces(st);
    evaluate_king_safety(st);
    evaluate_threats(st);
    evaluate_passed(st, pawns.passed);
    st.terms[kTempo] = kTempoBonus * sign(st.pos.side_to_move());

    Score total;
    for (int t = 0; t < kTermCount; ++t) total += st.terms[t];
    st.scale = scale_factor(st, total, pawns.passed);
}

}  // namespace detail

int evaluate(const chess::Position& pos, Breakdown& out) {
    detail::EvalState st(pos);
    detail::evaluate_terms(st);
    const int s = detail::sign(pos.side_to_move());
    int sum = 0;
    detail::Score total;
    for (int t = 0; t < kTermCount; ++t) {
        total += st.terms[t];
        out.terms[t] = detail::taper(st.terms[t], st.phase) * s;
        sum += out.terms[t];
    }
    // Scaling acts on the endgame half of the whole score; kScaling records what it changed
    // so that the terms still add up to the total.
    out.terms[kScaling] = 0;
    // A certain draw (scale 0) is exactly 0 whatever the phase.
    if (st.scale != 64) {
        detail::Score scaled(total.mg, total.eg * st.scale / 64);
        out.terms[kScaling] = (st.scale ? detail::taper(scaled, st.phase) * s : 0) - sum;
        sum += out.terms[kScaling];
    }
    out.phase = st.phase;
    out.total = sum;
    return sum;
}

int evaluate(const chess::Position& pos) {
    Breakdown b;
    return evaluate(pos, b);
}

int game_phase(const chess::Position& pos) {
    int phase =
        pos.count(chess::kWhite, chess::kKnight) + pos.count(chess::kBlack, chess::kKnight) +
        pos.count(chess::kWhite, chess::kBishop) + pos.count(chess::kBlack, chess::kBishop) +
        2 * (pos.count(chess::kWhite, chess::kRook) + pos.count(chess::kBlack, chess::kRook)) +
        4 * (pos.count(chess::kWhite, chess::kQueen) + pos.count(chess::kBlack, chess::kQueen));
    return phase > kMaxPhase ? kMaxPhase : phase;
}

int pst_value(chess::Piece piece, chess::Square sq, int phase) {
    assert(piece >= chess::kWhitePawn && piece <= chess::kNoPiece && sq >= 0 && sq < 64);
    assert(phase >= 0 && phase <= kMaxPhase);
    if (piece == chess::kNoPiece) return 0;
    return detail::taper(detail::kPstTable[piece][sq], phase);
}

int pst_gain(chess::Piece piece, chess::Square from, chess::Square to, int phase) {
    assert(piece >= chess::kWhitePawn && piece <= chess::kNoPiece && from >= 0 && from < 64);
    assert(to >= 0 && to < 64 && phase >= 0 && phase <= kMaxPhase);
    if (piece == chess::kNoPiece) return 0;
    const auto& table = detail::kPstTable[piece];
    return detail::taper(table[to], phase) - detail::taper(table[from], phase);
}

}  // namespace lmr::eval
