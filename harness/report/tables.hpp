#pragma once

// Report data → documents (document.hpp), for people (terminal, markdown, HTML) or machines
// (CSV). The statistics text is harness/stats' own (format_block, format_number), so the
// numbers are those `lmr-harness stats` prints.

#include <initializer_list>
#include <string>
#include <tuple>
#include <vector>

#include "harness/report/data.hpp"
#include "harness/report/document.hpp"
#include "harness/report/view.hpp"

namespace lmr::report {

// Shorthand for the alignments in the column lists below.
inline constexpr Align L = Align::kLeft;
inline constexpr Align R = Align::kRight;

// Columns given as (key, human title, alignment): a human document heads each with its title, a
// machine one with its key.
inline std::vector<Column> columns(
    Audience audience, std::initializer_list<std::tuple<const char*, const char*, Align>> list) {
    std::vector<Column> out;
    for (const auto& [key, title, align] : list)
        out.push_back({key, audience == Audience::kHuman ? title : key, align});
    return out;
}

// `report`: every run, one row each.
Document runs_document(const std::vector<RunRow>& runs, Audience audience);
// `report --columns study`: every run, one row each, in the study's columns.
Document study_document(const std::vector<StudyRow>& rows, Audience audience);
// A study's figures file, as the study page shows it: a row per measurement, with its 95 %
// interval and its verdict by the study's rule (verdict_rule.hpp).
Table measured_table(const MeasuredSource& source);
// `report --run N`.
Document run_document(const RunDetail& run, Audience audience);
// `report --baseline NAME`.
Document baseline_document(const BaselineReport& report, Audience audience);
// `report --ratings NAME`.
Document ratings_document(const RatingsReport& report, Audience audience);
// A tournament's standings and pairings (`report --run N`, and `tournament` when it ends).
Section standings_section(const Standings& standings, Audience audience);

// The list's table alone (the HTML page and the run page reuse it).
Table runs_table(const std::vector<RunRow>& runs, Audience audience);
// "base vs test", the engines of a tournament, "tune of base".
std::string matchup(const RunRow& row);

// A tune's parameters (with the value θ sends to the engine, when `sent` has one per
// parameter) and θ after each iteration in `shown` (headed by `headings` for people: the
// parameters' short names), as `report --run N` and `tune show` print them.
Table tune_params_table(const TuneData& tune, Audience audience,
                        const std::vector<std::string>& sent);
Table tune_trajectory_table(const TuneData& tune, Audience audience, const std::vector<int>& shown,
                            const std::vector<std::string>& headings);

// The column of an engine's role ("base", "test", "participant").
template <typename Row>
Field<Row> role_field() {
    return {"role", "Role", L, [](const Row& r) {
                return Value{std::string(store::to_string(r.role)), {}};
            }};
}

// The views a document and the JSON both show (view.hpp): one column list each.
View<StudyRow> study_view();  // `report --columns study`
// A run's terminations (with each one's share of `all`), its faults, each engine's searches,
// its results per opening, each engine's LMR totals and rules, PV checks and kinds of violation.
View<store::TerminationTotals> terminations_view(const std::vector<store::TerminationTotals>& all);
View<store::GameFault> faults_view();
View<SideRow> search_view();
View<store::OpeningResult> openings_view();
View<store::EngineLmrStats> lmr_view();
View<store::LmrRuleTotals> lmr_rules_view();
View<store::EnginePvChecks> pv_checks_view();
View<store::PvViolationTotals> pv_violations_view();
// A tune's parameters (θ now: after the last iteration). A row is a parameter's index
// (tune_param_rows); the view reads `tune`, which must outlive it.
View<std::size_t> tune_params_view(const TuneData& tune);
std::vector<std::size_t> tune_param_rows(const TuneData& tune);

// The PV checks of a run's engines (docs/pv-checks.md), as `report --run N` shows them.
Section pv_checks_section(const RunDetail& run, Audience audience);
// One engine's PV checks in a line: "no violations in 812 PVs of 40 searches (2 games)" or
// "3 violations (2 after-checkmate, 1 bestmove-not-pv) in 2 of 4 games; 812 PVs of 40 searches".
std::string pv_violation_summary(const store::EnginePvChecks& engine);

}  // namespace lmr::report
