// lmr-harness openings: opening-book tools. `openings generate` makes a balanced EPD book
// from Scid's named ECO lines: play each line, keep its final position when the line's length
// is in range, one entry per position, score each with a short fixed-node engine search and
// keep the roughly equal ones (docs/openings.md).

#include <chrono>
#include <filesystem>

#include "engine/text/text.hpp"
#include "harness/cli/command.hpp"
#include "harness/cli/engine_flags.hpp"
#include "harness/cli/options.hpp"
#include "harness/cli/run_options.hpp"
#include "harness/cli/scorer_flags.hpp"
#include "harness/openings/book_generation.hpp"
#include "harness/openings/book_generator.hpp"
#include "harness/uci/engine_option.hpp"

namespace lmr::cli {
namespace {

using SteadyClock = std::chrono::steady_clock;

constexpr std::string_view kOpeningsDescription =
    "Opening-book tools.\n\n"
    "Sub-commands:\n"
    "  generate   make a balanced EPD book from Scid's ECO lines, judged by a short engine "
    "search\n\n"
    "`lmr-harness openings generate --help` lists its options.\n\n"
    "Examples:\n"
    "  lmr-harness openings generate --eco /usr/share/scid/data/scid.eco --out book.epd";

constexpr std::string_view kGenerateDescription =
    "Plays every line of an ECO file (Scid's scid.eco, Debian package scid-data), keeps the\n"
    "final position of each line of --min-plies…--max-plies plies, once per position (board,\n"
    "side to move, castling, usable en passant; the first line in the file names it), scores\n"
    "each with `go nodes N` after `ucinewgame` (--concurrency engine processes) and writes the\n"
    "positions whose score is within ±--max-cp centipawns as EPD, sorted by ECO code then\n"
    "position: `<FEN> hmvc H; fmvn F; id \"ECO Name\"; ce SCORE;`, one position a line and\n"
    "nothing else, as fastchess and cutechess-cli read EPD; the notes beside it, --out with\n"
    "\".txt\" added, record the command. The result does not depend on --concurrency. The\n"
    "defaults are the settings that made openings/default.epd; with today's engine they keep\n"
    "more positions than that book has, which stays as made (docs/openings.md says why). A\n"
    "failed engine (exit 1) or Ctrl-C (exit 4, as an interrupted run) leaves --out as it was.\n\n"
    "Examples:\n"
    "  lmr-harness openings generate --eco /usr/share/scid/data/scid.eco --out book.epd\n"
    "  lmr-harness openings generate --eco /usr/share/scid/data/scid.eco --out book.epd \\\n"
    "      --nodes 20000 --max-cp 60 --concurrency 2";

// The flags that decide the book, in a fixed order, for the header and the summary.
std::string canonical_command(const po::variables_map& values, const std::string& program) {
    std::string command = program + " openings generate --eco " + values["eco"].as<std::string>();
    if (values.count("engine-binary"))
        command += " --engine-binary " + values["engine-binary"].as<std::string>();
    if (values.count("config")) command += " --config " + values["config"].as<std::string>();
    if (values.count("option"))
        for (const auto& option : values["option"].as<std::vector<std::string>>())
            command += " --option " + option;
    for (const char* flag : {"min-plies", "max-plies", "nodes", "max-cp", "concurrency"})
        command += std::string(" --") + flag + ' ' + values[flag].as<std::string>();
    if (values.count("limit")) command += " --limit " + values["limit"].as<std::string>();
    if (values.count("skip-invalid")) command += " --skip-invalid";
    command += " --out " + values["out"].as<std::string>();
    return command;
}

uci_client::EngineSpec engine_spec(const po::variables_map& values) {
    uci_client::EngineSpec spec;
    spec.name = "lmr-engine";
    spec.argv = {values.count("engine-binary") ? values["engine-binary"].as<std::string>()
                                               : default_engine_binary().string()};
    if (values.count("config")) {
        const std::string config = values["config"].as<std::string>();
        if (!std::filesystem::exists(config))
            throw UsageError("--config '" + config + "': the file does not exist");
        spec.argv.insert(spec.argv.end(), {"--config", config});
    }
    spec.options = uci_option_flags(values);
    return spec;
}

int run_generate(CommandContext& context) {
    po::options_description options("Options");
    // clang-format off
    options.add_options()
        ("eco", po::value<std::string>()->required(),
         "ECO file to read (e.g. /usr/share/scid/data/scid.eco)")
        ("engine-binary", po::value<std::string>(),
         "engine that scores the positions (default: lmr-engine beside lmr-harness)")
        ("config", po::value<std::string>(), "LMR config for lmr-engine (default: built-in)")
        ("option", po::value<std::vector<std::string>>()->composing()->multitoken(),
         "UCI option NAME=VALUE (repeatable, or several words: --option Hash=64 Threads=1)")
        ("min-plies", po::value<std::string>()->default_value("6"), "shortest line kept")
        ("max-plies", po::value<std::string>()->default_value("16"), "longest line kept")
        ("nodes", po::value<std::string>()->default_value("10000"), "nodes per search")
        ("max-cp", po::value<std::string>()->default_value("25"),
         "keep positions scored within ±this many centipawns")
        ("limit", po::value<std::string>(), "score only the first N unique positions (trials)")
        ("skip-invalid", "skip ECO entries with illegal moves instead of stopping")
        ("out", po::value<std::string>()->default_value("openings/default.epd"),
         "EPD file to write (positions only; what made it goes to FILE.txt beside it)");
    // clang-format on
    add_scorer_flags(options);
    po::variables_map values;
    if (!parse_command_line(context, options, values, "--eco FILE [options]", kGenerateDescription))
        return kExitOk;

    const int min_plies = int_flag(values, "min-plies", 1000);
    const int max_plies = int_flag(values, "max-plies", 1000);
    if (min_plies > max_plies)
        throw UsageError("--min-plies " + std::to_string(min_plies) + " is above --max-plies " +
                         std::to_string(max_plies));
    const long nodes = parse_count("--nodes", values["nodes"].as<std::string>());
    if (nodes == 0) throw flag_error("--nodes", "0", "must be at least 1");
    const int max_cp = int_flag(values, "max-cp", 100'000);
    openings::BookRequest request;
    request.eco = values["eco"].as<std::string>();
    request.skip_invalid = values.count("skip-invalid") != 0;
    request.min_plies = min_plies;
    request.max_plies = max_plies;
    if (values.count("limit"))
        request.limit =
            static_cast<std::size_t>(parse_count("--limit", values["limit"].as<std::string>()));
    request.max_cp = max_cp;
    request.out = values["out"].as<std::string>();
    std::vector<core::ReadFile> inputs{{request.eco, "the ECO file"}};
    if (values.count("config"))
        inputs.push_back({values["config"].as<std::string>(), "the config"});
    check_output_path("--out", request.out, inputs);
    check_output_path("--out (its notes)", openings::book_notes_path(request.out), inputs);
    request.command = canonical_command(values, context.program);
    openings::ScorerOptions scorer;
    scorer.engine = engine_spec(values);
    scorer.nodes = static_cast<std::uint64_t>(nodes);
    // Ctrl-C from here on stops the scoring and leaves the book file as it was.
    apply_scorer_flags(values, scorer);
    scorer.progress = progress_printer(context.err, "scored", "");

    const auto started = SteadyClock::now();
    auto scoring_started = started;
    const auto print_selected = [&](const openings::BookSummary& read) {
        for (const auto& message : read.skipped_errors)
            context.err << "skipped: " << message << '\n';
        context.out << "Read " << read.lines << " lines from " << request.eco.string();
        if (read.skipped > 0) context.out << " (" << read.skipped << " skipped)";
        context.out << "; " << read.selection.unique << " unique positions with " << min_plies
                    << "-" << max_plies << " plies (" << read.selection.too_short
                    << " lines shorter, " << read.selection.too_long << " longer, "
                    << read.selection.duplicates << " repeat a position); scoring " << read.scored
                    << " at " << nodes << " nodes with " << scorer.concurrency << " engine(s)"
                    << std::endl;
        scoring_started = SteadyClock::now();
    };
    openings::BookSummary book;
    try {
        book = openings::generate_book(request, scorer, print_selected);
    } catch (const openings::ScorerInterrupted& e) {
        return scoring_interrupted(context, "openings generate", e.what(), request.out.string());
    }
    context.out << "Scored " << book.scored << " positions in "
                << seconds_text(SteadyClock::now() - scoring_started) << " (" << book.engine_id
                << (book.retries > 0 ? ", " + std::to_string(book.retries) + " retries" : "")
                << "): kept " << book.kept << " within ±" << max_cp << " cp, dropped "
                << book.unbalanced << " unbalanced, " << book.mates << " mate scores, "
                << book.no_score << " without a score\n"
                << "Wrote " << request.out.string() << " (" << book.kept << " positions) in "
                << seconds_text(SteadyClock::now() - started) << '\n';
    return kExitOk;
}

}  // namespace

int run_openings_command(CommandContext& context) {
    if (context.args.empty() || context.args[0] == "--help" || context.args[0] == "-h") {
        // Without a sub-command this is a usage error: the text goes to stderr, exit 2.
        std::ostream& out = context.args.empty() ? context.err : context.out;
        out << "Usage: " << context.program << " openings generate [options]\n\n"
            << kOpeningsDescription << '\n';
        return context.args.empty() ? kExitUsage : kExitOk;
    }
    if (context.args[0] != "generate") {
        throw UsageError("unknown openings sub-command '" + context.args[0] +
                         "' (expected generate)");
    }
    auto sub = nested_context(context);
    return run_generate(sub);
}

}  // namespace lmr::cli
