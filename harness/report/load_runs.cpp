// The list of runs: each run's record and run_summary row, with the statistics of its
// completed pairs worked out by harness/stats.

#include <utility>

#include "harness/report/load.hpp"

namespace lmr::report {

std::optional<stats::SprtParams> stats_params(const std::optional<store::SprtParams>& params) {
    if (!params) return std::nullopt;
    stats::SprtParams out;
    out.elo0 = params->elo0;
    out.elo1 = params->elo1;
    out.alpha = params->alpha;
    out.beta = params->beta;
    out.model = stats::parse_model(params->model).value_or(stats::EloModel::kNormalized);
    // Bounds the statistics cannot use (a hand-edited row) are shown without an SPRT rather
    // than with a meaningless LLR.
    if (stats::validate(out)) return std::nullopt;
    return out;
}

std::string verdict_text(const RunRow& row) {
    switch (row.run.verdict) {
        case store::Verdict::kH1:
            return "H1 (pass)";
        case store::Verdict::kH0:
            return "H0 (fail)";
        case store::Verdict::kUndecided:
            return "undecided";
        case store::Verdict::kNone:
            break;
    }
    if (row.stats && row.stats->sprt)
        return std::string(stats::verdict_name(row.stats->sprt->verdict));
    return "";
}

stats::Pentanomial to_stats(const store::PentanomialCounts& counts) {
    return {.ll = counts.ll,
            .ld = counts.ld,
            .wl = counts.wl,
            .dd = counts.dd,
            .wd = counts.wd,
            .ww = counts.ww};
}

RunRow make_run_row(store::RunRecord run, store::RunSummary summary) {
    RunRow row;
    row.run = std::move(run);
    row.summary = std::move(summary);
    row.head_to_head = !row.summary.base_name.empty() && !row.summary.test_name.empty();
    if (row.head_to_head)
        row.stats = stats::summarize(to_stats(row.summary.penta), stats_params(row.run.sprt));
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
