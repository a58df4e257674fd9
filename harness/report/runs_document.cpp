// The list of runs as a table: one row per run with its counts and statistics.

#include "harness/report/cells.hpp"
#include "harness/report/tables.hpp"
#include "harness/report/view.hpp"

namespace lmr::report {
namespace {

// A human cell (people read text; machines the view's other columns).
Value human(std::string text) {
    return {nullptr, std::move(text)};
}

bool counted(const RunRow& row) {
    return row.head_to_head && row.stats.has_value();
}

// A count of a head-to-head run; null (an empty cell) for a run that counts none.
template <typename Count>
Field<RunRow> count_field(const char* key, Count count) {
    return {key, key, Align::kLeft,
            [count](const RunRow& row) {
                return Value{counted(row) ? nlohmann::ordered_json(count(row.summary))
                                          : nlohmann::ordered_json(nullptr),
                             {}};
            },
            Shown::kMachine};
}

// A statistic of a head-to-head run's estimate; null where it is undefined.
template <typename Statistic>
Field<RunRow> estimate_field(const char* key, Statistic statistic) {
    return {key, key, Align::kLeft,
            [statistic](const RunRow& row) {
                const bool defined = counted(row) && row.stats->estimate.defined();
                return Value{defined ? number_value(statistic(row.stats->estimate))
                                     : nlohmann::ordered_json(nullptr),
                             {}};
            },
            Shown::kMachine};
}

// A figure of a head-to-head run's SPRT; null without one.
template <typename Figure>
Field<RunRow> sprt_field(const char* key, Figure figure) {
    return {key, key, Align::kLeft,
            [figure](const RunRow& row) {
                return Value{counted(row) && row.stats->sprt ? figure(*row.stats->sprt)
                                                             : nlohmann::ordered_json(nullptr),
                             {}};
            },
            Shown::kMachine};
}

// The runs list's columns, once: people see a run's date, matchup and combined cells (W/D/L,
// pentanomial, Elo ±, LLR with its bounds); machines each part in a column of its own. A key
// both audiences have names one column for each (people's "elo" is machines' elo ± elo_error).
View<RunRow> runs_view() {
    using S = store::RunSummary;
    using E = stats::EloEstimate;
    using R = stats::SprtResult;
    constexpr auto L = Align::kLeft;
    constexpr auto Rt = Align::kRight;
    constexpr auto H = Shown::kHuman;
    constexpr auto M = Shown::kMachine;
    return {
        {"id", "Run", Rt,
         [](const RunRow& r) {
             return Value{r.run.id, {}};
         }},
        {"date", "Date (UTC)", L,
         [](const RunRow& r) { return human(short_date(r.run.created_at)); }, H},
        {"created_at", "created_at", L,
         [](const RunRow& r) {
             return Value{r.run.created_at, {}};
         },
         M},
        {"kind", "Kind", L,
         [](const RunRow& r) {
             return Value{std::string(store::to_string(r.run.kind)), {}};
         }},
        {"status", "status", L,
         [](const RunRow& r) {
             return Value{std::string(store::to_string(r.run.status)), {}};
         },
         M},
        {"verdict", "verdict", L,
         [](const RunRow& r) {
             return Value{std::string(store::run_verdict_name(r.run.verdict)), {}};
         },
         M},
        {"matchup", "Base vs test", L, [](const RunRow& r) { return human(matchup(r)); }, H},
        {"base", "base", L,
         [](const RunRow& r) {
             return Value{r.summary.base_name, {}};
         },
         M},
        {"test", "test", L,
         [](const RunRow& r) {
             return Value{r.summary.test_name, {}};
         },
         M},
        {"engines", "engines", L,
         [](const RunRow& r) {
             return Value{r.summary.engines, {}};
         },
         M},
        {"tc", "TC", L, [](const RunRow& r) { return human(r.run.time_control); }, H},
        {"time_control", "time_control", L,
         [](const RunRow& r) {
             return Value{r.run.time_control, {}};
         },
         M},
        {"pairs", "Pairs", Rt,
         [](const RunRow& r) {
             return Value{r.summary.pairs_completed, {}};
         }},
        {"games", "games", L,
         [](const RunRow& r) {
             return Value{r.summary.games, {}};
         },
         M},
        count_field("wins", [](const S& s) { return s.wins; }),
        count_field("draws", [](const S& s) { return s.draws; }),
        count_field("losses", [](const S& s) { return s.losses; }),
        count_field("penta_ll", [](const S& s) { return s.penta.ll; }),
        count_field("penta_ld", [](const S& s) { return s.penta.ld; }),
        count_field("penta_wl", [](const S& s) { return s.penta.wl; }),
        count_field("penta_dd", [](const S& s) { return s.penta.dd; }),
        count_field("penta_wd", [](const S& s) { return s.penta.wd; }),
        count_field("penta_ww", [](const S& s) { return s.penta.ww; }),
        {"wdl", "W/D/L", Rt,
         [](const RunRow& r) {
             const auto& s = r.summary;
             return human(counted(r) ? wdl(s.wins, s.draws, s.losses) : "");
         },
         H},
        {"ptnml", "Ptnml", Rt,
         [](const RunRow& r) { return human(counted(r) ? ptnml(*r.stats->counts.pairs) : ""); }, H},
        estimate_field("score", [](const E& e) { return e.score; }),
        estimate_field("elo", [](const E& e) { return e.elo; }),
        estimate_field("elo_error", [](const E& e) { return e.elo_error; }),
        estimate_field("nelo", [](const E& e) { return e.nelo; }),
        estimate_field("nelo_error", [](const E& e) { return e.nelo_error; }),
        estimate_field("los", [](const E& e) { return e.los; }),
        estimate_field("draw_ratio", [](const E& e) { return e.draw_ratio; }),
        {"elo", "Elo ±", Rt,
         [](const RunRow& r) {
             if (!counted(r)) return human("");
             const auto& e = r.stats->estimate;
             return human(e.defined() ? plus_minus(e.elo, e.elo_error) : "-");
         },
         H},
        {"nelo", "nElo ±", Rt,
         [](const RunRow& r) {
             if (!counted(r)) return human("");
             const auto& e = r.stats->estimate;
             return human(e.defined() ? plus_minus(e.nelo, e.nelo_error) : "-");
         },
         H},
        {"llr", "LLR (bounds)", Rt,
         [](const RunRow& r) {
             if (!counted(r) || !r.stats->sprt) return human("");
             const auto& s = *r.stats->sprt;
             return human(fixed(s.llr, 2) + " [" + fixed(s.bounds.lower, 2) + ", " +
                          fixed(s.bounds.upper, 2) + "]");
         },
         H},
        sprt_field("llr", [](const R& s) { return number_value(s.llr); }),
        sprt_field("lower_bound", [](const R& s) { return number_value(s.bounds.lower); }),
        sprt_field("upper_bound", [](const R& s) { return number_value(s.bounds.upper); }),
        sprt_field("elo0", [](const R& s) { return number_value(s.params.elo0); }),
        sprt_field("elo1", [](const R& s) { return number_value(s.params.elo1); }),
        sprt_field("sprt_state",
                   [](const R& s) {
                       return nlohmann::ordered_json(std::string(stats::verdict_name(s.verdict)));
                   }),
        {"verdict", "Verdict", L,
         [](const RunRow& r) {
             const std::string verdict = verdict_text(r);
             return human(verdict.empty() ? "-" : verdict);
         },
         H},
        {"status", "Status", L,
         [](const RunRow& r) { return human(std::string(store::to_string(r.run.status))); }, H},
    };
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
    Table table = view_table(runs_view(), runs, audience);
    table.key = "runs";
    table.title = "Runs";
    table.empty_text = "(no runs in this database)";
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
