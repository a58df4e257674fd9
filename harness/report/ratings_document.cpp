// A rating list: every config's maximum-likelihood Elo with the anchor at 0, best first, and
// the configs no chain of meetings links to the anchor apart.

#include <string>

#include "engine/text/text.hpp"
#include "harness/report/cells.hpp"
#include "harness/report/tables.hpp"
#include "harness/report/view.hpp"

namespace lmr::report {
namespace {

// One row of the list: a rated config with its rank, or (machines only) one no chain of
// meetings links to the anchor, without a rating.
struct RatingRow {
    const RatingsReport* report;
    long rank;                 // 0 for an unconnected config
    const RatingEntry* entry;  // null for an unconnected config
    const std::string* config;
};

// A figure of a rated config; null for an unconnected one.
template <typename Figure>
Field<RatingRow> rated_field(const char* key, const char* title, Align align, Figure figure,
                             Shown shown = Shown::kMachine) {
    return {key, title, align,
            [figure](const RatingRow& r) {
                return r.entry ? Value{nlohmann::ordered_json(figure(*r.entry)), {}}
                               : Value{nullptr, {}};
            },
            shown};
}

// A combined cell for people, who see the rated configs only.
template <typename Text>
Field<RatingRow> human_field(const char* key, const char* title, Align align, Text text) {
    return {key, title, align,
            [text](const RatingRow& r) {
                return Value{nullptr, text(*r.entry)};
            },
            Shown::kHuman};
}

// The rating list's columns, once.
View<RatingRow> ratings_view() {
    using E = RatingEntry;
    constexpr auto L = Align::kLeft;
    constexpr auto R = Align::kRight;
    const auto games = [](const E& e) { return stats::to_trinomial(e.pairs); };
    return {
        {"anchor", "anchor", L,
         [](const RatingRow& r) {
             return Value{r.report->anchor, {}};
         },
         Shown::kMachine},
        {"rank", "Rank", R,
         [](const RatingRow& r) {
             return r.entry ? Value{r.rank, {}} : Value{nullptr, {}};
         }},
        {"config", "Config", L,
         [](const RatingRow& r) {
             return Value{*r.config, {}};
         }},
        human_field("elo", "Elo ± 95 %", R,
                    [](const E& e) { return plus_minus(e.elo, e.elo_error, 1); }),
        rated_field("elo", "elo", L, [](const E& e) { return number_value(e.elo); }),
        rated_field("elo_error", "elo_error", L,
                    [](const E& e) { return number_value(e.elo_error); }),
        rated_field(
            "pairs", "Pairs", R, [](const E& e) { return e.pairs.pairs(); }, Shown::kBoth),
        rated_field("wins", "wins", L, [games](const E& e) { return games(e).wins; }),
        rated_field("draws", "draws", L, [games](const E& e) { return games(e).draws; }),
        rated_field("losses", "losses", L, [games](const E& e) { return games(e).losses; }),
        rated_field("penta_ll", "penta_ll", L, [](const E& e) { return e.pairs.ll; }),
        rated_field("penta_ld", "penta_ld", L, [](const E& e) { return e.pairs.ld; }),
        rated_field("penta_wl", "penta_wl", L, [](const E& e) { return e.pairs.wl; }),
        rated_field("penta_dd", "penta_dd", L, [](const E& e) { return e.pairs.dd; }),
        rated_field("penta_wd", "penta_wd", L, [](const E& e) { return e.pairs.wd; }),
        rated_field("penta_ww", "penta_ww", L, [](const E& e) { return e.pairs.ww; }),
        human_field(
            "wdl", "W/D/L", R,
            [games](const E& e) { return wdl(games(e).wins, games(e).draws, games(e).losses); }),
        human_field("ptnml", "Ptnml", R, [](const E& e) { return ptnml(e.pairs); }),
        human_field("score", "Score", R,
                    [](const E& e) { return percent(stats::estimate(e.pairs).score, 1); }),
        rated_field("score", "score", L,
                    [](const E& e) { return number_value(stats::estimate(e.pairs).score); }),
        human_field("opponents", "Opponents", L,
                    [](const E& e) { return text::joined(e.opponents, ", "); }),
        rated_field("opponents", "opponents", L,
                    [](const E& e) { return text::joined(e.opponents, ";"); }),
    };
}

// The rated configs best first, then (with `unconnected`) those without a rating.
std::vector<RatingRow> rows_of(const RatingsReport& report, bool unconnected) {
    std::vector<RatingRow> rows;
    long rank = 0;
    for (const RatingEntry& e : report.rated) rows.push_back({&report, ++rank, &e, &e.config});
    if (unconnected)
        for (const std::string& config : report.unconnected)
            rows.push_back({&report, 0, nullptr, &config});
    return rows;
}

Table human_table(const RatingsReport& report) {
    Table t = view_table(ratings_view(), rows_of(report, false), Audience::kHuman);
    t.key = "ratings";
    t.title = "Rating list (" + report.anchor + " = 0)";
    return t;
}

// One value per cell; the unconnected configs follow with empty ratings.
Table machine_table(const RatingsReport& report) {
    Table t = view_table(ratings_view(), rows_of(report, true), Audience::kMachine);
    t.key = "ratings";
    return t;
}

}  // namespace

Document ratings_document(const RatingsReport& report, Audience audience) {
    Document doc;
    doc.title = "Ratings";
    Section s;
    if (audience == Audience::kMachine) {
        s.tables.push_back(machine_table(report));
        doc.sections.push_back(std::move(s));
        return doc;
    }
    s.tables.push_back(human_table(report));
    if (report.databases.size() > 1)
        s.fields.emplace_back("Databases", text::joined(report.databases, ", "));
    s.fields.emplace_back("Time controls", pooled_text(report.time_controls));
    if (!report.unconnected.empty())
        s.fields.emplace_back("Not linked to " + report.anchor,
                              text::joined(report.unconnected, ", "));
    s.notes.push_back(
        "The logistic Elo ratings that best explain every completed pair between two configs in "
        "the database at once (maximum likelihood, as Ordo rates a round robin; every run but "
        "tunes, at the time controls listed; --tc restricts it to one). ± is the 95 % interval of "
        "the "
        "difference to " +
        report.anchor +
        ". Pairs, W/D/L, pentanomial and score are each config's own, pooled over "
        "its opponents.");
    if (report.databases.size() > 1) {
        s.notes.push_back(
            "Configs are matched by name across the databases: the same name must mean the same "
            "engine and config in each.");
    }
    if (auto note = mixed_time_controls_note(report.time_controls, "This list pools");
        !note.empty())
        s.notes.push_back(std::move(note));
    doc.sections.push_back(std::move(s));
    return doc;
}

}  // namespace lmr::report
