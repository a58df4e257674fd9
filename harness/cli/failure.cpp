#include "harness/cli/failure.hpp"

#include <exception>
#include <ostream>

#include "harness/cli/command.hpp"
#include "harness/openings/opening.hpp"
#include "harness/openings/position_scorer.hpp"
#include "harness/report/load.hpp"
#include "harness/store/error.hpp"
#include "harness/tournament/session.hpp"

namespace lmr::cli {

int report_failure(std::ostream& err, const FailureContext& context) {
    const auto print = [&](const std::exception& e) {
        err << context.who << ": " << e.what() << '\n';
    };
    try {
        throw;
    } catch (const UsageError& e) {
        print(e);
        err << context.help_hint << '\n';
        return kExitUsage;
    } catch (const InputError& e) {
        print(e);
        return kExitUsage;
    } catch (const tournament::PlanError& e) {
        print(e);
        return kExitUsage;
    } catch (const report::ReportError& e) {
        print(e);
        return kExitUsage;
    } catch (const openings::BookError& e) {  // a book or ECO file the user named
        print(e);
        return kExitUsage;
    } catch (const openings::ScorerError& e) {  // the message names the engine and position
        print(e);
        return kExitFailure;
    } catch (const store::StoreError& e) {
        print(e);
        if (e.kind() == store::ErrorKind::kTooOld)
            err << "Run '" << context.program
                << " report --upgrade --db FILE' once to add the tables and views this version "
                   "reads (stored data is not changed).\n";
        return store::is_bad_input(e.kind()) ? kExitUsage : context.store_failure_code;
    } catch (const std::exception& e) {
        err << context.who << ": error: " << e.what() << '\n';
        return kExitFailure;
    } catch (...) {
        err << context.who << ": error: an exception that is not a std::exception\n";
        return kExitFailure;
    }
}

}  // namespace lmr::cli
