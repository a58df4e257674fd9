#pragma once
// The sub-command interface of lmr-harness. A sub-command is one function in its own file
// (e.g. stats_command.cpp) plus one line in command_table.cpp.

#include <iosfwd>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace lmr::cli {

inline constexpr int kExitOk = 0;
inline constexpr int kExitFailure = 1;  // the command ran and failed (I/O, engine, database)
inline constexpr int kExitUsage = 2;    // bad command line: unknown command, flag or value
// A run failed while playing, or was interrupted (Ctrl-C, SIGTERM): resumable where the command
// stores runs (match, sprt, tournament, tune, resume); `label` exits with it when interrupted.
inline constexpr int kExitRunStopped = 4;
// sprt's verdicts, for CI: H1 accepted is kExitOk, H0 accepted kExitFailure, and no decision
// within --max-pairs this.
inline constexpr int kExitUndecided = 3;

// Thrown by a command for a bad command line; the dispatcher prints the message (which should
// name the flag and the value) with a pointer to --help and exits with kExitUsage.
class UsageError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

// Thrown by a command for bad input that is not a matter of usage: a database, run or file the
// command line names that is missing or cannot be read or written. The dispatcher prints the
// message (which names the file or run) without the pointer to --help, and exits with kExitUsage.
class InputError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

struct CommandContext {
    std::string program;            // "lmr-harness", for usage lines
    std::string command;            // the sub-command's name
    std::vector<std::string> args;  // the arguments after the sub-command's name
    // The whole command line as typed, shell-quoted: stored as a run's command_line. Kept apart
    // from `args` because commands consume some of them (take_engine_flags removes --engine).
    std::string invocation;
    std::ostream& out;
    std::ostream& err;
};

// Returns the process exit code. Failures are thrown: the dispatcher prints them and maps
// them to the exit code (report_failure in failure.hpp: UsageError, InputError and other bad
// input exit 2).
using CommandFunction = int (*)(CommandContext& context);

struct Command {
    std::string_view name;     // what the user types: "stats"
    std::string_view summary;  // one line for `lmr-harness --help`
    CommandFunction run;
    // It stores runs (resumable), so a database failure while it works exits kExitRunStopped.
    bool stores_runs = false;
};

// Every sub-command, in the order `lmr-harness --help` lists them (command_table.cpp).
std::span<const Command> commands();
const Command* find_command(std::string_view name);

}  // namespace lmr::cli
