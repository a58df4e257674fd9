// The study form of the list: every run's row with its test engine's search and LMR totals
// (Store::test_engine_totals), as the LMR study's tables show them.

#include <utility>

#include "harness/report/load.hpp"

namespace lmr::report {

std::vector<StudyRow> load_study_rows(const store::Store& store) {
    std::vector<RunRow> runs = load_runs(store);
    std::vector<store::TestEngineTotals> totals = store.test_engine_totals();
    std::vector<StudyRow> rows;
    rows.reserve(runs.size());
    // Both lists are ordered by run id and read in one snapshot; a run without a test engine has
    // no totals, so match by id.
    std::size_t t = 0;
    for (auto& run : runs) {
        StudyRow row;
        while (t < totals.size() && totals[t].run_id < run.run.id) ++t;
        if (t < totals.size() && totals[t].run_id == run.run.id) row.test = std::move(totals[t]);
        row.row = std::move(run);
        rows.push_back(std::move(row));
    }
    return rows;
}

}  // namespace lmr::report
