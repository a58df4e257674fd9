#include "harness/label/labeller.hpp"

#include <algorithm>
#include <iterator>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string_view>
#include <unordered_map>

#include "engine/chess/movegen.hpp"
#include "engine/chess/notation.hpp"
#include "engine/chess/position.hpp"
#include "harness/core/atomic_file.hpp"
#include "harness/match/pgn.hpp"
#include "harness/openings/pgn_reader.hpp"

namespace lmr::label {

namespace {

const std::string* tag(const openings::Opening& game, std::string_view name) {
    for (const auto& [key, value] : game.tags) {
        if (key == name) return &value;
    }
    return nullptr;
}

std::optional<core::GameResult> finished_result(const openings::Opening& game) {
    const std::string* result = tag(game, "Result");
    return result ? core::parse_result(*result) : std::nullopt;
}

chess::Position start_position(const openings::Opening& game) {
    std::string error;
    auto pos = chess::Position::from_fen(game.start_fen, &error);
    // The PGN reader has validated the FEN and every move already.
    if (!pos)
        throw std::invalid_argument("game at line " + std::to_string(game.line) + ": " + error);
    return *pos;
}

chess::Move parse_move(const chess::Position& pos, const openings::Opening& game,
                       const std::string& uci) {
    const chess::Move move = chess::parse_uci(pos, uci);
    if (move.is_none())
        throw std::invalid_argument("game at line " + std::to_string(game.line) + ": move " + uci +
                                    " is not legal");
    return move;
}

// How the game ended: the harness's own detail when the PGN came from `lmr-harness pgn`, else
// what the final position shows, else the result tag is all there is.
void set_termination(const openings::Opening& game, const chess::Position& final_position,
                     core::GameRecord& record) {
    if (const std::string* detail = tag(game, "TerminationDetail")) {
        if (auto termination = core::parse_termination(*detail)) {
            record.termination = *termination;
            return;
        }
    }
    if (chess::count_legal_moves(final_position) == 0) {
        record.termination =
            final_position.in_check() ? core::Termination::kMate : core::Termination::kStalemate;
        return;
    }
    record.termination = core::Termination::kAdjudication;
    record.reason = "result as given by the source PGN";
}

}  // namespace

core::GameRecord labelled_record(const openings::Opening& game, int skip_plies,
                                 const std::vector<openings::Evaluation>& scores) {
    core::GameRecord record;
    const std::string* white = tag(game, "White");
    const std::string* black = tag(game, "Black");
    const std::string* time_control = tag(game, "TimeControl");
    record.white = white ? *white : "?";
    record.black = black ? *black : "?";
    record.time_control = time_control ? *time_control : "-";
    record.result = finished_result(game);
    record.start_fen = game.start_fen;

    chess::Position pos = start_position(game);
    const std::size_t book = std::min<std::size_t>(std::max(skip_plies, 0), game.moves.size());
    for (std::size_t i = 0; i < book; ++i) {
        record.opening_moves.push_back(game.moves[i]);
        pos.make_move(parse_move(pos, game, game.moves[i]));
    }
    record.opening_fen = pos.fen();
    if (scores.size() != game.moves.size() - book)
        throw std::invalid_argument("game at line " + std::to_string(game.line) + ": " +
                                    std::to_string(scores.size()) + " scores for " +
                                    std::to_string(game.moves.size() - book) + " positions");
    for (std::size_t i = book; i < game.moves.size(); ++i) {
        const chess::Move move = parse_move(pos, game, game.moves[i]);
        core::MoveRecord m;
        m.ply = static_cast<int>(i - book) + 1;
        m.uci = game.moves[i];
        m.san = chess::to_san(pos, move);
        m.score = scores[i - book].score;
        m.depth = scores[i - book].depth;
        record.moves.push_back(std::move(m));
        pos.make_move(move);
    }
    record.final_fen = pos.fen();
    set_termination(game, pos, record);
    return record;
}

LabelResult label_games(const std::vector<openings::Opening>& games, const LabelOptions& options) {
    if (options.skip_plies < 0) throw std::invalid_argument("skip_plies must be 0 or more");
    LabelResult result;

    // The positions to search, each once; per finished game, the index of each of its labelled
    // positions in that list.
    std::vector<std::string> fens;
    std::unordered_map<std::string, std::size_t> index_of_fen;
    std::vector<const openings::Opening*> finished;
    std::vector<std::vector<std::size_t>> position_indices;
    for (const openings::Opening& game : games) {
        if (!finished_result(game)) {
            ++result.unfinished;
            continue;
        }
        finished.push_back(&game);
        auto& indices = position_indices.emplace_back();
        chess::Position pos = start_position(game);
        for (std::size_t ply = 0; ply < game.moves.size(); ++ply) {
            if (ply >= static_cast<std::size_t>(options.skip_plies)) {
                const auto [it, inserted] = index_of_fen.try_emplace(pos.fen(), fens.size());
                if (inserted) fens.push_back(it->first);
                indices.push_back(it->second);
            }
            pos.make_move(parse_move(pos, game, game.moves[ply]));
        }
    }

    openings::ScorerResult scored;
    if (!fens.empty()) scored = openings::score_positions(fens, options.scorer);
    result.searches = fens.size();
    result.engine_id = scored.engine_id;
    result.retries = scored.retries;

    for (std::size_t g = 0; g < finished.size(); ++g) {
        std::vector<openings::Evaluation> scores;
        scores.reserve(position_indices[g].size());
        for (std::size_t index : position_indices[g]) scores.push_back(scored.evaluations[index]);
        result.positions += scores.size();
        result.games.push_back(labelled_record(*finished[g], options.skip_plies, scores));
    }
    return result;
}

LabelResult label_files(const LabelRequest& request, const LabelOptions& options,
                        const std::function<void(std::size_t games)>& on_read) {
    openings::ReadOptions read_options;
    read_options.whole_games = true;
    std::vector<openings::Opening> games;
    for (const std::filesystem::path& path : request.pgn) {
        auto read = openings::read_pgn_file(path, read_options);
        std::move(read.openings.begin(), read.openings.end(), std::back_inserter(games));
    }
    if (request.max_games && games.size() > *request.max_games) games.resize(*request.max_games);
    if (on_read) on_read(games.size());
    LabelResult labelled = label_games(games, options);
    if (options.scorer.interrupt && *options.scorer.interrupt)
        throw openings::ScorerInterrupted("interrupted before the output was written");
    std::ostringstream text;
    for (const core::GameRecord& game : labelled.games) {
        match::PgnTags tags;
        tags.event = "Labelled by " + labelled.engine_id + ", go nodes " +
                     std::to_string(options.scorer.nodes);
        tags.site = "LMR Lab";
        text << match::to_pgn(game, tags);
    }
    core::write_file_atomically(request.out, text.str());
    return labelled;
}

}  // namespace lmr::label
