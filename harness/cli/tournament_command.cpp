// lmr-harness tournament: round robin or gauntlet of several configs and engines.

#include "harness/cli/command.hpp"
#include "harness/cli/engine_flags.hpp"
#include "harness/cli/game_outputs.hpp"
#include "harness/cli/run_options.hpp"

namespace lmr::cli {
namespace {

constexpr std::string_view kDescription =
    "Plays every pairing of several engines (round-robin), or the first against each of the\n"
    "others (gauntlet), --pairs colour-reversed pairs per pairing. Engines: --config FILE\n"
    "(repeatable; played by lmr-engine) and --engine specs, in the order given; an --engine\n"
    "may have limits of its own (tc=, st=, nodes=, depth=, timemargin=MS), the others play --tc.\n"
    "At the end it prints the standings (every engine's games, W/D/L, points, score and\n"
    "Elo +/- 95 % against the field) and every pairing; `lmr-harness report --db FILE\n"
    "--run N` shows them again.\n"
    "Exit codes: 0 finished, 2 bad usage or input, 4 infrastructure failure or interrupted."
    "\n\nExamples:\n"
    "  lmr-harness tournament --config configs/none.json --config configs/mediocre.json \\\n"
    "      --config configs/rebel-expert.json --pairs 20 --tc nodes=10000";

}  // namespace

int run_tournament_command(CommandContext& context) {
    auto engines = take_engine_flags(context);
    po::options_description options("Options");
    options.add_options()("config", po::value<std::vector<std::string>>()->composing(),
                          "an LMR config (JSON) played by lmr-engine; repeatable")(
        "format", po::value<std::string>()->default_value("round-robin"),
        "round-robin or gauntlet")("pairs", po::value<std::string>()->default_value("10"),
                                   "pairs per pairing");
    po::variables_map values;
    if (!parse_run_command_line(context, options, values, "(--config FILE | --engine …)… [options]",
                                kDescription))
        return kExitOk;

    tournament::RunPlan plan;
    plan.kind = store::RunKind::kTournament;
    const std::string format = values["format"].as<std::string>();
    if (format == "round-robin")
        plan.pairing = tournament::Pairing::kRoundRobin;
    else if (format == "gauntlet")
        plan.pairing = tournament::Pairing::kGauntlet;
    else
        throw flag_error("--format", format, "expected round-robin or gauntlet");
    if (values.count("config"))
        for (const auto& path : values["config"].as<std::vector<std::string>>())
            plan.engines.push_back(config_engine(values, path, store::EngineRole::kParticipant));
    for (auto& engine : engines) plan.engines.push_back(std::move(engine));
    if (plan.engines.size() < 2) throw UsageError("a tournament needs at least two engines");
    plan.pairs = parse_count("--pairs", values["pairs"].as<std::string>());
    fill_run_plan(values, plan);
    return run_and_report(plan, values, context, /*sprt=*/false);
}

}  // namespace lmr::cli
