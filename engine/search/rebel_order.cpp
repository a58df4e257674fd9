#include "engine/search/rebel_order.hpp"

#include "engine/eval/eval.hpp"
#include "engine/lmr/features.hpp"

namespace lmr::search {

using chess::Move;

int rebel_move_score(const chess::Position& pos, Move m, const RebelOrderingTables& tables,
                     int winning_rank) {
    const chess::Piece moved = pos.moved_piece(m);
    const bool capture = pos.is_capture(m);
    const bool promotion = m.is_promotion();
    lmr::RebelOrderingInput in;
    in.is_tt_move = m == tables.tt_move;
    in.is_mate_killer = m == tables.mate_killer && m != Move::none();
    const Move* k = tables.killers;
    in.killer = m == k[0]   ? lmr::KillerSlot::kKiller1
                : m == k[1] ? lmr::KillerSlot::kKiller2
                : m == k[2] ? lmr::KillerSlot::kKiller1TwoPliesBack
                : m == k[3] ? lmr::KillerSlot::kKiller2TwoPliesBack
                            : lmr::KillerSlot::kNone;
    in.is_capture = capture;
    in.see = capture ? pos.see(m) : 0;
    in.winning_capture_rank = winning_rank;
    in.mover = chess::type_of(moved);
    in.captured = capture ? chess::type_of(pos.captured_piece(m)) : chess::kNoPieceType;
    in.is_queen_promotion = promotion && m.promotion() == chess::kQueen;
    in.is_minor_promotion = promotion && m.promotion() != chess::kQueen;
    in.is_castling = m.is_castling();
    in.is_short_castling = in.is_castling && chess::file_of(m.to()) == 6;
    const int phase = eval::game_phase(pos);
    in.pst_delta = eval::pst_value(moved, m.to(), phase) - eval::pst_value(moved, m.from(), phase);
    in.rebel_history = tables.history->get(moved, m.to());
    in.piece_under_attack = lmr::is_threatened(pos, m.from());
    in.to_square_unsafe = !pos.see_ge(m, 0);
    return lmr::rebel_ordering_score(in);
}

RebelNodeFacts::RebelNodeFacts(const chess::Position& pos) : pos_(pos) {
    using namespace chess;
    const Color them = ~pos.side_to_move();
    const Bitboard occ = pos.occupied();
    Bitboard seen = 0;
    for (Bitboard b = pos.pieces(them, kBishop) | pos.pieces(them, kQueen); b;)
        seen |= bishop_attacks(pop_lsb(b), occ);
    for (Bitboard b = pos.pieces(them, kRook) | pos.pieces(them, kQueen); b;)
        seen |= rook_attacks(pop_lsb(b), occ);
    slider_seen_ = seen;
    for (Bitboard b = pos.pieces(them, kKnight); b;) seen |= knight_attacks(pop_lsb(b));
    enemy_attacks_ =
        seen | pawn_attacks_bb(them, pos.pieces(them, kPawn)) | king_attacks(pos.king_square(them));
    phase_ = eval::game_phase(pos);
}

bool RebelNodeFacts::see_ge0(Move m) const {
    // see_ge(m, 0) answers true whenever no enemy piece attacks the destination once the
    // mover has left (every value it compares is >= 0 until a recapture is possible). An
    // enemy attacks it then only if it attacks it now, or if it is a slider whose line runs
    // through the from-square, which it then attacks now. En passant also empties the
    // captured pawn's square, which may open a line: it keeps the full SEE.
    if (!m.is_en_passant() && !(enemy_attacks_ & chess::square_bb(m.to())) &&
        !(slider_seen_ & chess::square_bb(m.from())))
        return true;
    return pos_.see_ge(m, 0);
}

bool RebelNodeFacts::threatened(chess::Square sq) {
    const chess::Bitboard b = chess::square_bb(sq);
    if (!(enemy_attacks_ & b)) return false;  // not attacked: is_threatened's first answer
    if (!(threat_known_ & b)) {
        threat_known_ |= b;
        if (lmr::is_threatened(pos_, sq)) threatened_ |= b;
    }
    return (threatened_ & b) != 0;
}

void RebelMoveList::generate(const chess::Position& pos, const RebelOrderingTables& tables) {
    pos_ = &pos;
    tt_move_ = tables.tt_move;
    for (int i = 0; i < 4; ++i) killers_[i] = tables.killers[i];
    mate_killer_ = tables.mate_killer;
    chess::MoveList list;
    chess::generate(pos, list);
    count_ = list.size();
    cur_ = 0;
    scored_ = false;
    bool has_tt_move = false;
    for (int i = 0; i < count_; ++i) {
        const Move m = list[i];
        // The history now: the search of the TT move may change it before the scoring.
        moves_[i] = {m.raw(),
                     pos.is_capture(m) ? 0 : tables.history->get(pos.moved_piece(m), m.to())};
        has_tt_move |= m == tt_move_;
    }
    if (!has_tt_move) score_and_sort();
}

void RebelMoveList::score_and_sort() {
    const chess::Position& pos = *pos_;
    RebelNodeFacts facts(pos);
    // Winning captures are ranked by their SEE, best first (the TT move among them).
    int see[chess::kMaxMoves];
    int winners[chess::kMaxMoves];
    int winner_count = 0;
    for (int i = 0; i < count_; ++i) {
        const Move m = Move::from_raw(moves_[i].raw);
        if (!pos.is_capture(m)) continue;
        see[i] = pos.see(m);
        if (see[i] > 0) winners[winner_count++] = i;
    }
    for (int i = 0; i < count_; ++i) {
        const Move m = Move::from_raw(moves_[i].raw);
        if (m == tt_move_) {
            moves_[i].score = 255;  // rebel_ordering_score's first rule
            continue;
        }
        const chess::Piece moved = pos.moved_piece(m);
        const bool capture = pos.is_capture(m);
        const bool promotion = m.is_promotion();
        lmr::RebelOrderingInput in;
        in.is_mate_killer = m == mate_killer_ && m != Move::none();
        in.killer = m == killers_[0]   ? lmr::KillerSlot::kKiller1
                    : m == killers_[1] ? lmr::KillerSlot::kKiller2
                    : m == killers_[2] ? lmr::KillerSlot::kKiller1TwoPliesBack
                    : m == killers_[3] ? lmr::KillerSlot::kKiller2TwoPliesBack
                                       : lmr::KillerSlot::kNone;
        in.is_capture = capture;
        in.see = capture ? see[i] : 0;
        if (in.see > 0) {
            int rank = 0;
            for (int w = 0; w < winner_count; ++w) {
                const int j = winners[w];
                rank += see[j] > see[i] || (see[j] == see[i] && j < i);
            }
            in.winning_capture_rank = rank;
        }
        in.mover = chess::type_of(moved);
        in.captured = capture ? chess::type_of(pos.captured_piece(m)) : chess::kNoPieceType;
        in.is_queen_promotion = promotion && m.promotion() == chess::kQueen;
        in.is_minor_promotion = promotion && m.promotion() != chess::kQueen;
        in.is_castling = m.is_castling();
        in.is_short_castling = in.is_castling && chess::file_of(m.to()) == 6;
        const int phase = facts.phase();
        in.pst_delta =
            eval::pst_value(moved, m.to(), phase) - eval::pst_value(moved, m.from(), phase);
        in.rebel_history = capture ? 0 : moves_[i].score;  // only quiet moves read it
        in.piece_under_attack = facts.threatened(m.from());
        in.to_square_unsafe = lmr::rebel_ordering_reads_safety(in) && !facts.see_ge0(m);
        moves_[i].score = lmr::rebel_ordering_score(in);
    }
    // Best first; a stable insertion sort keeps equal scores in generation order.
    for (int i = 1; i < count_; ++i) {
        const Entry e = moves_[i];
        int at = i;
        while (at > 0 && moves_[at - 1].score < e.score) {
            moves_[at] = moves_[at - 1];
            --at;
        }
        moves_[at] = e;
    }
    scored_ = true;
}

Move RebelMoveList::next() {
    if (!scored_) {
        // The TT move is in the list and would be first: the others wait until asked for.
        if (cur_ == 0) {
            cur_ = 1;
            last_score_ = 255;
            return tt_move_;
        }
        score_and_sort();  // the TT move sorts to index 0, which cur_ has passed
    }
    if (cur_ >= count_) return Move::none();
    last_score_ = moves_[cur_].score;
    return Move::from_raw(moves_[cur_++].raw);
}

}  // namespace lmr::search
