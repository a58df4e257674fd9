#include "harness/cli/game_outputs.hpp"

#include <algorithm>
#include <filesystem>
#include <optional>
#include <string>

#include "harness/match/game.hpp"
#include "harness/tournament/epd_output.hpp"
#include "harness/tournament/pgn_output.hpp"

namespace lmr::cli {
namespace {

// The native flag of a PGN setting: match_line is --pgn-match-line.
std::string pgn_flag(const tournament::PgnSetting& setting) {
    std::string flag = "pgn-" + std::string(setting.key);
    std::replace(flag.begin(), flag.end(), '_', '-');
    return flag;
}

}  // namespace

void add_game_output_options(po::options_description& options) {
    // clang-format off
    options.add_options()
        ("pgnout", po::value<std::string>(),
         "PGN file each game is added to as it ends (created if missing, never emptied), so it "
         "holds every finished game while the run goes on")
        ("epdout", po::value<std::string>(),
         "EPD file the final position of each game is added to as it ends");
    // clang-format on
    for (const auto& setting : tournament::pgn_settings()) {
        const std::string flag = pgn_flag(setting);
        const char* help = setting.help.data();
        using Kind = tournament::PgnSetting::Kind;
        if (setting.kind == Kind::kSwitch)
            options.add_options()(flag.c_str(), po::bool_switch(), help);
        else if (setting.kind == Kind::kValue)
            options.add_options()(flag.c_str(), po::value<std::string>(), help);
        else
            options.add_options()(flag.c_str(), po::value<std::vector<std::string>>(), help);
    }
}

std::vector<std::unique_ptr<tournament::RunObserver>> open_game_outputs(
    const po::variables_map& values, const std::vector<core::ReadFile>& inputs) {
    std::optional<tournament::PgnOutputOptions> pgn_options;
    if (values.count("pgnout")) {
        pgn_options.emplace();
        pgn_options->file = values["pgnout"].as<std::string>();
    }
    using Kind = tournament::PgnSetting::Kind;
    for (const auto& setting : tournament::pgn_settings()) {
        const std::string flag = pgn_flag(setting);
        std::vector<std::string> given;
        if (setting.kind == Kind::kSwitch && values[flag].as<bool>()) given = {"true"};
        if (setting.kind == Kind::kValue && values.count(flag))
            given = {values[flag].as<std::string>()};
        if (setting.kind == Kind::kRepeatable && values.count(flag))
            given = values[flag].as<std::vector<std::string>>();
        if (!given.empty() && !pgn_options) throw UsageError("--" + flag + " needs --pgnout FILE");
        for (const auto& value : given)
            if (const auto problem = tournament::set_pgn_setting(*pgn_options, setting.key, value))
                throw flag_error("--" + flag, value, *problem);
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

}  // namespace lmr::cli
