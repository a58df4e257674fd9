// Strict command lines in every sub-command (issue 23): a word that belongs to no flag, an
// unknown key of a key=value flag and a flag or key given twice are errors (exit 2) naming the
// word, before anything is written; the key=value flags read cutechess-cli's separate words
// and the comma list alike, and both store the same plan.

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

#include "tests/cli/run_binary.hpp"
#include "tests/support/sqlite_db.hpp"
#include "tests/support/text.hpp"

namespace lmr {
namespace {

using test::contains;

namespace fs = std::filesystem;
using test::RunResult;
using test::TempDir;

const std::string kConfigs = std::string(LMR_SOURCE_DIR) + "/configs/";

RunResult harness_in(const TempDir& dir, const std::vector<std::string>& args) {
    return test::run_process(LMR_HARNESS_BINARY, args, dir.path(), std::chrono::minutes(2));
}

std::string joined(const std::vector<std::string>& args) {
    std::string text;
    for (const auto& arg : args) text += (text.empty() ? "" : " ") + arg;
    return text;
}

// The files the harness left in `dir` (not its captured output).
std::set<std::string> files_in(const TempDir& dir) {
    std::set<std::string> names;
    for (const auto& entry : fs::directory_iterator(dir.path())) {
        const std::string name = entry.path().filename().string();
        if (name.rfind("child-", 0) != 0) names.insert(name);
    }
    return names;
}

// A short node-limited match between two configs into `db`, with `extra` flags.
std::vector<std::string> tiny_match(const std::string& db, std::vector<std::string> extra = {}) {
    std::vector<std::string> args{"match",
                                  "--base",
                                  kConfigs + "none.json",
                                  "--test",
                                  kConfigs + "cpw-simple.json",
                                  "--pairs",
                                  "1",
                                  "--tc",
                                  "nodes=10",
                                  "--book",
                                  "none",
                                  "--db",
                                  db};
    args.insert(args.end(), extra.begin(), extra.end());
    return args;
}

// A complete command line of every sub-command (and sub-sub-command), the flags in place but
// the inputs not necessarily there: the stray word must be refused before any of them is used.
std::vector<std::vector<std::string>> every_command(const TempDir& dir) {
    const std::string db = dir / "results.db", none = kConfigs + "none.json",
                      cpw = kConfigs + "cpw-simple.json";
    return {
        {"stats", "--wdl", "46,122,32"},
        {"stats", "--ptnml", "2,18,10,40,24,6", "--json"},
        tiny_match(db),
        {"sprt", "--base", none, "--test", cpw, "--max-pairs", "1", "--tc", "nodes=10", "--db", db},
        {"tournament", "--config", none, "--config", cpw, "--pairs", "1", "--db", db},
        {"tune", "--base", kConfigs + "rebel-expert.json", "--iterations", "1", "--param",
         "lmr.steps.history.weight,10,0,30,2,0.002", "--db", db},
        {"tune", "resume", "--run", "1", "--db", db},
        {"tune", "show", "--run", "1", "--db", db},
        {"tune", "export", "--run", "1", "--db", db},
        {"resume", "--run", "1", "--db", db},
        {"pgn", "--run", "1", "--db", db, "--out", "run.pgn"},
        {"report", "--db", db},
        {"report", "--run", "1", "--db", db, "--format", "json"},
        {"openings", "generate", "--eco", "missing.eco", "--out", "book.epd"},
        {"label", "--pgn", "missing.pgn", "--out", "labelled.pgn"},
    };
}

TEST(StrictParsing, AStrayWordIsRefusedByEveryCommand) {
    TempDir dir;
    for (const auto& command : every_command(dir)) {
        // At the end, and right after the first flag's value, where a second value of that
        // flag would be: both are words Boost.Program_options used to drop.
        std::vector<std::vector<std::string>> variants{command, command};
        variants[0].push_back("garbage");
        const auto first_flag = std::find_if(command.begin(), command.end(),
                                             [](const auto& a) { return a.rfind("--", 0) == 0; });
        const auto offset = std::distance(command.begin(), first_flag) + 2;
        ASSERT_LE(offset, static_cast<long>(command.size())) << joined(command);
        variants[1].insert(variants[1].begin() + offset, "garbage");
        // The pointer to --help names the sub-command as typed: "tune show", not "tune".
        const std::string name =
            command[0] + (command[1].starts_with("--") ? "" : " " + command[1]);
        for (const auto& args : variants) {
            const RunResult r = harness_in(dir, args);
            EXPECT_EQ(r.exit_code, 2) << joined(args) << '\n' << test::describe(r);
            EXPECT_TRUE(contains(r.err, "'garbage' is neither a flag nor the value of one"))
                << joined(args) << '\n'
                << r.err;
            EXPECT_TRUE(contains(r.err, "Run 'lmr-harness " + name + " --help' for usage."))
                << joined(args) << '\n'
                << r.err;
            EXPECT_TRUE(r.out.empty()) << joined(args) << '\n' << r.out;
            EXPECT_TRUE(files_in(dir).empty()) << joined(args) << ": a file was written";
        }
    }
}

TEST(StrictParsing, TheIssuesStatsExampleNamesTheFlagThatTookItsValue) {
    TempDir dir;
    const RunResult r = harness_in(dir, {"stats", "--wdl", "46,122,32", "garbage"});
    EXPECT_EQ(r.exit_code, 2) << test::describe(r);
    EXPECT_TRUE(contains(r.err, "--wdl takes one value, here '46,122,32'")) << r.err;
    const RunResult after_switch = harness_in(dir, {"stats", "--wdl", "1,2,3", "--json", "x"});
    EXPECT_EQ(after_switch.exit_code, 2) << test::describe(after_switch);
    EXPECT_TRUE(contains(after_switch.err, "'x' is neither")) << after_switch.err;
    EXPECT_TRUE(contains(after_switch.err, "--json takes no value")) << after_switch.err;
}

TEST(StrictParsing, UnknownKeysAreRefusedAndNamed) {
    TempDir dir;
    const std::string db = dir / "results.db";
    const std::vector<std::pair<std::vector<std::string>, std::string>> cases{
        {{"--draw", "movenumber=20", "movecnt=4"}, "unknown key 'movecnt'"},
        {{"--draw", "movenumber=20,movecount=4,scroe=5"}, "unknown key 'scroe'"},
        {{"--resign", "movecount=3", "score=600", "twosided=yes"}, "--resign twosided 'yes'"},
        {{"--resign", "movecount=3", "margin=5"}, "unknown key 'margin'"},
        {{"--draw", "movecount=3", "garbage"}, "--draw 'garbage': expected key=value"},
        {{"--tc", "nodes=10", "moves=40"}, "unknown setting \"moves\""},
        // The value is quoted once, by the flag (it was said three times).
        {{"--tc", "tc=10s+0.1"},
         "match: --tc 'tc=10s+0.1': time \"10s\" is not a number of seconds\n"},
        {{"--option", "Hash=16", "Threads"}, "--option 'Threads': expected NAME=VALUE"},
        {{"--engine", "name=a", "cmd=x", "colour=white"}, "unknown key 'colour'"},
        {{"--engine", "name=a", "cmd=x", "tc=10s+0.1"},
         "--engine 'tc=10s+0.1': time \"10s\" is not a number of seconds"},
        {{"--engine", "name=a", "cmd=x", "timemargin=-5"},
         "--engine 'timemargin=-5': must not be negative"},
    };
    for (const auto& [flags, message] : cases) {
        auto args = tiny_match(db, flags);
        if (flags.front() == "--tc") {  // in place of the match's own --tc
            const auto own = std::find(args.begin(), args.end(), "--tc");
            args.erase(own, own + 2);
        }
        const RunResult r = harness_in(dir, args);
        EXPECT_EQ(r.exit_code, 2) << joined(flags) << '\n' << test::describe(r);
        EXPECT_TRUE(contains(r.err, message)) << joined(flags) << '\n' << r.err;
        EXPECT_TRUE(files_in(dir).empty()) << joined(flags) << ": a file was written";
    }
}

TEST(StrictParsing, AFlagOrKeyGivenTwiceIsRefusedAndNamed) {
    TempDir dir;
    const std::string db = dir / "results.db";
    const std::vector<std::pair<std::vector<std::string>, std::string>> cases{
        {{"--pairs", "4"}, "'--pairs' cannot be specified more than once"},
        {{"--draw", "movecount=3,movecount=4"}, "'movecount' is given twice"},
        {{"--draw", "movecount=3", "score=5", "movecount=4"}, "'movecount' is given twice"},
        {{"--draw", "movecount=3", "--draw", "score=5"}, "'--draw' cannot be specified more"},
        {{"--resign", "score=600", "score=700"}, "'score' is given twice"},
        {{"--tc", "nodes=20"}, "'--tc' cannot be specified more than once"},
        {{"--option", "Hash=16", "--option", "hash=32"}, "--option 'hash=32': hash is given twice"},
        {{"--engine", "name=a", "name=b", "cmd=x"}, "name= is given twice"},
        {{"--engine", "cmd=x", "option.Hash=1", "option.hash=2"}, "option.hash is given twice"},
        {{"--engine", "cmd=x", "nodes=10", "nodes=20"}, "nodes= is given twice"},
        {{"--engine", "cmd=x", "timemargin=10", "timemargin=20"}, "timemargin= is given twice"},
    };
    for (const auto& [flags, message] : cases) {
        const auto args = tiny_match(db, flags);  // which already has --pairs 1 and --tc
        const RunResult r = harness_in(dir, args);
        EXPECT_EQ(r.exit_code, 2) << joined(flags) << '\n' << test::describe(r);
        EXPECT_TRUE(contains(r.err, message)) << joined(flags) << '\n' << r.err;
        EXPECT_TRUE(files_in(dir).empty()) << joined(flags) << ": a file was written";
    }
    // Outside the run commands too.
    const RunResult stats = harness_in(dir, {"stats", "--wdl", "1,2,3", "--wdl", "4,5,6"});
    EXPECT_EQ(stats.exit_code, 2) << test::describe(stats);
    EXPECT_TRUE(contains(stats.err, "'--wdl' cannot be specified more than once")) << stats.err;
    const RunResult json = harness_in(dir, {"stats", "--wdl", "1,2,3", "--json", "--json"});
    EXPECT_EQ(json.exit_code, 2) << test::describe(json);
    EXPECT_TRUE(contains(json.err, "--json")) << json.err;
}

// The adjudication and time control a finished run stored, from its plan.
nlohmann::json stored_plan(const std::string& db) {
    test::Db check(db);
    return nlohmann::json::parse(check.text("SELECT plan_json FROM runs WHERE id = 1"));
}

TEST(StrictParsing, CutechessWordsAndTheCommaListStoreTheSamePlan) {
    TempDir dir;
    const std::string words_db = dir / "words.db", commas_db = dir / "commas.db";
    // The issue's example, which used to store movecount 8 and score 10, and fishtest's resign.
    const RunResult words =
        harness_in(dir, tiny_match(words_db, {"--draw", "movenumber=20", "movecount=4", "score=5",
                                              "--resign", "movecount=3", "score=600",
                                              "twosided=true", "--option", "Hash=8", "Threads=1"}));
    ASSERT_EQ(words.exit_code, 0) << test::describe(words);
    const RunResult commas =
        harness_in(dir, tiny_match(commas_db, {"--draw", "movenumber=20,movecount=4,score=5",
                                               "--resign", "movecount=3,score=600,twosided=true",
                                               "--option", "Hash=8", "--option", "Threads=1"}));
    ASSERT_EQ(commas.exit_code, 0) << test::describe(commas);

    const auto plan = stored_plan(words_db);
    const auto& adjudication = plan.at("adjudication");
    EXPECT_EQ(adjudication.at("draw").at("enabled"), true);
    EXPECT_EQ(adjudication.at("draw").at("move_number"), 20);
    EXPECT_EQ(adjudication.at("draw").at("move_count"), 4);
    EXPECT_EQ(adjudication.at("draw").at("score_cp"), 5);
    EXPECT_EQ(adjudication.at("resign").at("move_count"), 3);
    EXPECT_EQ(adjudication.at("resign").at("score_cp"), 600);
    EXPECT_EQ(adjudication.at("resign").at("two_sided"), true);
    EXPECT_EQ(adjudication, stored_plan(commas_db).at("adjudication"));
    EXPECT_EQ(plan.at("engines"), stored_plan(commas_db).at("engines"));  // the UCI options
}

TEST(StrictParsing, ResignIsOneSidedUnlessAskedAndTimeControlWordsAreOneSetting) {
    TempDir dir;
    const std::string words_db = dir / "words.db", commas_db = dir / "commas.db";
    // fishtest's adjudication as its worker writes it, and a two-setting time control.
    auto args = tiny_match(words_db, {"--resign", "movecount=3", "score=600", "--draw",
                                      "movenumber=34", "movecount=8", "score=20"});
    const auto tc = std::find(args.begin(), args.end(), "nodes=10");
    args.insert(tc + 1, "depth=3");  // --tc nodes=10 depth=3
    const RunResult words = harness_in(dir, args);
    ASSERT_EQ(words.exit_code, 0) << test::describe(words);
    args = tiny_match(commas_db, {"--resign", "movecount=3,score=600", "--draw",
                                  "movenumber=34,movecount=8,score=20"});
    *std::find(args.begin(), args.end(), "nodes=10") = "nodes=10,depth=3";
    const RunResult commas = harness_in(dir, args);
    ASSERT_EQ(commas.exit_code, 0) << test::describe(commas);

    const auto plan = stored_plan(words_db);
    EXPECT_EQ(plan.at("adjudication").at("resign").at("two_sided"), false);
    EXPECT_EQ(plan.at("adjudication").at("draw").at("move_number"), 34);
    EXPECT_EQ(plan.at("adjudication"), stored_plan(commas_db).at("adjudication"));
    test::Db words_check(words_db), commas_check(commas_db);
    const std::string stored_tc = words_check.text("SELECT time_control FROM runs");
    EXPECT_TRUE(contains(stored_tc, "nodes=10")) << stored_tc;
    EXPECT_TRUE(contains(stored_tc, "depth=3")) << stored_tc;
    EXPECT_EQ(stored_tc, commas_check.text("SELECT time_control FROM runs"));
}

}  // namespace
}  // namespace lmr
