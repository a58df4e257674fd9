#pragma once

// Records for store tests: a base-vs-test SPRT run and games between them.

#include <chrono>
#include <string>
#include <vector>

#include "harness/store/store.hpp"
#include "tests/store/temp_dir.hpp"

namespace lmr::store::testing {

using core::GameResult;
using core::Termination;

inline constexpr const char* kStartFen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
inline constexpr const char* kAfterE4Fen =
    "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";

inline RunRecord sprt_run() {
    RunRecord run;
    run.kind = RunKind::kSprt;
    run.command_line = "lmr-harness sprt --base a.json --test b.json";
    run.plan_json = R"({"pairs":100})";
    run.seed = 42;
    run.time_control = "nodes=20000";
    run.book_path = "openings/book.epd";
    run.book_format = "epd";
    run.book_order = "random";
    run.sprt = stats::SprtParams{0.0, 5.0, 0.05, 0.05, stats::EloModel::kNormalized};
    run.max_pairs = 1000;
    run.concurrency = 2;
    return run;
}

inline EngineRecord engine_record(const std::string& name) {
    EngineRecord engine;
    engine.name = name;
    engine.command = "./lmr-engine --config configs/" + name + ".json";
    engine.options_json = R"({"Hash": 16, "Threads": 1})";
    engine.config_json = R"({"lmr": {"name": ")" + name + R"("}})";
    return engine;
}

struct TwoEngineRun {
    std::int64_t run = 0, base = 0, test = 0;
};

inline TwoEngineRun make_two_engine_run(Store& store) {
    TwoEngineRun ids;
    ids.run = store.create_run(sprt_run());
    ids.base = store.upsert_engine(engine_record("base"));
    ids.test = store.upsert_engine(engine_record("test"));
    store.attach_engine(ids.run, ids.base, EngineRole::kBase);
    store.attach_engine(ids.run, ids.test, EngineRole::kTest);
    return ids;
}

// A short game from the position after 1.e4 (black to move) with `plies`
// engine moves carrying search data.
inline StoredGame make_game(std::int64_t run, std::int64_t pair, int round, std::int64_t white,
                            std::int64_t black, GameResult result, int plies = 4) {
    StoredGame game;
    game.place.run_id = run;
    game.place.pair_index = pair;
    game.place.round_in_pair = round;
    game.place.white_engine_id = white;
    game.place.black_engine_id = black;
    game.place.opening_index = pair * 7 % 11;
    game.pgn = "[Event \"test\"]\n\n1. e4 e5 *\n";
    core::GameRecord& record = game.record;
    record.start_fen = kStartFen;
    record.opening_moves = {"e2e4"};
    record.opening_fen = kAfterE4Fen;
    record.result = result;
    record.termination = Termination::kAdjudication;
    record.started = record.finished = std::chrono::system_clock::now();
    static const char* kUci[] = {"e7e5", "g1f3", "b8c6", "f1b5", "a7a6", "b5a4", "g8f6", "e1g1"};
    static const char* kSan[] = {"e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O"};
    for (int i = 0; i < plies; ++i) {
        core::MoveRecord move;
        move.ply = i + 1;
        move.uci = kUci[i % 8];
        move.san = kSan[i % 8];
        move.score = core::Score::cp(10 * i - 5);
        move.depth = 8 + i;
        move.seldepth = 12 + i;
        move.nodes = 20000 + i;
        move.time_ms = 15 + i;
        move.clock_left_ms = 60000 - 100 * i;
        record.moves.push_back(move);
    }
    return game;
}

// Stores a game made above (or changed after) at its place; returns its id.
inline std::int64_t record(Store& store, const StoredGame& game) {
    return store.record_game(game.place, game.record, game.pgn);
}

}  // namespace lmr::store::testing
