// A study's figures read back from CSV (figures.hpp).

#include <charconv>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <stdexcept>
#include <utility>

#include "engine/text/text.hpp"
#include "harness/report/csv_records.hpp"
#include "harness/report/figures.hpp"
#include "harness/report/load.hpp"

namespace lmr::report {
namespace {

stats::Pentanomial pentanomial(const CsvColumns& columns, const CsvRecord& record) {
    return {columns.count(record, "penta_ll"), columns.count(record, "penta_ld"),
            columns.count(record, "penta_wl"), columns.count(record, "penta_dd"),
            columns.count(record, "penta_wd"), columns.count(record, "penta_ww")};
}

constexpr const char* kRunsForm = "a runs list of `report --columns study --format csv`";
constexpr const char* kRatingsForm = "a rating list of `report --ratings NAME --format csv`";

// A phase's runs: the rows with completed pairs (a tune's row has empty counts).
MeasuredSource read_runs(const CsvColumns& columns, const std::vector<CsvRecord>& records) {
    columns.require({"id", "test", "base", "time_control", "penta_ll", "penta_ld", "penta_wl",
                     "penta_dd", "penta_wd", "penta_ww", "command_line"},
                    kRunsForm);
    MeasuredSource source;
    for (std::size_t r = 1; r < records.size(); ++r) {
        const CsvRecord& record = records[r];
        columns.check_width(record);
        if (columns.cell(record, "penta_ll").empty()) continue;
        MeasuredRun run;
        run.id = columns.count(record, "id");
        run.test = columns.cell(record, "test");
        run.base = columns.cell(record, "base");
        run.time_control = columns.cell(record, "time_control");
        if (columns.has("avg_nodes") && !columns.cell(record, "avg_nodes").empty())
            run.nodes_per_move = columns.number(record, "avg_nodes");
        std::optional<stats::SprtParams> sprt;
        try {
            sprt = sprt_of_command_line(columns.cell(record, "command_line"));
        } catch (const std::invalid_argument& e) {
            throw columns.bad_cell(record, "command_line", e.what());
        }
        const stats::Pentanomial pairs = pentanomial(columns, record);
        if (pairs.pairs() == 0) continue;
        run.stats = stats::summarize(pairs, usable_sprt(sprt));
        source.runs.push_back(std::move(run));
    }
    return source;
}

// A rating list: the rated configs best first, then those the list could not link.
RatingsReport read_ratings(const std::string& path, const CsvColumns& columns,
                           const std::vector<CsvRecord>& records) {
    columns.require({"anchor", "config", "elo", "elo_error", "penta_ll", "penta_ld", "penta_wl",
                     "penta_dd", "penta_wd", "penta_ww", "opponents"},
                    kRatingsForm);
    RatingsReport report;
    report.databases.push_back(path);
    for (std::size_t r = 1; r < records.size(); ++r) {
        const CsvRecord& record = records[r];
        columns.check_width(record);
        const std::string& anchor = columns.cell(record, "anchor");
        if (report.anchor.empty()) report.anchor = anchor;
        if (anchor != report.anchor)
            throw columns.bad_cell(record, "anchor",
                                   "differs from the first row's '" + report.anchor + "'");
        if (columns.cell(record, "elo").empty()) {
            report.unconnected.push_back(columns.cell(record, "config"));
            continue;
        }
        RatingEntry entry;
        entry.config = columns.cell(record, "config");
        entry.elo = columns.number(record, "elo");
        entry.elo_error = columns.number(record, "elo_error");
        entry.pairs = pentanomial(columns, record);
        for (std::string_view opponent : text::split(columns.cell(record, "opponents"), ';'))
            if (!opponent.empty()) entry.opponents.emplace_back(opponent);
        report.rated.push_back(std::move(entry));
    }
    return report;
}

}  // namespace

std::optional<stats::SprtParams> sprt_of_command_line(std::string_view command_line) {
    const std::vector<std::string_view> words = text::split_words(command_line);
    if (words.size() < 2 || words[1] != "sprt") return std::nullopt;
    stats::SprtParams params;
    std::string model = std::string(stats::model_name(params.model));
    const std::map<std::string_view, double*> numbers{{"--elo0", &params.elo0},
                                                      {"--elo1", &params.elo1},
                                                      {"--alpha", &params.alpha},
                                                      {"--beta", &params.beta}};
    for (std::size_t i = 2; i < words.size(); ++i) {
        std::string_view flag = words[i];
        std::string_view value;
        if (const auto eq = flag.find('=');
            flag.starts_with("--") && eq != std::string_view::npos) {
            value = flag.substr(eq + 1);
            flag = flag.substr(0, eq);
        } else if (i + 1 < words.size()) {
            value = words[i + 1];
        }
        if (const auto it = numbers.find(flag); it != numbers.end()) {
            const std::string_view digits =
                !value.empty() && value.front() == '+' ? value.substr(1) : value;
            const auto [end, ec] =
                std::from_chars(digits.data(), digits.data() + digits.size(), *it->second);
            if (digits.empty() || ec != std::errc() || end != digits.data() + digits.size())
                throw std::invalid_argument(std::string(flag) + " '" + std::string(value) +
                                            "' is not a number");
        } else if (flag == "--model") {
            model = value;
        }
    }
    const auto parsed = stats::parse_model(model);
    if (!parsed) throw std::invalid_argument("--model '" + model + "' is not an Elo model");
    params.model = *parsed;
    return params;
}

Figures read_figures(const std::string& path) {
    const std::vector<CsvRecord> records = read_csv_file(path);
    const CsvColumns columns(path, records.front());
    Figures figures;
    figures.path = path;
    if (columns.has("anchor") && columns.has("config")) {
        figures.ratings = read_ratings(path, columns, records);
    } else if (columns.has("test") && columns.has("base")) {
        figures.measured = read_runs(columns, records);
    } else {
        throw ReportError(csv_where(path, 1) + "neither " + kRunsForm +
                          " (columns id, test, base, …) nor " + kRatingsForm +
                          " (anchor, config, elo, …)");
    }
    figures.measured.name = std::filesystem::path(path).stem().string();
    return figures;
}

MeasuredSource measured_source(const PageData& page) {
    MeasuredSource source;
    source.name = std::filesystem::path(page.database).stem().string();
    for (const RunDetail& detail : page.runs) {
        const RunRow& row = detail.row;
        if (!row.head_to_head || !row.stats || !row.stats->estimate.defined()) continue;
        source.runs.push_back({row.run.id, row.summary.test_name, row.summary.base_name,
                               row.run.time_control, *row.stats, std::nullopt});
    }
    return source;
}

}  // namespace lmr::report
