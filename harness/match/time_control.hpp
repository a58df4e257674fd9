#pragma once

// Time controls as users write them on the command line (the cutechess-cli/fastchess forms):
//
//   tc=40/60+0.6   40 moves in 60 s, repeating, plus 0.6 s per move (Fischer increment)
//   tc=10+0.1      the whole game in 10 s plus 0.1 s per move
//   tc=1:30+1      minutes:seconds is accepted for the base time (90 s)
//   tc=60          sudden death, no increment
//   st=0.5         a fixed 0.5 s per move (`go movetime 500`)
//   nodes=N        `go nodes N`
//   depth=N        `go depth N`
//   nodestime=N    with tc=: the clock counted in nodes (Stockfish's `nodestime`): each move is
//                  charged the nodes it reported / N milliseconds, and each engine is given
//                  the UCI option nodestime=N, so that it counts its time in the same nodes
//
// A time control is one or more of these tokens separated by spaces or commas (`tc=2+0.02,
// nodes=1000`: the same text on --tc and in an --engine's own limits). At most one clock
// (`tc=` or `st=`) is allowed; `nodes=` and `depth=` may be added to either, or used alone, and
// are then sent together with the clock (`go wtime … nodes N`), the engine stopping at whichever
// limit comes first. A bare token without `key=` that parses as a `tc=` value is taken as `tc=`
// (so `--tc 10+0.1` works). Seconds accept up to three decimals (the clock counts milliseconds).

#include <chrono>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>

namespace lmr::match {

// Thrown by parse_time_control; what() quotes the whole text and names the offending token.
class TimeControlError : public std::runtime_error {
  public:
    TimeControlError(const std::string& message, std::string problem)
        : std::runtime_error(message), problem_(std::move(problem)) {}
    // What is wrong, without the whole text (for a message that quotes the text already, as
    // "--tc 'tc=10s+0.1': time "10s" is not a number of seconds").
    const std::string& problem() const { return problem_; }

  private:
    std::string problem_;
};

// The `tc=` part: `moves` moves in `base` (0 = the whole game), repeating, plus `increment`
// after every move.
struct ClockSpec {
    int moves = 0;
    std::chrono::milliseconds base{0};
    std::chrono::milliseconds increment{0};

    bool operator==(const ClockSpec&) const = default;
};

struct TimeControl {
    std::optional<ClockSpec> clock;                      // tc=
    std::optional<std::chrono::milliseconds> move_time;  // st=
    std::optional<std::uint64_t> nodes;                  // nodes=
    std::optional<int> depth;                            // depth=
    std::optional<std::int64_t> nodes_time;              // nodestime=: nodes a millisecond

    // True when the engines play against time (tc= or st=): only then can they lose on time.
    bool is_timed() const { return clock.has_value() || move_time.has_value(); }

    // True when the clock is counted in nodes (nodestime=): a move's time is then what its
    // reported nodes are worth, not what it took, and no wall-clock deadline applies.
    bool counts_nodes() const { return nodes_time.has_value(); }

    // Canonical command-line text, e.g. "tc=40/60+0.6 nodes=5000"; parses back to *this.
    std::string to_string() const;

    // Value of the PGN TimeControl tag (PGN standard 9.6.1): "40/60+0.6" for a repeating period
    // with increment (the de-facto form of cutechess-cli and fastchess; the standard itself has
    // no period+increment field), "10+0.1" for base+increment, "60" for sudden death. A fixed time
    // per move has no standard form: it is written "0.5/move" as cutechess-cli does. Node- or
    // depth-limited games have no time control: "-". Fractional seconds are kept (e.g. "10+0.1"),
    // as both anchors do. A clock counted in nodes is written as its clock ("5+0.05"): the
    // seconds it gives are the same, only counted otherwise.
    std::string to_pgn_tag() const;

    bool operator==(const TimeControl&) const = default;
};

// Parses the forms above; throws TimeControlError with a message naming the bad text.
TimeControl parse_time_control(std::string_view text);

// What `nodes` searched are worth on a clock counted at `nodes_per_ms` (nodestime=).
std::chrono::nanoseconds nodes_as_time(std::uint64_t nodes, std::int64_t nodes_per_ms);

// The UCI option an engine is given under a clock counted in nodes (Stockfish's name).
inline constexpr std::string_view kNodesTimeOption = "nodestime";

// "0.6", "60", "1.5", "0.025": milliseconds as seconds with no trailing zeros.
std::string format_seconds(std::chrono::milliseconds ms);

}  // namespace lmr::match
