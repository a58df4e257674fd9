// The study form of the list (`report --columns study`): one row per run with the test config's
// counts and statistics, its average depth and nodes per move, its LMR reduced and re-search
// rates, and the command line that produced the run. A value the database does not have (no
// test engine, no completed pair, no moves, no LMR statistics) is an empty cell.

#include "harness/report/cells.hpp"
#include "harness/report/tables.hpp"
#include "harness/report/verdict_rule.hpp"

namespace lmr::report {
namespace {

// The counts and statistics of a head-to-head run (nullptr otherwise).
const stats::Summary* counted(const StudyRow& r) {
    return r.row.head_to_head && r.row.stats ? &*r.row.stats : nullptr;
}

// A count of the run's completed pairs or their games; null without them.
template <typename Count>
Field<StudyRow> count_field(const char* key, Count count) {
    return {
        key, key, R,
        [count](const StudyRow& r) {
            const stats::Summary* st = counted(r);
            return st ? Value{count(*st->counts.games, *st->counts.pairs), {}} : Value{nullptr, ""};
        },
        Shown::kMachine};
}

// An estimate of the run's Elo (its value for machines, `human` for people); null when the
// run has no defined estimate.
template <typename Estimate, typename Human>
Field<StudyRow> estimate_field(const char* key, const char* title, Estimate estimate, Human human,
                               Shown shown) {
    return {key, title, R,
            [estimate, human](const StudyRow& r) {
                const stats::Summary* st = counted(r);
                if (!st || !st->estimate.defined()) return Value{nullptr, ""};
                return Value{number_value(estimate(st->estimate)), human(st->estimate)};
            },
            shown};
}

// One of the test engine's search or LMR averages; null where the database has none.
template <typename Average>
Field<StudyRow> test_field(const char* key, const char* title, Average average, bool as_percent,
                           int decimals) {
    return {
        key, title, R, [average, as_percent, decimals](const StudyRow& r) {
            const std::optional<double> v = r.test ? average(*r.test) : std::optional<double>{};
            if (!v) return Value{nullptr, ""};
            return Value{number_value(v), as_percent ? percent(*v, decimals) : fixed(*v, decimals)};
        }};
}

}  // namespace

View<StudyRow> study_view() {
    using P = stats::Pentanomial;
    using T = stats::Trinomial;
    using E = stats::EloEstimate;
    using Test = store::TestEngineTotals;
    const auto none = [](const E&) { return std::string(); };
    return {
        {"id", "Run", R,
         [](const StudyRow& r) {
             return Value{r.row.run.id, {}};
         }},
        {"test", "Test", L,
         [](const StudyRow& r) {
             return Value{text_or_null(r.row.summary.test_name), {}};
         }},
        {"base", "Base", L,
         [](const StudyRow& r) {
             return Value{text_or_null(r.row.summary.base_name), {}};
         }},
        {"time_control", "TC", L,
         [](const StudyRow& r) {
             return Value{r.row.run.time_control, {}};
         }},
        {"status", "Status", L,
         [](const StudyRow& r) {
             return Value{std::string(store::to_string(r.row.run.status)), {}};
         }},
        {"games", "Games", R,
         [](const StudyRow& r) {
             const stats::Summary* st = counted(r);
             return st ? Value{st->counts.games->games(), {}} : Value{nullptr, ""};
         }},
        {"wdl", "W/D/L", R,
         [](const StudyRow& r) {
             const stats::Summary* st = counted(r);
             const auto& g = st ? *st->counts.games : T{};
             return Value{nullptr, st ? wdl(g.wins, g.draws, g.losses) : ""};
         },
         Shown::kHuman},
        count_field("wins", [](const T& g, const P&) { return g.wins; }),
        count_field("draws", [](const T& g, const P&) { return g.draws; }),
        count_field("losses", [](const T& g, const P&) { return g.losses; }),
        {"ptnml", "Ptnml", R,
         [](const StudyRow& r) {
             const stats::Summary* st = counted(r);
             return Value{nullptr, st ? ptnml(*st->counts.pairs) : ""};
         },
         Shown::kHuman},
        count_field("penta_ll", [](const T&, const P& p) { return p.ll; }),
        count_field("penta_ld", [](const T&, const P& p) { return p.ld; }),
        count_field("penta_wl", [](const T&, const P& p) { return p.wl; }),
        count_field("penta_dd", [](const T&, const P& p) { return p.dd; }),
        count_field("penta_wd", [](const T&, const P& p) { return p.wd; }),
        count_field("penta_ww", [](const T&, const P& p) { return p.ww; }),
        estimate_field(
            "elo", "Elo ±", [](const E& e) { return e.elo; },
            [](const E& e) { return plus_minus(e.elo, e.elo_error); }, Shown::kBoth),
        estimate_field(
            "elo_error", "", [](const E& e) { return e.elo_error; }, none, Shown::kMachine),
        estimate_field(
            "nelo", "nElo ±", [](const E& e) { return e.nelo; },
            [](const E& e) { return plus_minus(e.nelo, e.nelo_error); }, Shown::kBoth),
        estimate_field(
            "nelo_error", "", [](const E& e) { return e.nelo_error; }, none, Shown::kMachine),
        estimate_field(
            "los", "LOS", [](const E& e) { return e.los; },
            [](const E& e) { return percent(e.los); }, Shown::kBoth),
        test_field(
            "avg_depth", "Depth", [](const Test& t) { return t.avg_depth; }, false, 2),
        test_field(
            "avg_nodes", "Nodes/move", [](const Test& t) { return t.avg_nodes; }, false, 0),
        test_field(
            "reduced_rate", "Reduced", [](const Test& t) { return t.reduced_rate; }, true, 1),
        test_field(
            "research_rate", "Re-search", [](const Test& t) { return t.research_rate; }, true, 1),
        {"command_line", "Command", L,
         [](const StudyRow& r) {
             return Value{text_or_null(r.row.run.command_line), {}};
         }},
    };
}

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
    Table table = view_table(study_view(), rows, audience);
    table.key = "runs";
    table.empty_text = "(no runs in this database)";
    // Markdown shows the command lines as inline code.
    for (Column& column : table.columns) column.code = column.key == "command_line";
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
