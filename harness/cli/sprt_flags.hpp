#pragma once

// The SPRT's flags (--elo0, --elo1, --alpha, --beta, --model) and the exit code of an sprt run.

#include <string>
#include <string_view>

#include "harness/cli/options.hpp"
#include "harness/stats/sprt.hpp"
#include "harness/tournament/runner.hpp"

namespace lmr::cli {

// The SPRT bounds from --elo0/--elo1/--alpha/--beta/--model, validated: a UsageError names the
// flag and the value (elo0 not below elo1, a bound outside the model's range, alpha + beta >= 1).
stats::SprtParams sprt_params(const po::variables_map& values);
// `params` with its model named by `model_text` (any accepted spelling), validated; UsageError
// naming `model_flag` or the bad bound otherwise.
stats::SprtParams checked_sprt_params(stats::SprtParams params, const std::string& model_text,
                                      std::string_view model_flag);
void add_sprt_options(po::options_description& options);

// The exit code of an sprt run, as documented: kExitOk H1 accepted, kExitFailure H0 accepted,
// kExitUndecided no decision within --max-pairs, kExitRunStopped failed or interrupted.
int sprt_exit_code(const tournament::RunOutcome& outcome);

}  // namespace lmr::cli
