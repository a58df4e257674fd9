// `lmr-harness report`: what the result database says — the runs, one run in depth, the Elo
// of every config against a baseline, a rating list — as a table, JSON, CSV or markdown, and an
// HTML page with charts. Reads only: the database is opened read-only and never changed.

#include <filesystem>
#include <fstream>
#include <optional>
#include <ostream>
#include <sstream>
#include <string>
#include <system_error>

#include "harness/cli/command.hpp"
#include "harness/cli/options.hpp"
#include "harness/cli/run_options.hpp"
#include "harness/core/atomic_file.hpp"
#include "harness/report/claims.hpp"
#include "harness/report/figures.hpp"
#include "harness/report/html_page.hpp"
#include "harness/report/json.hpp"
#include "harness/report/load.hpp"
#include "harness/report/render.hpp"
#include "harness/report/tables.hpp"
#include "harness/store/store.hpp"

namespace lmr::cli {
namespace {

constexpr const char* kDescription =
    "Lists the runs of a result database (id, date, base vs test, time control, pairs, W/D/L,\n"
    "pentanomial, Elo, nElo, LLR, verdict, status); --run N shows one run in depth\n"
    "(terminations, faults, search depth/nodes/time per move for each side, results per\n"
    "opening, each engine's LMR statistics); --baseline NAME the Elo of every config measured\n"
    "directly against NAME, pooled over all runs; --ratings NAME a rating list: the Elo of\n"
    "every config from all completed pairs at once (maximum likelihood, as Ordo), NAME = 0;\n"
    "with several --db, one list pooled from them all.\n"
    "Statistics are computed as `lmr-harness stats` computes them.\n"
    "--columns study lists the runs in the columns of the LMR study's tables instead: run,\n"
    "test, base, time control, status, games, W/D/L, pentanomial, Elo, nElo, LOS, the test\n"
    "engine's average depth and nodes per move, its LMR reduced % and re-search %, and the\n"
    "command line of the run.\n"
    "--html FILE writes one self-contained page with SVG charts (LLR against pairs for every\n"
    "SPRT, Elo with error bars, score over time, tune trajectories); with several --db, one\n"
    "page with a part per database (e.g. every phase of a study).\n"
    "--figures CSV (repeatable) with --html draws a study page from CSV files this command\n"
    "wrote (--columns study --format csv: a phase's runs; --ratings NAME --format csv: a rating\n"
    "list), so the page needs no database: per file a chart of its rows sorted by Elo and a\n"
    "table with each row's verdict by the whole 95 % interval, forest plots of every source\n"
    "per base config first; --db adds databases' parts (a tune's trajectory).\n"
    "--claims FILE judges a study's claims (results/claims.csv: each claim reads one row of a\n"
    "figures file beside it and says where that row's Elo lies): by the whole 95 % interval,\n"
    "with Holm's correction inside each claim's family, or by an SPRT's own H1 / H0. It prints\n"
    "them (--format); --check-page PAGE says where PAGE cites a verdict ([VERDICT](#claim-ID))\n"
    "that is not the computed one or holds a stale claims table (exit 1); --write-page PAGE\n"
    "writes PAGE's claims table; with --figures and --html the page gets a claims section.\n"
    "The database is only read, safely while a run writes to it.\n"
    "Exit codes: 0 done, 2 bad usage or a file that is not a usable result database,\n"
    "1 other failures (e.g. the HTML file cannot be written) and a page whose verdicts differ."
    "\n\nExamples:\n"
    "  lmr-harness report --db results/lmrlab.db\n"
    "  lmr-harness report --db results/lmrlab.db --run 3 --format markdown\n"
    "  lmr-harness report --db results/lmrlab.db --baseline none --html report.html\n"
    "  lmr-harness report --figures results/combine.csv --html combine.html\n"
    "  lmr-harness report --claims results/claims.csv --check-page results/README.md";

enum class Format { kTable, kJson, kCsv, kMarkdown };

Format parse_format(const std::string& text) {
    if (text == "table") return Format::kTable;
    if (text == "json") return Format::kJson;
    if (text == "csv") return Format::kCsv;
    if (text == "markdown" || text == "md") return Format::kMarkdown;
    throw flag_error("--format", text, "expected table, json, csv or markdown");
}

void render(std::ostream& out, const report::Document& doc, Format format) {
    switch (format) {
        case Format::kTable:
            report::render_text(out, doc);
            break;
        case Format::kCsv:
            report::render_csv(out, doc);
            break;
        case Format::kMarkdown:
            report::render_markdown(out, doc);
            break;
        case Format::kJson:
            break;  // JSON is written from the data, not from a document
    }
}

// The runs list's columns: today's list, or the LMR study's table.
enum class Columns { kDefault, kStudy };

Columns parse_columns(const std::string& text) {
    if (text == "default") return Columns::kDefault;
    if (text == "study") return Columns::kStudy;
    throw flag_error("--columns", text, "expected default or study");
}

report::Audience audience_of(Format format) {
    return format == Format::kCsv ? report::Audience::kMachine : report::Audience::kHuman;
}

void print_ratings(std::ostream& out, const report::RatingsReport& ratings, Format format) {
    if (format == Format::kJson)
        out << report::ratings_json(ratings).dump(2) << '\n';
    else
        render(out, report::ratings_document(ratings, audience_of(format)), format);
}

// Several --db with --ratings: one rating list pooled from them all, printed.
int run_pooled_ratings(CommandContext& context, const po::variables_map& values,
                       const std::vector<std::string>& dbs, Format format) {
    for (const char* flag : {"run", "baseline", "html"})
        if (values.count(flag) != 0U)
            throw UsageError(std::string("--ratings with several --db prints one list pooled from "
                                         "them; --") +
                             flag + " reads one database: give one --db");
    if (!values["columns"].defaulted())
        throw UsageError(
            "--columns chooses the columns of the runs list: it does not combine "
            "with --ratings");
    const auto sources =
        report::load_rating_sources(dbs, values.count("upgrade") != 0U, named(values, "tc"));
    print_ratings(context.out, report::rate(sources, values["ratings"].as<std::string>()), format);
    return kExitOk;
}

// Several --db: one HTML page with a part per database, nothing printed.
int run_multi_database_page(CommandContext& context, const po::variables_map& values,
                            const std::vector<std::string>& dbs) {
    if (values.count("html") == 0U)
        throw UsageError(
            "several --db make one --html page with a part per database, or one --ratings list "
            "pooled from them; the other lists and --format read one database: give --html "
            "FILE, --ratings NAME or one --db");
    for (const char* flag : {"run", "baseline", "tc"})
        if (values.count(flag) != 0U)
            throw UsageError(std::string("--") + flag + " reads one database: give one --db");
    if (!values["format"].defaulted() || !values["columns"].defaulted())
        throw UsageError("--format and --columns print a list of one database: give one --db");
    const std::vector<report::PageData> parts =
        report::load_whole_pages(dbs, values.count("upgrade") != 0U);
    const std::string path = values["html"].as<std::string>();
    core::write_file_atomically(path, report::html_page(parts, {}));
    context.out << "Wrote " << path << " (" << dbs.size() << " databases)\n";
    return kExitOk;
}

std::string read_page(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw report::ReportError(path + ": cannot be read");
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

// --claims without --html: the claims printed, a page checked or its claims table written.
int run_claims(CommandContext& context, const po::variables_map& values) {
    for (const char* flag : {"db", "run", "baseline", "ratings", "tc", "columns", "figures"})
        if (values.count(flag) != 0U && !values[flag].defaulted())
            throw UsageError(std::string("--") + flag +
                             " does not combine with --claims: the claims name their figures");
    if (values.count("check-page") != 0U && values.count("write-page") != 0U)
        throw UsageError("--check-page and --write-page are two uses of the claims: give one");
    const std::string claims_path = values["claims"].as<std::string>();
    const std::vector<report::JudgedClaim> judged = report::judge_claims_file(claims_path);
    if (values.count("check-page") != 0U) {
        const std::string page_path = values["check-page"].as<std::string>();
        const std::vector<std::string> problems =
            report::page_problems(read_page(page_path), page_path, judged);
        for (const std::string& problem : problems) context.err << problem << '\n';
        if (!problems.empty()) {
            context.err << page_path << ": " << problems.size()
                        << " place(s) where the page says what its intervals do not\n";
            return kExitFailure;
        }
        context.out << page_path << ": every verdict it cites is the computed one ("
                    << judged.size() << " claims in " << claims_path << ")\n";
        return kExitOk;
    }
    if (values.count("write-page") != 0U) {
        const std::string page_path = values["write-page"].as<std::string>();
        core::write_file_atomically(
            page_path, report::page_with_claims(read_page(page_path), page_path, judged));
        context.out << "Wrote the claims table of " << page_path << " (" << judged.size()
                    << " claims)\n";
        return kExitOk;
    }
    report::Document doc;
    doc.title = "Claims of " + claims_path;
    report::Section section;
    section.tables.push_back(report::claims_table(judged, false));
    doc.sections.push_back(std::move(section));
    render(context.out, doc, parse_format(values["format"].as<std::string>()));
    return kExitOk;
}

// --figures: a study page from the figures files and the databases given (none by default),
// nothing printed.
int run_figures_page(CommandContext& context, const po::variables_map& values) {
    if (values.count("html") == 0U)
        throw UsageError("--figures draws a study page: give --html FILE");
    for (const char* flag : {"run", "baseline", "ratings", "tc"})
        if (values.count(flag) != 0U)
            throw UsageError(std::string("--") + flag +
                             " reads one database: it does not combine with --figures");
    if (!values["format"].defaulted() || !values["columns"].defaulted())
        throw UsageError(
            "--format and --columns print a list of one database: --figures draws "
            "a page only");
    std::vector<report::Figures> figures;
    for (const std::string& path : values["figures"].as<std::vector<std::string>>())
        figures.push_back(report::read_figures(path));
    const std::vector<report::PageData> parts = report::load_whole_pages(
        values.count("db") != 0U ? values["db"].as<std::vector<std::string>>()
                                 : std::vector<std::string>{},
        values.count("upgrade") != 0U);
    const std::string path = values["html"].as<std::string>();
    const std::vector<report::JudgedClaim> claims =
        values.count("claims") != 0U ? report::judge_claims_file(values["claims"].as<std::string>())
                                     : std::vector<report::JudgedClaim>{};
    core::write_file_atomically(
        path, report::html_page(parts, figures, claims, values["title"].as<std::string>()));
    context.out << "Wrote " << path << " (" << figures.size() << " figures files, " << parts.size()
                << (parts.size() == 1 ? " database)\n" : " databases)\n");
    return kExitOk;
}

// --html names the page written: never one of the databases or figures files the report reads.
void check_html_path(const po::variables_map& values) {
    std::vector<std::string> dbs;
    if (values.count("db") != 0U)
        dbs = values["db"].as<std::vector<std::string>>();
    else if (values.count("figures") == 0U)
        dbs.emplace_back(store::kDefaultDatabasePath);
    std::vector<core::ReadFile> inputs;
    for (const std::string& db : dbs) {
        const auto files = core::database_files(db);
        inputs.insert(inputs.end(), files.begin(), files.end());
    }
    if (values.count("figures") != 0U)
        for (const std::string& path : values["figures"].as<std::vector<std::string>>())
            inputs.push_back({path, "a figures file"});
    check_output_path("--html", values["html"].as<std::string>(), inputs);
}

int run_report(CommandContext& context, const po::variables_map& values) {
    if (values.count("html") != 0U) check_html_path(values);
    for (const char* flag : {"check-page", "write-page"})
        if (values.count(flag) != 0U &&
            (values.count("claims") == 0U || values.count("html") != 0U))
            throw UsageError(std::string("--") + flag +
                             " reads the claims of --claims FILE, without --html");
    if (!values["title"].defaulted() && values.count("figures") == 0U)
        throw UsageError("--title names a study page: give it with --figures and --html");
    if (values.count("figures") != 0U) return run_figures_page(context, values);
    if (values.count("claims") != 0U) {
        if (values.count("html") != 0U)
            throw UsageError(
                "--claims with --html adds a claims section to a study page: give its --figures "
                "too");
        return run_claims(context, values);
    }
    const std::vector<std::string> dbs =
        values.count("db") != 0U
            ? values["db"].as<std::vector<std::string>>()
            : std::vector<std::string>{std::string(store::kDefaultDatabasePath)};
    const Format format = parse_format(values["format"].as<std::string>());
    if (dbs.size() > 1 && values.count("ratings") != 0U)
        return run_pooled_ratings(context, values, dbs, format);
    if (dbs.size() > 1) return run_multi_database_page(context, values, dbs);
    const std::filesystem::path db = dbs.front();
    const bool html = values.count("html") != 0U;
    const bool has_run = values.count("run") != 0U;
    const bool has_baseline = values.count("baseline") != 0U;
    const bool has_ratings = values.count("ratings") != 0U;
    if (int(has_run) + int(has_baseline) + int(has_ratings) > 1 && !html)
        throw UsageError(
            "--run, --baseline and --ratings are different reports: give one of them "
            "(together only with --html)");
    std::int64_t run_id = 0;
    if (has_run) {
        run_id = parse_run_id(values);
    }
    const std::optional<std::string> baseline = named(values, "baseline");
    const std::optional<std::string> anchor = named(values, "ratings");
    const std::optional<std::string> time_control = named(values, "tc");
    if (time_control && !has_baseline && !has_ratings)
        throw UsageError(
            "--tc restricts --baseline and --ratings to the runs of one time control: give one "
            "of them");
    const Columns columns = parse_columns(values["columns"].as<std::string>());
    const bool columns_given = !values["columns"].defaulted();
    if (columns_given && (has_run || has_baseline || has_ratings))
        throw UsageError(
            "--columns chooses the columns of the runs list: it does not combine "
            "with --run, --baseline or --ratings");
    const bool print = !html || !values["format"].defaulted() || columns_given;

    if (values.count("upgrade") != 0U) report::upgrade_database(db);
    const auto store = store::Store::open(db, {.mode = store::OpenMode::kReadOnly});
    const store::ReadSnapshot snapshot(store);
    auto& out = context.out;

    if (print) {
        if (has_run) {
            const auto detail = report::load_run(store, run_id);
            if (format == Format::kJson)
                out << report::run_json(detail).dump(2) << '\n';
            else
                render(out, report::run_document(detail, audience_of(format)), format);
        } else if (has_baseline) {
            const auto result = report::load_baseline(store, *baseline, time_control);
            if (format == Format::kJson)
                out << report::baseline_json(result).dump(2) << '\n';
            else
                render(out, report::baseline_document(result, audience_of(format)), format);
        } else if (has_ratings) {
            print_ratings(out,
                          report::rate({report::load_rating_source(store, time_control)}, *anchor),
                          format);
        } else if (columns == Columns::kStudy) {
            const auto rows = report::load_study_rows(store);
            if (format == Format::kJson)
                out << report::study_json(rows, db.string()).dump(2) << '\n';
            else
                render(out, report::study_document(rows, audience_of(format)), format);
        } else {
            const auto runs = report::load_runs(store);
            if (format == Format::kJson)
                out << report::runs_json(runs, db.string()).dump(2) << '\n';
            else
                render(out, report::runs_document(runs, audience_of(format)), format);
        }
    }
    if (html) {
        const auto page =
            report::load_page(store, db.string(),
                              {has_run ? std::optional<std::int64_t>(run_id) : std::nullopt,
                               baseline, anchor, time_control});
        const std::string path = values["html"].as<std::string>();
        core::write_file_atomically(path, report::html_page(page));
        if (!print) out << "Wrote " << path << '\n';
    }
    return kExitOk;
}

}  // namespace

int run_report_command(CommandContext& context) {
    po::options_description options("Options");
    // clang-format off
    options.add_options()
        ("db", po::value<std::vector<std::string>>()->composing()->value_name("FILE"),
         ("result database (SQLite), opened read-only (default: " +
          std::string(store::kDefaultDatabasePath) +
          "); repeat it with --html for one page with a part per database").c_str())
        ("run", po::value<std::string>()->value_name("N"), "show run N in depth")
        ("baseline", po::value<std::string>()->value_name("NAME"),
         "Elo of every config measured directly against config NAME, pooled over all runs")
        ("ratings", po::value<std::string>()->value_name("NAME"),
         "rating list: every config's maximum-likelihood Elo from all completed pairs, "
         "config NAME = 0; with several --db, one list pooled from them")
        ("tc", po::value<std::string>()->value_name("TC"),
         "with --baseline or --ratings: only the runs played at this time control, as the runs "
         "list shows it (nodes=20000, tc=10+0.1); both say which they pooled")
        ("format", po::value<std::string>()->default_value("table"),
         "table (aligned text), json, csv or markdown")
        ("columns", po::value<std::string>()->default_value("default"),
         "the runs list's columns: default, or study (test config, games, W/D/L, pentanomial, "
         "Elo, nElo, LOS, the test engine's depth, nodes per move and LMR rates, command line)")
        ("html", po::value<std::string>()->value_name("FILE"),
         "write a self-contained HTML page with SVG charts to FILE")
        ("figures", po::value<std::vector<std::string>>()->composing()->value_name("CSV"),
         "with --html: a study page drawn from figures files, the CSV this command writes with "
         "--columns study or --ratings NAME (repeat it; --db adds databases' parts)")
        ("title", po::value<std::string>()->default_value("LMR Lab report"),
         "with --figures and --html: the page's title")
        ("claims", po::value<std::string>()->value_name("FILE"),
         "judge a study's claims file (results/claims.csv) on the figures files it names")
        ("check-page", po::value<std::string>()->value_name("PAGE"),
         "with --claims: exit 1 naming each place PAGE cites a verdict that is not the computed "
         "one, or holds a stale claims table")
        ("write-page", po::value<std::string>()->value_name("PAGE"),
         "with --claims: write PAGE's claims table (between its claims:begin and claims:end lines)")
        ("upgrade", "first apply pending schema migrations (adds tables and views; stored data "
                    "unchanged)");
    // clang-format on
    po::variables_map values;
    if (!parse_command_line(context, options, values,
                            "[--db FILE] [--run N | --baseline NAME | --ratings NAME | "
                            "--columns default|study] "
                            "[--format table|json|csv|markdown] [--html FILE]\n"
                            "       lmr-harness report --db FILE --db FILE… --html FILE\n"
                            "       lmr-harness report --db FILE --db FILE… --ratings NAME "
                            "[--format …]\n"
                            "       lmr-harness report --figures CSV… [--db FILE…] [--claims FILE] "
                            "--html FILE\n"
                            "       lmr-harness report --claims FILE [--check-page PAGE | "
                            "--write-page PAGE | --format …]",
                            kDescription))
        return kExitOk;
    return run_report(context, values);
}

}  // namespace lmr::cli
