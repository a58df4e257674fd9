// lmr-harness's live output flags: --pgnout FILE [--pgn-nodes, --pgn-pv, … --pgn-notation,
// --pgn-min], --epdout FILE, --event NAME, --site NAME on match, sprt and tournament,
// --pgnout/--epdout on resume. The PGN file holds the games exactly as the database stores them, in
// one comment per move with the reason on the last one; pgn-extract and chess.js read it whole; a
// file that cannot be written is refused before anything is played.

#include <gtest/gtest.h>

#include <algorithm>
#include <csignal>
#include <regex>
#include <set>

#include "tests/tournament/pgn_readers.hpp"
#include "tests/tournament/support.hpp"

namespace lmr::tournament_test {
namespace {

// The values of one tag, game by game, in file order.
std::vector<std::string> tag_values(const std::string& pgn, const std::string& tag) {
    std::vector<std::string> values;
    const std::string prefix = "[" + tag + " \"";
    for (const auto& line : lines_of(pgn))
        if (line.rfind(prefix, 0) == 0)
            values.push_back(line.substr(prefix.size(), line.size() - prefix.size() - 2));
    return values;
}

// Every brace comment of the file, in order (line breaks inside one are spaces).
std::vector<std::string> comments_of(const std::string& pgn) {
    std::vector<std::string> comments;
    std::string current;
    bool inside = false;
    for (const auto& line : lines_of(pgn)) {
        if (!inside && line.rfind("[", 0) == 0) continue;  // tags may hold braces
        for (char c : line) {
            if (c == '{') {
                inside = true;
                current.clear();
            } else if (c == '}') {
                inside = false;
                comments.push_back(current);
            } else if (inside) {
                current += c;
            }
        }
        if (inside) current += ' ';
    }
    return comments;
}

std::vector<std::string> match_args(const std::string& db, int pairs,
                                    const std::string& nodes = "1500") {
    return {"match",
            "--base",
            config_path("none.json"),
            "--test",
            config_path("cpw-simple.json"),
            "--pairs",
            std::to_string(pairs),
            "--tc",
            "nodes=" + nodes,
            "--book",
            kSourceDir + "/openings/default.epd",
            "--book-order",
            "sequential",
            "--seed",
            "5",
            "--db",
            db};
}

std::vector<std::string> with(std::vector<std::string> args, const std::vector<std::string>& more) {
    args.insert(args.end(), more.begin(), more.end());
    return args;
}

void expect_read_by_both_readers(const TempDir& dir, const std::string& pgn, std::size_t games) {
    if (const std::string tool = pgn_readers::find_pgn_extract(); !tool.empty()) {
        const auto extract = pgn_readers::run_pgn_extract(tool, pgn, dir);
        EXPECT_EQ(extract.process.exit_code, 0) << describe(extract.process);
        EXPECT_EQ(extract.log, "") << "pgn-extract complained:\n" << read_file(pgn);
        EXPECT_EQ(extract.games, static_cast<int>(games));
    }
    if (const std::string node = pgn_readers::find_chess_js_node(); !node.empty()) {
        const auto js = pgn_readers::read_with_chess_js(node, pgn, dir);
        EXPECT_EQ(js.process.exit_code, 0) << describe(js.process);
        ASSERT_EQ(js.games.size(), games) << js.process.out;
        for (const auto& game : js.games) {
            if (game.contains("error")) {
                ADD_FAILURE() << "chess.js could not read a game: " << game.dump();
                continue;
            }
            EXPECT_EQ(game["tags"]["Result"], game["marker"]) << game.dump();
            EXPECT_EQ(game["tags"]["PlyCount"], std::to_string(game["plies"].get<int>()))
                << game.dump();
        }
    }
}

// With one slot the games end in the order they are stored: the live file is their stored PGN,
// byte for byte, and the EPD file has one final position per game.
TEST(GameOutputs, MatchWritesEveryGameAsStoredWithItsEventAndSite) {
    TempDir dir;
    const std::string db = dir / "match.db";
    const std::string pgn = dir / "live.pgn";
    const std::string epd = dir / "final.epd";
    const auto r =
        run_harness(dir, with(match_args(db, 3), {"--pgnout", pgn, "--epdout", epd, "--event",
                                                  "LMR Cup 2026", "--site", "Lab north, room 2"}));
    ASSERT_EQ(r.exit_code, 0) << describe(r);
    Db database(db);
    std::string stored;
    for (const auto& row : database.rows("SELECT pgn FROM games ORDER BY id")) stored += *row[0];
    const std::string live = read_file(pgn);
    EXPECT_EQ(live, stored);
    EXPECT_EQ(tag_values(live, "Event"), std::vector<std::string>(6, "LMR Cup 2026"));
    EXPECT_EQ(tag_values(live, "Site"), std::vector<std::string>(6, "Lab north, room 2"));
    EXPECT_EQ(tag_values(live, "Round"),
              (std::vector<std::string>{"1.1", "1.2", "2.1", "2.2", "3.1", "3.2"}));
    // The plan keeps them, for a resume and for anyone reading the run.
    const auto plan = nlohmann::json::parse(database.text("SELECT plan_json FROM runs"));
    EXPECT_EQ(plan["event"], "LMR Cup 2026");
    EXPECT_EQ(plan["site"], "Lab north, room 2");

    const auto positions = lines_of(read_file(epd));
    ASSERT_EQ(positions.size(), 6u);
    const std::regex epd_line(
        R"([1-8pnbrqkPNBRQK/]+ [wb] [KQkq-]+ [a-h1-8-]+ hmvc \d+; fmvn \d+;)");
    for (const auto& line : positions) EXPECT_TRUE(std::regex_match(line, epd_line)) << line;
    expect_read_by_both_readers(dir, pgn, 6);
}

TEST(GameOutputs, WithoutEventAndSiteTheGamesNameTheRun) {
    TempDir dir;
    const std::string db = dir / "plain.db";
    const std::string pgn = dir / "plain.pgn";
    const auto r = run_harness(dir, with(match_args(db, 1), {"--pgnout", pgn}));
    ASSERT_EQ(r.exit_code, 0) << describe(r);
    EXPECT_EQ(tag_values(read_file(pgn), "Event"),
              (std::vector<std::string>{"LMR Lab run 1", "LMR Lab run 1"}));
    EXPECT_EQ(tag_values(read_file(pgn), "Site"), (std::vector<std::string>{"LMR Lab", "LMR Lab"}));
    EXPECT_FALSE(
        nlohmann::json::parse(Db(db).text("SELECT plan_json FROM runs")).contains("event"));
}

// fastchess's spelling, each engine move's comment in one piece, the reason after the last
// move's figures: `{+0.31/9 0.012s, n=1502, sd=14, nps=125166, Black mates}`.
TEST(GameOutputs, OneCommentPerMoveWithTheFieldsAskedForAndTheReasonLast) {
    TempDir dir;
    const std::string db = dir / "fields.db";
    const std::string pgn = dir / "fields.pgn";
    const auto r = run_harness(dir, with(match_args(db, 2), {"--pgnout", pgn, "--pgn-nodes",
                                                             "--pgn-seldepth", "--pgn-nps"}));
    ASSERT_EQ(r.exit_code, 0) << describe(r);
    const std::string text = read_file(pgn);
    std::string flat = text;
    std::replace(flat.begin(), flat.end(), '\n', ' ');
    EXPECT_EQ(flat.find("} {"), std::string::npos) << "two comments in a row:\n" << text;

    Db database(db);
    const auto games = database.rows(
        "SELECT termination_detail, plies, length(opening_moves) > 0 FROM games ORDER BY id");
    ASSERT_EQ(games.size(), 4u);
    const std::regex engine_comment(
        R"(([+-]?(\d+\.\d\d|M\d+)(/\d+)? )?\d+\.\d{3}s, n=\d+, sd=\d+, nps=\d+(, .+)?)");
    const auto comments = comments_of(text);
    std::size_t at = 0;
    int engine_moves = 0;
    for (const auto& game : games) {
        const std::string reason = *game[0];
        const int plies = std::stoi(*game[1]);
        // Book moves first ({book}), then one comment per engine move.
        while (at < comments.size() && comments[at] == "book") ++at;
        ASSERT_LE(at + plies, comments.size());
        for (int ply = 0; ply < plies; ++ply, ++at) {
            const std::string& comment = comments[at];
            EXPECT_TRUE(std::regex_match(comment, engine_comment)) << comment;
            const bool last = ply + 1 == plies;
            EXPECT_EQ(comment.ends_with(", " + reason), last) << comment << " / " << reason;
            ++engine_moves;
        }
    }
    EXPECT_EQ(at, comments.size());
    EXPECT_EQ(engine_moves, database.integer("SELECT count(*) FROM moves"));
    expect_read_by_both_readers(dir, pgn, 4);
}

TEST(GameOutputs, TournamentAndSprtWriteEveryGame) {
    TempDir dir;
    const std::string pgn = dir / "tournament.pgn";
    auto r =
        run_harness(dir, {"tournament", "--config", config_path("none.json"), "--config",
                          config_path("cpw-simple.json"), "--config", config_path("mediocre.json"),
                          "--pairs", "1", "--tc", "nodes=1000", "--book", "none", "--db",
                          dir / "tournament.db", "--pgnout", pgn, "--event", "Round robin"});
    ASSERT_EQ(r.exit_code, 0) << describe(r);
    EXPECT_EQ(tag_values(read_file(pgn), "Event"), std::vector<std::string>(6, "Round robin"));
    expect_read_by_both_readers(dir, pgn, 6);

    const std::string sprt_pgn = dir / "sprt.pgn";
    r = run_harness(
        dir, {"sprt", "--base", config_path("none.json"), "--test", config_path("cpw-simple.json"),
              "--max-pairs", "2", "--tc", "nodes=1000", "--book", "none", "--db", dir / "sprt.db",
              "--pgnout", sprt_pgn, "--epdout", dir / "sprt.epd"});
    EXPECT_EQ(r.exit_code, 3) << "no decision in 2 pairs\n" << describe(r);
    EXPECT_EQ(tag_values(read_file(sprt_pgn), "Event").size(), 4u);
    EXPECT_EQ(lines_of(read_file(dir / "sprt.epd")).size(), 4u);
}

// An existing file is added to (fastchess's default), never emptied.
TEST(GameOutputs, AnExistingFileIsAddedTo) {
    TempDir dir;
    const std::string pgn = dir / "games.pgn";
    for (int run = 1; run <= 2; ++run) {
        const auto r = run_harness(dir, with(match_args(dir / "two.db", 1), {"--pgnout", pgn}));
        ASSERT_EQ(r.exit_code, 0) << describe(r);
    }
    EXPECT_EQ(tag_values(read_file(pgn), "Event"),
              (std::vector<std::string>{"LMR Lab run 1", "LMR Lab run 1", "LMR Lab run 2",
                                        "LMR Lab run 2"}));
}

TEST(GameOutputs, AFileThatCannotBeWrittenIsRefusedBeforeAnyGame) {
    TempDir dir;
    const std::string db = dir / "refused.db";
    for (const std::string flag : {"--pgnout", "--epdout"}) {
        const std::string file = dir / "no-such-dir/games.out";
        const auto r = run_harness(dir, with(match_args(db, 1), {flag, file}));
        EXPECT_EQ(r.exit_code, 2) << describe(r);
        EXPECT_NE(r.err.find("'" + file + "'"), std::string::npos) << describe(r);
        EXPECT_EQ(games_in(db), 0);
    }
    // The results database itself: appending text to it would ruin it.
    const auto r = run_harness(dir, with(match_args(db, 1), {"--pgnout", db}));
    EXPECT_EQ(r.exit_code, 2) << describe(r);
    EXPECT_NE(r.err.find("is the results database"), std::string::npos) << describe(r);
}

TEST(GameOutputs, CommentFieldsNeedPgnout) {
    TempDir dir;
    for (const std::string flag :
         {"--pgn-nodes", "--pgn-seldepth", "--pgn-nps", "--pgn-timeleft", "--pgn-latency",
          "--pgn-hashfull", "--pgn-tbhits", "--pgn-pv", "--pgn-min"}) {
        const auto r = run_harness(dir, with(match_args(dir / "x.db", 1), {flag}));
        EXPECT_EQ(r.exit_code, 2) << describe(r);
        EXPECT_NE(r.err.find(flag + " needs --pgnout"), std::string::npos) << describe(r);
    }
    auto r = run_harness(dir, with(match_args(dir / "x.db", 1), {"--pgn-notation", "lan"}));
    EXPECT_EQ(r.exit_code, 2) << describe(r);
    EXPECT_NE(r.err.find("--pgn-notation needs --pgnout"), std::string::npos) << describe(r);
    r = run_harness(dir, with(match_args(dir / "x.db", 1), {"--pgn-match-line", "^info"}));
    EXPECT_EQ(r.exit_code, 2) << describe(r);
    EXPECT_NE(r.err.find("--pgn-match-line needs --pgnout"), std::string::npos) << describe(r);
    r = run_harness(dir, with(match_args(dir / "x.db", 1),
                              {"--pgnout", dir / "g.pgn", "--pgn-match-line", "(info"}));
    EXPECT_EQ(r.exit_code, 2) << describe(r);
    EXPECT_NE(r.err.find("--pgn-match-line '(info'"), std::string::npos) << describe(r);
    r = run_harness(dir, with(match_args(dir / "x.db", 1),
                              {"--pgnout", dir / "g.pgn", "--pgn-notation", "long"}));
    EXPECT_EQ(r.exit_code, 2) << describe(r);
    EXPECT_NE(r.err.find("expected san, lan or uci"), std::string::npos) << describe(r);
    EXPECT_FALSE(fs::exists(dir / "x.db"));
}

// The native flags of fastchess's -pgnout keys: --pgn-pv and --pgn-notation uci reach the file;
// --pgn-match-line keeps, of each search, lmr-engine's last depth-1 info line (it prints one).
TEST(GameOutputs, NativePgnFlagsOfFastchessKeys) {
    TempDir dir;
    const std::string pgn = dir / "native.pgn";
    const auto r =
        run_harness(dir, with(match_args(dir / "n.db", 1),
                              {"--pgnout", pgn, "--pgn-pv", "--pgn-hashfull", "--pgn-tbhits",
                               "--pgn-notation", "uci", "--pgn-match-line", "^info depth 1 "}));
    ASSERT_EQ(r.exit_code, 0) << describe(r);
    std::string text = read_file(pgn);
    std::replace(text.begin(), text.end(), '\n', ' ');
    EXPECT_TRUE(std::regex_search(text, std::regex(R"(1\. [a-h][1-8][a-h][1-8] \{)"))) << text;
    EXPECT_TRUE(std::regex_search(text, std::regex(R"(, hashfull=[0-9]+, tbhits=[0-9]+, pv=")")))
        << text;
    const std::regex kept(R"(pv="[^"]*", line="info depth 1 [^"]*")");
    EXPECT_EQ(
        std::distance(std::sregex_iterator(text.begin(), text.end(), kept), std::sregex_iterator()),
        Db(dir / "n.db").integer("SELECT count(*) FROM moves"))
        << text;
}

// Interrupted, then resumed with files of its own: the resume writes exactly the games it
// plays, with the run's stored Event; together with what the first session wrote before the
// interrupt, every game of the run is in a file.
TEST(GameOutputs, ResumeWritesTheGamesItPlays) {
    TempDir dir;
    const std::string db = dir / "resumed.db";
    const std::string first = dir / "first.pgn";
    constexpr int kPairs = 5;
    {
        Harness harness(
            dir, with(match_args(db, kPairs, "2500"), {"--pgnout", first, "--event", "Resumed"}));
        ASSERT_TRUE(wait_for_games(db, 2, std::chrono::seconds(60)))
            << describe(harness.wait(std::chrono::seconds(1)));
        harness.signal_group(SIGINT);
        const auto r = harness.wait(std::chrono::seconds(30));
        ASSERT_EQ(r.exit_code, 4) << describe(r);
    }
    Db before(db);
    const long long complete_pairs = before.integer(
        "SELECT count(*) FROM (SELECT pair_index FROM games GROUP BY pair_index "
        "HAVING count(*) = 2)");
    ASSERT_LT(complete_pairs, kPairs) << "the interrupt came too late to test anything";
    const auto first_rounds = tag_values(read_file(first), "Round");
    EXPECT_EQ(first_rounds.size(),
              static_cast<std::size_t>(before.integer("SELECT count(*) FROM games")));

    const std::string second = dir / "second.pgn";
    const auto r = run_harness(dir,
                               {"resume", "--db", db, "--run", "1", "--pgnout", second,
                                "--pgn-nodes", "--epdout", dir / "second.epd", "--affinity", "all"},
                               std::chrono::seconds(90));
    ASSERT_EQ(r.exit_code, 0) << describe(r);
    // The resumed session plays with its slots held on CPUs (lmr-harness --affinity).
    EXPECT_NE(r.out.find("Slots held on CPUs"), std::string::npos) << r.out;
    const std::string resumed = read_file(second);
    const auto rounds = tag_values(resumed, "Round");
    EXPECT_EQ(rounds.size(), static_cast<std::size_t>(2 * (kPairs - complete_pairs)));
    EXPECT_EQ(lines_of(read_file(dir / "second.epd")).size(), rounds.size());
    EXPECT_EQ(tag_values(resumed, "Event"), std::vector<std::string>(rounds.size(), "Resumed"));
    EXPECT_NE(resumed.find(", n="), std::string::npos);
    std::set<std::string> every(rounds.begin(), rounds.end());
    every.insert(first_rounds.begin(), first_rounds.end());
    EXPECT_EQ(every.size(), static_cast<std::size_t>(2 * kPairs));
    expect_read_by_both_readers(dir, second, rounds.size());

    // The run's Event and Site are its plan's: resume takes no --event.
    const auto refused = run_harness(dir, {"resume", "--db", db, "--run", "1", "--event", "x"});
    EXPECT_EQ(refused.exit_code, 2) << describe(refused);
    EXPECT_NE(refused.err.find("--event"), std::string::npos) << describe(refused);
}

}  // namespace
}  // namespace lmr::tournament_test
