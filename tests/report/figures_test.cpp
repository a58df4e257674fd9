// A study page drawn from the figures the repository keeps (harness/report/figures.hpp,
// verdict_rule.hpp): the committed CSVs of results/ read back give the figures results/README.md
// publishes for them — the same Elo as the CSV's own column, the verdicts the page states by its
// rule, the SPRT that stopped on H1 after 122 games — and a file that is not such a CSV is refused
// with its path, line and column.

#include "harness/report/figures.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <string>

#include "harness/report/charts.hpp"
#include "harness/report/html_page.hpp"
#include "harness/report/load.hpp"
#include "harness/report/svg_chart.hpp"
#include "harness/report/verdict_rule.hpp"
#include "harness/stats/trend.hpp"
#include "tests/report/support.hpp"

namespace lmr::report {
namespace {

using testing::TempDir;

const std::string kResults = std::string(LMR_SOURCE_DIR) + "/results/";

std::string written(const TempDir& dir, const std::string& name, const std::string& text) {
    const std::string path = (dir.path() / name).string();
    std::ofstream(path, std::ios::binary) << text;
    return path;
}

// The message of the ReportError that reading `text` as a figures file raises ("" if none).
std::string refusal(const std::string& text) {
    TempDir dir;
    const std::string path = written(dir, "bad.csv", text);
    try {
        (void)read_figures(path);
    } catch (const ReportError& e) {
        return e.what();
    }
    return "";
}

const char* kHeader =
    "id,test,base,time_control,status,games,wins,draws,losses,penta_ll,penta_ld,penta_wl,"
    "penta_dd,penta_wd,penta_ww,elo,elo_error,command_line\r\n";

// Phase 6's combine rows, as results/README.md reads them: the history step +17.2 ± 12.1 over
// 2,000 games, better; the threat escape +1.7 ± 11.8, not resolved, about 2,000 · (11.76 /
// 1.737)² ≈ 92,000 games from resolving it.
TEST(StudyFigures, TheCombineRowsGiveThePublishedIntervalsAndVerdicts) {
    const Figures figures = read_figures(kResults + "combine.csv");
    EXPECT_EQ(figures.measured.name, "combine");
    EXPECT_FALSE(figures.ratings);
    ASSERT_EQ(figures.measured.runs.size(), 2u);
    const MeasuredRun& history = figures.measured.runs[0];
    EXPECT_EQ(history.test, "default-rebel-history");
    EXPECT_EQ(history.base, "default");
    EXPECT_EQ(history.time_control, "nodes=20000");
    EXPECT_NEAR(history.stats.estimate.elo, 17.212128686782943, 1e-9);  // the CSV's own column
    EXPECT_NEAR(history.stats.estimate.elo_error, 12.087718003543133, 1e-9);
    EXPECT_EQ(history.stats.estimate.units, 1000);
    ASSERT_TRUE(history.stats.sprt);  // its command line's SPRT, capped at 1,000 pairs undecided
    EXPECT_EQ(history.stats.sprt->params.elo1, 5.0);
    EXPECT_EQ(history.stats.sprt->verdict, stats::Verdict::kContinue);
    EXPECT_EQ(interval_verdict(history.stats), "better");
    EXPECT_EQ(interval_verdict(figures.measured.runs[1].stats), "not resolved (≈ 92,000 games)");
}

// The clock phase's first SPRT (default.json against none.json at 5+0.05, nElo [0, 15]) stopped
// on H1 after 122 games, as results/README.md says: its interval is then no verdict.
TEST(StudyFigures, AnSprtThatStoppedOnADecisionIsReadAsItsHypothesis) {
    const Figures figures = read_figures(kResults + "clock.csv");
    ASSERT_FALSE(figures.measured.runs.empty());
    const MeasuredRun& first = figures.measured.runs.front();
    EXPECT_EQ(first.test, "default");
    EXPECT_EQ(first.stats.counts.games->games(), 122);
    EXPECT_EQ(interval_verdict(first.stats), "SPRT H1 (stopped early)");
}

TEST(StudyFigures, ARatingListIsReadBackWithItsAnchor) {
    const Figures figures = read_figures(kResults + "clock-ratings.csv");
    ASSERT_TRUE(figures.ratings);
    EXPECT_TRUE(figures.measured.runs.empty());
    EXPECT_EQ(figures.ratings->anchor, "none");
    ASSERT_EQ(figures.ratings->rated.size(), 5u);
    EXPECT_EQ(figures.ratings->rated.front().config, "default");
    EXPECT_NEAR(figures.ratings->rated.front().elo, 280.4240758329028, 1e-9);
    EXPECT_EQ(figures.ratings->rated.front().pairs.pairs(), 265);
    EXPECT_EQ(figures.ratings->rated.front().opponents,
              (std::vector<std::string>{"none", "rebel-expert", "textbook-log"}));
}

TEST(StudyVerdictRule, ReadsTheWholeInterval) {
    stats::Summary s;
    s.estimate.unit = stats::Unit::kPair;
    s.estimate.units = 500;
    s.estimate.elo = 10;
    s.estimate.elo_error = 9.9;
    EXPECT_EQ(interval_verdict(s), "better");
    s.estimate.elo = -10;
    EXPECT_EQ(interval_verdict(s), "worse");
    s.estimate.elo_error = 20;  // 1,000 games · (20 / 10)² = 4,000
    EXPECT_EQ(interval_verdict(s), "not resolved (≈ 4,000 games)");
    s.estimate.elo = 0;
    EXPECT_EQ(interval_verdict(s), "not resolved");
    s.estimate.elo_error = INFINITY;
    s.estimate.elo = 5;
    EXPECT_EQ(interval_verdict(s), "not resolved");
    s.estimate.units = 0;
    EXPECT_EQ(interval_verdict(s), "");
    EXPECT_DOUBLE_EQ(games_to_resolve(1.7, 11.8, 2000), 2000 * (11.8 / 1.7) * (11.8 / 1.7));
}

TEST(StudyFigures, TheSprtOfACommandLine) {
    EXPECT_FALSE(sprt_of_command_line("lmr-harness match --base a.json --test b.json"));
    const auto defaults = sprt_of_command_line("lmr-harness sprt --base a.json --test b.json");
    ASSERT_TRUE(defaults);
    EXPECT_EQ(defaults->elo0, 0.0);
    EXPECT_EQ(defaults->elo1, 5.0);
    EXPECT_EQ(defaults->alpha, 0.05);
    EXPECT_EQ(defaults->model, stats::EloModel::kNormalized);
    const auto given = sprt_of_command_line(
        "lmr-harness sprt --elo0=-1 --elo1 +3 --alpha 0.1 --beta=0.2 --model bayeselo --tc "
        "nodes=1000");
    ASSERT_TRUE(given);
    EXPECT_EQ(given->elo0, -1.0);
    EXPECT_EQ(given->elo1, 3.0);
    EXPECT_EQ(given->alpha, 0.1);
    EXPECT_EQ(given->beta, 0.2);
    EXPECT_EQ(given->model, stats::EloModel::kBayesElo);
    EXPECT_THROW((void)sprt_of_command_line("lmr-harness sprt --elo1 five"), std::invalid_argument);
    EXPECT_THROW((void)sprt_of_command_line("lmr-harness sprt --model elo"), std::invalid_argument);
}

TEST(StudyFigures, AFileThatIsNotFiguresIsRefusedWithWhereAndWhy) {
    EXPECT_NE(refusal("").find("bad.csv: empty"), std::string::npos) << refusal("");
    const std::string unknown = refusal("a,b\r\n1,2\r\n");
    EXPECT_NE(unknown.find("bad.csv:1: neither a runs list"), std::string::npos) << unknown;
    const std::string missing = refusal("id,test,base\r\n1,a,b\r\n");
    EXPECT_NE(missing.find("bad.csv:1: no column 'time_control'"), std::string::npos) << missing;
    const std::string row =
        std::string(kHeader) + "1,a,b,nodes=1,finished,2,1,0,1,0,0,1,0,0,0,,,x\r\n";
    EXPECT_EQ(refusal(row), "");
    const std::string count =
        refusal(std::string(kHeader) + "1,a,b,nodes=1,finished,2,1,0,1,0,0,x1,0,0,0,,,x\r\n");
    EXPECT_NE(count.find("bad.csv:2: column 'penta_wl': 'x1' is not a count"), std::string::npos)
        << count;
    const std::string width = refusal(std::string(kHeader) + "1,a,b\r\n");
    EXPECT_NE(width.find("bad.csv:2: 3 fields where the header has 18"), std::string::npos)
        << width;
    const std::string quote =
        refusal(std::string(kHeader) + "1,a,b,nodes=1,finished,2,1,0,1,0,0,1,0,0,0,,,\"sprt\r\n");
    EXPECT_NE(quote.find("bad.csv:2: a quoted field is never closed"), std::string::npos) << quote;
    const std::string model = refusal(std::string(kHeader) +
                                      "1,a,b,nodes=1,finished,2,1,0,1,0,0,1,0,0,0,,,"
                                      "\"lmr-harness sprt --model x\"\r\n");
    EXPECT_NE(model.find("bad.csv:2: column 'command_line'"), std::string::npos) << model;
    EXPECT_NE(refusal("anchor,config,elo,elo_error\r\n").find("no column 'penta_ll'"),
              std::string::npos);
}

// A quoted command line keeps its commas, and its doubled quotes read back as one.
TEST(StudyFigures, QuotedFieldsKeepCommasAndQuotes) {
    TempDir dir;
    const std::string path =
        written(dir, "phase.csv",
                std::string(kHeader) +
                    "7,a,b,nodes=1,finished,2,1,0,1,0,0,1,0,0,0,,,\"lmr-harness match --draw "
                    "movenumber=34,movecount=8 --tag \"\"x\"\"\"\n");
    const Figures figures = read_figures(path);
    ASSERT_EQ(figures.measured.runs.size(), 1u);
    EXPECT_EQ(figures.measured.runs[0].id, 7);
    EXPECT_FALSE(figures.measured.runs[0].stats.sprt);
}

// A pairing measured at several fixed node counts is drawn as a curve against the nodes a move,
// in node order whatever the rows' order; a pairing at one count, a clock row (nodes counted
// as time: not fixed nodes) and a depth row make no curve and no point.
TEST(StudyFigures, FixedNodeRowsOfOnePairingMakeItsScalingCurve) {
    TempDir dir;
    const std::string path =
        written(dir, "depth-curve.csv",
                std::string(kHeader) +
                    "1,a,b,nodes=40000,finished,8,2,4,2,0,1,1,1,1,0,,,\n"
                    "2,a,b,nodes=10000,finished,8,4,3,1,0,0,1,1,1,1,,,\n"
                    "3,c,b,nodes=10000,finished,8,2,4,2,0,1,1,1,1,0,,,\n"
                    "4,a,b,tc=5+0.05 nodestime=1200,finished,8,3,2,3,0,1,2,0,1,0,,,\n"
                    "5,a,b,depth=8,finished,8,3,2,3,0,1,2,0,1,0,,,\n"
                    "6,a,b,nodes=137000,finished,8,3,2,3,0,1,2,0,1,0,,,\n"
                    "7,b,a,nodes=20000,finished,8,3,2,3,0,1,2,0,1,0,,,\n");
    const Figures figures = read_figures(path);
    const std::vector<LineChart> charts = scaling_charts(figures.measured);
    ASSERT_EQ(charts.size(), 1u);  // a vs b; c vs b and b vs a have one node count each
    const LineChart& curve = charts[0];
    ASSERT_EQ(curve.series.size(), 2u);  // the rows, then their weighted trend
    ASSERT_EQ(curve.bands.size(), 1u);
    const std::vector<Point>& points = curve.series[0].points;
    ASSERT_EQ(points.size(), 3u);
    const auto& runs = figures.measured.runs;
    const MeasuredRun* expected[] = {&runs[1], &runs[0], &runs[5]};  // 10k, 40k, 137k
    const double nodes[] = {10, 40, 137};
    for (std::size_t i = 0; i < 3; ++i) {
        const stats::EloEstimate& e = expected[i]->stats.estimate;
        EXPECT_EQ(points[i].x, nodes[i]);
        EXPECT_EQ(points[i].y, e.elo);
        EXPECT_EQ(curve.bands[0].x[i], nodes[i]);
        EXPECT_DOUBLE_EQ(curve.bands[0].low[i], e.elo - e.elo_error);
        EXPECT_DOUBLE_EQ(curve.bands[0].high[i], e.elo + e.elo_error);
    }
    EXPECT_GT(points[0].y, points[2].y);  // 5.5 points of 8 against 4: rows not mixed up
    const std::vector<Point>& trend = curve.series[1].points;
    ASSERT_GE(trend.size(), 2u);
    EXPECT_NEAR(trend.front().x, 10, 1e-9);  // over the measured range, in thousands of nodes
    EXPECT_NEAR(trend.back().x, 137, 1e-9);
    EXPECT_TRUE(curve.series[1].dashed);
    EXPECT_NE(curve.series[1].label.find(" Elo per doubling of nodes (95 %)"), std::string::npos);
    const std::string page = html_page({}, {figures});
    EXPECT_NE(page.find("-" + curve.id + "\""), std::string::npos);  // fig1-scaling-…
    EXPECT_NE(page.find("a vs b at fixed nodes a move"), std::string::npos);
}

// A row of the pairing under a clock stands beside its fixed-node curve at the nodes a move its
// test engine searched (the CSV's avg_nodes), a point of its own, not joined to the curve; a
// file without that column draws no such point.
TEST(StudyFigures, AClockRowStandsBesideTheCurveAtItsNodesAMove) {
    TempDir dir;
    const std::string header =
        "id,test,base,time_control,status,games,wins,draws,losses,penta_ll,penta_ld,penta_wl,"
        "penta_dd,penta_wd,penta_ww,elo,elo_error,avg_nodes,command_line\r\n";
    const std::string path = written(dir, "curve.csv",
                                     header +
                                         "1,a,b,nodes=10000,finished,8,4,3,1,0,0,1,1,1,1,,,7000,\n"
                                         "2,a,b,nodes=40000,finished,8,2,4,2,0,1,1,1,1,0,,,28000,\n"
                                         "3,a,b,tc=5+0.05 nodestime=1200,finished,8,3,2,3,0,1,2,0,"
                                         "1,0,,,139847.4,\n"
                                         "4,c,b,tc=5+0.05,finished,8,3,2,3,0,1,2,0,1,0,,,99000,\n"
                                         "5,a,c,tc=5+0.05,finished,8,3,2,3,0,1,2,0,1,0,,,98000,\n");
    const Figures figures = read_figures(path);
    ASSERT_TRUE(figures.measured.runs[2].nodes_per_move);
    EXPECT_EQ(*figures.measured.runs[2].nodes_per_move, 139847.4);
    const std::vector<LineChart> charts = scaling_charts(figures.measured);
    ASSERT_EQ(charts.size(), 1u);
    // The curve, its trend, row 3; not row 4 (c vs b) nor row 5 (a vs c): other pairings.
    ASSERT_EQ(charts[0].series.size(), 3u);
    const Series& clock = charts[0].series[2];
    EXPECT_FALSE(clock.joined);
    EXPECT_TRUE(clock.markers);
    ASSERT_EQ(clock.points.size(), 1u);
    EXPECT_DOUBLE_EQ(clock.points[0].x, 139.8474);
    EXPECT_EQ(clock.points[0].y, figures.measured.runs[2].stats.estimate.elo);
    ASSERT_EQ(clock.errors.size(), 1u);  // its 95 % interval as a bar
    EXPECT_EQ(clock.errors[0], figures.measured.runs[2].stats.estimate.elo_error);
    EXPECT_EQ(clock.label.rfind("#3 tc=5+0.05 nodestime=1200: ", 0), 0u) << clock.label;
    EXPECT_NE(clock.label.find(" at 139847 nodes a move"), std::string::npos) << clock.label;
    // Drawn as a dot, not a line.
    const std::string svg = render_line_chart(charts[0]);
    std::size_t polylines = 0;
    for (std::size_t at = svg.find("<polyline"); at != std::string::npos;
         at = svg.find("<polyline", at + 1))
        ++polylines;
    EXPECT_EQ(polylines, 2u);  // the curve and the trend
    EXPECT_NE(svg.find("<line class=\"error\""), std::string::npos);
}

// The same pairing's clock row in another file stands beside the curve too, named by its file:
// section 4's curve of default-spsa against default.json gets phase 6's real-clock SPRT, which
// results/README.md gives as H0 after 1,730 games at 135,590 nodes a move (its moves table), its
// Elo marked as biased by the early stop; the LMR curve gets no dot from a file without its
// pairing.
TEST(StudyFigures, AnotherFilesClockRowOfThePairingStandsBesideTheCurveNamedByItsFile) {
    const Figures curve = read_figures(kResults + "depth-curve.csv");
    const Figures phase6 = read_figures(kResults + "tuned-default.csv");
    const std::vector<LineChart> charts = scaling_charts(curve.measured, {phase6.measured});
    ASSERT_GE(charts.size(), 2u);
    const auto dots_from = [](const LineChart& chart, const std::string& prefix) {
        std::vector<const Series*> found;
        for (const Series& series : chart.series)
            if (series.label.starts_with(prefix)) found.push_back(&series);
        return found;
    };
    const auto h0 = dots_from(charts[0], "tuned-default #2 tc=5+0.05: ");
    ASSERT_EQ(h0.size(), 1u);
    EXPECT_FALSE(h0[0]->joined);
    ASSERT_EQ(h0[0]->points.size(), 1u);
    EXPECT_NEAR(h0[0]->points[0].x, 135.590, 0.001);
    EXPECT_NEAR(h0[0]->points[0].y, -10.4, 0.05);
    EXPECT_NE(h0[0]->label.find(" at 135590 nodes a move, SPRT H0 (stopped early)"),
              std::string::npos)
        << h0[0]->label;
    EXPECT_TRUE(dots_from(charts[1], "tuned-default ").empty());  // default vs none
    EXPECT_TRUE(dots_from(scaling_charts(curve.measured)[0], "tuned-default ").empty());
    const std::string page = html_page({}, {curve, phase6});
    EXPECT_NE(page.find("tuned-default #2 tc=5+0.05: "), std::string::npos);
}

// Section 4's depth curve as results/README.md reads it: two scaling charts, default-spsa
// against default.json (rows 2, 4, 3, 1) and default.json against no LMR (rows 5-7), with the
// trends the page quotes. The same weighted least squares worked in Python over the CSV's elo and
// elo_error columns: -4.43481 ± 4.57386 and +29.3744 ± 13.4666 Elo per doubling of nodes.
TEST(StudyFigures, TheDepthCurveGivesThePublishedTrends) {
    const Figures figures = read_figures(kResults + "depth-curve.csv");
    const std::vector<LineChart> charts = scaling_charts(figures.measured);
    ASSERT_GE(charts.size(), 2u);
    const auto trend_of = [&](const std::string& test, const std::string& base) {
        std::vector<stats::TrendPoint> points;
        for (const MeasuredRun& run : figures.measured.runs)
            if (run.test == test && run.base == base && run.time_control.starts_with("nodes="))
                points.push_back({std::log2(std::stod(run.time_control.substr(6))),
                                  run.stats.estimate.elo, run.stats.estimate.elo_error});
        return *stats::weighted_trend(points);
    };
    const stats::Trend tuned = trend_of("default-spsa", "default");
    EXPECT_NEAR(tuned.slope, -4.434813559614624, 1e-6);
    EXPECT_NEAR(tuned.slope_error95, 4.573861283936767, 1e-6);
    const stats::Trend lmr = trend_of("default", "none");
    EXPECT_NEAR(lmr.slope, 29.374447242416295, 1e-6);
    EXPECT_NEAR(lmr.slope_error95, 13.466589657388893, 1e-6);
    EXPECT_EQ(charts[0].series[1].label,
              "weighted trend: -4.4 ± 4.6 Elo per doubling of nodes (95 %)");
    EXPECT_EQ(charts[1].series[1].label,
              "weighted trend: 29.4 ± 13.5 Elo per doubling of nodes (95 %)");
}

// The page of every committed phase: figures first, each with its chart sorted by effect, and
// the forest plots of every source per base config at a glance.
TEST(StudyFigures, ThePageDrawsEachFileAndTheForestPlots) {
    std::vector<Figures> figures;
    for (const char* name : {"schemes-full", "schemes-plain", "clock", "clock-ratings", "ablation"})
        figures.push_back(read_figures(kResults + name + ".csv"));
    const std::string page = html_page({}, figures);
    EXPECT_NE(page.find("<h1>At a glance</h1>"), std::string::npos);
    EXPECT_NE(page.find("id=\"forest-none\""), std::string::npos);
    EXPECT_NE(page.find("id=\"forest-rebel-expert\""), std::string::npos);  // the ablation
    EXPECT_NE(page.find("id=\"fig4-elo-ratings\""), std::string::npos);
    EXPECT_NE(page.find("id=\"fig5-figures-ablation\""), std::string::npos);
    EXPECT_NE(page.find("not resolved (≈ "), std::string::npos);
    const IntervalChart ablation = figures_chart(figures[4].measured);
    for (std::size_t i = 1; i < ablation.rows.size(); ++i)
        EXPECT_GE(ablation.rows[i - 1].value, ablation.rows[i].value) << ablation.rows[i].label;
}

}  // namespace
}  // namespace lmr::report
