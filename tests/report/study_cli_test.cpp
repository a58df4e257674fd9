// `lmr-harness report --columns study` on the database filled by real short runs (fixture engines
// and lmr-engine configs, cli_support.hpp): every cell of every run, in the table, markdown, CSV
// and JSON it prints, equals what this test works out from the raw tables — the pentanomial from
// the games, depth and nodes averaged here over the test engine's rows of `moves`, the LMR rates
// summed here over its rows of `game_lmr_stats`, the command from `runs` — with the statistics
// formulas of study_support.hpp. Without the flag the list is what it always was; the flag is
// refused where it has no list to change.

#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <vector>

#include "tests/report/cli_support.hpp"
#include "tests/report/study_support.hpp"

namespace lmr::report_test {
namespace {

using study_testing::Row;

// A run as the study list must show it, from the raw tables.
Row expected_row(const std::string& path, int run) {
    const Db db(path);
    const std::string id = std::to_string(run);
    Row r;
    r.id = run;
    const auto settings =
        db.rows("SELECT time_control, status, command_line FROM runs WHERE id = " + id);
    r.tc = settings.at(0).at(0).value_or("");
    r.status = settings.at(0).at(1).value_or("");
    r.command = settings.at(0).at(2).value_or("");
    const auto name = [&](const std::string& role) {
        return db.text(
            "SELECT e.name FROM run_engines re JOIN engines e ON e.id = re.engine_id "
            "WHERE re.run_id = " +
            id + " AND re.role = '" + role + "'");
    };
    r.test = name("test");
    r.base = name("base");
    const std::string test_id =
        db.text("SELECT engine_id FROM run_engines WHERE role = 'test' AND run_id = " + id);

    const Counts c = counts_from_games(path, run);
    r.stats = study_testing::expected_stats({c.ll, c.ld, c.wl, c.dd, c.wd, c.ww});

    // The test engine's moves: White's when it is the game's White engine, else Black's.
    double depth = 0, nodes = 0;
    long depth_moves = 0, nodes_moves = 0;
    for (const auto& m : db.rows("SELECT m.color, g.white_engine_id, g.black_engine_id, m.depth, "
                                 "m.nodes FROM moves m JOIN games g ON g.id = m.game_id "
                                 "WHERE g.run_id = " +
                                 id)) {
        const std::string mover = *m[0] == "w" ? *m[1] : *m[2];
        if (mover != test_id) continue;
        if (m[3]) depth += std::stod(*m[3]), ++depth_moves;
        if (m[4]) nodes += std::stod(*m[4]), ++nodes_moves;
    }
    if (depth_moves > 0) r.depth = depth / static_cast<double>(depth_moves);
    if (nodes_moves > 0) r.nodes = nodes / static_cast<double>(nodes_moves);

    // Its LMR statistics, one row per game it reported in.
    long long late = 0, reduced = 0, searches = 0, researches = 0;
    for (const auto& s : db.rows("SELECT s.color, g.white_engine_id, g.black_engine_id, s.late, "
                                 "s.reduced, s.searches, s.researches FROM game_lmr_stats s "
                                 "JOIN games g ON g.id = s.game_id WHERE g.run_id = " +
                                 id)) {
        const std::string side = *s[0] == "w" ? *s[1] : *s[2];
        if (side != test_id) continue;
        late += std::stoll(*s[3]);
        reduced += std::stoll(*s[4]);
        searches += std::stoll(*s[5]);
        researches += std::stoll(*s[6]);
    }
    if (late > 0) r.reduced = static_cast<double>(reduced) / static_cast<double>(late);
    if (searches > 0) r.research = static_cast<double>(researches) / static_cast<double>(searches);
    return r;
}

std::string report(const std::vector<std::string>& flags) {
    std::vector<std::string> args{"report", "--db", filled().db};
    args.insert(args.end(), flags.begin(), flags.end());
    const auto r = harness(args, fs::temp_directory_path());
    EXPECT_EQ(r.exit_code, 0) << describe(r);
    return r.out;
}

TEST(ReportStudyCli, EveryColumnInEveryFormatIsWhatTheTablesSay) {
    const auto& f = filled();
    std::vector<Row> rows;
    for (int run = 1; run <= Filled::kCommon; ++run) rows.push_back(expected_row(f.db, run));
    study_testing::expect_study_outputs(rows, report({"--columns", "study"}),
                                        report({"--columns", "study", "--format", "markdown"}),
                                        report({"--columns", "study", "--format", "csv"}),
                                        report({"--columns", "study", "--format", "json"}));

    // What the filled runs hold: lmr-engine reports its LMR statistics, the fixtures do not; every
    // engine reports depth and nodes; every run has its command line.
    for (const Row& r : rows) {
        SCOPED_TRACE("run " + std::to_string(r.id));
        EXPECT_TRUE(r.depth && r.nodes);
        EXPECT_TRUE(contains(r.command, "lmr-harness ")) << r.command;
        const bool engine = r.id == Filled::kEngineSprt || r.id == Filled::kSwapped;
        EXPECT_EQ(r.reduced.has_value(), engine);
        if (!engine) {
            EXPECT_FALSE(r.research);
        }
    }
    // cpw-simple (the test engine of run 3) reduces and re-searches; none.json (run 4's) turns
    // LMR off: no late move reduced, so no reduced search to repeat and no re-search rate.
    EXPECT_GT(*rows[Filled::kEngineSprt - 1].reduced, 0.0);
    EXPECT_TRUE(rows[Filled::kEngineSprt - 1].research);
    EXPECT_EQ(rows[Filled::kSwapped - 1].reduced, 0.0);
    EXPECT_FALSE(rows[Filled::kSwapped - 1].research);
}

TEST(ReportStudyCli, TheDefaultListIsUnchanged) {
    for (const std::string format : {"table", "markdown", "csv", "json"}) {
        SCOPED_TRACE(format);
        const std::string list = report({"--format", format});
        EXPECT_EQ(report({"--format", format, "--columns", "default"}), list);
        EXPECT_NE(report({"--format", format, "--columns", "study"}), list);
    }
    const std::string table = report({});
    EXPECT_TRUE(contains(table, "Base vs test")) << table;
    EXPECT_TRUE(contains(table, "LLR (bounds)")) << table;
    EXPECT_FALSE(contains(table, "Nodes/move")) << table;
    const std::string csv = report({"--format", "csv"});
    EXPECT_EQ(csv.substr(0, csv.find("\r\n")),
              "id,created_at,kind,status,verdict,base,test,engines,time_control,pairs,games,wins,"
              "draws,losses,penta_ll,penta_ld,penta_wl,penta_dd,penta_wd,penta_ww,score,elo,"
              "elo_error,nelo,nelo_error,los,draw_ratio,llr,lower_bound,upper_bound,elo0,elo1,"
              "sprt_state");
    const auto list = nlohmann::json::parse(report({"--format", "json"}));
    EXPECT_FALSE(list.contains("columns"));
    EXPECT_TRUE(list["runs"][0].contains("stats"));
    EXPECT_FALSE(list["runs"][0].contains("avg_depth"));
}

TEST(ReportStudyCli, UsageErrorsAndTheHtmlPage) {
    const auto& f = filled();
    TempDir dir;
    const auto bad = harness({"report", "--db", f.db, "--columns", "wide"}, dir.path());
    EXPECT_EQ(bad.exit_code, 2) << describe(bad);
    EXPECT_TRUE(contains(bad.err, "--columns 'wide'")) << bad.err;
    for (const std::vector<std::string>& other :
         {std::vector<std::string>{"--run", "3"}, std::vector<std::string>{"--baseline", "none"}}) {
        std::vector<std::string> args{"report", "--db", f.db, "--columns", "study"};
        args.insert(args.end(), other.begin(), other.end());
        const auto both = harness(args, dir.path());
        EXPECT_EQ(both.exit_code, 2) << describe(both);
        EXPECT_TRUE(contains(both.err, "--columns")) << both.err;
    }
    const auto help = harness({"report", "--help"}, dir.path());
    EXPECT_EQ(help.exit_code, 0);
    EXPECT_TRUE(contains(help.out, "--columns")) << help.out;
    // With --html the list is printed in the asked columns and the page is written as always.
    const std::string page = dir / "page.html";
    const auto html =
        harness({"report", "--db", f.db, "--columns", "study", "--html", page}, dir.path());
    EXPECT_EQ(html.exit_code, 0) << describe(html);
    EXPECT_TRUE(contains(html.out, "Nodes/move")) << html.out;
    EXPECT_TRUE(fs::exists(page));
}

}  // namespace
}  // namespace lmr::report_test
