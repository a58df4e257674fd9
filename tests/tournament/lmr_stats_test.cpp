// LMR statistics of real runs: lmr-engine configs report theirs after every search and the
// harness stores them per game and side; an engine without the LmrStats option, or one whose
// user turned it off, leaves no rows; `report --run N` shows what was stored.

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "tests/tournament/support.hpp"

namespace lmr::tournament_test {
namespace {

long long count(const Db& db, const std::string& sql) {
    return db.integer(sql);
}

// The view's row of an engine, by name (every test uses one run).
struct EngineTotals {
    long long games = 0, reports = 0, late = 0, reduced = 0, extended = 0, searches = 0,
              researches = 0, plies = 0;
};

EngineTotals totals_of(const Db& db, const std::string& engine) {
    const auto rows = db.rows(
        "SELECT s.games, s.reports, s.late, s.reduced, s.extended, s.searches, s.researches, "
        "s.plies FROM engine_lmr_stats s JOIN engines e ON e.id = s.engine_id "
        "WHERE e.name = '" +
        engine + "'");
    EngineTotals t;
    if (rows.size() != 1) {
        ADD_FAILURE() << rows.size() << " engine_lmr_stats rows for " << engine;
        return t;
    }
    long long* fields[] = {&t.games,    &t.reports,  &t.late,       &t.reduced,
                           &t.extended, &t.searches, &t.researches, &t.plies};
    for (std::size_t i = 0; i < std::size(fields); ++i) *fields[i] = std::stoll(*rows[0][i]);
    return t;
}

// A rule's fired count over one engine's stored games, added up here from game_lmr_rules.
long long fired_in_games(const Db& db, const std::string& engine, const std::string& rule) {
    return count(db,
                 "SELECT COALESCE(SUM(r.fired), 0) FROM game_lmr_rules r "
                 "JOIN games g ON g.id = r.game_id JOIN engines e ON e.id = CASE r.color "
                 "WHEN 'w' THEN g.white_engine_id ELSE g.black_engine_id END "
                 "WHERE e.name = '" +
                     engine + "' AND r.rule = '" + rule + "'");
}

TEST(LmrStats, AMatchOfTwoConfigsStoresBothEnginesStatistics) {
    TempDir dir;
    const std::string db_path = dir / "lmr.db";
    const auto r = run_harness(
        dir, {"match", "--base", config_path("cpw-simple.json"), "--test",
              config_path("rebel-expert.json"), "--pairs", "2", "--tc", "nodes=2000", "--book",
              write_small_book(dir.path()), "--maxmoves", "60", "--db", db_path});
    ASSERT_EQ(r.exit_code, 0) << describe(r);
    Db db(db_path);
    const long long games = count(db, "SELECT count(*) FROM games");
    ASSERT_EQ(games, 4);
    // Both sides of every game, each with one report per move it made.
    EXPECT_EQ(count(db, "SELECT count(*) FROM game_lmr_stats"), 2 * games);
    EXPECT_EQ(count(db,
                    "SELECT count(*) FROM game_lmr_stats s WHERE s.reports <> (SELECT count(*) "
                    "FROM moves m WHERE m.game_id = s.game_id AND m.color = s.color)"),
              0);
    // Turning the option on is not the user's choice: the engines keep their identity.
    EXPECT_EQ(count(db, "SELECT count(*) FROM engines WHERE options_json LIKE '%LmrStats%'"), 0);

    for (const std::string engine : {"cpw-simple", "rebel-expert"}) {
        SCOPED_TRACE(engine);
        const EngineTotals t = totals_of(db, engine);
        EXPECT_EQ(t.games, games);
        EXPECT_GT(t.late, 0);
        EXPECT_GT(t.reduced, 0);
        EXPECT_LE(t.reduced + t.extended, t.late);
        EXPECT_LE(t.researches, t.searches);
        EXPECT_GT(t.plies, 0);
        // A rule fires at most once per late move and changes a move only when it fired.
        EXPECT_EQ(count(db,
                        "SELECT count(*) FROM game_lmr_rules r JOIN game_lmr_stats s "
                        "USING (game_id, color) WHERE r.fired > s.late OR r.changed > r.fired"),
                  0);
    }
    // rebel-expert's table step: its per-game counts add up to the view's, and it fires only on
    // late moves that no gate (nor the minimum depth) kept at full depth.
    const long long table =
        count(db,
              "SELECT r.fired FROM engine_lmr_rules r JOIN engines e ON e.id = r.engine_id "
              "WHERE e.name = 'rebel-expert' AND r.rule = 'steps.table'");
    EXPECT_GT(table, 0);
    EXPECT_EQ(table, fired_in_games(db, "rebel-expert", "steps.table"));
    EXPECT_LT(table, totals_of(db, "rebel-expert").late);
    // cpw-simple has no table; its one term is behind every reduction it makes.
    EXPECT_EQ(fired_in_games(db, "cpw-simple", "steps.table"), 0);
    const EngineTotals cpw = totals_of(db, "cpw-simple");
    const long long constant = fired_in_games(db, "cpw-simple", "terms.constant");
    EXPECT_GE(constant, cpw.reduced);
    EXPECT_LE(constant, cpw.late);

    // The report shows a section per engine, in every format.
    const auto text = run_harness(dir, {"report", "--db", db_path, "--run", "1"});
    ASSERT_EQ(text.exit_code, 0) << describe(text);
    EXPECT_NE(text.out.find("LMR statistics: cpw-simple (base)"), std::string::npos) << text.out;
    EXPECT_NE(text.out.find("LMR statistics: rebel-expert (test)"), std::string::npos) << text.out;
    EXPECT_NE(text.out.find("steps.table"), std::string::npos) << text.out;
    const auto json_run =
        run_harness(dir, {"report", "--db", db_path, "--run", "1", "--format", "json"});
    ASSERT_EQ(json_run.exit_code, 0) << describe(json_run);
    const auto lmr = nlohmann::json::parse(json_run.out).at("lmr");
    ASSERT_EQ(lmr.size(), 2u);
    EXPECT_EQ(lmr[1].at("engine"), "rebel-expert");
    EXPECT_EQ(lmr[1].at("late").get<long long>(), totals_of(db, "rebel-expert").late);
    const auto csv = run_harness(dir, {"report", "--db", db_path, "--run", "1", "--format", "csv"});
    ASSERT_EQ(csv.exit_code, 0) << describe(csv);
    EXPECT_NE(csv.out.find("# lmr\r\nengine,role,games,"), std::string::npos) << csv.out;
    EXPECT_NE(csv.out.find("# lmr_rules\r\nengine,rule,fired,"), std::string::npos) << csv.out;
    const auto markdown =
        run_harness(dir, {"report", "--db", db_path, "--run", "1", "--format", "markdown"});
    ASSERT_EQ(markdown.exit_code, 0) << describe(markdown);
    EXPECT_NE(markdown.out.find("### LMR statistics: rebel-expert (test)"), std::string::npos)
        << markdown.out;
}

TEST(LmrStats, AnEngineWithoutTheOptionStoresNoRows) {
    TempDir dir;
    const std::string db_path = dir / "fixture.db";
    const auto r =
        run_harness(dir, {"match", "--engine", "name=lmr", "cmd=" + kEngine, "--engine",
                          "name=random", "cmd=" + kFixtureRandom, "--pairs", "1", "--tc",
                          "nodes=500", "--book", "none", "--maxmoves", "40", "--db", db_path});
    ASSERT_EQ(r.exit_code, 0) << describe(r);
    Db db(db_path);
    ASSERT_EQ(count(db, "SELECT count(*) FROM games"), 2);
    EXPECT_EQ(count(db, "SELECT count(*) FROM game_lmr_stats"), 2);  // lmr-engine's side only
    EXPECT_EQ(count(db,
                    "SELECT count(*) FROM engine_lmr_stats s JOIN engines e "
                    "ON e.id = s.engine_id WHERE e.name = 'random'"),
              0);
    EXPECT_EQ(totals_of(db, "lmr").games, 2);

    const auto report = run_harness(dir, {"report", "--db", db_path, "--run", "1"});
    ASSERT_EQ(report.exit_code, 0) << describe(report);
    EXPECT_NE(report.out.find("LMR statistics: lmr"), std::string::npos) << report.out;
    EXPECT_EQ(report.out.find("LMR statistics: random"), std::string::npos) << report.out;
}

TEST(LmrStats, TheUsersLmrStatsOptionWins) {
    TempDir dir;
    const std::string db_path = dir / "off.db";
    const auto r = run_harness(
        dir, {"match", "--base", config_path("none.json"), "--test", config_path("cpw-simple.json"),
              "--option", "LmrStats=false", "--pairs", "1", "--tc", "nodes=500", "--book", "none",
              "--maxmoves", "20", "--db", db_path});
    ASSERT_EQ(r.exit_code, 0) << describe(r);
    Db db(db_path);
    EXPECT_EQ(count(db, "SELECT count(*) FROM games"), 2);
    EXPECT_EQ(count(db, "SELECT count(*) FROM game_lmr_stats"), 0);
    const auto report = run_harness(dir, {"report", "--db", db_path, "--run", "1"});
    ASSERT_EQ(report.exit_code, 0) << describe(report);
    EXPECT_EQ(report.out.find("LMR statistics"), std::string::npos) << report.out;
}

}  // namespace
}  // namespace lmr::tournament_test
