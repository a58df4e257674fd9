// The SQL views of schema versions 2 and 3 and the report's loaders, on databases filled with
// pairs whose outcomes are known: config_results pools every direct meeting from each side
// (tunes excluded), config_elo's Elo equals harness/stats', the baseline report separates
// direct, common-opponent and unconnected configs without chaining, a rating list chains them
// by its model, a run's detail (terminations, faults, openings, search per move) adds up, and its
// LMR statistics are shown per engine.

#include <gtest/gtest.h>
#include <sqlite3.h>

#include <algorithm>
#include <cmath>
#include <initializer_list>
#include <map>
#include <tuple>
#include <utility>

#include "harness/report/cells.hpp"
#include "harness/report/json.hpp"
#include "harness/report/load.hpp"
#include "harness/report/tables.hpp"
#include "harness/store/schema.hpp"
#include "tests/report/support.hpp"

namespace lmr::report {
namespace {

using testing::Bin;
using testing::Builder;
using testing::TempDir;

struct ConfigRow {
    long runs = 0, pairs = 0, wins = 0, draws = 0, losses = 0;
    stats::Pentanomial p;
    double score = NAN, elo = NAN, elo_error = NAN, nelo = NAN, nelo_error = NAN;
    std::string run_ids;
    bool found = false;
};

ConfigRow config_row(const store::Store& store, const std::string& config,
                     const std::string& opponent) {
    auto s = store.database().prepare(
        "SELECT runs, pairs, wins, draws, losses, penta_ll, penta_ld, penta_wl, penta_dd, "
        "penta_wd, penta_ww, score, elo, elo_error, nelo, nelo_error, run_ids FROM config_elo "
        "WHERE config = ?1 AND opponent = ?2");
    s.bind(1, config).bind(2, opponent);
    ConfigRow r;
    if (!s.step()) return r;
    r.found = true;
    r.runs = s.column_int64(0);
    r.pairs = s.column_int64(1);
    r.wins = s.column_int64(2);
    r.draws = s.column_int64(3);
    r.losses = s.column_int64(4);
    r.p = {s.column_int64(5), s.column_int64(6), s.column_int64(7),
           s.column_int64(8), s.column_int64(9), s.column_int64(10)};
    r.score = s.column_double(11);
    r.elo = s.column_double(12);
    r.elo_error = s.column_double(13);
    r.nelo = s.column_double(14);
    r.nelo_error = s.column_double(15);
    r.run_ids = s.column_text(16);
    return r;
}

// Three runs in which A and B meet (SPRT with B as test, a match with A as test, a round
// robin), plus C (tournament), D (only met C), E–F (only each other), G (only met D), and a
// tune whose pairs must not count.
void fill(store::Store& store) {
    Builder b(store);
    const auto r1 = b.head_to_head(store::RunKind::kSprt, "A", "B");
    b.pair(r1, "A", "B", "B", Bin::kWW);
    b.pair(r1, "B", "A", "B", Bin::kWD);
    b.pair(r1, "A", "B", "B", Bin::kDD);
    b.pair(r1, "B", "A", "B", Bin::kLD);
    const auto r2 = b.head_to_head(store::RunKind::kMatch, "B", "A");
    b.pair(r2, "B", "A", "A", Bin::kWL);
    b.pair(r2, "A", "B", "A", Bin::kLL);
    const auto r3 = b.tournament({"A", "B", "C"});
    b.pair(r3, "C", "A", "C", Bin::kWD);  // a tournament's view engine is White in round 0
    b.pair(r3, "B", "A", "B", Bin::kDD);
    b.pair(r3, "B", "C", "B", Bin::kLL);
    const auto r4 = b.head_to_head(store::RunKind::kMatch, "C", "D");
    b.pair(r4, "C", "D", "D", Bin::kWW);
    const auto r5 = b.head_to_head(store::RunKind::kMatch, "E", "F");
    b.pair(r5, "E", "F", "F", Bin::kWD);
    const auto r6 = b.head_to_head(store::RunKind::kMatch, "D", "G");
    b.pair(r6, "D", "G", "G", Bin::kDD);
    const auto tune = b.tournament({"A", "X"}, store::RunKind::kTune);
    b.pair(tune, "A", "X", "A", Bin::kWW);
}

TEST(ReportViews, ConfigResultsPoolDirectMeetingsFromEachSide) {
    TempDir dir;
    auto store = store::Store::open(dir / "r.db");
    fill(store);

    // B against A: run 1 as given (WW, WD, DD, LD), run 2 mirrored from A's WL, LL (WL, WW),
    // run 3 DD.
    const auto ba = config_row(store, "B", "A");
    ASSERT_TRUE(ba.found);
    EXPECT_EQ(ba.runs, 3);
    EXPECT_EQ(ba.run_ids, "1,2,3");
    const stats::Pentanomial expected{.ll = 0, .ld = 1, .wl = 1, .dd = 2, .wd = 1, .ww = 2};
    EXPECT_EQ(ba.p, expected);
    EXPECT_EQ(ba.pairs, 7);
    const auto games = stats::to_trinomial(expected);
    EXPECT_EQ(ba.wins, games.wins);
    EXPECT_EQ(ba.draws, games.draws);
    EXPECT_EQ(ba.losses, games.losses);

    // The same meetings from A's side are the mirror image.
    const auto ab = config_row(store, "A", "B");
    EXPECT_EQ(ab.p, (stats::Pentanomial{.ll = 2, .ld = 1, .wl = 1, .dd = 2, .wd = 1, .ww = 0}));
    EXPECT_DOUBLE_EQ(ab.score + ba.score, 1.0);

    // config_elo computes what harness/stats computes.
    const auto e = stats::estimate(expected);
    EXPECT_NEAR(ba.score, e.score, 1e-12);
    EXPECT_NEAR(ba.elo, e.elo, 1e-9);
    EXPECT_NEAR(ba.elo_error, e.elo_error, 1e-9);
    EXPECT_NEAR(ba.nelo, e.nelo, 1e-9);
    EXPECT_NEAR(ba.nelo_error, e.nelo_error, 1e-9);
    EXPECT_NEAR(ab.elo, -e.elo, 1e-9);

    // Tournament pairs count for the engines that met; tunes do not count at all.
    EXPECT_EQ(config_row(store, "C", "A").p, (stats::Pentanomial{.wd = 1}));
    EXPECT_EQ(config_row(store, "A", "C").p, (stats::Pentanomial{.ld = 1}));
    EXPECT_FALSE(config_row(store, "A", "X").found);
    EXPECT_FALSE(config_row(store, "X", "A").found);
}

// config_meetings pools in C++'s query what the config_results view pools for SQL users; the
// query only adds the time-control filter a view cannot take.
TEST(ReportViews, ConfigMeetingsPoolAsTheConfigResultsView) {
    TempDir dir;
    auto store = store::Store::open(dir / "r.db");
    fill(store);
    const auto meetings = store.config_meetings();
    auto rows = store.database().prepare(
        "SELECT config, opponent, runs, run_ids, config_setups, penta_ll, penta_ld, penta_wl, "
        "penta_dd, penta_wd, penta_ww FROM config_results ORDER BY config, opponent");
    std::size_t seen = 0;
    while (rows.step()) {
        ++seen;
        const auto it = std::find_if(meetings.begin(), meetings.end(), [&](const auto& m) {
            return m.config == rows.column_text(0) && m.opponent == rows.column_text(1);
        });
        ASSERT_NE(it, meetings.end()) << rows.column_text(0) << " vs " << rows.column_text(1);
        EXPECT_EQ(it->runs, rows.column_int64(2));
        EXPECT_EQ(it->run_ids, rows.column_text(3));
        EXPECT_EQ(it->setups, rows.column_int64(4));
        EXPECT_EQ(it->penta, (stats::Pentanomial{rows.column_int64(5), rows.column_int64(6),
                                                 rows.column_int64(7), rows.column_int64(8),
                                                 rows.column_int64(9), rows.column_int64(10)}));
    }
    EXPECT_EQ(seen, meetings.size());
    EXPECT_GT(seen, 0u);
}

TEST(ReportViews, ConfigEloIsNullWhereStatsAreInfinite) {
    TempDir dir;
    auto store = store::Store::open(dir / "r.db");
    Builder b(store);
    const auto run = b.head_to_head(store::RunKind::kMatch, "A", "B");
    b.pair(run, "A", "B", "B", Bin::kWW);
    b.pair(run, "B", "A", "B", Bin::kWW);
    const auto row = config_row(store, "B", "A");
    EXPECT_EQ(row.score, 1.0);
    EXPECT_TRUE(std::isnan(row.elo));  // +inf in harness/stats: NULL in SQL
    EXPECT_TRUE(std::isnan(row.elo_error));
    EXPECT_TRUE(std::isnan(row.nelo));
    EXPECT_NEAR(row.nelo_error, stats::estimate(stats::Pentanomial{.ww = 2}).nelo_error, 1e-9);
    // All draws: 0 ± 0, as harness/stats says.
    const auto draws_run = b.head_to_head(store::RunKind::kMatch, "C", "D");
    b.pair(draws_run, "C", "D", "D", Bin::kDD);
    const auto draws = config_row(store, "D", "C");
    EXPECT_EQ(draws.elo, 0.0);
    EXPECT_EQ(draws.elo_error, 0.0);
    EXPECT_EQ(draws.nelo, 0.0);
}

TEST(ReportBaseline, DirectCommonOpponentAndUnconnectedAreKeptApart) {
    TempDir dir;
    auto store = store::Store::open(dir / "r.db");
    fill(store);
    const auto report = load_baseline(store, "A");
    EXPECT_EQ(report.baseline, "A");
    EXPECT_EQ(report.opponents, (std::vector<std::string>{"B", "C"}));
    std::map<std::string, const BaselineEntry*> by_name;
    for (const auto& e : report.entries) by_name[e.config] = &e;
    ASSERT_EQ(by_name.size(), 6u);  // B C D E F G; X only played in a tune

    const auto& b = *by_name.at("B");
    EXPECT_EQ(b.relation, Relation::kDirect);
    ASSERT_TRUE(b.stats);
    const stats::Pentanomial expected{.ll = 0, .ld = 1, .wl = 1, .dd = 2, .wd = 1, .ww = 2};
    EXPECT_EQ(*b.stats->counts.pairs, expected);
    const auto reference = stats::summarize(expected, std::nullopt);
    EXPECT_EQ(b.stats->estimate.elo, reference.estimate.elo);  // the same code, the same bits
    EXPECT_EQ(b.stats->estimate.elo_error, reference.estimate.elo_error);
    EXPECT_EQ(b.runs, 3);

    EXPECT_EQ(by_name.at("C")->relation, Relation::kDirect);
    // D met C, whom A also met: listed as such, with no Elo against A.
    EXPECT_EQ(by_name.at("D")->relation, Relation::kCommonOpponent);
    EXPECT_EQ(by_name.at("D")->common_opponents, std::vector<std::string>{"C"});
    EXPECT_FALSE(by_name.at("D")->stats);
    // Two hops away, or a separate group: unconnected, never chained.
    EXPECT_EQ(by_name.at("G")->relation, Relation::kUnconnected);
    EXPECT_EQ(by_name.at("E")->relation, Relation::kUnconnected);
    EXPECT_EQ(by_name.at("F")->relation, Relation::kUnconnected);

    // Direct entries first, best Elo first.
    ASSERT_GE(report.entries.size(), 2u);
    EXPECT_EQ(report.entries[0].relation, Relation::kDirect);
    EXPECT_EQ(report.entries[1].relation, Relation::kDirect);
    EXPECT_GE(report.entries[0].stats->estimate.elo, report.entries[1].stats->estimate.elo);
    EXPECT_EQ(report.entries[2].relation, Relation::kCommonOpponent);
}

// A chain A - B - C has one way to explain its scores: each link's rating difference is that
// pairing's own Elo (stats' head-to-head estimate). D - E is not linked to A. The list says which
// time controls it pooled (only the runs between rated configs) and warns that it mixed two.
TEST(ReportRatings, AChainRatesEachLinkByItsOwnScoreAndSaysWhichTimeControlsItPooled) {
    TempDir dir;
    auto store = store::Store::open(dir / "r.db");
    Builder b(store);
    const auto ab = b.head_to_head(store::RunKind::kMatch, "A", "B");
    for (Bin bin : {Bin::kWW, Bin::kWD, Bin::kDD, Bin::kLD, Bin::kWD})
        b.pair(ab, "A", "B", "A", bin);
    const auto bc = b.head_to_head(store::RunKind::kMatch, "B", "C", false, "", "tc=5+0.05");
    for (Bin bin : {Bin::kWL, Bin::kWD, Bin::kLD, Bin::kLL, Bin::kDD})
        b.pair(bc, "B", "C", "C", bin);
    const auto de = b.head_to_head(store::RunKind::kMatch, "D", "E", false, "", "tc=60+0.6");
    for (Bin bin : {Bin::kWD, Bin::kLD}) b.pair(de, "D", "E", "D", bin);

    stats::Pentanomial a_vs_b, c_vs_b;
    for (Bin bin : {Bin::kWW, Bin::kWD, Bin::kDD, Bin::kLD, Bin::kWD})
        testing::add_bin(a_vs_b, bin);
    for (Bin bin : {Bin::kWL, Bin::kWD, Bin::kLD, Bin::kLL, Bin::kDD})
        testing::add_bin(c_vs_b, bin);
    const double b_rating = -stats::estimate(a_vs_b).elo;
    const double c_rating = b_rating + stats::estimate(c_vs_b).elo;

    const RatingsReport report = rate({load_rating_source(store)}, "A");
    ASSERT_EQ(report.rated.size(), 3u);
    std::map<std::string, const RatingEntry*> by_name;
    for (const auto& e : report.rated) by_name[e.config] = &e;
    EXPECT_EQ(by_name["A"]->elo, 0);
    EXPECT_NEAR(by_name["B"]->elo, b_rating, 1e-8);
    EXPECT_NEAR(by_name["C"]->elo, c_rating, 1e-8);
    EXPECT_EQ(by_name["B"]->opponents, (std::vector<std::string>{"A", "C"}));
    EXPECT_EQ(report.unconnected, (std::vector<std::string>{"D", "E"}));
    ASSERT_EQ(report.time_controls.size(), 2u);
    EXPECT_EQ(report.time_controls[0].time_control, "nodes=1000");
    EXPECT_EQ(report.time_controls[0].run_ids, std::to_string(ab));
    EXPECT_EQ(report.time_controls[1].time_control, "tc=5+0.05");
    EXPECT_EQ(report.time_controls[1].run_ids, std::to_string(bc));

    const Document doc = ratings_document(report, Audience::kHuman);
    const auto& notes = doc.sections.front().notes;
    EXPECT_TRUE(std::any_of(notes.begin(), notes.end(), [](const std::string& n) {
        return n.find("pools 2 time controls") != std::string::npos;
    }));
}

// `report --baseline none` gave one figure for runs at nodes=2000, 10+0.1 and nodes=20000
// together without a word. Each entry now names its time controls, the report the runs it
// pooled and warns when they mix; --tc keeps the runs of one.
TEST(ReportBaseline, SaysWhichTimeControlsItPooledAndTcKeepsOne) {
    TempDir dir;
    auto store = store::Store::open(dir / "r.db");
    Builder b(store);
    const auto fast = b.head_to_head(store::RunKind::kMatch, "none", "A", false, "", "nodes=2000");
    for (Bin bin : {Bin::kWW, Bin::kWD, Bin::kDD}) b.pair(fast, "none", "A", "A", bin);
    const auto clock = b.head_to_head(store::RunKind::kMatch, "none", "A", false, "", "tc=10+0.1");
    for (Bin bin : {Bin::kLL, Bin::kLD}) b.pair(clock, "none", "A", "A", bin);
    const auto other = b.head_to_head(store::RunKind::kMatch, "none", "B", false, "", "nodes=2000");
    b.pair(other, "none", "B", "B", Bin::kWD);

    const BaselineReport all = load_baseline(store, "none");
    ASSERT_EQ(all.entries.size(), 2u);
    const auto& a = all.entries[0].config == "A" ? all.entries[0] : all.entries[1];
    EXPECT_EQ(a.time_controls, (std::vector<std::string>{"nodes=2000", "tc=10+0.1"}));
    EXPECT_EQ(a.stats->counts.pairs->pairs(), 5);
    ASSERT_EQ(all.time_controls.size(), 2u);
    EXPECT_EQ(all.time_controls[0].time_control, "nodes=2000");
    EXPECT_EQ(all.time_controls[0].run_ids, std::to_string(fast) + "," + std::to_string(other));
    EXPECT_EQ(all.time_controls[1].run_ids, std::to_string(clock));
    const Document doc = baseline_document(all, Audience::kHuman);
    const auto& notes = doc.sections.front().notes;
    EXPECT_TRUE(std::any_of(notes.begin(), notes.end(), [](const std::string& n) {
        return n.find("These figures pool 2 time controls") != std::string::npos &&
               n.find("--tc TC") != std::string::npos;
    }));

    const BaselineReport one = load_baseline(store, "none", std::string("tc=10+0.1"));
    ASSERT_EQ(one.entries.size(), 1u) << "B met none only at nodes=2000";
    const auto& a_clock = one.entries[0];
    EXPECT_EQ(a_clock.config, "A");
    ASSERT_TRUE(a_clock.stats);
    EXPECT_EQ(*a_clock.stats->counts.pairs, (stats::Pentanomial{.ll = 1, .ld = 1}));
    EXPECT_EQ(a_clock.run_ids, std::to_string(clock));
    EXPECT_EQ(a_clock.time_controls, std::vector<std::string>{"tc=10+0.1"});
    EXPECT_EQ(one.time_control, "tc=10+0.1");

    try {
        load_baseline(store, "none", std::string("nodes=20000"));
        FAIL() << "a time control no run was played at must be an error";
    } catch (const ReportError& e) {
        EXPECT_NE(std::string(e.what()).find(
                      "--tc nodes=20000: no run in " + (dir / "r.db") +
                      " was played at that time control; its time controls: nodes=2000, "
                      "tc=10+0.1"),
                  std::string::npos)
            << e.what();
    }
}

TEST(ReportBaseline, UnknownNameSaysWhichConfigsExist) {
    TempDir dir;
    auto store = store::Store::open(dir / "r.db");
    fill(store);
    try {
        (void)load_baseline(store, "nope");
        FAIL() << "an unknown baseline was accepted";
    } catch (const ReportError& e) {
        const std::string message = e.what();
        EXPECT_NE(message.find("'nope'"), std::string::npos) << message;
        EXPECT_NE(message.find("A, B, C"), std::string::npos) << message;
    }
    EXPECT_EQ(config_names(store), (std::vector<std::string>{"A", "B", "C", "D", "E", "F", "G"}));
}

TEST(ReportRun, DetailAddsUp) {
    TempDir dir;
    auto store = store::Store::open(dir / "r.db");
    Builder b(store);
    const auto run = b.head_to_head(store::RunKind::kSprt, "base", "test");
    b.pair(run, "base", "test", "test", Bin::kWW, 3);
    b.pair(run, "test", "base", "test", Bin::kWD, 3);
    b.pair(run, "base", "test", "test", Bin::kLD, 5, 4, core::Termination::kCrash);
    b.lone_game(run, "base", "test");

    const auto d = load_run(store, run);
    EXPECT_TRUE(d.row.head_to_head);
    EXPECT_EQ(d.row.summary.pairs_completed, 3);
    EXPECT_EQ(d.row.summary.games, 7);
    const stats::Pentanomial expected{.ld = 1, .wd = 1, .ww = 1};
    ASSERT_TRUE(d.row.stats);
    EXPECT_EQ(*d.row.stats->counts.pairs, expected);
    ASSERT_TRUE(d.row.stats->sprt);  // the run's bounds: [0, 5] normalized
    EXPECT_EQ(d.row.stats->sprt->llr,
              stats::summarize(expected, usable_sprt(d.row.run.sprt)).sprt->llr);

    long games = 0;
    for (const auto& t : d.terminations) games += t.games;
    EXPECT_EQ(games, 7);
    // The crashed pair: test lost game 0 (a loss) and drew game 1 — one fault, lost by test.
    ASSERT_EQ(d.faults.size(), 2u);  // both games of that pair carry the crash termination
    EXPECT_EQ(d.faults[0].termination, "crash");
    EXPECT_EQ(d.faults[0].loser, "test");
    EXPECT_EQ(d.faults[1].loser, "");  // the drawn one names nobody

    ASSERT_EQ(d.openings.size(), 2u);
    EXPECT_EQ(d.openings[0].opening_index, 3);
    EXPECT_EQ(d.openings[0].pairs, 2);
    EXPECT_EQ(d.openings[0].half_points, 4 + 3);
    EXPECT_EQ(d.openings[1].opening_index, 5);
    EXPECT_DOUBLE_EQ(d.openings[1].score, 1.0 / 4);

    // Seat order; every engine moved as White (depth 10, 12 …) and as Black (11, 13 …).
    ASSERT_EQ(d.sides.size(), 2u);
    EXPECT_EQ(d.sides[0].name, "base");
    EXPECT_EQ(d.sides[1].name, "test");
    long moves = 0;
    for (const auto& s : d.sides) {
        moves += s.moves;
        ASSERT_TRUE(s.avg_time_ms);
        EXPECT_DOUBLE_EQ(*s.avg_time_ms, 5.0);
    }
    EXPECT_EQ(moves, 2 * 2 + 2 * 2 + 2 * 4 + 2);  // two 2-ply pairs, one 4-ply pair, a lone game
    // base: as White in the first and third pair and the lone game, as Black in the second.
    EXPECT_EQ(d.sides[0].moves, 1 + 1 + 1 + 1 + 2 + 2 + 1);
}

// One side's LMR statistics over a game: a histogram of final reductions and rules that fired.
core::LmrGameStats lmr_stats(
    int reports, std::initializer_list<std::pair<int, std::uint64_t>> plies, std::uint64_t searches,
    std::uint64_t researches,
    std::initializer_list<std::tuple<reduction::Rule, int, int, int>> rules) {
    core::LmrGameStats stats;
    stats.reports = reports;
    for (const auto& [size, count] : plies) {
        stats.total.stats.by_plies[size + reduction::LmrStats::kMaxPlies] = count;
        stats.total.stats.calls += count;
    }
    stats.total.reduced_searches = searches;
    stats.total.re_searches = researches;
    for (const auto& [rule, fired, changed, units] : rules) {
        const int i = static_cast<int>(rule);
        stats.total.stats.fired[i] = fired;
        stats.total.stats.changed[i] = changed;
        stats.total.stats.units[i] = units;
    }
    return stats;
}

// Three searches, 20 late moves of which 12 reduced (10 by one ply, 2 by two), 3 of the 12
// reduced searches searched again; the table's step fired on 12 and decided 5.
core::LmrGameStats twenty_late_moves() {
    return lmr_stats(
        3, {{0, 8}, {1, 10}, {2, 2}}, 12, 3,
        {{reduction::Rule::kStepTable, 12, 5, 150}, {reduction::Rule::kGateTtMove, 8, 0, 0}});
}

const Section* find_section(const Document& doc, const std::string& title) {
    for (const auto& section : doc.sections)
        if (section.title == title) return &section;
    return nullptr;
}

const Table* find_table(const Document& doc, const std::string& key) {
    for (const auto& section : doc.sections)
        for (const auto& table : section.tables)
            if (table.key == key) return &table;
    return nullptr;
}

// One column list per view: each machine table of a run's document and the JSON list of the same
// view have the same keys, in the same order, and the same values (a CSV cell is the JSON value's
// text, empty for null), so neither can gain or rename a column alone.
TEST(ReportRun, CsvTablesAndJsonListsAreTheSameView) {
    TempDir dir;
    auto store = store::Store::open(dir / "r.db");
    Builder b(store);
    b.set_lmr_stats({twenty_late_moves(), std::nullopt});
    b.set_search("base", std::nullopt, std::nullopt);  // an engine whose averages are undefined
    const auto run = b.head_to_head(store::RunKind::kSprt, "base", "test");
    b.pair(run, "base", "test", "test", Bin::kWD, 3, 6);
    b.pair(run, "test", "base", "test", Bin::kLD, 5, 4, core::Termination::kCrash);
    const RunDetail d = load_run(store, run);
    const auto json = run_json(d);
    const Document machine = run_document(d, Audience::kMachine);

    // The CSV block's key → where its rows are in the JSON.
    const std::vector<std::pair<std::string, nlohmann::ordered_json>> lists{
        {"terminations", json["terminations"]},
        {"faults", json["faults"]},
        {"search", json["search"]},
        {"openings", json["openings"]},
        {"lmr", json["lmr"]}};
    for (const auto& [key, list] : lists) {
        const Table* table = find_table(machine, key);
        ASSERT_NE(table, nullptr) << key;
        ASSERT_FALSE(table->rows.empty()) << key;
        ASSERT_EQ(list.size(), table->rows.size()) << key;
        for (std::size_t r = 0; r < list.size(); ++r) {
            std::vector<std::string> keys;
            for (const auto& item : list[r].items())
                if (item.key() != "rules") keys.push_back(item.key());  // nested: its own block
            ASSERT_EQ(keys.size(), table->columns.size()) << key;
            for (std::size_t c = 0; c < keys.size(); ++c) {
                EXPECT_EQ(keys[c], table->columns[c].key) << key;
                EXPECT_EQ(machine_text(list[r][keys[c]]), table->rows[r][c])
                    << key << " row " << r << " " << keys[c];
            }
        }
    }
    // The values themselves, where the two could most easily part: a null average, a rate.
    EXPECT_TRUE(json["search"][0]["avg_depth"].is_null());
    EXPECT_EQ(json["lmr"][0]["reduced_rate"], 12.0 / 20.0);
    EXPECT_EQ(json["lmr"][0]["rules"][0]["rule"], "gates.tt_move");
}

TEST(ReportRun, LmrStatisticsPerEngineForPeopleAndMachines) {
    TempDir dir;
    auto store = store::Store::open(dir / "r.db");
    Builder b(store);
    // Whoever plays White reports 20 late moves, whoever plays Black 10 with LMR off; over the
    // pair each engine has one game of each.
    b.set_lmr_stats({twenty_late_moves(),
                     lmr_stats(2, {{0, 10}}, 0, 0, {{reduction::Rule::kDisabled, 10, 0, 0}})});
    const auto run = b.head_to_head(store::RunKind::kMatch, "base", "test");
    b.pair(run, "base", "test", "test", Bin::kWD);
    // One side only, nothing reduced.
    b.set_lmr_stats({std::nullopt, lmr_stats(1, {{0, 4}}, 0, 0, {})});
    const auto black_only = b.head_to_head(store::RunKind::kMatch, "x", "y");
    b.pair(black_only, "x", "y", "y", Bin::kDD);
    b.set_lmr_stats({});
    const auto none = b.head_to_head(store::RunKind::kMatch, "p", "q");
    b.pair(none, "p", "q", "q", Bin::kDD);

    const RunDetail d = load_run(store, run);
    ASSERT_EQ(d.lmr.size(), 2u);
    for (const auto& e : d.lmr) {
        SCOPED_TRACE(e.name);
        EXPECT_EQ(e.games, 2);
        EXPECT_EQ(e.reports, 5);
        EXPECT_EQ(e.late, 30);
        EXPECT_EQ(e.reduced, 12);
        EXPECT_EQ(e.plies, 14);
        EXPECT_DOUBLE_EQ(e.research_rate, 3.0 / 12);
    }
    const Document human = run_document(d, Audience::kHuman);
    const Section* base = find_section(human, "LMR statistics: base (base)");
    ASSERT_NE(base, nullptr);
    ASSERT_NE(find_section(human, "LMR statistics: test (test)"), nullptr);
    const std::vector<std::pair<std::string, std::string>> fields{
        {"Late moves", "30 (5 searches in 2 games)"},
        {"Reduced", "12 (40.0 %), extended 0"},
        {"Re-searches", "3 of 12 reduced searches (25.0 %)"},
        {"Average plies", "0.47 per late move"}};
    EXPECT_EQ(base->fields, fields);
    ASSERT_EQ(base->tables.size(), 1u);
    const std::vector<std::vector<std::string>> rules{
        {"lmr.disabled", "10", "0", "33.3 %", "0.0 %"},
        {"gates.tt_move", "8", "0", "26.7 %", "0.0 %"},
        {"steps.table", "12", "5", "40.0 %", "16.7 %"}};
    EXPECT_EQ(base->tables[0].rows, rules);

    const Document machine = run_document(d, Audience::kMachine);
    const Table* totals = find_table(machine, "lmr");
    ASSERT_NE(totals, nullptr);
    ASSERT_EQ(totals->rows.size(), 2u);
    EXPECT_EQ(totals->rows[0],
              (std::vector<std::string>{"base", "base", "2", "5", "30", "12", "0", "12", "3", "14",
                                        "0.4", "0.25", number(14.0 / 30)}));
    const Table* rule_table = find_table(machine, "lmr_rules");
    ASSERT_NE(rule_table, nullptr);
    ASSERT_EQ(rule_table->rows.size(), 6u);
    EXPECT_EQ(rule_table->rows[2], (std::vector<std::string>{"base", "steps.table", "12", "5",
                                                             "150", "0.4", number(5.0 / 30)}));

    // Undefined rates: "-" for people, empty for machines.
    const RunDetail one_side = load_run(store, black_only);
    ASSERT_EQ(one_side.lmr.size(), 2u);  // each engine played Black once
    const Document one_side_human = run_document(one_side, Audience::kHuman);
    const Section* x = find_section(one_side_human, "LMR statistics: x (base)");
    ASSERT_NE(x, nullptr);
    EXPECT_EQ(x->fields[2].second, "0 of 0 reduced searches (-)");
    EXPECT_TRUE(x->tables[0].rows.empty());
    const Document one_side_machine = run_document(one_side, Audience::kMachine);
    const Table* x_totals = find_table(one_side_machine, "lmr");
    ASSERT_NE(x_totals, nullptr);
    EXPECT_EQ(x_totals->rows[0][11], "");  // research_rate

    // No statistics: no section, and CSV keeps its two blocks, empty.
    const RunDetail without = load_run(store, none);
    EXPECT_TRUE(without.lmr.empty());
    for (const auto& section : run_document(without, Audience::kHuman).sections)
        EXPECT_EQ(section.title.find("LMR"), std::string::npos) << section.title;
    const Document without_csv = run_document(without, Audience::kMachine);
    ASSERT_NE(find_table(without_csv, "lmr"), nullptr);
    EXPECT_TRUE(find_table(without_csv, "lmr")->rows.empty());
    ASSERT_NE(find_table(without_csv, "lmr_rules"), nullptr);
}

TEST(ReportSchema, VersionOneNeedsAnUpgradeThatKeepsTheData) {
    TempDir dir;
    const auto path = dir / "old.db";
    {
        auto db = store::sqlite::Database::open(path, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE);
        store::apply_migrations(db, store::migrations().first(1));
        db.exec("PRAGMA journal_mode = WAL");
    }
    try {
        (void)store::Store::open(path, {.mode = store::OpenMode::kReadOnly});
        FAIL() << "a version-1 database opened read-only without its views";
    } catch (const store::StoreError& e) {
        EXPECT_EQ(e.kind(), store::ErrorKind::kTooOld) << e.what();
    }
    { auto rw = store::Store::open(path); }
    const auto store = store::Store::open(path, {.mode = store::OpenMode::kReadOnly});
    EXPECT_EQ(store.schema_version(), store::latest_schema_version());
    EXPECT_GE(store::latest_schema_version(), 2);
    for (const char* view :
         {"config_results", "config_elo", "run_terminations", "game_faults", "opening_results"}) {
        EXPECT_EQ(store.database().query_int(
                      "SELECT count(*) FROM sqlite_schema WHERE type = 'view' AND name = '" +
                      std::string(view) + "'"),
                  1)
            << view;
    }
    EXPECT_TRUE(load_runs(store).empty());
}

}  // namespace
}  // namespace lmr::report
