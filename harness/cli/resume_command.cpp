// lmr-harness resume: finish an interrupted or killed run with the same plan.

#include "harness/cli/command.hpp"
#include "harness/cli/game_outputs.hpp"
#include "harness/cli/run_options.hpp"
#include "harness/store/store.hpp"

namespace lmr::cli {

int resume_tune_run(CommandContext& context, std::int64_t run_id, const std::string& db,
                    const ResumeFlags& flags);

namespace {

constexpr std::string_view kDescription =
    "Continues a run that was interrupted (Ctrl-C) or killed: the stored plan is played with the\n"
    "same engines, openings and seed, and the LMR configs as the run recorded them (an edited\n"
    "config file does not change the run); games already stored are not played again, and the\n"
    "lone game of an unfinished pair is replayed with its pair. Refused (exit 2) while another\n"
    "process plays the run, and when an engine binary or the book differs from what the run\n"
    "recorded, unless --allow-changed. --pgnout and --epdout add the games this session plays\n"
    "to those files. Exit codes as the run's own command (sprt: 0/1/3)."
    "\n\nExamples:\n"
    "  lmr-harness resume --db results/lmrlab.db --run 3\n"
    "  lmr-harness resume --db results/lmrlab.db --run 3 --concurrency 4 --pgnout more-games.pgn\n"
    "  lmr-harness resume --db results/lmrlab.db --run 3 --affinity all";

}  // namespace

int run_resume_command(CommandContext& context) {
    po::options_description options("Options");
    add_resume_options(options, "run");
    add_game_output_options(options);
    po::variables_map values;
    if (!parse_command_line(context, options, values,
                            "--run N [--db FILE] [--concurrency N [--force-concurrency]] "
                            "[--allow-changed] [--affinity CPUS|all] [--pgnout FILE] "
                            "[--epdout FILE]",
                            kDescription))
        return kExitOk;
    const auto run_id = parse_run_id(values);
    const ResumeFlags flags = resume_flags(values);
    run_executor(flags.affinity, "--affinity");  // a bad CPU list before the database is read

    const auto store =
        store::Store::open(values["db"].as<std::string>(), {.mode = store::OpenMode::kReadOnly});
    const tournament::RunPlan plan =
        tournament::plan_from_json(nlohmann::json::parse(store.load_run(run_id).plan_json));
    // A tune's iterations are played by the tuner, not the tournament runner.
    if (plan.kind == store::RunKind::kTune) {
        for (const char* flag : {"pgnout", "epdout"})
            if (values.count(flag))
                throw UsageError(std::string("--") + flag + ": run " + std::to_string(run_id) +
                                 " is a tune, whose games are not written to files");
        return resume_tune_run(context, run_id, values["db"].as<std::string>(), flags);
    }
    return run_and_report(plan, values, context, plan.kind == store::RunKind::kSprt, run_id);
}

}  // namespace lmr::cli
