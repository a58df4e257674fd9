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

void RebelMoveList::generate(const chess::Position& pos, const RebelOrderingTables& tables) {
    chess::MoveList list;
    chess::generate(pos, list);
    // Winning captures are ranked by their SEE, best first.
    int see[chess::kMaxMoves];
    for (int i = 0; i < list.size(); ++i) see[i] = pos.is_capture(list[i]) ? pos.see(list[i]) : 0;
    count_ = 0;
    for (int i = 0; i < list.size(); ++i) {
        int rank = 0;
        if (see[i] > 0)
            for (int j = 0; j < list.size(); ++j)
                rank += see[j] > see[i] || (see[j] == see[i] && j < i);
        const int score = rebel_move_score(pos, list[i], tables, rank);
        // Insertion keeps the list sorted best first; equal scores stay in generation order.
        int at = count_++;
        while (at > 0 && moves_[at - 1].score < score) {
            moves_[at] = moves_[at - 1];
            --at;
        }
        moves_[at] = {list[i].raw(), score};
    }
    cur_ = 0;
}

Move RebelMoveList::next() {
    if (cur_ >= count_) return Move::none();
    last_score_ = moves_[cur_].score;
    return Move::from_raw(moves_[cur_++].raw);
}

}  // namespace lmr::search
