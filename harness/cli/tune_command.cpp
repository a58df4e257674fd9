// lmr-harness tune: SPSA over an engine's UCI options by self-play (harness/tune) — lmr-engine's
// LMR parameters (--base) or any engine's (--engine) — recorded in SQLite.
//   tune [options]                          start a tune
//   tune resume --run N [--db F]            continue after Ctrl-C or kill -9
//   tune export --run N [--db F] [--format config|openbench|setoption] [--out F]
//                                           final θ as a config, OpenBench or setoption lines
//   tune show --run N [--db F] [--all]      settings, parameters, trajectory table

#include <filesystem>

#include "engine/text/text.hpp"
#include "harness/cli/command.hpp"
#include "harness/cli/engine_flags.hpp"
#include "harness/cli/options.hpp"
#include "harness/cli/run_options.hpp"
#include "harness/cli/terminal.hpp"
#include "harness/process/shell_word.hpp"
#include "harness/store/store.hpp"
#include "harness/tournament/engine_identity.hpp"
#include "harness/tournament/run_inputs.hpp"
#include "harness/tournament/session.hpp"
#include "harness/tune/export.hpp"
#include "harness/tune/export_run.hpp"
#include "harness/tune/iteration_games.hpp"
#include "harness/tune/params.hpp"
#include "harness/tune/show.hpp"
#include "harness/tune/tune_runs.hpp"
#include "harness/tune/tuner.hpp"

namespace lmr::cli {
namespace {

namespace fs = std::filesystem;

constexpr std::string_view kDescription =
    "Tunes an engine's UCI options by SPSA (as fishtest and OpenBench do): each iteration plays\n"
    "--pairs-per-iteration colour-reversed pairs between theta+ = theta + c_k*Delta and\n"
    "theta- = theta - c_k*Delta (two processes of the engine, the values sent as UCI options),\n"
    "then theta += a_k*(wins-losses)/(c_k*Delta). Every iteration is stored in the database;\n"
    "after Ctrl-C or kill -9, `tune resume` continues with the same random stream.\n\n"
    "The engine: --base CONFIG (lmr-engine playing an LMR config; NAME is then the config path,\n"
    "which is also the UCI option: lmr.steps.history.weight), or one\n"
    "--engine name=N cmd=PROGRAM [arg=ARG]... [option.NAME=VALUE]... (any UCI engine; NAME is\n"
    "one of its options, a spin for int parameters, a string for float ones).\n\n"
    "Parameters: --param NAME,START,MIN,MAX,C_END,R_END (int; or NAME,TYPE,START,... with TYPE\n"
    "int|float), repeatable, and/or --params-file FILE with OpenBench lines\n"
    "`NAME, TYPE, START, MIN, MAX, C_END, R_END` ('#' comments and blank lines skipped).\n"
    "C_END: perturbation at the last iteration; R_END: learning rate there (a_end = "
    "R_END*C_END^2).\n\n"
    "Sub-commands:\n"
    "  tune resume --run N [--db FILE]              continue a stopped tune\n"
    "  tune export --run N [--db FILE] [--format F] [--out FILE]\n"
    "                                               write theta: an LMR config extending the\n"
    "                                               base, OpenBench lines or setoption lines\n"
    "  tune show --run N [--db FILE] [--all]        the trajectory of theta as a table\n\n"
    "Exit codes: 0 finished, 2 bad usage or input (nothing played), 4 failure or interrupted\n"
    "(resumable)."
    "\n\nExamples:\n"
    "  lmr-harness tune --base configs/rebel-expert.json --iterations 200 \\\n"
    "      --pairs-per-iteration 4 --param lmr.steps.history.weight,10,0,30,2,0.002 --tc "
    "nodes=5000 \\\n"
    "      --concurrency 2\n"
    "  lmr-harness tune --engine name=glaurung cmd=/usr/games/glaurung option.Threads=1 \\\n"
    "      option.OwnBook=false --params-file glaurung.txt --iterations 500 --tc 10+0.1\n"
    "  lmr-harness tune export --run 7 --out configs/tuned.json";

double positive(std::string_view flag, const std::string& text, bool zero_ok = false) {
    const double value = parse_double(flag, text);
    if (value < 0 || (!zero_ok && value == 0))
        throw flag_error(flag, text, zero_ok ? "must not be negative" : "must be above 0");
    return value;
}

int whole(std::string_view flag, const std::string& text, long min, long max) {
    const long value = parse_count(flag, text);
    if (value < min || value > max)
        throw flag_error(flag, text, "must be " + std::to_string(min) + ".." + std::to_string(max));
    return static_cast<int>(value);
}

std::string absolute_text(const std::string& path) {
    return fs::weakly_canonical(fs::absolute(path)).string();
}

int report_outcome(CommandContext& context, std::int64_t run_id, const std::string& db,
                   const tune::TuneOutcome& outcome) {
    auto& out = context.out;
    out << "Tune run " << run_id << ": " << store::to_string(outcome.status) << ", "
        << outcome.iterations_done << "/" << outcome.iterations_total << " iterations\n";
    // The games are not stored: this line is all a user learns of the faults that decided them.
    if (!outcome.faults.empty())
        out << "Games lost to engine faults: " << outcome.faults.total() << "/"
            << outcome.games_played << " this session (" << tune::fault_summary(outcome.faults)
            << ")\n";
    if (!outcome.error.empty()) out << "Error: " << outcome.error << '\n';
    if (outcome.status == store::RunStatus::kFinished) {
        out << "Show:   " << context.program << " tune show --run " << run_id << " --db "
            << process::shell_word(db) << '\n'
            << "Export: " << context.program << " tune export --run " << run_id << " --db "
            << process::shell_word(db) << '\n';
        return kExitOk;
    }
    out << "Resume: " << context.program << " tune resume --run " << run_id << " --db "
        << process::shell_word(db) << '\n';
    return kExitRunStopped;
}

// Plays the ready tune to its end (fresh or resumed), as the run's one player, and reports.
int play_tune(CommandContext& context, tune::ReadyTune& ready, const std::string& db,
              const games::JobExecutor& executor) {
    if (const std::string where = executor.description(); !where.empty())
        context.out << where << '\n';
    const auto& interrupt = install_interrupt_handler();
    const auto outcome =
        tune::play_tune(ready, &interrupt, &context.out, live_terminal(context.out), executor);
    return report_outcome(context, ready.run_id, db, outcome);
}

// The one engine of a tune: lmr-engine playing --base, or the one --engine spec, its program
// found and made absolute (resume and export may run from another directory).
tournament::EnginePlan tuned_engine(const po::variables_map& values,
                                    std::vector<tournament::EnginePlan> engines) {
    if (values.count("base") && !engines.empty())
        throw UsageError(
            "give --base (an LMR config of lmr-engine) or --engine (any engine), "
            "not both");
    if (engines.size() > 1)
        throw UsageError("tune takes one --engine: theta+ and theta- are two processes of it");
    if (!values.count("base") && engines.empty())
        throw UsageError(
            "--base CONFIG or --engine name=N cmd=PROGRAM is required (the engine "
            "to tune)");
    // theta+ and theta- play the same engine under the same limits: --tc and --margin.
    if (!engines.empty() && (engines.front().time_control || engines.front().time_margin_ms))
        throw UsageError(
            "tune: --engine has its own tc=/st=/nodes=/depth=/timemargin=, but theta+ and "
            "theta- are the same engine and play under one limit: give --tc (and --margin)");
    auto engine = engines.empty() ? config_engine(values, values["base"].as<std::string>(),
                                                  store::EngineRole::kBase)
                                  : std::move(engines.front());
    engine.role = store::EngineRole::kBase;
    const auto binary = tournament::find_executable(engine.argv.at(0));
    if (binary.empty())
        throw UsageError("cannot find the engine '" + engine.argv[0] + "'" +
                         (engines.empty() ? ": build lmr-engine or give --engine-binary" : ""));
    engine.argv[0] = absolute_text(binary.string());
    if (!engine.config_path.empty()) {
        engine.config_path = absolute_text(engine.config_path);
        engine.argv = {engine.argv[0], "--config", engine.config_path};
    }
    return engine;
}

// A tuned option takes its value from theta: one also fixed by option.NAME= (or --option)
// would be sent twice with two values.
void check_not_fixed(const std::vector<tune::SpsaParam>& params,
                     const tournament::EnginePlan& engine) {
    for (const auto& param : params)
        for (const auto& [name, value] : engine.options)
            if (text::iequals(name, param.name))
                throw UsageError("parameter '" + param.name + "' is also set to '" + value +
                                 "' by option." + name +
                                 "=: a tuned option takes its value "
                                 "from theta; drop one of the two");
}

int tune_start(CommandContext& context) {
    auto engines = take_engine_flags(context);
    po::options_description options("Options");
    add_run_options(options);
    // clang-format off
    options.add_options()
        ("base", po::value<std::string>(),
         "LMR config (JSON) of lmr-engine the tune starts from (or one --engine)")
        ("param", po::value<std::vector<std::string>>()->composing(),
         "NAME,START,MIN,MAX,C_END,R_END (repeatable; see above)")
        ("params-file", po::value<std::string>(), "parameters in the OpenBench format")
        ("iterations", po::value<std::string>(), "SPSA iterations N (required)")
        ("pairs-per-iteration", po::value<std::string>()->default_value("4"),
         "colour-reversed pairs per iteration")
        ("spsa-alpha", po::value<std::string>()->default_value("0.602"), "decay exponent of a_k")
        ("spsa-gamma", po::value<std::string>()->default_value("0.101"), "decay exponent of c_k")
        ("spsa-a", po::value<std::string>(), "stability constant A (default: 10 % of N)");
    // clang-format on
    po::variables_map values;
    if (!parse_command_line(context, options, values,
                            "(--base FILE | --engine name=N cmd=PROGRAM ...) --iterations N "
                            "--param ... [options]",
                            kDescription))
        return kExitOk;
    for (const char* flag : {"event", "site"})
        if (values.count(flag))
            throw UsageError(std::string("--") + flag +
                             " names the PGN of a run's games: a tune stores no games");
    auto engine = tuned_engine(values, std::move(engines));
    if (!values.count("iterations")) throw UsageError("--iterations is required");

    tune::SpsaSettings spsa;
    spsa.iterations = whole("--iterations", values["iterations"].as<std::string>(), 1, 10'000'000);
    const int pairs =
        whole("--pairs-per-iteration", values["pairs-per-iteration"].as<std::string>(), 1, 100'000);
    spsa.alpha = positive("--spsa-alpha", values["spsa-alpha"].as<std::string>());
    spsa.gamma = positive("--spsa-gamma", values["spsa-gamma"].as<std::string>());
    spsa.big_a = values.count("spsa-a")
                     ? positive("--spsa-a", values["spsa-a"].as<std::string>(), true)
                     : tune::default_big_a(spsa.iterations);

    std::vector<tune::SpsaParam> params;
    try {
        if (values.count("param"))
            for (const auto& text : values["param"].as<std::vector<std::string>>())
                params.push_back(tune::parse_param_flag(text));
        if (values.count("params-file"))
            for (auto& p : tune::read_params_file(values["params-file"].as<std::string>()))
                params.push_back(std::move(p));
        tune::check_param_list(params);
    } catch (const tune::ParamError& e) {
        throw UsageError(e.what());
    }

    tune::TuneRequest request;
    tournament::RunPlan& plan = request.plan;
    plan.kind = store::RunKind::kTune;
    plan.pairs = static_cast<std::int64_t>(spsa.iterations) * pairs;
    plan.engines = {engine};
    fill_run_plan(values, plan);  // --option: the UCI options both sides share
    check_not_fixed(params, plan.engines[0]);
    if (!plan.book.path.empty()) plan.book.path = absolute_text(plan.book.path);
    request.params = params;
    request.spsa = spsa;
    request.pairs_per_iteration = pairs;
    const std::string db = values["db"].as<std::string>();
    request.db_path = db;
    request.command_line = context.invocation;

    // Everything that can be wrong is found before the run exists and before any game (a
    // PlanError is bad input: exit 2).
    const games::JobExecutor& executor = run_executor(named(values, "affinity"), "--affinity");
    std::optional<tune::ReadyTune> ready;
    try {
        ready.emplace(tune::create_tune(request, executor));
    } catch (const tune::TuneRequestError& e) {
        for (const auto& problem : e.problems())
            context.err << context.program << " tune: " << problem << '\n';
        return kExitUsage;
    }
    for (const auto& warning : ready->warnings)
        context.err << context.program << " tune: warning: " << warning << '\n';
    context.out << "Tune run " << ready->run_id << " in " << db << ": " << params.size()
                << " parameter" << (params.size() == 1 ? "" : "s") << ", " << spsa.iterations
                << " iterations x " << pairs << " pairs, " << plan.time_control.to_string()
                << ", seed " << plan.seed << '\n';
    return play_tune(context, *ready, db, executor);
}

int resume_stored(CommandContext& context, std::int64_t run_id, const std::string& db,
                  const ResumeFlags& flags);

int tune_resume(CommandContext& context) {
    po::options_description options("Options");
    add_resume_options(options, "tune");
    po::variables_map values;
    if (!parse_command_line(
            context, options, values,
            "--run N [--db FILE] [--concurrency N [--force-concurrency]] [--allow-changed] "
            "[--affinity CPUS|all]",
            "Continues a tune after Ctrl-C or kill -9 from its last stored "
            "iteration, with the same random stream and openings."))
        return kExitOk;
    return resume_stored(context, parse_run_id(values), values["db"].as<std::string>(),
                         resume_flags(values));
}

int resume_stored(CommandContext& context, std::int64_t run_id, const std::string& db,
                  const ResumeFlags& flags) {
    // A bad CPU list before the database is opened.
    const games::JobExecutor& executor = run_executor(flags.affinity, "--affinity");
    tune::ReadyTune ready =
        tune::reopen_tune(db, run_id, flags.concurrency, executor, flags.allow_changed);
    for (const auto& name : ready.configs->edited())
        context.out << "Engine '" << name << "': its base config file changed since the tune "
                    << "started; the tune goes on with the config it recorded\n";
    context.out << "Resuming tune run " << run_id << " after " << ready.iterations_done
                << " iteration" << (ready.iterations_done == 1 ? "" : "s") << '\n';
    return play_tune(context, ready, db, executor);
}

int tune_export(CommandContext& context) {
    po::options_description options("Options");
    add_stored_run_options(options);
    options.add_options()(
        "format", po::value<std::string>(),
        "config (an LMR config extending the base; the default for --base tunes), openbench "
        "(NAME, TYPE, VALUE, MIN, MAX, C_END, R_END lines; the default for --engine tunes) or "
        "setoption (UCI setoption lines)")(
        "out", po::value<std::string>(),
        "file to write, - for standard output (default: tune-N.json, tune-N-openbench.txt or "
        "tune-N-setoption.txt beside the database)");
    po::variables_map values;
    if (!parse_command_line(
            context, options, values,
            "--run N [--db FILE] [--format config|openbench|setoption] [--out FILE]",
            "Writes the tune's final theta (integers rounded as sent): as an LMR "
            "config that extends the base config, as OpenBench's params lines "
            "(which `tune --params-file` reads) or as UCI setoption lines."))
        return kExitOk;
    const auto run_id = parse_run_id(values);
    const std::string db = values["db"].as<std::string>();
    std::optional<tune::ExportFormat> format;
    if (values.count("format")) {
        const auto& text = values["format"].as<std::string>();
        format = tune::parse_export_format(text);
        if (!format) throw flag_error("--format", text, "expected config, openbench or setoption");
    }
    const auto store = store::Store::open(db, {.mode = store::OpenMode::kReadOnly});
    const tune::ExportPlan plan = tune::plan_export(
        store, db, run_id, format,
        values.count("out") ? std::optional<fs::path>(values["out"].as<std::string>())
                            : std::nullopt);
    if (plan.file != "-")
        check_output_path("--out", plan.file, tournament::run_input_files(plan.plan, db));
    const tune::ExportResult exported = tune::write_export(store, db, plan, fs::current_path());
    if (plan.file == "-") context.out << exported.text;
    if (static_cast<int>(exported.iterations_done) < exported.iterations_total)
        context.err << context.program << " tune export: warning: run " << run_id << " has "
                    << exported.iterations_done << " of " << exported.iterations_total
                    << " iterations\n";
    if (plan.file == "-") return kExitOk;
    context.out << "Wrote " << plan.file.string() << '\n'
                << "Verify: " << exported.verify_command << '\n';
    return kExitOk;
}

int tune_show(CommandContext& context) {
    po::options_description options("Options");
    add_stored_run_options(options);
    options.add_options()("all", po::bool_switch(),
                          "every iteration (default: about 40 evenly spaced rows)");
    po::variables_map values;
    if (!parse_command_line(context, options, values, "--run N [--db FILE] [--all]",
                            "Prints a tune's settings, parameters and the trajectory of theta, "
                            "and the commands that export and verify it."))
        return kExitOk;
    const auto run_id = parse_run_id(values);
    const std::string db = values["db"].as<std::string>();
    auto store = store::Store::open(db, {.mode = store::OpenMode::kReadOnly});
    (void)tune::stored_tune_plan(store, run_id);
    tune::ShowOptions show;
    show.all_rows = values["all"].as<bool>();
    show.db_path = db;
    show.cwd = fs::current_path();
    tune::write_tune_report(context.out, store, run_id, show);
    return kExitOk;
}

}  // namespace

// `lmr-harness resume --run N` on a tune run lands here.
int resume_tune_run(CommandContext& context, std::int64_t run_id, const std::string& db,
                    const ResumeFlags& flags) {
    return resume_stored(context, run_id, db, flags);
}

int run_tune_command(CommandContext& context) {
    const std::string first = context.args.empty() ? std::string() : context.args.front();
    if (first == "resume" || first == "export" || first == "show") {
        auto sub = nested_context(context);
        const auto command = first == "resume"   ? tune_resume
                             : first == "export" ? tune_export
                                                 : tune_show;
        return command(sub);
    }
    return tune_start(context);
}

}  // namespace lmr::cli
