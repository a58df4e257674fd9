// The list of runs as a table: one row per run with its counts and statistics.

#include "harness/report/cells.hpp"
#include "harness/report/tables.hpp"

namespace lmr::report {
namespace {

std::vector<Column> human_columns() {
    return {{"id", "Run", Align::kRight},
            {"date", "Date (UTC)", Align::kLeft},
            {"kind", "Kind", Align::kLeft},
            {"matchup", "Base vs test", Align::kLeft},
            {"tc", "TC", Align::kLeft},
            {"pairs", "Pairs", Align::kRight},
            {"wdl", "W/D/L", Align::kRight},
            {"ptnml", "Ptnml", Align::kRight},
            {"elo", "Elo ±", Align::kRight},
            {"nelo", "nElo ±", Align::kRight},
            {"llr", "LLR (bounds)", Align::kRight},
            {"verdict", "Verdict", Align::kLeft},
            {"status", "Status", Align::kLeft}};
}

std::vector<Column> machine_columns() {
    std::vector<Column> columns;
    for (const char* key :
         {"id",         "created_at", "kind",         "status",   "verdict",     "base",
          "test",       "engines",    "time_control", "pairs",    "games",       "wins",
          "draws",      "losses",     "penta_ll",     "penta_ld", "penta_wl",    "penta_dd",
          "penta_wd",   "penta_ww",   "score",        "elo",      "elo_error",   "nelo",
          "nelo_error", "los",        "draw_ratio",   "llr",      "lower_bound", "upper_bound",
          "elo0",       "elo1",       "sprt_state"}) {
        columns.push_back({key, key, Align::kLeft});
    }
    return columns;
}

std::vector<std::string> human_cells(const RunRow& row) {
    const auto& s = row.summary;
    std::vector<std::string> cells{integer(row.run.id),
                                   short_date(row.run.created_at),
                                   std::string(store::to_string(row.run.kind)),
                                   matchup(row),
                                   row.run.time_control,
                                   integer(s.pairs_completed)};
    if (row.head_to_head && row.stats) {
        const auto& e = row.stats->estimate;
        cells.push_back(wdl(s.wins, s.draws, s.losses));
        cells.push_back(ptnml(*row.stats->counts.pairs));
        cells.push_back(e.defined() ? plus_minus(e.elo, e.elo_error) : "-");
        cells.push_back(e.defined() ? plus_minus(e.nelo, e.nelo_error) : "-");
        if (row.stats->sprt) {
            const auto& r = *row.stats->sprt;
            cells.push_back(fixed(r.llr, 2) + " [" + fixed(r.bounds.lower, 2) + ", " +
                            fixed(r.bounds.upper, 2) + "]");
        } else {
            cells.push_back("");
        }
    } else {
        cells.insert(cells.end(), {"", "", "", "", ""});
    }
    const std::string verdict = verdict_text(row);
    cells.push_back(verdict.empty() ? "-" : verdict);
    cells.push_back(std::string(store::to_string(row.run.status)));
    return cells;
}

std::vector<std::string> machine_cells(const RunRow& row) {
    const auto& s = row.summary;
    std::vector<std::string> cells{integer(row.run.id),
                                   row.run.created_at,
                                   std::string(store::to_string(row.run.kind)),
                                   std::string(store::to_string(row.run.status)),
                                   std::string(store::run_verdict_name(row.run.verdict)),
                                   s.base_name,
                                   s.test_name,
                                   s.engines,
                                   row.run.time_control,
                                   integer(s.pairs_completed),
                                   integer(s.games)};
    const bool counted = row.head_to_head && row.stats;
    for (long v : {s.wins, s.draws, s.losses, s.penta.ll, s.penta.ld, s.penta.wl, s.penta.dd,
                   s.penta.wd, s.penta.ww}) {
        cells.push_back(counted ? integer(v) : "");
    }
    const bool defined = counted && row.stats->estimate.defined();
    const auto& e = row.stats ? row.stats->estimate : stats::EloEstimate{};
    for (double v : {e.score, e.elo, e.elo_error, e.nelo, e.nelo_error, e.los, e.draw_ratio}) {
        cells.push_back(defined ? number(v) : "");
    }
    if (counted && row.stats->sprt) {
        const auto& r = *row.stats->sprt;
        cells.push_back(number(r.llr));
        cells.push_back(number(r.bounds.lower));
        cells.push_back(number(r.bounds.upper));
        cells.push_back(number(r.params.elo0));
        cells.push_back(number(r.params.elo1));
        cells.push_back(std::string(stats::verdict_name(r.verdict)));
    } else {
        cells.insert(cells.end(), {"", "", "", "", "", ""});
    }
    return cells;
}

}  // namespace

std::string matchup(const RunRow& row) {
    const auto& s = row.summary;
    if (row.head_to_head) return s.base_name + " vs " + s.test_name;
    if (row.run.kind == store::RunKind::kTune && !s.base_name.empty())
        return "tune of " + s.base_name;
    // "participant:a, participant:b" → "a, b"
    std::string names;
    std::size_t start = 0;
    while (start < s.engines.size()) {
        std::size_t end = s.engines.find(", ", start);
        if (end == std::string::npos) end = s.engines.size();
        const std::string item = s.engines.substr(start, end - start);
        const auto colon = item.find(':');
        names += (names.empty() ? "" : ", ") +
                 (colon == std::string::npos ? item : item.substr(colon + 1));
        start = end + 2;
    }
    return names;
}

Table runs_table(const std::vector<RunRow>& runs, Audience audience) {
    Table table;
    table.key = "runs";
    table.title = "Runs";
    table.empty_text = "(no runs in this database)";
    table.columns = audience == Audience::kHuman ? human_columns() : machine_columns();
    for (const auto& row : runs) {
        table.rows.push_back(audience == Audience::kHuman ? human_cells(row) : machine_cells(row));
    }
    return table;
}

Document runs_document(const std::vector<RunRow>& runs, Audience audience) {
    Document doc;
    doc.title = "Runs";
    Section section;
    Table table = runs_table(runs, audience);
    table.title.clear();  // the document's title says it
    section.tables.push_back(std::move(table));
    if (audience == Audience::kHuman && !runs.empty()) {
        section.notes.push_back(
            "W/D/L, pentanomial [LL,LD,WL+DD,WD,WW], Elo and LLR are the test engine's, over "
            "completed pairs; Elo ± is the 95 % interval. `report --run N` shows one run.");
    }
    doc.sections.push_back(std::move(section));
    return doc;
}

}  // namespace lmr::report
