// Store: games, their moves, and pair bookkeeping for resume. The LMR statistics and PV checks
// written with a game are in store_lmr.cpp and store_pv.cpp.

#include "engine/text/text.hpp"
#include "harness/store/store.hpp"
#include "harness/store/store_internal.hpp"

namespace lmr::store {

namespace {

// The side to move is the FEN's second field; the Store needs it to label
// each move with its colour (for per-engine move statistics).
std::optional<chess::Color> side_to_move(const std::string& fen) {
    const auto fields = text::split_words(fen);
    if (fields.size() < 2) return std::nullopt;
    if (fields[1] == "w") return chess::kWhite;
    if (fields[1] == "b") return chess::kBlack;
    return std::nullopt;
}

// The value of the score_cp or score_mate column: the score when it is of that kind.
std::optional<int> score_column(const std::optional<core::Score>& score, core::Score::Kind kind) {
    if (!score || score->kind != kind) return std::nullopt;
    return score->value;
}

// A search figure the engine did not report is 0 in the record and NULL in the database.
template <typename T>
std::optional<std::int64_t> reported(T value) {
    if (value == 0) return std::nullopt;
    return static_cast<std::int64_t>(value);
}

std::string describe(const GamePlace& place) {
    return "cannot record game (run " + std::to_string(place.run_id) + ", pair " +
           std::to_string(place.pair_index) + ", round " + std::to_string(place.round_in_pair) +
           ")";
}

void validate(const GamePlace& place, const core::GameRecord& game) {
    const auto fail = [&](const std::string& why) {
        throw StoreError(ErrorKind::kInvalid, describe(place) + ": " + why);
    };
    if (!side_to_move(game.opening_fen)) {
        fail("opening_fen '" + game.opening_fen + "' has no side to move");
    }
    if (game.start_fen.empty()) fail("start_fen is empty");
    if (!game.result) fail("an unfinished game (no result) cannot be stored");
    if (game.termination == core::Termination::kUnterminated)
        fail("an unterminated game cannot be stored");
    for (std::size_t i = 0; i < game.moves.size(); ++i) {
        const core::MoveRecord& move = game.moves[i];
        if (move.ply != static_cast<int>(i) + 1) {
            fail("move " + std::to_string(i + 1) + " carries ply " + std::to_string(move.ply));
        }
        if (move.uci.empty()) fail("move " + std::to_string(i + 1) + " has no UCI text");
    }
}

constexpr std::string_view kGameColumns =
    "id, run_id, pair_index, round_in_pair, white_engine_id, black_engine_id, opening_index, "
    "start_fen, opening_moves, opening_fen, result, termination, termination_detail, pgn, "
    "started_at, finished_at";

StoredGame read_game(sqlite::Row& row) {
    StoredGame game;
    game.id = row.int64();
    game.place.run_id = row.int64();
    game.place.pair_index = row.int64();
    game.place.round_in_pair = row.integer();
    game.place.white_engine_id = row.int64();
    game.place.black_engine_id = row.int64();
    game.place.opening_index = row.optional_int64();
    core::GameRecord& record = game.record;
    record.start_fen = row.text();
    for (const auto word : text::split_words(row.text())) record.opening_moves.emplace_back(word);
    record.opening_fen = row.text();
    record.result = internal::parse_column(core::parse_result, row.text(), "games.result");
    record.termination =
        internal::parse_column(core::parse_termination, row.text(), "games.termination");
    record.reason = row.text();
    game.pgn = row.text();
    game.started_at = row.text();
    game.finished_at = row.text();
    return game;
}

core::MoveRecord read_move(sqlite::Row& row) {
    core::MoveRecord move;
    move.ply = row.integer();
    move.uci = row.text();
    move.san = row.text();
    const std::optional<int> score_cp = row.optional_integer();
    const std::optional<int> score_mate = row.optional_integer();
    if (score_cp) move.score = core::Score::cp(*score_cp);
    if (score_mate) move.score = core::Score::mate(*score_mate);
    move.depth = row.optional_integer().value_or(0);
    move.seldepth = row.optional_integer().value_or(0);
    move.nodes = static_cast<std::uint64_t>(row.optional_int64().value_or(0));
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

std::int64_t Store::record_game(const GamePlace& place, const core::GameRecord& game,
                                std::string_view pgn) {
    require_writable("record a game");
    require_same_file();
    validate(place, game);
    const chess::Color first_mover = *side_to_move(game.opening_fen);
    std::int64_t game_id = 0;
    internal::with_context(describe(place), [&] {
        sqlite::Transaction tx(db_);
        {
            auto insert = statement(
                "INSERT INTO games (run_id, pair_index, round_in_pair, white_engine_id, "
                "black_engine_id, opening_index, start_fen, opening_moves, opening_fen, result, "
                "termination, termination_detail, plies, pgn, started_at, finished_at) VALUES "
                "(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16)");
            insert->bind(1, place.run_id)
                .bind(2, place.pair_index)
                .bind(3, place.round_in_pair)
                .bind(4, place.white_engine_id)
                .bind(5, place.black_engine_id)
                .bind(6, place.opening_index)
                .bind(7, game.start_fen)
                .bind(8, text::joined(game.opening_moves, " "))
                .bind(9, game.opening_fen)
                .bind(10, core::result_name(*game.result))
                .bind(11, core::termination_name(game.termination))
                .bind(12, game.reason)
                .bind(13, static_cast<std::int64_t>(game.moves.size()))
                .bind(14, pgn)
                .bind(15, format_timestamp(game.started))
                .bind(16, format_timestamp(game.finished));
            insert->run();
            game_id = db_.last_insert_rowid();
        }
        static const internal::RowsInsert moves_insert(
            "INSERT INTO moves (game_id, ply, color, uci, san, score_cp, score_mate, depth, "
            "seldepth, nodes, time_ms, clock_left_ms) VALUES ",
            12);
        moves_insert.run([&](std::string_view sql) { return statement(sql); }, game.moves.size(),
                         [&](sqlite::Statement& insert, int p, std::size_t i) {
                             const core::MoveRecord& move = game.moves[i];
                             const chess::Color mover = i % 2 == 0 ? first_mover : ~first_mover;
                             insert.bind(p + 1, game_id)
                                 .bind(p + 2, move.ply)
                                 .bind(p + 3, internal::color_column(mover))
                                 .bind(p + 4, move.uci)
                                 .bind(p + 5, move.san)
                                 .bind(p + 6,
                                       score_column(move.score, core::Score::Kind::kCentipawns))
                                 .bind(p + 7, score_column(move.score, core::Score::Kind::kMate))
                                 .bind(p + 8, reported(move.depth))
                                 .bind(p + 9, reported(move.seldepth))
                                 .bind(p + 10, reported(move.nodes))
                                 .bind(p + 11, move.time_ms)
                                 .bind(p + 12, move.clock_left_ms);
                         });
        for (chess::Color side : {chess::kWhite, chess::kBlack}) {
            if (const auto& stats = game.lmr_stats[side]) insert_lmr_stats(game_id, side, *stats);
            // A side the game ended before it was asked to move has no checks to store.
            if (game.pv_checks[side].searches > 0)
                insert_pv_checks(game_id, side, game.pv_checks[side]);
        }
        tx.commit();
    });
    return game_id;
}

WriteBatch::WriteBatch(Store& store) : transaction_(store.db_) {}

std::vector<StoredGame> Store::games_of_run(std::int64_t run_id, bool with_moves) const {
    std::vector<StoredGame> games;
    {
        auto stmt = statement("SELECT " + std::string(kGameColumns) +
                              " FROM games WHERE run_id = ?1 ORDER BY pair_index, round_in_pair");
        stmt->bind(1, run_id);
        games = stmt->rows(read_game);
    }
    if (with_moves) {
        for (auto& game : games) game.record.moves = moves_of_game(game.id);
    }
    return games;
}

std::vector<core::MoveRecord> Store::moves_of_game(std::int64_t game_id) const {
    auto stmt = statement(
        "SELECT ply, uci, san, score_cp, score_mate, depth, seldepth, nodes, time_ms, "
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
