// A tournament's standings and pairings as the report loads and shows them: every engine's
// completed pairs pooled from its own side, pairings oriented to the earlier seat whatever side
// the stored pairs were viewed from, a gauntlet's first engine on top and unranked, and the
// table, CSV and JSON forms of both.

#include <gtest/gtest.h>

#include <sstream>

#include "harness/report/json.hpp"
#include "harness/report/load.hpp"
#include "harness/report/render.hpp"
#include "harness/report/tables.hpp"
#include "tests/report/support.hpp"

namespace lmr::report {
namespace {

using testing::Bin;
using testing::Builder;
using testing::TempDir;

class StandingsTest : public ::testing::Test {
  protected:
    TempDir dir;
    store::Store store = store::Store::open(dir / "r.db");
    Builder b{store};

    // A vs B: WW, WD (A's side); A vs C: LL from A's side, stored from C's side as WW; B vs C:
    // DD, stored from C's side; one lone game of C that no pair completes.
    std::int64_t round_robin() {
        const auto run = b.tournament({"A", "B", "C"});
        b.pair(run, "A", "B", "A", Bin::kWW);
        b.pair(run, "B", "A", "A", Bin::kWD);
        b.pair(run, "C", "A", "C", Bin::kWW);
        b.pair(run, "C", "B", "C", Bin::kDD);
        b.lone_game(run, "C", "A");
        return run;
    }
};

stats::Pentanomial penta(long ll, long ld, long wl, long dd, long wd, long ww) {
    return {.ll = ll, .ld = ld, .wl = wl, .dd = dd, .wd = wd, .ww = ww};
}

TEST_F(StandingsTest, RoundRobinPoolsEachEnginesPairsFromItsSide) {
    const auto s = load_standings(store, round_robin());
    EXPECT_FALSE(s.gauntlet);
    ASSERT_EQ(s.pairings.size(), 3u);
    EXPECT_EQ(s.pairings[0].first, "A");
    EXPECT_EQ(s.pairings[0].second, "B");
    EXPECT_EQ(*s.pairings[0].stats.counts.pairs, penta(0, 0, 0, 0, 1, 1));
    // Stored from C's side (C is White in round 0), shown from A's: C's WW is A's LL.
    EXPECT_EQ(s.pairings[1].first, "A");
    EXPECT_EQ(s.pairings[1].second, "C");
    EXPECT_EQ(*s.pairings[1].stats.counts.pairs, penta(1, 0, 0, 0, 0, 0));
    EXPECT_EQ(s.pairings[2].first, "B");
    EXPECT_EQ(*s.pairings[2].stats.counts.pairs, penta(0, 0, 0, 1, 0, 0));

    // C: WW against A and DD against B, 3 of 4 points a pair on average → 75 %, first.
    // A: WW + WD against B and LL against C → 7 of 12 half-points; B: the rest.
    ASSERT_EQ(s.rows.size(), 3u);
    EXPECT_EQ(s.rows[0].name, "C");
    EXPECT_EQ(s.rows[0].rank, 1);
    EXPECT_EQ(*s.rows[0].stats.counts.pairs, penta(0, 0, 0, 1, 0, 1));
    EXPECT_EQ(*s.rows[0].stats.counts.games,
              (stats::Trinomial{.wins = 2, .draws = 2, .losses = 0}));  // the lone game: not
    EXPECT_DOUBLE_EQ(s.rows[0].stats.estimate.score, 0.75);
    EXPECT_EQ(s.rows[1].name, "A");
    EXPECT_EQ(s.rows[1].rank, 2);
    EXPECT_EQ(*s.rows[1].stats.counts.pairs, penta(1, 0, 0, 0, 1, 1));
    EXPECT_DOUBLE_EQ(s.rows[1].stats.estimate.score, 7.0 / 12);
    EXPECT_EQ(s.rows[2].name, "B");
    EXPECT_EQ(s.rows[2].rank, 3);
    EXPECT_EQ(*s.rows[2].stats.counts.pairs, penta(1, 1, 0, 1, 0, 0));
    // Each row's statistics are those of its pooled pairs.
    for (const auto& row : s.rows) {
        const auto again = stats::summarize(*row.stats.counts.pairs, std::nullopt);
        EXPECT_EQ(row.stats.estimate.elo, again.estimate.elo);
        EXPECT_EQ(row.stats.estimate.elo_error, again.estimate.elo_error);
        EXPECT_FALSE(row.stats.sprt.has_value());
    }
    // load_run carries the same.
    EXPECT_EQ(load_run(store, 1).standings.rows.size(), 3u);
}

TEST_F(StandingsTest, GauntletListsItsFirstEngineOnTopUnranked) {
    const auto run =
        b.tournament({"G", "X", "Y"}, store::RunKind::kTournament, R"({"pairing": "gauntlet"})");
    b.pair(run, "G", "X", "G", Bin::kLL);
    b.pair(run, "G", "Y", "G", Bin::kWD);
    const auto s = load_standings(store, run);
    EXPECT_TRUE(s.gauntlet);
    EXPECT_EQ(s.first_engine, "G");
    ASSERT_EQ(s.pairings.size(), 2u);  // no X vs Y in a gauntlet
    EXPECT_EQ(s.pairings[1].second, "Y");
    ASSERT_EQ(s.rows.size(), 3u);
    EXPECT_EQ(s.rows[0].name, "G");
    EXPECT_FALSE(s.rows[0].rank.has_value());
    EXPECT_EQ(s.rows[1].name, "X");
    EXPECT_EQ(s.rows[1].rank, 1);
    EXPECT_EQ(s.rows[2].name, "Y");
    EXPECT_EQ(s.rows[2].rank, 2);
    EXPECT_EQ(*s.rows[0].stats.counts.pairs, penta(1, 0, 0, 0, 1, 0));

    const auto j = run_json(load_run(store, run));
    ASSERT_EQ(j["standings"].size(), 3u);
    EXPECT_TRUE(j["standings"][0]["rank"].is_null());
    EXPECT_EQ(j["standings"][1]["rank"], 1);
    EXPECT_EQ(j["standings"][1]["stats"]["pentanomial"]["ww"], 1);
    ASSERT_EQ(j["pairings"].size(), 2u);
    EXPECT_EQ(j["pairings"][0]["first"], "G");
    EXPECT_EQ(j["pairings"][0]["stats"]["pentanomial"]["ll"], 1);
}

TEST_F(StandingsTest, TableCsvAndTitles) {
    const auto run = round_robin();
    const auto detail = load_run(store, run);

    std::ostringstream text;
    render_text(text, run_document(detail, Audience::kHuman));
    const std::string t = text.str();
    EXPECT_NE(t.find("Standings\n---------\nElo: each engine against the average of the others\n"),
              std::string::npos)
        << t;
    EXPECT_NE(t.find("Rank  Engine"), std::string::npos) << t;
    EXPECT_NE(t.find("Ptnml(0-2)"), std::string::npos);
    EXPECT_NE(t.find("A vs C"), std::string::npos);
    // C's row: rank 1, 4 games, 2/2/0, 3.0 points, 75.0 %.
    EXPECT_NE(t.find("2/2/0     3.0  75.0 %"), std::string::npos) << t;

    std::ostringstream csv;
    render_csv(csv, run_document(detail, Audience::kMachine));
    const std::string c = csv.str();
    EXPECT_NE(c.find("# standings\r\nrank,engine,pairs,games,wins,draws,losses,points,score,elo,"
                     "elo_error,nelo,nelo_error,los,draw_ratio,penta_ll,penta_ld,penta_wl,"
                     "penta_dd,penta_wd,penta_ww\r\n1,C,2,4,2,2,0,3.0,0.75,"),
              std::string::npos)
        << c;
    EXPECT_NE(c.find("# pairings\r\nfirst,second,pairs,"), std::string::npos) << c;
    EXPECT_NE(c.find("\r\nA,C,1,2,0,0,2,0.0,0.0,-inf,"), std::string::npos) << c;

    // A head-to-head run has no standings section.
    const auto h2h = b.head_to_head(store::RunKind::kMatch, "A", "B");
    b.pair(h2h, "A", "B", "B", Bin::kDD);
    EXPECT_TRUE(load_run(store, h2h).standings.rows.empty());
    std::ostringstream h2h_text;
    render_text(h2h_text, run_document(load_run(store, h2h), Audience::kHuman));
    EXPECT_EQ(h2h_text.str().find("Standings"), std::string::npos);
}

}  // namespace
}  // namespace lmr::report
