// lmr-harness sprt: a config (or engine) against a base until the SPRT decides.

#include "harness/cli/command.hpp"
#include "harness/cli/engine_flags.hpp"
#include "harness/cli/game_outputs.hpp"
#include "harness/cli/run_options.hpp"
#include "harness/cli/sprt_flags.hpp"

namespace lmr::cli {
namespace {

constexpr std::string_view kDescription =
    "Plays colour-reversed pairs of a test engine against a base engine until the generalized\n"
    "SPRT (pentanomial, as fishtest) accepts H0 or H1, or --max-pairs is reached. Every game and\n"
    "move goes to the database; so does the statistics row of every completed pair.\n"
    "Engines: --base/--test configs played by lmr-engine, or two --engine specs\n"
    "  (--engine name=sf cmd=/usr/games/stockfish option.Hash=16 option.Threads=1): the FIRST\n"
    "  is the test, the second the base (as in fastchess and cutechess-cli); statistics and the\n"
    "  verdict are the first's view. An --engine may have limits of its own (time odds):\n"
    "  tc=, st=, nodes=, depth=, timemargin=MS; one without them plays under --tc and --margin.\n"
    "Exit codes: 0 H1 accepted (pass), 1 H0 accepted (fail), 3 no decision within --max-pairs,\n"
    "2 bad usage or input, 4 infrastructure failure or interrupted (resume with `resume`)."
    "\n\nExamples:\n"
    "  lmr-harness sprt --base configs/default.json --test configs/rebel-expert.json --tc "
    "tc=10+0.1 \\\n"
    "      --elo0 0 --elo1 5 --concurrency 2\n"
    "  lmr-harness sprt --engine name=new cmd=./engine-new --engine name=old cmd=./engine-old \\\n"
    "      --tc nodes=20000 --elo0 0 --elo1 5 --max-pairs 5000";

}  // namespace

int run_sprt_command(CommandContext& context) {
    auto engines = take_engine_flags(context);
    po::options_description options("Options");
    add_head_to_head_options(options);
    options.add_options()("max-pairs", po::value<std::string>()->default_value("20000"),
                          "stop without a decision after this many pairs");
    add_sprt_options(options);
    po::variables_map values;
    if (!parse_run_command_line(context, options, values,
                                "(--base FILE --test FILE | --engine … --engine …) [options]",
                                kDescription))
        return kExitOk;

    tournament::RunPlan plan;
    plan.kind = store::RunKind::kSprt;
    plan.pairing = tournament::Pairing::kHeadToHead;
    plan.engines = head_to_head_engines(values, std::move(engines));
    plan.sprt = sprt_params(values);
    plan.pairs = parse_count("--max-pairs", values["max-pairs"].as<std::string>());
    fill_run_plan(values, plan);
    return run_and_report(plan, values, context, /*sprt=*/true);
}

}  // namespace lmr::cli
