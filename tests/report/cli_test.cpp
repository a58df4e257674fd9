// `lmr-harness report` on a database filled by real short runs (fixture engines and lmr-engine
// configs): the numbers it prints equal those `lmr-harness stats` prints for the same counts,
// the counts equal those recomputed here from the games table, JSON parses, CSV has the
// documented columns, a baseline pools only direct meetings, a rating list is the
// maximum-likelihood Elo, bad databases are refused untouched, and reading while a run writes
// works.

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "tests/report/cli_support.hpp"

namespace lmr::report_test {
namespace {

using json = nlohmann::json;

json parse(const Result& r) {
    EXPECT_EQ(r.exit_code, 0) << describe(r);
    return json::parse(r.out);
}

// `lmr-harness stats` for these counts, as JSON and as text.
Result stats_run(const Counts& c, const json& bounds, bool as_json) {
    std::vector<std::string> args{"stats", "--ptnml", c.ptnml()};
    if (bounds.is_object()) {
        char e0[32], e1[32];
        std::snprintf(e0, sizeof e0, "%g", bounds["elo0"].get<double>());
        std::snprintf(e1, sizeof e1, "%g", bounds["elo1"].get<double>());
        args.insert(args.end(), {"--elo0", e0, "--elo1", e1});
    }
    if (as_json) args.push_back("--json");
    return harness(args, fs::temp_directory_path());
}

// "Elo:          29.02 +/- 186.20 (95 %)" → "29.02 ± 186.20"
std::string block_value(const std::string& block, const std::string& label) {
    const auto at = block.find(label);
    if (at == std::string::npos) return "";
    auto start = block.find_first_not_of(' ', at + label.size());
    auto end = block.find(" (95 %)", start);
    std::string value = block.substr(start, end - start);
    const auto pm = value.find(" +/- ");
    if (pm != std::string::npos) value.replace(pm, 5, " ± ");
    return value;
}

std::string line_of_run(const std::string& table, int run) {
    std::istringstream in(table);
    std::string line;
    while (std::getline(in, line)) {
        std::istringstream words(line);
        std::string first;
        words >> first;
        if (first == std::to_string(run)) return line;
    }
    return "";
}

TEST(ReportCli, ListNumbersEqualStatsForTheSameCounts) {
    const auto& f = filled();
    const auto list =
        parse(harness({"report", "--db", f.db, "--format", "json"}, fs::temp_directory_path()));
    const auto table = harness({"report", "--db", f.db}, fs::temp_directory_path());
    ASSERT_EQ(table.exit_code, 0) << describe(table);
    ASSERT_EQ(list["runs"].size(), 5u);
    for (const auto& run : list["runs"]) {
        const int id = run["id"].get<int>();
        SCOPED_TRACE("run " + std::to_string(id));
        ASSERT_TRUE(run["head_to_head"].get<bool>());
        const Counts c = counts_from_games(f.db, id);
        const auto& p = run["stats"]["pentanomial"];
        EXPECT_EQ(p["pairs"].get<long>(), c.pairs());
        EXPECT_EQ(run["pairs_completed"].get<long>(), c.pairs());
        EXPECT_EQ((std::vector<long>{p["ll"], p["ld"], p["wl"], p["dd"], p["wd"], p["ww"]}),
                  (std::vector<long>{c.ll, c.ld, c.wl, c.dd, c.wd, c.ww}));

        // JSON: the very object `stats --json` prints (its SPRT part only where the run has one).
        json expected = parse(stats_run(c, run["sprt_bounds"], true));
        json got = run["stats"];
        if (run["sprt_bounds"].is_null()) {
            EXPECT_TRUE(got["sprt"].is_null());
            expected.erase("sprt");
            got.erase("sprt");
        }
        EXPECT_EQ(got, expected);

        // Text: the table row shows the numbers of the stats block.
        const auto block = stats_run(c, run["sprt_bounds"], false);
        ASSERT_EQ(block.exit_code, 0) << describe(block);
        const std::string line = line_of_run(table.out, id);
        ASSERT_FALSE(line.empty()) << table.out;
        EXPECT_TRUE(contains(line, block_value(block.out, "Elo:"))) << line << "\n" << block.out;
        EXPECT_TRUE(contains(line, block_value(block.out, "nElo:"))) << line << "\n" << block.out;
        if (!run["sprt_bounds"].is_null()) {
            char llr[32];
            std::snprintf(llr, sizeof llr, "%.2f [", expected["sprt"]["llr"].get<double>());
            EXPECT_TRUE(contains(line, llr)) << line;
        }
        EXPECT_TRUE(contains(line, run["status"].get<std::string>())) << line;
    }
    EXPECT_TRUE(contains(line_of_run(table.out, Filled::kEngineSprt), "none vs cpw-simple"));
}

TEST(ReportCli, RunDetailShowsTheStatsBlockTerminationsFaultsAndSearch) {
    const auto& f = filled();
    const auto tmp = fs::temp_directory_path();
    Db db(f.db);
    // The statistics block is the one `stats` prints, verbatim.
    const auto detail_json =
        parse(harness({"report", "--db", f.db, "--run", "3", "--format", "json"}, tmp));
    const auto text = harness({"report", "--db", f.db, "--run", "3"}, tmp);
    ASSERT_EQ(text.exit_code, 0) << describe(text);
    const auto block = stats_run(counts_from_games(f.db, Filled::kEngineSprt),
                                 detail_json["run"]["sprt_bounds"], false);
    EXPECT_TRUE(contains(text.out, block.out)) << text.out << "\n" << block.out;
    for (const char* part : {"Terminations", "Crashes, time forfeits", "Search per move",
                             "Results per opening", "none (config ", "cpw-simple (config "})
        EXPECT_TRUE(contains(text.out, part)) << part;

    // Terminations add up to the stored games; search averages are the moves table's.
    long games = 0;
    for (const auto& t : detail_json["terminations"]) games += t["games"].get<long>();
    EXPECT_EQ(games, db.integer("SELECT count(*) FROM games WHERE run_id = 3"));
    ASSERT_EQ(detail_json["search"].size(), 2u);
    for (const auto& side : detail_json["search"]) {
        const std::string name = side["engine"];
        const std::string where =
            " FROM moves m JOIN games g ON g.id = m.game_id JOIN engines e ON e.id = "
            "CASE m.color WHEN 'w' THEN g.white_engine_id ELSE g.black_engine_id END "
            "WHERE g.run_id = 3 AND e.name = '" +
            name + "'";
        EXPECT_EQ(side["moves"].get<long>(), db.integer("SELECT count(*)" + where));
        EXPECT_NEAR(side["avg_depth"].get<double>(),
                    std::stod(db.text("SELECT avg(m.depth)" + where)), 1e-9);
        EXPECT_NEAR(side["avg_nodes"].get<double>(),
                    std::stod(db.text("SELECT avg(m.nodes)" + where)), 1e-6);
        EXPECT_GT(side["avg_depth"].get<double>(), 1.0);  // lmr-engine reports real searches
    }
    long opening_pairs = 0;
    for (const auto& o : detail_json["openings"]) opening_pairs += o["pairs"].get<long>();
    EXPECT_EQ(opening_pairs, detail_json["run"]["pairs_completed"].get<long>());

    // Both lmr-engine configs reported their LMR statistics: totals as the stored games add them.
    ASSERT_EQ(detail_json["lmr"].size(), 2u);
    for (const auto& engine : detail_json["lmr"]) {
        const std::string name = engine["engine"];
        const std::string where =
            " FROM game_lmr_stats s JOIN games g ON g.id = s.game_id JOIN engines e ON e.id = "
            "CASE s.color WHEN 'w' THEN g.white_engine_id ELSE g.black_engine_id END "
            "WHERE g.run_id = 3 AND e.name = '" +
            name + "'";
        EXPECT_EQ(engine["late"].get<long>(), db.integer("SELECT sum(s.late)" + where)) << name;
        EXPECT_EQ(engine["games"].get<long>(), db.integer("SELECT count(*)" + where)) << name;
        EXPECT_GT(engine["late"].get<long>(), 0) << name;
        EXPECT_FALSE(engine["rules"].empty()) << name;
        EXPECT_TRUE(contains(text.out, "LMR statistics: " + name + " (")) << name;
    }
    EXPECT_EQ(detail_json["lmr"][0]["reduced"], 0);  // none: LMR off, every late move unreduced

    // The crashing fixture: every game a crash, each lost by it.
    const auto crash =
        parse(harness({"report", "--db", f.db, "--run", "2", "--format", "json"}, tmp));
    const long crash_games = db.integer("SELECT count(*) FROM games WHERE run_id = 2");
    ASSERT_GT(crash_games, 0);
    EXPECT_EQ(crash["faults"].size(), static_cast<std::size_t>(crash_games));
    for (const auto& fault : crash["faults"]) {
        EXPECT_EQ(fault["termination"], "crash");
        EXPECT_EQ(fault["lost_by"], "crash");
    }
    // The faults read the same in JSON and CSV: the CSV's columns are the JSON objects' keys.
    const auto crash_csv =
        harness({"report", "--db", f.db, "--run", "2", "--format", "csv"}, tmp).out;
    const std::size_t faults_at = crash_csv.find("# faults\r\n");
    ASSERT_NE(faults_at, std::string::npos) << crash_csv;
    const std::size_t header_at = faults_at + std::string("# faults\r\n").size();
    std::set<std::string> csv_keys, json_keys;
    std::istringstream header(
        crash_csv.substr(header_at, crash_csv.find("\r\n", header_at) - header_at));
    for (std::string key; std::getline(header, key, ',');) csv_keys.insert(key);
    for (const auto& [key, value] : crash["faults"][0].items()) json_keys.insert(key);
    EXPECT_EQ(csv_keys, json_keys);
    const auto crash_text = harness({"report", "--db", f.db, "--run", "2"}, tmp);
    EXPECT_TRUE(contains(crash_text.out, "crash: crash " + std::to_string(crash_games)))
        << crash_text.out;
    // Fixture engines offer no LmrStats option: no statistics, no section.
    EXPECT_TRUE(crash["lmr"].empty());
    EXPECT_FALSE(contains(crash_text.out, "LMR statistics")) << crash_text.out;
}

TEST(ReportCli, CsvHasTheDocumentedColumnsAndTheJsonNumbers) {
    const auto& f = filled();
    const auto tmp = fs::temp_directory_path();
    const auto csv = harness({"report", "--db", f.db, "--format", "csv"}, tmp);
    ASSERT_EQ(csv.exit_code, 0) << describe(csv);
    const auto list = parse(harness({"report", "--db", f.db, "--format", "json"}, tmp));
    std::vector<std::vector<std::string>> records;
    {
        std::istringstream in(csv.out);
        std::string line;
        while (std::getline(in, line)) {
            ASSERT_FALSE(line.empty());
            ASSERT_EQ(line.back(), '\r') << "RFC 4180 line ends";
            line.pop_back();
            // The report's own values hold no quotes here except the engines list.
            std::vector<std::string> cells;
            std::string cell;
            bool quoted = false;
            for (char ch : line) {
                if (ch == '"')
                    quoted = !quoted;
                else if (ch == ',' && !quoted)
                    cells.push_back(std::exchange(cell, ""));
                else
                    cell += ch;
            }
            cells.push_back(cell);
            records.push_back(cells);
        }
    }
    const std::vector<std::string> header{
        "id",         "created_at", "kind",         "status",   "verdict",     "base",
        "test",       "engines",    "time_control", "pairs",    "games",       "wins",
        "draws",      "losses",     "penta_ll",     "penta_ld", "penta_wl",    "penta_dd",
        "penta_wd",   "penta_ww",   "score",        "elo",      "elo_error",   "nelo",
        "nelo_error", "los",        "draw_ratio",   "llr",      "lower_bound", "upper_bound",
        "elo0",       "elo1",       "sprt_state"};
    ASSERT_EQ(records.size(), 1 + list["runs"].size());
    EXPECT_EQ(records[0], header);
    std::map<std::string, std::size_t> col;
    for (std::size_t i = 0; i < header.size(); ++i) col[header[i]] = i;
    for (std::size_t r = 1; r < records.size(); ++r) {
        const auto& row = records[r];
        const auto& run = list["runs"][r - 1];
        ASSERT_EQ(row.size(), header.size());
        EXPECT_EQ(row[col["id"]], std::to_string(run["id"].get<int>()));
        EXPECT_EQ(row[col["base"]], run["base"].get<std::string>());
        EXPECT_EQ(std::stol(row[col["penta_wd"]]), run["stats"]["pentanomial"]["wd"].get<long>());
        const auto& elo = run["stats"]["elo"];
        if (elo.is_number())
            EXPECT_EQ(std::stod(row[col["elo"]]), elo.get<double>());
        else
            EXPECT_EQ(row[col["elo"]], elo.get<std::string>());  // "+inf" / "-inf"
        if (run["sprt_bounds"].is_object())
            EXPECT_EQ(std::stod(row[col["llr"]]), run["stats"]["sprt"]["llr"].get<double>());
        else
            EXPECT_EQ(row[col["llr"]], "");
    }

    // A run's CSV: one block per table, each introduced by its key.
    const auto run_csv = harness({"report", "--db", f.db, "--run", "3", "--format", "csv"}, tmp);
    ASSERT_EQ(run_csv.exit_code, 0) << describe(run_csv);
    for (const char* block :
         {"# run\r\nid,created_at,", "# terminations\r\ntermination,games,share,",
          "# faults\r\ngame_id,", "# search\r\nengine,role,moves,avg_depth,",
          "# openings\r\nopening_index,pairs,wins,draws,losses,half_points,score,opening_fen\r\n",
          "# lmr\r\nengine,role,games,reports,late,reduced,extended,searches,"
          "researches,plies,reduced_rate,research_rate,avg_plies\r\nnone,base,",
          "# lmr_rules\r\nengine,rule,fired,changed,units,fired_rate,"
          "changed_rate\r\n"})
        EXPECT_TRUE(contains(run_csv.out, block)) << block << "\n" << run_csv.out;

    const auto md = harness({"report", "--db", f.db, "--run", "3", "--format", "markdown"}, tmp);
    ASSERT_EQ(md.exit_code, 0) << describe(md);
    EXPECT_TRUE(contains(md.out, "## Run 3: none vs cpw-simple")) << md.out;
    EXPECT_TRUE(contains(md.out, "```text\nGames:")) << md.out;
    EXPECT_TRUE(contains(md.out, "| Termination | Games | Share |")) << md.out;
}

// The example queries of docs/database.md, as a reader pastes them into sqlite3.
std::vector<std::string> documented_queries() {
    std::vector<std::string> queries;
    std::istringstream doc(read_file(kSourceDir + "/docs/database.md"));
    std::string query;
    bool inside = false;
    for (std::string line; std::getline(doc, line);) {
        if (line == "```sql") {
            inside = true;
            query.clear();
        } else if (inside && line == "```") {
            inside = false;
            queries.push_back(query);
        } else if (inside) {
            query += line + "\n";
        }
    }
    return queries;
}

// Every documented query runs on a real database, and an infinite Elo or interval (NULL in the
// database) reads as the CLI prints it, "+inf ± inf", not as printf's "0.0".
TEST(ReportCli, TheDocumentedQueriesRunAndPrintInfinityAsTheCliDoes) {
    const auto& f = filled();
    Db db(f.db);
    const auto queries = documented_queries();
    ASSERT_GE(queries.size(), 10u);
    for (const auto& query : queries) EXPECT_NO_THROW(db.rows(query)) << query;

    const auto with = [&](const std::string& word) {
        for (const auto& query : queries)
            if (query.find(word) != std::string::npos) return query;
        ADD_FAILURE() << "no documented query reads " << word;
        return std::string();
    };
    // Run 2: a won every game against crash, an interval with no bound.
    const auto cli =
        harness({"report", "--db", f.db, "--baseline", "crash"}, fs::temp_directory_path());
    ASSERT_NE(cli.out.find("+inf ± inf"), std::string::npos) << cli.out;
    std::string pooled = with("FROM config_elo");
    pooled.replace(pooled.find("'default'"), 9, "'crash'");
    const auto rows = db.rows(pooled);
    ASSERT_EQ(rows.size(), 1u);
    EXPECT_EQ(rows[0][0], "a");
    EXPECT_EQ(rows[0][3], "+inf ± inf");
    for (const auto& row : db.rows(with("FROM run_summary ORDER BY run_id DESC"))) {
        if (row[0] == std::to_string(Filled::kCrashSprt)) {
            EXPECT_EQ(row.back(), "+inf ± inf");
        }
    }
}

TEST(ReportCli, BaselinePoolsDirectMeetingsAndDoesNotChain) {
    const auto& f = filled();
    const auto tmp = fs::temp_directory_path();
    // cpw-simple against none: run 3 (cpw-simple the test engine) plus run 4 (none the test
    // engine there, so its pairs are mirrored).
    const Counts r3 = counts_from_games(f.db, Filled::kEngineSprt);
    const Counts r4 = counts_from_games(f.db, Filled::kSwapped);
    const Counts pooled{r3.ll + r4.ww, r3.ld + r4.wd, r3.wl + r4.wl,
                        r3.dd + r4.dd, r3.wd + r4.ld, r3.ww + r4.ll};
    const auto report =
        parse(harness({"report", "--db", f.db, "--baseline", "none", "--format", "json"}, tmp));
    ASSERT_EQ(report["baseline"], "none");
    const json* cpw = nullptr;
    for (const auto& c : report["configs"])
        if (c["config"] == "cpw-simple") cpw = &c;
    ASSERT_NE(cpw, nullptr) << report.dump(2);
    EXPECT_EQ((*cpw)["relation"], "direct");
    EXPECT_EQ((*cpw)["run_ids"], "3,4");
    json expected = parse(stats_run(pooled, nullptr, true));
    expected["sprt"] = nullptr;  // a pooled measurement has no SPRT
    EXPECT_EQ((*cpw)["stats"], expected);

    // Fixture engines: b and crash met a; d only met b, whom a also met.
    const auto fixtures =
        parse(harness({"report", "--db", f.db, "--baseline", "a", "--format", "json"}, tmp));
    std::map<std::string, json> by_name;
    for (const auto& c : fixtures["configs"]) by_name[c["config"]] = c;
    EXPECT_EQ(by_name["b"]["relation"], "direct");
    EXPECT_EQ(by_name["crash"]["relation"], "direct");
    EXPECT_EQ(by_name["d"]["relation"], "common opponent");
    EXPECT_EQ(by_name["d"]["common_opponents"], json::array({"b"}));
    EXPECT_TRUE(by_name["d"]["stats"].is_null());
    EXPECT_EQ(by_name["none"]["relation"], "unconnected");

    const auto text = harness({"report", "--db", f.db, "--baseline", "a"}, tmp);
    ASSERT_EQ(text.exit_code, 0) << describe(text);
    EXPECT_TRUE(contains(text.out, "not chained")) << text.out;
    const auto stats_b = stats_run(counts_from_games(f.db, Filled::kRandomMatch), nullptr, false);
    EXPECT_TRUE(contains(text.out, block_value(stats_b.out, "Elo:"))) << text.out << stats_b.out;
}

// The rating list: the none/cpw-simple component of the fixture database is two configs, so
// the rating is the Elo of the pooled score and its error the delta method of its pairs,
// both computed here from the games; the fixture engines' component cannot be rated because
// crash lost every game to a, which the message names.
TEST(ReportCli, RatingsListTheMaximumLikelihoodEloAndRefuseASweep) {
    const auto& f = filled();
    const TempDir dir;
    const Counts r3 = counts_from_games(f.db, Filled::kEngineSprt);
    const Counts r4 = counts_from_games(f.db, Filled::kSwapped);
    const double bins[] = {double(r3.ll + r4.ww), double(r3.ld + r4.wd),
                           double(r3.wl + r4.wl + r3.dd + r4.dd), double(r3.wd + r4.ld),
                           double(r3.ww + r4.ll)};
    double n = 0, mean = 0, var = 0;
    for (double b : bins) n += b;
    for (int k = 0; k < 5; ++k) mean += bins[k] * k / 4.0 / n;
    for (int k = 0; k < 5; ++k) var += bins[k] * (k / 4.0 - mean) * (k / 4.0 - mean) / n;
    const double elo = -400 * std::log10(1 / mean - 1);
    const double error = 1.959964 * std::sqrt(var / n) / (std::log(10.0) / 400 * mean * (1 - mean));

    const auto report = parse(
        harness({"report", "--db", f.db, "--ratings", "none", "--format", "json"}, dir.path()));
    EXPECT_EQ(report["anchor"], "none");
    EXPECT_EQ(report["unconnected"], json::array({"a", "b", "crash", "d"}));
    std::map<std::string, json> by_name;
    for (const auto& c : report["configs"]) by_name[c["config"]] = c;
    ASSERT_EQ(by_name.size(), 2u) << report.dump(2);
    EXPECT_NEAR(by_name["cpw-simple"]["elo"].get<double>(), elo, 1e-9);
    EXPECT_NEAR(by_name["cpw-simple"]["elo_error"].get<double>(), error, 1e-9);
    EXPECT_EQ(by_name["cpw-simple"]["pairs"], n);
    EXPECT_EQ(by_name["none"]["elo"], 0);
    EXPECT_EQ(by_name["none"]["opponents"], json::array({"cpw-simple"}));
    // The runs pooled (3 and 4, both at nodes=800), by time control.
    EXPECT_EQ(report["time_controls"],
              json::parse(R"([{"time_control": "nodes=800", "database": null, "runs": "3,4"}])"));

    const auto text = harness({"report", "--db", f.db, "--ratings", "none"}, dir.path());
    ASSERT_EQ(text.exit_code, 0) << describe(text);
    EXPECT_TRUE(contains(text.out, "Rating list (none = 0)")) << text.out;
    EXPECT_TRUE(contains(text.out, "Not linked to none:  a, b, crash, d")) << text.out;
    EXPECT_TRUE(contains(text.out, "Time controls:")) << text.out;
    EXPECT_TRUE(contains(text.out, "nodes=800 (runs 3,4)")) << text.out;
    EXPECT_FALSE(contains(text.out, "time controls on one scale")) << "one time control";
    const auto csv =
        harness({"report", "--db", f.db, "--ratings", "none", "--format", "csv"}, dir.path());
    EXPECT_TRUE(csv.out.starts_with("anchor,rank,config,elo,elo_error,pairs,")) << csv.out;
    const std::string page = (dir.path() / "ratings.html").string();
    const auto html =
        harness({"report", "--db", f.db, "--ratings", "none", "--html", page}, dir.path());
    ASSERT_EQ(html.exit_code, 0) << describe(html);
    EXPECT_TRUE(contains(read_file(page), "<section id=\"ratings\">"));

    const auto sweep = harness({"report", "--db", f.db, "--ratings", "a"}, dir.path());
    EXPECT_EQ(sweep.exit_code, 2) << describe(sweep);
    EXPECT_TRUE(contains(sweep.err, "a scored every point against crash")) << sweep.err;
    const auto unknown = harness({"report", "--db", f.db, "--ratings", "nobody"}, dir.path());
    EXPECT_EQ(unknown.exit_code, 2) << describe(unknown);
    EXPECT_TRUE(contains(unknown.err, "configs: a, b, cpw-simple, crash, d, none")) << unknown.err;
    const auto both =
        harness({"report", "--db", f.db, "--ratings", "none", "--baseline", "a"}, dir.path());
    EXPECT_EQ(both.exit_code, 2) << describe(both);
}

TEST(ReportCli, UsageErrorsExitTwoAndSayWhy) {
    const auto& f = filled();
    const auto tmp = fs::temp_directory_path();
    const auto format = harness({"report", "--db", f.db, "--format", "xml"}, tmp);
    EXPECT_EQ(format.exit_code, 2) << describe(format);
    EXPECT_TRUE(contains(format.err, "--format 'xml'")) << format.err;
    const auto missing_run = harness({"report", "--db", f.db, "--run", "99"}, tmp);
    EXPECT_EQ(missing_run.exit_code, 2) << describe(missing_run);
    EXPECT_TRUE(contains(missing_run.err, "no run 99")) << missing_run.err;
    const auto bad_run = harness({"report", "--db", f.db, "--run", "x"}, tmp);
    EXPECT_EQ(bad_run.exit_code, 2) << describe(bad_run);
    const auto unknown = harness({"report", "--db", f.db, "--baseline", "nobody"}, tmp);
    EXPECT_EQ(unknown.exit_code, 2) << describe(unknown);
    EXPECT_TRUE(contains(unknown.err, "configs: a, b, cpw-simple, crash, d, none")) << unknown.err;
    const auto both = harness({"report", "--db", f.db, "--run", "1", "--baseline", "a"}, tmp);
    EXPECT_EQ(both.exit_code, 2) << describe(both);
    const auto tc_alone = harness({"report", "--db", f.db, "--tc", "nodes=1000"}, tmp);
    EXPECT_EQ(tc_alone.exit_code, 2) << describe(tc_alone);
    EXPECT_TRUE(contains(tc_alone.err, "--tc restricts --baseline and --ratings")) << tc_alone.err;
    const auto tc_unplayed =
        harness({"report", "--db", f.db, "--baseline", "a", "--tc", "tc=1+0"}, tmp);
    EXPECT_EQ(tc_unplayed.exit_code, 2) << describe(tc_unplayed);
    EXPECT_TRUE(contains(tc_unplayed.err, "--tc tc=1+0: no run in ")) << tc_unplayed.err;
    const auto help = harness({"report", "--help"}, tmp);
    EXPECT_EQ(help.exit_code, 0);
    EXPECT_TRUE(contains(help.out, "--baseline")) << help.out;
}

// Several --db make one page (the study's results/study.html): a part per database in the
// order given, each with every run of its database, ids kept apart; the lists refuse them.
// Several --db with --ratings pool them: two copies of one database are every pairing twice,
// which leaves the maximum-likelihood ratings where they were and narrows each error by √2.
TEST(ReportCli, RatingsPoolSeveralDatabases) {
    const auto& f = filled();
    TempDir dir;
    const std::string second = (dir.path() / "second.db").string();
    fs::copy_file(f.db, second);
    const auto one = parse(
        harness({"report", "--db", f.db, "--ratings", "none", "--format", "json"}, dir.path()));
    const auto two = parse(
        harness({"report", "--db", f.db, "--db", second, "--ratings", "none", "--format", "json"},
                dir.path()));
    EXPECT_EQ(two["databases"], json::array({f.db, second}));
    ASSERT_EQ(two["configs"].size(), one["configs"].size());
    for (std::size_t i = 0; i < one["configs"].size(); ++i) {
        const auto& a = one["configs"][i];
        const auto& b = two["configs"][i];
        EXPECT_EQ(b["config"], a["config"]);
        EXPECT_EQ(b["pairs"], 2 * a["pairs"].get<long>());
        EXPECT_NEAR(b["elo"].get<double>(), a["elo"].get<double>(), 1e-8);
        EXPECT_NEAR(b["elo_error"].get<double>(), a["elo_error"].get<double>() / std::sqrt(2.0),
                    1e-8);
    }
    EXPECT_EQ(two["time_controls"],
              json::parse(R"([{"time_control": "nodes=800", "database": ")" + f.db +
                          R"(", "runs": "3,4"}, {"time_control": "nodes=800", "database": ")" +
                          second + R"(", "runs": "3,4"}])"));
    const auto text =
        harness({"report", "--db", f.db, "--db", second, "--ratings", "none"}, dir.path());
    EXPECT_TRUE(contains(text.out, "matched by name across the databases")) << text.out;
    EXPECT_FALSE(contains(text.out, "time controls on one scale")) << "one time control";

    const auto page = harness({"report", "--db", f.db, "--db", second, "--ratings", "none",
                               "--html", (dir.path() / "p.html").string()},
                              dir.path());
    EXPECT_EQ(page.exit_code, 2) << describe(page);
    EXPECT_TRUE(contains(page.err, "--html reads one database")) << page.err;
    EXPECT_FALSE(fs::exists(dir.path() / "p.html"));
}

// A study page from the CSV `report --columns study` wrote (the figures a repository keeps), with
// the database beside it: every row with completed pairs is drawn and judged, the database's
// part follows; usage errors and a file that is not figures are exit 2, and no page is written.
TEST(ReportCli, FiguresMakeAStudyPageFromTheCsvReportWrote) {
    const auto& f = filled();
    TempDir dir;
    const auto csv =
        harness({"report", "--db", f.db, "--columns", "study", "--format", "csv"}, dir.path());
    ASSERT_EQ(csv.exit_code, 0) << describe(csv);
    const std::string figures = (dir.path() / "phase.csv").string();
    write_file(figures, csv.out);
    const std::string page = (dir.path() / "study.html").string();
    const auto r =
        harness({"report", "--figures", figures, "--db", f.db, "--html", page}, dir.path());
    ASSERT_EQ(r.exit_code, 0) << describe(r);
    EXPECT_TRUE(contains(r.out, "1 figures files, 1 database")) << r.out;
    const std::string html = read_file(page);
    EXPECT_TRUE(contains(html, "<h1>phase</h1>")) << "the figures file's part";
    EXPECT_TRUE(contains(html, "id=\"db1\"")) << "the database's part";
    EXPECT_TRUE(contains(html, "id=\"fig1-figures-phase\"")) << "the rows sorted by effect";
    EXPECT_TRUE(contains(html, ">Verdict</th>")) << "each row judged (figures_test checks how)";

    for (const std::vector<std::string>& args :
         {std::vector<std::string>{"report", "--figures", figures},
          {"report", "--figures", figures, "--run", "1", "--html", page + "2"},
          {"report", "--figures", figures, "--format", "csv", "--html", page + "2"}}) {
        const auto usage = harness(args, dir.path());
        EXPECT_EQ(usage.exit_code, 2) << describe(usage);
    }
    const std::string bad = (dir.path() / "bad.csv").string();
    write_file(bad, "id,test,base\r\n1,a,b\r\n");
    const auto refused = harness({"report", "--figures", bad, "--html", page + "3"}, dir.path());
    EXPECT_EQ(refused.exit_code, 2) << describe(refused);
    EXPECT_TRUE(contains(refused.err, bad + ":1: no column 'time_control'")) << refused.err;
    EXPECT_FALSE(fs::exists(page + "2"));
    EXPECT_FALSE(fs::exists(page + "3"));
}

TEST(ReportCli, SeveralDatabasesMakeOnePageWithAPartEach) {
    const auto& f = filled();
    TempDir dir;
    const std::string second = (dir.path() / "second.db").string();
    fs::copy_file(f.db, second);
    const std::string page = (dir.path() / "page.html").string();
    const auto r = harness({"report", "--db", f.db, "--db", second, "--html", page}, dir.path());
    ASSERT_EQ(r.exit_code, 0) << describe(r);
    EXPECT_TRUE(contains(r.out, "2 databases")) << r.out;
    const std::string html = read_file(page);
    const auto count = [&html](const std::string& what) {
        std::size_t n = 0;
        for (auto at = html.find(what); at != std::string::npos; at = html.find(what, at + 1)) ++n;
        return n;
    };
    EXPECT_EQ(count("<section class=\"run\""), 10u) << "five runs in each database";
    EXPECT_LT(html.find("<section class=\"database\" id=\"db1\""),
              html.find("<section class=\"database\" id=\"db2\""));
    EXPECT_EQ(count("id=\"db1-llr-run-2\""), 1u);
    EXPECT_EQ(count("id=\"db2-llr-run-2\""), 1u);
    EXPECT_EQ(count("id=\"llr-run-2\""), 0u) << "every id carries its database's prefix";
    EXPECT_TRUE(contains(html, "href=\"#db2\"")) << "a table of contents";

    const auto tmp = fs::temp_directory_path();
    const auto list = harness({"report", "--db", f.db, "--db", second}, tmp);
    EXPECT_EQ(list.exit_code, 2) << describe(list);
    EXPECT_TRUE(contains(list.err, "--html")) << list.err;
    const auto run = harness({"report", "--db", f.db, "--db", second, "--run", "1", "--html",
                              (dir.path() / "run.html").string()},
                             tmp);
    EXPECT_EQ(run.exit_code, 2) << describe(run);
    EXPECT_TRUE(contains(run.err, "--run")) << run.err;
    // A file that is no database: refused naming it, no page written.
    const std::string junk = (dir.path() / "junk.db").string();
    write_file(junk, "not a database");
    const std::string none = (dir.path() / "none.html").string();
    const auto bad = harness({"report", "--db", f.db, "--db", junk, "--html", none}, tmp);
    EXPECT_EQ(bad.exit_code, 2) << describe(bad);
    EXPECT_TRUE(contains(bad.err, junk)) << bad.err;
    EXPECT_FALSE(fs::exists(none));
}

// A bad file: exit 2, a message naming the file, and not one byte changed.
void expect_refused(const std::string& path, const std::string& why) {
    SCOPED_TRACE(why);
    const std::string before = read_file(path);
    const auto r = harness({"report", "--db", path}, fs::temp_directory_path());
    EXPECT_EQ(r.exit_code, 2) << describe(r);
    EXPECT_TRUE(contains(r.err, path)) << r.err;
    EXPECT_TRUE(contains(r.err, why)) << r.err;
    EXPECT_TRUE(r.out.empty()) << r.out;
    EXPECT_EQ(read_file(path), before);
    // A WAL-mode file gets SQLite's reader side files when opened; nothing may be written to
    // its log.
    EXPECT_TRUE(!fs::exists(path + "-wal") || fs::file_size(path + "-wal") == 0);
    const auto page =
        harness({"report", "--db", path, "--html", path + ".html"}, fs::temp_directory_path());
    EXPECT_EQ(page.exit_code, 2) << describe(page);
    EXPECT_FALSE(fs::exists(path + ".html"));
}

TEST(ReportCli, RefusesBadDatabasesAndChangesNothing) {
    const auto& f = filled();
    TempDir dir;
    write_file(dir / "notes.txt", "these are my notes, not a database\n");
    expect_refused(dir / "notes.txt", "not an SQLite database");

    {  // another program's database: its own tables, no LMR Lab id
        sqlite3* db = nullptr;
        sqlite3_open((dir / "other.db").c_str(), &db);
        sqlite3_exec(db, "CREATE TABLE t (x); INSERT INTO t VALUES (1);", nullptr, nullptr,
                     nullptr);
        sqlite3_close(db);
    }
    expect_refused(dir / "other.db", "another program");

    fs::copy_file(f.db, dir / "newer.db");
    {
        Db newer(dir / "newer.db", true);
        const long version = newer.integer("PRAGMA user_version");
        newer.exec("PRAGMA user_version = " + std::to_string(version + 1));
    }
    expect_refused(dir / "newer.db", "newer than this lmr-harness knows");

    std::string bytes = read_file(f.db);
    ASSERT_GT(bytes.size(), 8u * 4096u);
    for (std::size_t i = 3 * 4096; i < 6 * 4096; ++i) bytes[i] = static_cast<char>(0xA5 ^ i);
    write_file(dir / "corrupt.db", bytes);
    expect_refused(dir / "corrupt.db", "corrupt");

    const auto missing = harness({"report", "--db", dir / "missing.db"}, dir.path());
    EXPECT_EQ(missing.exit_code, 2) << describe(missing);
    EXPECT_FALSE(fs::exists(dir / "missing.db"));
}

TEST(ReportCli, AnOlderSchemaIsUpgradedOnlyWhenAsked) {
    const auto& f = filled();
    TempDir dir;
    const std::string path = dir / "old.db";
    fs::copy_file(f.db, path);
    {
        // What a database written before the report views (and the LMR statistics) looks like.
        Db old(path, true);
        old.exec(
            "DROP VIEW engine_pv_violations; DROP VIEW engine_pv_checks; "
            "DROP TABLE game_pv_violations; DROP TABLE game_pv_checks; "
            "DROP VIEW engine_lmr_rules; DROP VIEW engine_lmr_stats; "
            "DROP TABLE game_lmr_rules; DROP TABLE game_lmr_stats; "
            "DROP VIEW config_elo; DROP VIEW config_results; DROP VIEW opening_results; "
            "DROP VIEW game_faults; DROP VIEW run_terminations; "
            "DROP TABLE run_claims; DROP TABLE run_changes; "
            "ALTER TABLE runs DROP COLUMN book_sha256; PRAGMA user_version = 1;");
    }
    const std::string before = read_file(path);
    const auto refused = harness({"report", "--db", path}, dir.path());
    EXPECT_EQ(refused.exit_code, 2) << describe(refused);
    EXPECT_TRUE(contains(refused.err, "--upgrade")) << refused.err;
    EXPECT_EQ(read_file(path), before);

    const auto upgraded =
        harness({"report", "--db", path, "--upgrade", "--format", "json"}, dir.path());
    ASSERT_EQ(upgraded.exit_code, 0) << describe(upgraded);
    const auto original = parse(harness({"report", "--db", f.db, "--format", "json"}, dir.path()));
    auto after = json::parse(upgraded.out);
    after.erase("database");
    auto expected = original;
    expected.erase("database");
    EXPECT_EQ(after, expected);
}

TEST(ReportCli, ReadsWhileARunWrites) {
    TempDir dir;
    const std::string db = dir / "live.db";
    // Random movers, no SPRT: the run goes on until it is stopped.
    Process run(kHarness,
                {"match", "--engine", "name=a", "cmd=" + kRandom, "--engine", "name=b",
                 "cmd=" + kRandom, "--tc", "nodes=100", "--book", "none", "--pairs", "5000",
                 "--maxmoves", "60", "--db", db, "--report-every", "1000"},
                dir.path());
    // Until the harness has created the file, its schema and the run, there is nothing to
    // report (an empty file is refused like any file that is not ours).
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    auto has_game = [&db] {
        try {
            return fs::exists(db) && Db(db).integer("SELECT count(*) FROM games") > 0;
        } catch (const std::exception&) {
            return false;
        }
    };
    while (!has_game() && std::chrono::steady_clock::now() < deadline && run.running())
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    ASSERT_TRUE(has_game()) << "the run stored no game";

    long reads = 0, last_pairs = -1;
    int growth = 0;
    while (growth < 3 && std::chrono::steady_clock::now() < deadline && run.running()) {
        std::this_thread::sleep_for(std::chrono::milliseconds(150));
        const auto r = harness({"report", "--db", db, "--format", "json"}, dir.path());
        ASSERT_EQ(r.exit_code, 0) << describe(r);
        const auto list = json::parse(r.out);
        ASSERT_EQ(list["runs"].size(), 1u);
        const auto& row = list["runs"][0];
        const long pairs = row["pairs_completed"].get<long>();
        const auto& games = row["stats"]["games"];
        const auto& p = row["stats"]["pentanomial"];
        EXPECT_EQ(games["total"].get<long>(), 2 * pairs);
        EXPECT_EQ(p["pairs"].get<long>(), pairs);
        EXPECT_EQ(
            games["wins"].get<long>() + games["draws"].get<long>() + games["losses"].get<long>(),
            2 * pairs);
        EXPECT_GE(row["games"].get<long>(), 2 * pairs);
        EXPECT_GE(pairs, last_pairs);
        if (last_pairs >= 0 && pairs > last_pairs) ++growth;
        last_pairs = pairs;
        ++reads;
        // The detail of the running run reads as well.
        const auto detail =
            harness({"report", "--db", db, "--run", "1", "--format", "csv"}, dir.path());
        ASSERT_EQ(detail.exit_code, 0) << describe(detail);
    }
    EXPECT_GE(growth, 3) << "the reports never saw the run progress (" << reads << " reads)";
    ASSERT_TRUE(run.running()) << "the run ended before the test stopped it";
    run.signal(SIGINT);
    const auto end = run.wait(std::chrono::seconds(30));
    EXPECT_FALSE(end.timed_out);
    const auto final_list = parse(harness({"report", "--db", db, "--format", "json"}, dir.path()));
    EXPECT_EQ(final_list["runs"][0]["status"], "interrupted");
}

}  // namespace
}  // namespace lmr::report_test

namespace lmr::report_test {
namespace {

// `report --claims`: a page whose cited verdict drifted exits 1 naming the page's line; written
// with --write-page and cited as computed, it passes; the claims table is printed as asked; a flag
// that belongs to another report is refused.
TEST(ReportCli, ClaimsCheckAPageAndWriteItsTable) {
    const test::TempDir dir;
    fs::copy_file(std::string(LMR_SOURCE_DIR) + "/results/combine.csv", dir / "combine.csv");
    test::write_file(dir / "claims.csv",
                     "id,family,figures,row,low,high,refuted_as,claim\n"
                     "history,combine,combine.csv,1,0,+inf,,\"REBEL's history step adds Elo\"\n");
    const std::string claims = dir / "claims.csv";
    const std::string page = dir / "page.md";
    test::write_file(page,
                     "The history step adds Elo ([not resolved](#claim-history)).\n\n"
                     "<!-- claims:begin -->\n<!-- claims:end -->\n");
    const auto drifted = harness({"report", "--claims", claims, "--check-page", page}, dir.path());
    EXPECT_EQ(drifted.exit_code, 1) << describe(drifted);
    EXPECT_NE(drifted.err.find(page + ":1: says 'not resolved' of claim 'history', whose "
                                      "computed verdict is 'confirmed' (+17.2 ± 12.1)"),
              std::string::npos)
        << drifted.err;
    EXPECT_NE(drifted.err.find(page + ":3: the claims table is not the one the claims compute"),
              std::string::npos)
        << drifted.err;

    test::write_file(page,
                     "The history step adds Elo ([confirmed](#claim-history)).\n\n"
                     "<!-- claims:begin -->\n<!-- claims:end -->\n");
    const auto wrote = harness({"report", "--claims", claims, "--write-page", page}, dir.path());
    ASSERT_EQ(wrote.exit_code, 0) << describe(wrote);
    EXPECT_NE(test::read_file(page).find("| <a id=\"claim-history\"></a>history |"),
              std::string::npos)
        << test::read_file(page);
    const auto passed = harness({"report", "--claims", claims, "--check-page", page}, dir.path());
    EXPECT_EQ(passed.exit_code, 0) << describe(passed);

    const auto csv = harness({"report", "--claims", claims, "--format", "csv"}, dir.path());
    ASSERT_EQ(csv.exit_code, 0) << describe(csv);
    EXPECT_NE(csv.out.find("id,claim,row,elo,z,held_to,verdict"), std::string::npos) << csv.out;
    EXPECT_NE(csv.out.find("history,REBEL's history step adds Elo"), std::string::npos) << csv.out;

    const auto mixed = harness({"report", "--claims", claims, "--baseline", "none"}, dir.path());
    EXPECT_EQ(mixed.exit_code, 2) << describe(mixed);
    const auto lone = harness({"report", "--check-page", page}, dir.path());
    EXPECT_EQ(lone.exit_code, 2) << describe(lone);
}

}  // namespace
}  // namespace lmr::report_test
