// Renderers and chart drawing: aligned text by display width, RFC 4180 CSV, markdown pipe
// tables, escaped HTML, axis ticks, SVG charts; and every document built from real report data
// has one cell per column in each audience.

#include "harness/report/render.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <regex>
#include <sstream>

#include "harness/report/charts.hpp"
#include "harness/report/figures.hpp"
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
    EXPECT_DOUBLE_EQ(t[1] - t[0], 2.0);  // -2, 0, 2: the 1-2-5 step at or above 5.88 / 5
    EXPECT_TRUE(nice_ticks(1, 1).empty());
    // 0-14 s in 7 ticks wants a step of 2.33: 5, not 2.5 (whose ticks printed "0 2 5 8 10 12").
    EXPECT_EQ(nice_ticks(0, 14, 7), (std::vector<double>{0, 5, 10}));
}

// The text of every <text> element of an SVG, in order.
std::vector<std::string> svg_texts(const std::string& svg) {
    std::vector<std::string> texts;
    for (std::size_t at = svg.find("<text"); at != std::string::npos; at = svg.find("<text", at)) {
        const std::size_t start = svg.find('>', at) + 1;
        const std::size_t end = svg.find("</text>", start);
        texts.push_back(svg.substr(start, end - start));
        at = end;
    }
    return texts;
}

TEST(ReportCharts, TickLabelsAreTheTicksExactly) {
    LineChart chart;
    chart.id = "time";
    chart.series.push_back({"score", {{0, 0.4}, {14, 0.6}}, "#123456"});
    chart.x_min = 0;
    chart.x_max = 14;
    const auto texts = svg_texts(render_line_chart(chart));
    for (const char* label : {"0", "5", "10"})
        EXPECT_NE(std::find(texts.begin(), texts.end(), label), texts.end()) << label;
    for (const char* rounded : {"2", "8", "12"})  // 2.5, 7.5 and 12.5 written with no decimal
        EXPECT_EQ(std::find(texts.begin(), texts.end(), rounded), texts.end()) << rounded;
}

// The legend of a tune chart sat over its lines: it now goes under the plot, which the SVG
// grows to hold.
TEST(ReportCharts, TheLegendIsDrawnBelowThePlotNotOverIt) {
    LineChart chart;
    chart.id = "theta";
    chart.height = 300;
    for (int i = 0; i < 9; ++i)
        chart.series.push_back({"parameter.number_" + std::to_string(i), {{0, 1}, {1, 2}}, "#123"});
    const std::string svg = render_line_chart(chart);
    const std::size_t legend = svg.find("<g class=\"legend\">");
    ASSERT_NE(legend, std::string::npos) << svg;
    const std::regex rect_y("<rect x=\"[0-9.]+\" y=\"([0-9.]+)\" width=\"10\"");
    int items = 0;
    for (auto it = std::sregex_iterator(svg.begin() + static_cast<long>(legend), svg.end(), rect_y);
         it != std::sregex_iterator(); ++it, ++items)
        EXPECT_GE(std::stod((*it)[1]), 300.0) << "a legend item inside the plot";
    EXPECT_EQ(items, 9);
    std::smatch height;
    ASSERT_TRUE(std::regex_search(svg, height, std::regex("height=\"([0-9]+)\"")));
    EXPECT_GT(std::stoi(height[1]), 300 + 14) << "more than one row of legend below";
}

// Run labels were cut off on the left of a fixed 200 px label column
// ("…ert-no-bad-capture-gate vs rebel-expert"): the column fits the labels, and one longer than
// 45 % of the chart keeps both ends around an ellipsis, its whole text in the tooltip.
TEST(ReportCharts, IntervalLabelsFitTheirColumnOrLoseTheirMiddle) {
    IntervalChart chart;
    chart.id = "elo";
    chart.width = 720;
    const std::string longest =
        "#12 rebel-expert-no-bad-capture-gate-and-no-killer-step-either vs "
        "rebel-expert";
    chart.rows.push_back({"#3 default vs none", 10, 5, "", "#123"});
    chart.rows.push_back({longest, -4, 6, "", "#456"});
    const std::string svg = render_interval_chart(chart);
    const std::regex label(
        "<text x=\"([0-9.]+)\" y=\"[0-9.]+\" text-anchor=\"end\">([^<]*)</text>");
    std::vector<std::pair<double, std::string>> labels;
    for (auto it = std::sregex_iterator(svg.begin(), svg.end(), label);
         it != std::sregex_iterator(); ++it)
        if ((*it)[2].str().find(" vs ") != std::string::npos)
            labels.emplace_back(std::stod((*it)[1]), (*it)[2]);
    ASSERT_EQ(labels.size(), 2u) << svg;
    EXPECT_EQ(labels[0].second, "#3 default vs none");
    const std::string& cut = labels[1].second;
    EXPECT_EQ(cut.rfind("#12 rebel-expert-no", 0), 0u) << cut;
    EXPECT_TRUE(cut.ends_with("vs rebel-expert")) << cut;
    EXPECT_NE(cut.find("…"), std::string::npos) << cut;
    // Right-aligned at the column's edge, 6.5 px a character: its start stays inside the SVG.
    std::size_t characters = 0;
    for (const char c : cut) characters += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
    EXPECT_GE(labels[1].first - 6.5 * static_cast<double>(characters), 0.0) << cut;
    EXPECT_LE(labels[1].first, 0.45 * 720);
    EXPECT_NE(svg.find("<title>" + longest + "</title>"), std::string::npos);
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

// A dot of its own (a clock row beside a scaling curve) carries its 95 % interval as a vertical
// bar, which the y axis makes room for, and it does not sit on the frame at the data's edge.
TEST(ReportCharts, ADotAloneShowsItsIntervalInsideThePlot) {
    LineChart chart;
    chart.id = "curve";
    chart.series.push_back({"curve", {{0, 0}, {10, 0}}, "#123456"});
    Series dot;
    dot.label = "clock";
    dot.points = {{10, 5}};
    dot.color = "#654321";
    dot.markers = true;
    dot.joined = false;
    dot.errors = {20};
    chart.series.push_back(dot);
    const std::string svg = render_line_chart(chart);
    std::smatch frame, bar;
    ASSERT_TRUE(
        std::regex_search(svg, frame,
                          std::regex("<rect x=\"([0-9.]+)\" y=\"([0-9.]+)\" width=\"([0-9.]+)\" "
                                     "height=\"([0-9.]+)\" fill=\"none\"")))
        << svg;
    ASSERT_TRUE(std::regex_search(
        svg, bar,
        std::regex("<line class=\"error\" x1=\"([0-9.]+)\" y1=\"([0-9.]+)\" x2=\"[0-9.]+\" "
                   "y2=\"([0-9.]+)\" stroke=\"#654321\"")))
        << svg;
    const double left = std::stod(frame[1]), top = std::stod(frame[2]);
    const double right = left + std::stod(frame[3]), bottom = top + std::stod(frame[4]);
    const double x = std::stod(bar[1]), low = std::stod(bar[2]), high = std::stod(bar[3]);
    EXPECT_LT(x, right - 1);  // air between the dot and the frame
    EXPECT_GT(low, top);      // 5 - 20 and 5 + 20 both inside: not clamped to the frame
    EXPECT_LT(low, bottom);
    EXPECT_GT(high, top);
    EXPECT_LT(high, bottom);
    // The bar spans 40 of the axis's units; the zero line at 0 lies 3/8 of it from its bottom.
    std::smatch zero;
    ASSERT_TRUE(std::regex_search(
        svg, zero, std::regex("<polyline class=\"series\" points=\"[0-9.]+,([0-9.]+) ")));
    EXPECT_NEAR((low - std::stod(zero[1])) / (low - high), 15.0 / 40, 0.01);
}

// results/study.html was a dump of every run's charts: its databases' answers now come first,
// one forest plot per base config, each config's runs together across the databases.
TEST(ReportCharts, AForestPlotPerBaseGroupsEachConfigsRunsAcrossDatabases) {
    TempDir dir;
    const auto page_of = [&dir](const std::string& name,
                                const std::vector<std::pair<std::string, std::vector<Bin>>>& runs) {
        auto store = store::Store::open(dir / name);
        Builder b(store);
        for (const auto& [test, bins] : runs) {
            const auto id = b.head_to_head(store::RunKind::kMatch, "none", test);
            for (Bin bin : bins) b.pair(id, "none", test, test, bin);
        }
        PageData page;
        page.database = dir / name;
        for (const auto& row : load_runs(store)) page.runs.push_back(load_run(store, row.run.id));
        return page;
    };
    const PageData full =
        page_of("study-schemes-full.db", {{"mediocre", {Bin::kDD, Bin::kWD, Bin::kLD}},
                                          {"default", {Bin::kWW, Bin::kWD, Bin::kWD, Bin::kDD}}});
    const PageData plain =
        page_of("study-schemes-plain.db", {{"default", {Bin::kWD, Bin::kDD, Bin::kWD}},
                                           {"mediocre", {Bin::kLD, Bin::kDD, Bin::kWD}}});
    const auto charts = forest_charts({measured_source(full), measured_source(plain)});
    ASSERT_EQ(charts.size(), 1u);
    const IntervalChart& forest = charts.front();
    EXPECT_EQ(forest.reference, 0.0);
    std::vector<std::string> labels;
    for (const auto& row : forest.rows) labels.push_back(row.label);
    // default's mean Elo is the higher: its two runs first, each config's in database order.
    EXPECT_EQ(labels,
              (std::vector<std::string>{
                  "default · study-schemes-full #2", "default · study-schemes-plain #1",
                  "mediocre · study-schemes-full #1", "mediocre · study-schemes-plain #2"}));
    EXPECT_EQ(forest.rows[0].color, forest.rows[2].color);  // one colour per database
    EXPECT_NE(forest.rows[0].color, forest.rows[1].color);
    EXPECT_NE(forest.rows[0].tooltip.find("Elo over 4 pairs at nodes=1000"), std::string::npos)
        << forest.rows[0].tooltip;

    const std::string page = html_page(std::vector<PageData>{full, plain}, {});
    const std::size_t glance = page.find("<h1>At a glance</h1>");
    ASSERT_NE(glance, std::string::npos);
    EXPECT_LT(glance, page.find("id=\"db1\""));
    EXPECT_NE(page.find("id=\"forest-none\""), std::string::npos);
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
    core::LmrGameStats white_lmr;
    white_lmr.reports = 2;
    white_lmr.total.stats.calls = 5;
    white_lmr.total.stats.by_plies[reduction::LmrStats::kMaxPlies + 1] = 5;
    white_lmr.total.stats.fired[static_cast<int>(reduction::Rule::kStepTable)] = 5;
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
