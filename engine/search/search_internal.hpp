#pragma once
// Private pieces of the Searcher shared by its translation units (not a public header).
#include "engine/search/history.hpp"
#include "engine/search/rebel_order.hpp"
#include "engine/search/search.hpp"

namespace lmr::search {

struct Searcher::StackEntry {
    chess::Move move = chess::Move::none();  // move played from this ply (null() after NMP)
    chess::Piece piece = chess::kNoPiece;
    ContinuationRow* cont = nullptr;  // continuation row of the move played from this ply
    chess::Move killers[2] = {};
    chess::Move mate_killer = chess::Move::none();  // quiet move that refuted with a mate here
    chess::Move excluded = chess::Move::none();
    int static_eval = kNoScore;    // kNoScore when in check
    bool has_precomputed = false;  // the parent already evaluated this node (LMR eval deltas)
    bool has_breakdown = false;
    int precomputed_eval = 0;
    eval::Breakdown breakdown{};
};

struct Searcher::RootMove {
    chess::Move move;
    int score = -kInfinite;  // this iteration; -kInfinite unless it raised alpha
    // What `score` is worth: kLower when it failed high on the root window it was searched in
    // (the window is widened and searched again, which a stop may interrupt), kUpper when it did
    // not raise alpha (the first move of a pass may fail low), else kExact.
    Bound bound = Bound::kExact;
    int prev_score = -kInfinite;  // last completed iteration
    int last_best_iteration = 0;  // last iteration in which it was best (0: never)
    PrincipalVariation pv;
};

struct Searcher::Tables {
    ButterflyHistory butterfly;
    ContinuationHistory continuation;
    CaptureHistory captures;
    CounterMoves counters;
    RebelHistory rebel;
    CorrectionHistory correction;
};

// What the LMR inputs read about the node being searched; set once per node by negamax (or
// by explain) and read by fill_move_context for each of its moves.
// One move as search_move searches it: the node's window and place, the move's depths (depth - R
// first, then the full depth), and whether its child reuses the evaluation the LMR inputs made.
struct Searcher::MoveSearch {
    int alpha = 0;
    int beta = 0;
    int ply = 0;
    bool cut_node = false;
    bool root = false;
    int first_depth = 0;
    int new_depth = 0;
    int reduction = 0;
    bool child_evaluated = false;
    ReSearch shape = ReSearch::kFirstMove;
};

struct Searcher::LmrNode {
    int depth = 0;
    int ply = 0;
    bool is_pv = false;
    bool cut_node = false;
    bool in_check = false;
    bool improving = false;  // by the config's lmr.improving rule
    chess::Move tt_move = chess::Move::none();
    bool tt_move_is_capture = false;
    int static_eval = kNoScore;   // raw evaluation; taken lazily when the node is in check
    chess::Move killers[4] = {};  // this ply's two, then the two of ply - 2
    int winning_captures = 0;     // captures with SEE > 0 searched so far (REBEL's rank)
    // Threatened N/B/R/Q before the node's moves, taken at the first move that needs them:
    // the mover's (step 6 "resolved") and the opponent's (step 5 "threatened").
    bool threats_known = false;
    chess::Bitboard own_threatened = 0;
    chess::Bitboard their_threatened = 0;
    const RebelMoveList* rebel_order = nullptr;  // the node's REBEL-ordered list, if in use
};

// What the search already knows about a move when the LMR policy is asked about it.
struct Searcher::MoveFacts {
    bool capture = false;
    bool gives_check = false;
    int history = 0;            // ordering history: butterfly + two continuation rows
    int butterfly_history = 0;  // the butterfly table alone
};

inline constexpr int kStackOffset = 4;

inline bool Searcher::enter_node(int ply) {
    ++nodes_;
    if (node_limit_ && nodes_ >= node_limit_ && completed_depth_ > 0) abort_ = true;
    if ((nodes_ & 511) == 0) check_limits();
    if (abort_) return false;
    if (ply > seldepth_) seldepth_ = ply;
    return true;
}

// May a TT entry's bound decide this node without searching?
inline bool tt_cutoff_allowed(const TtHit& hit, int alpha, int beta) {
    if (hit.score == kNoScore) return false;
    switch (hit.bound) {
        case Bound::kExact:
            return true;
        case Bound::kLower:
            return hit.score >= beta;
        case Bound::kUpper:
            return hit.score <= alpha;
        default:
            return false;
    }
}
// stack_[ply + kStackOffset]; plies -4..-1 are sentinels

}  // namespace lmr::search
