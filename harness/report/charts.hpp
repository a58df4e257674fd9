#pragma once

// The charts of the report page, from report data: an SPRT's LLR against pairs between its
// two bounds (as fishtest draws it), a run's score over time with its 95 % band, Elo with
// error bars per run or per config against a baseline, and a tune's parameter trajectories.

#include <optional>
#include <string>
#include <vector>

#include "harness/report/data.hpp"
#include "harness/report/svg_chart.hpp"

namespace lmr::report {

// SPRT runs with a statistics history; nullopt otherwise.
std::optional<LineChart> llr_chart(const RunDetail& run);
// Head-to-head runs with a statistics history: score (%) against the time since the run began
// (seconds, minutes or hours), with the 95 % band of the Elo estimate.
std::optional<LineChart> score_chart(const RunDetail& run);
// Every head-to-head run with completed pairs: the test engine's Elo ± 95 %.
IntervalChart run_elo_chart(const std::vector<RunDetail>& runs);
// Every config measured directly against the baseline: Elo ± 95 %.
IntervalChart baseline_elo_chart(const BaselineReport& report);
// The measurements of several sources (a study's databases or figures files), one forest plot
// per base config: a row per run, the runs of one test config together in the order of the
// sources (each a colour, named in the row's label), the configs by their mean Elo, best
// first, the zero line drawn; each row's verdict by the study's rule (verdict_rule.hpp) in its
// tooltip.
std::vector<IntervalChart> forest_charts(const std::vector<MeasuredSource>& sources);
// One source's measurements (a phase of a study), a row each, sorted by Elo, best first, the
// zero line drawn: the effects in order.
IntervalChart figures_chart(const MeasuredSource& source);
// A source's scaling curves, as fishtest's scaling tests read them: for each pairing (test and
// base) measured at fixed nodes (`nodes=N`) at two or more node counts, its Elo ± 95 % against
// the thousands of nodes a move, the rows in node order (rows at the same count kept apart, in
// row order), the band the 95 % interval, the zero line drawn, and the weighted trend in Elo
// per doubling of nodes (stats/trend.hpp, x = log2 nodes) as a dashed line named in the legend.
// The pairing's rows at other limits (a clock), where the file gives their test engine's nodes a
// move (avg_nodes), stand beside the curve as points of their own at those nodes: the source's
// rows, then the same pairing's rows in `others` (another phase's clock row), named by their
// source. One chart per pairing: an effect of +200 and one of +10 do not share a y axis.
std::vector<LineChart> scaling_charts(const MeasuredSource& source,
                                      const std::vector<MeasuredSource>& others = {});
// Every rated config: Elo ± 95 % relative to the anchor.
IntervalChart ratings_chart(const RatingsReport& report);
// Tune runs with iterations: θ of each parameter in % of its range against the iteration.
std::optional<LineChart> tune_chart(const RunDetail& run);

// Seconds since the Unix epoch of an ISO-8601 UTC timestamp ("2024-05-01T12:00:00.123Z");
// nullopt when it does not parse.
std::optional<double> parse_timestamp(const std::string& text);

}  // namespace lmr::report
