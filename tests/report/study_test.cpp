// The study form of the runs list (`report --columns study`) on databases whose games are known:
// every column of every run, in the aligned table, markdown, CSV and JSON, equals what this file
// works out by hand from what it inserted (W/D/L and pentanomial from the pairs' bins; Elo, nElo
// and LOS with fishtest's formulas, written out in study_support.hpp; depth, nodes and LMR rates
// summed over the test engine's own moves and games). Missing data is an empty cell / null. The
// default list is unchanged, and the store's totals are those `report --run N` shows.

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "harness/report/cells.hpp"
#include "harness/report/json.hpp"
#include "harness/report/load.hpp"
#include "harness/report/render.hpp"
#include "harness/report/tables.hpp"
#include "tests/report/study_support.hpp"
#include "tests/report/support.hpp"

namespace lmr::report {
namespace {

using study_testing::Row;
using testing::Bin;
using testing::Builder;
using testing::TempDir;

// The pentanomial of pairs given by their bins.
study_testing::Pentanomial pentanomial(const std::vector<Bin>& bins) {
    study_testing::Pentanomial p;
    for (Bin bin : bins) testing::add_bin(p, bin);
    return p;
}

// What one side's engine reported over one game: `late` late moves of which `reduced` were
// reduced by one ply, `searches` reduced searches of which `researches` were searched again.
core::LmrGameStats lmr_report(std::uint64_t late, std::uint64_t reduced, std::uint64_t searches,
                              std::uint64_t researches) {
    core::LmrGameStats s;
    s.reports = 1;
    s.total.stats.calls = late;
    s.total.stats.by_plies[reduction::LmrStats::kMaxPlies] = late - reduced;
    s.total.stats.by_plies[reduction::LmrStats::kMaxPlies + 1] = reduced;
    s.total.stats.fired[static_cast<int>(reduction::Rule::kStepTable)] = reduced;
    s.total.reduced_searches = searches;
    s.total.re_searches = researches;
    return s;
}

// The test engine's moves and LMR reports, summed by hand as the games are written.
struct Sums {
    long depth_moves = 0, nodes_moves = 0;
    double depth = 0, nodes = 0;
    std::uint64_t late = 0, reduced = 0, searches = 0, researches = 0;

    // One game of `plies` moves in which the engine plays White or Black; the Builder gives the
    // move at index i depth `depth` + i and nodes `nodes` · (i + 1).
    void game(int plies, bool white, std::optional<int> base_depth,
              std::optional<std::int64_t> base_nodes) {
        for (int i = white ? 0 : 1; i < plies; i += 2) {
            if (base_depth) depth += *base_depth + i, ++depth_moves;
            if (base_nodes) nodes += static_cast<double>(*base_nodes * (i + 1)), ++nodes_moves;
        }
    }
    void lmr(const core::LmrGameStats& s) {
        late += s.total.stats.calls;
        reduced += s.total.stats.calls - s.total.stats.by_plies[reduction::LmrStats::kMaxPlies];
        searches += s.total.reduced_searches;
        researches += s.total.re_searches;
    }
    std::optional<double> avg_depth() const {
        if (depth_moves == 0) return std::nullopt;
        return depth / static_cast<double>(depth_moves);
    }
    std::optional<double> avg_nodes() const {
        if (nodes_moves == 0) return std::nullopt;
        return nodes / static_cast<double>(nodes_moves);
    }
    std::optional<double> reduced_rate() const {
        if (late == 0) return std::nullopt;
        return static_cast<double>(reduced) / static_cast<double>(late);
    }
    std::optional<double> research_rate() const {
        if (searches == 0) return std::nullopt;
        return static_cast<double>(researches) / static_cast<double>(searches);
    }
};

// One pair of the test engine, with the LMR statistics it reports in both games.
struct Pair {
    bool test_white0 = false;
    Bin bin = Bin::kDD;
    int plies = 2;
    std::optional<core::LmrGameStats> lmr;
};

// Plays `pairs` of run `r` (test engine r.test, base r.base) and sums the test engine's moves
// (depth `depth` + i, nodes `nodes` · (i + 1)) and LMR statistics by hand.
void play(Builder& b, Row& r, Sums& sums, const std::vector<Pair>& pairs, std::optional<int> depth,
          std::optional<std::int64_t> nodes) {
    std::vector<Bin> bins;
    for (const auto& p : pairs) {
        b.set_engine_lmr_stats(r.test, p.lmr);
        b.pair(r.id, p.test_white0 ? r.test : r.base, p.test_white0 ? r.base : r.test, r.test,
               p.bin, 0, p.plies);
        bins.push_back(p.bin);
        sums.game(p.plies, p.test_white0, depth, nodes);
        sums.game(p.plies, !p.test_white0, depth, nodes);
        if (p.lmr) sums.lmr(*p.lmr), sums.lmr(*p.lmr);
    }
    b.set_engine_lmr_stats(r.test, std::nullopt);
    r.stats = study_testing::expected_stats(pentanomial(bins));
    r.depth = sums.avg_depth();
    r.nodes = sums.avg_nodes();
    r.reduced = sums.reduced_rate();
    r.research = sums.research_rate();
}

// Six runs covering every column and every kind of missing data, in id order.
std::vector<Row> fill(store::Store& store) {
    Builder b(store);
    std::vector<Row> rows;

    // 1: an SPRT whose test engine searches shallower than base (depth 8 + i, nodes 700 · (i + 1))
    // and reports LMR statistics that change between pairs; base reports others. A lone game of
    // an unfinished pair counts in the search and LMR averages, not in the counts.
    Row sprt;
    sprt.test = "test", sprt.base = "base";
    sprt.command =
        "lmr-harness sprt --base configs/base.json --test configs/test.json --tc "
        "nodes=1000 --option \"Move Overhead=20\"";
    sprt.id = b.head_to_head(store::RunKind::kSprt, "base", "test", true, sprt.command);
    b.set_search("test", 8, 700);
    b.set_engine_lmr_stats("base", lmr_report(50, 40, 40, 1));
    Sums sprt_sums;
    b.set_engine_lmr_stats("test", lmr_report(10, 1, 1, 1));
    b.lone_game(sprt.id, "test", "base");  // 2 plies, test White, pair 0 left unfinished
    sprt_sums.game(2, true, 8, 700);
    sprt_sums.lmr(lmr_report(10, 1, 1, 1));
    play(b, sprt, sprt_sums,
         {{false, Bin::kWD, 3, lmr_report(40, 15, 12, 3)},
          {true, Bin::kWW, 4, lmr_report(40, 15, 12, 3)},
          {false, Bin::kLD, 5, lmr_report(25, 5, 5, 2)},
          {true, Bin::kDD, 2, lmr_report(25, 5, 5, 2)},
          {false, Bin::kWL, 3, lmr_report(9, 9, 9, 0)},
          {true, Bin::kWD, 6, lmr_report(31, 2, 2, 2)}},
         8, 700);
    b.set_engine_lmr_stats("base", std::nullopt);
    store.set_run_status(sprt.id, store::RunStatus::kFinished, stats::Verdict::kContinue);
    sprt.status = "finished";
    rows.push_back(sprt);

    // 2: a foreign test engine: no LMR statistics, no nodes in its info lines (its opponent
    // reports both). Its command has a pipe, quotes and a comma.
    Row foreign;
    foreign.test = "foreign", foreign.base = "x";
    foreign.command =
        "lmr-harness match --engine name=x cmd=lmr-engine --engine name=foreign "
        "'cmd=sh -c \"foreign | tee log\"' --tc nodes=1000,depth=9";
    foreign.id = b.head_to_head(store::RunKind::kMatch, "x", "foreign", false, foreign.command);
    b.set_search("foreign", 12, std::nullopt);
    b.set_engine_lmr_stats("x", lmr_report(20, 10, 10, 5));
    Sums foreign_sums;
    play(b, foreign, foreign_sums,
         {{true, Bin::kWL, 5, std::nullopt}, {false, Bin::kLD, 4, std::nullopt}}, 12, std::nullopt);
    b.set_engine_lmr_stats("x", std::nullopt);
    store.set_run_status(foreign.id, store::RunStatus::kInterrupted);
    foreign.status = "interrupted";
    rows.push_back(foreign);

    // 3: every game adjudicated a draw before a move: counts and Elo 0 ± 0, but no moves and no
    // LMR statistics.
    Row empty_games;
    empty_games.test = "q", empty_games.base = "p";
    empty_games.command = "lmr-harness match --base configs/p.json --test configs/q.json";
    empty_games.id = b.head_to_head(store::RunKind::kMatch, "p", "q", false, empty_games.command);
    Sums empty_sums;
    play(b, empty_games, empty_sums,
         {{true, Bin::kDD, 0, std::nullopt}, {false, Bin::kDD, 0, std::nullopt}}, 10, 1000);
    store.set_run_status(empty_games.id, store::RunStatus::kRunning);
    empty_games.status = "running";
    rows.push_back(empty_games);

    // 4: no game yet (and no command line stored): zero counts, no statistics.
    Row planned;
    planned.test = "n", planned.base = "m";
    planned.id = b.head_to_head(store::RunKind::kMatch, "m", "n");
    planned.stats = study_testing::expected_stats({});
    rows.push_back(planned);

    // 5: a tournament has no test engine: only its id, time control and status.
    Row tournament;
    tournament.id = b.tournament({"base", "test", "other"});
    b.pair(tournament.id, "other", "base", "other", Bin::kWW);
    rows.push_back(tournament);

    // 6: the test engine wins every game: Elo +inf ± inf, LOS 100 %; it reduces nothing and so
    // never re-searches (the rate has no denominator).
    Row wins;
    wins.test = "w2", wins.base = "w1";
    wins.command = "lmr-harness match --base configs/w1.json --test configs/w2.json";
    wins.id = b.head_to_head(store::RunKind::kMatch, "w1", "w2", false, wins.command);
    Sums wins_sums;
    play(b, wins, wins_sums,
         {{true, Bin::kWW, 2, lmr_report(12, 0, 0, 0)},
          {false, Bin::kWW, 3, lmr_report(12, 0, 0, 0)},
          {true, Bin::kWW, 1, lmr_report(7, 0, 0, 0)}},
         10, 1000);
    store.set_run_status(wins.id, store::RunStatus::kFinished);
    wins.status = "finished";
    rows.push_back(wins);
    for (Row& r : rows) {
        r.tc = "nodes=1000";
        if (r.status.empty()) r.status = "planned";
    }
    return rows;
}

template <typename Render>
std::string rendered(const Document& doc, Render render) {
    std::ostringstream out;
    render(out, doc);
    return out.str();
}

// ------------------------------------------------------------------ the tests

TEST(ReportStudy, EveryColumnInEveryFormatIsWhatTheGamesSay) {
    TempDir dir;
    auto store = store::Store::open(dir / "r.db");
    const std::vector<Row> expected = fill(store);
    const auto rows = load_study_rows(store);
    ASSERT_EQ(rows.size(), expected.size());
    const Document human = study_document(rows, Audience::kHuman);
    study_testing::expect_study_outputs(
        expected, rendered(human, render_text), rendered(human, render_markdown),
        rendered(study_document(rows, Audience::kMachine), render_csv),
        study_json(rows, "r.db").dump());
    EXPECT_EQ(study_json(rows, "r.db")["database"], "r.db");

    // The cases the file is built for really are there: a foreign engine's empty LMR and nodes
    // cells, a run without moves, one without pairs, a tournament, unbounded Elo.
    EXPECT_EQ(study_testing::human_cells(expected[1])["Reduced"], "");
    EXPECT_EQ(study_testing::human_cells(expected[1])["Nodes/move"], "");
    EXPECT_NE(study_testing::human_cells(expected[1])["Depth"], "");
    EXPECT_EQ(study_testing::human_cells(expected[2])["Depth"], "");
    EXPECT_EQ(study_testing::human_cells(expected[2])["Elo ±"], "0.00 ± 0.00");
    EXPECT_EQ(study_testing::human_cells(expected[3])["W/D/L"], "0/0/0");
    EXPECT_EQ(study_testing::human_cells(expected[3])["LOS"], "");
    EXPECT_EQ(study_testing::human_cells(expected[4])["Games"], "");
    EXPECT_EQ(study_testing::human_cells(expected[5])["Elo ±"], "+inf ± inf");
    EXPECT_EQ(study_testing::human_cells(expected[5])["LOS"], "100.00 %");
    EXPECT_EQ(study_testing::human_cells(expected[5])["Re-search"], "");
    EXPECT_EQ(study_testing::human_cells(expected[5])["Reduced"], "0.0 %");
}

TEST(ReportStudy, StoreTotalsAreTheTestEnginesAndWhatRunDetailShows) {
    TempDir dir;
    auto store = store::Store::open(dir / "r.db");
    const std::vector<Row> expected = fill(store);
    const auto totals = store.test_engine_totals();
    // Every run with a test engine, by id; the tournament (run 5) has none.
    std::vector<std::int64_t> ids;
    for (const auto& t : totals) ids.push_back(t.run_id);
    EXPECT_EQ(ids, (std::vector<std::int64_t>{1, 2, 3, 4, 6}));
    for (const auto& t : totals) {
        SCOPED_TRACE("run " + std::to_string(t.run_id));
        const Row& row = expected[static_cast<std::size_t>(t.run_id - 1)];
        EXPECT_EQ(t.name, row.test);
        // The numbers `report --run N` shows for that engine: search per move and LMR section.
        const RunDetail detail = load_run(store, t.run_id);
        const auto side =
            std::find_if(detail.sides.begin(), detail.sides.end(),
                         [](const SideRow& s) { return s.role == store::EngineRole::kTest; });
        ASSERT_NE(side, detail.sides.end());
        EXPECT_EQ(t.moves, side->moves);
        EXPECT_EQ(t.avg_depth, side->avg_depth);
        EXPECT_EQ(t.avg_nodes, side->avg_nodes);
        const auto lmr = std::find_if(
            detail.lmr.begin(), detail.lmr.end(),
            [](const store::EngineLmrStats& e) { return e.role == store::EngineRole::kTest; });
        if (lmr == detail.lmr.end()) {
            EXPECT_EQ(t.lmr_games, 0);
            EXPECT_FALSE(t.reduced_rate);
            EXPECT_FALSE(t.research_rate);
        } else {
            EXPECT_EQ(t.lmr_games, lmr->games);
            EXPECT_EQ(t.reduced_rate.value_or(NAN), lmr->reduced_rate);
            if (std::isnan(lmr->research_rate)) {
                EXPECT_FALSE(t.research_rate);
            } else {
                EXPECT_EQ(t.research_rate, lmr->research_rate);
            }
        }
    }
    // Run 1: 6 pairs and a lone game, all with the test engine's LMR statistics.
    EXPECT_EQ(totals[0].lmr_games, 13);
    EXPECT_EQ(totals[1].lmr_games, 0);  // the foreign engine
}

TEST(ReportStudy, TheDefaultListKeepsItsColumns) {
    TempDir dir;
    auto store = store::Store::open(dir / "r.db");
    (void)fill(store);
    const auto runs = load_runs(store);
    const Document human = runs_document(runs, Audience::kHuman);
    std::vector<std::string> titles;
    for (const auto& c : human.sections.at(0).tables.at(0).columns) titles.push_back(c.title);
    EXPECT_EQ(titles, (std::vector<std::string>{"Run", "Date (UTC)", "Kind", "Base vs test", "TC",
                                                "Pairs", "W/D/L", "Ptnml", "Elo ±", "nElo ±",
                                                "LLR (bounds)", "Verdict", "Status"}));
    const Document machine = runs_document(runs, Audience::kMachine);
    std::vector<std::string> keys;
    for (const auto& c : machine.sections.at(0).tables.at(0).columns) keys.push_back(c.key);
    EXPECT_EQ(keys, (std::vector<std::string>{
                        "id",       "created_at", "kind",      "status",       "verdict",
                        "base",     "test",       "engines",   "time_control", "pairs",
                        "games",    "wins",       "draws",     "losses",       "penta_ll",
                        "penta_ld", "penta_wl",   "penta_dd",  "penta_wd",     "penta_ww",
                        "score",    "elo",        "elo_error", "nelo",         "nelo_error",
                        "los",      "draw_ratio", "llr",       "lower_bound",  "upper_bound",
                        "elo0",     "elo1",       "sprt_state"}));
    const auto row_json = run_row_json(runs.at(0));
    std::vector<std::string> json_keys;
    for (const auto& item : row_json.items()) json_keys.push_back(item.key());
    EXPECT_EQ(json_keys,
              (std::vector<std::string>{
                  "id", "kind", "status", "verdict", "verdict_text", "created_at", "started_at",
                  "finished_at", "time_control", "base", "test", "engines", "head_to_head",
                  "pairs_completed", "games", "max_pairs", "sprt_bounds", "stats"}));

    // The whole text list, as before the study form existed (each row's date is its run's own).
    std::vector<std::string> lines{
        "Runs",
        "====",
        "",
        "  Run  Date (UTC)        Kind        Base vs test       TC          Pairs  W/D/L        "
        "Ptnml            Elo ±            nElo ±        LLR (bounds)  Verdict    Status",
        "  ---  ----------------  ----------  -----------------  ----------  -----  -----  "
        "-----------  ---------------  ----------------  ------------------  ---------  "
        "-----------",
        "    1  {date}  sprt        base vs test       nodes=1000      6  5/5/2  [0,1,2,2,1]   "
        "88.74 ± 152.93   128.30 ± 196.58  0.06 [-2.94, 2.94]  undecided  finished",
        "    2  {date}  match       x vs foreign       nodes=1000      2  1/1/2  [0,1,1,0,0]  "
        "-88.74 ± 136.27  -245.67 ± 340.48                      -          interrupted",
        "    3  {date}  match       p vs q             nodes=1000      2  0/4/0  [0,0,2,0,0]      "
        "0.00 ± 0.00     0.00 ± 340.48                      -          running",
        "    4  {date}  match       m vs n             nodes=1000      0  0/0/0  [0,0,0,0,0]       "
        "         -                 -                      -          planned",
        "    5  {date}  tournament  base, test, other  nodes=1000      1                         "
        "                                                    -          planned",
        "    6  {date}  match       w1 vs w2           nodes=1000      3  6/0/0  [0,0,0,0,3]       "
        "+inf ± inf     +inf ± 278.00                      -          finished",
        "",
        "W/D/L, pentanomial [LL,LD,WL+DD,WD,WW], Elo and LLR are the test engine's, over "
        "completed pairs; Elo ± is the 95 % interval. `report --run N` shows one run."};
    std::string expected;
    for (std::size_t i = 0; i < lines.size(); ++i) {
        std::string line = lines[i];
        if (const auto at = line.find("{date}"); at != std::string::npos)
            line.replace(at, 6, short_date(runs.at(i - 5).run.created_at));
        expected += line + "\n";
    }
    std::ostringstream out;
    render_text(out, human);
    EXPECT_EQ(out.str(), expected);
    // The study form is another document; the default one is what `report` prints without
    // --columns (the command line test checks that on a real database).
    EXPECT_NE(rendered(study_document(load_study_rows(store), Audience::kHuman), render_text),
              out.str());
}

}  // namespace
}  // namespace lmr::report
