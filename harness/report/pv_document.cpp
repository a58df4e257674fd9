// What the checks of the engines' PVs found in a run (docs/pv-checks.md): per engine how many
// PVs were checked and how often each rule was broken, with the first occurrence of each.

#include "harness/report/cells.hpp"
#include "harness/report/tables.hpp"

namespace lmr::report {
namespace {

std::string engine_label(const store::EnginePvChecks& e) {
    return e.name + " (" + std::string(store::to_string(e.role)) + ")";
}

// Each row starts with its engine's name and role.
Table violations_table(const RunDetail& d, Audience a) {
    Table t = view_table(owned_view(pv_checks_view(), 2, pv_violations_view()),
                         owned_rows(d.pv, &store::EnginePvChecks::kinds), a);
    t.key = "pv_violations";
    t.title = "PV violations";
    return t;
}

Table checks_table(const RunDetail& d) {
    Table t = view_table(pv_checks_view(), d.pv, Audience::kMachine);
    t.key = "pv_checks";
    return t;
}

}  // namespace

View<store::EnginePvChecks> pv_checks_view() {
    using E = store::EnginePvChecks;
    return {member_field<E>("engine", "Engine", L, &E::name),
            role_field<E>(),
            member_field<E>("games", "Games", R, &E::games),
            member_field<E>("searches", "Searches", R, &E::searches),
            member_field<E>("pvs", "PVs", R, &E::pvs),
            member_field<E>("violations", "Violations", R, &E::violations),
            member_field<E>("games_with_violations", "Games with violations", R,
                            &E::games_with_violations)};
}

View<store::PvViolationTotals> pv_violations_view() {
    using K = store::PvViolationTotals;
    return {member_field<K>("kind", "Kind", L, &K::kind),
            member_field<K>("count", "Count", R, &K::count),
            member_field<K>("games", "Games", R, &K::games),
            // People read the examples in the notes: a whole info line does not fit a cell.
            member_field<K>("example", "Example", L, &K::example, Shown::kMachine)};
}

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
