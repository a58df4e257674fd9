#pragma once
// Entry point of lmr-harness: picks the sub-command and maps errors to exit codes.

#include <iosfwd>

namespace lmr::cli {

// `lmr-harness <command> [args]`: runs the command and returns the exit code.
// `lmr-harness --help` (or `help`) lists the commands; `lmr-harness help <command>` and
// `lmr-harness <command> --help` show a command's options; `--version` prints the version.
// No command or an unknown one: a message on `err` and kExitUsage (2).
int run(int argc, const char* const* argv, std::ostream& out, std::ostream& err);

}  // namespace lmr::cli
