// lmr-harness run with fastchess's and cutechess-cli's command lines
// (harness/fastchess/command_line.hpp): the forms the fishtest and OpenBench workers pass, played
// against lmr-engine, and the output read back with the regular expressions those workers parse it
// with (fishtest's worker/games.py: the WLD and Ptnml patterns, "Finished match", the CRC line;
// OpenBench's Client/worker.py: the "Finished game" lines paired into a pentanomial). Options
// that cannot be honoured are refused with their name.

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <iterator>
#include <map>
#include <regex>
#include <set>

#include "tests/tournament/pgn_readers.hpp"
#include "tests/tournament/support.hpp"

namespace lmr::tournament_test {
namespace {

std::string engine_args(const std::string& config) {
    return "args=--config " + config_path(config);
}

// fishtest's worker command (worker/games.py, run_games), with fixed nodes for speed and
// lmr-engine configs as New and Base.
std::vector<std::string> fishtest_command(const TempDir& dir, int rounds) {
    return {"-testEnv",
            "-recover",
            "-repeat",
            "-games",
            "2",
            "-rounds",
            std::to_string(rounds),
            "-ratinginterval",
            "1",
            "-scoreinterval",
            "1",
            "-autosaveinterval",
            "0",
            "-report",
            "penta=true",
            "-pgnout",
            "file=" + (dir / "results.pgn"),
            "-crc32",
            "pgn=true",
            "-site",
            "https://tests.stockfishchess.org/tests/view/abc",
            "-event",
            "Batch 0: New-1 vs Base-2",
            "-srand",
            "3141592",
            "-resign",
            "movecount=3",
            "score=600",
            "-draw",
            "movenumber=34",
            "movecount=8",
            "score=20",
            "-variant",
            "standard",
            "-concurrency",
            "2",
            "-openings",
            "file=" + write_small_book(dir.path()),
            "format=epd",
            "order=random",
            "plies=16",
            "start=1",
            "-engine",
            "name=New-1",
            "tc=inf",
            "nodes=1500",
            "cmd=" + kEngine,
            "dir=.",
            engine_args("default.json"),
            "option.Hash=16",
            "-engine",
            "name=Base-2",
            "tc=inf",
            "nodes=1500",
            "cmd=" + kEngine,
            "dir=.",
            engine_args("none.json"),
            "option.Hash=16",
            "-each",
            "proto=uci",
            "option.Threads=1"};
}

// OpenBench's pairing of "Finished game" lines (Client/worker.py, Cutechess.update_results):
// games 2k-1 and 2k are one pair with the first engine White in the first; the pentanomial
// index is lookup[r1] + 2 - lookup[r2] with lookup 0-1: 0, 1/2-1/2: 1, 1-0: 2.
std::array<long, 5> pentanomial_from_finished_lines(const std::vector<std::string>& lines) {
    const std::regex finished(R"(^Finished game ([0-9]+) \((.*) vs (.*)\): (\S+) \{(.*)\}$)");
    const std::map<std::string, int> lookup = {{"0-1", 0}, {"1/2-1/2", 1}, {"1-0", 2}};
    std::map<long, std::string> results;
    for (const auto& line : lines) {
        std::smatch m;
        if (std::regex_match(line, m, finished)) results[std::stol(m[1])] = m[4];
    }
    std::array<long, 5> penta{};
    for (const auto& [game, result] : results) {
        if (game % 2 == 0) continue;
        const auto second = results.find(game + 1);
        if (second == results.end()) continue;
        ++penta[static_cast<std::size_t>(lookup.at(result) + 2 - lookup.at(second->second))];
    }
    return penta;
}

// The CRC-32 of a file as Python's zlib computes it (an implementation other than ours).
std::string crc32_by_python(const TempDir& dir, const std::string& file) {
    test::ChildProcess python("/usr/bin/python3",
                              {"-c",
                               "import sys,zlib;print(hex(zlib.crc32(open(sys.argv[1],'rb')"
                               ".read())))",
                               file},
                              dir.path());
    const auto result = python.wait(std::chrono::seconds(30));
    auto text = result.out;
    while (!text.empty() && text.back() == '\n') text.pop_back();
    return text;
}

// The worker runs the manager in a folder of its own, without -db (it failed there: "cannot
// create the results database 'results/lmrlab.db': 'results' is not a directory").
TEST(FastchessCli, FishtestWorkerCommandLineIsPlayedStoredAndParsedAsFishtestParsesIt) {
    TempDir dir("fastchess-fishtest");
    const fs::path worker = dir / "worker";  // empty: the book and the PGN are elsewhere
    fs::create_directories(worker);
    const int rounds = 6;
    Harness harness(worker, fishtest_command(dir, rounds));
    const auto r = harness.wait(std::chrono::seconds(110));
    ASSERT_EQ(r.exit_code, 0) << describe(r);
    const auto lines = lines_of(r.out);
    const fs::path db_path = worker / "results" / "lmrlab.db";
    ASSERT_FALSE(lines.empty());
    EXPECT_EQ(lines.front(),
              "Results database: " + db_path.string() + " (the default; -db FILE chooses another)");

    // fishtest's patterns, applied line by line as its worker does.
    const std::regex wld(
        R"(Games: ([0-9]+), Wins: ([0-9]+), Losses: ([0-9]+), Draws: ([0-9]+), Points: ([0-9.]+) \()");
    const std::regex ptnml(R"(Ptnml\(0-2\): \[([0-9]+), ([0-9]+), ([0-9]+), ([0-9]+), ([0-9]+)\])");
    std::optional<std::array<long, 4>> last_wld;
    std::optional<std::array<long, 5>> last_ptnml;
    int blocks = 0;
    for (const auto& line : lines) {
        std::smatch m;
        if (std::regex_search(line, m, wld))
            last_wld = std::array<long, 4>{std::stol(m[1]), std::stol(m[2]), std::stol(m[3]),
                                           std::stol(m[4])};
        if (std::regex_search(line, m, ptnml)) {
            last_ptnml = std::array<long, 5>{std::stol(m[1]), std::stol(m[2]), std::stol(m[3]),
                                             std::stol(m[4]), std::stol(m[5])};
            ASSERT_TRUE(last_wld) << line;
            long pairs = 0;
            for (long n : *last_ptnml) pairs += n;
            // fishtest asserts: games == 2 * sum(ptnml), and W + L + D == games.
            EXPECT_EQ((*last_wld)[0], 2 * pairs) << line;
            EXPECT_EQ((*last_wld)[1] + (*last_wld)[2] + (*last_wld)[3], (*last_wld)[0]);
            ++blocks;
        }
        EXPECT_EQ(line.find("Warning;"), std::string::npos) << line;
    }
    ASSERT_TRUE(last_ptnml) << describe(r);
    EXPECT_EQ(blocks, rounds) << "-ratinginterval 1: one block per pair";
    EXPECT_EQ((*last_wld)[0], 2 * rounds);
    // The pentanomial printed is the one derived from the Finished game lines.
    EXPECT_EQ(*last_ptnml, pentanomial_from_finished_lines(lines));

    // Every game started and finished once, numbered as fastchess numbers them: odd games
    // have New as White.
    const std::regex started(R"(^Started game ([0-9]+) of ([0-9]+) \((\S+) vs (\S+)\)$)");
    std::set<long> started_games;
    for (const auto& line : lines) {
        std::smatch m;
        if (!std::regex_match(line, m, started)) continue;
        started_games.insert(std::stol(m[1]));
        EXPECT_EQ(std::stol(m[2]), 2 * rounds);
        EXPECT_EQ(m[3], std::stol(m[1]) % 2 == 1 ? "New-1" : "Base-2") << line;
    }
    EXPECT_EQ(started_games.size(), static_cast<std::size_t>(2 * rounds));
    EXPECT_NE(std::find(lines.begin(), lines.end(), "Finished match"), lines.end());

    // The CRC fishtest takes from the last "has CRC32:" line is the file's.
    std::string crc;
    for (const auto& line : lines)
        if (line.find("has CRC32:") != std::string::npos) crc = line.substr(line.rfind(' ') + 1);
    EXPECT_EQ(crc, crc32_by_python(dir, dir / "results.pgn"));

    // The games are in the database, with the run's command line and the PGN's Event.
    Db db(db_path);
    EXPECT_EQ(db.integer("SELECT count(*) FROM games"), 2 * rounds);
    EXPECT_NE(db.text("SELECT command_line FROM runs").find("-testEnv"), std::string::npos);
    const std::string pgn = read_file(dir / "results.pgn");
    EXPECT_NE(pgn.find("[Event \"Batch 0: New-1 vs Base-2\"]"), std::string::npos);
    EXPECT_NE(pgn.find("[Site \"https://tests.stockfishchess.org/tests/view/abc\"]"),
              std::string::npos);
}

// One pair of short games of two lmr-engine configs A and B at 10+0.1 with nodes=300 (nodes=
// stops each search long before the clock matters, so the games are quick), into `db`.
std::vector<std::string> quick_pair_args(const TempDir& dir, const std::string& db) {
    return {"-engine",
            "name=A",
            "cmd=" + kEngine,
            engine_args("default.json"),
            "-engine",
            "name=B",
            "cmd=" + kEngine,
            engine_args("none.json"),
            "-each",
            "tc=10+0.1",
            "nodes=300",
            "option.Hash=16",
            "option.Threads=1",
            "-rounds",
            "1",
            "-games",
            "2",
            "-repeat",
            "-concurrency",
            "2",
            "-openings",
            "file=" + write_small_book(dir.path()),
            "format=epd",
            "-db",
            dir / db};
}

// fastchess prints the time control as it was typed: "10+0.1", never "1e+01+0.1".
// One pair of two drawn games: PairsRatio's counts are both empty (0 / 0), which printed "-nan",
// the sign of the NaN a division made; WL/DD is 0 / 1. (The fixture scores every move 0 cp, so
// -draw adjudicates each game a draw after its first moves.)
TEST(FastchessCli, AnAllDrawnPairPrintsItsRatiosWithoutASign) {
    TempDir dir("fastchess-ratios");
    const auto r = run_harness(dir, {"-engine",     "name=A",    "cmd=" + kFixtureRandom,
                                     "-engine",     "name=B",    "cmd=" + kFixtureRandom,
                                     "-each",       "tc=10+0.1", "-rounds",
                                     "1",           "-games",    "2",
                                     "-repeat",     "-draw",     "movenumber=1",
                                     "movecount=1", "score=10",  "-report",
                                     "penta=true",  "-db",       dir / "draws.db"});
    ASSERT_EQ(r.exit_code, 0) << describe(r);
    EXPECT_NE(r.out.find("DrawRatio: 100.00 %, PairsRatio: nan\n"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("Ptnml(0-2): [0, 0, 1, 0, 0], WL/DD Ratio: 0.00\n"), std::string::npos)
        << r.out;
    EXPECT_EQ(r.out.find("-nan"), std::string::npos) << r.out;
}

TEST(FastchessCli, TheResultsLineShowsTheTimeControlAsTyped) {
    TempDir dir("fastchess-tc-text");
    const auto r = run_harness(dir, quick_pair_args(dir, "runs.db"), std::chrono::seconds(60));
    ASSERT_EQ(r.exit_code, 0) << describe(r);
    const std::regex results(R"(^Results of A vs B \(10\+0\.1, 1t, 16MB, [^,]+\.epd\):$)");
    const auto lines = lines_of(r.out);
    EXPECT_TRUE(std::any_of(lines.begin(), lines.end(), [&](const std::string& l) {
        return std::regex_match(l, results);
    })) << r.out;
}

// Every -pgnout key of fastchess reaches the file (match_line= twice: each pattern its line), which
// pgn-extract reads without a complaint: the comment items in fastchess's order on every engine
// move, the long algebraic movetext; then min=true with notation=uci: no comment, UCI moves.
TEST(FastchessCli, EveryPgnoutKeyReachesTheFileAndReadsBack) {
    TempDir dir("fastchess-pgnout-keys");
    const auto play = [&](const std::string& db, std::vector<std::string> pgnout) {
        auto args = quick_pair_args(dir, db);
        args.push_back("-pgnout");
        args.insert(args.end(), pgnout.begin(), pgnout.end());
        const auto r = run_harness(dir, args, std::chrono::seconds(60));
        EXPECT_EQ(r.exit_code, 0) << describe(r);
        return Db(dir / db).integer("SELECT count(*) FROM moves");
    };
    const std::string full = dir / "full.pgn";
    const auto moves =
        play("full.db", {"file=" + full, "timeleft=true", "latency=true", "nodes=true",
                         "seldepth=true", "nps=true", "hashfull=true", "tbhits=true", "pv=true",
                         "notation=lan", "match_line=^info depth 1 ", "match_line=^info depth 1 "});
    std::string text = read_file(full);
    std::replace(text.begin(), text.end(), '\n', ' ');
    const std::regex items(
        R"(\{[-+]?(M?[0-9.]+)/[0-9]+ [0-9]+\.[0-9]{3}s, tl=[0-9]+\.[0-9]{3}s, )"
        R"(latency=[0-9]+\.[0-9]{3}s, n=[0-9]+, sd=[0-9]+, nps=[0-9]+, )"
        R"(hashfull=[0-9]+, tbhits=[0-9]+, pv="[a-h][1-8][a-h][1-8][a-h1-8qrbn ]*", )"
        // Each match_line= pattern keeps its own line, in order (the same pattern twice here).
        R"(line="info depth 1 [^"]*", line="info depth 1 [^"]*")");
    EXPECT_EQ(std::distance(std::sregex_iterator(text.begin(), text.end(), items),
                            std::sregex_iterator()),
              moves)
        << text;
    EXPECT_TRUE(std::regex_search(text, std::regex(R"(\b[NBRQK][a-h][1-8]x?[a-h][1-8])"))) << text;
    EXPECT_FALSE(std::regex_search(text, std::regex(R"(\b[NBRQK]x?[a-h][1-8]\b)"))) << text;
    const std::string tool = pgn_readers::find_pgn_extract();
    ASSERT_FALSE(tool.empty()) << "pgn-extract is missing: scripts/setup installs it";
    auto extract = pgn_readers::run_pgn_extract(tool, full, dir);
    EXPECT_EQ(extract.log, "") << read_file(full);
    EXPECT_EQ(extract.games, 2);

    const std::string minimal = dir / "min.pgn";
    play("min.db", {"file=" + minimal, "min=true", "notation=uci", "pv=true"});
    text = read_file(minimal);
    EXPECT_EQ(text.find('{'), std::string::npos) << text;
    EXPECT_EQ(text.find("[TimeControl"), std::string::npos) << text;
    EXPECT_TRUE(std::regex_search(text, std::regex(R"(1\. [a-h][1-8][a-h][1-8] )"))) << text;
    extract = pgn_readers::run_pgn_extract(tool, minimal, dir);
    EXPECT_EQ(extract.log, "") << text;
    EXPECT_EQ(extract.games, 2);
}

TEST(FastchessCli, OpenBenchCutechessCommandLinePrintsCutechessLines) {
    TempDir dir("fastchess-openbench");
    fs::create_directories(dir / "Engines");
    fs::copy_file(kEngine, dir / "Engines/lmr-engine");
    // OpenBench's cutechess-ob command (Client/worker.py): dir= and a relative cmd, -games as
    // cutechess's games per encounter (fastchess swaps it with -rounds), -pgnout FILE.
    const std::vector<std::string> args = {"-repeat",
                                           "-recover",
                                           "-variant",
                                           "standard",
                                           "-concurrency",
                                           "2",
                                           "-games",
                                           "3",
                                           "-resign",
                                           "movecount=3",
                                           "score=400",
                                           "-draw",
                                           "movenumber=40",
                                           "movecount=8",
                                           "score=10",
                                           "-openings",
                                           "file=" + write_small_book(dir.path()),
                                           "format=epd",
                                           "order=random",
                                           "start=2",
                                           "-srand",
                                           "77",
                                           "-engine",
                                           "dir=Engines/",
                                           "cmd=./lmr-engine",
                                           "proto=uci",
                                           "tc=inf",
                                           "nodes=1200",
                                           "timemargin=250",
                                           engine_args("textbook-log.json"),
                                           "option.Hash=8",
                                           "name=LMR-dev",
                                           "-engine",
                                           "dir=Engines/",
                                           "cmd=./lmr-engine",
                                           "proto=uci",
                                           "tc=inf",
                                           "nodes=1200",
                                           "timemargin=250",
                                           engine_args("none.json"),
                                           "option.Hash=8",
                                           "name=LMR-base",
                                           "-pgnout",
                                           (dir / "ob.pgn"),
                                           "-output",
                                           "format=cutechess"};  // no -db: as the worker runs it
    const auto r = run_harness(dir, args, std::chrono::seconds(110));
    ASSERT_EQ(r.exit_code, 0) << describe(r);
    const auto lines = lines_of(r.out);
    // -games 3 with the default -rounds 2 is 3 rounds of a pair: 6 games.
    const std::regex score(
        R"(^Score of LMR-dev vs LMR-base: ([0-9]+) - ([0-9]+) - ([0-9]+)  \[([0-9.]+)\] ([0-9]+)$)");
    long last_games = 0, wins = 0, losses = 0, draws = 0, finished = 0;
    for (const auto& line : lines) {
        std::smatch m;
        if (std::regex_match(line, m, score)) {
            wins = std::stol(m[1]);
            losses = std::stol(m[2]);
            draws = std::stol(m[3]);
            last_games = std::stol(m[5]);
        }
        // OpenBench: tokens[2] is the game number, tokens[6] the result.
        if (line.rfind("Finished game ", 0) == 0) {
            std::istringstream words(line);
            std::vector<std::string> tokens{std::istream_iterator<std::string>(words), {}};
            ASSERT_GE(tokens.size(), 8u) << line;
            EXPECT_TRUE(tokens[6] == "1-0" || tokens[6] == "0-1" || tokens[6] == "1/2-1/2") << line;
            ++finished;
        }
    }
    EXPECT_EQ(finished, 6);
    EXPECT_EQ(last_games, 6);
    EXPECT_EQ(wins + losses + draws, 6);
    // The last score line agrees with the games of the Finished game lines, from LMR-dev's
    // side (White in the odd games).
    long dev_wins = 0, dev_losses = 0;
    const std::regex finished_line(R"(^Finished game ([0-9]+) \(\S+ vs \S+\): (\S+) )");
    for (const auto& line : lines) {
        std::smatch m;
        if (!std::regex_search(line, m, finished_line)) continue;
        const bool dev_white = std::stol(m[1]) % 2 == 1;
        if (m[2] == "1-0") ++(dev_white ? dev_wins : dev_losses);
        if (m[2] == "0-1") ++(dev_white ? dev_losses : dev_wins);
    }
    EXPECT_EQ(wins, dev_wins);
    EXPECT_EQ(losses, dev_losses);
    const auto penta = pentanomial_from_finished_lines(lines);
    EXPECT_EQ(penta[0] + penta[1] + penta[2] + penta[3] + penta[4], 3);
    EXPECT_NE(
        std::find_if(lines.begin(), lines.end(),
                     [](const std::string& l) { return l.rfind("Elo difference: ", 0) == 0; }),
        lines.end());
    EXPECT_EQ(Db(dir / "results/lmrlab.db").integer("SELECT count(*) FROM games"), 6);
    EXPECT_NE(read_file(dir / "ob.pgn").find("[White \"LMR-dev\"]"), std::string::npos);
}

TEST(FastchessCli, AnSprtEndsWithFastchessDecisionLineAndExitZero) {
    TempDir dir("fastchess-sprt");
    // default.json is some 250 Elo above none.json at this node count: H1 (elo1 = -200) is
    // accepted within a few pairs.
    const auto r = run_harness(dir, {"-engine",      "cmd=" + kEngine,
                                     "name=New",     engine_args("default.json"),
                                     "-engine",      "cmd=" + kEngine,
                                     "name=Base",    engine_args("none.json"),
                                     "-each",        "tc=inf",
                                     "nodes=1500",   "-rounds",
                                     "200",          "-repeat",
                                     "-concurrency", "2",
                                     "-openings",    "file=" + write_small_book(dir.path()),
                                     "-srand",       "9",
                                     "-sprt",        "elo0=-300",
                                     "elo1=-200",    "alpha=0.2",
                                     "beta=0.2",     "model=logistic",
                                     "-db",          (dir / "runs.db")},
                               std::chrono::seconds(110));
    ASSERT_EQ(r.exit_code, 0) << describe(r);
    EXPECT_NE(r.out.find("SPRT ([-300.00, -200.00]) completed - H1 was accepted"),
              std::string::npos)
        << describe(r);
    const std::regex llr(R"(LLR: (-?[0-9.]+) \((-?[0-9.]+)%\) \((-?[0-9.]+), ([0-9.]+)\) \[)");
    std::smatch m;
    ASSERT_TRUE(std::regex_search(r.out, m, llr)) << describe(r);
    EXPECT_EQ(m[3], "-1.39");
    EXPECT_EQ(m[4], "1.39");
    Db db(dir / "runs.db");
    EXPECT_EQ(db.text("SELECT verdict FROM runs"), "H1");
}

TEST(FastchessCli, AGauntletPrintsTheRankingTable) {
    TempDir dir("fastchess-gauntlet");
    const auto r = run_harness(dir,
                               {"-tournament",
                                "gauntlet",
                                "-engine",
                                "cmd=" + kEngine,
                                "name=Default",
                                engine_args("default.json"),
                                "-engine",
                                "cmd=" + kEngine,
                                "name=None",
                                engine_args("none.json"),
                                "-engine",
                                "cmd=" + kEngine,
                                "name=Cpw",
                                engine_args("cpw-simple.json"),
                                "-each",
                                "tc=inf",
                                "depth=3",
                                "-rounds",
                                "2",
                                "-repeat",
                                "-concurrency",
                                "2",
                                "-db",
                                (dir / "runs.db")},
                               std::chrono::seconds(110));
    ASSERT_EQ(r.exit_code, 0) << describe(r);
    EXPECT_NE(r.out.find("Started game 8 of 8"), std::string::npos) << describe(r);
    const std::regex header(
        R"(^Rank Name +Elo +\+/- +nElo +\+/- +Games +Score +Draw +Ptnml\(0-2\)$)");
    const std::regex row(R"(^ +[1-3] (Default|None|Cpw) +\S+ +\S+ +\S+ +\S+ +([0-9]+) +)");
    const auto lines = lines_of(r.out);
    long header_lines = 0, games = 0;
    for (const auto& line : lines) {
        std::smatch m;
        if (std::regex_match(line, header)) ++header_lines;
        if (std::regex_search(line, m, row)) games += std::stol(m[2]);
    }
    EXPECT_EQ(header_lines, 1) << describe(r);
    EXPECT_EQ(games, 16) << "the first engine's 8 games and each opponent's 4";
}

// restart=on starts every engine afresh for each game; -log engine=true shows it: one `uci` per
// engine and game (with restart=off one per engine and slot).
TEST(FastchessCli, RestartOnStartsEachEngineForEveryGameAsTheEngineLogShows) {
    TempDir dir("fastchess-restart");
    for (const std::string restart : {"on", "off"}) {
        const std::string log = dir / ("engines-" + restart + ".log");
        const auto r = run_harness(
            dir,
            {"-engine", "cmd=" + kEngine, "name=A", "-engine", "cmd=" + kEngine, "name=B", "-each",
             "tc=inf", "nodes=400", "restart=" + restart, "-rounds", "2", "-repeat", "-log",
             "file=" + log, "engine=true", "-db", dir / "runs.db"},
            std::chrono::seconds(60));
        ASSERT_EQ(r.exit_code, 0) << describe(r);
        long uci = 0;
        for (const auto& line : lines_of(read_file(log)))
            if (line.size() > 9 && line.substr(line.size() - 9) == " <--- uci") ++uci;
        EXPECT_EQ(uci, restart == "on" ? 2 * 4 : 2) << restart;
        EXPECT_NE(read_file(log).find("Finished game 4 (B vs A)"), std::string::npos);
    }
}

// The engines' moves of a stored run: for each, whether A made it, its number among its
// engine's moves in the game, and the clock the engine had left after it.
struct OwnMove {
    bool by_a;
    long own_number;
    long clock_left_ms;
};
std::vector<OwnMove> own_moves(const Db& db) {
    std::vector<OwnMove> moves;
    for (const auto& row :
         db.rows("SELECT m.ply, (m.color = 'w') = (w.name = 'A'), m.clock_left_ms FROM moves m "
                 "JOIN games g ON g.id = m.game_id JOIN engines w ON w.id = g.white_engine_id "
                 "ORDER BY m.game_id, m.ply")) {
        EXPECT_TRUE(row[2]) << "a move under a clock stores the clock left";
        moves.push_back(
            {*row[1] == "1", (std::stol(*row[0]) + 1) / 2, row[2] ? std::stol(*row[2]) : -1});
    }
    return moves;
}

// Time odds, in both front ends: B has twice A's clock (fastchess's per-engine tc=; nodes=300
// keeps the games short). Each engine's clock is kept and stored on its own: an engine answers
// within milliseconds, so after its k-th move it has its base + k increments, less under a
// second. The PGN names each side's time control (WhiteTimeControl/BlackTimeControl, no
// TimeControl), the run's time control names each engine's, and fastchess's results line shows
// both as fastchess does ("2+0.02 - 4+0.04").
TEST(FastchessCli, TimeOddsGiveEachEngineItsOwnClockInBothFrontEnds) {
    TempDir dir("fastchess-time-odds");
    const std::string book = write_small_book(dir.path());
    const std::string pgn = dir / "odds.pgn";
    // The quick pair, with each engine's clock in place of -each's: A's after its args=, B's
    // after its own.
    auto args = quick_pair_args(dir, "fastchess.db");
    args.erase(std::find(args.begin(), args.end(), "tc=10+0.1"));
    args.insert(args.begin() + 8, "tc=4+0.04");
    args.insert(args.begin() + 4, "tc=2+0.02");
    args.insert(args.end(), {"-pgnout", "file=" + pgn});
    const auto fastchess = run_harness(dir, args, std::chrono::seconds(60));
    ASSERT_EQ(fastchess.exit_code, 0) << describe(fastchess);
    const std::regex results(R"(^Results of A vs B \(2\+0\.02 - 4\+0\.04, 1t, 16MB, [^,]+\):$)");
    const auto lines = lines_of(fastchess.out);
    EXPECT_TRUE(std::any_of(lines.begin(), lines.end(), [&](const std::string& l) {
        return std::regex_match(l, results);
    })) << fastchess.out;
    const std::string text = read_file(pgn);
    EXPECT_EQ(text.find("[TimeControl "), std::string::npos) << text;
    // Game 1: A is White; game 2: B is.
    const auto first = text.find("[WhiteTimeControl \"2+0.02\"]\n[BlackTimeControl \"4+0.04\"]");
    const auto second = text.find("[WhiteTimeControl \"4+0.04\"]\n[BlackTimeControl \"2+0.02\"]");
    EXPECT_NE(first, std::string::npos) << text;
    EXPECT_NE(second, std::string::npos) << text;

    const auto native = run_harness(dir,
                                    {"match",
                                     "--engine",
                                     "name=A",
                                     "cmd=" + kEngine,
                                     "arg=--config",
                                     "arg=" + config_path("default.json"),
                                     "--engine",
                                     "name=B",
                                     "cmd=" + kEngine,
                                     "arg=--config",
                                     "arg=" + config_path("none.json"),
                                     "tc=4+0.04",
                                     "nodes=300",
                                     "--tc",
                                     "tc=2+0.02 nodes=300",
                                     "--option",
                                     "Hash=16",
                                     "--pairs",
                                     "1",
                                     "--concurrency",
                                     "2",
                                     "--book",
                                     book,
                                     "--db",
                                     dir / "native.db"},
                                    std::chrono::seconds(60));
    ASSERT_EQ(native.exit_code, 0) << describe(native);

    for (const std::string db_name : {"fastchess.db", "native.db"}) {
        SCOPED_TRACE(db_name);
        const Db db(dir / db_name);
        EXPECT_EQ(db.text("SELECT time_control FROM runs"),
                  "A tc=2+0.02 nodes=300; B tc=4+0.04 nodes=300");
        EXPECT_EQ(db.integer("SELECT count(*) FROM games WHERE pgn LIKE "
                             "'%[WhiteTimeControl \"_+0.0_\"]%[BlackTimeControl \"_+0.0_\"]%'"),
                  2);
        const auto moves = own_moves(db);
        ASSERT_GE(moves.size(), 4u);
        for (const OwnMove& m : moves) {
            const long full = m.by_a ? 2000 + 20 * m.own_number : 4000 + 40 * m.own_number;
            EXPECT_LE(m.clock_left_ms, full) << (m.by_a ? "A" : "B") << " move " << m.own_number;
            EXPECT_GT(m.clock_left_ms, full - 1000)
                << (m.by_a ? "A" : "B") << " move " << m.own_number;
        }
    }
}

TEST(FastchessCli, OptionsThatCannotBeHonouredAreRefusedByName) {
    TempDir dir("fastchess-bad");
    const std::vector<std::string> engines = {"-engine", "cmd=" + kEngine, "name=A",
                                              "-engine", "cmd=" + kEngine, "name=B",
                                              "-each",   "tc=inf",         "nodes=1000"};
    const auto with = [&](std::vector<std::string> extra) {
        auto args = engines;
        args.insert(args.end(), extra.begin(), extra.end());
        args.push_back("-db");
        args.push_back(dir / "runs.db");
        return args;
    };
    const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
        {with({"-variant", "fischerandom"}), "-variant"},
        {with({"-tb", "/syzygy"}), "-tb"},
        {with({"-engne", "cmd=x"}), "did you mean -engine"},
        {with({"-games", "1"}), "-games 1"},
        {with({"-noswap"}), "-noswap"},
        {with({"-pgnout", "file=x.pgn", "match_line=(info"}), "match_line=(info"},
        {with({"-openings", "file=missing.epd"}), "missing.epd"},
        {with({"-sprt", "elo0=5", "elo1=0"}), "elo0"},
        {with({"-draw", "movenumber=34", "movecount=8", "score=20", "garbage=1"}), "garbage"},
        {with({"-concurrency", "4096"}), "-force-concurrency"},
        {{"-engine", "cmd=" + kEngine, "name=A", "nodes=100", "restart=on", "-engine",
          "cmd=" + kEngine, "name=B", "nodes=100", "restart=off"},
         "different restart="},
        {{"-engine", "cmd=" + kEngine, "-engine", "cmd=" + kEngine}, "no time control"},
        {{"-engine", "cmd=" + kEngine, "nodes=100", "-engine", "cmd=" + kEngine, "name=B"},
         "name=B"},
        {{"-engine", "cmd=" + kEngine, "nodes=100", "flavour=x", "-engine", "cmd=" + kEngine},
         "flavour"},
        {{"-engine", "cmd=" + kEngine, "conf=Stockfish", "-engine", "cmd=" + kEngine}, "conf="},
    };
    for (const auto& [args, expected] : cases) {
        const auto r = run_harness(dir, args, std::chrono::seconds(30));
        EXPECT_EQ(r.exit_code, 2) << expected << "\n" << describe(r);
        EXPECT_NE(r.err.find(expected), std::string::npos) << expected << "\n" << describe(r);
    }
    EXPECT_FALSE(fs::exists(dir / "runs.db")) << "nothing is created for a bad command line";
}

}  // namespace
}  // namespace lmr::tournament_test
