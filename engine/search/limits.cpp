#include "engine/search/limits.hpp"

#include <algorithm>

namespace lmr::search {

TimeBudget compute_budget(const Limits& limits, chess::Color us, int game_ply,
                          std::int64_t move_overhead_ms) {
    TimeBudget budget;
    if (limits.infinite) return budget;
    if (limits.movetime >= 0) {
        const std::int64_t t = std::max<std::int64_t>(1, limits.movetime - move_overhead_ms);
        budget.soft_ms = budget.hard_ms = t;
        return budget;
    }
    if (limits.time[us] < 0) return budget;

    const std::int64_t time = limits.time[us];
    const std::int64_t inc = std::max<std::int64_t>(0, limits.inc[us]);
    // Moves we plan to spread the remaining time over: the GUI's count when given (with one
    // move of slack), otherwise a horizon that shrinks slowly as the game goes on. Games are
    // mostly decided in the early middlegame, so the horizon is short enough to spend there
    // (40 and 50 moves measured: 40 won in self-play, see docs/engine.md).
    const int horizon = limits.movestogo > 0 ? std::min(limits.movestogo + 1, 50)
                                             : std::max(20, 40 - std::min(game_ply, 100) / 4);
    // Never plan to spend the overhead reserve of every remaining move.
    const std::int64_t reserve = move_overhead_ms * std::min(horizon, 10);
    const std::int64_t usable = std::max<std::int64_t>(1, time - reserve);

    // Spend the whole increment while the clock is comfortably above it, half of it below, so
    // a long game settles at a small reserve of a few increments instead of a zero clock.
    const std::int64_t inc_part = time > 5 * inc + reserve ? inc : inc / 2;
    std::int64_t soft = usable / horizon + inc_part;
    std::int64_t hard = std::min(usable / 4 + inc_part, soft * 5);
    if (limits.movestogo == 1) {
        soft = usable * 2 / 3;
        hard = usable * 4 / 5;
    }
    // The hard limit must leave the clock positive even with a slow GUI.
    const std::int64_t ceiling = std::max<std::int64_t>(1, time - move_overhead_ms - 5);
    hard = std::clamp<std::int64_t>(hard, 1, ceiling);
    soft = std::clamp<std::int64_t>(soft, 1, hard);
    budget.soft_ms = soft;
    budget.hard_ms = hard;
    return budget;
}

void NodesTime::apply(Limits& limits, chess::Color us) {
    if (!on() || limits.time[us] < 0) return;
    if (available_ < 0) available_ = period_ = rate_ * limits.time[us];
    limits.time[us] = available_ / rate_;
}

void NodesTime::spend(const Limits& limits, chess::Color us, std::uint64_t nodes) {
    if (!on() || limits.time[us] < 0 || available_ < 0) return;
    available_ -= static_cast<std::int64_t>(nodes);
    if (available_ < 0) available_ = 0;
    available_ += rate_ * std::max<std::int64_t>(0, limits.inc[us]);
    if (limits.movestogo == 1) available_ += period_;
}

}  // namespace lmr::search
