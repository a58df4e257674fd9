// What the search hands the LMR policy: the one function pair that fills reduction::MoveContext,
// used by negamax for every late move and by `lmr-engine explain`.
#include "engine/lmr/features.hpp"
#include "engine/search/search_internal.hpp"

namespace lmr::search {

using chess::Move;

namespace {

// White pawn to rank 6 or beyond, black pawn to rank 3 or below (LMR gate).
bool pawn_to_advanced_rank(const chess::Position& pos, Move m) {
    const chess::Piece p = pos.moved_piece(m);
    return chess::type_of(p) == chess::kPawn &&
           chess::relative_rank(chess::color_of(p), m.to()) >= 5;
}

// The evaluation without the side-to-move tempo bonus, which belongs to whoever moves.
int without_tempo(const eval::Breakdown& b) {
    return b.total - b.terms[eval::kTempo];
}

}  // namespace

bool Searcher::lmr_improving(int ply, bool in_check, bool engine_improving) const {
    if (config_.lmr.improving == reduction::ImprovingRule::kEngine) return engine_improving;
    // Seed 001: a node two plies up that was in check has static_eval -INFINITY there.
    if (in_check || ply < 2) return false;
    const StackEntry* ss = &stack_[ply + kStackOffset];
    const int prev2 = (ss - 2)->static_eval;
    return prev2 == kNoScore || ss->static_eval > prev2;
}

void Searcher::fill_move_context(reduction::MoveContext& ctx, LmrNode& node, Move m,
                                 const MoveFacts& facts, int move_number, int alpha, int beta) {
    const bool root = node.ply == 0;
    ctx.depth = node.depth;
    ctx.ply = node.ply;
    ctx.move_number = move_number;
    ctx.is_root = root;
    ctx.is_pv = node.is_pv;
    ctx.cut_node = node.cut_node;
    ctx.tt_move_is_capture = node.tt_move_is_capture;
    ctx.in_check = node.in_check;
    ctx.improving = node.improving;
    ctx.root_iteration = iteration_;
    if (root) {
        const reduction::Gates& g = config_.lmr.gates;
        const int last_best = root_moves_[root_index_ - 1].last_best_iteration;
        ctx.root_best = g.root_best_reading == reduction::RootBestReading::kEverBest
                            ? iteration_ >= g.root_best_iteration && last_best > 0
                            : last_best >= g.root_best_iteration;
    }
    ctx.is_tt_move = m == node.tt_move;
    ctx.is_capture = facts.capture;
    ctx.see_ge0 = pos_.see_ge(m, 0);
    ctx.is_promotion = m.is_promotion();
    ctx.is_queen_promotion = m.is_promotion() && m.promotion() == chess::kQueen;
    ctx.pawn_to_advanced_rank = pawn_to_advanced_rank(pos_, m);
    ctx.gives_check = facts.gives_check;
    ctx.is_killer1 = m == node.killers[0];
    ctx.is_killer2 = m == node.killers[1];
    ctx.is_castling = m.is_castling();
    const chess::Piece moved = pos_.moved_piece(m);
    ctx.rebel_history = tables_->rebel.get(moved, m.to());
    ctx.history = facts.history;
    ctx.butterfly_history = facts.butterfly_history;
    if (node.static_eval == kNoScore) node.static_eval = eval::evaluate(pos_);  // in check
    ctx.static_eval = node.static_eval;
    ctx.alpha = alpha;
    ctx.beta = beta;
    // Each threat step's inputs only when that step is on: a scan of the board per move.
    const reduction::Steps& s = config_.lmr.steps;
    if (needs_new_threat_ && s.new_threat.mode == reduction::NewThreatMode::kFirstAttack)
        ctx.creates_threat = reduction::creates_new_threat(pos_, m);
    if (needs_threat_escape_ && s.threat_escape.mode == reduction::ThreatEscapeMode::kMovedAway)
        ctx.escapes_threat = reduction::escapes_threat(pos_, m);
    if ((needs_new_threat_ || needs_threat_escape_) && !node.threats_known) {
        if (needs_threat_escape_)
            node.own_threatened = reduction::threatened_pieces(pos_, pos_.side_to_move());
        if (needs_new_threat_)
            node.their_threatened = reduction::threatened_pieces(pos_, ~pos_.side_to_move());
        node.threats_known = true;
    }
    const StackEntry* ss = &stack_[node.ply + kStackOffset];
    const int phase = ss->has_breakdown ? ss->breakdown.phase : eval::game_phase(pos_);
    ctx.pst_delta = eval::pst_gain(moved, m.from(), m.to(), phase);
    if (needs_ordering_) {
        ctx.ordering_score =
            node.rebel_order
                ? node.rebel_order->last_score()
                : rebel_move_score(pos_, m,
                                   {node.tt_move, node.killers, ss->mate_killer, &tables_->rebel},
                                   node.winning_captures);
    }
}

bool Searcher::fill_move_context_after(reduction::MoveContext& ctx, LmrNode& node) {
    StackEntry* ss = &stack_[node.ply + kStackOffset];
    // pos_ is after the move: the opponent is to move.
    const reduction::Steps& s = config_.lmr.steps;
    if (needs_new_threat_ && s.new_threat.mode == reduction::NewThreatMode::kThreatened)
        ctx.creates_threat =
            ctx.see_ge0 &&
            (reduction::threatened_pieces(pos_, pos_.side_to_move()) & ~node.their_threatened) != 0;
    if (needs_threat_escape_ && s.threat_escape.mode == reduction::ThreatEscapeMode::kResolved)
        ctx.escapes_threat = node.own_threatened != 0 && ctx.see_ge0 &&
                             reduction::threatened_pieces(pos_, ~pos_.side_to_move()) == 0;
    if (!needs_eval_deltas_ || !ss->has_breakdown) return false;
    // Evaluate the child once here; the child node reuses it as its static eval.
    StackEntry* child = ss + 1;
    child->precomputed_eval = eval::evaluate(pos_, child->breakdown);
    const eval::Breakdown& before = ss->breakdown;
    const eval::Breakdown& after = child->breakdown;  // opponent's view: negate
    ctx.eval_minus_material = without_tempo(before) - before.terms[eval::kMaterial];
    ctx.passed_pawn_delta = -after.terms[eval::kPassedPawns] - before.terms[eval::kPassedPawns];
    ctx.king_safety_delta = -after.terms[eval::kKingSafety] - before.terms[eval::kKingSafety];
    ctx.eval_change = -without_tempo(after) - without_tempo(before);
    return true;
}

reduction::MoveContext Searcher::explain_context(const chess::Position& pos, Move m, int depth,
                                                 int ply, int move_number, bool pv, int alpha,
                                                 int beta) {
    new_game();
    pos_ = pos;
    iteration_ = depth + ply;  // the iteration that reaches this node at this depth
    root_moves_.assign(1, RootMove{});
    root_moves_[0].move = m;
    root_index_ = 1;
    // Every input is reported, so every feature is computed whatever the config reads.
    const bool eval_deltas = needs_eval_deltas_, new_threat = needs_new_threat_,
               threat_escape = needs_threat_escape_, ordering = needs_ordering_;
    needs_eval_deltas_ = needs_new_threat_ = needs_threat_escape_ = needs_ordering_ = true;

    StackEntry* ss = &stack_[ply + kStackOffset];
    const bool in_check = pos_.in_check();
    const int raw_eval = eval::evaluate(pos_, ss->breakdown);
    ss->has_breakdown = true;
    ss->static_eval = in_check ? kNoScore : corrected_eval(raw_eval);

    LmrNode node;
    node.depth = depth;
    node.ply = ply;
    node.is_pv = pv;
    node.in_check = in_check;
    // The engine's rule with no earlier plies: improving (the search's own fallback).
    node.improving = lmr_improving(ply, in_check, !in_check);
    node.static_eval = raw_eval;

    MoveFacts facts;
    facts.capture = pos_.is_capture(m);
    facts.gives_check = pos_.gives_check(m);
    reduction::MoveContext ctx{};
    fill_move_context(ctx, node, m, facts, move_number, alpha, beta);
    pos_.make_move(m);
    fill_move_context_after(ctx, node);
    pos_.unmake_move(m);

    needs_eval_deltas_ = eval_deltas;
    needs_new_threat_ = new_threat;
    needs_threat_escape_ = threat_escape;
    needs_ordering_ = ordering;
    return ctx;
}

}  // namespace lmr::search
