#include "harness/tournament/game_mapping.hpp"

#include <stdexcept>

namespace lmr::tournament {

store::GameRecord to_store_record(const match::GameRecord& game, const GamePlace& place,
                                  std::string pgn) {
    store::GameRecord row;
    row.run_id = place.run_id;
    row.pair_index = place.pair_index;
    row.round_in_pair = place.round_in_pair;
    row.white_engine_id = place.white_engine_id;
    row.black_engine_id = place.black_engine_id;
    row.opening_index = place.opening_index;
    row.start_fen = game.start_fen;
    row.opening_moves = game.opening_moves;
    row.opening_fen = game.opening_fen;
    if (!game.result) throw std::logic_error("an unfinished game cannot be stored");
    row.result = *game.result;
    row.termination = game.termination;
    row.termination_detail = game.reason;
    row.plies = static_cast<int>(game.moves.size());
    row.pgn = std::move(pgn);
    row.started_at = store::format_timestamp(game.started);
    row.finished_at = store::format_timestamp(game.finished);
    row.moves.reserve(game.moves.size());
    for (const auto& move : game.moves) {
        store::MoveRecord m;
        m.ply = move.ply;
        m.uci = move.uci;
        m.san = move.san;
        m.score = move.score;
        if (move.depth > 0) m.depth = move.depth;
        if (move.seldepth > 0) m.seldepth = move.seldepth;
        if (move.nodes > 0) m.nodes = static_cast<std::int64_t>(move.nodes);
        m.time_ms = move.time_ms;
        m.clock_left_ms = move.clock_left_ms;
        row.moves.push_back(std::move(m));
    }
    for (chess::Color side : {chess::kWhite, chess::kBlack}) {
        const auto& stats = game.lmr_stats[side];
        if (!stats) continue;
        row.lmr_stats.push_back({side == chess::kWhite ? 'w' : 'b', stats->reports, stats->total});
    }
    for (chess::Color side : {chess::kWhite, chess::kBlack}) {
        const match::PvTally& tally = game.pv_checks[side];
        if (tally.searches == 0) continue;  // the game ended before this side was asked to move
        store::GamePvChecks checks;
        checks.color = side == chess::kWhite ? 'w' : 'b';
        checks.searches = tally.searches;
        checks.pvs = tally.pvs;
        for (match::PvViolation kind : match::kPvViolations) {
            if (tally.count(kind) == 0) continue;
            checks.violations.push_back({std::string(match::pv_violation_name(kind)),
                                         tally.count(kind), tally.first[static_cast<int>(kind)]});
        }
        row.pv_checks.push_back(std::move(checks));
    }
    return row;
}

}  // namespace lmr::tournament
