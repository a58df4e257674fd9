// The table of lmr-harness sub-commands. To add one: write <name>_command.cpp defining
// `int run_<name>_command(CommandContext&)` in lmr::cli, declare it below and add its line to
// kCommands. (harness/cli/CMakeLists.txt picks up every .cpp in this folder.)

#include <algorithm>

#include "harness/cli/command.hpp"

namespace lmr::cli {

int run_stats_command(CommandContext& context);

namespace {

constexpr Command kCommands[] = {
    {"stats", "Elo, nElo, LOS and SPRT LLR from W/D/L or pentanomial counts", run_stats_command},
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
