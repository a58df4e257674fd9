#pragma once

// The engines of a run as the command line names them: lmr-engine configs (--base, --test, the
// tournament's configs) and any UCI engine (`--engine name=… cmd=…`).

#include <filesystem>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "harness/cli/command.hpp"
#include "harness/cli/options.hpp"
#include "harness/store/records.hpp"
#include "harness/tournament/run_plan.hpp"

namespace lmr::cli {

// The lmr-engine to run when no --engine-binary is given: $LMR_ENGINE, else the one beside
// lmr-harness (build tree or install directory), else "lmr-engine" on the PATH.
std::filesystem::path default_engine_binary();

// One engine spec's KEY=VALUE settings, as both front ends read them once they are in this
// form: name=, cmd= (the program), arg= (one argument each, repeatable), option.NAME= (UCI
// options, in order), the engine's own limits tc=, st=, nodes=, depth=, nodestime= in --tc's
// grammar, and timemargin=. Every key but arg= at most once. `problem` makes the error of a
// setting (its KEY=VALUE word and what is wrong), in the words of the front end.
using EngineSettings = std::vector<std::pair<std::string, std::string>>;
using SettingProblem =
    std::function<UsageError(const std::string& word, const std::string& problem)>;
tournament::EnginePlan engine_from_settings(const EngineSettings& settings,
                                            const SettingProblem& problem);

// `--engine name=N cmd=PROGRAM [arg=ARG]… [option.NAME=VALUE]…` groups are taken out of
// context.args before Boost sees them (one --engine takes several words). Throws UsageError.
std::vector<tournament::EnginePlan> take_engine_flags(CommandContext& context);

// A config played by lmr-engine, named after its file (stem), e.g. configs/mediocre.json →
// "mediocre". Throws UsageError when the file does not exist.
tournament::EnginePlan config_engine(const po::variables_map& values, const std::string& path,
                                     store::EngineRole role);

// --base and --test, the two configs of a head-to-head run, read by head_to_head_engines.
void add_head_to_head_options(po::options_description& options);

// The two engines of a head-to-head run: --base/--test configs, or exactly two --engine specs
// (the first is the engine under test, as in every tool of the ecosystem). Throws UsageError
// otherwise.
std::vector<tournament::EnginePlan> head_to_head_engines(
    const po::variables_map& values, std::vector<tournament::EnginePlan> engines);

}  // namespace lmr::cli
