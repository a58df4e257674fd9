// What a run's last lines read, once (load.hpp).

#include "harness/report/load.hpp"

namespace lmr::report {

RunEndReading load_run_end(const std::filesystem::path& db, std::int64_t run_id) {
    RunEndReading reading;
    try {
        store::OpenOptions options;
        options.mode = store::OpenMode::kReadOnly;
        options.quick_check = false;
        const store::Store store = store::Store::open(db, options);
        const store::ReadSnapshot snapshot(store);
        reading.standings = load_standings(store, run_id);
        reading.terminations = store.run_terminations(run_id);
        reading.pv_checks = store.pv_checks(run_id);
    } catch (const store::StoreError& e) {
        reading = {};
        reading.error = e.what();
    }
    return reading;
}

}  // namespace lmr::report
