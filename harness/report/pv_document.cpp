// What the checks of the engines' PVs found in a run (docs/pv-checks.md): per engine how many
// PVs were checked and how often each rule was broken, with the first occurrence of each.

#include "harness/report/cells.hpp"
#include "harness/report/tables.hpp"

namespace lmr::report {
namespace {

Column column(Audience audience, const char* key, const char* title, Align align) {
    return {key, audience == Audience::kHuman ? title : key, align};
}

std::string engine_label(const store::EnginePvChecks& e) {
    return e.name + " (" + std::string(store::to_string(e.role)) + ")";
}

Table violations_table(const RunDetail& d, Audience a) {
    Table t;
    t.key = "pv_violations";
    t.title = "PV violations";
    t.columns = {column(a, "engine", "Engine", Align::kLeft),
                 column(a, "role", "Role", Align::kLeft), column(a, "kind", "Kind", Align::kLeft),
                 column(a, "count", "Count", Align::kRight),
                 column(a, "games", "Games", Align::kRight)};
    // People read the examples in the notes: a whole info line does not fit a table cell.
    if (a == Audience::kMachine) t.columns.push_back(column(a, "example", "", Align::kLeft));
    for (const auto& e : d.pv) {
        for (const auto& k : e.kinds) {
            std::vector<std::string> row{e.name, std::string(store::to_string(e.role)), k.kind,
                                         integer(k.count), integer(k.games)};
            if (a == Audience::kMachine) row.push_back(k.example);
            t.rows.push_back(std::move(row));
        }
    }
    return t;
}

Table checks_table(const RunDetail& d) {
    Table t;
    t.key = "pv_checks";
    for (const char* key :
         {"engine", "role", "games", "searches", "pvs", "violations", "games_with_violations"})
        t.columns.push_back(column(Audience::kMachine, key, "", Align::kLeft));
    for (const auto& e : d.pv) {
        t.rows.push_back({e.name, std::string(store::to_string(e.role)), integer(e.games),
                          integer(e.searches), integer(e.pvs), integer(e.violations),
                          integer(e.games_with_violations)});
    }
    return t;
}

}  // namespace

std::string pv_violation_summary(const store::EnginePvChecks& e) {
    const std::string checked = integer(e.pvs) + " PVs of " + integer(e.searches) + " searches";
    if (e.violations == 0)
        return "no violations in " + checked + " (" + integer(e.games) + " games)";
    std::string kinds;
    for (const auto& k : e.kinds) {
        if (!kinds.empty()) kinds += ", ";
        kinds += integer(k.count) + " " + k.kind;
    }
    return integer(e.violations) + " violations (" + kinds + ") in " +
           integer(e.games_with_violations) + " of " + integer(e.games) + " games; " + checked;
}

Section pv_checks_section(const RunDetail& d, Audience a) {
    Section s;
    s.title = "PV checks";
    if (a == Audience::kMachine) {
        s.tables.push_back(checks_table(d));
        s.tables.push_back(violations_table(d, a));
        return s;
    }
    bool any = false;
    for (const auto& e : d.pv) {
        s.fields.emplace_back(engine_label(e), pv_violation_summary(e));
        any = any || e.violations > 0;
    }
    if (any) {
        s.tables.push_back(violations_table(d, a));
        for (const auto& e : d.pv)
            for (const auto& k : e.kinds)
                s.notes.push_back("First " + k.kind + " of " + e.name + ": " + k.example);
    }
    s.notes.push_back(
        "Every PV of every info line was replayed on the position searched and every bestmove "
        "compared with the last PV, as fastchess does with -check-mate-pvs (docs/pv-checks.md).");
    return s;
}

}  // namespace lmr::report
