#pragma once

// What an engine says about its search in `info` lines, parsed tolerantly: engine output is
// outside input, so a malformed field is skipped, never fatal.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "harness/core/score.hpp"

namespace lmr::uci_client {

// Every field is optional: engines send them in any subset and order.
struct SearchInfo {
    std::optional<int> depth;
    std::optional<int> seldepth;
    std::optional<int> multipv;
    std::optional<core::Score> score;
    std::optional<std::uint64_t> nodes;
    std::optional<std::uint64_t> nps;
    std::optional<std::int64_t> time_ms;
    std::optional<int> hashfull;  // per mille
    std::optional<std::uint64_t> tbhits;
    std::vector<std::string> pv;
    std::optional<std::string> text;  // `info string …`

    bool operator==(const SearchInfo&) const = default;
};

// Parses one line. nullopt when the line is not an `info` line. Unknown tokens and fields
// whose value does not parse (missing, not a number, out of range) are skipped; the rest of
// the line is still read. Never throws on any input (short of memory exhaustion).
std::optional<SearchInfo> parse_info(std::string_view line);
// The same into `info` (every field reset first), false when the line is not an `info` line.
// The harness reads every info line of every search this way: with `info` kept from line to
// line its pv's storage is reused and nothing is allocated (but an `info string` text).
bool parse_info(std::string_view line, SearchInfo& info);

// Folds a newer info line into the running picture of a search: each field present in `from`
// replaces the one in `into`, so the result holds the latest depth, score, nodes, pv… even
// when an engine spreads them over several lines. `text` is not carried over.
void merge_info(SearchInfo& into, const SearchInfo& from);

}  // namespace lmr::uci_client
