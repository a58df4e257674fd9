#include "harness/cli/run_warnings.hpp"

#include <optional>
#include <vector>

#include "harness/core/fault_tally.hpp"
#include "harness/core/outcome.hpp"
#include "harness/report/tables.hpp"
#include "harness/store/store.hpp"

namespace lmr::cli {
namespace {

// The database the run has just written, read only; nullopt when it cannot be opened.
std::optional<store::Store> open_written(const std::string& db) {
    try {
        store::OpenOptions options;
        options.mode = store::OpenMode::kReadOnly;
        // The run has just written the file; a full check of a large database would take long.
        options.quick_check = false;
        return store::Store::open(db, options);
    } catch (const store::StoreError&) {
        return std::nullopt;
    }
}

}  // namespace

void print_fault_summary(std::ostream& out, const std::string& db, std::int64_t run_id,
                         const std::string& program) {
    auto store = open_written(db);
    if (!store) return;
    std::vector<store::TerminationTotals> totals;
    try {
        totals = store->run_terminations(run_id);
    } catch (const store::StoreError&) {
        return;
    }
    core::FaultTally tally;
    for (const auto& t : totals) {
        const auto termination = core::parse_termination(t.termination);
        if (!termination) continue;  // the schema's CHECK admits only the known words
        tally.add(*termination, t.games);
    }
    if (tally.faults() == 0) return;
    out << "Engine faults: " << tally.describe() << " (" << program << " report --db " << db
        << " --run " << run_id << " lists them)\n";
    if (tally.above_warning_share())
        out << "Warning: more than " << 100 * core::FaultTally::kWarningShare
            << " % of the games were lost to engine faults: an overloaded machine (fewer "
               "--concurrency, a longer time control) or a broken engine\n";
}

void print_pv_warnings(std::ostream& out, const std::string& db, std::int64_t run_id,
                       const std::string& program) {
    auto store = open_written(db);
    if (!store) return;
    std::vector<store::EnginePvChecks> engines;
    try {
        engines = store->pv_checks(run_id);
    } catch (const store::StoreError&) {
        return;
    }
    for (const store::EnginePvChecks& engine : engines) {
        if (engine.violations == 0) continue;
        out << "Warning: PV violations by " << engine.name << " (" << store::to_string(engine.role)
            << "): " << report::pv_violation_summary(engine) << " (" << program << " report --db "
            << db << " --run " << run_id << " shows the first of each)\n";
    }
}

}  // namespace lmr::cli
