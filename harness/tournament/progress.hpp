#pragma once

// Progress output of a run. On a terminal: one status line rewritten in place (pairs, W/D/L,
// Elo ±, LLR and % to the bound, ETA). Otherwise (CI, pipes): a line every `every` pairs in
// the same words as `lmr-harness stats`, so logs stay short and greppable, and never more than
// 30 seconds of silence while games finish (at long time controls 10 pairs take many
// minutes, and a silent CI log looks like a hang).

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
             std::int64_t pairs_at_start,
             std::chrono::steady_clock::duration max_quiet = std::chrono::seconds(30));

    // After each completed pair (pairs = all completed pairs of the run, resumed ones included).
    void pair_done(std::int64_t pairs, const stats::Summary& summary);
    // After each stored game (games = all stored games of the run): a line when the last one
    // is max_quiet old and the output is not a terminal.
    void game_done(std::int64_t games);
    // A message on its own line (clears the live line first).
    void message(std::string_view text);
    // Ends the live line so later output starts on a fresh line.
    void close();

  private:
    std::string eta(std::int64_t pairs) const;
    bool quiet_too_long() const;
    void print_line(const std::string& line);

    std::ostream& out_;
    bool live_;
    int every_;
    std::int64_t total_pairs_;
    std::int64_t pairs_at_start_;
    std::chrono::steady_clock::time_point started_;
    std::chrono::steady_clock::duration max_quiet_;
    std::chrono::steady_clock::time_point last_line_;  // of the non-terminal output
    bool line_open_ = false;
};

}  // namespace lmr::tournament
