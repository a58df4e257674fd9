#pragma once

// Progress output of a run. On a terminal: one status line rewritten in place (pairs, W/D/L,
// Elo ±, LLR and % to the bound, ETA), fitted to the terminal's width. Otherwise (CI, pipes): a
// line every `every` pairs in the same words as `lmr-harness stats`, so logs stay short and
// greppable, and never more than 30 seconds of silence while games finish (at long time controls 10
// pairs take many minutes, and a silent CI log looks like a hang).

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <iosfwd>
#include <string>
#include <string_view>
#include <vector>

#include "harness/core/fault_tally.hpp"
#include "harness/core/outcome.hpp"
#include "harness/stats/format.hpp"

namespace lmr::tournament {

// The width in columns of the terminal a status line is redrawn on, asked before each redraw (a
// terminal may be resized during a run). Empty when the output is not a terminal of the user's
// (a file, a pipe, or a rank's output forwarded by mpirun): lines are then printed one by one,
// with no redraw codes.
using TerminalWidth = std::function<std::size_t()>;

// Rewrites the terminal's current line with `line` fitted to its width, one column short so
// that it never wraps (a wrapped line cannot be redrawn: \r returns only to the start of its
// last row), the fields that start with one of `droppable` left out first (text::fit_fields).
void redraw_line(std::ostream& out, const TerminalWidth& terminal, const std::string& line,
                 const std::vector<std::string_view>& droppable);

class Progress {
  public:
    Progress(std::ostream& out, TerminalWidth terminal, int every, std::int64_t total_pairs,
             std::int64_t pairs_at_start,
             std::chrono::steady_clock::duration max_quiet = std::chrono::seconds(30));

    // After each completed pair (pairs = all completed pairs of the run, resumed ones included).
    void pair_done(std::int64_t pairs, const stats::Summary& summary);
    // After each stored game (games = all stored games of the run): a line when the last one
    // is max_quiet old and the output is not a terminal. Games that engine faults ended (time
    // forfeits, crashes, stalls, illegal moves) are counted: every progress line after the
    // first names them, and one warning line comes when they pass core::FaultTally's warning
    // share of this session's games (at least kFaultWarningGames games played).
    void game_done(std::int64_t games, core::Termination termination);
    // A message on its own line (clears the live line first).
    void message(std::string_view text);
    // Ends the live line so later output starts on a fresh line.
    void close();

    static constexpr std::int64_t kFaultWarningGames = 20;

  private:
    std::string eta(std::int64_t pairs) const;
    std::string faults_text() const;  // " | faults 4: 3 time forfeit, 1 crash", or ""
    bool quiet_too_long() const;
    void print_line(const std::string& line);

    std::ostream& out_;
    TerminalWidth terminal_;  // empty: not a terminal
    int every_;
    std::int64_t total_pairs_;
    std::int64_t pairs_at_start_;
    std::chrono::steady_clock::time_point started_;
    std::chrono::steady_clock::duration max_quiet_;
    std::chrono::steady_clock::time_point last_line_;  // of the non-terminal output
    bool line_open_ = false;
    core::FaultTally session_;  // the games this session stored
    bool warned_ = false;
};

}  // namespace lmr::tournament
