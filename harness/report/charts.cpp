// Report data → chart descriptions (charts.hpp).

#include "harness/report/charts.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <iterator>
#include <map>
#include <optional>
#include <string_view>
#include <utility>

#include "harness/report/cells.hpp"
#include "harness/report/tables.hpp"
#include "harness/report/verdict_rule.hpp"
#include "harness/stats/trend.hpp"

namespace lmr::report {
namespace {

constexpr const char* kPalette[] = {"#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd",
                                    "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22", "#17becf"};
constexpr std::size_t kMaxPoints = 1500;  // per series: enough for the eye, small pages

// Indexes of at most kMaxPoints evenly spaced rows, always including the first and last.
std::vector<std::size_t> thinned(std::size_t count) {
    std::vector<std::size_t> out;
    if (count == 0) return out;
    const std::size_t step = (count + kMaxPoints - 1) / kMaxPoints;
    for (std::size_t i = 0; i < count; i += step) out.push_back(i);
    if (out.back() != count - 1) out.push_back(count - 1);
    return out;
}

std::string run_label(const RunDetail& run) {
    return "Run " + integer(run.row.run.id) + ": " + matchup(run.row);
}

// A measurement's interval, its tooltip without the label: "+17.21 ± 12.09 Elo over 1000 pairs
// at nodes=20000, better".
Interval measured_interval(const MeasuredRun& run) {
    const stats::EloEstimate& e = run.stats.estimate;
    Interval interval;
    interval.value = e.elo;
    interval.error = e.elo_error;
    const std::string verdict = interval_verdict(run.stats);
    interval.tooltip = plus_minus(e.elo, e.elo_error) + " Elo over " + integer(e.units) +
                       " pairs at " + run.time_control + (verdict.empty() ? "" : ", " + verdict);
    return interval;
}

}  // namespace

std::optional<double> parse_timestamp(const std::string& text) {
    std::tm tm{};
    int year = 0, month = 0, day = 0, hour = 0, minute = 0;
    double second = 0;
    if (std::sscanf(text.c_str(), "%d-%d-%dT%d:%d:%lf", &year, &month, &day, &hour, &minute,
                    &second) != 6)
        return std::nullopt;
    tm.tm_year = year - 1900;
    tm.tm_mon = month - 1;
    tm.tm_mday = day;
    tm.tm_hour = hour;
    tm.tm_min = minute;
    tm.tm_sec = 0;
    return static_cast<double>(timegm(&tm)) + second;
}

std::optional<LineChart> llr_chart(const RunDetail& run) {
    const auto& r = run.row.run;
    if (!r.sprt || run.history.empty()) return std::nullopt;
    LineChart chart;
    chart.id = "llr-run-" + integer(r.id);
    char bounds[128];
    std::snprintf(bounds, sizeof bounds, " — LLR, SPRT [%g, %g] %s", r.sprt->elo0, r.sprt->elo1,
                  std::string(stats::model_name(r.sprt->model)).c_str());
    chart.title = run_label(run) + bounds;
    chart.x_label = "pairs";
    chart.y_label = "LLR";
    Series llr{"LLR", {}, kPalette[0], false, run.history.size() <= 60};
    for (std::size_t i : thinned(run.history.size()))
        llr.points.push_back({static_cast<double>(run.history[i].pairs), run.history[i].llr});
    chart.series.push_back(std::move(llr));
    const auto& last = run.history.back();
    // The bounds depend on alpha and beta only; the stored ones are those the run used.
    const double upper = std::isfinite(last.upper_bound)
                             ? last.upper_bound
                             : std::log((1 - r.sprt->beta) / r.sprt->alpha);
    const double lower = std::isfinite(last.lower_bound)
                             ? last.lower_bound
                             : std::log(r.sprt->beta / (1 - r.sprt->alpha));
    chart.lines.push_back({upper, "H1 accepted " + fixed(upper, 2), "#2ca02c", true});
    chart.lines.push_back({0.0, "", "#aaaaaa", false});
    chart.lines.push_back({lower, "H0 accepted " + fixed(lower, 2), "#d62728", true});
    chart.x_min = 0;
    return chart;
}

std::optional<LineChart> score_chart(const RunDetail& run) {
    if (!run.row.head_to_head || run.history.empty()) return std::nullopt;
    std::optional<double> start = parse_timestamp(run.row.run.started_at);
    if (!start) start = parse_timestamp(run.history.front().recorded_at);
    if (!start) return std::nullopt;
    // Seconds, minutes or hours, whichever keeps the axis numbers readable.
    const auto last = parse_timestamp(run.history.back().recorded_at);
    const double span = last ? *last - *start : 0;
    const double unit = span < 120 ? 1 : span < 120 * 60 ? 60 : 3600;
    LineChart chart;
    chart.id = "score-run-" + integer(run.row.run.id);
    chart.title = run_label(run) + " — score over time";
    chart.x_label = std::string(unit == 1    ? "seconds"
                                : unit == 60 ? "minutes"
                                             : "hours") +
                    " since the run started";
    chart.y_label = run.row.summary.test_name + " score (%)";
    Series score{"score", {}, kPalette[1], false, run.history.size() <= 60};
    Band band;
    band.color = kPalette[1];
    for (std::size_t i : thinned(run.history.size())) {
        const auto& h = run.history[i];
        const auto at = parse_timestamp(h.recorded_at);
        const long games = h.wins + h.draws + h.losses;
        if (!at || games == 0) continue;
        const double x = (*at - *start) / unit;
        score.points.push_back({x, 100.0 * (h.wins + 0.5 * h.draws) / games});
        // The 95 % band of the Elo estimate, mapped back to a score.
        if (std::isfinite(h.elo) && std::isfinite(h.elo_error)) {
            band.x.push_back(x);
            band.low.push_back(100.0 * stats::score_from_elo(h.elo - h.elo_error));
            band.high.push_back(100.0 * stats::score_from_elo(h.elo + h.elo_error));
        }
    }
    if (score.points.empty()) return std::nullopt;
    chart.series.push_back(std::move(score));
    if (!band.x.empty()) chart.bands.push_back(std::move(band));
    chart.lines.push_back({50.0, "50 %", "#888888", true});
    chart.x_min = 0;
    return chart;
}

IntervalChart run_elo_chart(const std::vector<RunDetail>& runs) {
    IntervalChart chart;
    chart.id = "elo-runs";
    chart.title = "Elo of the test engine per run (95 % interval)";
    chart.x_label = "Elo";
    for (const auto& run : runs) {
        if (!run.row.head_to_head || !run.row.stats || !run.row.stats->estimate.defined()) continue;
        const auto& e = run.row.stats->estimate;
        Interval row;
        row.label = "#" + integer(run.row.run.id) + " " + run.row.summary.test_name + " vs " +
                    run.row.summary.base_name;
        row.value = e.elo;
        row.error = e.elo_error;
        row.tooltip = row.label + ": " + plus_minus(e.elo, e.elo_error) + " Elo over " +
                      integer(e.units) + " pairs";
        row.color = run.row.run.kind == store::RunKind::kSprt ? kPalette[0] : kPalette[2];
        chart.rows.push_back(std::move(row));
    }
    return chart;
}

std::vector<IntervalChart> forest_charts(const std::vector<MeasuredSource>& sources) {
    struct Row {
        std::size_t source;
        const MeasuredRun* run;
    };
    // base → test → its runs, in the order of the sources and of their runs
    std::map<std::string, std::map<std::string, std::vector<Row>>> by_base;
    for (std::size_t source = 0; source < sources.size(); ++source)
        for (const MeasuredRun& run : sources[source].runs)
            by_base[run.base][run.test].push_back({source, &run});
    std::vector<IntervalChart> charts;
    for (const auto& [base, tests] : by_base) {
        std::vector<std::pair<double, std::string>> order;  // mean Elo, test
        for (const auto& [test, rows] : tests) {
            double sum = 0;
            for (const Row& r : rows) sum += r.run->stats.estimate.elo;
            order.emplace_back(sum / static_cast<double>(rows.size()), test);
        }
        std::sort(order.begin(), order.end(),
                  [](const auto& a, const auto& b) { return a.first > b.first; });
        IntervalChart chart;
        chart.id = "forest-" + base;
        chart.title = "Elo against " + base + " per run, by source (95 % interval)";
        chart.x_label = "Elo against " + base;
        for (const auto& [mean, test] : order) {
            for (const Row& r : tests.at(test)) {
                Interval interval = measured_interval(*r.run);
                interval.label = test + " · " + sources[r.source].name + " #" + integer(r.run->id);
                interval.tooltip = interval.label + ": " + interval.tooltip;
                interval.color = kPalette[r.source % std::size(kPalette)];
                chart.rows.push_back(std::move(interval));
            }
        }
        charts.push_back(std::move(chart));
    }
    return charts;
}

IntervalChart figures_chart(const MeasuredSource& source) {
    std::vector<const MeasuredRun*> runs;
    for (const MeasuredRun& run : source.runs) runs.push_back(&run);
    std::stable_sort(runs.begin(), runs.end(), [](const MeasuredRun* a, const MeasuredRun* b) {
        return a->stats.estimate.elo > b->stats.estimate.elo;
    });
    // One base and time control for every row (a phase usually has): named once, in the title,
    // so that the labels keep the test configs' long names whole.
    const bool uniform = std::all_of(runs.begin(), runs.end(), [&](const MeasuredRun* run) {
        return run->base == runs.front()->base && run->time_control == runs.front()->time_control;
    });
    IntervalChart chart;
    chart.id = "figures-" + source.name;
    chart.title =
        source.name + ": Elo of each row's test config against " +
        (uniform && !runs.empty() ? runs.front()->base + " at " + runs.front()->time_control
                                  : std::string("its base")) +
        " (95 % interval)";
    chart.x_label = "Elo of the test config against its base";
    for (const MeasuredRun* run : runs) {
        Interval interval = measured_interval(*run);
        interval.label = "#" + integer(run->id) + " " + run->test +
                         (uniform ? "" : " vs " + run->base + " · " + run->time_control);
        interval.tooltip = interval.label + ": " + interval.tooltip;
        chart.rows.push_back(std::move(interval));
    }
    return chart;
}

namespace {

// N of a time control that is exactly "nodes=N"; nullopt for any other (a clock, nodes with a
// clock, depth).
std::optional<double> fixed_nodes(const std::string& time_control) {
    constexpr std::string_view kPrefix = "nodes=";
    if (!time_control.starts_with(kPrefix)) return std::nullopt;
    const std::string digits = time_control.substr(kPrefix.size());
    if (digits.empty() ||
        !std::all_of(digits.begin(), digits.end(), [](char c) { return c >= '0' && c <= '9'; }))
        return std::nullopt;
    return std::stod(digits);
}

// The weighted trend of a curve's points (x = log2 nodes), drawn dashed over their range in
// thousands of nodes; nullopt when there is none.
std::optional<Series> trend_line(const std::vector<stats::TrendPoint>& points) {
    const auto trend = stats::weighted_trend(points);
    if (!trend) return std::nullopt;
    Series line;
    line.label = "weighted trend: " + plus_minus(trend->slope, trend->slope_error95, 1) +
                 " Elo per doubling of nodes (95 %)";
    line.color = "#7f7f7f";
    line.dashed = true;
    const auto [low, high] = std::minmax_element(
        points.begin(), points.end(),
        [](const stats::TrendPoint& a, const stats::TrendPoint& b) { return a.x < b.x; });
    constexpr int kSteps = 24;
    for (int i = 0; i <= kSteps; ++i) {
        const double x = low->x + (high->x - low->x) * i / kSteps;
        line.points.push_back({std::exp2(x) / 1000, trend->intercept + trend->slope * x});
    }
    return line;
}

// A row at another limit (a clock, a depth) as a dot of its own with its 95 % interval at its
// test engine's nodes a move, named by its source when that is another file; an SPRT stopped on its
// decision says so, as its estimate is biased by the stop.
Series beside_the_curve(const MeasuredRun& run, const std::string& source,
                        const std::string& color) {
    const std::string verdict = interval_verdict(run.stats);
    Series dot;
    dot.label = (source.empty() ? "" : source + " ") + "#" + integer(run.id) + " " +
                run.time_control + ": " +
                plus_minus(run.stats.estimate.elo, run.stats.estimate.elo_error, 1) + " at " +
                integer(std::llround(*run.nodes_per_move)) + " nodes a move" +
                (verdict.starts_with("SPRT") ? ", " + verdict : "");
    dot.color = color;
    dot.markers = true;
    dot.joined = false;
    dot.points.push_back({*run.nodes_per_move / 1000, run.stats.estimate.elo});
    dot.errors.push_back(run.stats.estimate.elo_error);
    return dot;
}

}  // namespace

std::vector<LineChart> scaling_charts(const MeasuredSource& source,
                                      const std::vector<MeasuredSource>& others) {
    struct Measured {
        double nodes;
        const MeasuredRun* run;
    };
    // The pairings in the order their first row comes, each with its fixed-node rows.
    std::vector<std::pair<std::string, std::string>> pairings;
    std::map<std::pair<std::string, std::string>, std::vector<Measured>> rows;
    for (const MeasuredRun& run : source.runs) {
        const auto nodes = fixed_nodes(run.time_control);
        if (!nodes) continue;
        const auto key = std::make_pair(run.test, run.base);
        if (!rows.count(key)) pairings.push_back(key);
        rows[key].push_back({*nodes, &run});
    }
    std::vector<LineChart> charts;
    for (const auto& key : pairings) {
        std::vector<Measured>& measured = rows[key];
        std::stable_sort(measured.begin(), measured.end(),
                         [](const Measured& a, const Measured& b) { return a.nodes < b.nodes; });
        if (measured.front().nodes == measured.back().nodes) continue;  // one node count: no curve
        LineChart chart;
        chart.id = "scaling-" + source.name + "-" + std::to_string(charts.size() + 1);
        chart.title = key.first + " vs " + key.second + " at fixed nodes a move (Elo, 95 %)";
        chart.x_label = "thousands of nodes a move";
        chart.y_label = "Elo of " + key.first;
        Series series;
        series.label = key.first + " vs " + key.second;
        series.markers = true;
        Band band;
        std::vector<stats::TrendPoint> trend_points;  // x = log2(nodes)
        for (const Measured& m : measured) {
            const stats::EloEstimate& e = m.run->stats.estimate;
            const double x = m.nodes / 1000;
            series.points.push_back({x, e.elo});
            band.x.push_back(x);
            band.low.push_back(e.elo - e.elo_error);
            band.high.push_back(e.elo + e.elo_error);
            trend_points.push_back({std::log2(m.nodes), e.elo, e.elo_error});
        }
        chart.series.push_back(std::move(series));
        if (auto line = trend_line(trend_points)) chart.series.push_back(std::move(*line));
        // The pairing's rows at other limits (a clock, a depth) beside the curve, this file's and
        // then the other files', each at the nodes a move its test engine searched: is a clock
        // worth what its search size is worth at fixed nodes?
        const auto add_dots = [&](const MeasuredSource& from, const std::string& name) {
            for (const MeasuredRun& run : from.runs) {
                if (run.test != key.first || run.base != key.second ||
                    fixed_nodes(run.time_control) || !run.nodes_per_move)
                    continue;
                chart.series.push_back(beside_the_curve(
                    run, name, kPalette[(chart.series.size() + 1) % std::size(kPalette)]));
            }
        };
        add_dots(source, "");
        for (const MeasuredSource& other : others) add_dots(other, other.name);
        chart.bands.push_back(std::move(band));
        chart.lines.push_back({0, "0 Elo"});
        charts.push_back(std::move(chart));
    }
    return charts;
}

IntervalChart baseline_elo_chart(const BaselineReport& report) {
    IntervalChart chart;
    chart.id = "elo-baseline";
    chart.title = "Elo against " + report.baseline + " (pooled over runs, 95 % interval)";
    chart.x_label = "Elo against " + report.baseline;
    for (const auto& entry : report.entries) {
        if (entry.relation != Relation::kDirect || !entry.stats) continue;
        const auto& e = entry.stats->estimate;
        Interval row;
        row.label = entry.config;
        row.value = e.elo;
        row.error = e.elo_error;
        row.tooltip = entry.config + ": " + plus_minus(e.elo, e.elo_error) + " Elo over " +
                      integer(e.units) + " pairs (runs " + entry.run_ids + ")";
        chart.rows.push_back(std::move(row));
    }
    return chart;
}

IntervalChart ratings_chart(const RatingsReport& report) {
    IntervalChart chart;
    chart.id = "elo-ratings";
    chart.title = "Rating list (" + report.anchor + " = 0, maximum likelihood, 95 % interval)";
    chart.x_label = "Elo relative to " + report.anchor;
    for (const auto& entry : report.rated) {
        Interval row;
        row.label = entry.config;
        row.value = entry.elo;
        row.error = entry.elo_error;
        row.tooltip = entry.config + ": " + plus_minus(entry.elo, entry.elo_error) + " Elo over " +
                      integer(entry.pairs.pairs()) + " pairs";
        chart.rows.push_back(std::move(row));
    }
    return chart;
}

std::optional<LineChart> tune_chart(const RunDetail& run) {
    if (!run.tune || run.tune->iterations.empty() || run.tune->params.empty()) return std::nullopt;
    const auto& tune = *run.tune;
    LineChart chart;
    chart.id = "tune-run-" + integer(run.row.run.id);
    chart.title = "Run " + integer(run.row.run.id) + " — tuned parameters (θ in % of each range)";
    chart.x_label = "iteration";
    chart.y_label = "% of range";
    chart.y_min = 0;
    chart.y_max = 100;
    const auto rows = thinned(tune.iterations.size());
    for (std::size_t p = 0; p < tune.params.size(); ++p) {
        const auto& param = tune.params[p];
        const double span = param.max - param.min;
        Series s;
        s.label = param.name;
        s.color = kPalette[p % std::size(kPalette)];
        s.points.push_back({0.0, span > 0 ? 100.0 * (param.start - param.min) / span : 50.0});
        for (std::size_t i : rows) {
            const auto& it = tune.iterations[i];
            if (p >= it.theta_after.size()) continue;
            s.points.push_back({static_cast<double>(it.k + 1),
                                span > 0 ? 100.0 * (it.theta_after[p] - param.min) / span : 50.0});
        }
        chart.series.push_back(std::move(s));
    }
    return chart;
}

}  // namespace lmr::report
