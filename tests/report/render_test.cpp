// Renderers and chart drawing: aligned text by display width, RFC 4180 CSV, markdown pipe
// tables, escaped HTML, axis ticks, SVG charts; and every document built from real report data
// has one cell per column in each audience.

#include "harness/report/render.hpp"

#include <gtest/gtest.h>

#include <sstream>

#include "harness/report/charts.hpp"
#include "harness/report/html_page.hpp"
#include "harness/report/json.hpp"
#include "harness/report/load.hpp"
#include "harness/report/svg_chart.hpp"
#include "harness/report/tables.hpp"
#include "tests/report/support.hpp"

namespace lmr::report {
namespace {

using testing::Bin;
using testing::Builder;
using testing::TempDir;

Document sample() {
    Document doc;
    doc.title = "Title";
    Section s;
    s.title = "Part";
    s.fields = {{"Kind", "sprt"}, {"Time control", "nodes=1000"}};
    Table t;
    t.key = "t";
    t.title = "Numbers";
    t.columns = {{"name", "Name", Align::kLeft}, {"elo", "Elo ±", Align::kRight}};
    t.rows = {{"a", "1.00 ± 2.00"}, {"long name", "-10.50 ± 3.25"}};
    s.tables.push_back(t);
    doc.sections.push_back(s);
    return doc;
}

TEST(ReportRender, TextAlignsByDisplayWidth) {
    std::ostringstream out;
    render_text(out, sample());
    const std::string text = out.str();
    EXPECT_NE(text.find("Title\n=====\n"), std::string::npos) << text;
    EXPECT_NE(text.find("Kind:          sprt\n"), std::string::npos) << text;
    // "±" is two bytes and one column: the right-aligned cells end in the same column.
    EXPECT_NE(text.find("  Name               Elo ±\n"), std::string::npos) << text;
    EXPECT_NE(text.find("  a            1.00 ± 2.00\n"), std::string::npos) << text;
    EXPECT_NE(text.find("  long name  -10.50 ± 3.25\n"), std::string::npos) << text;
    EXPECT_EQ(display_width("± é"), 3u);
}

TEST(ReportRender, CsvQuotesWhatNeedsQuoting) {
    EXPECT_EQ(csv_field("plain"), "plain");
    EXPECT_EQ(csv_field("a,b"), "\"a,b\"");
    EXPECT_EQ(csv_field("say \"hi\""), "\"say \"\"hi\"\"\"");
    EXPECT_EQ(csv_field("two\nlines"), "\"two\nlines\"");
    std::ostringstream one;
    render_csv(one, sample());
    EXPECT_EQ(one.str(), "name,elo\r\na,1.00 ± 2.00\r\nlong name,-10.50 ± 3.25\r\n");
    Document two = sample();
    two.sections[0].tables.push_back(two.sections[0].tables[0]);
    two.sections[0].tables[1].key = "u";
    std::ostringstream blocks;
    render_csv(blocks, two);
    EXPECT_EQ(blocks.str().find("# t\r\nname,elo\r\n"), 0u) << blocks.str();
    EXPECT_NE(blocks.str().find("\r\n\r\n# u\r\nname,elo\r\n"), std::string::npos);
}

TEST(ReportRender, MarkdownTablesAndEscapes) {
    Document doc = sample();
    doc.sections[0].tables[0].rows.push_back({"a|b", "x"});
    std::ostringstream out;
    render_markdown(out, doc);
    const std::string md = out.str();
    EXPECT_NE(md.find("## Title\n"), std::string::npos) << md;
    EXPECT_NE(md.find("- **Kind:** sprt\n"), std::string::npos) << md;
    EXPECT_NE(md.find("| Name | Elo ± |\n| :--- | ---: |\n"), std::string::npos) << md;
    EXPECT_NE(md.find("| a\\|b | x |"), std::string::npos) << md;
}

TEST(ReportRender, HtmlEscapesEverything) {
    EXPECT_EQ(html_escape("<a href=\"x\">&'"), "&lt;a href=&quot;x&quot;&gt;&amp;&#39;");
    Document doc = sample();
    doc.sections[0].tables[0].rows.push_back({"<script>alert(1)</script>", "1"});
    const std::string html = render_html(doc);
    EXPECT_EQ(html.find("<script>"), std::string::npos);
    EXPECT_NE(html.find("&lt;script&gt;"), std::string::npos);
    EXPECT_NE(html.find("<td class=\"num\">1.00 ± 2.00</td>"), std::string::npos) << html;
}

TEST(ReportCharts, TicksAreRoundNumbersCoveringTheRange) {
    EXPECT_EQ(nice_ticks(0, 10, 6), (std::vector<double>{0, 2, 4, 6, 8, 10}));
    const auto t = nice_ticks(-2.94, 2.94, 6);
    ASSERT_FALSE(t.empty());
    EXPECT_GE(t.front(), -2.94);
    EXPECT_LE(t.back(), 2.94);
    EXPECT_DOUBLE_EQ(t[1] - t[0], 2.0);  // -2, 0, 2: the 1-2-2.5-5 step at or above 5.88 / 5
    EXPECT_TRUE(nice_ticks(1, 1).empty());
}

TEST(ReportCharts, LineChartDrawsSeriesBoundsAndSkipsNonFinitePoints) {
    LineChart chart;
    chart.id = "c1";
    chart.title = "LLR <test>";
    chart.series.push_back({"LLR", {{0, 0}, {1, 0.5}, {2, INFINITY}, {3, -1}}, "#123456"});
    chart.lines.push_back({2.94, "H1", "#00aa00", true});
    chart.lines.push_back({-2.94, "H0", "#aa0000", true});
    const std::string svg = render_line_chart(chart);
    EXPECT_EQ(svg.find("<svg"), 0u);
    EXPECT_NE(svg.find("id=\"c1\""), std::string::npos);
    EXPECT_NE(svg.find("LLR &lt;test&gt;"), std::string::npos);
    EXPECT_NE(svg.find("<polyline class=\"series\""), std::string::npos);
    EXPECT_EQ(svg.find("inf"), std::string::npos) << svg;
    EXPECT_EQ(svg.find("nan"), std::string::npos) << svg;
    std::size_t references = 0;
    for (auto at = svg.find("class=\"reference\""); at != std::string::npos;
         at = svg.find("class=\"reference\"", at + 1))
        ++references;
    EXPECT_EQ(references, 2u);
}

TEST(ReportCharts, TimestampsParseAsUtc) {
    EXPECT_DOUBLE_EQ(*parse_timestamp("1970-01-01T00:01:00.500Z"), 60.5);
    EXPECT_DOUBLE_EQ(
        *parse_timestamp("2024-05-01T12:00:00.000Z") - *parse_timestamp("2024-04-30T12:00:00.000Z"),
        86400.0);
    EXPECT_FALSE(parse_timestamp("yesterday"));
}

void expect_rectangular(const Document& doc) {
    for (const auto& section : doc.sections)
        for (const auto& table : section.tables)
            for (const auto& row : table.rows)
                EXPECT_EQ(row.size(), table.columns.size()) << doc.title << " / " << table.key;
}

// `tournament --pairs N` plays N pairs per pairing: the run's page must not call them the
// run's plan beside a larger number of pairs completed.
TEST(ReportDocuments, ATournamentsPairsArePlannedPerPairing) {
    TempDir dir;
    auto store = store::Store::open(dir / "r.db");
    Builder b(store);
    const auto tour = b.tournament({"a", "b", "c"}, store::RunKind::kTournament, "{}", 1);
    b.pair(tour, "a", "b", "a", Bin::kWD);
    b.pair(tour, "a", "c", "a", Bin::kWD);
    b.pair(tour, "b", "c", "b", Bin::kWD);
    std::ostringstream text;
    render_text(text, run_document(load_run(store, tour), Audience::kHuman));
    EXPECT_NE(text.str().find("Pairs per pairing"), std::string::npos) << text.str();
    EXPECT_EQ(text.str().find("Pairs planned"), std::string::npos) << text.str();
    EXPECT_NE(text.str().find("3 (6 games stored)"), std::string::npos) << text.str();
}

TEST(ReportDocuments, EveryTableHasOneCellPerColumn) {
    TempDir dir;
    auto store = store::Store::open(dir / "r.db");
    Builder b(store);
    // White's engine reports LMR statistics in the SPRT's games (five late moves, each reduced
    // by the table; no re-search, so one rate is undefined), Black's does not.
    store::LmrGameStats white_lmr;
    white_lmr.color = 'w';
    white_lmr.reports = 2;
    white_lmr.total.stats.calls = 5;
    white_lmr.total.stats.by_plies[lmr::LmrStats::kMaxPlies + 1] = 5;
    white_lmr.total.stats.fired[static_cast<int>(lmr::Rule::kStepTable)] = 5;
    b.set_lmr_stats({white_lmr});
    const auto sprt = b.head_to_head(store::RunKind::kSprt, "base", "test");
    b.pair(sprt, "base", "test", "test", Bin::kWD, 1, 2, core::Termination::kTimeForfeit);
    b.pair(sprt, "test", "base", "test", Bin::kDD, 2);
    b.set_lmr_stats({});
    for (long pairs : {1, 2}) {  // the runner's statistics history, which the LLR chart draws
        store::StatsRecord row;
        row.pairs = pairs;
        row.penta.wd = 1;
        row.penta.dd = pairs - 1;
        row.llr = 0.1 * static_cast<double>(pairs);
        row.lower_bound = -2.94;
        row.upper_bound = 2.94;
        store.record_stats(sprt, row);
    }
    const auto tour = b.tournament({"base", "test", "other"});
    b.pair(tour, "other", "base", "other", Bin::kWW);
    b.head_to_head(store::RunKind::kMatch, "x", "y");  // no games yet
    for (Audience a : {Audience::kHuman, Audience::kMachine}) {
        const auto runs = load_runs(store);
        ASSERT_EQ(runs.size(), 3u);
        expect_rectangular(runs_document(runs, a));
        for (const auto& row : runs)
            expect_rectangular(run_document(load_run(store, row.run.id), a));
        expect_rectangular(baseline_document(load_baseline(store, "base"), a));
    }
    // The JSON of a run with no pairs still parses back; the SPRT's holds both engines' LMR
    // statistics, the undefined re-search rate as null.
    const auto empty = load_run(store, 3);
    EXPECT_TRUE(nlohmann::json::accept(run_json(empty).dump()));
    const auto lmr = run_json(load_run(store, sprt))["lmr"];
    ASSERT_EQ(lmr.size(), 2u);
    EXPECT_EQ(lmr[0]["late"], 10);
    EXPECT_TRUE(lmr[0]["research_rate"].is_null());
    EXPECT_EQ(lmr[0]["rules"][0]["rule"], "steps.table");
    // The page holds a chart per SPRT run and the Elo chart.
    PageData page;
    page.database = "r.db";
    for (const auto& row : load_runs(store)) page.runs.push_back(load_run(store, row.run.id));
    page.baseline = load_baseline(store, "base");
    const std::string html = html_page(page);
    EXPECT_NE(html.find("id=\"llr-run-1\""), std::string::npos);
    EXPECT_NE(html.find("id=\"elo-runs\""), std::string::npos);
    EXPECT_NE(html.find("id=\"elo-baseline\""), std::string::npos);
    EXPECT_EQ(html.find("http://"), html.find("http://www.w3.org/2000/svg"));  // no fetches
    EXPECT_EQ(html.find("https://"), std::string::npos);
    EXPECT_EQ(html.find("<script"), std::string::npos);
}

}  // namespace
}  // namespace lmr::report
