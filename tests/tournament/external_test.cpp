// Against Debian's own programs, skipped where they are not installed: a match with Stockfish
// through --engine (it must beat a random mover in both games), and the exported PGN of a run
// read by pgn-extract without a complaint.

#include <gtest/gtest.h>

#include <cstdlib>
#include <regex>

#include "harness/store/sha256.hpp"
#include "tests/tournament/support.hpp"

namespace lmr::tournament_test {
namespace {

const char* const kStockfish = "/usr/games/stockfish";

// pgn-extract lives in /usr/games on Debian, which is not always on PATH.
std::string find_pgn_extract() {
    for (const char* candidate : {"/usr/games/pgn-extract", "/usr/bin/pgn-extract"})
        if (::access(candidate, X_OK) == 0) return candidate;
    return "";
}

TEST(External, StockfishBeatsARandomMoverTwice) {
    if (::access(kStockfish, X_OK) != 0) GTEST_SKIP() << kStockfish << " is not installed";
    TempDir dir;
    const std::string db_path = dir / "sf.db";
    const auto r = run_harness(
        dir, {"match", "--engine", "name=sf", std::string("cmd=") + kStockfish, "option.Hash=16",
              "option.Threads=1", "--engine", "name=random", "cmd=" + kFixtureRandom, "--pairs",
              "1", "--tc", "nodes=2000", "--book", "none", "--db", db_path});
    ASSERT_EQ(r.exit_code, 0) << describe(r);
    Db db(db_path);
    EXPECT_EQ(db.text("SELECT status FROM runs"), "finished");
    const auto games = db.rows(
        "SELECT w.name, b.name, g.result, g.termination, g.plies, "
        "(SELECT count(*) FROM moves m WHERE m.game_id = g.id) FROM games g "
        "JOIN engines w ON w.id = g.white_engine_id JOIN engines b ON b.id = g.black_engine_id "
        "ORDER BY g.round_in_pair");
    ASSERT_EQ(games.size(), 2u);
    for (const auto& g : games) {
        const std::string winner = *g[2] == "1-0" ? *g[0] : *g[2] == "0-1" ? *g[1] : "";
        EXPECT_EQ(winner, "sf") << *g[0] << " vs " << *g[1] << ": " << *g[2] << " by " << *g[3];
        EXPECT_EQ(*g[3], "mate");
        EXPECT_EQ(*g[4], *g[5]);
    }
    EXPECT_EQ(*games[0][0], "sf");
    EXPECT_EQ(*games[1][1], "sf");
    // Stockfish's search figures reached the moves table.
    EXPECT_GT(db.integer("SELECT count(*) FROM moves m JOIN games g ON g.id = m.game_id "
                         "JOIN engines e ON e.name = 'sf' AND e.id = CASE m.color WHEN 'w' "
                         "THEN g.white_engine_id ELSE g.black_engine_id END "
                         "WHERE m.depth > 0 AND m.nodes > 0"),
              0);
    // The engines row: the command, the options sent, the binary's hash, no LMR config.
    const auto sf = db.rows(
        "SELECT command, options_json, binary_sha256, config_json FROM engines WHERE name = 'sf'");
    ASSERT_EQ(sf.size(), 1u);
    EXPECT_EQ(*sf[0][0], kStockfish);
    EXPECT_NE(sf[0][1]->find("\"Hash\":\"16\""), std::string::npos) << *sf[0][1];
    EXPECT_NE(sf[0][1]->find("\"Threads\":\"1\""), std::string::npos) << *sf[0][1];
    EXPECT_EQ(*sf[0][2], store::sha256_file_hex(kStockfish));
    EXPECT_EQ(*sf[0][3], "");
}

TEST(External, ExportedPgnIsReadByPgnExtract) {
    const std::string pgn_extract = find_pgn_extract();
    if (pgn_extract.empty()) GTEST_SKIP() << "pgn-extract is not installed";
    TempDir dir;
    const std::string db_path = dir / "pgn.db";
    constexpr int kPairs = 3;
    // Random movers with a book: long games with castling, en passant, promotions and
    // under-promotions, started from FENs (SetUp/FEN tags).
    auto r =
        run_harness(dir, {"match", "--engine", "name=alpha", "cmd=" + kFixtureRandom, "--engine",
                          "name=beta", "cmd=" + kFixtureRandom, "--pairs", std::to_string(kPairs),
                          "--tc", "nodes=50", "--book", write_small_book(dir.path()),
                          "--book-order", "sequential", "--db", db_path});
    ASSERT_EQ(r.exit_code, 0) << describe(r);

    const std::string pgn_path = dir / "run.pgn";
    r = run_harness(dir, {"pgn", "--db", db_path, "--run", "1", "--out", pgn_path});
    ASSERT_EQ(r.exit_code, 0) << describe(r);
    EXPECT_EQ(r.out,
              "Wrote " + std::to_string(2 * kPairs) + " game(s) of run 1 to " + pgn_path + "\n");
    const std::string pgn = read_file(pgn_path);
    const std::regex event("^\\[Event ", std::regex::multiline);
    EXPECT_EQ(
        std::distance(std::sregex_iterator(pgn.begin(), pgn.end(), event), std::sregex_iterator()),
        2 * kPairs);
    EXPECT_NE(pgn.find("[SetUp \"1\"]"), std::string::npos);
    EXPECT_NE(pgn.find("[Termination "), std::string::npos);

    // pgn-extract re-reads every game and checks each move against the board; it writes its
    // complaints to the log file and the games it accepts to the output.
    const std::string out_path = dir / "extracted.pgn";
    const std::string log_path = dir / "pgn-extract.log";
    const std::string command =
        pgn_extract + " -s -l" + log_path + " -o" + out_path + " " + pgn_path;
    ASSERT_EQ(std::system(command.c_str()), 0) << command;
    const std::string log = read_file(log_path);
    EXPECT_EQ(log.find_first_not_of(" \n"), std::string::npos) << "pgn-extract complained:\n"
                                                               << log;
    const std::string extracted = read_file(out_path);
    EXPECT_EQ(std::distance(std::sregex_iterator(extracted.begin(), extracted.end(), event),
                            std::sregex_iterator()),
              2 * kPairs)
        << "pgn-extract kept every game";
}

}  // namespace
}  // namespace lmr::tournament_test
