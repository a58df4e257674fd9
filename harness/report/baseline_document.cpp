// Elo of every config against a baseline: the direct measurements in one table, the configs
// that were only measured against a common opponent (or not at all) apart, never chained.

#include "engine/text/text.hpp"
#include "harness/report/cells.hpp"
#include "harness/report/tables.hpp"

namespace lmr::report {
namespace {

Table human_direct(const BaselineReport& report) {
    Table t;
    t.key = "direct";
    t.title = "Measured against " + report.baseline;
    t.empty_text = "(no config has played " + report.baseline + ")";
    t.columns = {{"config", "Config", Align::kLeft},   {"pairs", "Pairs", Align::kRight},
                 {"runs", "Runs", Align::kLeft},       {"wdl", "W/D/L", Align::kRight},
                 {"ptnml", "Ptnml", Align::kRight},    {"elo", "Elo ±", Align::kRight},
                 {"nelo", "nElo ±", Align::kRight},    {"los", "LOS", Align::kRight},
                 {"tc", "Time controls", Align::kLeft}};
    for (const auto& e : report.entries) {
        if (e.relation != Relation::kDirect || !e.stats) continue;
        const auto& s = *e.stats;
        const auto& g = *s.counts.games;
        std::string name = e.config;
        if (e.setups > 1) name += " (" + integer(e.setups) + " set-ups)";
        t.rows.push_back({name, integer(s.counts.pairs->pairs()), e.run_ids,
                          wdl(g.wins, g.draws, g.losses), ptnml(*s.counts.pairs),
                          plus_minus(s.estimate.elo, s.estimate.elo_error),
                          plus_minus(s.estimate.nelo, s.estimate.nelo_error),
                          percent(s.estimate.los, 2), text::joined(e.time_controls, ", ")});
    }
    return t;
}

Table human_indirect(const BaselineReport& report) {
    Table t;
    t.key = "indirect";
    t.title = "Not measured against " + report.baseline;
    t.columns = {{"config", "Config", Align::kLeft},
                 {"relation", "Relation", Align::kLeft},
                 {"common_opponents", "Played instead (also played by " + report.baseline + ")",
                  Align::kLeft}};
    for (const auto& e : report.entries) {
        if (e.relation == Relation::kDirect) continue;
        t.rows.push_back(
            {e.config, std::string(to_string(e.relation)),
             e.common_opponents.empty() ? "-" : text::joined(e.common_opponents, ", ")});
    }
    return t;
}

Table machine_table(const BaselineReport& report) {
    Table t;
    t.key = "baseline";
    for (const char* key : {"baseline",   "config",   "relation",         "pairs",
                            "runs",       "run_ids",  "setups",           "wins",
                            "draws",      "losses",   "penta_ll",         "penta_ld",
                            "penta_wl",   "penta_dd", "penta_wd",         "penta_ww",
                            "score",      "elo",      "elo_error",        "nelo",
                            "nelo_error", "los",      "common_opponents", "time_controls"}) {
        t.columns.push_back({key, key, Align::kLeft});
    }
    for (const auto& e : report.entries) {
        std::vector<std::string> row{report.baseline, e.config, std::string(to_string(e.relation))};
        if (e.stats) {
            const auto& s = *e.stats;
            const auto& p = *s.counts.pairs;
            const auto& g = *s.counts.games;
            const auto& x = s.estimate;
            row.insert(
                row.end(),
                {integer(p.pairs()), integer(e.runs), e.run_ids, integer(e.setups), integer(g.wins),
                 integer(g.draws), integer(g.losses), integer(p.ll), integer(p.ld), integer(p.wl),
                 integer(p.dd), integer(p.wd), integer(p.ww), number(x.score), number(x.elo),
                 number(x.elo_error), number(x.nelo), number(x.nelo_error), number(x.los)});
        } else {
            row.insert(row.end(), 19, "");
        }
        row.push_back(text::joined(e.common_opponents, ";"));
        row.push_back(text::joined(e.time_controls, ";"));
        t.rows.push_back(std::move(row));
    }
    return t;
}

}  // namespace

Document baseline_document(const BaselineReport& report, Audience audience) {
    Document doc;
    doc.title = "Elo against " + report.baseline;
    Section s;
    if (audience == Audience::kMachine) {
        s.tables.push_back(machine_table(report));
        doc.sections.push_back(std::move(s));
        return doc;
    }
    s.fields.emplace_back("Baseline", report.baseline);
    s.fields.emplace_back("It played",
                          report.opponents.empty() ? "-" : text::joined(report.opponents, ", "));
    s.fields.emplace_back(report.time_control ? "Time control (--tc)" : "Time controls",
                          pooled_text(report.time_controls));
    s.tables.push_back(human_direct(report));
    bool indirect = false;
    for (const auto& e : report.entries) indirect = indirect || e.relation != Relation::kDirect;
    if (indirect) s.tables.push_back(human_indirect(report));
    s.notes.push_back(
        "Each config's counts are pooled over every completed pair it played "
        "against " +
        report.baseline + " (runs listed), from the config's side; Elo ± is the 95 % interval.");
    if (auto note = mixed_time_controls_note(report.time_controls, "These figures pool");
        !note.empty())
        s.notes.push_back(std::move(note));
    if (indirect) {
        s.notes.push_back(
            "Configs measured only against a common opponent have no Elo here: "
            "results through a third engine are not chained.");
    }
    doc.sections.push_back(std::move(s));
    return doc;
}

}  // namespace lmr::report
