// `lmr-harness tournament` at the end of a run, and `report --run N` of the same run: the
// standings with every engine's games, W/D/L, points, score and Elo ± 95 % against the field,
// and the pairings, for a round robin and a gauntlet of lmr-engine configs at fixed nodes.
// The printed counts are checked against the games the database holds; the Elo against
// harness/stats through `stats --ptnml` of the same pentanomial.

#include <gtest/gtest.h>

#include <map>
#include <nlohmann/json.hpp>
#include <regex>
#include <string>
#include <vector>

#include "tests/cli/run_binary.hpp"
#include "tests/support/sqlite_db.hpp"
#include "tests/support/text.hpp"

namespace lmr {
namespace {

using test::contains;

using test::TempDir;

const std::string kConfigs = std::string(LMR_SOURCE_DIR) + "/configs/";

test::RunResult harness(const std::vector<std::string>& args) {
    return test::run_binary(LMR_HARNESS_BINARY, args);
}

// The lines of `text` from the one starting with `first` to the next empty line.
std::vector<std::string> block(const std::string& text, const std::string& first) {
    std::vector<std::string> lines;
    std::size_t at = text.find(first);
    if (at == std::string::npos) return lines;
    while (at < text.size()) {
        const std::size_t end = text.find('\n', at);
        const std::string line = text.substr(at, end == std::string::npos ? end : end - at);
        if (line.empty()) break;
        lines.push_back(line);
        if (end == std::string::npos) break;
        at = end + 1;
    }
    return lines;
}

// One engine's row of the human standings table.
struct Row {
    std::string rank, engine, elo;
    long games = 0, wins = 0, draws = 0, losses = 0;
    std::string points, ptnml;
};

// Rows of the standings table: "  1  name  -12.34 ± 56.78  … 8  3/2/3  4.0  50.0 %  …  [0,1,2,1,0]"
std::vector<Row> standings_rows(const std::string& text) {
    const auto lines = block(text, "Elo: ");
    std::vector<Row> rows;
    const std::regex row(
        R"(^\s+(\d+|-)\s+(\S+)\s+(\S+ ± \S+|-)\s+(?:\S+ ± \S+|-)\s+(\d+)\s+(\d+)/(\d+)/(\d+)\s+)"
        R"((\d+\.\d)\s+\S+ %\s+\S+ %\s+(\[[\d,]+\])$)");
    for (const auto& line : lines) {
        std::smatch m;
        if (!std::regex_match(line, m, row)) continue;
        rows.push_back({m[1], m[2], m[3], std::stol(m[4]), std::stol(m[5]), std::stol(m[6]),
                        std::stol(m[7]), m[8], m[9]});
    }
    return rows;
}

// Every engine's W/D/L over the run's games, from the database.
std::map<std::string, std::vector<long>> games_by_engine(const std::string& db) {
    test::Db check(db);
    std::map<std::string, std::vector<long>> out;
    for (const auto& r :
         check.rows("SELECT e.name, "
                    "SUM((g.result = '1-0' AND g.white_engine_id = e.id) OR "
                    "    (g.result = '0-1' AND g.black_engine_id = e.id)), "
                    "SUM(g.result = '1/2-1/2'), "
                    "SUM((g.result = '0-1' AND g.white_engine_id = e.id) OR "
                    "    (g.result = '1-0' AND g.black_engine_id = e.id)) "
                    "FROM games g JOIN engines e ON e.id IN (g.white_engine_id, g.black_engine_id) "
                    "GROUP BY e.name")) {
        out[*r[0]] = {std::stol(*r[1]), std::stol(*r[2]), std::stol(*r[3])};
    }
    return out;
}

std::vector<std::string> tournament_args(const std::string& format, const std::string& db) {
    return {"tournament",
            "--config",
            kConfigs + "none.json",
            "--config",
            kConfigs + "cpw-simple.json",
            "--config",
            kConfigs + "mediocre.json",
            "--format",
            format,
            "--pairs",
            "2",
            "--tc",
            "nodes=400",
            "--seed",
            "7",
            "--concurrency",
            "2",
            "--db",
            db};
}

// The Elo ± that `stats --ptnml` prints for an engine's pentanomial ("Elo:  -12.34 +/- 56.78
// (95 %)"): the same statistics library and number format, reached through its own command.
std::string stats_elo(const std::string& ptnml) {
    const std::string counts = ptnml.substr(1, ptnml.size() - 2);  // "[a,b,c,d,e]": five bins
    const auto r = harness({"stats", "--ptnml", counts});
    EXPECT_EQ(r.exit_code, 0) << r.err;
    std::smatch m;
    const std::regex elo(R"(Elo:\s+(\S+) \+/- (\S+) \(95 %\))");
    if (!std::regex_search(r.out, m, elo)) return "no Elo line in: " + r.out;
    return m[1].str() + " ± " + m[2].str();
}

TEST(TournamentStandings, RoundRobinPrintsEveryEnginesEloAgainstTheField) {
    TempDir dir;
    const std::string db = dir / "rr.db";
    const auto r = harness(tournament_args("round-robin", db));
    ASSERT_EQ(r.exit_code, 0) << test::describe(r);
    EXPECT_TRUE(contains(r.out,
                         "Standings\n---------\nElo: each engine against the average of "
                         "the others\n"))
        << r.out;

    const auto rows = standings_rows(r.out);
    ASSERT_EQ(rows.size(), 3u) << r.out;
    const auto stored = games_by_engine(db);
    double previous_score = 2;
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const Row& row = rows[i];
        SCOPED_TRACE(row.engine);
        EXPECT_EQ(row.rank, std::to_string(i + 1));
        // Two pairings of two pairs each: 8 games per engine.
        EXPECT_EQ(row.games, 8);
        EXPECT_EQ(row.wins + row.draws + row.losses, 8);
        ASSERT_TRUE(stored.count(row.engine));
        EXPECT_EQ(stored.at(row.engine), (std::vector<long>{row.wins, row.draws, row.losses}));
        char points[16];
        std::snprintf(points, sizeof points, "%.1f", row.wins + 0.5 * row.draws);
        EXPECT_EQ(row.points, points);
        // Ranked by score.
        const double score = (row.wins + 0.5 * row.draws) / row.games;
        EXPECT_LE(score, previous_score);
        previous_score = score;
        if (row.elo != "-" && !contains(row.elo, "inf")) {
            EXPECT_EQ(row.elo, stats_elo(row.ptnml));
        }
    }
    // Three pairings, each with its two pairs.
    long pairing_rows = 0;
    for (const auto& line : block(r.out, "Pairings (from the first engine's side)")) {
        if (!contains(line, " vs ")) continue;
        ++pairing_rows;
        EXPECT_TRUE(std::regex_search(line, std::regex(R"( 2\s+\d+/\d+/\d+ )"))) << line;
    }
    EXPECT_EQ(pairing_rows, 3) << r.out;
    EXPECT_TRUE(contains(r.out, "none vs cpw-simple")) << r.out;
    EXPECT_TRUE(contains(r.out, "none vs mediocre"));
    EXPECT_TRUE(contains(r.out, "cpw-simple vs mediocre"));

    // `report --run 1` shows the same standings.
    const auto report = harness({"report", "--db", db, "--run", "1"});
    ASSERT_EQ(report.exit_code, 0) << test::describe(report);
    const auto report_rows = standings_rows(report.out);
    ASSERT_EQ(report_rows.size(), rows.size()) << report.out;
    for (std::size_t i = 0; i < rows.size(); ++i) {
        EXPECT_EQ(report_rows[i].engine, rows[i].engine);
        EXPECT_EQ(report_rows[i].elo, rows[i].elo);
        EXPECT_EQ(report_rows[i].ptnml, rows[i].ptnml);
    }

    // JSON: every engine's statistics object, as `stats --json` writes it.
    const auto json = harness({"report", "--db", db, "--run", "1", "--format", "json"});
    ASSERT_EQ(json.exit_code, 0) << json.err;
    const auto j = nlohmann::json::parse(json.out);
    ASSERT_EQ(j["standings"].size(), 3u);
    ASSERT_EQ(j["pairings"].size(), 3u);
    long pairs = 0;
    for (const auto& s : j["standings"]) {
        EXPECT_EQ(s["stats"]["games"]["total"], 8);
        pairs += s["stats"]["pentanomial"]["pairs"].get<long>();
    }
    EXPECT_EQ(pairs, 2 * 6);  // every pair counted from both sides
    for (const auto& p : j["pairings"]) EXPECT_EQ(p["stats"]["pentanomial"]["pairs"], 2);

    // CSV: the standings block with one row per engine.
    const auto csv = harness({"report", "--db", db, "--run", "1", "--format", "csv"});
    ASSERT_EQ(csv.exit_code, 0) << csv.err;
    EXPECT_TRUE(
        contains(csv.out, "# standings\r\nrank,engine,pairs,games,wins,draws,losses,points,"))
        << csv.out;
    EXPECT_TRUE(contains(csv.out, "# pairings\r\nfirst,second,pairs,games,"));
}

TEST(TournamentStandings, GauntletPutsTheFirstEngineOnTopUnranked) {
    TempDir dir;
    const std::string db = dir / "g.db";
    const auto r = harness(tournament_args("gauntlet", db));
    ASSERT_EQ(r.exit_code, 0) << test::describe(r);
    EXPECT_TRUE(
        contains(r.out, "Elo: none against all its opponents, each opponent against none\n"))
        << r.out;
    const auto rows = standings_rows(r.out);
    ASSERT_EQ(rows.size(), 3u) << r.out;
    EXPECT_EQ(rows[0].rank, "-");
    EXPECT_EQ(rows[0].engine, "none");
    EXPECT_EQ(rows[0].games, 8);  // two opponents, two pairs each
    EXPECT_EQ(rows[1].rank, "1");
    EXPECT_EQ(rows[2].rank, "2");
    for (std::size_t i = 1; i < rows.size(); ++i) EXPECT_EQ(rows[i].games, 4);
    // The opponents' results against the first engine add up to its own, mirrored.
    EXPECT_EQ(rows[0].wins, rows[1].losses + rows[2].losses);
    EXPECT_EQ(rows[0].losses, rows[1].wins + rows[2].wins);
    EXPECT_TRUE(contains(r.out, "none vs cpw-simple")) << r.out;
    EXPECT_TRUE(contains(r.out, "none vs mediocre"));
    EXPECT_FALSE(contains(r.out, "cpw-simple vs mediocre"));
    EXPECT_TRUE(contains(r.out, "none is not ranked"));
}

TEST(SprtModel, BayesEloSpellingIsStoredAsBayesian) {
    TempDir dir;
    const std::string db = dir / "s.db";
    const auto r = harness({"sprt", "--base", kConfigs + "none.json", "--test",
                            kConfigs + "cpw-simple.json", "--model", "BayesElo", "--max-pairs", "2",
                            "--tc", "nodes=300", "--seed", "3", "--db", db});
    ASSERT_TRUE(r.exit_code == 0 || r.exit_code == 1 || r.exit_code == 3) << test::describe(r);
    EXPECT_TRUE(contains(r.out, "[0, 5] bayesian")) << r.out;
    test::Db check(db);
    EXPECT_EQ(check.text("SELECT sprt_model FROM runs"), "bayesian");
    EXPECT_EQ(check.text("SELECT json_extract(plan_json, '$.sprt.model') FROM runs"), "bayesian");
    // The report reads it back.
    const auto report = harness({"report", "--db", db, "--run", "1"});
    ASSERT_EQ(report.exit_code, 0) << test::describe(report);
    EXPECT_TRUE(contains(report.out, "[0, 5] bayesian")) << report.out;
}

}  // namespace
}  // namespace lmr
