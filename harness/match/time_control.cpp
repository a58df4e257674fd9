#include "harness/match/time_control.hpp"

#include <algorithm>
#include <cctype>
#include <limits>
#include <vector>

#include "engine/text/text.hpp"

namespace lmr::match {
namespace {

using std::chrono::milliseconds;

// Upper bounds that keep every clock sum far away from overflow while allowing anything sane.
constexpr std::int64_t kMaxMillis = 1'000'000'000'000;  // about 31 years
constexpr int kMaxMoves = 1'000'000;
constexpr int kMaxDepth = 10'000;
constexpr std::int64_t kMaxNodesTime = 1'000'000;  // 1,000 M nodes a second

[[noreturn]] void fail(std::string_view whole, const std::string& detail) {
    throw TimeControlError("time control \"" + std::string(whole) + "\": " + detail, detail);
}

bool all_digits(std::string_view s) {
    if (s.empty()) return false;
    for (char c : s)
        if (!std::isdigit(static_cast<unsigned char>(c))) return false;
    return true;
}

// Non-negative decimal integer without sign; nullopt when not all digits or above `max`.
std::optional<std::uint64_t> parse_unsigned(std::string_view s, std::uint64_t max) {
    if (!all_digits(s)) return std::nullopt;
    std::uint64_t value = 0;
    for (char c : s) {
        const std::uint64_t digit = static_cast<std::uint64_t>(c - '0');
        if (value > (max - digit) / 10) return std::nullopt;
        value = value * 10 + digit;
    }
    return value;
}

// "12", "0.6", "1.250" as milliseconds; at most three significant decimals because the clock
// counts milliseconds. nullopt with *why set on failure.
std::optional<std::int64_t> parse_seconds(std::string_view s, std::string* why) {
    const auto dot = s.find('.');
    const std::string_view whole = s.substr(0, dot);
    std::string_view frac = dot == std::string_view::npos ? std::string_view{} : s.substr(dot + 1);
    if (whole.empty() && frac.empty()) {
        *why = "is not a number of seconds";
        return std::nullopt;
    }
    if ((!whole.empty() && !all_digits(whole)) ||
        (dot != std::string_view::npos && !all_digits(frac))) {
        *why = "is not a number of seconds";
        return std::nullopt;
    }
    while (frac.size() > 3 && frac.back() == '0') frac.remove_suffix(1);
    if (frac.size() > 3) {
        *why = "is finer than a millisecond";
        return std::nullopt;
    }
    const auto secs =
        whole.empty() ? std::optional<std::uint64_t>(0) : parse_unsigned(whole, kMaxMillis / 1000);
    if (!secs) {
        *why = "is too large";
        return std::nullopt;
    }
    std::int64_t ms = static_cast<std::int64_t>(*secs) * 1000;
    std::int64_t scale = 100;
    for (char c : frac) {
        ms += (c - '0') * scale;
        scale /= 10;
    }
    return ms;
}

// Base time: seconds or minutes:seconds (seconds below 60 in that form).
std::optional<std::int64_t> parse_base(std::string_view s, std::string* why) {
    const auto colon = s.find(':');
    if (colon == std::string_view::npos) return parse_seconds(s, why);
    const auto minutes = parse_unsigned(s.substr(0, colon), kMaxMillis / 60'000);
    if (!minutes) {
        *why = "has minutes that are not a whole number";
        return std::nullopt;
    }
    const auto seconds = parse_seconds(s.substr(colon + 1), why);
    if (!seconds) return std::nullopt;
    if (*seconds >= 60'000) {
        *why = "has 60 or more seconds after the ':'";
        return std::nullopt;
    }
    return static_cast<std::int64_t>(*minutes) * 60'000 + *seconds;
}

// The value of tc=: [moves/]base[+increment]. nullopt with *why on failure.
std::optional<ClockSpec> parse_clock(std::string_view value, std::string* why) {
    ClockSpec spec;
    std::string_view rest = value;
    if (const auto slash = rest.find('/'); slash != std::string_view::npos) {
        const auto moves = parse_unsigned(rest.substr(0, slash), kMaxMoves);
        if (!moves || *moves == 0) {
            *why = "moves per period \"" + std::string(rest.substr(0, slash)) +
                   "\" is not a positive whole number";
            return std::nullopt;
        }
        spec.moves = static_cast<int>(*moves);
        rest = rest.substr(slash + 1);
    }
    std::string_view base_text = rest;
    std::string_view inc_text;
    const auto plus = rest.find('+');
    if (plus != std::string_view::npos) {
        base_text = rest.substr(0, plus);
        inc_text = rest.substr(plus + 1);
        if (inc_text.empty()) {
            *why = "increment after '+' is missing";
            return std::nullopt;
        }
    }
    std::string detail;
    const auto base = parse_base(base_text, &detail);
    if (!base) {
        *why = "time \"" + std::string(base_text) + "\" " + detail;
        return std::nullopt;
    }
    if (*base <= 0) {
        *why = "time \"" + std::string(base_text) + "\" must be greater than zero";
        return std::nullopt;
    }
    spec.base = milliseconds(*base);
    if (plus != std::string_view::npos) {
        const auto inc = parse_seconds(inc_text, &detail);
        if (!inc) {
            *why = "increment \"" + std::string(inc_text) + "\" " + detail;
            return std::nullopt;
        }
        spec.increment = milliseconds(*inc);
    }
    return spec;
}

std::string clock_text(const ClockSpec& c) {
    std::string s;
    if (c.moves > 0) s += std::to_string(c.moves) + "/";
    s += format_seconds(c.base);
    if (c.increment.count() > 0) s += "+" + format_seconds(c.increment);
    return s;
}

}  // namespace

std::string format_seconds(milliseconds ms) {
    const std::int64_t total = ms.count();
    std::string s = std::to_string(total / 1000);
    std::int64_t frac = total % 1000;
    if (frac != 0) {
        std::string digits = std::to_string(frac);
        digits.insert(0, 3 - digits.size(), '0');
        while (digits.back() == '0') digits.pop_back();
        s += "." + digits;
    }
    return s;
}

TimeControl parse_time_control(std::string_view text) {
    TimeControl tc;
    std::string spaced(text);  // commas separate as spaces do; no value holds one
    std::replace(spaced.begin(), spaced.end(), ',', ' ');
    const auto tokens = text::split_words(spaced);
    if (tokens.empty()) fail(text, "is empty (expected tc=…, st=…, nodes=… or depth=…)");
    bool seen_tc = false, seen_st = false, seen_nodes = false, seen_depth = false,
         seen_nodes_time = false;
    for (std::string_view token : tokens) {
        const auto eq = token.find('=');
        std::string_view key =
            eq == std::string_view::npos ? std::string_view{"tc"} : token.substr(0, eq);
        std::string_view value = eq == std::string_view::npos ? token : token.substr(eq + 1);
        // The token is named when the text has others; alone it is the whole text.
        const std::string about = tokens.size() > 1 ? "\"" + std::string(token) + "\": " : "";
        if (value.empty()) fail(text, about + "has no value after '='");
        std::string why;
        if (key == "tc") {
            if (seen_tc) fail(text, about + "tc= is given twice");
            seen_tc = true;
            const auto clock = parse_clock(value, &why);
            if (!clock) {
                if (eq == std::string_view::npos)
                    fail(text, about +
                                   "is not a known setting (expected tc=, st=, nodes= or depth=)"
                                   " nor a moves/seconds+increment clock: " +
                                   why);
                fail(text, about + why);
            }
            tc.clock = *clock;
        } else if (key == "st") {
            if (seen_st) fail(text, about + "st= is given twice");
            seen_st = true;
            const auto ms = parse_seconds(value, &why);
            if (!ms) fail(text, about + "seconds per move " + why);
            if (*ms <= 0) fail(text, about + "seconds per move must be greater than zero");
            tc.move_time = milliseconds(*ms);
        } else if (key == "nodes") {
            if (seen_nodes) fail(text, about + "nodes= is given twice");
            seen_nodes = true;
            const auto n = parse_unsigned(value, std::numeric_limits<std::int64_t>::max());
            if (!n || *n == 0) fail(text, about + "nodes must be a positive whole number");
            tc.nodes = *n;
        } else if (key == "depth") {
            if (seen_depth) fail(text, about + "depth= is given twice");
            seen_depth = true;
            const auto d = parse_unsigned(value, kMaxDepth);
            if (!d || *d == 0)
                fail(text,
                     about + "depth must be a whole number from 1 to " + std::to_string(kMaxDepth));
            tc.depth = static_cast<int>(*d);
        } else if (key == "nodestime") {
            if (seen_nodes_time) fail(text, about + "nodestime= is given twice");
            seen_nodes_time = true;
            const auto n = parse_unsigned(value, kMaxNodesTime);
            if (!n || *n == 0)
                fail(text, about +
                               "nodestime (nodes a millisecond) must be a whole number from 1 to " +
                               std::to_string(kMaxNodesTime));
            tc.nodes_time = static_cast<std::int64_t>(*n);
        } else {
            fail(text, "unknown setting \"" + std::string(key) +
                           "\" (expected tc=, st=, nodes=, depth= or nodestime=)");
        }
    }
    if (seen_tc && seen_st)
        fail(text, "tc= and st= cannot be combined (choose a game clock or a fixed time per move)");
    if (seen_nodes_time && !seen_tc)
        fail(text, "nodestime= counts a game clock in nodes: it needs a tc= clock");
    return tc;
}

std::string TimeControl::to_string() const {
    std::string s;
    auto add = [&s](const std::string& part) {
        if (!s.empty()) s += ' ';
        s += part;
    };
    if (clock) add("tc=" + clock_text(*clock));
    if (move_time) add("st=" + format_seconds(*move_time));
    if (nodes) add("nodes=" + std::to_string(*nodes));
    if (depth) add("depth=" + std::to_string(*depth));
    if (nodes_time) add("nodestime=" + std::to_string(*nodes_time));
    return s;
}

std::chrono::nanoseconds nodes_as_time(std::uint64_t nodes, std::int64_t nodes_per_ms) {
    // nodes x 10^6 / rate nanoseconds, in two parts so that no product overflows
    const auto rate = static_cast<std::uint64_t>(nodes_per_ms);
    return std::chrono::nanoseconds(
        static_cast<std::int64_t>(nodes / rate * 1'000'000 + nodes % rate * 1'000'000 / rate));
}

std::string TimeControl::to_pgn_tag() const {
    if (clock) return clock_text(*clock);
    if (move_time) return format_seconds(*move_time) + "/move";
    return "-";
}

}  // namespace lmr::match
