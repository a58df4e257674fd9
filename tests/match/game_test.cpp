// Integration tests of play_game with real engine processes over pipes: the fixture engines
// (tests/fixtures) and, when installed, Debian's Stockfish.
#include "harness/match/game.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <atomic>

#include "engine/chess/notation.hpp"
#include "engine/chess/position.hpp"
#include "harness/match/pgn.hpp"

namespace lmr::match {
namespace {

using core::Score;
using core::Termination;

using uci_client::EngineSpec;
using uci_client::UciEngine;

constexpr const char* kStockfish = "/usr/games/stockfish";

UciEngine make_engine(const std::string& name, std::vector<std::string> argv,
                      std::vector<std::pair<std::string, std::string>> options = {}) {
    EngineSpec spec;
    spec.name = name;
    spec.argv = std::move(argv);
    spec.options = std::move(options);
    UciEngine engine(std::move(spec));
    engine.start();
    return engine;
}

UciEngine fixture(const std::string& path, const std::string& name, int moves = -1) {
    std::vector<std::string> argv{path};
    if (moves >= 0) argv.push_back(std::to_string(moves));
    return make_engine(name, argv);
}

UciEngine random_engine(const std::string& name) {
    return fixture(FIXTURE_RANDOM, name);
}

GameSettings settings_for(const std::string& tc) {
    GameSettings s;
    s.time_control = parse_time_control(tc);
    return s;
}

// Every recorded move must be legal in its position, with the SAN the rules library gives,
// starting from the opening position; returns the final position.
chess::Position replay(const core::GameRecord& game) {
    std::string error;
    auto start = chess::Position::from_fen(game.start_fen, &error);
    EXPECT_TRUE(start) << error;
    chess::Position pos = *start;
    for (const auto& uci : game.opening_moves) {
        const chess::Move m = chess::parse_uci(pos, uci, &error);
        EXPECT_FALSE(m.is_none()) << uci << ": " << error;
        pos.make_move(m);
    }
    EXPECT_EQ(pos.fen(), game.opening_fen);
    for (std::size_t i = 0; i < game.moves.size(); ++i) {
        const core::MoveRecord& r = game.moves[i];
        EXPECT_EQ(r.ply, static_cast<int>(i) + 1);
        const chess::Move m = chess::parse_uci(pos, r.uci, &error);
        EXPECT_FALSE(m.is_none()) << "ply " << r.ply << " " << r.uci << ": " << error;
        if (m.is_none()) break;
        EXPECT_EQ(chess::to_uci(m), r.uci);
        EXPECT_EQ(chess::to_san(pos, m), r.san);
        pos.make_move(m);
    }
    EXPECT_EQ(pos.fen(), game.final_fen);
    return pos;
}

bool ends_by_rules(Termination t) {
    return t == Termination::kMate || t == Termination::kStalemate ||
           t == Termination::kRepetition || t == Termination::kFiftyMove ||
           t == Termination::kMaterial;
}

// The result must agree with how the game ended.
void expect_consistent(const core::GameRecord& game) {
    const chess::Position end = replay(game);
    switch (game.termination) {
        case Termination::kMate:
            EXPECT_EQ(game.result, end.side_to_move() == chess::kWhite
                                       ? core::GameResult::kBlackWins
                                       : core::GameResult::kWhiteWins);
            EXPECT_TRUE(game.moves.back().san.ends_with("#"));
            break;
        case Termination::kStalemate:
        case Termination::kRepetition:
        case Termination::kFiftyMove:
        case Termination::kMaterial:
        case Termination::kMaxLength:
            EXPECT_EQ(game.result, core::GameResult::kDraw);
            break;
        default:
            break;
    }
    EXPECT_NE(game.reason, "");
}

TEST(Game, RandomEnginesPlayToAnEndByTheRules) {
    UciEngine white = random_engine("rand-w");
    UciEngine black = random_engine("rand-b");
    for (int game_index = 0; game_index < 3; ++game_index) {
        const core::GameRecord game = play_game(white, black, {}, settings_for("nodes=1000"));
        EXPECT_TRUE(game.finished_normally());
        EXPECT_TRUE(ends_by_rules(game.termination)) << termination_name(game.termination);
        EXPECT_EQ(game.white, "rand-w");
        EXPECT_EQ(game.black, "rand-b");
        EXPECT_EQ(game.start_fen, chess::Position::startpos().fen());
        EXPECT_EQ(game.time_control, "-");
        EXPECT_GT(game.moves.size(), 0u);
        for (const auto& m : game.moves) {
            ASSERT_TRUE(m.score);  // the fixture reports "score cp 0"
            EXPECT_EQ(*m.score, Score::cp(0));
            EXPECT_EQ(m.depth, 1);
            EXPECT_EQ(m.nodes, 1000u);
            EXPECT_FALSE(m.clock_left_ms);
        }
        expect_consistent(game);
        EXPECT_NO_THROW(to_pgn(game));
    }
    EXPECT_TRUE(white.running());
    EXPECT_TRUE(black.running());
}

TEST(Game, ClockIsKeptAndNoFlagFallsForFastEngines) {
    UciEngine white = random_engine("w");
    UciEngine black = random_engine("b");
    GameSettings s = settings_for("tc=40/20+0.1");
    s.time_margin = std::chrono::milliseconds(500);
    const core::GameRecord game = play_game(white, black, {}, s);
    EXPECT_TRUE(ends_by_rules(game.termination)) << game.reason;
    EXPECT_EQ(game.time_control, "40/20+0.1");
    for (const auto& m : game.moves) {
        ASSERT_TRUE(m.clock_left_ms);
        EXPECT_GT(*m.clock_left_ms, 0);
        EXPECT_GE(m.time_ms, 0);
    }
    expect_consistent(game);
}

// Time odds: Black has twice White's clock. Each side's clock is kept and stored on its own,
// and the PGN names each side's time control (fastchess's WhiteTimeControl/BlackTimeControl)
// instead of a TimeControl neither played.
TEST(Game, TimeOddsKeepAClockPerSideAndTagEachSidesTimeControl) {
    UciEngine white = random_engine("w");
    UciEngine black = random_engine("b");
    GameSettings s = settings_for("tc=10+0.1");
    s.time_margin = std::chrono::milliseconds(500);
    s.own_limits[chess::kBlack] = SideLimits{parse_time_control("tc=20+0.2"), s.time_margin};
    const core::GameRecord game = play_game(white, black, {}, s);
    EXPECT_TRUE(ends_by_rules(game.termination)) << game.reason;
    EXPECT_EQ(game.time_control, "");
    EXPECT_EQ(game.white_time_control, "10+0.1");
    EXPECT_EQ(game.black_time_control, "20+0.2");
    ASSERT_GE(game.moves.size(), 2u);
    // The random engine answers at once: a side's clock is its base plus its increments, less
    // what its replies took (under a second in all here).
    for (std::size_t i = 0; i < game.moves.size(); ++i) {
        const core::MoveRecord& m = game.moves[i];
        ASSERT_TRUE(m.clock_left_ms);
        const std::int64_t own_moves = static_cast<std::int64_t>(i / 2 + 1);
        const std::int64_t full = i % 2 == 0 ? 10'000 + 100 * own_moves : 20'000 + 200 * own_moves;
        EXPECT_LE(*m.clock_left_ms, full) << "ply " << m.ply;
        EXPECT_GT(*m.clock_left_ms, full - 1000) << "ply " << m.ply;
    }
    const std::string pgn = to_pgn(game);
    EXPECT_NE(pgn.find("[WhiteTimeControl \"10+0.1\"]"), std::string::npos) << pgn;
    EXPECT_NE(pgn.find("[BlackTimeControl \"20+0.2\"]"), std::string::npos) << pgn;
    EXPECT_EQ(pgn.find("[TimeControl "), std::string::npos) << pgn;
    expect_consistent(game);
}

TEST(Game, StartsFromFenWithBookMoves) {
    UciEngine white = random_engine("w");
    UciEngine black = random_engine("b");
    Opening opening;
    opening.fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 20";
    opening.moves = {"e1g1", "e8c8"};
    const core::GameRecord game = play_game(white, black, opening, settings_for("depth=3"));
    EXPECT_EQ(game.start_fen, opening.fen);
    EXPECT_EQ(game.opening_moves, opening.moves);
    EXPECT_EQ(game.opening_fen, "2kr3r/8/8/8/8/8/8/R4RK1 w - - 2 21");
    EXPECT_TRUE(ends_by_rules(game.termination)) << game.reason;
    expect_consistent(game);
    const std::string pgn = to_pgn(game);
    EXPECT_NE(pgn.find("[FEN \"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 20\"]"), std::string::npos);
    EXPECT_NE(pgn.find("20. O-O {book} 20... O-O-O {book} 21."), std::string::npos) << pgn;
}

TEST(Game, BadOpeningIsASetupError) {
    UciEngine white = random_engine("w");
    UciEngine black = random_engine("b");
    Opening opening;
    opening.moves = {"e2e4", "e2e4"};
    EXPECT_THROW(play_game(white, black, opening, settings_for("nodes=1")), GameSetupError);
    opening = {"not a fen", {}};
    EXPECT_THROW(play_game(white, black, opening, settings_for("nodes=1")), GameSetupError);
    EXPECT_THROW(play_game(white, white, {}, settings_for("nodes=1")), GameSetupError);
}

TEST(Game, CrashLosesAndTheEngineIsRestartedForTheNextGame) {
    UciEngine white = random_engine("w");
    UciEngine black = fixture(FIXTURE_CRASH, "crasher", 3);
    core::GameRecord game = play_game(white, black, {}, settings_for("nodes=100"));
    EXPECT_EQ(game.result, core::GameResult::kWhiteWins);
    EXPECT_EQ(game.termination, Termination::kCrash);
    EXPECT_EQ(game.loser(), chess::kBlack);
    EXPECT_NE(game.reason.find("Black (crasher) crashed"), std::string::npos) << game.reason;
    EXPECT_EQ(game.moves.size(), 7u);  // White 4 moves, Black 3 moves, then Black's crash
    expect_consistent(game);
    EXPECT_FALSE(black.running());

    // The next game brings the crashed engine back (a fresh process plays 3 moves again).
    game = play_game(black, white, {}, settings_for("nodes=100"));
    EXPECT_EQ(black.restarts(), 1);
    EXPECT_EQ(game.termination, Termination::kCrash);
    EXPECT_EQ(game.result, core::GameResult::kBlackWins);
    EXPECT_EQ(game.moves.size(), 6u);
    const std::string pgn = to_pgn(game);
    EXPECT_NE(pgn.find("[Termination \"abandoned\"]"), std::string::npos);
    EXPECT_NE(pgn.find("[TerminationDetail \"crash\"]"), std::string::npos);
}

TEST(Game, IllegalMoveLoses) {
    UciEngine white = fixture(FIXTURE_ILLEGAL, "cheat", 2);
    UciEngine black = random_engine("b");
    const core::GameRecord game = play_game(white, black, {}, settings_for("tc=10+0.1"));
    EXPECT_EQ(game.result, core::GameResult::kBlackWins);
    EXPECT_EQ(game.termination, Termination::kIllegalMove);
    EXPECT_EQ(game.moves.size(), 4u);
    EXPECT_NE(game.reason.find("White (cheat) played the illegal move"), std::string::npos)
        << game.reason;
    expect_consistent(game);
    EXPECT_TRUE(white.running());  // a rules fault does not need a restart
    const std::string pgn = to_pgn(game);
    EXPECT_NE(pgn.find("[Termination \"rules infraction\"]"), std::string::npos);
}

TEST(Game, GarbageAroundMovesIsTolerated) {
    UciEngine white = fixture(FIXTURE_GARBAGE, "garbage");
    UciEngine black = random_engine("b");
    GameSettings s = settings_for("nodes=10");
    s.adjudication.max_moves = 15;
    const core::GameRecord game = play_game(white, black, {}, s);
    EXPECT_TRUE(game.finished_normally());
    EXPECT_FALSE(is_engine_fault(game.termination)) << game.reason;
    expect_consistent(game);
}

TEST(Game, HangWithoutClockIsAStall) {
    UciEngine white = random_engine("w");
    UciEngine black = fixture(FIXTURE_HANG, "hanger", 2);
    GameSettings s = settings_for("nodes=500");
    s.stall_timeout = std::chrono::milliseconds(300);
    const core::GameRecord game = play_game(white, black, {}, s);
    EXPECT_EQ(game.result, core::GameResult::kWhiteWins);
    EXPECT_EQ(game.termination, Termination::kStall);
    EXPECT_EQ(game.moves.size(), 5u);
    EXPECT_NE(game.reason.find("go nodes 500"), std::string::npos) << game.reason;
    EXPECT_FALSE(black.running());  // killed at once, restarted before its next game
    expect_consistent(game);
}

TEST(Game, HangWithClockIsATimeForfeit) {
    UciEngine white = fixture(FIXTURE_HANG, "hanger", 1);
    UciEngine black = random_engine("b");
    GameSettings s = settings_for("tc=0.5");
    s.time_margin = std::chrono::milliseconds(50);
    const core::GameRecord game = play_game(white, black, {}, s);
    EXPECT_EQ(game.result, core::GameResult::kBlackWins);
    EXPECT_EQ(game.termination, Termination::kTimeForfeit);
    EXPECT_EQ(game.moves.size(), 2u);
    EXPECT_FALSE(white.running());
    EXPECT_NE(to_pgn(game).find("[Termination \"time forfeit\"]"), std::string::npos);
}

TEST(Game, CancellationAbortsTheGameInFlight) {
    UciEngine white = random_engine("w");
    UciEngine black = random_engine("b");
    std::atomic<bool> cancel{false};
    GameSettings s = settings_for("nodes=100");
    s.cancel = &cancel;
    s.on_move = [&cancel](const core::GameRecord& g) {
        if (g.moves.size() == 5) cancel = true;
    };
    const core::GameRecord game = play_game(white, black, {}, s);
    EXPECT_FALSE(game.result.has_value());
    EXPECT_FALSE(game.finished_normally());
    EXPECT_EQ(game.termination, Termination::kUnterminated);
    EXPECT_EQ(game.moves.size(), 5u);
    EXPECT_NE(to_pgn(game).find("[Result \"*\"]"), std::string::npos);
    // Already cancelled: nothing is played.
    EXPECT_EQ(play_game(white, black, {}, s).moves.size(), 0u);
}

// Kept-line patterns (match_line=) on an engine's 100 kB info line: with std::regex a quantified
// pattern overflowed the stack there (a segfault) and (a+)+$, which cannot match a line ending in
// "!", backtracked for minutes on 30 characters, on the engine's clock. Under a clock of 1 s + 0.1
// s neither may cost a move its time; the game is cancelled halfway and must stop at once.
TEST(Game, KeptLinePatternsRunInLinearTimeOffTheEnginesClock) {
    const std::string long_line = "info string " + std::string(100'000, 'a') + "!";
    UciEngine white = make_engine("w", {FIXTURE_LONG_INFO});
    UciEngine black = make_engine("b", {FIXTURE_LONG_INFO});
    std::atomic<bool> cancel{false};
    GameSettings s = settings_for("1+0.1");
    s.kept_line_patterns = {"string a+!", "(a+)+$", "^info depth 1 "};
    s.adjudication.max_moves = 20;
    s.cancel = &cancel;
    s.on_move = [&cancel](const core::GameRecord& g) {
        if (g.moves.size() == 30) cancel = true;
    };
    const core::GameRecord game = play_game(white, black, {}, s);
    EXPECT_EQ(game.termination, Termination::kUnterminated) << game.reason;
    ASSERT_EQ(game.moves.size(), 30u) << game.reason;
    for (const core::MoveRecord& m : game.moves) {
        // The first and third patterns' lines, in the patterns' order; (a+)+$ matches none.
        ASSERT_EQ(m.kept_lines.size(), 2u) << "ply " << m.ply;
        EXPECT_EQ(m.kept_lines[0], long_line);
        EXPECT_EQ(m.kept_lines[1].rfind("info depth 1 ", 0), 0u) << m.kept_lines[1];
        // A random mover answers at once: its time is its own, not the matcher's.
        EXPECT_LT(m.time_ms, 200) << "ply " << m.ply;
    }
}

// The ply (1-based) after which cutechess's draw rule first holds in a game whose every move
// scored 0 cp: `move_number` full moves played and the last 2 x `move_count` plies quiet, the
// latest capture or pawn move (the halfmove clock back at 0) counting as the first of them.
// Replayed from the game's moves with the position's own fifty-move counter.
std::size_t first_draw_ply(const core::GameRecord& game, int move_number, int move_count) {
    chess::Position pos = chess::Position::startpos();
    int quiet_run = 0;
    for (std::size_t i = 0; i < game.moves.size(); ++i) {
        pos.make_move(chess::parse_uci(pos, game.moves[i].uci));
        quiet_run = pos.halfmove_clock() == 0 ? 1 : quiet_run + 1;
        const int full_moves_played = static_cast<int>(i + 1) / 2;
        if (full_moves_played >= move_number && quiet_run >= 2 * move_count) return i + 1;
    }
    return 0;
}

TEST(Game, DrawAdjudicationAndMaxLength) {
    UciEngine white = random_engine("w");
    UciEngine black = random_engine("b");
    GameSettings s = settings_for("nodes=1");
    s.adjudication.draw = {true, 3, 2, 0};  // from move 3, two moves of both sides at 0 cp
    core::GameRecord game = play_game(white, black, {}, s);
    EXPECT_EQ(game.result, core::GameResult::kDraw);
    EXPECT_EQ(game.termination, Termination::kAdjudication);
    EXPECT_GE(game.moves.size(), 6u);  // three full moves at least
    EXPECT_EQ(game.moves.size(), first_draw_ply(game, 3, 2));
    EXPECT_NE(to_pgn(game).find("[Termination \"adjudication\"]"), std::string::npos);

    s = settings_for("nodes=1");
    s.adjudication.max_moves = 6;
    Opening opening{"", {"e2e4", "e7e5"}};  // book moves count toward the length
    game = play_game(white, black, opening, s);
    EXPECT_EQ(game.termination, Termination::kMaxLength);
    EXPECT_EQ(game.result, core::GameResult::kDraw);
    EXPECT_EQ(game.moves.size(), 10u);
    expect_consistent(game);
}

// lmr-engine as the tournament runner starts it: LmrStats turned on where offered, unless the
// engine's own options name it.
UciEngine lmr_engine(const std::string& name,
                     std::vector<std::pair<std::string, std::string>> options = {}) {
    EngineSpec spec;
    spec.name = name;
    spec.argv = {LMR_ENGINE};
    spec.options = std::move(options);
    spec.options_if_offered = {{std::string(kLmrStatsOption), "true"}};
    UciEngine engine(std::move(spec));
    engine.start();
    return engine;
}

int moves_of(const core::GameRecord& game, chess::Color side) {
    // From the initial position White moves first: White's moves are plies 1, 3, 5, …
    const int plies = static_cast<int>(game.moves.size());
    return side == chess::kWhite ? (plies + 1) / 2 : plies / 2;
}

TEST(Game, LmrStatisticsAreSummedPerSideFromEachSearch) {
    UciEngine white = lmr_engine("lmr");
    UciEngine black = random_engine("rand");  // offers no LmrStats: nothing is set or read
    GameSettings s = settings_for("nodes=3000");
    s.adjudication.max_moves = 30;
    const core::GameRecord game = play_game(white, black, {}, s);
    ASSERT_TRUE(game.finished_normally()) << game.reason;
    ASSERT_TRUE(game.lmr_stats[chess::kWhite]);
    EXPECT_FALSE(game.lmr_stats[chess::kBlack]);
    const core::LmrGameStats& stats = *game.lmr_stats[chess::kWhite];
    // One `lmrstats` line per search, and one search per move.
    EXPECT_EQ(stats.reports, moves_of(game, chess::kWhite));
    const reduction::LmrStats& lmr = stats.total.stats;
    EXPECT_GT(lmr.calls, 0u);
    std::uint64_t histogram = 0;
    for (const std::uint64_t n : lmr.by_plies) histogram += n;
    EXPECT_EQ(histogram, lmr.calls);  // every late move ends with some number of plies
    EXPECT_LE(stats.total.re_searches, stats.total.reduced_searches);

    // The same engines again: the first game's counts are not carried into the second.
    const core::GameRecord next = play_game(white, black, {}, s);
    ASSERT_TRUE(next.lmr_stats[chess::kWhite]);
    EXPECT_EQ(next.lmr_stats[chess::kWhite]->reports, moves_of(next, chess::kWhite));
}

TEST(Game, AnExplicitLmrStatsOptionWins) {
    UciEngine white = lmr_engine("quiet", {{"lmrstats", "false"}});
    UciEngine black = lmr_engine("loud");
    GameSettings s = settings_for("nodes=500");
    s.adjudication.max_moves = 6;
    const core::GameRecord game = play_game(white, black, {}, s);
    ASSERT_TRUE(game.finished_normally()) << game.reason;
    EXPECT_FALSE(game.lmr_stats[chess::kWhite]);
    ASSERT_TRUE(game.lmr_stats[chess::kBlack]);
    EXPECT_EQ(game.lmr_stats[chess::kBlack]->reports, moves_of(game, chess::kBlack));
}

// Stockfish against a random mover: it must mate, and its scores and depths are recorded.
TEST(Game, StockfishMatesARandomMover) {
    if (access(kStockfish, X_OK) != 0) GTEST_SKIP() << kStockfish << " is not installed";
    UciEngine sf = make_engine("stockfish", {kStockfish}, {{"Hash", "16"}, {"Threads", "1"}});
    UciEngine rnd = random_engine("random");
    const core::GameRecord game = play_game(sf, rnd, {}, settings_for("nodes=20000"));
    EXPECT_EQ(game.termination, Termination::kMate) << game.reason;
    EXPECT_EQ(game.result, core::GameResult::kWhiteWins);
    expect_consistent(game);
    bool saw_mate_score = false;
    for (const auto& m : game.moves) {
        if (m.ply % 2 == 0) continue;  // Stockfish's moves
        ASSERT_TRUE(m.score);
        EXPECT_GT(m.depth, 0);
        EXPECT_GT(m.seldepth, 0);  // (not >= depth: in mate positions Stockfish reports depth 245)
        EXPECT_GT(m.nodes, 0u);
        saw_mate_score = saw_mate_score || m.score->winning_mate();
    }
    EXPECT_TRUE(saw_mate_score);
    EXPECT_EQ(game.moves.back().score, Score::mate(1));
}

// Two Stockfish processes under a real clock: the game ends properly and nobody flags.
TEST(Game, StockfishSelfPlayUnderAClock) {
    if (access(kStockfish, X_OK) != 0) GTEST_SKIP() << kStockfish << " is not installed";
    // Move Overhead and the margin leave room for a machine busy with other work.
    const std::vector<std::pair<std::string, std::string>> options{
        {"Hash", "16"}, {"Threads", "1"}, {"Move Overhead", "100"}};
    UciEngine a = make_engine("sf-a", {kStockfish}, options);
    UciEngine b = make_engine("sf-b", {kStockfish}, options);
    GameSettings s = settings_for("tc=2+0.05");
    s.time_margin = std::chrono::milliseconds(500);
    s.adjudication.draw = {true, 20, 4, 10};
    s.adjudication.resign = {true, 3, 500, true};
    s.adjudication.max_moves = 80;
    const core::GameRecord game = play_game(a, b, {"", {"e2e4", "c7c5"}}, s);
    EXPECT_TRUE(game.finished_normally());
    EXPECT_FALSE(is_engine_fault(game.termination)) << game.reason;
    expect_consistent(game);
    for (const auto& m : game.moves) {
        ASSERT_TRUE(m.clock_left_ms);
        EXPECT_TRUE(m.score);
    }
}

}  // namespace
}  // namespace lmr::match
