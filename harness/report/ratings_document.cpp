// A rating list: every config's maximum-likelihood Elo with the anchor at 0, best first, and
// the configs no chain of meetings links to the anchor apart.

#include <string>

#include "engine/text/text.hpp"
#include "harness/report/cells.hpp"
#include "harness/report/tables.hpp"

namespace lmr::report {
namespace {

Table human_table(const RatingsReport& report) {
    Table t;
    t.key = "ratings";
    t.title = "Rating list (" + report.anchor + " = 0)";
    t.columns = {{"rank", "Rank", Align::kRight},      {"config", "Config", Align::kLeft},
                 {"elo", "Elo ± 95 %", Align::kRight}, {"pairs", "Pairs", Align::kRight},
                 {"wdl", "W/D/L", Align::kRight},      {"ptnml", "Ptnml", Align::kRight},
                 {"score", "Score", Align::kRight},    {"opponents", "Opponents", Align::kLeft}};
    long rank = 0;
    for (const RatingEntry& e : report.rated) {
        const stats::Trinomial g = stats::to_trinomial(e.pairs);
        t.rows.push_back({integer(++rank), e.config, plus_minus(e.elo, e.elo_error, 1),
                          integer(e.pairs.pairs()), wdl(g.wins, g.draws, g.losses), ptnml(e.pairs),
                          percent(stats::estimate(e.pairs).score, 1),
                          text::joined(e.opponents, ", ")});
    }
    return t;
}

// One value per cell; the unconnected configs follow with empty ratings.
Table machine_table(const RatingsReport& report) {
    Table t;
    t.key = "ratings";
    for (const char* key : {"anchor", "rank", "config", "elo", "elo_error", "pairs", "wins",
                            "draws", "losses", "penta_ll", "penta_ld", "penta_wl", "penta_dd",
                            "penta_wd", "penta_ww", "score", "opponents"}) {
        t.columns.push_back({key, key, Align::kLeft});
    }
    long rank = 0;
    for (const RatingEntry& e : report.rated) {
        const stats::Pentanomial& p = e.pairs;
        const stats::Trinomial g = stats::to_trinomial(p);
        t.rows.push_back({report.anchor, integer(++rank), e.config, number(e.elo),
                          number(e.elo_error), integer(p.pairs()), integer(g.wins),
                          integer(g.draws), integer(g.losses), integer(p.ll), integer(p.ld),
                          integer(p.wl), integer(p.dd), integer(p.wd), integer(p.ww),
                          number(stats::estimate(p).score), text::joined(e.opponents, ";")});
    }
    for (const std::string& config : report.unconnected) {
        std::vector<std::string> row{report.anchor, "", config};
        row.resize(t.columns.size());
        t.rows.push_back(std::move(row));
    }
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
