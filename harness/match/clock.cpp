#include "harness/match/clock.hpp"

#include <algorithm>
#include <stdexcept>

namespace lmr::match {

using std::chrono::duration_cast;
using std::chrono::milliseconds;
using std::chrono::nanoseconds;

Clock::Clock(const TimeControl& tc, milliseconds margin)
    : Clock(SideLimits{tc, margin}, SideLimits{tc, margin}) {}

Clock::Clock(const SideLimits& white, const SideLimits& black) : sides_{white, black} {
    for (int side = 0; side < 2; ++side) {
        const TimeControl& tc = sides_[side].time_control;
        if (!tc.clock && !tc.move_time && !tc.nodes && !tc.depth)
            throw std::invalid_argument("time control sets no limit (tc=, st=, nodes= or depth=)");
        if (sides_[side].margin.count() < 0)
            throw std::invalid_argument("time margin must not be negative");
        if (tc.clock) {
            remaining_[side] = tc.clock->base;
            moves_to_go_[side] = tc.clock->moves;
        }
    }
}

uci_client::GoLimits Clock::go_limits(chess::Color side) const {
    uci_client::GoLimits limits;
    const TimeControl& own = sides_[side].time_control;
    if (own.clock) {
        // Engines are told whole milliseconds, rounded down so they never think they have more.
        auto ms = [](nanoseconds t) {
            return std::max<std::int64_t>(0, duration_cast<milliseconds>(t).count());
        };
        // Both sides' clocks, as far as each side has one: an engine may weigh its opponent's.
        for (chess::Color c : {chess::kWhite, chess::kBlack}) {
            const std::optional<ClockSpec>& clock = sides_[c].time_control.clock;
            if (!clock) continue;
            (c == chess::kWhite ? limits.wtime : limits.btime) = ms(remaining_[c]);
            if (clock->increment.count() > 0)
                (c == chess::kWhite ? limits.winc : limits.binc) = clock->increment.count();
        }
        if (own.clock->moves > 0) limits.movestogo = moves_to_go_[side];
    }
    if (own.move_time) limits.movetime = own.move_time->count();
    if (own.nodes) limits.nodes = *own.nodes;
    if (own.depth) limits.depth = *own.depth;
    return limits;
}

std::optional<nanoseconds> Clock::time_budget(chess::Color side) const {
    const auto& [tc, margin] = sides_[side];
    if (tc.counts_nodes()) return std::nullopt;
    if (tc.clock) return std::max(remaining_[side], nanoseconds(0)) + margin;
    if (tc.move_time) return nanoseconds(*tc.move_time) + margin;
    return std::nullopt;
}

bool Clock::charge(chess::Color side, nanoseconds elapsed) {
    const auto& [tc, margin] = sides_[side];
    if (elapsed.count() < 0) elapsed = nanoseconds(0);
    if (tc.move_time && elapsed > nanoseconds(*tc.move_time) + margin) return false;
    if (!tc.clock) return true;
    nanoseconds& left = remaining_[side];
    left -= elapsed;
    if (left + margin < nanoseconds(0)) return false;
    if (left < nanoseconds(0)) left = nanoseconds(0);
    left += tc.clock->increment;
    if (tc.clock->moves > 0 && --moves_to_go_[side] == 0) {
        left += tc.clock->base;
        moves_to_go_[side] = tc.clock->moves;
    }
    return true;
}

std::optional<nanoseconds> Clock::remaining(chess::Color side) const {
    if (!sides_[side].time_control.clock) return std::nullopt;
    return remaining_[side];
}

int Clock::moves_to_go(chess::Color side) const {
    return sides_[side].time_control.clock ? moves_to_go_[side] : 0;
}

}  // namespace lmr::match
