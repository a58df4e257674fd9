// lmr-harness match: a fixed number of colour-reversed pairs between two engines.

#include "harness/cli/command.hpp"
#include "harness/cli/engine_flags.hpp"
#include "harness/cli/game_outputs.hpp"
#include "harness/cli/run_options.hpp"

namespace lmr::cli {
namespace {

constexpr std::string_view kDescription =
    "Plays a fixed number of colour-reversed pairs between two engines (--base/--test configs\n"
    "or two --engine specs) and reports Elo, nElo, LOS and the pentanomial counts from the\n"
    "point of view of --test, or of the FIRST --engine (as fastchess and cutechess-cli).\n"
    "An --engine may have limits of its own (time odds), in --tc's words: tc=, st=, nodes=,\n"
    "depth=, and timemargin=MS; an engine without them plays under --tc and --margin.\n"
    "Exit codes: 0 finished, 2 bad usage or input, 4 infrastructure failure or interrupted."
    "\n\nExamples:\n"
    "  lmr-harness match --base configs/none.json --test configs/cpw-simple.json --tc nodes=20000 "
    "\\\n"
    "      --pairs 200\n"
    "  lmr-harness match --engine name=new cmd=./engine-new --engine name=old cmd=./engine-old \\\n"
    "      --tc tc=10+0.1 --pairs 500 --concurrency 2 --book openings/default.epd\n"
    "  lmr-harness match --engine name=new cmd=./engine-new tc=5+0.05 --engine name=old \\\n"
    "      cmd=./engine-old --tc tc=10+0.1 --pairs 500   # time odds: old has twice the time";

}  // namespace

int run_match_command(CommandContext& context) {
    auto engines = take_engine_flags(context);
    po::options_description options("Options");
    add_head_to_head_options(options);
    options.add_options()("pairs", po::value<std::string>()->default_value("100"), "pairs to play");
    po::variables_map values;
    if (!parse_run_command_line(context, options, values,
                                "(--base FILE --test FILE | --engine … --engine …) [options]",
                                kDescription))
        return kExitOk;

    tournament::RunPlan plan;
    plan.kind = store::RunKind::kMatch;
    plan.pairing = tournament::Pairing::kHeadToHead;
    plan.engines = head_to_head_engines(values, std::move(engines));
    plan.pairs = parse_count("--pairs", values["pairs"].as<std::string>());
    fill_run_plan(values, plan);
    return run_and_report(plan, values, context, /*sprt=*/false);
}

}  // namespace lmr::cli
