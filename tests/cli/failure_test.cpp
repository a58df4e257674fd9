// The one mapping of a failed command to its message and exit code (harness/cli/failure.hpp):
// every kind of failure a command throws, the code README documents for it, and a message
// that names what failed.
#include "harness/cli/failure.hpp"

#include <gtest/gtest.h>

#include <sstream>
#include <stdexcept>
#include <string>

#include "harness/cli/command.hpp"
#include "harness/openings/opening.hpp"
#include "harness/openings/position_scorer.hpp"
#include "harness/report/load.hpp"
#include "harness/store/error.hpp"
#include "harness/tournament/session.hpp"

namespace lmr::cli {
namespace {

struct Reported {
    int code;
    std::string text;
};

template <typename Exception>
Reported report(const Exception& e, int store_failure_code = kExitRunStopped) {
    std::ostringstream err;
    try {
        throw e;
    } catch (...) {
        const int code =
            report_failure(err, {"lmr-harness sprt", "lmr-harness",
                                 "Run 'lmr-harness sprt --help'.", store_failure_code});
        return {code, err.str()};
    }
}

TEST(ReportFailure, BadInputExitsTwoNamingTheCommand) {
    const Reported usage = report(UsageError("--elo0 'x' is not a number"));
    EXPECT_EQ(usage.code, kExitUsage);
    EXPECT_EQ(usage.text,
              "lmr-harness sprt: --elo0 'x' is not a number\nRun 'lmr-harness sprt --help'.\n");
    EXPECT_EQ(report(InputError("no such file")).code, kExitUsage);
    EXPECT_EQ(report(tournament::PlanError("engine 'a' did not start")).code, kExitUsage);
    EXPECT_EQ(report(report::ReportError("no run 9")).code, kExitUsage);
    const Reported book = report(openings::BookError("book.epd", 3, "bad FEN"));
    EXPECT_EQ(book.code, kExitUsage);
    EXPECT_EQ(book.text, "lmr-harness sprt: book.epd:3: bad FEN\n");  // no help hint
}

TEST(ReportFailure, ADatabaseThatIsNotOursIsBadInputAFailureWhileWorkingStopsTheRun) {
    using store::ErrorKind;
    using store::StoreError;
    EXPECT_EQ(report(StoreError(ErrorKind::kUnusablePath, "'x.db': no such database")).code,
              kExitUsage);
    EXPECT_EQ(report(StoreError(ErrorKind::kForeign, "another program's")).code, kExitUsage);
    EXPECT_EQ(report(StoreError(ErrorKind::kIo, "disk full")).code, kExitRunStopped);
    EXPECT_EQ(report(StoreError(ErrorKind::kBusy, "locked"), kExitFailure).code, kExitFailure);
    const Reported old = report(StoreError(ErrorKind::kTooOld, "'x.db' needs an upgrade"));
    EXPECT_EQ(old.code, kExitUsage);
    EXPECT_NE(old.text.find("lmr-harness report --upgrade --db FILE"), std::string::npos)
        << old.text;
}

TEST(ReportFailure, AnyOtherFailureExitsOne) {
    EXPECT_EQ(report(openings::ScorerError("engine 'e' crashed")).code, kExitFailure);
    const Reported other = report(std::runtime_error("cannot write out.pgn"));
    EXPECT_EQ(other.code, kExitFailure);
    EXPECT_EQ(other.text, "lmr-harness sprt: error: cannot write out.pgn\n");
    EXPECT_EQ(report(42).code, kExitFailure);
}

}  // namespace
}  // namespace lmr::cli
