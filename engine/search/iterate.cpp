// Iterative deepening, aspiration windows, root move bookkeeping, time management and
// progress reporting around the tree search of search.cpp.
#include <algorithm>
#include <cstdlib>

#include "engine/chess/game_end.hpp"
#include "engine/chess/movegen.hpp"
#include "engine/search/movepick.hpp"
#include "engine/search/search_internal.hpp"

namespace lmr::search {

using chess::Move;

Searcher::Searcher()
    : tables_(std::make_unique<Tables>()),
      stack_(std::make_unique<StackEntry[]>(kMaxPly + 2 * kStackOffset)),
      pv_(std::make_unique<PrincipalVariation[]>(kMaxPly + 1)) {
    set_config(reduction::default_config());
    new_game();
}

Searcher::~Searcher() = default;

void Searcher::new_game() {
    nodes_time_.new_game();
    tt_.clear();
    tables_->butterfly.clear();
    tables_->continuation.clear();
    tables_->captures.clear();
    tables_->counters.clear();
    tables_->rebel.clear();
    tables_->correction.clear();
    for (int i = 0; i < kMaxPly + 2 * kStackOffset; ++i) stack_[i] = StackEntry{};
}

void Searcher::set_config(const reduction::LmrConfig& config) {
    config_ = config;
    policy_ = std::make_unique<reduction::LmrPolicy>(config_);
    needs_eval_deltas_ = policy_->needs(reduction::kInputEvalDeltas);
    needs_new_threat_ = policy_->needs(reduction::kInputNewThreat);
    needs_threat_escape_ = policy_->needs(reduction::kInputThreatEscape);
    needs_ordering_ = policy_->needs(reduction::kInputOrderingScore);
}

void Searcher::reset_stats() {
    stats_ = SearchStats{};
    lmr_stats_ = reduction::LmrStats{};
}

std::int64_t Searcher::elapsed_ms() const {
    if (nodes_time_.on()) return static_cast<std::int64_t>(nodes_) / nodes_time_.rate();
    return wall_ms();
}

std::int64_t Searcher::wall_ms() const {
    return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() -
                                                                 start_)
        .count();
}

// An aspiration failure is printed (`lowerbound`/`upperbound`) once the search has run a second
// of its clock, for a GUI watching a long search. A search bounded by nodes or depth alone runs on
// no clock but the wall's, and the wall's second depends on the machine's load: a manager reads
// a move's score from the last line printed (and adjudicates on it), so such a search prints
// exact lines only and its output, like its moves, is the same under any load.
bool Searcher::prints_bound_lines() const {
    return searches_on_a_clock_ && elapsed_ms() > 1000;
}

void Searcher::report(int depth, int score, Bound bound) {
    if (!info_) return;
    IterationInfo info;
    info.depth = depth;
    info.seldepth = std::max(seldepth_, depth);
    info.score = score;
    info.bound = bound;
    info.nodes = nodes_;
    info.time_ms = wall_ms();
    info.hashfull = tt_.hashfull();
    info.pv = &root_moves_[0].pv;
    reported_ = info;
    reported_pv_ = *info.pv;
    reported_.pv = &reported_pv_;
    info_(info);
}

void Searcher::report_totals() {
    if (!info_ || reported_.nodes == nodes_) return;
    IterationInfo info = reported_;
    info.nodes = nodes_;
    info.time_ms = wall_ms();
    info.hashfull = tt_.hashfull();
    reported_ = info;
    info_(info);
}

// A root move's PV is copied from the pv_ arrays of the nodes below it. Two paths of the node
// search used to leave a stale tail there (a zero-window child's slot still holding an earlier
// sibling's line; a three-stage root fail high not searched again as PV); search.cpp now
// clears the child's line and searches such a root move again, and this replay stays as the
// guarantee: GUIs and tournament managers (fastchess) replay every PV, so before a PV is
// printed or yields a ponder move it is replayed on the root position (pos_, which every root
// pass leaves as it found it) and cut at the first illegal move and after the first position
// where the game is over: checkmate, stalemate, threefold repetition (with the game's history),
// the fifty-move rule or insufficient material. Make/unmake on pos_ allocates nothing.
void Searcher::sanitize_pv(PrincipalVariation& pv) {
    int length = 0;
    while (length < pv.length) {
        const Move m = pv.moves[length];
        if (!pos_.is_legal(m)) break;
        pos_.make_move(m);
        ++length;
        if (chess::game_end(pos_) != chess::GameEnd::kNone) break;
    }
    for (int i = length - 1; i >= 0; --i) pos_.unmake_move(pv.moves[i]);
    pv.length = length;
}

SearchResult Searcher::search(const chess::Position& root, const Limits& limits) {
    start_ = limits.start == std::chrono::steady_clock::time_point{}
                 ? std::chrono::steady_clock::now()
                 : limits.start;
    pos_ = root;
    abort_ = false;
    nodes_ = 0;
    seldepth_ = 0;
    completed_depth_ = 0;
    iteration_ = 0;
    nmp_min_ply_ = 0;
    tt_.new_search();
    tables_->rebel.clear();  // seed 003: "Table is cleared at the start of the search."
    for (int i = 0; i < kMaxPly + 2 * kStackOffset; ++i) {
        StackEntry& e = stack_[i];
        e = StackEntry{};
        e.cont = tables_->continuation.sentinel();
    }
    Limits clock = limits;  // with `nodestime`, the clock is the engine's budget of nodes
    nodes_time_.apply(clock, root.side_to_move());
    budget_ = compute_budget(clock, root.side_to_move(), root.game_ply(), move_overhead_ms_);
    time_limited_ = limits.has_time_limit() && !limits.infinite;
    searches_on_a_clock_ = limits.has_time_limit() || limits.infinite;
    node_limit_ = limits.nodes;

    // Root moves in the picker's order (TT move, good captures, ...), restricted to
    // searchmoves when given.
    root_moves_.clear();
    {
        const TtHit hit = tt_.probe(pos_.key(), 0);
        const Move no_killers[4] = {};
        OrderingTables ordering;
        ordering.butterfly = &tables_->butterfly;
        ordering.captures = &tables_->captures;
        ordering.cont[0] = ordering.cont[1] = ordering.cont[2] = tables_->continuation.sentinel();
        MovePicker picker(pos_, hit.move, no_killers, Move::none(), ordering);
        for (Move m = picker.next(); m != Move::none(); m = picker.next()) {
            if (!limits.searchmoves.empty() &&
                std::find(limits.searchmoves.begin(), limits.searchmoves.end(), m) ==
                    limits.searchmoves.end()) {
                continue;
            }
            RootMove rm;
            rm.move = m;
            root_moves_.push_back(rm);
        }
    }

    reported_ = IterationInfo{};
    reported_pv_.length = 0;
    SearchResult result;
    if (root_moves_.empty()) {
        result.score = pos_.in_check() ? -kMate : 0;
        return result;
    }
    iterate(limits, result);
    nodes_time_.spend(limits, root.side_to_move(), nodes_);
    result.nodes = nodes_;
    result.time_ms = wall_ms();
    stats_.nodes += nodes_;
    return result;
}

void Searcher::iterate(const Limits& limits, SearchResult& result) {
    const int max_depth = limits.depth > 0 ? std::min(limits.depth, kMaxPly - 8) : kMaxPly - 8;
    const bool clock_game = time_limited_ && limits.movetime < 0;
    const auto& sw = config_.search;
    int prev_score = 0;
    Move prev_best = Move::none();
    double instability = 0.0;
    int alpha = -kInfinite;  // the window of the last root pass
    int beta = kInfinite;

    for (int depth = 1; depth <= max_depth; ++depth) {
        iteration_ = depth;
        iteration_best_ = Move::none();
        for (RootMove& rm : root_moves_) {
            rm.prev_score = rm.score;
            rm.score = -kInfinite;
        }

        int delta = 16 + std::abs(prev_score) / 64;
        alpha = -kInfinite;
        beta = kInfinite;
        if (sw.aspiration_windows && depth >= 4 && !is_mate_score(prev_score)) {
            alpha = std::max(prev_score - delta, -kInfinite);
            beta = std::min(prev_score + delta, kInfinite);
        }
        int score = 0;
        while (true) {
            score = search_root_window(alpha, beta, depth);
            // Moves that raised alpha carry their score; the rest keep their old order.
            std::stable_sort(
                root_moves_.begin(), root_moves_.end(),
                [](const RootMove& a, const RootMove& b) { return a.score > b.score; });
            sanitize_pv(root_moves_[0].pv);
            if (abort_) break;
            if (score <= alpha) {
                if (prints_bound_lines()) report(depth, score, Bound::kUpper);
                beta = (alpha + beta) / 2;
                alpha = std::max(score - delta, -kInfinite);
            } else if (score >= beta) {
                if (prints_bound_lines()) report(depth, score, Bound::kLower);
                beta = std::min(score + delta, kInfinite);
            } else {
                break;
            }
            delta += delta / 2;
            if (delta > 1000) {
                alpha = -kInfinite;
                beta = kInfinite;
            }
        }

        // An interrupted iteration still sorted its proven improvements to the front.
        const RootMove& best = root_moves_[0];
        result.best_move = best.move;
        result.ponder_move =
            best.pv.length >= 2 && best.pv.moves[0] == best.move ? best.pv.moves[1] : Move::none();
        if (abort_) break;

        completed_depth_ = depth;
        result.depth = depth;
        result.score = score;
        report(depth, score, Bound::kExact);

        if (limits.mate > 0 && score >= kMateInMaxPly && mate_moves(score) <= limits.mate) break;

        if (clock_game) {
            // Spend more time while the best move keeps changing or the score is falling.
            instability *= 0.5;
            if (prev_best != Move::none() && prev_best != best.move) instability += 1.0;
            double factor = 1.0 + instability * 0.6;
            if (depth > 1 && score < prev_score - 30) factor *= 1.25;
            if (root_moves_.size() == 1) factor = 0.0;  // nothing to think about
            // The next iteration usually costs more than all earlier ones together: starting it
            // past ~60% of the target would overshoot on average.
            if (static_cast<double>(elapsed_ms()) >=
                0.6 * static_cast<double>(budget_.soft_ms) * factor) {
                break;
            }
        }
        prev_score = score;
        prev_best = best.move;
    }

    if (root_moves_[0].score == -kInfinite) result.score = root_moves_[0].prev_score;

    // The bestmove must start the last PV printed (fastchess warns "Bestmove does not match
    // beginning of last PV", and fishtest counts that as an error). An interrupted iteration
    // (stop, node or time limit) plays the move that raised alpha in it, or in an earlier
    // aspiration pass whose bound was not printed, so the last line may show another move.
    // Then, as Stockfish does when it stops, one more line gives the best move's PV: at the
    // interrupted depth with its score there, else at the last completed depth with its score
    // then. The score keeps the bound of the root window it was found in: a fail high that the
    // stop caught before its re-search is a lower bound whose PV is the move alone, even when
    // the widened window of the interrupted pass would contain it (printed as exact, a mate
    // score there announced a mate the one-move PV did not show).
    const RootMove& best = root_moves_[0];
    const Move shown = reported_pv_.length > 0 ? reported_pv_.moves[0] : Move::none();
    if (best.move != shown) {
        if (best.score != -kInfinite) {
            report(iteration_, best.score, best.bound);
        } else {
            report(std::max(completed_depth_, 1),
                   best.prev_score != -kInfinite ? best.prev_score : result.score, Bound::kExact);
        }
    } else {
        // A search stopped inside an iteration (a node or time limit) searched on after its last
        // line. A manager reads a move's nodes from the last line: to record them, and to charge a
        // clock counted in nodes (nodestime), which must charge what this engine's own nodestime
        // budget spent. So the last line once more with the whole search's nodes and time; its
        // depth, score and PV unchanged, so that what a manager adjudicates on is too.
        report_totals();
    }
}

}  // namespace lmr::search
