// The tree search proper: negamax with PVS, pruning and the LMR seam (quiescence is in
// qsearch.cpp).
// Iterative deepening, root handling and reporting live in iterate.cpp.
#include <algorithm>
#include <cstdlib>

#include "engine/chess/movegen.hpp"
#include "engine/search/movepick.hpp"
#include "engine/search/search_internal.hpp"

namespace lmr::search {

using chess::Move;

void Searcher::check_limits() {
    if (completed_depth_ == 0) return;  // depth 1 always completes: there is always a best move
    if (stop_.load(std::memory_order_relaxed)) {
        abort_ = true;
        return;
    }
    if (time_limited_ && budget_.hard_ms >= 0 && elapsed_ms() >= budget_.hard_ms) abort_ = true;
}

void Searcher::update_continuation(int ply, chess::Piece piece, chess::Square to, int bonus) {
    const int idx = cont_index(piece, to);
    for (int back : {1, 2, 4}) {
        StackEntry* prev = &stack_[ply + kStackOffset - back];
        if (prev->cont == nullptr || tables_->continuation.is_sentinel(prev->cont)) continue;
        gravity_update<kHistoryMax>((*prev->cont)[idx], back == 4 ? bonus / 2 : bonus);
    }
}

void Searcher::update_quiet_stats(int ply, Move best, int depth, const std::uint16_t* quiets,
                                  int quiet_count) {
    StackEntry* ss = &stack_[ply + kStackOffset];
    if (ss->killers[0] != best) {
        ss->killers[1] = ss->killers[0];
        ss->killers[0] = best;
    }
    const StackEntry* prev = ss - 1;
    if (prev->move.is_ok() && prev->piece != chess::kNoPiece) {
        tables_->counters.set(prev->piece, prev->move.to(), best);
    }
    const int bonus = history_bonus(depth);
    const chess::Color us = pos_.side_to_move();
    tables_->butterfly.update(us, best, bonus);
    update_continuation(ply, pos_.moved_piece(best), best.to(), bonus);
    for (int i = 0; i < quiet_count; ++i) {
        const Move q = Move::from_raw(quiets[i]);
        tables_->butterfly.update(us, q, -bonus);
        update_continuation(ply, pos_.moved_piece(q), q.to(), -bonus);
    }
}

OrderingTables Searcher::ordering_tables(int ply) const {
    const StackEntry* ss = &stack_[ply + kStackOffset];
    OrderingTables ordering;
    ordering.butterfly = &tables_->butterfly;
    ordering.captures = &tables_->captures;
    ordering.cont[0] = (ss - 1)->cont;
    ordering.cont[1] = (ss - 2)->cont;
    ordering.cont[2] = (ss - 4)->cont;
    return ordering;
}

int Searcher::corrected_eval(int raw_eval) const {
    if (!config_.search.correction_history) return raw_eval;
    const int c = tables_->correction.correction(pos_.side_to_move(), pos_.pawn_key());
    return std::clamp(raw_eval + c, -kMateInMaxPly + 1, kMateInMaxPly - 1);
}

void Searcher::update_correction(int raw_eval, int best_score, Move best_move, Bound bound,
                                 int depth) {
    if (!config_.search.correction_history || is_mate_score(best_score)) return;
    // Captures and promotions change the material, which the evaluation already counts.
    if (best_move != Move::none() && (pos_.is_capture(best_move) || best_move.is_promotion())) {
        return;
    }
    // A bound only tells which side of it the true score lies.
    if (bound == Bound::kLower && best_score <= raw_eval) return;
    if (bound == Bound::kUpper && best_score >= raw_eval) return;
    tables_->correction.update(pos_.side_to_move(), pos_.pawn_key(), best_score - raw_eval, depth);
}

template <bool kPv>
int Searcher::negamax(int alpha, int beta, int depth, int ply, bool cut_node) {
    if (depth <= 0) return qsearch<kPv>(alpha, beta, ply);

    // Step 1. The node: its stack entry, whether the parent evaluated it already, the limits.
    StackEntry* ss = &stack_[ply + kStackOffset];
    const bool root = ply == 0;
    const bool precomputed = ss->has_precomputed;
    ss->has_precomputed = false;
    if (!precomputed) ss->has_breakdown = false;
    if (kPv) pv_[ply].length = 0;

    if (!enter_node(ply)) return 0;

    const auto& sw = config_.search;
    const bool in_check = pos_.in_check();
    // Step 2. Draws, the ply limit and mate distance pruning.
    if (!root) {
        if (pos_.is_draw(ply)) return 0;
        if (ply >= kMaxPly - 1) return in_check ? 0 : eval::evaluate(pos_);
        if (sw.mate_distance_pruning) {
            // No line from here can beat a mate already found closer to the root.
            alpha = std::max(alpha, mated_in(ply));
            beta = std::min(beta, mate_in(ply + 1));
            if (alpha >= beta) return alpha;
        }
    }

    // Step 3. The transposition table: its move, and its score where it settles this node.
    const TtHit hit = tt_.probe(pos_.key(), ply);
    const Move tt_move = root ? root_moves_[0].move : hit.move;
    // A singular-extension search (a move excluded) must search: the entry speaks for all moves.
    if (!kPv && ss->excluded == Move::none() && hit.found && hit.depth >= depth &&
        tt_cutoff_allowed(hit, alpha, beta)) {
        // A quiet TT move that fails high is as good a killer as one found by searching.
        if (hit.score >= beta && tt_move != Move::none() && pos_.is_legal(tt_move) &&
            !pos_.is_capture(tt_move) && !tt_move.is_promotion()) {
            update_quiet_stats(ply, tt_move, depth, nullptr, 0);
        }
        return hit.score;
    }

    // Step 4. Static evaluation. When the LMR policy reads eval deltas, the parent may already have
    // evaluated this node with a breakdown; otherwise take the breakdown here.
    int raw_eval = kNoScore;
    if (precomputed) {
        raw_eval = ss->precomputed_eval;
    } else if (needs_eval_deltas_) {
        raw_eval = eval::evaluate(pos_, ss->breakdown);
        ss->has_breakdown = true;
    } else if (!in_check) {
        if (hit.found && hit.eval != kNoScore) {
            raw_eval = hit.eval;
        } else {
            raw_eval = eval::evaluate(pos_);
            // Keep the evaluation even if this node is pruned before it stores a result.
            if (!hit.found) {
                tt_.store(pos_.key(), ply, kNoScore, raw_eval, -2, Bound::kNone, Move::none());
            }
        }
    }
    ss->static_eval = in_check ? kNoScore : corrected_eval(raw_eval);
    int eval = ss->static_eval;
    if (!in_check && hit.found && hit.score != kNoScore && !is_mate_score(hit.score) &&
        (hit.bound == Bound::kExact ||
         hit.bound == (hit.score > eval ? Bound::kLower : Bound::kUpper))) {
        eval = hit.score;
    }
    bool improving = false;
    if (!in_check) {
        const int prev2 = (ss - 2)->static_eval;
        const int prev4 = (ss - 4)->static_eval;
        improving = prev2 != kNoScore   ? ss->static_eval > prev2
                    : prev4 != kNoScore ? ss->static_eval > prev4
                                        : true;
    }

    const chess::Color us = pos_.side_to_move();
    if (!kPv && !in_check && ss->excluded == Move::none()) {
        // Step 5. Reverse futility: far enough above beta that a quiet move will not drop below it.
        if (sw.reverse_futility && depth <= 7 && eval - 95 * (depth - improving) >= beta &&
            eval < kMateInMaxPly && beta > -kMateInMaxPly) {
            return eval;
        }

        // Step 6. Null move. Zugzwang guard: never with only king and pawns, never in check, never
        // two in a row; verified by a reduced normal search at high depth.
        if (sw.null_move && depth >= 3 && eval >= beta &&
            ss->static_eval >= beta - 20 * depth + 180 && (ss - 1)->move != Move::null() &&
            ply >= nmp_min_ply_ && pos_.has_non_pawn_material(us) && beta > -kMateInMaxPly &&
            beta < kMateInMaxPly) {
            const int r = 3 + depth / 4 + std::min((eval - beta) / 256, 2);
            ss->move = Move::null();
            ss->piece = chess::kNoPiece;
            ss->cont = tables_->continuation.sentinel();
            pos_.make_null_move();
            int score = -negamax<false>(-beta, -beta + 1, depth - r, ply + 1, !cut_node);
            pos_.unmake_null_move();
            if (abort_) return 0;
            if (score >= beta) {
                if (score >= kMateInMaxPly) score = beta;  // do not trust a mate from a null move
                if (nmp_min_ply_ != 0 || depth < 14) return score;
                nmp_min_ply_ = ply + 3 * (depth - r) / 4;
                const int verified = negamax<false>(beta - 1, beta, depth - r, ply, false);
                nmp_min_ply_ = 0;
                if (verified >= beta) return score;
            }
        }
    }

    const OrderingTables ordering = ordering_tables(ply);

    // Step 7. ProbCut: a capture that beats beta by a clear margin in a shallow search almost
    // surely beats beta in the full one. Skipped when the TT already says this search would fail.
    if (sw.probcut && !kPv && !in_check && ss->excluded == Move::none() && depth >= 5 &&
        std::abs(beta) < kMateInMaxPly) {
        const int probcut_beta = beta + 200 - 60 * improving;
        const bool tt_says_below = hit.found && hit.depth >= depth - 3 && hit.score != kNoScore &&
                                   hit.score < probcut_beta;
        if (!tt_says_below) {
            const Move tt_capture =
                tt_move != Move::none() && pos_.is_capture(tt_move) ? tt_move : Move::none();
            MovePicker captures(pos_, tt_capture, ordering);
            for (Move m = captures.next(); m != Move::none(); m = captures.next()) {
                if (!pos_.see_ge(m, probcut_beta - ss->static_eval)) continue;
                ss->move = m;
                ss->piece = pos_.moved_piece(m);
                ss->cont = tables_->continuation.row(ss->piece, m.to());
                pos_.make_move(m);
                // Quiescence first: most candidates are refuted there for a fraction of the cost.
                int score = -qsearch<false>(-probcut_beta, -probcut_beta + 1, ply + 1);
                if (score >= probcut_beta) {
                    score = -negamax<false>(-probcut_beta, -probcut_beta + 1, depth - 4, ply + 1,
                                            !cut_node);
                }
                pos_.unmake_move(m);
                if (abort_) return 0;
                if (score >= probcut_beta) {
                    tt_.store(pos_.key(), ply, score, raw_eval, depth - 3, Bound::kLower, m);
                    return score;
                }
            }
        }
    }

    // Step 8. Internal iterative reduction: no TT move where one is expected costs a ply instead of
    // a separate shallow search.
    if (sw.internal_iterative_reduction && depth >= 4 && tt_move == Move::none() &&
        (kPv || cut_node)) {
        --depth;
    }

    // Step 9. The move order (the picker, or REBEL's own list) and what the LMR policy reads of
    // the node.
    Move killers[4] = {ss->killers[0], ss->killers[1], Move::none(), Move::none()};
    if (ply >= 2) {
        killers[2] = (ss - 2)->killers[0];
        killers[3] = (ss - 2)->killers[1];
    }
    const StackEntry* prev = ss - 1;
    const Move counter = prev->move.is_ok() && prev->piece != chess::kNoPiece
                             ? tables_->counters.get(prev->piece, prev->move.to())
                             : Move::none();
    MovePicker picker(pos_, tt_move, killers, counter, ordering);
    // REBEL editions 1-2 play every move in their own order (evasions keep the picker's).
    RebelMoveList rebel_moves;
    const bool rebel_order = sw.rebel_ordering && !root && !in_check;
    if (rebel_order)
        rebel_moves.start(pos_, {tt_move, killers, ss->mate_killer, &tables_->rebel},
                          RebelHistory::unchanged_from(ply));

    LmrNode lmr_node;
    lmr_node.depth = depth;
    lmr_node.ply = ply;
    lmr_node.is_pv = kPv;
    lmr_node.cut_node = cut_node;
    lmr_node.in_check = in_check;
    lmr_node.improving = lmr_improving(ply, in_check, improving);
    lmr_node.tt_move = tt_move;
    lmr_node.tt_move_is_capture = tt_move != Move::none() && pos_.is_capture(tt_move);
    lmr_node.static_eval = raw_eval;
    std::copy(killers, killers + 4, lmr_node.killers);
    lmr_node.rebel_order = rebel_order ? &rebel_moves : nullptr;
    const int original_alpha = alpha;
    int best_score = -kInfinite;
    Move best_move = Move::none();
    int move_count = 0;  // moves picked, pruned ones included (move-count pruning reads it)
    int searched = 0;    // moves actually searched (MoveContext::move_number, PVS)
    // Raw 16-bit moves: a Move array would be zero-filled at every node.
    std::uint16_t quiets_tried[64];
    int quiet_count = 0;
    std::uint16_t captures_tried[32];
    int capture_count = 0;
    StackEntry* child = ss + 1;
    child->excluded = Move::none();

    // Steps 10-14, for each move in order.
    while (true) {
        Move m;
        if (root) {
            if (root_index_ >= root_moves_.size()) break;
            m = root_moves_[root_index_++].move;
        } else {
            m = rebel_order ? rebel_moves.next() : picker.next();
            if (m == Move::none()) break;
        }
        if (m == ss->excluded) continue;

        ++move_count;
        const bool capture = pos_.is_capture(m);
        const bool quiet = !capture && !m.is_promotion();
        // REBEL's rank of a winning capture: its order already scored the moves it hands out.
        const bool winning_capture =
            needs_ordering_ && !rebel_order && capture && pos_.see_ge(m, 1);
        const bool gives_check = pos_.gives_check(m);
        const chess::Piece moved = pos_.moved_piece(m);
        const int idx = cont_index(moved, m.to());
        const int butterfly = quiet ? tables_->butterfly.get(us, m) : 0;
        const int history =
            quiet     ? butterfly + (*ordering.cont[0])[idx] + (*ordering.cont[1])[idx]
            : capture ? tables_->captures.get(moved, m.to(), chess::type_of(pos_.captured_piece(m)))
                      : 0;

        // Step 10. Shallow-depth pruning of moves that are very unlikely to matter.
        if (!root && best_score > -kMateInMaxPly && pos_.has_non_pawn_material(us)) {
            if (quiet) {
                // Late move pruning skips quiet moves one by one rather than telling the picker to
                // stop producing quiets, so that quiet checks (Qh7#) are still searched.
                if (sw.late_move_pruning && !gives_check && depth <= 8 &&
                    move_count >= (3 + depth * depth) / (2 - improving)) {
                    continue;
                }
                if (sw.futility && !in_check && !gives_check && depth <= 8 &&
                    ss->static_eval + 100 + 90 * depth <= alpha) {
                    continue;
                }
                if (sw.see_pruning && !gives_check && depth <= 8 &&
                    !pos_.see_ge(m, -25 * depth * depth)) {
                    continue;
                }
            } else if (sw.see_pruning && !gives_check && depth <= 8 &&
                       !pos_.see_ge(m, -100 * depth)) {
                // Checking captures are kept: a "losing" Qxh7+ is often mate.
                continue;
            }
        }

        // Step 11. Extensions.
        int extension = 0;
        // Singular extension: when every alternative to the TT move falls clearly short of the
        // TT score, the TT move is forced and gets an extra ply. If the alternatives beat beta
        // even without it, several moves refute the parent (multi-cut); if the TT move alone
        // was expected to fail high, it is searched a ply shallower.
        if (sw.singular_extension && !root && m == tt_move && depth >= 8 && ply < 2 * iteration_ &&
            ss->excluded == Move::none() && hit.found && hit.depth >= depth - 3 &&
            hit.score != kNoScore && !is_mate_score(hit.score) &&
            (hit.bound == Bound::kLower || hit.bound == Bound::kExact)) {
            const int singular_beta = hit.score - 2 * depth;
            ss->excluded = m;
            const int score =
                negamax<false>(singular_beta - 1, singular_beta, (depth - 1) / 2, ply, cut_node);
            ss->excluded = Move::none();
            child->excluded = Move::none();
            if (abort_) return 0;
            if (score < singular_beta) {
                extension = 1;
                ++stats_.singular_extensions;
            } else if (singular_beta >= beta) {
                return singular_beta;
            } else if (hit.score >= beta) {
                extension = -1;
            }
        }
        if (extension == 0 && sw.check_extension && gives_check && ply < 2 * iteration_ &&
            pos_.see_ge(m, 0)) {
            extension = 1;
        }
        const int new_depth = depth - 1 + extension;
        ++searched;

        // Step 12. The LMR seam: the policy alone decides the reduction of every move.
        const bool consult_policy = policy_->eligible(depth, searched, &lmr_stats_);
        reduction::MoveContext ctx{};
        if (consult_policy) {
            fill_move_context(ctx, lmr_node, m, {capture, gives_check, history, butterfly},
                              searched, alpha, beta);
        }

        ss->move = m;
        ss->piece = moved;
        ss->cont = tables_->continuation.row(moved, m.to());
        // Only a PV child writes its line; after a zero-window child the slot would still hold
        // an earlier sibling's line, which must not be copied into this node's PV.
        if (kPv) pv_[ply + 1].length = 0;
        pos_.make_move(m);
        tt_.prefetch(pos_.key());

        int reduction = 0;
        bool child_evaluated = false;
        if (consult_policy) {
            child_evaluated = fill_move_context_after(ctx, lmr_node);
            reduction = policy_->reduction(ctx, &lmr_stats_);
        }
        // Step 13. The move's searches (search_move). A reduced move is searched first at depth - R
        // (the policy keeps it >= 0); a negative R (when the config allows it) extends every move
        // but the first.
        const int first_depth = reduction > 0   ? std::max(0, new_depth - reduction)
                                : searched == 1 ? new_depth
                                                : new_depth - reduction;
        if (reduction > 0) ++stats_.reduced_searches;
        const ReSearch shape =
            searched == 1 ? ReSearch::kFirstMove
            : kPv && config_.research() == reduction::ResearchPolicy::kReducedThenFull
                ? ReSearch::kReducedThenFull
                : ReSearch::kThreeStage;
        const int score = search_move<kPv>({alpha, beta, ply, cut_node, root, first_depth,
                                            new_depth, reduction, child_evaluated, shape});
        child->has_precomputed = false;
        pos_.unmake_move(m);
        if (abort_) return 0;
        if (winning_capture) ++lmr_node.winning_captures;

        // Step 14. What the move's score tells: REBEL's history, the root list, the best move.

        if (!capture) tables_->rebel.update(ply, moved, m.to(), depth, score > alpha);

        if (root) {
            RootMove& rm = root_moves_[root_index_ - 1];
            if (searched == 1 || score > alpha) {
                rm.score = score;
                rm.bound = score >= beta   ? Bound::kLower
                           : score > alpha ? Bound::kExact
                                           : Bound::kUpper;
                rm.pv.moves[0] = m;
                const PrincipalVariation& cpv = pv_[1];
                std::copy(cpv.moves, cpv.moves + cpv.length, rm.pv.moves + 1);
                rm.pv.length = cpv.length + 1;
                if (score > alpha) {
                    iteration_best_ = m;
                    rm.last_best_iteration = iteration_;
                }
            } else {
                rm.score = -kInfinite;
            }
        }

        if (score > best_score) {
            best_score = score;
            if (score > alpha) {
                best_move = m;
                if (kPv && !root) {
                    PrincipalVariation& pv = pv_[ply];
                    const PrincipalVariation& cpv = pv_[ply + 1];
                    pv.moves[0] = m;
                    std::copy(cpv.moves, cpv.moves + cpv.length, pv.moves + 1);
                    pv.length = cpv.length + 1;
                }
                if (score >= beta) {
                    ++stats_.fail_highs;
                    if (searched == 1) ++stats_.fail_highs_first;
                    break;
                }
                alpha = score;
            }
        }
        if (m != best_move) {
            if (quiet && quiet_count < 64) quiets_tried[quiet_count++] = m.raw();
            if (capture && capture_count < 32) captures_tried[capture_count++] = m.raw();
        }
    }

    // Step 15. No legal move: mate or stalemate.
    if (move_count == 0) {  // no legal move (pruning never removes the first one)
        if (ss->excluded != Move::none()) return alpha;
        return in_check ? mated_in(ply) : 0;
    }

    // Step 16. A fail high teaches the histories: the best move up, the others tried down.
    if (best_score >= beta && best_move != Move::none()) {
        const int bonus = history_bonus(depth);
        if (!pos_.is_capture(best_move) && !best_move.is_promotion()) {
            update_quiet_stats(ply, best_move, depth, quiets_tried, quiet_count);
            if (best_score >= kMateInMaxPly) ss->mate_killer = best_move;
        } else if (pos_.is_capture(best_move)) {
            tables_->captures.update(pos_.moved_piece(best_move), best_move.to(),
                                     chess::type_of(pos_.captured_piece(best_move)), bonus);
        }
        for (int i = 0; i < capture_count; ++i) {
            const Move c = Move::from_raw(captures_tried[i]);
            tables_->captures.update(pos_.moved_piece(c), c.to(),
                                     chess::type_of(pos_.captured_piece(c)), -bonus);
        }
    }

    // Step 17. The transposition table and the evaluation correction keep the result.
    if (ss->excluded == Move::none() && !(root && abort_)) {
        const Bound bound = best_score >= beta                     ? Bound::kLower
                            : (kPv && best_score > original_alpha) ? Bound::kExact
                                                                   : Bound::kUpper;
        // The TT keeps the raw evaluation: the correction is applied afresh at each probe.
        const int stored_eval = in_check ? kNoScore : raw_eval;
        if (!in_check) update_correction(raw_eval, best_score, best_move, bound, depth);
        tt_.store(pos_.key(), ply, best_score, stored_eval, depth, bound, best_move);
    }
    return best_score;
}

// One search of the child of a move: its node's own window (at a non-PV node a null window too)
// or a null window at alpha. When fill_move_context_after evaluated the child, it is told here
// to reuse that evaluation, in every search of it.
template <bool kPv>
int Searcher::search_child(const MoveSearch& move, bool full_window, int depth, bool child_cut) {
    StackEntry* child = &stack_[move.ply + 1 + kStackOffset];
    if (move.child_evaluated) {
        child->has_precomputed = true;
        child->has_breakdown = true;
    }
    const int alpha = move.alpha, beta = move.beta, ply = move.ply;
    if (!full_window) return -negamax<false>(-alpha - 1, -alpha, depth, ply + 1, child_cut);
    return kPv ? -negamax<true>(-beta, -alpha, depth, ply + 1, false)
               : -negamax<false>(-beta, -alpha, depth, ply + 1, !move.cut_node);
}

// Step 13 of negamax: the searches of one move, in the shape its place asks for; each search
// after the first runs only when the one before beat alpha.
//
//   kFirstMove        the node's window at depth - R, then (when reduced) at full depth
//   kThreeStage       Stockfish's and the textbook's: a null window at depth - R, a null window
//                     at full depth, then at PV nodes the full window (at the root also after a
//                     fail high: the aspiration loop needs its exact score and PV)
//   kReducedThenFull  REBEL's (lmr.research reduced_then_full, PV nodes): a null window at
//                     depth - R, then straight to the full window at full depth
template <bool kPv>
int Searcher::search_move(const MoveSearch& move) {
    const int alpha = move.alpha, beta = move.beta;
    const bool reduced = move.reduction > 0;
    const auto beats_alpha = [&](int score) { return score > alpha && !abort_; };
    int score = 0;
    switch (move.shape) {
        case ReSearch::kFirstMove:
            score = search_child<kPv>(move, true, move.first_depth, false);
            if (reduced && beats_alpha(score)) {
                ++stats_.re_searches;
                score = search_child<kPv>(move, true, move.new_depth, false);
            }
            return score;
        case ReSearch::kThreeStage:
        case ReSearch::kReducedThenFull: {
            score = search_child<kPv>(move, false, move.first_depth, reduced || !move.cut_node);
            if (reduced && move.first_depth < move.new_depth && beats_alpha(score)) {
                ++stats_.re_searches;
                if (move.shape == ReSearch::kReducedThenFull)
                    return search_child<kPv>(move, true, move.new_depth, false);
                score = search_child<kPv>(move, false, move.new_depth, !move.cut_node);
                if (kPv && beats_alpha(score) && (move.root || score < beta))
                    score = search_child<kPv>(move, true, move.new_depth, false);
                return score;
            }
            if (kPv && beats_alpha(score) && (move.root || score < beta))
                score = search_child<kPv>(move, true, move.first_depth, false);
            return score;
        }
    }
    return score;
}

int Searcher::search_root_window(int alpha, int beta, int depth) {
    root_index_ = 0;
    return negamax<true>(alpha, beta, depth, 0, false);
}

}  // namespace lmr::search
