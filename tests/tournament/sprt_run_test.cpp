// A short nodes-limited SPRT between two LMR configs played by the real lmr-engine, then every
// table of the database checked against the others: games against pairs, plies against moves
// rows, the last run_stats row against the pentanomial recomputed from the games, the verdict
// against the exit code and the LLR history, and the engines rows against the config files.

#include <gtest/gtest.h>

#include <map>
#include <nlohmann/json.hpp>
#include <set>

#include "harness/store/sha256.hpp"
#include "tests/tournament/support.hpp"

namespace lmr::tournament_test {
namespace {

constexpr int kMaxPairs = 6;
constexpr int kConcurrency = 2;

// Half-points of `view` in one game.
int points_of(const std::string& result, bool view_is_white) {
    if (result == "1/2-1/2") return 1;
    return (result == "1-0") == view_is_white ? 2 : 0;
}

// Checks that the games, moves and run_stats rows of the run agree with each other and with
// the verdict and exit code. `test_id`/`base_id` are the engines' database ids.
void expect_rows_agree(const Db& db, const std::string& run, const std::string& base_id,
                       const std::string& test_id, const std::string& verdict, int max_pairs,
                       int concurrency, const RunResult& r) {
    // Games: every game's plies equals its moves rows; pairs swap colours on one opening.
    const auto games = db.rows(
        "SELECT g.id, g.pair_index, g.round_in_pair, g.white_engine_id, g.black_engine_id, "
        "g.result, g.plies, (SELECT count(*) FROM moves m WHERE m.game_id = g.id), "
        "g.opening_index, g.termination FROM games g WHERE g.run_id = " +
        run + " ORDER BY g.pair_index, g.round_in_pair");
    std::map<long, std::vector<const Db::Row*>> by_pair;
    for (const auto& g : games) {
        EXPECT_EQ(*g[6], *g[7]) << "game " << *g[0] << ": plies vs moves rows";
        EXPECT_GT(std::stoi(*g[6]), 0);
        const std::set<std::string> players{*g[3], *g[4]};
        EXPECT_EQ(players, (std::set<std::string>{base_id, test_id}));
        EXPECT_TRUE(g[8].has_value()) << "a book game has an opening index";
        const long pair = std::stol(*g[1]);
        EXPECT_GE(pair, 0);
        EXPECT_LT(pair, max_pairs);
        by_pair[pair].push_back(&g);
    }
    long complete = 0, lone = 0;
    long wins = 0, draws = 0, losses = 0;
    long penta[5] = {0, 0, 0, 0, 0};  // by the test engine's half-points over the pair
    long wl = 0, dd = 0;
    for (const auto& [pair, list] : by_pair) {
        ASSERT_LE(list.size(), 2u);
        if (list.size() == 1) {
            ++lone;
            continue;
        }
        ++complete;
        const auto& a = *list[0];
        const auto& b = *list[1];
        EXPECT_EQ(*a[2], "0");
        EXPECT_EQ(*b[2], "1");
        EXPECT_EQ(*a[3], *b[4]) << "pair " << pair << " swaps colours";
        EXPECT_EQ(*a[4], *b[3]);
        EXPECT_EQ(a[8], b[8]) << "pair " << pair << " shares its opening";
        int total = 0;
        for (const auto* g : list) {
            const int p = points_of(*(*g)[5], *(*g)[3] == test_id);
            total += p;
            (p == 2 ? wins : p == 1 ? draws : losses) += 1;
        }
        ++penta[total];
        if (total == 2) (points_of(*a[5], *a[3] == test_id) == 1 ? dd : wl) += 1;
    }
    // A pair counts only when both games are in. Undecided: all pairs played, nothing left
    // over. Decided: the run stopped early and the games in flight were dropped, but a game
    // that finished in the instant of the decision may be stored alone (at most one per other
    // slot).
    const long stored = static_cast<long>(games.size());
    EXPECT_EQ(stored, 2 * complete + lone);
    if (verdict == "undecided") {
        EXPECT_EQ(complete, max_pairs);
        EXPECT_EQ(lone, 0);
    } else {
        EXPECT_LE(complete, max_pairs);
        EXPECT_LE(lone, concurrency - 1);
    }
    EXPECT_EQ(wins + draws + losses, 2 * complete);

    // run_stats: one row per completed pair, pairs counting up; the last equals the recount.
    const auto history = db.rows(
        "SELECT pairs, wins, draws, losses, penta_ll, penta_ld, penta_wl, penta_dd, penta_wd, "
        "penta_ww, llr, lower_bound, upper_bound FROM run_stats WHERE run_id = " +
        run + " ORDER BY id");
    ASSERT_EQ(static_cast<long>(history.size()), complete);
    for (std::size_t i = 0; i < history.size(); ++i)
        EXPECT_EQ(std::stol(*history[i][0]), static_cast<long>(i + 1));
    ASSERT_FALSE(history.empty());
    const auto& last = history.back();
    EXPECT_EQ(std::stol(*last[0]), complete);
    EXPECT_EQ(std::stol(*last[1]), wins);
    EXPECT_EQ(std::stol(*last[2]), draws);
    EXPECT_EQ(std::stol(*last[3]), losses);
    EXPECT_EQ(std::stol(*last[4]), penta[0]) << "LL";
    EXPECT_EQ(std::stol(*last[5]), penta[1]) << "LD";
    EXPECT_EQ(std::stol(*last[6]), wl) << "WL";
    EXPECT_EQ(std::stol(*last[7]), dd) << "DD";
    EXPECT_EQ(std::stol(*last[8]), penta[3]) << "WD";
    EXPECT_EQ(std::stol(*last[9]), penta[4]) << "WW";

    // The verdict matches the LLR history: the first row to leave the bounds decides.
    std::string crossed = "undecided";
    for (const auto& row : history) {
        ASSERT_TRUE(row[10] && row[11] && row[12]) << "an SPRT stores LLR and bounds";
        const double llr = std::stod(*row[10]);
        if (llr >= std::stod(*row[12]))
            crossed = "H1";
        else if (llr <= std::stod(*row[11]))
            crossed = "H0";
        if (crossed != "undecided") break;
    }
    EXPECT_EQ(crossed, verdict);

    // The harness's own summary agrees with the database.
    EXPECT_NE(r.out.find(std::to_string(complete) + " pairs"), std::string::npos) << r.out;
}

TEST(SprtRun, RowsAgreeWithEachOther) {
    TempDir dir;
    const std::string db_path = dir / "runs.db";
    const std::string book = write_small_book(dir.path());
    const auto r = run_harness(
        dir,
        {"sprt", "--base", config_path("none.json"), "--test", config_path("cpw-simple.json"),
         "--tc", "nodes=1500", "--max-pairs", std::to_string(kMaxPairs), "--concurrency",
         std::to_string(kConcurrency), "--book", book, "--engine-binary", kEngine, "--db", db_path,
         // Wide bounds: six pairs may or may not decide; both outcomes are checked.
         "--elo0", "-150", "--elo1", "150", "--seed", "42", "--report-every", "1"},
        std::chrono::seconds(80));
    ASSERT_FALSE(r.timed_out) << describe(r);
    ASSERT_TRUE(r.exit_code == 0 || r.exit_code == 1 || r.exit_code == 3) << describe(r);

    Db db(db_path);
    ASSERT_EQ(db.integer("SELECT count(*) FROM runs"), 1);
    const std::string run = db.text("SELECT id FROM runs");
    EXPECT_EQ(db.text("SELECT status FROM runs"), "finished");
    EXPECT_EQ(db.text("SELECT kind FROM runs"), "sprt");
    EXPECT_EQ(db.text("SELECT seed FROM runs"), "42");
    EXPECT_EQ(db.text("SELECT time_control FROM runs"), "nodes=1500");
    EXPECT_EQ(db.integer("SELECT max_pairs FROM runs"), kMaxPairs);
    EXPECT_FALSE(db.text("SELECT finished_at FROM runs").empty());
    const std::string verdict = db.text("SELECT verdict FROM runs");
    const std::map<int, std::string> verdict_of_exit{{0, "H1"}, {1, "H0"}, {3, "undecided"}};
    EXPECT_EQ(verdict, verdict_of_exit.at(r.exit_code)) << describe(r);

    // Engines: base none, test cpw-simple, each with its resolved config and hashes.
    const auto engines = db.rows(
        "SELECT e.id, e.name, re.role, e.config_json, e.config_sha256, e.binary_sha256 "
        "FROM run_engines re JOIN engines e ON e.id = re.engine_id WHERE re.run_id = " +
        run + " ORDER BY re.seat");
    ASSERT_EQ(engines.size(), 2u);
    EXPECT_EQ(*engines[0][1], "none");
    EXPECT_EQ(*engines[0][2], "base");
    EXPECT_EQ(*engines[1][1], "cpw-simple");
    EXPECT_EQ(*engines[1][2], "test");
    const std::string engine_hash = store::sha256_file_hex(kEngine);
    for (const auto& e : engines) {
        ASSERT_TRUE(e[3] && nlohmann::json::accept(*e[3])) << *e[1];
        EXPECT_EQ(*e[4], store::sha256_hex(*e[3])) << "config_sha256 of " << *e[1];
        EXPECT_EQ(*e[5], engine_hash) << "binary_sha256 of " << *e[1];
    }
    const auto base_config = nlohmann::json::parse(*engines[0][3]);
    const auto test_config = nlohmann::json::parse(*engines[1][3]);
    EXPECT_EQ(base_config["lmr"]["enabled"], false) << base_config.dump();
    EXPECT_EQ(test_config["lmr"]["enabled"], true) << test_config.dump();
    const std::string base_id = *engines[0][0], test_id = *engines[1][0];

    expect_rows_agree(db, run, base_id, test_id, verdict, kMaxPairs, kConcurrency, r);
}

// The early-stop path: a test engine that loses every game (it crashes at its sixth move)
// makes the SPRT accept H0 long before --max-pairs, with two games at once; the game still in
// flight at the decision is dropped or stored alone, never counted as a pair.
TEST(SprtRun, EarlyDecisionStopsAndRowsStillAgree) {
    TempDir dir;
    const std::string db_path = dir / "decided.db";
    constexpr int kLimit = 400;
    const auto r = run_harness(dir,
                               // The first engine is the one under test.
                               {"sprt",          "--engine",
                                "name=crashy",   "cmd=" + kFixtureCrash,
                                "arg=5",         "--engine",
                                "name=steady",   "cmd=" + kFixtureRandom,
                                "--tc",          "nodes=100",
                                "--max-pairs",   std::to_string(kLimit),
                                "--concurrency", std::to_string(kConcurrency),
                                "--book",        write_small_book(dir.path()),
                                "--db",          db_path,
                                "--elo0",        "0",
                                "--elo1",        "40"},
                               std::chrono::seconds(60));
    ASSERT_EQ(r.exit_code, 1) << "H0 accepted\n" << describe(r);
    Db db(db_path);
    EXPECT_EQ(db.text("SELECT status FROM runs"), "finished");
    const std::string verdict = db.text("SELECT verdict FROM runs");
    EXPECT_EQ(verdict, "H0");
    const std::string run = db.text("SELECT id FROM runs");
    const std::string base_id = db.text(
        "SELECT e.id FROM engines e JOIN run_engines re ON "
        "re.engine_id = e.id WHERE re.role = 'base'");
    const std::string test_id = db.text(
        "SELECT e.id FROM engines e JOIN run_engines re ON "
        "re.engine_id = e.id WHERE re.role = 'test'");
    EXPECT_EQ(db.text("SELECT name FROM engines WHERE id = " + test_id), "crashy");
    EXPECT_LT(db.integer("SELECT count(*) FROM games"), 2 * kLimit) << "stopped early";
    EXPECT_EQ(db.integer("SELECT count(*) FROM games WHERE termination <> 'crash'"), 0);
    expect_rows_agree(db, run, base_id, test_id, verdict, kLimit, kConcurrency, r);
}

}  // namespace
}  // namespace lmr::tournament_test
