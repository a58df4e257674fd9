#pragma once
// `lmr-engine bench`: a fixed set of positions searched to a fixed depth with a fresh TT
// and fresh histories per position. The total node count is a signature of the build and
// the LMR config (it changes whenever search behaviour changes).
#include <cstdint>
#include <iosfwd>

#include "engine/lmr/config.hpp"

namespace lmr::search {

inline constexpr int kDefaultBenchDepth = 13;

struct BenchResult {
    std::uint64_t nodes = 0;
    std::int64_t time_ms = 0;
    std::uint64_t nps = 0;
};

// Prints one line per position, the totals ("Nodes searched: N", "Nodes/second: X") and
// the LMR statistics (policy counters, re-search and fail-high-first rates).
BenchResult run_bench(int depth, const reduction::LmrConfig& config, std::size_t hash_mb,
                      std::ostream& out);

}  // namespace lmr::search
