#pragma once
// The one mapping of a failed command to its message and exit code, shared by the dispatcher
// (cli.cpp) and the fastchess front end (harness/fastchess/play.cpp).

#include <iosfwd>
#include <string>

namespace lmr::cli {

struct FailureContext {
    std::string who;        // the message's prefix: "lmr-harness sprt", "lmr-harness"
    std::string program;    // "lmr-harness", for the commands a message suggests
    std::string help_hint;  // the line after a usage error: "Run 'lmr-harness sprt --help' …"
    // The exit code of a database failure while working (not a bad --db): kExitRunStopped where
    // the command stores runs, which resume finishes; kExitFailure elsewhere.
    int store_failure_code;
};

// Call from a catch (...) block: prints the exception being handled, naming `who`, and
// returns its exit code. Bad input is kExitUsage: a UsageError (with the help hint), an
// InputError, a run plan the engines or the stored run refuse (tournament::PlanError), a
// report that cannot be made (report::ReportError), a book or ECO file that cannot be read
// (openings::BookError), a database the user named that is not usable as ours
// (store::is_bad_input). Any other database failure is the context's store_failure_code, and
// anything else kExitFailure.
int report_failure(std::ostream& err, const FailureContext& context);

}  // namespace lmr::cli
