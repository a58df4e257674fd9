#include "harness/cli/pv_warnings.hpp"

#include "harness/report/tables.hpp"
#include "harness/store/store.hpp"

namespace lmr::cli {

void print_pv_warnings(std::ostream& out, const std::string& db, std::int64_t run_id,
                       const std::string& program) {
    std::vector<store::EnginePvChecks> engines;
    try {
        store::OpenOptions options;
        options.mode = store::OpenMode::kReadOnly;
        // The run has just written the file; a full check of a large database would take long.
        options.quick_check = false;
        engines = store::Store::open(db, options).pv_checks(run_id);
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
