#pragma once

// Shared by the tests of the study form of the runs list (`report --columns study`), in-process
// (study_test.cpp) and through the built lmr-harness (study_cli_test.cpp): what every cell of a
// run must be, worked out here independently of harness/stats and harness/report, and readers
// that take the four output formats apart again (aligned table, markdown, CSV, JSON).

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

namespace lmr::study_testing {

using json = nlohmann::ordered_json;

// A pentanomial from the test engine's side.
struct Pentanomial {
    long ll = 0, ld = 0, wl = 0, dd = 0, wd = 0, ww = 0;
    long pairs() const { return ll + ld + wl + dd + wd + ww; }
};

// Fishtest's statistics of a pentanomial, written out here: the per-pair score (0, 1/4, 1/2,
// 3/4, 1), its mean and variance, the logistic Elo of the mean with the 95 % interval mapped
// through it, nElo = (mean - 1/2) / sqrt(2 var) · 800 / ln 10 with half-width
// 1.959964 · (800 / ln 10) / sqrt(2 N), LOS = Phi((mean - 1/2) / sqrt(var / N)). With no spread
// (every pair in one bin) the documented convention: Elo ±inf (error inf) at a 0 % or 100 %
// score, 0 ± 0 at 50 %; nElo ±inf or 0; LOS 1, 0 or 1/2.
struct Expected {
    bool defined = false;  // at least one pair: the statistics exist
    Pentanomial p;
    long games = 0, wins = 0, draws = 0, losses = 0;
    double elo = 0, elo_error = 0, nelo = 0, nelo_error = 0, los = 0;
};

inline double logistic_elo(double score) {
    if (score <= 0) return -INFINITY;
    if (score >= 1) return INFINITY;
    return -400.0 * std::log10(1.0 / score - 1.0);
}

inline Expected expected_stats(const Pentanomial& p) {
    Expected e;
    e.p = p;
    e.games = 2 * p.pairs();
    e.wins = p.wl + p.wd + 2 * p.ww;
    e.draws = p.ld + 2 * p.dd + p.wd;
    e.losses = 2 * p.ll + p.ld + p.wl;
    e.defined = p.pairs() > 0;
    if (!e.defined) return e;
    const std::pair<long, double> bins[] = {
        {p.ll, 0.0}, {p.ld, 0.25}, {p.wl + p.dd, 0.5}, {p.wd, 0.75}, {p.ww, 1.0}};
    const double n = static_cast<double>(p.pairs());
    double mean = 0;
    for (const auto& [count, score] : bins) mean += count * score / n;
    double var = 0;
    bool one_bin = false;
    for (const auto& [count, score] : bins) {
        var += count * (score - mean) * (score - mean) / n;
        one_bin = one_bin || count == p.pairs();
    }
    if (one_bin) var = 0;
    const double z = 1.959964, scale = 800.0 / std::log(10.0);
    const double se = std::sqrt(var / n);
    e.elo = logistic_elo(mean);
    const double high = logistic_elo(mean + z * se), low = logistic_elo(mean - z * se);
    e.elo_error = std::isinf(high) || std::isinf(low) ? INFINITY : (high - low) / 2;
    e.nelo_error = z * scale / std::sqrt(2 * n);
    if (var > 0) {
        e.nelo = (mean - 0.5) / std::sqrt(2 * var) * scale;
        e.los = 0.5 * (1 + std::erf((mean - 0.5) / se / std::sqrt(2.0)));
    } else {
        e.nelo = mean > 0.5 ? INFINITY : mean < 0.5 ? -INFINITY : 0.0;
        e.los = mean > 0.5 ? 1.0 : mean < 0.5 ? 0.0 : 0.5;
    }
    return e;
}

// One run as the study list must show it.
struct Row {
    std::int64_t id = 0;
    std::string test, base, tc, status, command;
    std::optional<Expected> stats;  // head-to-head runs
    std::optional<double> depth, nodes, reduced, research;
};

// ------------------------------------------------------------------ expected cells

inline std::string fixed_text(double value, int decimals) {
    if (std::isinf(value)) return value > 0 ? "+inf" : "-inf";
    char text[64];
    std::snprintf(text, sizeof text, "%.*f", decimals, value + 0.0);  // -0 prints as 0
    return text;
}

inline std::string plus_minus_text(double value, double error) {
    return fixed_text(value, 2) + " ± " + (std::isinf(error) ? "inf" : fixed_text(error, 2));
}

inline std::string optional_text(const std::optional<double>& value, int decimals) {
    return value ? fixed_text(*value, decimals) : "";
}

inline std::string percent_text(const std::optional<double>& fraction, int decimals) {
    return fraction ? fixed_text(100 * *fraction, decimals) + " %" : "";
}

inline const std::vector<std::string> kHumanTitles{
    "Run",   "Test",   "Base", "TC",    "Status",     "Games",   "W/D/L",     "Ptnml",
    "Elo ±", "nElo ±", "LOS",  "Depth", "Nodes/move", "Reduced", "Re-search", "Command"};

inline const std::vector<std::string> kMachineKeys{
    "id",        "test",      "base",         "time_control",  "status",
    "games",     "wins",      "draws",        "losses",        "penta_ll",
    "penta_ld",  "penta_wl",  "penta_dd",     "penta_wd",      "penta_ww",
    "elo",       "elo_error", "nelo",         "nelo_error",    "los",
    "avg_depth", "avg_nodes", "reduced_rate", "research_rate", "command_line"};

// Human cells by column title (the aligned table and markdown).
inline std::map<std::string, std::string> human_cells(const Row& r) {
    std::map<std::string, std::string> c{{"Run", std::to_string(r.id)},
                                         {"Test", r.test},
                                         {"Base", r.base},
                                         {"TC", r.tc},
                                         {"Status", r.status},
                                         {"Depth", optional_text(r.depth, 2)},
                                         {"Nodes/move", optional_text(r.nodes, 0)},
                                         {"Reduced", percent_text(r.reduced, 1)},
                                         {"Re-search", percent_text(r.research, 1)},
                                         {"Command", r.command}};
    for (const char* title : {"Games", "W/D/L", "Ptnml", "Elo ±", "nElo ±", "LOS"}) c[title] = "";
    if (r.stats) {
        const Expected& e = *r.stats;
        c["Games"] = std::to_string(e.games);
        c["W/D/L"] =
            std::to_string(e.wins) + "/" + std::to_string(e.draws) + "/" + std::to_string(e.losses);
        c["Ptnml"] = "[" + std::to_string(e.p.ll) + "," + std::to_string(e.p.ld) + "," +
                     std::to_string(e.p.wl + e.p.dd) + "," + std::to_string(e.p.wd) + "," +
                     std::to_string(e.p.ww) + "]";
        if (e.defined) {
            c["Elo ±"] = plus_minus_text(e.elo, e.elo_error);
            c["nElo ±"] = plus_minus_text(e.nelo, e.nelo_error);
            c["LOS"] = fixed_text(100 * e.los, 2) + " %";
        }
    }
    return c;
}

inline json number_or_inf(double value) {
    if (std::isinf(value)) return value > 0 ? "+inf" : "-inf";
    return value;
}

inline json optional_json(const std::optional<double>& value) {
    return value ? json(*value) : json(nullptr);
}

inline json text_json(const std::string& text) {
    return text.empty() ? json(nullptr) : json(text);
}

// Machine values by key (CSV and JSON): null where the database has no value.
inline json machine_values(const Row& r) {
    json v = {{"id", r.id},
              {"test", text_json(r.test)},
              {"base", text_json(r.base)},
              {"time_control", r.tc},
              {"status", r.status}};
    const Expected e = r.stats.value_or(Expected{});
    const std::pair<const char*, long> counts[] = {
        {"games", e.games},   {"wins", e.wins},     {"draws", e.draws},   {"losses", e.losses},
        {"penta_ll", e.p.ll}, {"penta_ld", e.p.ld}, {"penta_wl", e.p.wl}, {"penta_dd", e.p.dd},
        {"penta_wd", e.p.wd}, {"penta_ww", e.p.ww}};
    for (const auto& [key, value] : counts) v[key] = r.stats ? json(value) : json(nullptr);
    const std::pair<const char*, double> estimates[] = {{"elo", e.elo},
                                                        {"elo_error", e.elo_error},
                                                        {"nelo", e.nelo},
                                                        {"nelo_error", e.nelo_error},
                                                        {"los", e.los}};
    for (const auto& [key, value] : estimates)
        v[key] = e.defined ? number_or_inf(value) : json(nullptr);
    v["avg_depth"] = optional_json(r.depth);
    v["avg_nodes"] = optional_json(r.nodes);
    v["reduced_rate"] = optional_json(r.reduced);
    v["research_rate"] = optional_json(r.research);
    v["command_line"] = text_json(r.command);
    return v;
}

// A machine value against what it should be: numbers to 1e-9 relative, the rest exactly.
inline void expect_value(const json& got, const json& want, const std::string& what) {
    if (want.is_number_float() && got.is_number()) {
        const double w = want.get<double>();
        EXPECT_NEAR(got.get<double>(), w, 1e-9 * std::max(1.0, std::fabs(w))) << what;
    } else {
        EXPECT_EQ(got, want) << what;
    }
}

// A CSV cell read back as the JSON value it stands for: "" is null, numbers are numbers.
inline json csv_value(const std::string& cell, const json& want) {
    if (cell.empty()) return nullptr;
    if (want.is_number_integer()) return std::stoll(cell);
    if (want.is_number_float()) return std::stod(cell);
    return cell;
}

// ------------------------------------------------------------------ reading the outputs back

// UTF-8 text as code points, so display columns index it ("±" is one column, two bytes).
inline std::vector<std::string> code_points(const std::string& text) {
    std::vector<std::string> out;
    for (unsigned char c : text) {
        if ((c & 0xC0) == 0x80 && !out.empty())
            out.back() += static_cast<char>(c);
        else
            out.emplace_back(1, static_cast<char>(c));
    }
    return out;
}

inline std::string trim(const std::string& text) {
    const auto begin = text.find_first_not_of(' ');
    if (begin == std::string::npos) return "";
    return text.substr(begin, text.find_last_not_of(' ') - begin + 1);
}

// The aligned table: the dashes under the titles give each column's place; the last column runs
// to the end of the line. Returns the title row, then the data rows.
inline std::vector<std::vector<std::string>> read_text_table(const std::string& text) {
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    std::size_t dashes = 0;
    while (dashes < lines.size() && lines[dashes].rfind("  ---", 0) != 0) ++dashes;
    if (dashes == 0 || dashes == lines.size()) return {};
    std::vector<std::pair<std::size_t, std::size_t>> spans;  // start, width
    const std::string& rule = lines[dashes];
    for (std::size_t i = 0; i < rule.size();) {
        if (rule[i] != '-') {
            ++i;
            continue;
        }
        const std::size_t start = i;
        while (i < rule.size() && rule[i] == '-') ++i;
        spans.emplace_back(start, i - start);
    }
    auto cells = [&spans](const std::string& line) {
        const auto points = code_points(line);
        std::vector<std::string> out;
        for (std::size_t c = 0; c < spans.size(); ++c) {
            const std::size_t end =
                c + 1 == spans.size() ? points.size() : spans[c].first + spans[c].second;
            std::string cell;
            for (std::size_t i = spans[c].first; i < std::min(end, points.size()); ++i)
                cell += points[i];
            out.push_back(trim(cell));
        }
        return out;
    };
    std::vector<std::vector<std::string>> rows{cells(lines[dashes - 1])};
    for (std::size_t i = dashes + 1; i < lines.size() && !lines[i].empty(); ++i)
        rows.push_back(cells(lines[i]));
    return rows;
}

// Markdown pipe-table rows (title row, then data rows; the alignment row skipped), cells as
// written: split at pipes that are not escaped.
inline std::vector<std::vector<std::string>> read_markdown_table(const std::string& text) {
    std::vector<std::vector<std::string>> rows;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) {
        if (line.rfind("| ", 0) != 0 || line.rfind("| ---", 0) == 0 || line.rfind("| :--", 0) == 0)
            continue;
        std::vector<std::string> cells;
        std::string cell;
        for (std::size_t i = 1; i < line.size(); ++i) {
            if (line[i] == '|' && line[i - 1] != '\\')
                cells.push_back(trim(std::exchange(cell, "")));
            else
                cell += line[i];
        }
        rows.push_back(cells);
    }
    return rows;
}

// RFC 4180: CRLF records, quoted cells with doubled quotes.
inline std::vector<std::vector<std::string>> read_csv(const std::string& text) {
    std::vector<std::vector<std::string>> records;
    std::vector<std::string> record;
    std::string cell;
    bool quoted = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (quoted) {
            if (c == '"' && i + 1 < text.size() && text[i + 1] == '"')
                cell += '"', ++i;
            else if (c == '"')
                quoted = false;
            else
                cell += c;
        } else if (c == '"') {
            quoted = true;
        } else if (c == ',') {
            record.push_back(std::exchange(cell, ""));
        } else if (c == '\r' && i + 1 < text.size() && text[i + 1] == '\n') {
            record.push_back(std::exchange(cell, ""));
            records.push_back(std::exchange(record, {}));
            ++i;
        } else {
            cell += c;
        }
    }
    EXPECT_TRUE(cell.empty() && record.empty()) << "the last record ends in CRLF";
    return records;
}

inline std::string escape_pipes(const std::string& text) {
    std::string out;
    for (char c : text) out += c == '|' ? std::string("\\|") : std::string(1, c);
    return out;
}

// ------------------------------------------------------------------ the check

// Every cell of every run in the four outputs of the study list equals what `rows` says.
inline void expect_study_outputs(const std::vector<Row>& rows, const std::string& table,
                                 const std::string& markdown, const std::string& csv,
                                 const std::string& json_text) {
    const auto text = read_text_table(table);
    ASSERT_EQ(text.size(), 1 + rows.size()) << table;
    EXPECT_EQ(text[0], kHumanTitles);
    for (std::size_t r = 0; r < rows.size(); ++r) {
        const auto want = human_cells(rows[r]);
        ASSERT_EQ(text[r + 1].size(), kHumanTitles.size());
        for (std::size_t c = 0; c < kHumanTitles.size(); ++c) {
            EXPECT_EQ(text[r + 1][c], want.at(kHumanTitles[c]))
                << "table, run " << rows[r].id << ", " << kHumanTitles[c];
        }
    }

    // Markdown: the same cells, pipes escaped, the command as inline code.
    const auto md = read_markdown_table(markdown);
    ASSERT_EQ(md.size(), 1 + rows.size()) << markdown;
    EXPECT_EQ(md[0], kHumanTitles);
    for (std::size_t r = 0; r < rows.size(); ++r) {
        auto want = human_cells(rows[r]);
        for (auto& [title, cell] : want) cell = escape_pipes(cell);
        if (!rows[r].command.empty()) want["Command"] = "`" + want["Command"] + "`";
        ASSERT_EQ(md[r + 1].size(), kHumanTitles.size());
        for (std::size_t c = 0; c < kHumanTitles.size(); ++c) {
            EXPECT_EQ(md[r + 1][c], want.at(kHumanTitles[c]))
                << "markdown, run " << rows[r].id << ", " << kHumanTitles[c];
        }
    }

    // CSV: one value per cell, full precision, empty where there is none.
    const auto records = read_csv(csv);
    ASSERT_EQ(records.size(), 1 + rows.size()) << csv;
    EXPECT_EQ(records[0], kMachineKeys);
    for (std::size_t r = 0; r < rows.size(); ++r) {
        const json want = machine_values(rows[r]);
        ASSERT_EQ(records[r + 1].size(), kMachineKeys.size());
        for (std::size_t c = 0; c < kMachineKeys.size(); ++c) {
            const auto& key = kMachineKeys[c];
            expect_value(csv_value(records[r + 1][c], want[key]), want[key],
                         "csv, run " + std::to_string(rows[r].id) + ", " + key);
        }
    }

    // JSON: the CSV's keys in the same order, null where there is no value.
    const json doc = json::parse(json_text);
    EXPECT_EQ(doc["columns"], "study");
    ASSERT_EQ(doc["runs"].size(), rows.size());
    for (std::size_t r = 0; r < rows.size(); ++r) {
        const json& got = doc["runs"][r];
        const json want = machine_values(rows[r]);
        std::vector<std::string> keys;
        for (const auto& item : got.items()) keys.push_back(item.key());
        EXPECT_EQ(keys, kMachineKeys);
        for (const auto& key : kMachineKeys) {
            expect_value(got[key], want[key],
                         "json, run " + std::to_string(rows[r].id) + ", " + key);
        }
    }
}

}  // namespace lmr::study_testing
