#include "harness/cli/run_warnings.hpp"

#include <cstdio>
#include <optional>
#include <vector>

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
    long games = 0, faults = 0;
    std::string kinds;
    for (const auto& t : totals) {
        games += t.games;
        const auto termination = core::parse_termination(t.termination);
        if (!termination || !core::is_engine_fault(*termination)) continue;
        faults += t.games;
        kinds += (kinds.empty() ? "" : ", ") + std::to_string(t.games) + " " + t.termination;
    }
    if (faults == 0) return;
    char share[16];
    std::snprintf(share, sizeof share, "%.1f", 100.0 * double(faults) / double(games));
    out << "Engine faults: " << faults << " of " << games << " games (" << share << " %): " << kinds
        << " (" << program << " report --db " << db << " --run " << run_id << " lists them)\n";
    if (double(faults) > 0.03 * double(games))
        out << "Warning: more than 3 % of the games were lost to engine faults: an overloaded "
               "machine (fewer --concurrency, a longer time control) or a broken engine\n";
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
