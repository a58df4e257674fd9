#pragma once
// What a "go" command asks for, and the time budget derived from it.
#include <chrono>
#include <cstdint>
#include <vector>

#include "engine/chess/types.hpp"

namespace lmr::search {

struct Limits {
    // Clock state in milliseconds; negative = not given.
    std::int64_t time[2] = {-1, -1};  // indexed by chess::Color
    std::int64_t inc[2] = {0, 0};
    int movestogo = 0;           // 0 = sudden death / not given
    std::int64_t movetime = -1;  // ms
    int depth = 0;               // 0 = no depth limit
    std::uint64_t nodes = 0;     // 0 = no node limit
    int mate = 0;                // search for a mate in N moves (stops when found)
    bool infinite = false;
    std::vector<chess::Move> searchmoves;  // empty = all legal moves
    // When the "go" command arrived; the clock runs from here. Default: when search() starts.
    std::chrono::steady_clock::time_point start{};

    bool uses_clock() const { return time[0] >= 0 || time[1] >= 0; }
    bool has_time_limit() const { return movetime >= 0 || uses_clock(); }
};

// Soft limit: the time we aim to spend on this move (scaled by best-move stability; the
// search does not start an iteration it does not expect to finish within it).
// Hard limit: abort the search at once.
struct TimeBudget {
    std::int64_t soft_ms = -1;  // -1 = unlimited
    std::int64_t hard_ms = -1;
};

// Budget for the side to move. move_overhead is reserved per move for GUI/IPC latency.
TimeBudget compute_budget(const Limits& limits, chess::Color us, int game_ply,
                          std::int64_t move_overhead_ms);

// Stockfish's UCI option `nodestime` (nodes as time): at a rate of N nodes a millisecond the
// search's time is its nodes / N, and the game's clock is a budget of nodes taken from the clock
// of its first search (N x wtime or btime) and kept by the engine from then on: each search
// spends its nodes, each increment adds N x inc, the end of a moves/time period adds the first
// search's budget again. The wtime and btime of later `go` commands are not read, so the moves
// depend on node counts alone, not on the wall-clock times a manager measures and sends.
class NodesTime {
  public:
    // 0 = off (wall time). A new rate starts a new budget at the next search.
    void set_rate(std::int64_t nodes_per_ms) {
        rate_ = nodes_per_ms;
        available_ = -1;
    }
    std::int64_t rate() const { return rate_; }
    bool on() const { return rate_ > 0; }
    // `ucinewgame`: the next search with a clock takes its budget from that clock.
    void new_game() { available_ = -1; }
    // Replaces the clock of `us` in `limits` by the budget left, in milliseconds at the rate
    // (rounded down), when the rate is on and `limits` has that clock.
    void apply(Limits& limits, chess::Color us);
    // After a search that apply() gave the budget: its nodes spent, the increment and (at a
    // period's last move, movestogo 1) the period's budget added.
    void spend(const Limits& limits, chess::Color us, std::uint64_t nodes);
    // The budget left, in nodes; -1 before the game's first search with a clock.
    std::int64_t available() const { return available_; }

  private:
    std::int64_t rate_ = 0;
    std::int64_t available_ = -1;
    std::int64_t period_ = 0;  // the first search's budget: what a new period adds
};

}  // namespace lmr::search
