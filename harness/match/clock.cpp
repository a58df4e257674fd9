#include "harness/match/clock.hpp"

#include <algorithm>
#include <stdexcept>

namespace lmr::match {

using std::chrono::duration_cast;
using std::chrono::milliseconds;
using std::chrono::nanoseconds;

Clock::Clock(const TimeControl& tc, milliseconds margin) : tc_(tc), margin_(margin) {
    if (!tc.clock && !tc.move_time && !tc.nodes && !tc.depth)
        throw std::invalid_argument("time control sets no limit (tc=, st=, nodes= or depth=)");
    if (margin.count() < 0) throw std::invalid_argument("time margin must not be negative");
    if (tc.clock) {
        for (int side = 0; side < 2; ++side) {
            remaining_[side] = tc.clock->base;
            moves_to_go_[side] = tc.clock->moves;
        }
    }
}

uci_client::GoLimits Clock::go_limits(chess::Color side) const {
    uci_client::GoLimits limits;
    if (tc_.clock) {
        // Engines are told whole milliseconds, rounded down so they never think they have more.
        auto ms = [](nanoseconds t) {
            return std::max<std::int64_t>(0, duration_cast<milliseconds>(t).count());
        };
        limits.wtime = ms(remaining_[chess::kWhite]);
        limits.btime = ms(remaining_[chess::kBlack]);
        if (tc_.clock->increment.count() > 0) {
            limits.winc = tc_.clock->increment.count();
            limits.binc = tc_.clock->increment.count();
        }
        if (tc_.clock->moves > 0) limits.movestogo = moves_to_go_[side];
    }
    if (tc_.move_time) limits.movetime = tc_.move_time->count();
    if (tc_.nodes) limits.nodes = *tc_.nodes;
    if (tc_.depth) limits.depth = *tc_.depth;
    return limits;
}

std::optional<nanoseconds> Clock::time_budget(chess::Color side) const {
    if (tc_.clock) return std::max(remaining_[side], nanoseconds(0)) + margin_;
    if (tc_.move_time) return nanoseconds(*tc_.move_time) + margin_;
    return std::nullopt;
}

bool Clock::charge(chess::Color side, nanoseconds elapsed) {
    if (elapsed.count() < 0) elapsed = nanoseconds(0);
    if (tc_.move_time && elapsed > nanoseconds(*tc_.move_time) + margin_) return false;
    if (!tc_.clock) return true;
    nanoseconds& left = remaining_[side];
    left -= elapsed;
    if (left + margin_ < nanoseconds(0)) return false;
    if (left < nanoseconds(0)) left = nanoseconds(0);
    left += tc_.clock->increment;
    if (tc_.clock->moves > 0 && --moves_to_go_[side] == 0) {
        left += tc_.clock->base;
        moves_to_go_[side] = tc_.clock->moves;
    }
    return true;
}

std::optional<nanoseconds> Clock::remaining(chess::Color side) const {
    if (!tc_.clock) return std::nullopt;
    return remaining_[side];
}

int Clock::moves_to_go(chess::Color side) const {
    return tc_.clock ? moves_to_go_[side] : 0;
}

}  // namespace lmr::match
