#include "harness/cli/cli.hpp"

#include <algorithm>
#include <ostream>
#include <string>
#include <vector>

#include "engine/text/text.hpp"
#include "harness/cli/command.hpp"
#include "harness/cli/failure.hpp"
#include "harness/process/shell_word.hpp"

#ifndef LMR_VERSION
#define LMR_VERSION "unknown"
#endif

namespace lmr::cli {
namespace {

constexpr const char* kProgram = "lmr-harness";

void print_usage(std::ostream& out) {
    out << "Usage: " << kProgram << " <command> [options]\n\n"
        << "Plays and measures chess engine matches (LMR Lab).\n\nCommands:\n";
    std::size_t width = 0;
    for (const Command& c : commands()) width = std::max(width, c.name.size());
    for (const Command& c : commands()) {
        out << "  " << c.name << std::string(width - c.name.size() + 3, ' ') << c.summary << '\n';
    }
    out << "\nRun '" << kProgram << " <command> --help' for a command's options.\n";
}

int run_command(const Command& command, std::vector<std::string> args, std::ostream& out,
                std::ostream& err) {
    std::vector<std::string> words{kProgram, std::string(command.name)};
    words.insert(words.end(), args.begin(), args.end());
    CommandContext context{
        kProgram, std::string(command.name), std::move(args), process::shell_line(words), out, err};
    try {
        return command.run(context);
    } catch (...) {  // context.command: with a sub-command ("tune show")
        const std::string who = std::string(kProgram) + ' ' + context.command;
        return report_failure(err, {who, kProgram, "Run '" + who + " --help' for usage.",
                                    command.stores_runs ? kExitRunStopped : kExitFailure});
    }
}

}  // namespace

int run(int argc, const char* const* argv, std::ostream& out, std::ostream& err) {
    if (argc < 2) {
        print_usage(err);
        return kExitUsage;
    }
    const std::string first = argv[1];
    if (first == "--help" || first == "-h" || (first == "help" && argc == 2)) {
        print_usage(out);
        return kExitOk;
    }
    if (first == "--version") {
        out << kProgram << ' ' << LMR_VERSION << '\n';
        return kExitOk;
    }
    std::vector<std::string> args(argv + 2, argv + argc);
    std::string name = first;
    if (first == "help") {  // `help <command>` is `<command> --help`
        name = argv[2];
        args = {"--help"};
    }
    const Command* command = find_command(name);
    if (command == nullptr) {
        std::vector<std::string> names;
        for (const Command& c : commands()) names.emplace_back(c.name);
        err << kProgram << ": unknown command '" << name << "'" << text::did_you_mean(name, names)
            << ".\nRun '" << kProgram << " --help' for the list of commands.\n";
        return kExitUsage;
    }
    return run_command(*command, std::move(args), out, err);
}

}  // namespace lmr::cli
