// The table of lmr-harness sub-commands. To add one: write <name>_command.cpp defining
// `int run_<name>_command(CommandContext&)` in lmr::cli, declare it below and add its line to
// kCommands. (harness/cli/CMakeLists.txt picks up every .cpp in this folder.)

#include <algorithm>

#include "harness/cli/command.hpp"

namespace lmr::cli {

int run_sprt_command(CommandContext& context);
int run_match_command(CommandContext& context);
int run_tournament_command(CommandContext& context);
int run_resume_command(CommandContext& context);
int run_pgn_command(CommandContext& context);
int run_stats_command(CommandContext& context);
int run_tune_command(CommandContext& context);
int run_openings_command(CommandContext& context);
int run_report_command(CommandContext& context);
int run_label_command(CommandContext& context);

namespace {

constexpr Command kCommands[] = {
    {"sprt", "test a config against a base until the SPRT decides (exit code = verdict)",
     run_sprt_command, true},
    {"match", "a fixed number of colour-reversed pairs between two configs or engines",
     run_match_command, true},
    {"tournament", "round-robin or gauntlet of several configs and engines", run_tournament_command,
     true},
    {"resume", "finish an interrupted or killed run with the same plan", run_resume_command, true},
    {"pgn", "export the games of a run as PGN", run_pgn_command},
    {"stats", "Elo, nElo, LOS and SPRT LLR from W/D/L or pentanomial counts", run_stats_command},
    {"report", "the runs of a database, one run in depth, Elo against a baseline; HTML charts",
     run_report_command},
    {"tune", "SPSA-tune LMR parameters by self-play; resume, export, show", run_tune_command, true},
    {"openings", "opening-book tools: generate a balanced EPD book from ECO lines",
     run_openings_command},
    {"label", "score every position of a PGN's games with an engine: labels for lmr-eval-tune",
     run_label_command},
};

}  // namespace

std::span<const Command> commands() {
    return kCommands;
}

const Command* find_command(std::string_view name) {
    const auto table = commands();
    const auto it = std::find_if(table.begin(), table.end(),
                                 [name](const Command& c) { return c.name == name; });
    return it == table.end() ? nullptr : &*it;
}

}  // namespace lmr::cli
