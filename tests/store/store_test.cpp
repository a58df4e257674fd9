// The Store's records: runs, engines, games and moves, pairs, views.

#include "harness/store/store.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "harness/store/sha256.hpp"
#include "tests/store/fixture.hpp"

namespace lmr::store {
namespace {

using core::GameResult;
using core::Termination;

using testing::make_game;
using testing::make_two_engine_run;
using testing::record;
using testing::TempDir;

template <typename F>
ErrorKind error_kind(F&& f) {
    try {
        f();
    } catch (const StoreError& e) {
        return e.kind();
    }
    ADD_FAILURE() << "expected a StoreError";
    return ErrorKind::kSqlite;
}

class StoreTest : public ::testing::Test {
  protected:
    TempDir dir;
    Store store = Store::open(dir / "results.db");

    std::int64_t count(const std::string& sql) { return store.database().query_int(sql); }
};

TEST_F(StoreTest, RunRoundTripsEveryField) {
    RunRecord run = testing::sprt_run();
    run.seed = 0xFEDCBA9876543210ULL;  // above 2^63: stored bit for bit
    run.book_plies = 8;
    run.book_start = 12;
    const auto id = store.create_run(run);
    const RunRecord back = store.load_run(id);
    EXPECT_EQ(back.id, id);
    EXPECT_EQ(back.kind, RunKind::kSprt);
    EXPECT_EQ(back.command_line, run.command_line);
    EXPECT_EQ(back.plan_json, run.plan_json);
    EXPECT_EQ(back.seed, 0xFEDCBA9876543210ULL);
    EXPECT_EQ(back.time_control, "nodes=20000");
    EXPECT_EQ(back.book_path, "openings/book.epd");
    EXPECT_EQ(back.book_format, "epd");
    EXPECT_EQ(back.book_order, "random");
    EXPECT_EQ(back.book_plies, 8);
    EXPECT_EQ(back.book_start, 12);
    ASSERT_TRUE(back.sprt.has_value());
    EXPECT_EQ(back.sprt->elo0, 0.0);
    EXPECT_EQ(back.sprt->elo1, 5.0);
    EXPECT_EQ(back.sprt->alpha, 0.05);
    EXPECT_EQ(back.sprt->model, stats::EloModel::kNormalized);
    EXPECT_EQ(back.max_pairs, 1000);
    EXPECT_EQ(back.concurrency, 2);
    EXPECT_EQ(back.status, RunStatus::kPlanned);
    EXPECT_FALSE(back.verdict.has_value());
    EXPECT_FALSE(back.harness_version.empty());
    EXPECT_EQ(back.created_at.size(), 24u);  // 2024-05-01T12:00:00.123Z
    EXPECT_TRUE(back.started_at.empty());

    RunRecord match;
    match.kind = RunKind::kMatch;
    const auto match_id = store.create_run(match);
    const auto runs = store.list_runs();
    ASSERT_EQ(runs.size(), 2u);
    EXPECT_EQ(runs[1].id, match_id);
    EXPECT_FALSE(runs[1].sprt.has_value());
    EXPECT_TRUE(runs[1].book_path.empty());
    EXPECT_FALSE(runs[1].book_plies.has_value());
}

TEST_F(StoreTest, RunsViolatingTheSchemaAreRejected) {
    RunRecord sprt_without_bounds = testing::sprt_run();
    sprt_without_bounds.sprt.reset();
    EXPECT_EQ(error_kind([&] { store.create_run(sprt_without_bounds); }), ErrorKind::kConstraint);
    RunRecord bad_format = testing::sprt_run();
    bad_format.book_format = "zip";
    EXPECT_EQ(error_kind([&] { store.create_run(bad_format); }), ErrorKind::kConstraint);
    RunRecord bad_bounds = testing::sprt_run();
    bad_bounds.sprt->elo1 = -1;
    EXPECT_EQ(error_kind([&] { store.create_run(bad_bounds); }), ErrorKind::kConstraint);
    RunRecord bad_plan = testing::sprt_run();
    bad_plan.plan_json = "{not json";
    EXPECT_EQ(error_kind([&] { store.create_run(bad_plan); }), ErrorKind::kConstraint);
    EXPECT_EQ(count("SELECT count(*) FROM runs"), 0);
}

// The schema's CHECK list and the core's words agree: every finished termination is stored and
// read back; an unterminated game is refused before anything is written.
TEST_F(StoreTest, EveryFinishedTerminationIsStoredAndAnUnterminatedGameRefused) {
    const auto ids = make_two_engine_run(store);
    int pair = 0;
    for (Termination t :
         {Termination::kMate, Termination::kStalemate, Termination::kRepetition,
          Termination::kFiftyMove, Termination::kMaterial, Termination::kAdjudication,
          Termination::kMaxLength, Termination::kTimeForfeit, Termination::kIllegalMove,
          Termination::kCrash, Termination::kStall}) {
        StoredGame game = make_game(ids.run, pair++, 0, ids.base, ids.test, GameResult::kDraw);
        game.record.termination = t;
        record(store, game);
        EXPECT_EQ(store.games_of_run(ids.run).back().record.termination, t)
            << core::termination_name(t);
    }
    StoredGame game = make_game(ids.run, pair, 0, ids.base, ids.test, GameResult::kDraw);
    game.record.termination = Termination::kUnterminated;
    EXPECT_EQ(error_kind([&] { record(store, game); }), ErrorKind::kInvalid);
    game.record.termination = Termination::kAdjudication;
    game.record.result.reset();  // unfinished
    EXPECT_EQ(error_kind([&] { record(store, game); }), ErrorKind::kInvalid);
    EXPECT_EQ(count("SELECT count(*) FROM games"), pair);
}

TEST_F(StoreTest, EverySprtModelRoundTrips) {
    using stats::EloModel;
    for (EloModel model : {EloModel::kNormalized, EloModel::kLogistic, EloModel::kBayesElo}) {
        RunRecord run = testing::sprt_run();
        run.sprt->model = model;
        const auto id = store.create_run(run);
        EXPECT_EQ(store.load_run(id).sprt->model, model);
        EXPECT_EQ(store.database().query_text("SELECT sprt_model FROM runs WHERE id = " +
                                              std::to_string(id)),
                  stats::model_name(model));
    }
}

TEST_F(StoreTest, RunStatusTransitionsStampTimes) {
    const auto id = store.create_run(testing::sprt_run());
    store.set_run_status(id, RunStatus::kRunning);
    RunRecord run = store.load_run(id);
    EXPECT_EQ(run.status, RunStatus::kRunning);
    EXPECT_FALSE(run.started_at.empty());
    EXPECT_TRUE(run.finished_at.empty());
    const std::string started = run.started_at;

    store.set_run_status(id, RunStatus::kInterrupted);
    EXPECT_FALSE(store.load_run(id).finished_at.empty());
    store.set_run_status(id, RunStatus::kRunning);  // resume keeps the first start
    run = store.load_run(id);
    EXPECT_EQ(run.started_at, started);
    EXPECT_TRUE(run.finished_at.empty());

    store.set_run_status(id, RunStatus::kFinished, stats::Verdict::kAcceptH1);
    run = store.load_run(id);
    EXPECT_EQ(run.status, RunStatus::kFinished);
    EXPECT_EQ(run.verdict, stats::Verdict::kAcceptH1);
    EXPECT_EQ(
        store.database().query_text("SELECT verdict FROM runs WHERE id = " + std::to_string(id)),
        "H1");
    // An SPRT still undecided when the run ended is stored as such.
    store.set_run_status(id, RunStatus::kFinished, stats::Verdict::kContinue);
    EXPECT_EQ(store.load_run(id).verdict, stats::Verdict::kContinue);
    EXPECT_EQ(
        store.database().query_text("SELECT verdict FROM runs WHERE id = " + std::to_string(id)),
        "undecided");
    EXPECT_FALSE(run.finished_at.empty());

    store.set_run_status(id, RunStatus::kFailed, std::nullopt, "engine 'test' cannot start");
    EXPECT_FALSE(store.load_run(id).verdict.has_value());
    EXPECT_EQ(store.load_run(id).error_message, "engine 'test' cannot start");
    EXPECT_EQ(error_kind([&] { store.set_run_status(999, RunStatus::kRunning); }),
              ErrorKind::kNotFound);
    EXPECT_EQ(error_kind([&] { store.load_run(999); }), ErrorKind::kNotFound);
}

TEST_F(StoreTest, EnginesAreReusedAcrossRuns) {
    EngineRecord engine = testing::engine_record("base");
    const auto id = store.upsert_engine(engine);
    EXPECT_EQ(store.upsert_engine(engine), id);
    engine.options_json = R"({ "Threads" : 1,   "Hash": 16 })";  // same options, other text
    EXPECT_EQ(store.upsert_engine(engine), id);

    const EngineRecord back = store.load_engine(id);
    EXPECT_EQ(back.options_json, R"({"Hash":16,"Threads":1})");
    EXPECT_EQ(back.config_sha256, sha256_hex(engine.config_json));
    EXPECT_EQ(back.config_json, engine.config_json);

    engine.binary_sha256 = sha256_hex("binary v2");
    EXPECT_NE(store.upsert_engine(engine), id);
    EngineRecord foreign;
    foreign.name = "stockfish";
    foreign.command = "/usr/games/stockfish";
    const auto sf = store.upsert_engine(foreign);
    EXPECT_EQ(store.upsert_engine(foreign), sf);
    EXPECT_EQ(count("SELECT count(*) FROM engines"), 3);
}

TEST_F(StoreTest, BadEngineRecordsAreRejected) {
    EngineRecord engine = testing::engine_record("x");
    engine.options_json = "{Hash: 16";
    EXPECT_EQ(error_kind([&] { store.upsert_engine(engine); }), ErrorKind::kInvalid);
    engine = testing::engine_record("x");
    engine.config_sha256 = sha256_hex("something else");
    EXPECT_EQ(error_kind([&] { store.upsert_engine(engine); }), ErrorKind::kInvalid);
    engine = testing::engine_record("");
    EXPECT_EQ(error_kind([&] { store.upsert_engine(engine); }), ErrorKind::kInvalid);
    EXPECT_EQ(count("SELECT count(*) FROM engines"), 0);
}

TEST_F(StoreTest, AttachingEnginesEnforcesRoles) {
    const auto ids = make_two_engine_run(store);
    const auto engines = store.run_engines(ids.run);
    ASSERT_EQ(engines.size(), 2u);
    EXPECT_EQ(engines[0].engine.name, "base");
    EXPECT_EQ(engines[0].role, EngineRole::kBase);
    EXPECT_EQ(engines[1].engine.name, "test");
    EXPECT_EQ(engines[1].role, EngineRole::kTest);

    const auto other = store.upsert_engine(testing::engine_record("other"));
    EXPECT_EQ(error_kind([&] { store.attach_engine(ids.run, other, EngineRole::kTest); }),
              ErrorKind::kConstraint);
    EXPECT_EQ(error_kind([&] { store.attach_engine(ids.run, ids.base, EngineRole::kParticipant); }),
              ErrorKind::kConstraint);
    EXPECT_EQ(error_kind([&] { store.attach_engine(999, other, EngineRole::kParticipant); }),
              ErrorKind::kNotFound);
    EXPECT_EQ(error_kind([&] { store.attach_engine(ids.run, 999, EngineRole::kParticipant); }),
              ErrorKind::kNotFound);
    store.attach_engine(ids.run, other, EngineRole::kParticipant);
    EXPECT_EQ(store.run_engines(ids.run).size(), 3u);
}

TEST_F(StoreTest, GameAndMovesRoundTrip) {
    const auto ids = make_two_engine_run(store);
    // 37 moves: the moves are written 16 rows to an INSERT and the rest one by one.
    constexpr int kPlies = 37;
    StoredGame game = make_game(ids.run, 0, 0, ids.base, ids.test, GameResult::kBlackWins, kPlies);
    core::GameRecord& played = game.record;
    played.termination = Termination::kTimeForfeit;
    played.reason = "white lost on time";
    // What the engine did not report is 0 in the record, NULL in the table, 0 again read back.
    for (int i : {1, 17, 35}) played.moves[i].score = core::Score::mate(-3 - i);
    for (int i : {2, 15, 33}) played.moves[i].clock_left_ms.reset();
    for (int i : {3, 16, 36}) played.moves[i].depth = 0;
    played.moves[20].nodes = 0;
    played.moves[32].seldepth = 0;
    const auto id = record(store, game);
    EXPECT_EQ(count("SELECT count(*) FROM moves WHERE depth IS NULL"), 3);
    EXPECT_EQ(count("SELECT count(*) FROM moves WHERE nodes IS NULL OR seldepth IS NULL"), 2);
    EXPECT_EQ(count("SELECT plies FROM games"), kPlies);

    const auto games = store.games_of_run(ids.run, true);
    ASSERT_EQ(games.size(), 1u);
    const StoredGame& stored = games[0];
    EXPECT_EQ(stored.id, id);
    EXPECT_EQ(stored.place.white_engine_id, ids.base);
    EXPECT_EQ(stored.place.black_engine_id, ids.test);
    EXPECT_EQ(stored.place.opening_index, 0);
    EXPECT_EQ(stored.pgn, game.pgn);
    EXPECT_FALSE(stored.started_at.empty());
    const core::GameRecord& back = stored.record;
    EXPECT_EQ(back.start_fen, played.start_fen);
    EXPECT_EQ(back.opening_moves, std::vector<std::string>{"e2e4"});
    EXPECT_EQ(back.opening_fen, played.opening_fen);
    EXPECT_EQ(back.result, GameResult::kBlackWins);
    EXPECT_EQ(back.termination, Termination::kTimeForfeit);
    EXPECT_EQ(back.reason, "white lost on time");
    ASSERT_EQ(back.moves.size(), static_cast<std::size_t>(kPlies));
    // The opening position has black to move, so the engines' moves start with black.
    for (int i = 0; i < kPlies; ++i) {
        const std::string color = i % 2 == 0 ? "b" : "w";
        EXPECT_EQ(store.database().query_text("SELECT color FROM moves WHERE ply = " +
                                              std::to_string(i + 1)),
                  color)
            << i;
    }
    for (int i = 0; i < kPlies; ++i) {
        EXPECT_EQ(back.moves[i].ply, i + 1);
        EXPECT_EQ(back.moves[i].uci, played.moves[i].uci);
        EXPECT_EQ(back.moves[i].san, played.moves[i].san);
        EXPECT_EQ(back.moves[i].score, played.moves[i].score);
        EXPECT_EQ(back.moves[i].depth, played.moves[i].depth);
        EXPECT_EQ(back.moves[i].seldepth, played.moves[i].seldepth);
        EXPECT_EQ(back.moves[i].nodes, played.moves[i].nodes);
        EXPECT_EQ(back.moves[i].time_ms, played.moves[i].time_ms);
        EXPECT_EQ(back.moves[i].clock_left_ms, played.moves[i].clock_left_ms);
    }
}

TEST_F(StoreTest, AFailingGameInsertLeavesNothingBehind) {
    const auto ids = make_two_engine_run(store);
    const auto outsider = store.upsert_engine(testing::engine_record("outsider"));

    // FOREIGN KEY: black is not attached to the run. The game row would be
    // inserted first, so the moves must not remain without it either.
    StoredGame game = make_game(ids.run, 0, 0, ids.base, outsider, GameResult::kDraw, 6);
    EXPECT_EQ(error_kind([&] { record(store, game); }), ErrorKind::kConstraint);
    EXPECT_EQ(count("SELECT count(*) FROM games"), 0);
    EXPECT_EQ(count("SELECT count(*) FROM moves"), 0);

    // A bad fifth move (CHECK: depth >= 0) after the game row and four moves are in:
    // everything is rolled back.
    game = make_game(ids.run, 0, 0, ids.base, ids.test, GameResult::kDraw, 6);
    game.record.moves[4].depth = -1;
    EXPECT_EQ(error_kind([&] { record(store, game); }), ErrorKind::kConstraint);
    EXPECT_EQ(count("SELECT count(*) FROM games"), 0);
    EXPECT_EQ(count("SELECT count(*) FROM moves"), 0);

    // A run that does not exist.
    game = make_game(999, 0, 0, ids.base, ids.test, GameResult::kDraw, 6);
    EXPECT_EQ(error_kind([&] { record(store, game); }), ErrorKind::kConstraint);

    // Caught before SQL: a move out of its place, no side to move.
    game = make_game(ids.run, 0, 0, ids.base, ids.test, GameResult::kDraw, 6);
    game.record.moves[3].ply = 5;
    EXPECT_EQ(error_kind([&] { record(store, game); }), ErrorKind::kInvalid);
    game = make_game(ids.run, 0, 0, ids.base, ids.test, GameResult::kDraw, 6);
    game.record.opening_fen = "8/8/8/8/8/8/8/8";
    EXPECT_EQ(error_kind([&] { record(store, game); }), ErrorKind::kInvalid);
    EXPECT_EQ(count("SELECT count(*) FROM games"), 0);
    EXPECT_EQ(count("SELECT count(*) FROM moves"), 0);

    // A bad move inside the first 16-row INSERT, and one after it.
    for (int bad : {10, 17}) {
        game = make_game(ids.run, 0, 0, ids.base, ids.test, GameResult::kDraw, 20);
        game.record.moves[bad].depth = -1;
        EXPECT_EQ(error_kind([&] { record(store, game); }), ErrorKind::kConstraint) << bad;
        EXPECT_EQ(count("SELECT count(*) FROM games"), 0);
        EXPECT_EQ(count("SELECT count(*) FROM moves"), 0);
    }

    // The store is still usable and the same game now goes in whole.
    game = make_game(ids.run, 0, 0, ids.base, ids.test, GameResult::kDraw, 6);
    record(store, game);
    EXPECT_EQ(count("SELECT count(*) FROM moves"), 6);
}

TEST_F(StoreTest, PairsAreUniqueAndConsistent) {
    const auto ids = make_two_engine_run(store);
    record(store, make_game(ids.run, 0, 0, ids.base, ids.test, GameResult::kDraw));
    // The same game again.
    EXPECT_EQ(error_kind([&] {
                  record(store,
                         make_game(ids.run, 0, 0, ids.base, ids.test, GameResult::kWhiteWins));
              }),
              ErrorKind::kConstraint);
    // Round 1 must swap colours…
    EXPECT_EQ(error_kind([&] {
                  record(store, make_game(ids.run, 0, 1, ids.base, ids.test, GameResult::kDraw));
              }),
              ErrorKind::kConstraint);
    // …and use the same opening.
    StoredGame other_opening = make_game(ids.run, 0, 1, ids.test, ids.base, GameResult::kDraw);
    other_opening.place.opening_index = 99;
    EXPECT_EQ(error_kind([&] { record(store, other_opening); }), ErrorKind::kConstraint);
    record(store, make_game(ids.run, 0, 1, ids.test, ids.base, GameResult::kDraw));
    EXPECT_EQ(store.games_of_run(ids.run).size(), 2u);
    EXPECT_EQ(count("SELECT count(*) FROM moves"), 8);
}

// Pair outcomes from the test engine's view, whatever colour it had first.
TEST_F(StoreTest, PairOutcomesSummaryAndResumeCleanup) {
    const auto ids = make_two_engine_run(store);
    using R = GameResult;
    struct PairSpec {
        bool test_white_first;
        R first, second;
        PairBin bin;
    };
    const PairSpec pairs[] = {
        {true, R::kWhiteWins, R::kBlackWins, PairBin::kWW},   // test wins both
        {false, R::kWhiteWins, R::kWhiteWins, PairBin::kWL},  // each side wins with white
        {true, R::kDraw, R::kDraw, PairBin::kDD},
        {false, R::kDraw, R::kWhiteWins, PairBin::kWD},       // draw, then test wins with white
        {true, R::kBlackWins, R::kDraw, PairBin::kLD},        // test loses with white, draws
        {false, R::kWhiteWins, R::kBlackWins, PairBin::kLL},  // base wins both
        {true, R::kDraw, R::kWhiteWins, PairBin::kLD},        // draw, then base wins with white
    };
    for (std::size_t i = 0; i < std::size(pairs); ++i) {
        const auto& p = pairs[i];
        const auto w0 = p.test_white_first ? ids.test : ids.base;
        const auto b0 = p.test_white_first ? ids.base : ids.test;
        record(store, make_game(ids.run, i, 0, w0, b0, p.first));
        record(store, make_game(ids.run, i, 1, b0, w0, p.second));
    }
    // A lone game of pair 7 (its partner still playing when the harness died).
    record(store, make_game(ids.run, 7, 0, ids.test, ids.base, R::kWhiteWins));

    const auto completed = store.completed_pairs(ids.run);
    EXPECT_EQ(completed, (std::vector<std::int64_t>{0, 1, 2, 3, 4, 5, 6}));
    const auto outcomes = store.pair_outcomes(ids.run);
    ASSERT_EQ(outcomes.size(), 7u);
    for (std::size_t i = 0; i < outcomes.size(); ++i) {
        EXPECT_EQ(outcomes[i].pair_index, static_cast<std::int64_t>(i));
        EXPECT_EQ(outcomes[i].view_engine_id, ids.test);
        EXPECT_EQ(outcomes[i].other_engine_id, ids.base);
        EXPECT_EQ(outcomes[i].bin, pairs[i].bin) << "pair " << i;
    }
    EXPECT_EQ(outcomes[0].points, 4);
    EXPECT_EQ(outcomes[4].points, 1);
    const stats::Pentanomial expected{1, 2, 1, 1, 1, 1};  // ll ld wl dd wd ww
    EXPECT_EQ(store.pentanomial(ids.run), expected);

    const RunSummary summary = store.run_summary(ids.run);
    EXPECT_EQ(summary.pairs_completed, 7);
    EXPECT_EQ(summary.games, 15);
    // W/D/L over completed pairs follow from the pentanomial counts.
    EXPECT_EQ(summary.wins, expected.wl + expected.wd + 2 * expected.ww);
    EXPECT_EQ(summary.draws, expected.ld + 2 * expected.dd + expected.wd);
    EXPECT_EQ(summary.losses, 2 * expected.ll + expected.ld + expected.wl);
    EXPECT_EQ(summary.penta, expected);
    EXPECT_EQ(summary.base_name, "base");
    EXPECT_EQ(summary.test_name, "test");
    EXPECT_EQ(summary.engines, "base:base, test:test");
    EXPECT_TRUE(std::isnan(summary.llr));  // no run_stats row yet

    // Resume: the lone game goes (with its moves); the pairs stay.
    EXPECT_EQ(store.delete_incomplete_pairs(ids.run), 1);
    EXPECT_EQ(store.game_count(ids.run), 14);
    EXPECT_EQ(count("SELECT count(*) FROM moves"), 14 * 4);
    EXPECT_EQ(store.delete_incomplete_pairs(ids.run), 0);
    record(store, make_game(ids.run, 7, 0, ids.test, ids.base, R::kWhiteWins));
    record(store, make_game(ids.run, 7, 1, ids.base, ids.test, R::kDraw));
    EXPECT_EQ(store.completed_pairs(ids.run).size(), 8u);
}

TEST_F(StoreTest, PerEngineViews) {
    const auto ids = make_two_engine_run(store);
    record(store, make_game(ids.run, 0, 0, ids.base, ids.test, GameResult::kWhiteWins, 4));
    record(store, make_game(ids.run, 0, 1, ids.test, ids.base, GameResult::kDraw, 6));

    auto scores = store.database().prepare(
        "SELECT name, role, games, wins, draws, losses FROM engine_scores WHERE run_id = ?1 "
        "ORDER BY name");
    scores.bind(1, ids.run);
    ASSERT_TRUE(scores.step());
    EXPECT_EQ(scores.column_text(0), "base");
    EXPECT_EQ(scores.column_int(2), 2);
    EXPECT_EQ(scores.column_int(3), 1);
    EXPECT_EQ(scores.column_int(4), 1);
    EXPECT_EQ(scores.column_int(5), 0);
    ASSERT_TRUE(scores.step());
    EXPECT_EQ(scores.column_text(0), "test");
    EXPECT_EQ(scores.column_text(1), "test");
    EXPECT_EQ(scores.column_int(3), 0);
    EXPECT_EQ(scores.column_int(5), 1);

    // Game 0 (black to move first): base is white → plies 2, 4 are base's;
    // game 1: test is white → plies 2, 4, 6 are test's. Depth is 8 + ply - 1.
    auto moves = store.database().prepare(
        "SELECT engine_id, moves, avg_depth FROM engine_move_stats WHERE run_id = ?1 "
        "ORDER BY engine_id");
    moves.bind(1, ids.run);
    ASSERT_TRUE(moves.step());
    EXPECT_EQ(moves.column_int64(0), ids.base);
    EXPECT_EQ(moves.column_int(1), 5);  // game 0 plies 2,4 + game 1 plies 1,3,5
    EXPECT_DOUBLE_EQ(moves.column_double(2), (9 + 11 + 8 + 10 + 12) / 5.0);
    ASSERT_TRUE(moves.step());
    EXPECT_EQ(moves.column_int64(0), ids.test);
    EXPECT_EQ(moves.column_int(1), 5);
    EXPECT_DOUBLE_EQ(moves.column_double(2), (8 + 10 + 9 + 11 + 13) / 5.0);
}

TEST_F(StoreTest, StatsHistory) {
    const auto ids = make_two_engine_run(store);
    StatsRecord stats;
    stats.pairs = 1;
    stats.penta.dd = 1;
    stats.draws = 2;
    stats.elo = 0;
    stats.elo_error = std::numeric_limits<double>::infinity();  // undefined → NULL
    stats.llr = 0.01;
    stats.lower_bound = -2.94;
    stats.upper_bound = 2.94;
    store.record_stats(ids.run, stats);
    stats.pairs = 2;
    stats.penta.ww = 1;
    stats.wins = 2;
    stats.llr = 0.25;
    stats.elo_error = 150.5;
    store.record_stats(ids.run, stats);

    const auto history = store.stats_history(ids.run);
    ASSERT_EQ(history.size(), 2u);
    EXPECT_EQ(history[0].pairs, 1);
    EXPECT_TRUE(std::isnan(history[0].elo_error));
    EXPECT_EQ(history[0].penta, (stats::Pentanomial{0, 0, 0, 1, 0, 0}));
    EXPECT_DOUBLE_EQ(history[1].llr, 0.25);
    EXPECT_DOUBLE_EQ(history[1].elo_error, 150.5);
    EXPECT_EQ(store.latest_stats(ids.run)->pairs, 2);
    EXPECT_FALSE(store.latest_stats(999).has_value());

    const RunSummary summary = store.run_summary(ids.run);
    EXPECT_DOUBLE_EQ(summary.llr, 0.25);
    EXPECT_DOUBLE_EQ(summary.upper_bound, 2.94);

    stats.pairs = 5;  // the pentanomial holds 2 pairs
    EXPECT_EQ(error_kind([&] { store.record_stats(ids.run, stats); }), ErrorKind::kInvalid);
    EXPECT_EQ(error_kind([&] { store.record_stats(999, history[0]); }), ErrorKind::kNotFound);
    EXPECT_EQ(store.stats_history(ids.run).size(), 2u);
}

TEST_F(StoreTest, RunSummariesListEveryRun) {
    make_two_engine_run(store);
    RunRecord tune;
    tune.kind = RunKind::kTune;
    store.create_run(tune);
    const auto summaries = store.run_summaries();
    ASSERT_EQ(summaries.size(), 2u);
    EXPECT_EQ(summaries[1].kind, RunKind::kTune);
    EXPECT_EQ(summaries[1].pairs_completed, 0);
    EXPECT_EQ(summaries[1].engines, "");
    EXPECT_EQ(error_kind([&] { store.run_summary(999); }), ErrorKind::kNotFound);
}

// run_summary(id) runs its own per-run query; it must agree with the view.
TEST_F(StoreTest, OneRunSummaryAgreesWithTheView) {
    for (int r = 0; r < 3; ++r) {
        const auto ids = make_two_engine_run(store);
        for (int pair = 0; pair < 4 + r; ++pair) {
            const auto first = pair % 3 == 0 ? GameResult::kWhiteWins : GameResult::kDraw;
            const auto second = pair % 2 == 0 ? GameResult::kBlackWins : GameResult::kWhiteWins;
            record(store, make_game(ids.run, pair, 0, ids.test, ids.base, first));
            record(store, make_game(ids.run, pair, 1, ids.base, ids.test, second));
        }
        record(store, make_game(ids.run, 10, 0, ids.base, ids.test, GameResult::kDraw));
        if (r != 1) {
            StatsRecord stats;
            stats.pairs = 1;
            stats.penta.wd = 1;
            stats.llr = 0.5 * r;
            stats.elo = 10 + r;
            store.record_stats(ids.run, stats);
        }
    }
    RunRecord tune;
    tune.kind = RunKind::kTune;
    store.create_run(tune);

    const auto all = store.run_summaries();
    ASSERT_EQ(all.size(), 4u);
    for (const RunSummary& expected : all) {
        const RunSummary one = store.run_summary(expected.run_id);
        EXPECT_EQ(one.run_id, expected.run_id);
        EXPECT_EQ(one.kind, expected.kind);
        EXPECT_EQ(one.status, expected.status);
        EXPECT_EQ(one.engines, expected.engines);
        EXPECT_EQ(one.base_name, expected.base_name);
        EXPECT_EQ(one.test_name, expected.test_name);
        EXPECT_EQ(one.pairs_completed, expected.pairs_completed);
        EXPECT_EQ(one.games, expected.games);
        EXPECT_EQ(one.wins, expected.wins);
        EXPECT_EQ(one.draws, expected.draws);
        EXPECT_EQ(one.losses, expected.losses);
        EXPECT_EQ(one.penta, expected.penta);
        EXPECT_EQ(std::isnan(one.llr), std::isnan(expected.llr));
        if (!std::isnan(one.llr)) {
            EXPECT_EQ(one.llr, expected.llr);
        }
        EXPECT_EQ(std::isnan(one.elo), std::isnan(expected.elo));
        if (!std::isnan(one.elo)) {
            EXPECT_EQ(one.elo, expected.elo);
        }
    }
    EXPECT_EQ(all[2].pairs_completed, 6);
    EXPECT_EQ(all[2].games, 13);
    EXPECT_DOUBLE_EQ(all[2].llr, 1.0);
    EXPECT_TRUE(std::isnan(all[1].llr));
}

TEST_F(StoreTest, TuneRoundTripAndOrdering) {
    RunRecord run;
    run.kind = RunKind::kTune;
    const auto id = store.create_run(run);
    const std::vector<TuneParam> params = {
        {"lmr.steps.history.weight", 100, 0, 200, 10, 0.002, true},
        {"lmr.min_depth", 3, 1, 6, 0.5, 0.004, false},
    };
    // Every setting distinct from the others and from its default, so that a swap of two
    // columns (alpha and gamma, say) or a default read back in place of the stored value shows.
    store.create_tune(id, {50, 4, 0.75, 0.125, 5}, params);
    const auto settings = store.tune_settings(id);
    EXPECT_EQ(settings.iterations, 50);
    EXPECT_EQ(settings.pairs_per_iteration, 4);
    EXPECT_DOUBLE_EQ(settings.alpha, 0.75);
    EXPECT_DOUBLE_EQ(settings.gamma, 0.125);
    EXPECT_DOUBLE_EQ(settings.big_a, 5);
    const auto back = store.tune_params(id);
    ASSERT_EQ(back.size(), 2u);
    for (std::size_t i = 0; i < params.size(); ++i) {
        EXPECT_EQ(back[i].name, params[i].name);
        EXPECT_EQ(back[i].start, params[i].start);
        EXPECT_EQ(back[i].min, params[i].min);
        EXPECT_EQ(back[i].max, params[i].max);
        EXPECT_EQ(back[i].c_end, params[i].c_end);
        EXPECT_EQ(back[i].r_end, params[i].r_end);
        EXPECT_EQ(back[i].is_integer, params[i].is_integer);
    }

    TuneIteration it;
    it.k = 0;
    it.a_k = 0.1 + 0.2;  // not exactly representable: must come back bit for bit
    it.c_k = 1.0 / 3.0;
    it.delta = {1, -1};
    it.theta_plus = {100 + 1.0 / 3.0, 3 - 1.0 / 3.0};
    it.theta_minus = {100 - 1.0 / 3.0, 3 + 1.0 / 3.0};
    it.theta_after = {100.123456789012345, 2.9876543210987654};
    it.wins = 3;
    it.draws = 4;
    it.losses = 1;
    it.rng_state = "123 456 789";
    store.record_tune_iteration(id, it);

    TuneIteration skipped = it;
    skipped.k = 2;  // k = 1 is missing
    EXPECT_EQ(error_kind([&] { store.record_tune_iteration(id, skipped); }), ErrorKind::kInvalid);
    EXPECT_EQ(error_kind([&] { store.record_tune_iteration(id, it); }), ErrorKind::kInvalid);
    TuneIteration short_vector = it;
    short_vector.k = 1;
    short_vector.delta = {1};
    EXPECT_EQ(error_kind([&] { store.record_tune_iteration(id, short_vector); }),
              ErrorKind::kInvalid);

    it.k = 1;
    store.record_tune_iteration(id, it);
    const auto iterations = store.tune_iterations(id);
    ASSERT_EQ(iterations.size(), 2u);
    EXPECT_EQ(iterations[0].a_k, 0.1 + 0.2);
    EXPECT_EQ(iterations[0].c_k, 1.0 / 3.0);
    EXPECT_EQ(iterations[0].delta, it.delta);
    EXPECT_EQ(iterations[0].theta_plus, it.theta_plus);
    EXPECT_EQ(iterations[0].theta_minus, it.theta_minus);
    EXPECT_EQ(iterations[0].theta_after, it.theta_after);
    EXPECT_EQ(iterations[0].rng_state, "123 456 789");
    EXPECT_EQ(iterations[0].wins, 3);
    EXPECT_EQ(store.last_tune_iteration(id)->k, 1);

    EXPECT_EQ(error_kind([&] { store.tune_settings(999); }), ErrorKind::kNotFound);
    EXPECT_EQ(error_kind([&] { store.record_tune_iteration(999, it); }), ErrorKind::kNotFound);
}

TEST_F(StoreTest, BadTuneParametersAreRejectedWhole) {
    RunRecord run;
    run.kind = RunKind::kTune;
    const auto id = store.create_run(run);
    const TuneSettings settings{10, 2, 0.602, 0.101, 1};
    const std::vector<TuneParam> bad_range = {{"a", 5, 0, 10, 1, 0.002, true},
                                              {"b", 5, 10, 0, 1, 0.002, true}};
    EXPECT_EQ(error_kind([&] { store.create_tune(id, settings, bad_range); }), ErrorKind::kInvalid);
    const std::vector<TuneParam> outside = {{"a", 11, 0, 10, 1, 0.002, true}};
    EXPECT_EQ(error_kind([&] { store.create_tune(id, settings, outside); }), ErrorKind::kInvalid);
    const std::vector<TuneParam> duplicate = {{"a", 5, 0, 10, 1, 0.002, true},
                                              {"a", 5, 0, 10, 1, 0.002, true}};
    EXPECT_EQ(error_kind([&] { store.create_tune(id, settings, duplicate); }),
              ErrorKind::kConstraint);
    EXPECT_EQ(count("SELECT count(*) FROM tune_runs"), 0);
    EXPECT_EQ(count("SELECT count(*) FROM tune_params"), 0);
}

TEST_F(StoreTest, DeletingARunCascades) {
    const auto ids = make_two_engine_run(store);
    record(store, make_game(ids.run, 0, 0, ids.base, ids.test, GameResult::kDraw));
    store.record_stats(ids.run, StatsRecord{});
    // Writes outside the typed API are for tests only.
    const_cast<sqlite::Database&>(store.database())
        .exec("DELETE FROM runs WHERE id = " + std::to_string(ids.run));
    EXPECT_EQ(count("SELECT count(*) FROM games"), 0);
    EXPECT_EQ(count("SELECT count(*) FROM moves"), 0);
    EXPECT_EQ(count("SELECT count(*) FROM run_engines"), 0);
    EXPECT_EQ(count("SELECT count(*) FROM run_stats"), 0);
    EXPECT_EQ(count("SELECT count(*) FROM engines"), 2);  // engines outlive runs
}

TEST(Records, EnumTextRoundTrips) {
    for (const auto verdict :
         {stats::Verdict::kAcceptH0, stats::Verdict::kAcceptH1, stats::Verdict::kContinue})
        EXPECT_EQ(parse_run_verdict(run_verdict_name(verdict)), verdict);
    EXPECT_EQ(run_verdict_name(std::nullopt), "");
    EXPECT_FALSE(parse_run_verdict("").has_value());  // none is NULL, not text
    EXPECT_FALSE(parse_run_verdict("continue").has_value());
    EXPECT_FALSE(parse_run_kind("blitz").has_value());
    EXPECT_EQ(format_timestamp(std::chrono::system_clock::time_point{}),
              "1970-01-01T00:00:00.000Z");
    EXPECT_EQ(format_timestamp(std::chrono::system_clock::time_point{} +
                               std::chrono::milliseconds(1700000000123)),
              "2023-11-14T22:13:20.123Z");
}

}  // namespace
}  // namespace lmr::store
