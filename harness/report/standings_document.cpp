// A tournament's standings in the columns cutechess-cli and fastchess print (Rank, Name, Elo,
// +/-, nElo, +/-, Games, Score, Draw, Ptnml), with W/D/L and points, and its pairings as
// head-to-head rows.

#include "harness/report/cells.hpp"
#include "harness/report/tables.hpp"
#include "harness/report/view.hpp"

namespace lmr::report {
namespace {

// Human: "24.36 ± 29.11", "-" before the first completed pair.
std::string elo_cell(const stats::EloEstimate& e, bool normalized) {
    if (!e.defined()) return "-";
    return normalized ? plus_minus(e.nelo, e.nelo_error) : plus_minus(e.elo, e.elo_error);
}

std::string points(const stats::Trinomial& games) {
    return fixed(games.wins + 0.5 * games.draws, 1);
}

// The counts and statistics a standings row and a pairing row give machines, each in a column
// of its own; a statistic is null while it is undefined (no completed pair).
template <typename Row>
void add_machine_counts(View<Row>& view) {
    const auto count = [&view](const char* key, auto figure) {
        view.push_back({key, key, L,
                        [figure](const Row& r) {
                            return Value{nlohmann::ordered_json(figure(r.stats)), {}};
                        },
                        Shown::kMachine});
    };
    const auto statistic = [&view](const char* key, auto figure) {
        view.push_back({key, key, L,
                        [figure](const Row& r) {
                            const stats::EloEstimate& e = r.stats.estimate;
                            return Value{e.defined() ? number_value(figure(e))
                                                     : nlohmann::ordered_json(nullptr),
                                         {}};
                        },
                        Shown::kMachine});
    };
    using S = stats::Summary;
    using E = stats::EloEstimate;
    count("pairs", [](const S& s) { return s.counts.pairs->pairs(); });
    count("games", [](const S& s) { return s.counts.games->games(); });
    count("wins", [](const S& s) { return s.counts.games->wins; });
    count("draws", [](const S& s) { return s.counts.games->draws; });
    count("losses", [](const S& s) { return s.counts.games->losses; });
    count("points", [](const S& s) {
        return number_value(s.counts.games->wins + 0.5 * s.counts.games->draws);
    });
    statistic("score", [](const E& e) { return e.score; });
    statistic("elo", [](const E& e) { return e.elo; });
    statistic("elo_error", [](const E& e) { return e.elo_error; });
    statistic("nelo", [](const E& e) { return e.nelo; });
    statistic("nelo_error", [](const E& e) { return e.nelo_error; });
    statistic("los", [](const E& e) { return e.los; });
    statistic("draw_ratio", [](const E& e) { return e.draw_ratio; });
    count("penta_ll", [](const S& s) { return s.counts.pairs->ll; });
    count("penta_ld", [](const S& s) { return s.counts.pairs->ld; });
    count("penta_wl", [](const S& s) { return s.counts.pairs->wl; });
    count("penta_dd", [](const S& s) { return s.counts.pairs->dd; });
    count("penta_wd", [](const S& s) { return s.counts.pairs->wd; });
    count("penta_ww", [](const S& s) { return s.counts.pairs->ww; });
}

// A cell for people only.
template <typename Row, typename Text>
Field<Row> human_field(const char* key, const char* title, Align align, Text text) {
    return {key, title, align,
            [text](const Row& r) {
                return Value{nullptr, text(r)};
            },
            Shown::kHuman};
}

// The combined cells both views show people, read from the row's summary.
template <typename Row>
Field<Row> wdl_field() {
    return human_field<Row>("wdl", "W/D/L", R, [](const Row& r) {
        const auto& g = *r.stats.counts.games;
        return wdl(g.wins, g.draws, g.losses);
    });
}

template <typename Row>
Field<Row> ptnml_field() {
    return human_field<Row>("ptnml", "Ptnml(0-2)", L,
                            [](const Row& r) { return ptnml(*r.stats.counts.pairs); });
}

template <typename Row>
Field<Row> elo_field(bool normalized) {
    return human_field<Row>(
        normalized ? "nelo" : "elo", normalized ? "nElo ± 95 %" : "Elo ± 95 %", R,
        [normalized](const Row& r) { return elo_cell(r.stats.estimate, normalized); });
}

std::string percent_or_dash(double fraction, const stats::EloEstimate& e) {
    return e.defined() ? percent(fraction, 1) : "-";
}

// The standings' columns, once: cutechess-cli's and fastchess's for people, every count for
// machines.
View<StandingRow> standings_view() {
    using Row = StandingRow;
    View<Row> view = {
        {"rank", "Rank", R,
         [](const Row& r) {
             return r.rank ? Value{*r.rank, {}} : Value{nullptr, std::string("-")};
         }},
        {"engine", "Engine", L,
         [](const Row& r) {
             return Value{r.name, {}};
         }},
        elo_field<Row>(false),
        elo_field<Row>(true),
        human_field<Row>("games", "Games", R,
                         [](const Row& r) { return integer(r.stats.counts.games->games()); }),
        wdl_field<Row>(),
        human_field<Row>("points", "Points", R,
                         [](const Row& r) { return points(*r.stats.counts.games); }),
        human_field<Row>(
            "score", "Score", R,
            [](const Row& r) { return percent_or_dash(r.stats.estimate.score, r.stats.estimate); }),
        human_field<Row>("draw", "Draw", R,
                         [](const Row& r) {
                             return percent_or_dash(r.stats.estimate.draw_ratio, r.stats.estimate);
                         }),
        ptnml_field<Row>(),
    };
    add_machine_counts(view);
    return view;
}

// The pairings' columns, once.
View<PairingRow> pairings_view() {
    using Row = PairingRow;
    View<Row> view = {
        {"first", "first", L,
         [](const Row& r) {
             return Value{r.first, {}};
         },
         Shown::kMachine},
        {"second", "second", L,
         [](const Row& r) {
             return Value{r.second, {}};
         },
         Shown::kMachine},
        human_field<Row>("pairing", "Pairing", L,
                         [](const Row& r) { return r.first + " vs " + r.second; }),
        human_field<Row>("pairs", "Pairs", R,
                         [](const Row& r) { return integer(r.stats.counts.pairs->pairs()); }),
        wdl_field<Row>(),
        human_field<Row>(
            "score", "Score", R,
            [](const Row& r) { return percent_or_dash(r.stats.estimate.score, r.stats.estimate); }),
        elo_field<Row>(false),
        elo_field<Row>(true),
        human_field<Row>(
            "los", "LOS", R,
            [](const Row& r) { return percent_or_dash(r.stats.estimate.los, r.stats.estimate); }),
        ptnml_field<Row>(),
    };
    add_machine_counts(view);
    return view;
}

Table standings_table(const Standings& s, Audience a) {
    Table t = view_table(standings_view(), s.rows, a);
    t.key = "standings";
    // What each row's Elo is relative to, which a reader needs before the numbers.
    t.title = s.gauntlet ? "Elo: " + s.first_engine +
                               " against all its opponents, each opponent against " + s.first_engine
                         : "Elo: each engine against the average of the others";
    return t;
}

Table pairings_table(const Standings& s, Audience a) {
    Table t = view_table(pairings_view(), s.pairings, a);
    t.key = "pairings";
    t.title = "Pairings (from the first engine's side)";
    return t;
}

}  // namespace

Section standings_section(const Standings& s, Audience a) {
    Section section;
    section.title = "Standings";
    section.tables.push_back(standings_table(s, a));
    section.tables.push_back(pairings_table(s, a));
    if (a == Audience::kHuman) {
        section.notes.push_back(
            "Over completed pairs, from each engine's side: its pairs against every engine it "
            "met, pooled, and the Elo of that score (as cutechess-cli and fastchess rank "
            "engines); statistics per pair, Ptnml(0-2) = [LL, LD, WL+DD, WD, WW], Draw = pairs "
            "scoring 1-1 (WL+DD).");
        if (s.gauntlet) {
            section.notes.push_back(s.first_engine +
                                    " is not ranked: it met every other engine, they met only "
                                    "it. Its Elo against each opponent is in the pairings.");
        }
    }
    return section;
}

}  // namespace lmr::report
