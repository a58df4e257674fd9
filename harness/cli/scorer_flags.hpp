#pragma once

// The flags of the commands that score positions with one engine (label, openings generate):
// how many engine processes at once, how long a search and the engine's start may take, and
// Ctrl-C. Both commands write their
// output whole at the end, so a stopped or failed scoring leaves the output file as it was.

#include <boost/program_options.hpp>
#include <string>

#include "harness/cli/command.hpp"
#include "harness/openings/position_scorer.hpp"

namespace lmr::cli {

// --concurrency N (engine processes at once, 2 by default, at most 256), --stall-timeout MS and
// --startup-timeout MS.
void add_scorer_flags(boost::program_options::options_description& options);
// Reads them into the scorer (a value of 0 is a usage error naming the flag), and points its
// interrupt at the Ctrl-C handler, installed from here on.
void apply_scorer_flags(const boost::program_options::variables_map& values,
                        openings::ScorerOptions& scorer);
// What a command prints when the scoring was interrupted: "PROGRAM COMMAND: WHAT; nothing
// written (OUT is as it was)"; returns kExitRunStopped.
int scoring_interrupted(CommandContext& context, const std::string& command,
                        const std::string& what, const std::string& out_path);

}  // namespace lmr::cli
