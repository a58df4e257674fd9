// The HTML report page (html_page.hpp): header, Elo charts, the runs table, then per run its
// LLR and score charts (and, for one run, its detail tables), then tune trajectories.

#include "harness/report/html_page.hpp"

#include "harness/report/cells.hpp"
#include "harness/report/charts.hpp"
#include "harness/report/figures.hpp"
#include "harness/report/render.hpp"
#include "harness/report/tables.hpp"

namespace lmr::report {
namespace {

constexpr const char* kStyle = R"css(
body { font-family: system-ui, sans-serif; margin: 1.5em auto; max-width: 1800px; padding: 0 1em;
       color: #222; background: #fafafa; }
h1 { font-size: 1.6em; margin-bottom: 0.2em; }
h2 { border-bottom: 1px solid #ccc; padding-bottom: 0.2em; margin-top: 1.6em; }
h3 { margin-bottom: 0.3em; }
p.meta, p.note, p.empty { color: #555; }
.charts { display: flex; flex-wrap: wrap; gap: 12px; }
.charts > svg.chart { flex: 1 1 560px; max-width: min(100%, 900px); }
svg.chart { border: 1px solid #ddd; background: #fff; max-width: 100%; height: auto; }
div.scroll { overflow-x: auto; }
table.data { border-collapse: collapse; font-size: 0.9em; margin: 0.4em 0 1em; }
table.data th, table.data td { border: 1px solid #ddd; padding: 3px 7px; }
table.data th { background: #eee; }
table.data td.num, table.data th.num { text-align: right; font-variant-numeric: tabular-nums;
                                       white-space: nowrap; }
table.data tbody tr:nth-child(even) { background: #f4f4f4; }
dl.fields { display: grid; grid-template-columns: max-content auto; gap: 2px 12px; }
dl.fields dt { font-weight: bold; }
dl.fields dd { margin: 0; word-break: break-all; }
pre { background: #fff; border: 1px solid #ddd; padding: 0.6em; overflow-x: auto; }
)css";

// `prefix` makes the ids unique when several databases share the page (their run ids repeat).
std::string run_section(const RunDetail& run, bool detail, const std::string& prefix) {
    std::string html =
        "<section class=\"run\" id=\"" + prefix + "run-" + integer(run.row.run.id) + "\">\n";
    html += "<h2>" + html_escape("Run " + integer(run.row.run.id) + ": " + matchup(run.row)) +
            "</h2>\n";
    std::string meta = std::string(store::to_string(run.row.run.kind)) + ", " +
                       std::string(store::to_string(run.row.run.status));
    if (const auto verdict = verdict_text(run.row); !verdict.empty()) meta += ", " + verdict;
    meta += " · " + run.row.run.time_control + " · " + integer(run.row.summary.pairs_completed) +
            " pairs · created " + short_date(run.row.run.created_at) + " UTC";
    html += "<p class=\"meta\">" + html_escape(meta) + "</p>\n";
    std::string charts;
    for (auto chart : {llr_chart(run), score_chart(run), tune_chart(run)}) {
        if (!chart) continue;
        chart->id = prefix + chart->id;
        charts += render_line_chart(*chart);
    }
    if (!charts.empty()) html += "<div class=\"charts\">\n" + charts + "</div>\n";
    if (!detail && run.row.head_to_head && run.row.stats) {  // the detail has its own copy
        html += "<pre>" + html_escape(stats::format_block(*run.row.stats)) + "</pre>\n";
    }
    if (!detail && !run.standings.rows.empty()) {  // a tournament: its result is the standings
        Document doc;
        doc.sections.push_back(standings_section(run.standings, Audience::kHuman));
        html += render_html(doc, 3);
    }
    if (detail) {
        Document doc = run_document(run, Audience::kHuman);
        doc.title.clear();
        html += render_html(doc, 3);
    }
    return html + "</section>\n";
}

// A section of one Elo chart above the document it draws (the baseline, the ratings).
// Ids carry the database part's prefix.
std::string chart_section(const std::string& prefix, const std::string& key,
                          const std::string& title, IntervalChart chart, Document doc) {
    const std::string id = prefix + key;
    chart.id = prefix + chart.id;
    doc.title.clear();
    return "<section id=\"" + id + "\">\n<h2>" + html_escape(title) +
           "</h2>\n<div class=\"charts\">\n" + render_interval_chart(chart) + "</div>\n" +
           render_html(doc, 3) + "</section>\n";
}

// One database's part of the page: Elo against the baseline, the ratings, Elo per run and the runs
// table, then every run (newest first: the one being looked at is usually the latest).
std::string database_part(const PageData& page, const std::string& prefix) {
    std::string html;
    if (page.baseline) {
        html += chart_section(prefix, "baseline", "Elo against " + page.baseline->baseline,
                              baseline_elo_chart(*page.baseline),
                              baseline_document(*page.baseline, Audience::kHuman));
    }
    if (page.ratings) {
        html += chart_section(prefix, "ratings", "Ratings", ratings_chart(*page.ratings),
                              ratings_document(*page.ratings, Audience::kHuman));
    }

    std::vector<RunRow> rows;
    for (const auto& run : page.runs) rows.push_back(run.row);
    if (!page.single_run) {
        IntervalChart chart = run_elo_chart(page.runs);
        chart.id = prefix + chart.id;
        if (!chart.rows.empty())  // tunes and tournaments have no Elo of a test engine
            html += "<section id=\"" + prefix +
                    "elo\">\n<h2>Elo per run</h2>\n<div class=\"charts\">\n" +
                    render_interval_chart(chart) + "</div>\n</section>\n";
        html += "<section id=\"" + prefix + "runs\">\n<h2>Runs</h2>\n";
        Table table = runs_table(rows, Audience::kHuman);
        table.title.clear();
        Document doc;
        Section section;
        section.tables.push_back(std::move(table));
        doc.sections.push_back(std::move(section));
        html += render_html(doc, 3) + "</section>\n";
    }
    for (auto it = page.runs.rbegin(); it != page.runs.rend(); ++it)
        html += run_section(*it, page.single_run, prefix);
    return html;
}

// A figures file's part of the page: a phase's rows as one chart sorted by effect (with the
// scaling curves of its fixed-node pairings, the same pairings' clock rows of the other files
// beside them) and a table with each row's verdict, or a rating list.
std::string figures_part(const Figures& figures, const std::vector<MeasuredSource>& others,
                         const std::string& prefix) {
    std::string html = "<p class=\"meta\">" + html_escape("Read from " + figures.path) + "</p>\n";
    if (figures.ratings) {
        Document doc = ratings_document(*figures.ratings, Audience::kHuman);
        doc.title.clear();
        for (Section& section : doc.sections) {  // the list's own words, not a database's
            section.fields.clear();
            section.notes = {"The rating list as `report --ratings " + figures.ratings->anchor +
                             "` wrote it: the maximum-likelihood Elo of every config from all "
                             "its completed pairs at once, " +
                             figures.ratings->anchor + " = 0, ± the 95 % interval."};
        }
        IntervalChart chart = ratings_chart(*figures.ratings);
        chart.id = prefix + chart.id;
        html += "<div class=\"charts\">\n" + render_interval_chart(chart) + "</div>\n" +
                render_html(doc, 3);
    }
    if (!figures.measured.runs.empty()) {
        IntervalChart chart = figures_chart(figures.measured);
        chart.id = prefix + chart.id;
        Document doc;
        Section section;
        section.tables.push_back(measured_table(figures.measured));
        doc.sections.push_back(std::move(section));
        html += "<div class=\"charts\">\n" + render_interval_chart(chart);
        for (LineChart& curve : scaling_charts(figures.measured, others)) {
            curve.id = prefix + curve.id;
            html += render_line_chart(curve);
        }
        html += "</div>\n" + render_html(doc, 3);
    }
    return html;
}

// The rule every verdict of a figures table follows.
constexpr const char* kVerdictRule =
    "A verdict reads the whole 95 % interval of the test config's Elo against its base: "
    "better (or worse) only when the interval lies above (or below) zero, otherwise not "
    "resolved, with about how many games would resolve it if the estimate holds (N games of "
    "half-width h resolve a gap g after N·(h/g)²: \"≈ 4,000 games\"). An SPRT that stopped on "
    "a decision answers its own hypotheses (\"SPRT H1\" or \"H0\", stopped early): the early "
    "stop biases its Elo, so its interval is shown but is no verdict. These are each row's "
    "verdicts alone: a study's claims, read in families, are judged with Holm's correction "
    "(the claims section, when the page has one).";

// How a claim's verdict is computed.
constexpr const char* kClaimsRule =
    "Each claim reads one row and says where its Elo lies. Confirmed only when the whole "
    "interval lies inside the claim, refuted only when it lies outside, not resolved otherwise; "
    "inside a family (rows read against one base, on one seed) the interval is widened by "
    "Holm's correction at a family-wise 5 % (the z each claim was held to is shown). An SPRT "
    "that stopped on a decision is read only as its own hypotheses: H1 over nElo [0, e1] says "
    "better, H0 says not e1 nElo better, never worse or equal.";

}  // namespace

std::string html_page(const PageData& page) {
    return html_page(std::vector<PageData>{page}, {});
}

std::string html_page(const std::vector<PageData>& parts, const std::vector<Figures>& figures,
                      const std::vector<JudgedClaim>& claims, const std::string& title) {
    std::string html =
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        "<title>" +
        html_escape(title) + "</title>\n<style>";
    html += kStyle;
    html += "</style>\n</head>\n<body>\n<header>\n<h1>" + html_escape(title) + "</h1>\n";
    std::string sources;
    for (const auto& f : figures) sources += (sources.empty() ? "" : ", ") + f.path;
    if (!sources.empty()) sources = "Figures " + sources;
    std::string databases;
    for (const auto& part : parts) databases += (databases.empty() ? "" : ", ") + part.database;
    if (!databases.empty())
        sources += (sources.empty() ? "" : " · ") +
                   std::string(parts.size() == 1 ? "Database " : "Databases ") + databases;
    const std::string generated =
        parts.empty() ? store::now_timestamp() : parts.front().generated_at;
    html += "<p class=\"meta\">" + html_escape(sources + " · generated " + generated) + "</p>\n";
    const bool several = parts.size() + figures.size() > 1;
    const auto figures_id = [](std::size_t i) {
        return "fig" + integer(static_cast<std::int64_t>(i + 1));
    };
    const auto database_id = [](std::size_t i) {
        return "db" + integer(static_cast<std::int64_t>(i + 1));
    };
    if (several) {  // a table of contents, one entry per source
        html += "<nav>\n<ul>\n<li><a href=\"#glance\">At a glance</a></li>\n";
        if (!claims.empty())
            html += "<li><a href=\"#claims\">Every claim and its verdict</a></li>\n";
        for (std::size_t i = 0; i < figures.size(); ++i)
            html += "<li><a href=\"#" + figures_id(i) + "\">" + html_escape(figures[i].path) +
                    "</a></li>\n";
        for (std::size_t i = 0; i < parts.size(); ++i)
            html += "<li><a href=\"#" + database_id(i) + "\">" + html_escape(parts[i].database) +
                    "</a></li>\n";
        html += "</ul>\n</nav>\n";
    }
    html += "</header>\n<main>\n";

    if (several) {  // the sources' answers side by side before their details
        std::vector<MeasuredSource> measured;
        for (const auto& f : figures) measured.push_back(f.measured);
        for (const auto& part : parts) measured.push_back(measured_source(part));
        std::string charts;
        for (const IntervalChart& chart : forest_charts(measured))
            charts += render_interval_chart(chart);
        if (!charts.empty())
            html +=
                "<section id=\"glance\">\n<h1>At a glance</h1>\n<p class=\"note\">Every "
                "head-to-head measurement of the sources below, one chart per base config: the "
                "runs of a config together, one colour per source, the configs by their "
                "mean Elo. A run's verdict is in its tooltip.</p>\n<div class=\"charts\">\n" +
                charts + "</div>\n</section>\n";
    }
    if (!claims.empty()) {
        Document doc;
        Section section;
        section.tables.push_back(claims_table(claims, false));
        doc.sections.push_back(std::move(section));
        html +=
            "<section id=\"claims\">\n<h1>Every claim and its verdict</h1>\n<p class=\"note\">" +
            html_escape(kClaimsRule) + "</p>\n" + render_html(doc, 3) + "</section>\n";
    }
    if (!figures.empty()) html += "<p class=\"note\">" + html_escape(kVerdictRule) + "</p>\n";
    for (std::size_t i = 0; i < figures.size(); ++i) {
        std::vector<MeasuredSource> others;
        for (std::size_t j = 0; j < figures.size(); ++j)
            if (j != i) others.push_back(figures[j].measured);
        const std::string id = figures_id(i);
        html += "<section class=\"figures\" id=\"" + id + "\">\n<h1>" +
                html_escape(figures[i].measured.name) + "</h1>\n" +
                figures_part(figures[i], others, id + "-") + "</section>\n";
    }
    if (!several) {
        if (!parts.empty()) html += database_part(parts.front(), "");
    } else {
        for (std::size_t i = 0; i < parts.size(); ++i) {
            const std::string id = database_id(i);
            html += "<section class=\"database\" id=\"" + id + "\">\n<h1>" +
                    html_escape("Database " + parts[i].database) + "</h1>\n";
            html += database_part(parts[i], id + "-") + "</section>\n";
        }
    }

    html +=
        "</main>\n<footer><p class=\"note\">Elo ± is the 95 % interval of the logistic Elo "
        "from the pentanomial counts; LLR is the generalized SPRT (fishtest). Drawn by "
        "lmr-harness report.</p></footer>\n</body>\n</html>\n";
    return html;
}

}  // namespace lmr::report
