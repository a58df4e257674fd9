// The study form of the list (`report --columns study`): one row per run with the test config's
// counts and statistics, its average depth and nodes per move, its LMR reduced and re-search
// rates, and the command line that produced the run. A value the database does not have (no
// test engine, no completed pair, no moves, no LMR statistics) is an empty cell.

#include "harness/report/cells.hpp"
#include "harness/report/tables.hpp"
#include "harness/report/verdict_rule.hpp"

namespace lmr::report {
namespace {

std::vector<Column> human_columns() {
    return {{"id", "Run", R},
            {"test", "Test", L},
            {"base", "Base", L},
            {"time_control", "TC", L},
            {"status", "Status", L},
            {"games", "Games", R},
            {"wdl", "W/D/L", R},
            {"ptnml", "Ptnml", R},
            {"elo", "Elo ±", R},
            {"nelo", "nElo ±", R},
            {"los", "LOS", R},
            {"avg_depth", "Depth", R},
            {"avg_nodes", "Nodes/move", R},
            {"reduced_rate", "Reduced", R},
            {"research_rate", "Re-search", R},
            {"command_line", "Command", L, true}};
}

std::vector<Column> machine_columns() {
    std::vector<Column> columns;
    for (const char* key :
         {"id",        "test",      "base",         "time_control",  "status",
          "games",     "wins",      "draws",        "losses",        "penta_ll",
          "penta_ld",  "penta_wl",  "penta_dd",     "penta_wd",      "penta_ww",
          "elo",       "elo_error", "nelo",         "nelo_error",    "los",
          "avg_depth", "avg_nodes", "reduced_rate", "research_rate", "command_line"}) {
        columns.push_back({key, key, L});
    }
    return columns;
}

// The counts and statistics of a head-to-head run (nullptr otherwise).
const stats::Summary* counted(const StudyRow& r) {
    return r.row.head_to_head && r.row.stats ? &*r.row.stats : nullptr;
}

std::string human(const std::optional<double>& value, int decimals) {
    return value ? fixed(*value, decimals) : std::string();
}

std::string human_percent(const std::optional<double>& fraction) {
    return fraction ? percent(*fraction, 1) : std::string();
}

// The cells both audiences start a row with: run, test, base, time control, status.
std::vector<std::string> leading_cells(const StudyRow& r) {
    const auto& run = r.row.run;
    const auto& s = r.row.summary;
    return {integer(run.id), s.test_name, s.base_name, run.time_control,
            std::string(store::to_string(run.status))};
}

std::vector<std::string> human_cells(const StudyRow& r) {
    const auto& run = r.row.run;
    std::vector<std::string> cells = leading_cells(r);
    if (const stats::Summary* st = counted(r)) {
        const auto& games = *st->counts.games;
        const auto& e = st->estimate;
        cells.push_back(integer(games.games()));
        cells.push_back(wdl(games.wins, games.draws, games.losses));
        cells.push_back(ptnml(*st->counts.pairs));
        cells.push_back(e.defined() ? plus_minus(e.elo, e.elo_error) : "");
        cells.push_back(e.defined() ? plus_minus(e.nelo, e.nelo_error) : "");
        cells.push_back(e.defined() ? percent(e.los) : "");
    } else {
        cells.insert(cells.end(), 6, "");
    }
    const auto& t = r.test;
    cells.push_back(t ? human(t->avg_depth, 2) : "");
    cells.push_back(t ? human(t->avg_nodes, 0) : "");
    cells.push_back(t ? human_percent(t->reduced_rate) : "");
    cells.push_back(t ? human_percent(t->research_rate) : "");
    cells.push_back(run.command_line);
    return cells;
}

std::vector<std::string> machine_cells(const StudyRow& r) {
    const auto& run = r.row.run;
    std::vector<std::string> cells = leading_cells(r);
    if (const stats::Summary* st = counted(r)) {
        const auto& games = *st->counts.games;
        const auto& p = *st->counts.pairs;
        for (long v : {games.games(), games.wins, games.draws, games.losses, p.ll, p.ld, p.wl, p.dd,
                       p.wd, p.ww}) {
            cells.push_back(integer(v));
        }
        const auto& e = st->estimate;
        for (double v : {e.elo, e.elo_error, e.nelo, e.nelo_error, e.los})
            cells.push_back(e.defined() ? number(v) : "");
    } else {
        cells.insert(cells.end(), 15, "");
    }
    if (const auto& t = r.test) {
        for (const auto* v : {&t->avg_depth, &t->avg_nodes, &t->reduced_rate, &t->research_rate})
            cells.push_back(number(*v));
    } else {
        cells.insert(cells.end(), 4, "");
    }
    cells.push_back(run.command_line);
    return cells;
}

}  // namespace

Table measured_table(const MeasuredSource& source) {
    Table table;
    table.key = "figures";
    table.columns = {
        {"id", "Row", R},          {"test", "Test", L},      {"base", "Base", L},
        {"time_control", "TC", L}, {"games", "Games", R},    {"wdl", "W/D/L", R},
        {"ptnml", "Ptnml", R},     {"elo", "Elo ± 95 %", R}, {"interval", "Interval", R},
        {"verdict", "Verdict", L}};
    for (const MeasuredRun& run : source.runs) {
        const auto& games = *run.stats.counts.games;
        const auto& e = run.stats.estimate;
        table.rows.push_back({integer(run.id), run.test, run.base, run.time_control,
                              integer(games.games()), wdl(games.wins, games.draws, games.losses),
                              ptnml(*run.stats.counts.pairs), plus_minus(e.elo, e.elo_error, 1),
                              fixed(e.elo - e.elo_error, 1) + " … " + fixed(e.elo + e.elo_error, 1),
                              interval_verdict(run.stats)});
    }
    return table;
}

Document study_document(const std::vector<StudyRow>& rows, Audience audience) {
    Document doc;
    doc.title = "Runs";
    Section section;
    Table table;
    table.key = "runs";
    table.empty_text = "(no runs in this database)";
    table.columns = audience == Audience::kHuman ? human_columns() : machine_columns();
    for (const auto& row : rows)
        table.rows.push_back(audience == Audience::kHuman ? human_cells(row) : machine_cells(row));
    section.tables.push_back(std::move(table));
    if (audience == Audience::kHuman && !rows.empty()) {
        section.notes.push_back(
            "Every column is the test engine's. Games, W/D/L, pentanomial [LL,LD,WL+DD,WD,WW], "
            "Elo, nElo and LOS count completed pairs; Elo ± and nElo ± are 95 % intervals. Depth "
            "and nodes are averages per move, reduced % is per late move and re-search % per "
            "reduced search, over every stored game (as `report --run N`). An empty cell: the "
            "database has no such value.");
    }
    doc.sections.push_back(std::move(section));
    return doc;
}

}  // namespace lmr::report
