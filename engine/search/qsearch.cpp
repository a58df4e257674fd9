// Quiescence search: captures and queen promotions (all evasions when in check) until the
// position is quiet, with stand-pat, delta pruning and SEE pruning of losing captures.
#include <algorithm>

#include "engine/search/movepick.hpp"
#include "engine/search/search_internal.hpp"

namespace lmr::search {

using chess::Move;

template <bool kPv>
int Searcher::qsearch(int alpha, int beta, int ply) {
    StackEntry* ss = &stack_[ply + kStackOffset];
    const bool precomputed = ss->has_precomputed;
    ss->has_precomputed = false;
    if (kPv) pv_[ply].length = 0;

    if (!enter_node(ply)) return 0;

    if (pos_.is_draw(ply)) return 0;
    const bool in_check = pos_.in_check();
    if (ply >= kMaxPly - 1) return in_check ? 0 : eval::evaluate(pos_);

    const TtHit hit = tt_.probe(pos_.key(), ply);
    if (!kPv && hit.found && tt_cutoff_allowed(hit, alpha, beta)) return hit.score;

    const auto& sw = config_.search;
    int best_score;
    int stand_pat = kNoScore;
    int raw_eval = kNoScore;  // what the TT keeps; kNoScore in check
    if (in_check) {
        ss->static_eval = kNoScore;
        best_score = -kInfinite;
    } else {
        raw_eval = precomputed                           ? ss->precomputed_eval
                   : (hit.found && hit.eval != kNoScore) ? hit.eval
                                                         : eval::evaluate(pos_);
        stand_pat = corrected_eval(raw_eval);
        ss->static_eval = stand_pat;
        // A TT bound on the right side is a better estimate than the static evaluation.
        if (hit.found && hit.score != kNoScore && !is_mate_score(hit.score) &&
            (hit.bound == Bound::kExact ||
             hit.bound == (hit.score > stand_pat ? Bound::kLower : Bound::kUpper))) {
            stand_pat = hit.score;
        }
        if (stand_pat >= beta) {
            if (!hit.found) {
                tt_.store(pos_.key(), ply, stand_pat, raw_eval, -1, Bound::kLower, Move::none());
            }
            return stand_pat;
        }
        alpha = std::max(alpha, stand_pat);
        best_score = stand_pat;
    }

    const OrderingTables ordering = ordering_tables(ply);
    MovePicker picker(pos_, hit.move, ordering);

    Move best_move = Move::none();
    int move_count = 0;
    const int original_alpha = alpha;
    for (Move m = picker.next(); m != Move::none(); m = picker.next()) {
        ++move_count;
        const bool capture = pos_.is_capture(m);
        if (!in_check && best_score > -kMateInMaxPly) {
            // Delta pruning: even winning the captured piece cannot lift us to alpha.
            if (sw.qsearch_delta_pruning && !m.is_promotion() && !pos_.gives_check(m)) {
                const int gain = capture ? kPieceValue[chess::type_of(pos_.captured_piece(m))] : 0;
                if (stand_pat + 200 + gain <= alpha) {
                    best_score = std::max(best_score, stand_pat + 200 + gain);
                    continue;
                }
            }
            // The quiescence SEE pruning of losing captures.
            if (sw.qsearch_see_pruning && !pos_.see_ge(m, 0)) continue;
        }

        ss->move = m;
        ss->piece = pos_.moved_piece(m);
        ss->cont = tables_->continuation.row(ss->piece, m.to());
        pos_.make_move(m);
        tt_.prefetch(pos_.key());
        const int score = -qsearch<kPv>(-beta, -alpha, ply + 1);
        pos_.unmake_move(m);
        if (abort_) return 0;

        if (score > best_score) {
            best_score = score;
            if (score > alpha) {
                best_move = m;
                if (kPv) {
                    PrincipalVariation& pv = pv_[ply];
                    const PrincipalVariation& child = pv_[ply + 1];
                    pv.moves[0] = m;
                    std::copy(child.moves, child.moves + child.length, pv.moves + 1);
                    pv.length = child.length + 1;
                }
                if (score >= beta) break;
                alpha = score;
            }
        }
    }

    if (in_check && move_count == 0) return mated_in(ply);

    const Bound bound = best_score >= beta            ? Bound::kLower
                        : best_score > original_alpha ? Bound::kExact
                                                      : Bound::kUpper;
    tt_.store(pos_.key(), ply, best_score, raw_eval, in_check ? 0 : -1, bound, best_move);
    return best_score;
}

template int Searcher::qsearch<true>(int alpha, int beta, int ply);
template int Searcher::qsearch<false>(int alpha, int beta, int ply);

}  // namespace lmr::search
