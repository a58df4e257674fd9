#pragma once

// The flags of the files a run adds its games to as they end, and of the PGN tags its games
// carry: --pgnout FILE [--pgn-nodes] [--pgn-seldepth] [--pgn-nps], --epdout FILE (match, sprt,
// tournament and resume: options of the session, not of the plan, so a resume may write its
// games elsewhere), --event NAME and --site NAME (match, sprt, tournament: stored in the plan,
// since the stored PGN carries them).

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "harness/cli/options.hpp"
#include "harness/tournament/epd_output.hpp"
#include "harness/tournament/pgn_output.hpp"
#include "harness/tournament/run_observer.hpp"
#include "harness/tournament/run_plan.hpp"

namespace lmr::cli {

void add_game_output_options(po::options_description& options);

// The live output files asked for, opened (created; an existing file is added to) before any
// game is played. Throws InputError naming a file that cannot be written, or that is one of the
// files the run reads, `inputs` (check_output_path); UsageError for a --pgn-… flag without
// --pgnout. Empty when none was asked for.
std::vector<std::unique_ptr<tournament::RunObserver>> open_game_outputs(
    const po::variables_map& values, const std::vector<core::ReadFile>& inputs);

// The same for outputs given as options (fastchess's -pgnout/-epdout).
std::vector<std::unique_ptr<tournament::RunObserver>> open_game_outputs(
    const std::optional<tournament::PgnOutputOptions>& pgn,
    const std::optional<tournament::EpdOutputOptions>& epd,
    const std::vector<core::ReadFile>& inputs);

// `inputs` and the PGN and EPD outputs asked for: what another output of the run (the EPD file,
// fastchess's log) may not be.
std::vector<core::ReadFile> with_game_outputs(
    std::vector<core::ReadFile> inputs, const std::optional<tournament::PgnOutputOptions>& pgn,
    const std::optional<tournament::EpdOutputOptions>& epd);

}  // namespace lmr::cli
