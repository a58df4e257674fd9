#pragma once

// The game clock kept by the harness. The caller measures each reply on steady_clock (from the
// `go` write to the `bestmove` read — UciEngine reports exactly that) and charges it here; the
// clock never reads the time itself, so it is pure arithmetic and unit-testable.
//
// Rules (those of cutechess-cli and fastchess):
//  - tc=: each side has its own remaining time. After a move the time used is subtracted; the
//    side loses on time only when it used more than its remaining time plus the margin. A reply
//    that overran by less than the margin leaves the clock at 0 (never negative: engines are
//    never sent a negative wtime). Then the increment is added, and when the side completes a
//    period (moves/…) the period's base time is added again (time left over carries forward).
//  - tc=… nodestime=N: the same clock, but a move is charged the nodes it reported / N ms
//    (nodes_as_time), not the time it took, so the clock and every forfeit follow node counts
//    whatever the load; there is no wall-clock deadline (the stall timeout catches an engine
//    that never answers).
//  - st=: each move may take the fixed time plus the margin.
//  - nodes= / depth= alone: there is no clock and no time forfeit (the game runner's stall
//    timeout catches an engine that never answers).
//  - Each side may have limits of its own (time odds: fastchess's per-engine tc=, st=, nodes=,
//    depth=, timemargin=). The side to move is sent its own limits, and the other side's
//    remaining time and increment when that side has a tc= clock (as fastchess does).

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>

#include "engine/chess/types.hpp"
#include "harness/match/time_control.hpp"
#include "harness/uci/uci_engine.hpp"

namespace lmr::match {

// Margin used when the caller does not choose one. Pipes, scheduling on a loaded machine and
// process wake-up add a few milliseconds to every reply that are not the engine's fault.
inline constexpr std::chrono::milliseconds kDefaultTimeMargin{100};

// What one side plays under: its time control and the margin its replies are given.
struct SideLimits {
    TimeControl time_control;
    std::chrono::milliseconds margin = kDefaultTimeMargin;

    bool operator==(const SideLimits&) const = default;
};

class Clock {
  public:
    // Both sides under `tc`. Throws std::invalid_argument when a side's time control sets no
    // limit at all (a `go` with nothing would never end) or its margin is negative.
    explicit Clock(const TimeControl& tc, std::chrono::milliseconds margin = kDefaultTimeMargin);
    Clock(const SideLimits& white, const SideLimits& black);

    // The `go` limits for the side to move (uci_client::go_command turns them into the line).
    uci_client::GoLimits go_limits(chess::Color side) const;

    // How long `side` may think on this move before it loses on time (remaining + margin, or the
    // fixed move time + margin); nullopt when the time control has no clock or counts it in
    // nodes. The reply deadline.
    std::optional<std::chrono::nanoseconds> time_budget(chess::Color side) const;

    // Charges one move that took `elapsed` (under nodestime=, what its nodes are worth). Returns
    // false when the side lost on time; the clock then shows the overrun as negative remaining
    // time.
    bool charge(chess::Color side, std::chrono::nanoseconds elapsed);

    // Remaining time of a side (may be negative after a forfeit); nullopt without a tc= clock.
    std::optional<std::chrono::nanoseconds> remaining(chess::Color side) const;
    // Moves left in the current period (tc=40/…), 0 when the clock has no periods.
    int moves_to_go(chess::Color side) const;

    const TimeControl& time_control(chess::Color side) const { return sides_[side].time_control; }
    std::chrono::milliseconds margin(chess::Color side) const { return sides_[side].margin; }

  private:
    SideLimits sides_[2];
    std::chrono::nanoseconds remaining_[2]{};
    int moves_to_go_[2]{};
};

}  // namespace lmr::match
