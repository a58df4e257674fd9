// Elo of every config against a baseline: the direct measurements in one table, the configs
// that were only measured against a common opponent (or not at all) apart, never chained.

#include "engine/text/text.hpp"
#include "harness/report/cells.hpp"
#include "harness/report/tables.hpp"
#include "harness/report/view.hpp"

namespace lmr::report {
namespace {

using Row = Owned<BaselineReport, BaselineEntry>;

// A count or statistic of a directly measured entry for machines; null for the others.
template <typename Figure>
Field<Row> measured_field(const char* key, Figure figure) {
    return {key, key, Align::kLeft,
            [figure](const Row& r) {
                return Value{r.child->stats ? nlohmann::ordered_json(figure(*r.child->stats))
                                            : nlohmann::ordered_json(nullptr),
                             {}};
            },
            Shown::kMachine};
}

// A combined cell for people (its rows are the entries measured directly: they have stats).
template <typename Text>
Field<Row> human_field(const char* key, const char* title, Align align, Text text) {
    return {key, title, align,
            [text](const Row& r) {
                return Value{nullptr, text(*r.child, *r.child->stats)};
            },
            Shown::kHuman};
}

// The baseline list's columns, once: people see the configs measured directly with combined
// cells; machines every config with each figure in a column of its own.
View<Row> baseline_view() {
    using S = stats::Summary;
    using E = BaselineEntry;
    constexpr auto L = Align::kLeft;
    constexpr auto R = Align::kRight;
    constexpr auto M = Shown::kMachine;
    const auto penta = [](const S& s) { return *s.counts.pairs; };
    const auto games = [](const S& s) { return *s.counts.games; };
    return {
        {"baseline", "baseline", L,
         [](const Row& r) {
             return Value{r.parent->baseline, {}};
         },
         M},
        {"config", "Config", L,
         [](const Row& r) {
             std::string name = r.child->config;
             if (r.child->setups > 1) name += " (" + integer(r.child->setups) + " set-ups)";
             return Value{r.child->config, name};
         }},
        {"relation", "relation", L,
         [](const Row& r) {
             return Value{std::string(to_string(r.child->relation)), {}};
         },
         M},
        {"pairs", "Pairs", R,
         [](const Row& r) {
             return Value{r.child->stats
                              ? nlohmann::ordered_json(r.child->stats->counts.pairs->pairs())
                              : nlohmann::ordered_json(nullptr),
                          {}};
         }},
        human_field("runs", "Runs", L, [](const E& e, const S&) { return e.run_ids; }),
        {"runs", "runs", L,
         [](const Row& r) {
             return Value{r.child->stats ? nlohmann::ordered_json(r.child->runs)
                                         : nlohmann::ordered_json(nullptr),
                          {}};
         },
         M},
        {"run_ids", "run_ids", L,
         [](const Row& r) {
             return Value{r.child->stats ? r.child->run_ids : "", {}};
         },
         M},
        {"setups", "setups", L,
         [](const Row& r) {
             return Value{r.child->stats ? nlohmann::ordered_json(r.child->setups)
                                         : nlohmann::ordered_json(nullptr),
                          {}};
         },
         M},
        measured_field("wins", [games](const S& s) { return games(s).wins; }),
        measured_field("draws", [games](const S& s) { return games(s).draws; }),
        measured_field("losses", [games](const S& s) { return games(s).losses; }),
        measured_field("penta_ll", [penta](const S& s) { return penta(s).ll; }),
        measured_field("penta_ld", [penta](const S& s) { return penta(s).ld; }),
        measured_field("penta_wl", [penta](const S& s) { return penta(s).wl; }),
        measured_field("penta_dd", [penta](const S& s) { return penta(s).dd; }),
        measured_field("penta_wd", [penta](const S& s) { return penta(s).wd; }),
        measured_field("penta_ww", [penta](const S& s) { return penta(s).ww; }),
        human_field("wdl", "W/D/L", R,
                    [games](const E&, const S& s) {
                        return wdl(games(s).wins, games(s).draws, games(s).losses);
                    }),
        human_field("ptnml", "Ptnml", R, [penta](const E&, const S& s) { return ptnml(penta(s)); }),
        measured_field("score", [](const S& s) { return number_value(s.estimate.score); }),
        measured_field("elo", [](const S& s) { return number_value(s.estimate.elo); }),
        measured_field("elo_error", [](const S& s) { return number_value(s.estimate.elo_error); }),
        measured_field("nelo", [](const S& s) { return number_value(s.estimate.nelo); }),
        measured_field("nelo_error",
                       [](const S& s) { return number_value(s.estimate.nelo_error); }),
        measured_field("los", [](const S& s) { return number_value(s.estimate.los); }),
        human_field(
            "elo", "Elo ±", R,
            [](const E&, const S& s) { return plus_minus(s.estimate.elo, s.estimate.elo_error); }),
        human_field("nelo", "nElo ±", R,
                    [](const E&, const S& s) {
                        return plus_minus(s.estimate.nelo, s.estimate.nelo_error);
                    }),
        human_field("los", "LOS", R,
                    [](const E&, const S& s) { return percent(s.estimate.los, 2); }),
        {"common_opponents", "common_opponents", L,
         [](const Row& r) {
             return Value{text::joined(r.child->common_opponents, ";"), {}};
         },
         M},
        {"time_controls", "time_controls", L,
         [](const Row& r) {
             return Value{text::joined(r.child->time_controls, ";"), {}};
         },
         M},
        human_field("tc", "Time controls", L,
                    [](const E& e, const S&) { return text::joined(e.time_controls, ", "); }),
    };
}

// Every entry with its report, or (for people's table) those measured directly only.
std::vector<Row> rows_of(const BaselineReport& report, bool direct_only) {
    std::vector<Row> rows;
    for (const BaselineEntry& e : report.entries)
        if (!direct_only || (e.relation == Relation::kDirect && e.stats))
            rows.push_back({&report, &e});
    return rows;
}

Table human_direct(const BaselineReport& report) {
    Table t = view_table(baseline_view(), rows_of(report, true), Audience::kHuman);
    t.key = "direct";
    t.title = "Measured against " + report.baseline;
    t.empty_text = "(no config has played " + report.baseline + ")";
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
    Table t = view_table(baseline_view(), rows_of(report, false), Audience::kMachine);
    t.key = "baseline";
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
