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

}  // namespace lmr::search
