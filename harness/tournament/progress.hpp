#pragma once

// Progress output of a run. On a terminal: one status line rewritten in place (pairs, W/D/L,
// Elo ±, LLR and % to the bound, ETA). Otherwise (CI, pipes): a line every `every` pairs in
// the same words as `lmr-harness stats`, so logs stay short and greppable.

#include <chrono>
#include <cstdint>
#include <iosfwd>
#include <string>
#include <string_view>

#include "harness/stats/format.hpp"

namespace lmr::tournament {

class Progress {
public:
    Progress(std::ostream& out, bool live, int every, std::int64_t total_pairs,
             std::int64_t pairs_at_start);

    // After each completed pair (pairs = all completed pairs of the run, resumed ones included).
    void pair_done(std::int64_t pairs, const stats::Summary& summary);
    // A message on its own line (clears the live line first).
    void message(std::string_view text);
    // Ends the live line so later output starts on a fresh line.
    void close();

private:
    std::string eta(std::int64_t pairs) const;

    std::ostream& out_;
    bool live_;
    int every_;
    std::int64_t total_pairs_;
    std::int64_t pairs_at_start_;
    std::chrono::steady_clock::time_point started_;
    bool line_open_ = false;
};

}  // namespace lmr::tournament
