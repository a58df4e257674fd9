// A tournament's standings in the columns cutechess-cli and fastchess print (Rank, Name, Elo,
// +/-, nElo, +/-, Games, Score, Draw, Ptnml), with W/D/L and points, and its pairings as
// head-to-head rows.

#include "harness/report/cells.hpp"
#include "harness/report/tables.hpp"

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

// Machine: a statistic, "" while it is undefined (no completed pair).
std::string statistic(double value, const stats::EloEstimate& e) {
    return e.defined() ? number(value) : std::string();
}

std::vector<std::string> machine_counts(const stats::Summary& s) {
    const stats::Pentanomial& p = *s.counts.pairs;
    const stats::Trinomial& g = *s.counts.games;
    const stats::EloEstimate& e = s.estimate;
    return {integer(p.pairs()),
            integer(g.games()),
            integer(g.wins),
            integer(g.draws),
            integer(g.losses),
            number(g.wins + 0.5 * g.draws),
            statistic(e.score, e),
            statistic(e.elo, e),
            statistic(e.elo_error, e),
            statistic(e.nelo, e),
            statistic(e.nelo_error, e),
            statistic(e.los, e),
            statistic(e.draw_ratio, e),
            integer(p.ll),
            integer(p.ld),
            integer(p.wl),
            integer(p.dd),
            integer(p.wd),
            integer(p.ww)};
}

const std::initializer_list<std::tuple<const char*, const char*, Align>> kMachineCounts = {
    {"pairs", "", L},      {"games", "", L},    {"wins", "", L},       {"draws", "", L},
    {"losses", "", L},     {"points", "", L},   {"score", "", L},      {"elo", "", L},
    {"elo_error", "", L},  {"nelo", "", L},     {"nelo_error", "", L}, {"los", "", L},
    {"draw_ratio", "", L}, {"penta_ll", "", L}, {"penta_ld", "", L},   {"penta_wl", "", L},
    {"penta_dd", "", L},   {"penta_wd", "", L}, {"penta_ww", "", L}};

std::vector<Column> with_counts(Audience a, std::vector<Column> leading) {
    for (auto& c : columns(a, kMachineCounts)) leading.push_back(std::move(c));
    return leading;
}

Table standings_table(const Standings& s, Audience a) {
    Table t;
    t.key = "standings";
    // What each row's Elo is relative to, which a reader needs before the numbers.
    t.title = s.gauntlet ? "Elo: " + s.first_engine +
                               " against all its opponents, each opponent against " + s.first_engine
                         : "Elo: each engine against the average of the others";
    if (a == Audience::kHuman) {
        t.columns = columns(a, {{"rank", "Rank", R},
                                {"engine", "Engine", L},
                                {"elo", "Elo ± 95 %", R},
                                {"nelo", "nElo ± 95 %", R},
                                {"games", "Games", R},
                                {"wdl", "W/D/L", R},
                                {"points", "Points", R},
                                {"score", "Score", R},
                                {"draw", "Draw", R},
                                {"ptnml", "Ptnml(0-2)", L}});
    } else {
        t.columns = with_counts(a, columns(a, {{"rank", "", L}, {"engine", "", L}}));
    }
    for (const auto& row : s.rows) {
        const std::string rank = row.rank ? integer(*row.rank) : "";
        const stats::Summary& st = row.stats;
        if (a == Audience::kMachine) {
            std::vector<std::string> cells{rank, row.name};
            for (auto& cell : machine_counts(st)) cells.push_back(std::move(cell));
            t.rows.push_back(std::move(cells));
            continue;
        }
        const stats::Trinomial& g = *st.counts.games;
        const stats::EloEstimate& e = st.estimate;
        t.rows.push_back({rank.empty() ? "-" : rank, row.name, elo_cell(e, false),
                          elo_cell(e, true), integer(g.games()), wdl(g.wins, g.draws, g.losses),
                          points(g), e.defined() ? percent(e.score, 1) : "-",
                          e.defined() ? percent(e.draw_ratio, 1) : "-", ptnml(*st.counts.pairs)});
    }
    return t;
}

Table pairings_table(const Standings& s, Audience a) {
    Table t;
    t.key = "pairings";
    t.title = "Pairings (from the first engine's side)";
    if (a == Audience::kHuman) {
        t.columns = columns(a, {{"pairing", "Pairing", L},
                                {"pairs", "Pairs", R},
                                {"wdl", "W/D/L", R},
                                {"score", "Score", R},
                                {"elo", "Elo ± 95 %", R},
                                {"nelo", "nElo ± 95 %", R},
                                {"los", "LOS", R},
                                {"ptnml", "Ptnml(0-2)", L}});
    } else {
        t.columns = with_counts(a, columns(a, {{"first", "", L}, {"second", "", L}}));
    }
    for (const auto& pairing : s.pairings) {
        const stats::Summary& st = pairing.stats;
        if (a == Audience::kMachine) {
            std::vector<std::string> cells{pairing.first, pairing.second};
            for (auto& cell : machine_counts(st)) cells.push_back(std::move(cell));
            t.rows.push_back(std::move(cells));
            continue;
        }
        const stats::Trinomial& g = *st.counts.games;
        const stats::EloEstimate& e = st.estimate;
        t.rows.push_back({pairing.first + " vs " + pairing.second,
                          integer(st.counts.pairs->pairs()), wdl(g.wins, g.draws, g.losses),
                          e.defined() ? percent(e.score, 1) : "-", elo_cell(e, false),
                          elo_cell(e, true), e.defined() ? percent(e.los, 1) : "-",
                          ptnml(*st.counts.pairs)});
    }
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
