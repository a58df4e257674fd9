// lmr-harness label: score every position of a PGN's finished games with a UCI engine and
// write the games back with those scores as move comments — training labels for
// `lmr-eval-tune --search-weight`.

#include "harness/cli/command.hpp"
#include "harness/cli/engine_flags.hpp"
#include "harness/cli/options.hpp"
#include "harness/cli/run_options.hpp"
#include "harness/cli/scorer_flags.hpp"
#include "harness/label/labeller.hpp"
#include "harness/tournament/engine_identity.hpp"

namespace lmr::cli {
namespace {

constexpr std::string_view kDescription =
    "Reads the finished games of one or more PGN files, searches every position from ply\n"
    "--skip-plies on with `go nodes N` (after `ucinewgame`, so a label does not depend on\n"
    "--concurrency; a position met twice is searched once) and writes the games as PGN whose\n"
    "move comments are the engine's score of the position the move was played in, mover's\n"
    "view: `{+0.35/12 0.000s}`. The engine is lmr-engine unless --engine names another, e.g.\n"
    "  --engine name=sf cmd=/usr/games/stockfish option.Hash=16 option.Threads=1\n"
    "The output is written whole at the end: nothing is written when a step fails or on\n"
    "Ctrl-C, which stops the labelling (exit 4; a second Ctrl-C leaves at once)."
    "\n\nExamples:\n"
    "  lmr-harness label --pgn games.pgn --out labelled.pgn --nodes 2000 --concurrency 2 \\\n"
    "      --engine name=sf cmd=/usr/games/stockfish option.Hash=16 option.Threads=1";

uci_client::EngineSpec labelling_engine(CommandContext& context) {
    const auto engines = take_engine_flags(context);
    if (engines.size() > 1) throw UsageError("--engine: give at most one labelling engine");
    if (!engines.empty() && (engines[0].time_control || engines[0].time_margin_ms))
        throw UsageError(
            "label: every search is `go nodes N` (--nodes): --engine takes no "
            "tc=/st=/nodes=/depth=/timemargin=");
    uci_client::EngineSpec spec;
    if (engines.empty()) {
        spec.name = "lmr-engine";
        spec.argv = {default_engine_binary().string()};
    } else {
        spec = tournament::engine_spec(engines[0]);
    }
    spec.discard_stderr = true;
    return spec;
}

}  // namespace

int run_label_command(CommandContext& context) {
    label::LabelOptions label_options;
    label_options.scorer.engine = labelling_engine(context);
    po::options_description options("Options");
    // clang-format off
    options.add_options()
        ("pgn", po::value<std::vector<std::string>>()->required(),
         "games to label (repeatable; read in order)")
        ("out", po::value<std::string>()->required(), "PGN file to write")
        ("nodes", po::value<std::string>()->default_value("5000"), "nodes per search")
        ("skip-plies", po::value<std::string>()->default_value("0"),
         "leave the first N plies of every game unsearched (written as book moves)")
        ("games", po::value<std::string>(), "label only the first N games read");
    // clang-format on
    add_scorer_flags(options);
    po::variables_map values;
    if (!parse_command_line(context, options, values,
                            "--pgn FILE [--pgn FILE]… --out FILE [--engine …] [options]",
                            kDescription))
        return kExitOk;
    const long nodes = parse_count("--nodes", values["nodes"].as<std::string>());
    if (nodes == 0) throw flag_error("--nodes", "0", "must be at least 1");
    label_options.scorer.nodes = static_cast<std::uint64_t>(nodes);
    label_options.skip_plies = int_flag(values, "skip-plies", 10'000);
    // Ctrl-C from here on stops the labelling (the searches in flight abandoned, the engines
    // killed) and leaves the output file as it was.
    apply_scorer_flags(values, label_options.scorer);
    const std::string out_path = values["out"].as<std::string>();
    std::vector<core::ReadFile> inputs;
    for (const std::string& path : values["pgn"].as<std::vector<std::string>>())
        inputs.push_back({path, "an input PGN"});
    if (const auto program = tournament::find_executable(label_options.scorer.engine.argv.at(0));
        !program.empty())
        inputs.push_back({program, "the labelling engine's program"});
    check_output_path("--out", out_path, inputs);
    const auto interrupted = [&](const std::string& what) {
        return scoring_interrupted(context, "label", what, out_path);
    };

    label::LabelRequest request;
    for (const std::string& path : values["pgn"].as<std::vector<std::string>>())
        request.pgn.emplace_back(path);
    if (values.count("games"))
        request.max_games =
            static_cast<std::size_t>(parse_count("--games", values["games"].as<std::string>()));
    request.out = out_path;

    const auto started = std::chrono::steady_clock::now();
    label_options.scorer.progress = progress_printer(context.err, "searched", " positions");
    label::LabelResult labelled;
    try {
        labelled = label::label_files(request, label_options, [&](std::size_t games) {
            context.out << "Labelling " << games << " games with "
                        << label_options.scorer.engine.name << " at " << nodes
                        << " nodes a position, " << label_options.scorer.concurrency << " engine(s)"
                        << std::endl;
        });
    } catch (const openings::ScorerInterrupted& e) {
        return interrupted(e.what());
    }
    context.out << "Labelled " << labelled.positions << " positions of " << labelled.games.size()
                << " games (" << labelled.searches << " distinct searched";
    if (labelled.unfinished > 0)
        context.out << "; " << labelled.unfinished << " unfinished dropped";
    if (labelled.retries > 0) context.out << "; " << labelled.retries << " retries";
    context.out << ") in " << seconds_text(std::chrono::steady_clock::now() - started) << " with "
                << labelled.engine_id << "; wrote " << out_path << '\n';
    return kExitOk;
}

}  // namespace lmr::cli
