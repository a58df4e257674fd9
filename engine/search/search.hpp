#pragma once
// The search: iterative deepening with aspiration windows around a PVS alpha-beta with
// transposition table, quiescence, pruning (each switchable from LmrConfig::search) and the
// LMR seam: every reduction of a late move is decided by reduction::LmrPolicy::reduction().
#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

#include "engine/chess/position.hpp"
#include "engine/eval/eval.hpp"
#include "engine/lmr/config.hpp"
#include "engine/lmr/move_context.hpp"
#include "engine/lmr/policy.hpp"
#include "engine/lmr/stats.hpp"
#include "engine/search/history.hpp"
#include "engine/search/limits.hpp"
#include "engine/search/score.hpp"
#include "engine/search/tt.hpp"

namespace lmr::search {

struct OrderingTables;  // movepick.hpp

// Counters the search keeps besides the policy's own LmrStats.
struct SearchStats {
    std::uint64_t nodes = 0;
    std::uint64_t reduced_searches = 0;     // late moves searched with R > 0
    std::uint64_t re_searches = 0;          // ... of which the reduced search beat alpha
    std::uint64_t fail_highs = 0;           // beta cutoffs in the main search
    std::uint64_t fail_highs_first = 0;     // ... produced by the first move searched
    std::uint64_t singular_extensions = 0;  // TT moves extended as singular

    double re_search_rate() const {
        return reduced_searches ? static_cast<double>(re_searches) / reduced_searches : 0.0;
    }
    double fail_high_first_rate() const {
        return fail_highs ? static_cast<double>(fail_highs_first) / fail_highs : 0.0;
    }
    void add(const SearchStats& o) {
        nodes += o.nodes;
        reduced_searches += o.reduced_searches;
        re_searches += o.re_searches;
        fail_highs += o.fail_highs;
        fail_highs_first += o.fail_highs_first;
        singular_extensions += o.singular_extensions;
    }
};

struct PrincipalVariation {
    chess::Move moves[kMaxPly];
    int length = 0;
};

// One line of progress, reported after each iteration (and on aspiration failures).
struct IterationInfo {
    int depth = 0;
    int seldepth = 0;
    int score = 0;
    Bound bound = Bound::kExact;  // kLower / kUpper for aspiration fail-high / fail-low
    std::uint64_t nodes = 0;
    std::int64_t time_ms = 0;
    int hashfull = 0;
    const PrincipalVariation* pv = nullptr;
};

struct SearchResult {
    chess::Move best_move = chess::Move::none();  // none() only when there is no legal move
    chess::Move ponder_move = chess::Move::none();
    int score = 0;
    int depth = 0;  // last completed iteration
    std::uint64_t nodes = 0;
    std::int64_t time_ms = 0;
};

class Searcher {
  public:
    using InfoCallback = std::function<void(const IterationInfo&)>;

    Searcher();
    ~Searcher();
    Searcher(const Searcher&) = delete;
    Searcher& operator=(const Searcher&) = delete;

    // Not while a search runs.
    void set_hash_mb(std::size_t mb) { tt_.resize(mb); }
    std::size_t hash_mb() const { return tt_.megabytes(); }
    void clear_hash() { tt_.clear(); }
    // A new game: TT and every history table cleared, so searches are reproducible.
    void new_game();
    void set_config(const reduction::LmrConfig& config);
    const reduction::LmrConfig& config() const { return config_; }
    void set_move_overhead(std::int64_t ms) { move_overhead_ms_ = ms; }
    // UCI `nodestime` (limits.hpp, NodesTime): N nodes a millisecond, 0 = wall time.
    void set_nodes_time(std::int64_t nodes_per_ms) { nodes_time_.set_rate(nodes_per_ms); }
    // Progress lines; called on the search thread.
    void set_info_callback(InfoCallback cb) { info_ = std::move(cb); }

    // Runs to completion on the calling thread (the UCI layer puts it on its own thread).
    SearchResult search(const chess::Position& root, const Limits& limits);
    // Thread-safe: makes a running search return as soon as possible.
    void stop() { stop_.store(true, std::memory_order_relaxed); }
    bool stopped() const { return stop_.load(std::memory_order_relaxed); }
    // Before a new search: the UCI layer clears the flag on its own thread, so a "stop" that
    // arrives before the search thread starts is not lost.
    void reset_stop() { stop_.store(false, std::memory_order_relaxed); }

    // Statistics accumulate over searches until reset (bench sums a whole run).
    void reset_stats();
    const SearchStats& stats() const { return stats_; }
    const reduction::LmrStats& lmr_stats() const { return lmr_stats_; }
    int hashfull() const { return tt_.hashfull(); }

    // For tests: direct access to the table.
    TranspositionTable& tt() { return tt_; }

    // `lmr-engine explain`: the MoveContext the search would hand the policy for move m of
    // pos at a node of this depth and ply, with empty histories and killers and no earlier
    // plies (a new game). Every field is filled, also those the config does not read.
    reduction::MoveContext explain_context(const chess::Position& pos, chess::Move m, int depth,
                                           int ply, int move_number, bool pv, int alpha, int beta);

  private:
    struct StackEntry;
    struct RootMove;
    struct Tables;
    struct LmrNode;
    struct MoveFacts;

    struct MoveSearch;
    // The shape of a move's searches after the first (search_move): the first move's, Stockfish's
    // three stages, or REBEL's reduced search straight to the full window.
    enum class ReSearch { kFirstMove, kThreeStage, kReducedThenFull };

    template <bool kPv>
    int negamax(int alpha, int beta, int depth, int ply, bool cut_node);
    // Step 13 of negamax: every search of one move, re-searches included (search.cpp).
    template <bool kPv>
    int search_move(const MoveSearch& move);
    template <bool kPv>
    int search_child(const MoveSearch& move, bool full_window, int depth, bool child_cut);
    // The one place that fills what the LMR policy reads about move m (lmr_inputs.cpp); the
    // search and `explain` both use it. Before the move (pos_ at the node):
    void fill_move_context(reduction::MoveContext& ctx, LmrNode& node, chess::Move m,
                           const MoveFacts& facts, int move_number, int alpha, int beta);
    // After make_move: the eval deltas (the child's evaluation is kept in the stack for the
    // child node; returns true then) and step 6 read as "resolved".
    bool fill_move_context_after(reduction::MoveContext& ctx, LmrNode& node);
    // The improving flag the LMR terms read (lmr.improving), given the engine's own.
    bool lmr_improving(int ply, bool in_check, bool engine_improving) const;
    template <bool kPv>
    int qsearch(int alpha, int beta, int ply);
    int search_root_window(int alpha, int beta, int depth);
    void iterate(const Limits& limits, SearchResult& result);
    void check_limits();
    // Counts a node and polls the limits; false when the search must unwind.
    bool enter_node(int ply);
    // The search's time as its limits see it: wall time, or its nodes at the `nodestime` rate,
    // so that with the option on every decision depends on node counts alone.
    std::int64_t elapsed_ms() const;
    bool prints_bound_lines() const;
    // Wall time since the search started, for the `time` of info lines.
    std::int64_t wall_ms() const;
    void report(int depth, int score, Bound bound);
    // The last line again with the nodes and time of the whole search: see the end of iterate().
    void report_totals();
    // Cuts a root PV at its first illegal move and after the first position that ends the game.
    void sanitize_pv(PrincipalVariation& pv);
    void update_quiet_stats(int ply, chess::Move best, int depth, const std::uint16_t* quiets,
                            int quiet_count);
    void update_continuation(int ply, chess::Piece piece, chess::Square to, int bonus);
    // What the move picker reads at the node of this ply (histories, continuation rows).
    OrderingTables ordering_tables(int ply) const;
    // The static evaluation as pruning sees it: raw plus the correction history.
    int corrected_eval(int raw_eval) const;
    void update_correction(int raw_eval, int best_score, chess::Move best_move, Bound bound,
                           int depth);

    chess::Position pos_ = chess::Position::startpos();
    TranspositionTable tt_;
    std::unique_ptr<Tables> tables_;
    std::unique_ptr<StackEntry[]> stack_;  // kMaxPly + 8 entries; index = ply + 4
    std::unique_ptr<PrincipalVariation[]> pv_;
    std::vector<RootMove> root_moves_;
    std::size_t root_index_ = 0;

    reduction::LmrConfig config_;
    std::unique_ptr<reduction::LmrPolicy> policy_;
    bool needs_eval_deltas_ = false;
    bool needs_new_threat_ = false;     // step 5's inputs
    bool needs_threat_escape_ = false;  // step 6's
    bool needs_ordering_ = false;

    std::atomic<bool> stop_{false};
    InfoCallback info_;
    std::int64_t move_overhead_ms_ = 10;
    NodesTime nodes_time_;
    std::chrono::steady_clock::time_point start_;
    TimeBudget budget_;
    std::uint64_t node_limit_ = 0;
    bool time_limited_ = false;
    bool searches_on_a_clock_ = false;  // a clock, a movetime or infinite: see prints_bound_lines
    int iteration_ = 0;
    int completed_depth_ = 0;
    int seldepth_ = 0;
    int nmp_min_ply_ = 0;      // null move disabled below this ply (verification search)
    std::uint64_t nodes_ = 0;  // this search
    bool abort_ = false;       // set by check_limits(); unwinds the search
    chess::Move iteration_best_ = chess::Move::none();  // raised alpha in the running iteration
    IterationInfo reported_;  // the last line printed, its PV in reported_pv_ (empty: none yet)
    PrincipalVariation reported_pv_;

    SearchStats stats_;
    reduction::LmrStats lmr_stats_;
};

}  // namespace lmr::search
