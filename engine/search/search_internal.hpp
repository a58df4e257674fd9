#pragma once
// Private pieces of the Searcher shared by its translation units (not a public header).
#include "engine/search/history.hpp"
#include "engine/search/search.hpp"

namespace lmr::search {

struct Searcher::StackEntry {
    chess::Move move = chess::Move::none();  // move played from this ply (null() after NMP)
    chess::Piece piece = chess::kNoPiece;
    ContinuationRow* cont = nullptr;  // continuation row of the move played from this ply
    chess::Move killers[2] = {};
    chess::Move excluded = chess::Move::none();
    int static_eval = kNoScore;    // kNoScore when in check
    bool has_precomputed = false;  // the parent already evaluated this node (LMR eval deltas)
    bool has_breakdown = false;
    int precomputed_eval = 0;
    eval::Breakdown breakdown{};
};

struct Searcher::RootMove {
    chess::Move move;
    int score = -kInfinite;        // this iteration; -kInfinite unless it raised alpha
    int prev_score = -kInfinite;   // last completed iteration
    bool best_from_iter8 = false;  // was best in an iteration >= 8 (an LMR gate reads it)
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
