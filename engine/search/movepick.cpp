#include "engine/search/movepick.hpp"

#include <utility>

namespace lmr::search {

using chess::Move;

namespace {

chess::PieceType captured_type(const chess::Position& pos, Move m) {
    if (m.is_en_passant()) return chess::kPawn;
    const chess::Piece p = pos.captured_piece(m);
    return p == chess::kNoPiece ? chess::kPawn : chess::type_of(p);
}

bool is_under_promotion(Move m) {
    return m.is_promotion() && m.promotion() != chess::kQueen;
}

}  // namespace

MovePicker::MovePicker(const chess::Position& pos, Move tt_move, const Move killers[4],
                       Move counter, const OrderingTables& tables)
    : pos_(pos), tables_(tables), tt_move_(tt_move), counter_(counter) {
    for (int i = 0; i < 4; ++i) killers_[i] = killers[i];
    stage_ = pos.in_check() ? Stage::kEvasionTt : Stage::kTtMove;
}

MovePicker::MovePicker(const chess::Position& pos, Move tt_move, const OrderingTables& tables)
    : pos_(pos), tables_(tables), tt_move_(tt_move) {
    stage_ = pos.in_check() ? Stage::kEvasionTt : Stage::kQsTt;
}

bool MovePicker::is_special(Move m) const {
    for (int i = 0; i < emitted_count_; ++i) {
        if (emitted_[i] == m) return true;
    }
    return false;
}

bool MovePicker::usable_quiet(Move m) const {
    return m != Move::none() && !is_special(m) && !m.is_promotion() && pos_.is_legal(m) &&
           !pos_.is_capture(m);
}

void MovePicker::score_captures(int begin, int end) {
    for (int i = begin; i < end; ++i) {
        const Move m = moves_[i].move();
        const chess::Piece moved = pos_.moved_piece(m);
        int score = 0;
        if (pos_.is_capture(m)) {
            const chess::PieceType victim = captured_type(pos_, m);
            score = 16 * kPieceValue[victim] + tables_.captures->get(moved, m.to(), victim) / 8;
        }
        if (m.is_promotion()) score += 16 * kPieceValue[m.promotion()];
        moves_[i].score = score;
    }
}

void MovePicker::score_quiets(int begin, int end) {
    const chess::Color us = pos_.side_to_move();
    for (int i = begin; i < end; ++i) {
        const Move m = moves_[i].move();
        const int idx = cont_index(pos_.moved_piece(m), m.to());
        moves_[i].score = tables_.butterfly->get(us, m) + (*tables_.cont[0])[idx] +
                          (*tables_.cont[1])[idx] + (*tables_.cont[2])[idx] / 2;
    }
}

void MovePicker::score_evasions(int begin, int end) {
    const chess::Color us = pos_.side_to_move();
    for (int i = begin; i < end; ++i) {
        const Move m = moves_[i].move();
        if (pos_.is_capture(m)) {
            // Captures of the checker first, cheapest attacker first.
            moves_[i].score = (1 << 20) + 16 * kPieceValue[captured_type(pos_, m)] -
                              chess::type_of(pos_.moved_piece(m));
        } else {
            const int idx = cont_index(pos_.moved_piece(m), m.to());
            moves_[i].score = tables_.butterfly->get(us, m) + (*tables_.cont[0])[idx];
        }
    }
}

int MovePicker::pick_best(int begin, int end) {
    int best = begin;
    for (int i = begin + 1; i < end; ++i) {
        if (moves_[i].score > moves_[best].score) best = i;
    }
    std::swap(moves_[begin], moves_[best]);
    return begin;
}

Move MovePicker::next() {
    while (true) {
        switch (stage_) {
            case Stage::kTtMove:
            case Stage::kEvasionTt:
            case Stage::kQsTt: {
                const Stage tt_stage = stage_;
                stage_ = tt_stage == Stage::kTtMove      ? Stage::kGenCaptures
                         : tt_stage == Stage::kEvasionTt ? Stage::kGenEvasions
                                                         : Stage::kQsGenCaptures;
                if (tt_move_ == Move::none() || !pos_.is_legal(tt_move_)) {
                    tt_move_ = Move::none();
                    break;
                }
                if (tt_stage == Stage::kQsTt && !pos_.is_capture(tt_move_) &&
                    !(tt_move_.is_promotion() && tt_move_.promotion() == chess::kQueen)) {
                    tt_move_ = Move::none();
                    break;
                }
                emitted_[emitted_count_++] = tt_move_;
                return tt_move_;
            }

            case Stage::kGenCaptures:
            case Stage::kQsGenCaptures: {
                chess::MoveList& list = chess::scratch_move_list();
                chess::generate(pos_, list, chess::GenType::kCaptures);
                end_ = 0;
                const bool qs = stage_ == Stage::kQsGenCaptures;
                for (const Move m : list) {
                    if (m == tt_move_) continue;
                    if (qs && is_under_promotion(m)) continue;
                    moves_[end_++] = {m.raw(), 0};
                }
                score_captures(0, end_);
                cur_ = 0;
                bad_end_ = 0;
                stage_ = qs ? Stage::kQsCaptures : Stage::kGoodCaptures;
                break;
            }

            case Stage::kGoodCaptures:
                while (cur_ < end_) {
                    pick_best(cur_, end_);
                    const ScoredMove sm = moves_[cur_++];
                    // Losing captures and under-promotions wait until after the quiet moves.
                    if (is_under_promotion(sm.move()) || !pos_.see_ge(sm.move(), 0)) {
                        moves_[bad_end_++] = sm;
                        continue;
                    }
                    return sm.move();
                }
                quiet_begin_ = end_;
                stage_ = Stage::kKiller1;
                break;

            case Stage::kKiller1:
            case Stage::kKiller2:
            case Stage::kOldKiller1:
            case Stage::kOldKiller2:
            case Stage::kCounter: {
                const int index = static_cast<int>(stage_) - static_cast<int>(Stage::kKiller1);
                stage_ = static_cast<Stage>(static_cast<int>(stage_) + 1);
                const Move m = index < 4 ? killers_[index] : counter_;
                if (!usable_quiet(m)) break;
                emitted_[emitted_count_++] = m;
                return m;
            }

            case Stage::kGenQuiets: {
                stage_ = Stage::kQuiets;
                cur_ = end_ = quiet_begin_;
                chess::MoveList& list = chess::scratch_move_list();
                chess::generate(pos_, list, chess::GenType::kQuiets);
                for (const Move m : list) {
                    if (!is_special(m)) moves_[end_++] = {m.raw(), 0};
                }
                score_quiets(quiet_begin_, end_);
                // Insertion sort, best first: quiet lists are short and mostly searched in order.
                for (int i = quiet_begin_ + 1; i < end_; ++i) {
                    const ScoredMove sm = moves_[i];
                    int j = i - 1;
                    while (j >= quiet_begin_ && moves_[j].score < sm.score) {
                        moves_[j + 1] = moves_[j];
                        --j;
                    }
                    moves_[j + 1] = sm;
                }
                break;
            }

            case Stage::kQuiets:
                if (cur_ < end_) return moves_[cur_++].move();
                stage_ = Stage::kBadCaptures;
                bad_cur_ = 0;
                break;

            case Stage::kBadCaptures:
                if (bad_cur_ < bad_end_) return moves_[bad_cur_++].move();
                stage_ = Stage::kDone;
                break;

            case Stage::kGenEvasions: {
                chess::MoveList& list = chess::scratch_move_list();
                chess::generate(pos_, list, chess::GenType::kAll);
                end_ = 0;
                for (const Move m : list) {
                    if (m != tt_move_) moves_[end_++] = {m.raw(), 0};
                }
                score_evasions(0, end_);
                cur_ = 0;
                stage_ = Stage::kEvasions;
                break;
            }

            case Stage::kEvasions:
            case Stage::kQsCaptures:
                if (cur_ < end_) {
                    pick_best(cur_, end_);
                    return moves_[cur_++].move();
                }
                stage_ = Stage::kDone;
                break;

            case Stage::kDone:
                return Move::none();
        }
    }
}

}  // namespace lmr::search
