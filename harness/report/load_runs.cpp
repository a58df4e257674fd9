// The list of runs: each run's record and run_summary row, with the statistics of its
// completed pairs worked out by harness/stats.

#include <utility>

#include "harness/report/load.hpp"

namespace lmr::report {

std::optional<stats::SprtParams> usable_sprt(const std::optional<stats::SprtParams>& params) {
    // Bounds the statistics cannot use (a hand-edited row) are shown without an SPRT rather
    // than with a meaningless LLR.
    if (!params || stats::validate(*params)) return std::nullopt;
    return params;
}

std::string verdict_text(const RunRow& row) {
    if (const auto& verdict = row.run.verdict) {
        switch (*verdict) {
            case stats::Verdict::kAcceptH1:
                return "H1 (pass)";
            case stats::Verdict::kAcceptH0:
                return "H0 (fail)";
            case stats::Verdict::kContinue:
                return "undecided";
        }
    }
    if (row.stats && row.stats->sprt)
        return std::string(stats::verdict_name(row.stats->sprt->verdict));
    return "";
}

RunRow make_run_row(store::RunRecord run, store::RunSummary summary) {
    RunRow row;
    row.run = std::move(run);
    row.summary = std::move(summary);
    row.head_to_head = !row.summary.base_name.empty() && !row.summary.test_name.empty();
    if (row.head_to_head)
        row.stats = stats::summarize(row.summary.penta, usable_sprt(row.run.sprt));
    return row;
}

std::vector<RunRow> load_runs(const store::Store& store) {
    std::vector<store::RunRecord> runs = store.list_runs();
    std::vector<store::RunSummary> summaries = store.run_summaries();
    std::vector<RunRow> rows;
    rows.reserve(runs.size());
    // Both lists are ordered by run id and read in one snapshot, so they line up; match by id
    // anyway so a mismatch can never pair the wrong rows.
    std::size_t s = 0;
    for (auto& run : runs) {
        while (s < summaries.size() && summaries[s].run_id < run.id) ++s;
        store::RunSummary summary;
        if (s < summaries.size() && summaries[s].run_id == run.id) summary = summaries[s];
        summary.run_id = run.id;
        rows.push_back(make_run_row(std::move(run), std::move(summary)));
    }
    return rows;
}

}  // namespace lmr::report
