#include "harness/cli/run_warnings.hpp"

#include <optional>
#include <vector>

#include "harness/core/fault_tally.hpp"
#include "harness/core/outcome.hpp"
#include "harness/report/load.hpp"
#include "harness/report/tables.hpp"
#include "harness/store/store.hpp"

namespace lmr::cli {
void print_fault_summary(std::ostream& out, const report::RunEndReading& reading,
                         const std::string& db, std::int64_t run_id, const std::string& program) {
    core::FaultTally tally;
    for (const auto& t : reading.terminations) {
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

void print_pv_warnings(std::ostream& out, const report::RunEndReading& reading,
                       const std::string& db, std::int64_t run_id, const std::string& program) {
    for (const store::EnginePvChecks& engine : reading.pv_checks) {
        if (engine.violations == 0) continue;
        out << "Warning: PV violations by " << engine.name << " (" << store::to_string(engine.role)
            << "): " << report::pv_violation_summary(engine) << " (" << program << " report --db "
            << db << " --run " << run_id << " shows the first of each)\n";
    }
}

}  // namespace lmr::cli
