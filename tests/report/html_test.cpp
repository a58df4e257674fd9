// The HTML page of `lmr-harness report --html`: self-contained (no script, no external
// resource), and rendered by headless Chromium without console errors, with the SVG charts in
// the rendered DOM. Without a headless Chromium (tests/report/browser.hpp) those tests fail.

#include <gtest/gtest.h>

#include <regex>

#include "tests/report/browser.hpp"
#include "tests/report/cli_support.hpp"

namespace lmr::report_test {
namespace {

// Loads a page in headless Chromium (a fresh profile, no network services) and returns the
// rendered DOM (stdout) and the browser log (stderr), where console messages appear as
// "INFO:CONSOLE" lines.
Result render(const std::string& page, const TempDir& dir) {
    return run(headless_browser(),
               {"--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--user-data-dir=" + dir / "profile", "--enable-logging=stderr", "--v=0",
                "--dump-dom", "file://" + page},
               dir.path(), std::chrono::seconds(60));
}

std::vector<std::string> console_lines(const std::string& log) {
    std::vector<std::string> lines;
    std::istringstream in(log);
    std::string line;
    while (std::getline(in, line))
        if (contains(line, ":CONSOLE") || contains(line, "Uncaught")) lines.push_back(line);
    return lines;
}

TEST(ReportHtml, PageIsSelfContained) {
    const auto& f = filled();
    TempDir dir;
    const std::string page = dir / "report.html";
    const auto r =
        harness({"report", "--db", f.db, "--html", page, "--baseline", "none"}, dir.path());
    ASSERT_EQ(r.exit_code, 0) << describe(r);
    EXPECT_TRUE(contains(r.out, "Wrote " + page)) << r.out;
    const std::string html = read_file(page);
    EXPECT_EQ(html.rfind("<!DOCTYPE html>", 0), 0u);
    EXPECT_FALSE(contains(html, "<script"));
    EXPECT_FALSE(contains(html, "<link"));
    EXPECT_FALSE(contains(html, " src="));
    EXPECT_FALSE(contains(html, "https://"));
    // The only URL is the SVG namespace name, which is never fetched.
    const std::regex url("http://[^\"]*");
    for (auto it = std::sregex_iterator(html.begin(), html.end(), url);
         it != std::sregex_iterator(); ++it)
        EXPECT_EQ(it->str(), "http://www.w3.org/2000/svg");
    for (const char* id : {"id=\"llr-run-2\"", "id=\"llr-run-3\"", "id=\"score-run-3\"",
                           "id=\"elo-runs\"", "id=\"elo-baseline\""})
        EXPECT_TRUE(contains(html, id)) << id;
    EXPECT_FALSE(fs::exists(page + ".tmp"));
}

TEST(ReportHtml, RendersInChromiumWithoutConsoleErrors) {
    if (headless_browser().empty()) GTEST_FAIL() << kNoBrowser;
    const auto& f = filled();
    TempDir dir;
    const std::string page = dir / "report.html";
    ASSERT_EQ(harness({"report", "--db", f.db, "--html", page, "--baseline", "none"}, dir.path())
                  .exit_code,
              0);
    const auto r = render(page, dir);
    ASSERT_EQ(r.exit_code, 0) << describe(r);
    EXPECT_TRUE(console_lines(r.err).empty()) << r.err;
    // The rendered DOM holds the charts with their drawing.
    for (const char* id : {"llr-run-2", "llr-run-3", "score-run-3", "elo-runs", "elo-baseline"})
        EXPECT_TRUE(std::regex_search(r.out, std::regex("<svg[^>]*id=\"" + std::string(id) + "\"")))
            << id;
    EXPECT_TRUE(contains(r.out, "<polyline class=\"series\""));
    EXPECT_TRUE(contains(r.out, "class=\"reference\""));
    EXPECT_TRUE(contains(r.out, "<table class=\"data\""));

    // One run's page: its charts and its detail tables.
    const std::string run_page = dir / "run3.html";
    ASSERT_EQ(
        harness({"report", "--db", f.db, "--run", "3", "--html", run_page}, dir.path()).exit_code,
        0);
    const auto one = render(run_page, dir);
    ASSERT_EQ(one.exit_code, 0) << describe(one);
    EXPECT_TRUE(console_lines(one.err).empty()) << one.err;
    EXPECT_TRUE(contains(one.out, "id=\"llr-run-3\""));
    EXPECT_TRUE(contains(one.out, "data-key=\"terminations\""));
    EXPECT_TRUE(contains(one.out, "data-key=\"search\""));
    EXPECT_FALSE(contains(one.out, "id=\"llr-run-2\""));
}

// The check above would see an error: a page with a failing script produces console lines.
TEST(ReportHtml, ConsoleCheckSeesScriptErrors) {
    if (headless_browser().empty()) GTEST_FAIL() << kNoBrowser;
    TempDir dir;
    const std::string page = dir / "broken.html";
    write_file(page,
               "<!DOCTYPE html><html><body><script>undefined_function();</script></body></html>");
    const auto r = render(page, dir);
    ASSERT_EQ(r.exit_code, 0) << describe(r);
    EXPECT_FALSE(console_lines(r.err).empty()) << r.err;
}

}  // namespace
}  // namespace lmr::report_test
