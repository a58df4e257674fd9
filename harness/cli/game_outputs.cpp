#include "harness/cli/game_outputs.hpp"

#include <filesystem>
#include <optional>
#include <string>

#include "harness/match/game.hpp"
#include "harness/match/line_patterns.hpp"
#include "harness/tournament/epd_output.hpp"
#include "harness/tournament/pgn_output.hpp"

namespace lmr::cli {
namespace {

bool switch_on(const po::variables_map& values, const char* name) {
    return values.count(name) && values[name].as<bool>();
}

}  // namespace

void add_game_output_options(po::options_description& options) {
    // clang-format off
    options.add_options()
        ("pgnout", po::value<std::string>(),
         "PGN file each game is added to as it ends (created if missing, never emptied), so it "
         "holds every finished game while the run goes on")
        ("pgn-nodes", po::bool_switch(), "--pgnout: each move's nodes in its comment (n=)")
        ("pgn-seldepth", po::bool_switch(), "--pgnout: each move's selective depth (sd=)")
        ("pgn-nps", po::bool_switch(), "--pgnout: each move's nodes per second (nps=)")
        ("pgn-timeleft", po::bool_switch(), "--pgnout: the mover's clock after the move (tl=)")
        ("pgn-latency", po::bool_switch(),
         "--pgnout: reply time beyond the engine's reported time (latency=)")
        ("pgn-hashfull", po::bool_switch(), "--pgnout: the engine's hash use (hashfull=)")
        ("pgn-tbhits", po::bool_switch(), "--pgnout: tablebase hits (tbhits=)")
        ("pgn-pv", po::bool_switch(), "--pgnout: the principal variation (pv=\"...\")")
        ("pgn-min", po::bool_switch(), "--pgnout: the Seven Tag Roster and moves only, no comment")
        ("pgn-notation", po::value<std::string>(), "--pgnout: san (default), lan or uci")
        ("pgn-match-line", po::value<std::vector<std::string>>(),
         "--pgnout: REGEX (repeatable): of each search, the last info line it matches goes into "
         "the move's comment as line=\"...\" (fastchess's match_line=)")
        ("epdout", po::value<std::string>(),
         "EPD file the final position of each game is added to as it ends");
    // clang-format on
}

void add_pgn_tag_options(po::options_description& options) {
    // clang-format off
    options.add_options()
        ("event", po::value<std::string>(), "PGN Event of the run's games (default: LMR Lab run N)")
        ("site", po::value<std::string>(), "PGN Site of the run's games (default: LMR Lab)");
    // clang-format on
}

std::vector<std::unique_ptr<tournament::RunObserver>> open_game_outputs(
    const po::variables_map& values, const std::vector<core::ReadFile>& inputs) {
    const bool pgn = values.count("pgnout") != 0;
    for (const char* field : {"pgn-nodes", "pgn-seldepth", "pgn-nps", "pgn-timeleft", "pgn-latency",
                              "pgn-hashfull", "pgn-tbhits", "pgn-pv", "pgn-min"})
        if (switch_on(values, field) && !pgn)
            throw UsageError(std::string("--") + field + " needs --pgnout FILE");
    for (const char* field : {"pgn-notation", "pgn-match-line"})
        if (values.count(field) && !pgn)
            throw UsageError(std::string("--") + field + " needs --pgnout FILE");
    std::optional<tournament::PgnOutputOptions> pgn_options;
    if (pgn) {
        pgn_options.emplace();
        pgn_options->file = values["pgnout"].as<std::string>();
        pgn_options->style.fields.nodes = switch_on(values, "pgn-nodes");
        pgn_options->style.fields.seldepth = switch_on(values, "pgn-seldepth");
        pgn_options->style.fields.nps = switch_on(values, "pgn-nps");
        pgn_options->style.fields.timeleft = switch_on(values, "pgn-timeleft");
        pgn_options->style.fields.latency = switch_on(values, "pgn-latency");
        pgn_options->style.fields.hashfull = switch_on(values, "pgn-hashfull");
        pgn_options->style.fields.tbhits = switch_on(values, "pgn-tbhits");
        pgn_options->style.fields.pv = switch_on(values, "pgn-pv");
        pgn_options->style.minimal = switch_on(values, "pgn-min");
        if (values.count("pgn-notation")) {
            const auto& text = values["pgn-notation"].as<std::string>();
            const auto notation = match::parse_pgn_notation(text);
            if (!notation) throw flag_error("--pgn-notation", text, "expected san, lan or uci");
            pgn_options->style.notation = *notation;
        }
        if (values.count("pgn-match-line"))
            for (const auto& pattern : values["pgn-match-line"].as<std::vector<std::string>>()) {
                if (const auto error = match::LinePatterns::error(pattern))
                    throw flag_error("--pgn-match-line", pattern, *error);
                pgn_options->match_lines.push_back(pattern);
            }
    }
    std::optional<tournament::EpdOutputOptions> epd_options;
    if (values.count("epdout")) {
        epd_options.emplace();
        epd_options->file = values["epdout"].as<std::string>();
    }
    return open_game_outputs(pgn_options, epd_options, inputs);
}

std::vector<std::unique_ptr<tournament::RunObserver>> open_game_outputs(
    const std::optional<tournament::PgnOutputOptions>& pgn,
    const std::optional<tournament::EpdOutputOptions>& epd,
    const std::vector<core::ReadFile>& inputs) {
    if (pgn) check_output_path("PGN output", pgn->file, inputs);
    // PGN and EPD lines mixed in one file are neither.
    if (epd)
        check_output_path("EPD output", epd->file, with_game_outputs(inputs, pgn, std::nullopt));

    std::vector<std::unique_ptr<tournament::RunObserver>> outputs;
    try {
        if (pgn) outputs.push_back(std::make_unique<tournament::PgnOutput>(*pgn));
        if (epd) outputs.push_back(std::make_unique<tournament::EpdOutput>(*epd));
    } catch (const tournament::OutputFileError& e) {
        throw InputError(e.what());
    }
    return outputs;
}

std::vector<core::ReadFile> with_game_outputs(
    std::vector<core::ReadFile> inputs, const std::optional<tournament::PgnOutputOptions>& pgn,
    const std::optional<tournament::EpdOutputOptions>& epd) {
    if (pgn) inputs.push_back({pgn->file, "the PGN output"});
    if (epd) inputs.push_back({epd->file, "the EPD output"});
    return inputs;
}

void fill_pgn_tags(const po::variables_map& values, tournament::RunPlan& plan) {
    if (values.count("event")) plan.event = values["event"].as<std::string>();
    if (values.count("site")) plan.site = values["site"].as<std::string>();
}

}  // namespace lmr::cli
