// The PV checks of a real `lmr-harness match` (docs/pv-checks.md): a fixture engine that prints
// a wrong PV of one kind with every move (tests/fixtures/fixture_bad_pv.cpp) has each one
// counted in the database under that kind and its side, what the count must be is worked out
// here by replaying the stored moves, the run ends with a warning line naming the engine, and
// the report shows the counts; lmr-engine's own PVs break no rule at fixed nodes.

#include <gtest/gtest.h>

#include <map>
#include <nlohmann/json.hpp>
#include <sstream>

#include "engine/chess/movegen.hpp"
#include "engine/chess/notation.hpp"
#include "engine/chess/position.hpp"
#include "tests/tournament/support.hpp"

namespace lmr::tournament_test {
namespace {

const std::string kFixtureBadPv = FIXTURE_BAD_PV;

using Counts = std::map<std::string, long>;  // kind → count

// What the checks stored for one side of one game.
struct SideChecks {
    long searches = 0, pvs = 0;
    Counts violations;
};

struct StoredGame {
    long id = 0;
    std::string white, black, start_fen, termination;
    std::vector<std::string> moves;  // opening moves, then the engines' moves
    std::size_t book_plies = 0;
    std::map<char, SideChecks> checks;  // by side ('w', 'b'); a side without a row is absent
};

std::vector<std::string> words(const std::string& text) {
    std::istringstream in(text);
    std::vector<std::string> out;
    for (std::string w; in >> w;) out.push_back(w);
    return out;
}

std::vector<StoredGame> stored_games(const std::string& db_path) {
    Db db(db_path);
    std::vector<StoredGame> games;
    for (const auto& row :
         db.rows("SELECT g.id, w.name, b.name, g.start_fen, g.opening_moves, g.termination "
                 "FROM games g JOIN engines w ON w.id = g.white_engine_id "
                 "JOIN engines b ON b.id = g.black_engine_id ORDER BY g.id")) {
        StoredGame g;
        g.id = std::stol(*row[0]);
        g.white = *row[1];
        g.black = *row[2];
        g.start_fen = *row[3];
        g.moves = words(*row[4]);
        g.book_plies = g.moves.size();
        g.termination = *row[5];
        const std::string id = std::to_string(g.id);
        for (const auto& m :
             db.rows("SELECT uci FROM moves WHERE game_id = " + id + " ORDER BY ply"))
            g.moves.push_back(*m[0]);
        for (const auto& c :
             db.rows("SELECT color, searches, pvs FROM game_pv_checks WHERE game_id = " + id)) {
            SideChecks& side = g.checks[(*c[0])[0]];
            side.searches = std::stol(*c[1]);
            side.pvs = std::stol(*c[2]);
        }
        for (const auto& v :
             db.rows("SELECT color, kind, count FROM game_pv_violations WHERE game_id = " + id))
            g.checks[(*v[0])[0]].violations[*v[1]] = std::stol(*v[2]);
        games.push_back(std::move(g));
    }
    return games;
}

// What fixture_bad_pv's line for `move` in `pos` must be counted as (its modes are documented
// in the fixture), or "" for a sound line.
std::string expected_kind(const std::string& mode, const chess::Position& pos,
                          const std::string& move) {
    chess::Position after = pos;
    after.make_move(chess::parse_uci(pos, move));
    const int replies = chess::count_legal_moves(after);
    const bool mates = replies == 0 && after.in_check();
    if (mode == "mate-short") return "mate-short";
    if (mode == "bestmove") return chess::count_legal_moves(pos) > 1 ? "bestmove-not-pv" : "";
    if (mode == "after-mate") return mates ? "after-checkmate" : "";
    // "illegal": `<move> a1a1`, unless the game is over after the move.
    if (replies == 0) return mates ? "after-checkmate" : "after-stalemate";
    if (after.is_repetition_threefold()) return "after-repetition";
    if (after.halfmove_clock() >= 100) return "after-fifty-move";
    return "illegal-move";
}

// Replays a game and counts what the side played by `engine` must have been found guilty of.
Counts expected_counts(const StoredGame& game, const std::string& engine, const std::string& mode,
                       long* moves_made) {
    auto pos = chess::Position::from_fen(game.start_fen);
    EXPECT_TRUE(pos) << game.start_fen;
    Counts counts;
    *moves_made = 0;
    for (std::size_t i = 0; pos && i < game.moves.size(); ++i) {
        const bool engines_move = i >= game.book_plies;
        const std::string& mover = pos->side_to_move() == chess::kWhite ? game.white : game.black;
        if (engines_move && mover == engine) {
            ++*moves_made;
            const std::string kind = expected_kind(mode, *pos, game.moves[i]);
            if (!kind.empty()) ++counts[kind];
        }
        const chess::Move move = chess::parse_uci(*pos, game.moves[i]);
        EXPECT_FALSE(move.is_none()) << game.moves[i];
        if (move.is_none()) break;
        pos->make_move(move);
    }
    return counts;
}

char side_of(const StoredGame& game, const std::string& engine) {
    return game.white == engine ? 'w' : 'b';
}

struct MatchRun {
    RunResult result;
    std::string db;
    std::vector<StoredGame> games;
};

MatchRun play(const TempDir& dir, const std::string& mode, const std::string& book,
              const std::string& pairs = "2") {
    MatchRun run;
    run.db = dir / ("pv-" + mode + ".db");
    run.result =
        run_harness(dir, {"match",        "--engine",   "name=bad",    "cmd=" + kFixtureBadPv,
                          "arg=" + mode,  "--engine",   "name=random", "cmd=" + kFixtureRandom,
                          "--pairs",      pairs,        "--book",      book,
                          "--book-order", "sequential", "--maxmoves",  "30",
                          "--tc",         "nodes=100",  "--db",        run.db},
                    std::chrono::seconds(90));
    EXPECT_EQ(run.result.exit_code, 0) << describe(run.result);
    if (run.result.exit_code == 0) run.games = stored_games(run.db);
    return run;
}

// Every wrong line of the fixture counted under its kind and side, the other side clean.
void expect_counted(const MatchRun& run, const std::string& mode) {
    ASSERT_FALSE(run.games.empty());
    long total = 0;
    for (const StoredGame& game : run.games) {
        long moves = 0;
        const Counts expected = expected_counts(game, "bad", mode, &moves);
        const char bad = side_of(game, "bad");
        const char random = bad == 'w' ? 'b' : 'w';
        ASSERT_TRUE(game.checks.count(bad)) << "game " << game.id;
        const SideChecks& checks = game.checks.at(bad);
        EXPECT_EQ(checks.searches, moves) << "game " << game.id << ": one search per move";
        EXPECT_EQ(checks.pvs, moves) << "game " << game.id << ": one PV per search";
        EXPECT_EQ(checks.violations, expected) << "game " << game.id << " (" << mode << ")";
        for (const auto& [kind, count] : expected) total += count;
        if (game.checks.count(random)) {
            EXPECT_TRUE(game.checks.at(random).violations.empty())
                << "game " << game.id << ": fixture_random's PVs are sound";
        }
    }
    EXPECT_GT(total, 0) << "the games must show the fixture's fault at least once";
    // "Warning: PV violations by bad (ROLE): N violations (…)", whichever role the first
    // --engine plays.
    const std::string& out = run.result.out;
    const auto warning = out.find("Warning: PV violations by bad (");
    ASSERT_NE(warning, std::string::npos) << out;
    const std::string line = out.substr(warning, out.find('\n', warning) - warning);
    EXPECT_NE(line.find("): " + std::to_string(total) + " violations ("), std::string::npos)
        << line;
    EXPECT_EQ(out.find("Warning: PV violations by random"), std::string::npos) << out;
}

TEST(PvChecks, AnIllegalPvMoveIsCountedForItsSide) {
    TempDir dir;
    expect_counted(play(dir, "illegal", "none"), "illegal");
}

TEST(PvChecks, ABestmoveOtherThanThePvIsCountedForItsSide) {
    TempDir dir;
    expect_counted(play(dir, "bestmove", write_small_book(dir.path())), "bestmove");
}

TEST(PvChecks, AShortMatePvIsCountedForItsSide) {
    TempDir dir;
    expect_counted(play(dir, "mate-short", write_small_book(dir.path())), "mate-short");
}

// A mate in one for White: the fixture mates at once as White and lets its PV run on; as Black
// (the pair's second game) it has no mate to give.
TEST(PvChecks, APvPastMateIsCountedForItsSideAndReported) {
    TempDir dir;
    const std::string book = dir / "mate.epd";
    write_file(book, "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1\n");
    const MatchRun run = play(dir, "after-mate", book, "1");
    expect_counted(run, "after-mate");
    ASSERT_EQ(run.games.size(), 2u);
    EXPECT_EQ(run.games[0].white, "bad");
    EXPECT_EQ(run.games[0].termination, "mate");
    EXPECT_EQ(run.games[0].checks.at('w').violations, (Counts{{"after-checkmate", 1}}));

    const auto report =
        run_harness(dir, {"report", "--db", run.db, "--run", "1", "--format", "json"});
    ASSERT_EQ(report.exit_code, 0) << describe(report);
    const auto json = nlohmann::json::parse(report.out);
    ASSERT_EQ(json["pv_checks"].size(), 2u);
    for (const auto& engine : json["pv_checks"]) {
        if (engine["engine"] == "random") {
            EXPECT_EQ(engine["violations"], 0);
            continue;
        }
        EXPECT_EQ(engine["engine"], "bad");
        EXPECT_EQ(engine["violations"], 1);
        ASSERT_EQ(engine["kinds"].size(), 1u);
        EXPECT_EQ(engine["kinds"][0]["kind"], "after-checkmate");
        EXPECT_NE(engine["kinds"][0]["example"].get<std::string>().find(
                      "PV continues after checkmate - move a1a1; info: info depth 1"),
                  std::string::npos)
            << engine["kinds"][0]["example"];
    }

    const auto text = run_harness(dir, {"report", "--db", run.db, "--run", "1"});
    EXPECT_EQ(text.exit_code, 0) << describe(text);
    EXPECT_NE(text.out.find("PV checks"), std::string::npos) << text.out;
    EXPECT_NE(text.out.find("First after-checkmate of bad: PV continues after checkmate"),
              std::string::npos)
        << text.out;
}

// Positions where lmr-engine finds and announces mates (mate in 2 and 3, KQ and KR against a lone
// king) besides balanced openings: every PV it prints at fixed nodes must break no rule.
TEST(PvChecks, LmrEngineBreaksNoRuleAtFixedNodes) {
    TempDir dir;
    const std::string book = dir / "mates.epd";
    write_file(book,
               "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq -\n"
               "6k1/5ppp/8/8/8/8/5PPP/1R4K1 w - -\n"
               "8/8/8/4k3/8/8/8/KQ6 w - -\n"
               "8/8/3k4/8/8/8/8/R3K3 w - -\n"
               "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq -\n"
               "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq -\n");
    const std::string db = dir / "lmr.db";
    const auto r = run_harness(
        dir,
        {"match", "--base", config_path("default.json"), "--test", config_path("rebel-expert.json"),
         "--engine-binary", kEngine, "--pairs", "6", "--book", book, "--book-order", "sequential",
         "--tc", "nodes=4000", "--maxmoves", "80", "--db", db},
        std::chrono::seconds(110));
    ASSERT_EQ(r.exit_code, 0) << describe(r);
    Db results(db);
    EXPECT_EQ(results.integer("SELECT count(*) FROM games"), 12);
    EXPECT_EQ(results.integer("SELECT count(*) FROM game_pv_checks"),
              results.integer("SELECT count(*) FROM (SELECT DISTINCT game_id, color FROM moves)"))
        << "every side that moved, in every game";
    EXPECT_GT(results.integer("SELECT sum(pvs) FROM game_pv_checks"),
              results.integer("SELECT sum(searches) FROM game_pv_checks"))
        << "several PVs per search were checked";
    EXPECT_GT(results.integer("SELECT count(*) FROM moves WHERE score_mate IS NOT NULL"), 0)
        << "the book must bring mate scores";
    std::string found;
    for (const auto& row : results.rows("SELECT kind, count, example FROM game_pv_violations"))
        found += *row[0] + " x" + *row[1] + ": " + *row[2] + "\n";
    EXPECT_EQ(found, "");
    EXPECT_EQ(r.out.find("Warning: PV violations"), std::string::npos) << r.out;
}

}  // namespace
}  // namespace lmr::tournament_test
