// lmr-harness openings: opening-book tools. `openings generate` makes a balanced EPD book
// from Scid's named ECO lines: play each line, keep its final position when the line's length
// is in range, one entry per position, score each with a short fixed-node engine search and
// keep the roughly equal ones (docs/openings.md).

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <mutex>
#include <sstream>

#include "engine/text/text.hpp"
#include "harness/cli/command.hpp"
#include "harness/cli/options.hpp"
#include "harness/cli/run_options.hpp"
#include "harness/cli/scorer_flags.hpp"
#include "harness/openings/book_generator.hpp"
#include "harness/openings/eco_reader.hpp"
#include "harness/openings/epd_reader.hpp"
#include "harness/openings/position_scorer.hpp"
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
    "position: `<FEN> hmvc H; fmvn F; id \"ECO Name\"; ce SCORE;`. The file's header records\n"
    "the command. The result does not depend on --concurrency. The defaults are the settings\n"
    "that made openings/default.epd; with today's engine they keep more positions than that\n"
    "book has, which stays as made (docs/openings.md says why). A failed engine (exit 1) or Ctrl-C "
    "(exit 4, as\n"
    "an interrupted run) leaves --out as it was.\n\n"
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
    if (values.count("option")) {
        for (const auto& option : values["option"].as<std::vector<std::string>>()) {
            const auto eq = option.find('=');
            if (eq == std::string::npos || eq == 0)
                throw flag_error("--option", option, "expected NAME=VALUE");
            const std::string name = option.substr(0, eq);
            for (const auto& earlier : spec.options)
                if (text::iequals(earlier.first, name))
                    throw flag_error("--option", option, name + " is given twice");
            spec.options.emplace_back(name, option.substr(eq + 1));
        }
    }
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
        ("concurrency", po::value<std::string>()->default_value("2"), "engine processes at once")
        ("limit", po::value<std::string>(), "score only the first N unique positions (trials)")
        ("skip-invalid", "skip ECO entries with illegal moves instead of stopping")
        ("out", po::value<std::string>()->default_value("openings/default.epd"),
         "EPD file to write");
    // clang-format on
    add_scorer_timeout_flags(options);
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
    const int concurrency = int_flag(values, "concurrency", 256);
    if (concurrency == 0) throw flag_error("--concurrency", "0", "must be at least 1");
    const std::string eco_path = values["eco"].as<std::string>();
    const std::filesystem::path out_path = values["out"].as<std::string>();
    const std::string command = canonical_command(values, context.program);
    openings::ScorerOptions scorer;
    scorer.engine = engine_spec(values);
    scorer.nodes = static_cast<std::uint64_t>(nodes);
    scorer.concurrency = concurrency;
    // Ctrl-C from here on stops the scoring and leaves the book file as it was.
    apply_scorer_flags(values, scorer);
    const auto interrupted = [&](const std::string& what) {
        return scoring_interrupted(context, "openings generate", what, out_path.string());
    };

    const auto started = SteadyClock::now();
    openings::ReadOptions read_options;
    read_options.skip_invalid = values.count("skip-invalid") != 0;
    openings::ReadResult lines;
    try {
        lines = openings::read_eco_file(eco_path, read_options);
    } catch (const openings::BookError& e) {
        context.err << context.program << " openings generate: " << e.what() << '\n';
        return kExitUsage;
    }
    for (const auto& message : lines.skipped_errors) context.err << "skipped: " << message << '\n';

    auto selection = openings::select_candidates(lines.openings, min_plies, max_plies);
    std::vector<openings::Candidate>& candidates = selection.candidates;
    if (values.count("limit")) {
        const auto limit =
            static_cast<std::size_t>(parse_count("--limit", values["limit"].as<std::string>()));
        if (candidates.size() > limit) candidates.resize(limit);
    }
    context.out << "Read " << lines.openings.size() << " lines from " << eco_path;
    if (lines.skipped > 0) context.out << " (" << lines.skipped << " skipped)";
    context.out << "; " << selection.stats.unique << " unique positions with " << min_plies << "-"
                << max_plies << " plies (" << selection.stats.too_short << " lines shorter, "
                << selection.stats.too_long << " longer, " << selection.stats.duplicates
                << " repeat a position); scoring " << candidates.size() << " at " << nodes
                << " nodes with " << concurrency << " engine(s)" << std::endl;

    std::vector<std::string> fens;
    fens.reserve(candidates.size());
    for (const auto& c : candidates)
        fens.push_back(c.epd + ' ' + std::to_string(c.halfmove_clock) + ' ' +
                       std::to_string(c.fullmove_number));
    const auto scoring_started = SteadyClock::now();
    scorer.progress = progress_printer(context.err, "scored", "");
    openings::ScorerResult scores;
    try {
        scores = openings::score_positions(fens, scorer);
    } catch (const openings::ScorerError& e) {
        context.err << context.program << " openings generate: " << e.what() << '\n';
        return kExitFailure;
    } catch (const openings::ScorerInterrupted& e) {
        return interrupted(e.what());
    }
    if (*scorer.interrupt) return interrupted("interrupted before the book was written");

    std::vector<openings::BookEntry> book;
    std::size_t unbalanced = 0, mates = 0, no_score = 0;
    for (std::size_t i = 0; i < candidates.size(); ++i) {
        const openings::Evaluation& e = scores.evaluations[i];
        if (openings::is_balanced(e, max_cp)) {
            book.push_back({candidates[i], e.score->value});
        } else if (!e.score) {
            ++no_score;
        } else if (e.score->is_mate()) {
            ++mates;
        } else {
            ++unbalanced;
        }
    }
    openings::sort_book(book);

    const std::vector<std::string> header = {
        "LMR Lab opening book: final positions of the named lines in Scid's ECO file, kept when",
        "a short engine search finds them roughly equal. Do not edit; regenerate with:",
        command,
        "Source: " + std::filesystem::path(eco_path).filename().string() + " (" +
            std::to_string(lines.openings.size()) + " lines; Debian package scid-data)",
        "Engine: " + scores.engine_id + ", go nodes " + std::to_string(nodes) +
            " after ucinewgame per position",
        std::to_string(selection.stats.unique) + " unique positions with " +
            std::to_string(min_plies) + "-" + std::to_string(max_plies) + " plies, " +
            std::to_string(candidates.size()) + " scored, " + std::to_string(book.size()) +
            " within +-" + std::to_string(max_cp) + " cp",
        "Per line: 4-field FEN; hmvc/fmvn = move counters where the line ends; id = ECO code and",
        "name of the first line reaching the position; ce = score in cp for the side to move.",
    };
    const std::filesystem::path temporary = out_path.string() + ".tmp";
    {
        std::ofstream file(temporary, std::ios::binary | std::ios::trunc);
        if (!file) {
            context.err << context.program << " openings generate: cannot write " << temporary
                        << '\n';
            return kExitFailure;
        }
        openings::write_book(file, header, book);
        file.close();
        if (!file) {
            context.err << context.program << " openings generate: writing " << temporary
                        << " failed\n";
            return kExitFailure;
        }
    }
    std::error_code ec;
    std::filesystem::rename(temporary, out_path, ec);
    if (ec) {
        context.err << context.program << " openings generate: cannot rename " << temporary
                    << " to " << out_path << ": " << ec.message() << '\n';
        return kExitFailure;
    }
    // The book must be one the run commands accept; reading it back is the proof.
    const auto check = openings::read_epd_file(out_path);
    if (check.openings.size() != book.size()) {
        context.err << context.program << " openings generate: " << out_path << " reads back "
                    << check.openings.size() << " positions, expected " << book.size() << '\n';
        return kExitFailure;
    }

    context.out << "Scored " << candidates.size() << " positions in "
                << seconds_text(SteadyClock::now() - scoring_started) << " (" << scores.engine_id
                << (scores.retries > 0 ? ", " + std::to_string(scores.retries) + " retries" : "")
                << "): kept " << book.size() << " within ±" << max_cp << " cp, dropped "
                << unbalanced << " unbalanced, " << mates << " mate scores, " << no_score
                << " without a score\n"
                << "Wrote " << out_path.string() << " (" << book.size() << " positions) in "
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
