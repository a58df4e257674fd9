// Store: games, their moves, and pair bookkeeping for resume. The LMR statistics and PV checks
// written with a game are in store_lmr.cpp and store_pv.cpp.

#include "engine/text/text.hpp"
#include "harness/store/store.hpp"
#include "harness/store/store_internal.hpp"

namespace lmr::store {

namespace {

// The side to move is the FEN's second field; the Store needs it to label
// each move with its colour (for per-engine move statistics).
char side_to_move(const std::string& fen) {
    const auto fields = text::split_words(fen);
    if (fields.size() >= 2 && (fields[1] == "w" || fields[1] == "b")) return fields[1][0];
    return 0;
}

// The value of the score_cp or score_mate column: the score when it is of that kind.
std::optional<int> score_column(const std::optional<core::Score>& score, core::Score::Kind kind) {
    if (!score || score->kind != kind) return std::nullopt;
    return score->value;
}

std::string describe(const GameRecord& game) {
    return "cannot record game (run " + std::to_string(game.run_id) + ", pair " +
           std::to_string(game.pair_index) + ", round " + std::to_string(game.round_in_pair) + ")";
}

void validate(const GameRecord& game) {
    const auto fail = [&](const std::string& why) {
        throw StoreError(ErrorKind::kInvalid, describe(game) + ": " + why);
    };
    if (side_to_move(game.opening_fen) == 0) {
        fail("opening_fen '" + game.opening_fen + "' has no side to move");
    }
    if (game.start_fen.empty()) fail("start_fen is empty");
    if (game.termination == core::Termination::kUnterminated)
        fail("an unterminated game cannot be stored");
    if (!game.moves.empty() && game.plies != static_cast<int>(game.moves.size())) {
        fail("plies is " + std::to_string(game.plies) + " but " +
             std::to_string(game.moves.size()) + " moves were given");
    }
    for (std::size_t i = 0; i < game.moves.size(); ++i) {
        const MoveRecord& move = game.moves[i];
        if (move.ply != 0 && move.ply != static_cast<int>(i) + 1) {
            fail("move " + std::to_string(i + 1) + " carries ply " + std::to_string(move.ply));
        }
        if (move.uci.empty()) fail("move " + std::to_string(i + 1) + " has no UCI text");
    }
    bool side_seen[2] = {false, false};
    for (const LmrGameStats& stats : game.lmr_stats) {
        if (stats.color != 'w' && stats.color != 'b') {
            fail("LMR statistics for side '" + std::string(1, stats.color) +
                 "' (expected 'w' or 'b')");
        }
        bool& seen = side_seen[stats.color == 'w' ? 0 : 1];
        if (seen) fail("two sets of LMR statistics for side '" + std::string(1, stats.color) + "'");
        seen = true;
    }
}

constexpr std::string_view kGameColumns =
    "id, run_id, pair_index, round_in_pair, white_engine_id, black_engine_id, opening_index, "
    "start_fen, opening_moves, opening_fen, result, termination, termination_detail, plies, pgn, "
    "started_at, finished_at";

GameRecord read_game(sqlite::Row& row) {
    GameRecord game;
    game.id = row.int64();
    game.run_id = row.int64();
    game.pair_index = row.int64();
    game.round_in_pair = row.integer();
    game.white_engine_id = row.int64();
    game.black_engine_id = row.int64();
    game.opening_index = row.optional_int64();
    game.start_fen = row.text();
    for (const auto word : text::split_words(row.text())) game.opening_moves.emplace_back(word);
    game.opening_fen = row.text();
    game.result = internal::parse_column(core::parse_result, row.text(), "games.result");
    game.termination =
        internal::parse_column(core::parse_termination, row.text(), "games.termination");
    game.termination_detail = row.text();
    game.plies = row.integer();
    game.pgn = row.text();
    game.started_at = row.text();
    game.finished_at = row.text();
    return game;
}

MoveRecord read_move(sqlite::Row& row) {
    MoveRecord move;
    move.ply = row.integer();
    const std::string color = row.text();
    move.color = color.empty() ? 0 : color[0];
    move.uci = row.text();
    move.san = row.text();
    const std::optional<int> score_cp = row.optional_integer();
    const std::optional<int> score_mate = row.optional_integer();
    if (score_cp) move.score = core::Score::cp(*score_cp);
    if (score_mate) move.score = core::Score::mate(*score_mate);
    move.depth = row.optional_integer();
    move.seldepth = row.optional_integer();
    move.nodes = row.optional_int64();
    move.time_ms = row.int64();
    move.clock_left_ms = row.optional_int64();
    return move;
}

PairBin parse_bin(const std::string& text) {
    for (PairBin bin :
         {PairBin::kLL, PairBin::kLD, PairBin::kWL, PairBin::kDD, PairBin::kWD, PairBin::kWW}) {
        if (to_string(bin) == text) return bin;
    }
    throw StoreError(ErrorKind::kCorrupt, "unexpected pair bin '" + text + "'");
}

}  // namespace

std::int64_t Store::record_game(const GameRecord& game) {
    require_writable("record a game");
    require_same_file();
    validate(game);
    const char first_mover = side_to_move(game.opening_fen);
    const std::string now = now_timestamp();
    std::int64_t game_id = 0;
    internal::with_context(describe(game), [&] {
        sqlite::Transaction tx(db_);
        {
            auto insert = statement(
                "INSERT INTO games (run_id, pair_index, round_in_pair, white_engine_id, "
                "black_engine_id, opening_index, start_fen, opening_moves, opening_fen, result, "
                "termination, termination_detail, plies, pgn, started_at, finished_at) VALUES "
                "(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16)");
            insert->bind(1, game.run_id)
                .bind(2, game.pair_index)
                .bind(3, game.round_in_pair)
                .bind(4, game.white_engine_id)
                .bind(5, game.black_engine_id)
                .bind(6, game.opening_index)
                .bind(7, game.start_fen)
                .bind(8, text::joined(game.opening_moves, " "))
                .bind(9, game.opening_fen)
                .bind(10, core::result_name(game.result))
                .bind(11, core::termination_name(game.termination))
                .bind(12, game.termination_detail)
                .bind(13, game.plies)
                .bind(14, game.pgn)
                .bind(15, game.started_at.empty() ? now : game.started_at)
                .bind(16, game.finished_at.empty() ? now : game.finished_at);
            insert->run();
            game_id = db_.last_insert_rowid();
        }
        static const internal::RowsInsert moves_insert(
            "INSERT INTO moves (game_id, ply, color, uci, san, score_cp, score_mate, depth, "
            "seldepth, nodes, time_ms, clock_left_ms) VALUES ",
            12);
        moves_insert.run(
            [&](std::string_view sql) { return statement(sql); }, game.moves.size(),
            [&](sqlite::Statement& insert, int p, std::size_t i) {
                const MoveRecord& move = game.moves[i];
                const bool first_side = i % 2 == 0;
                const char color = first_side ? first_mover : (first_mover == 'w' ? 'b' : 'w');
                insert.bind(p + 1, game_id)
                    .bind(p + 2, static_cast<int>(i) + 1)
                    .bind(p + 3, std::string_view(&color, 1))
                    .bind(p + 4, move.uci)
                    .bind(p + 5, move.san)
                    .bind(p + 6, score_column(move.score, core::Score::Kind::kCentipawns))
                    .bind(p + 7, score_column(move.score, core::Score::Kind::kMate))
                    .bind(p + 8, move.depth)
                    .bind(p + 9, move.seldepth)
                    .bind(p + 10, move.nodes)
                    .bind(p + 11, move.time_ms)
                    .bind(p + 12, move.clock_left_ms);
            });
        for (const LmrGameStats& stats : game.lmr_stats) insert_lmr_stats(game_id, stats);
        for (const GamePvChecks& checks : game.pv_checks) insert_pv_checks(game_id, checks);
        tx.commit();
    });
    return game_id;
}

WriteBatch::WriteBatch(Store& store) : transaction_(store.db_) {}

std::vector<GameRecord> Store::games_of_run(std::int64_t run_id, bool with_moves) const {
    std::vector<GameRecord> games;
    {
        auto stmt = statement("SELECT " + std::string(kGameColumns) +
                              " FROM games WHERE run_id = ?1 ORDER BY pair_index, round_in_pair");
        stmt->bind(1, run_id);
        games = stmt->rows(read_game);
    }
    if (with_moves) {
        for (auto& game : games) game.moves = moves_of_game(game.id);
    }
    return games;
}

std::vector<MoveRecord> Store::moves_of_game(std::int64_t game_id) const {
    auto stmt = statement(
        "SELECT ply, color, uci, san, score_cp, score_mate, depth, seldepth, nodes, time_ms, "
        "clock_left_ms FROM moves WHERE game_id = ?1 ORDER BY ply");
    stmt->bind(1, game_id);
    return stmt->rows(read_move);
}

std::int64_t Store::game_count(std::int64_t run_id) const {
    auto stmt = statement("SELECT COUNT(*) FROM games WHERE run_id = ?1");
    stmt->bind(1, run_id);
    return stmt->step() ? stmt->column_int64(0) : 0;
}

std::vector<std::int64_t> Store::completed_pairs(std::int64_t run_id) const {
    auto stmt = statement(
        "SELECT pair_index FROM games WHERE run_id = ?1 GROUP BY pair_index "
        "HAVING COUNT(*) = 2 ORDER BY pair_index");
    stmt->bind(1, run_id);
    return stmt->rows([](sqlite::Row& row) { return row.int64(); });
}

std::vector<PairOutcome> Store::pair_outcomes(std::int64_t run_id) const {
    auto stmt = statement(
        "SELECT pair_index, view_engine_id, other_engine_id, result0, result1, half_points, bin "
        "FROM pair_results WHERE run_id = ?1 ORDER BY pair_index");
    stmt->bind(1, run_id);
    return stmt->rows([](sqlite::Row& row) {
        PairOutcome outcome;
        outcome.pair_index = row.int64();
        outcome.view_engine_id = row.int64();
        outcome.other_engine_id = row.int64();
        for (core::GameResult& result : outcome.results)
            result = internal::parse_column(core::parse_result, row.text(), "games.result");
        outcome.points = row.integer();
        outcome.bin = parse_bin(row.text());
        return outcome;
    });
}

stats::Pentanomial Store::pentanomial(std::int64_t run_id) const {
    stats::Pentanomial counts;
    for (const PairOutcome& outcome : pair_outcomes(run_id)) add(counts, outcome.bin);
    return counts;
}

int Store::delete_incomplete_pairs(std::int64_t run_id) {
    require_writable("delete incomplete pairs");
    auto stmt = statement(
        "DELETE FROM games WHERE run_id = ?1 AND pair_index IN ("
        "SELECT pair_index FROM games WHERE run_id = ?1 GROUP BY pair_index "
        "HAVING COUNT(*) < 2)");
    stmt->bind(1, run_id);
    // One statement is one implicit transaction: the games and, by cascade,
    // their moves go together.
    stmt->run();
    return db_.changes();
}

}  // namespace lmr::store
