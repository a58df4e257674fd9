// The HTML page of `lmr-harness report --html` laid out by a real browser (headless Chromium) at
// 1,400 and 1,000 px wide. A first user met a page capped at 1,100 px whose runs table hid
// Elo ±, nElo, LLR, verdict and status behind a scrollbar, run labels cut off on the left of the
// "Elo per run" chart and a tournament shown by its header alone. A copy of the page gets a
// script that measures the laid-out page and writes what it found into the DOM, which Chromium
// dumps. The browser is installed by scripts/setup (chromium-headless-shell): without it these
// tests fail, they do not skip.

#include <gtest/gtest.h>

#include <array>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <regex>
#include <sstream>

#include "harness/report/figures.hpp"
#include "harness/report/html_page.hpp"
#include "harness/report/load.hpp"
#include "tests/report/browser.hpp"
#include "tests/report/support.hpp"
#include "tests/support/child_process.hpp"

namespace lmr::report {
namespace {

using report_test::headless_browser;
using report_test::kNoBrowser;
using testing::Bin;
using testing::Builder;
using testing::TempDir;
namespace fs = std::filesystem;

// Writes into body[data-layout] the viewport's width, the page's scroll width, the elements
// that reach past the viewport outside a scrolling box, the right edge of the runs table and
// every SVG text that is cut by the edges of its chart.
constexpr const char* kMeasure = R"js(<script>
const viewport = document.documentElement.clientWidth;
const wide = [];
for (const e of document.querySelectorAll('body *')) {
  const r = e.getBoundingClientRect();
  if (r.right > viewport + 0.5 && !(e.parentElement && e.parentElement.closest('div.scroll')))
    wide.push(e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') + ' ' + Math.round(r.right));
}
const cut = [];
for (const t of document.querySelectorAll('svg.chart text')) {
  const svg = t.ownerSVGElement, box = t.getBBox(), view = svg.viewBox.baseVal;
  if (box.x < -0.5 || box.x + box.width > view.width + 0.5)
    cut.push(svg.id + ': ' + t.textContent);
}
const runs = document.querySelector('#runs table');
document.body.setAttribute('data-layout', JSON.stringify({
  viewport, scroll_width: document.documentElement.scrollWidth, wide, cut,
  runs_table_right: runs ? runs.getBoundingClientRect().right : null}));
</script>)js";

// The layout measured in a window `width` px wide.
nlohmann::json layout(const std::string& page_html, int width, const TempDir& dir) {
    std::string html = page_html;
    html.insert(html.rfind("</body>"), kMeasure);
    const std::string page = dir / ("page-" + std::to_string(width) + ".html");
    std::ofstream(page) << html;
    const auto r = test::run_process(
        headless_browser(),
        {"--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--user-data-dir=" + dir / ("profile-" + std::to_string(width)),
         "--window-size=" + std::to_string(width) + ",1000", "--hide-scrollbars", "--dump-dom",
         "file://" + page},
        dir.path(), std::chrono::seconds(60));
    EXPECT_EQ(r.exit_code, 0) << r.err;
    std::smatch m;
    const std::regex attribute("data-layout=\"([^\"]*)\"");
    if (!std::regex_search(r.out, m, attribute)) {
        ADD_FAILURE() << "no layout in the dumped DOM:\n" << r.out.substr(0, 2000) << r.err;
        return {};
    }
    std::string text = m[1];  // the DOM serialiser escapes the quotes of the attribute
    for (std::size_t at; (at = text.find("&quot;")) != std::string::npos;)
        text.replace(at, 6, "\"");
    for (std::size_t at; (at = text.find("&amp;")) != std::string::npos;) text.replace(at, 5, "&");
    return nlohmann::json::parse(text);
}

// A database as a study fills one: SPRTs of configs with long names, a tournament, a tune.
PageData study_like_page(const fs::path& db_path) {
    auto store = store::Store::open(db_path);
    Builder b(store);
    const std::array<Bin, 6> bins = {Bin::kWW, Bin::kWD, Bin::kDD, Bin::kLD, Bin::kWL, Bin::kWD};
    for (const char* test : {"rebel-expert-no-bad-capture-gate", "rebel-expert-no-threat-escape",
                             "rebel-expert-no-history-and-no-killer-step", "default"}) {
        const auto run = b.head_to_head(store::RunKind::kSprt, "rebel-expert", test, true,
                                        "lmr-harness sprt --base configs/rebel-expert.json");
        for (Bin bin : bins) b.pair(run, "rebel-expert", test, test, bin);
    }
    const auto round_robin = b.tournament({"none", "default", "rebel-expert", "mediocre"});
    b.pair(round_robin, "none", "default", "default", Bin::kWW);
    b.pair(round_robin, "mediocre", "rebel-expert", "mediocre", Bin::kLD);
    b.pair(round_robin, "default", "mediocre", "default", Bin::kWD);
    b.tournament({"default", "theta"}, store::RunKind::kTune);

    PageData page;
    page.database = db_path.string();
    page.generated_at = "2026-11-27T12:00:00Z";
    for (const auto& row : load_runs(store)) page.runs.push_back(load_run(store, row.run.id));
    page.baseline = load_baseline(store, "rebel-expert");
    return page;
}

TEST(ReportLayout, At1400PxTheRunsTableFitsAndNothingIsCut) {
    if (headless_browser().empty()) GTEST_FAIL() << kNoBrowser;
    TempDir dir;
    const auto page = study_like_page(dir / "study.db");
    const std::string html = html_page(page);
    // A tournament in a whole-database page shows its standings, not only its header.
    EXPECT_NE(html.find("data-key=\"standings\""), std::string::npos);
    const auto l = layout(html, 1400, dir);
    ASSERT_FALSE(l.is_null());
    EXPECT_TRUE(l["wide"].empty()) << l.dump(2);
    EXPECT_TRUE(l["cut"].empty()) << l.dump(2);
    EXPECT_LE(l["scroll_width"].get<double>(), l["viewport"].get<double>()) << l.dump(2);
    ASSERT_FALSE(l["runs_table_right"].is_null()) << l.dump(2);
    EXPECT_LE(l["runs_table_right"].get<double>(), l["viewport"].get<double>())
        << "the runs table needs a scrollbar at 1,400 px: " << l.dump(2);
}

TEST(ReportLayout, At1000PxOnlyTheTablesScroll) {
    if (headless_browser().empty()) GTEST_FAIL() << kNoBrowser;
    TempDir dir;
    const auto l = layout(html_page(study_like_page(dir / "study.db")), 1000, dir);
    ASSERT_FALSE(l.is_null());
    EXPECT_TRUE(l["wide"].empty()) << l.dump(2);
    EXPECT_TRUE(l["cut"].empty()) << l.dump(2);
    EXPECT_LE(l["scroll_width"].get<double>(), l["viewport"].get<double>()) << l.dump(2);
}

// The study page drawn from the committed figures (report --figures): every phase's chart and
// table, the rating list and the forest plots fit the window at both widths.
TEST(ReportLayout, TheStudyPageOfTheCommittedFiguresFits) {
    if (headless_browser().empty()) GTEST_FAIL() << kNoBrowser;
    TempDir dir;
    std::vector<Figures> figures;
    for (const char* name : {"schemes-full", "schemes-plain", "ablation", "clock", "clock-ratings",
                             "table-readings", "combine", "tuned-default"})
        figures.push_back(read_figures(
            (fs::path(LMR_SOURCE_DIR) / "results" / name).replace_extension(".csv").string()));
    const std::string html = html_page({}, figures);
    for (int width : {1400, 1000}) {
        const auto l = layout(html, width, dir);
        ASSERT_FALSE(l.is_null());
        EXPECT_TRUE(l["wide"].empty()) << width << " px: " << l.dump(2);
        EXPECT_TRUE(l["cut"].empty()) << width << " px: " << l.dump(2);
        EXPECT_LE(l["scroll_width"].get<double>(), l["viewport"].get<double>()) << l.dump(2);
    }
}

// A tune has no Elo of a test engine: a page of tunes alone has no "Elo per run" chart saying
// "(nothing measured)".
TEST(ReportLayout, APageOfTunesHasNoEmptyEloChart) {
    TempDir dir;
    auto store = store::Store::open(dir / "tune.db");
    Builder b(store);
    b.tournament({"default", "theta"}, store::RunKind::kTune);
    PageData page;
    page.database = (dir / "tune.db");
    for (const auto& row : load_runs(store)) page.runs.push_back(load_run(store, row.run.id));
    const std::string html = html_page(page);
    EXPECT_EQ(html.find("nothing measured"), std::string::npos);
    EXPECT_EQ(html.find("id=\"elo-runs\""), std::string::npos);
}

}  // namespace
}  // namespace lmr::report
