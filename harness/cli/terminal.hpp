#pragma once

#include <iosfwd>

#include "harness/tournament/progress.hpp"

namespace lmr::cli {

// The width of standard output's terminal, asked at each redraw, when `out` is standard output
// and a terminal of the user's; empty otherwise: a file or a pipe, or a process started by an
// MPI launcher, whose output the launcher forwards through a terminal of its own and often
// into a log, where redraw codes would be noise.
tournament::TerminalWidth live_terminal(const std::ostream& out);

}  // namespace lmr::cli
