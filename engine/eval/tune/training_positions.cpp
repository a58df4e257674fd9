#include "engine/eval/tune/training_positions.hpp"

#include <cmath>
#include <iterator>
#include <optional>
#include <string_view>
#include <utility>

#include "engine/chess/notation.hpp"
#include "engine/chess/position.hpp"
#include "engine/pgn/move_comment.hpp"
#include "engine/pgn/reader.hpp"

namespace lmr::eval::tune {

namespace {

// A mate's score as a training label, in centipawns.
constexpr float kMateScoreCp = 2000.0f;

// The score of a move's comment ("+0.35/12 0.120s", "-M5/20 0.010s") as a label: centipawns
// for the side that made the move, mates as +-kMateScoreCp; NaN when the comment holds no
// score, or holds one without a depth (no search stands behind it).
float searched_score(std::string_view comment) {
    const std::optional<pgn::MoveComment> parsed = pgn::parse_move_comment(comment);
    if (!parsed || !parsed->score || parsed->depth == 0) return std::nanf("");
    if (parsed->mate) return *parsed->score > 0 ? kMateScoreCp : -kMateScoreCp;
    // Through pawns, as the comment writes it: the same float to the last bit as the labels of
    // earlier readers, which read the pawns with std::stof.
    const float pawns = static_cast<float>(*parsed->score) / 100.0f;
    return pawns * 100.0f;
}

std::optional<float> white_score(const std::string& result) {
    if (result == "1-0") return 1.0f;
    if (result == "0-1") return 0.0f;
    if (result == "1/2-1/2") return 0.5f;
    return std::nullopt;
}

// The games of a PGN text as training positions. The label is the game's [Result] tag (the
// result token of the movetext is not read); each main-line move keeps its first comment,
// where engines and `lmr-harness pgn` put their search score.
class TrainingGames : public pgn::GameVisitor {
  public:
    TrainingGames(const std::string& source, int skip_plies, std::vector<TrainingPosition>& out)
        : source_(source), skip_plies_(skip_plies), out_(out) {}

    const ReadStats& stats() const { return stats_; }

    void tag(pgn::Tag tag) override {
        if (tag.name == "FEN") fen_ = std::move(tag.value);
        if (tag.name == "Result") result_ = std::move(tag.value);
    }

    void move(std::string_view san, std::size_t line) override {
        moves_.push_back({std::string(san), line, {}});
    }

    void comment(std::string_view text, std::size_t) override {
        if (!moves_.empty() && moves_.back().comment.empty()) moves_.back().comment = text;
    }

    void game_end(const pgn::GameEnd& end) override {
        // A game of tags alone, none of them a result, is no game.
        if (end.has_movetext || !result_.empty()) add_game(end.first_line);
        fen_.clear();
        result_.clear();
        moves_.clear();
    }

  private:
    struct MoveText {
        std::string san;
        std::size_t line;
        std::string comment;  // the first {comment} after the move, if any
    };

    [[noreturn]] void fail(std::size_t line, const std::string& message) const {
        throw PgnError(source_ + ":" + std::to_string(line) + ": " + message);
    }

    void add_game(std::size_t first_line) {
        const std::optional<float> score = white_score(result_);
        if (!score || moves_.empty()) {
            ++stats_.skipped_games;
            return;
        }
        std::string error;
        std::optional<chess::Position> start =
            fen_.empty() ? chess::Position::startpos() : chess::Position::from_fen(fen_, &error);
        if (!start) fail(first_line, "invalid FEN tag: " + error);
        chess::Position pos = *start;
        ++stats_.games;
        for (std::size_t ply = 0; ply < moves_.size(); ++ply) {
            const auto& [san, line, comment] = moves_[ply];
            const chess::Move move = chess::parse_san(pos, san, &error);
            if (move.is_none()) fail(line, "move '" + san + "': " + error);
            const bool quiet = !pos.in_check() && !pos.is_capture(move) && !move.is_promotion();
            if (quiet && static_cast<int>(ply) >= skip_plies_) {
                // The mover's score, turned to White's view.
                const float searched = searched_score(comment);
                const float white_view = pos.side_to_move() == chess::kWhite ? searched : -searched;
                out_.push_back(
                    {pos.fen(), *score, static_cast<std::uint32_t>(stats_.games - 1), white_view});
                ++stats_.positions;
            }
            pos.make_move(move);
        }
    }

    const std::string& source_;
    const int skip_plies_;
    std::vector<TrainingPosition>& out_;
    ReadStats stats_;
    std::string fen_;
    std::string result_;
    std::vector<MoveText> moves_;
};

}  // namespace

ReadStats read_pgn_positions(std::istream& in, const std::string& source, int skip_plies,
                             std::vector<TrainingPosition>& out) {
    const std::string text(std::istreambuf_iterator<char>(in), {});
    TrainingGames games(source, skip_plies, out);
    try {
        pgn::read_games(text, games);
    } catch (const pgn::SyntaxError& e) {
        throw PgnError(source + ":" + std::to_string(e.line) + ": " + e.message);
    }
    return games.stats();
}

}  // namespace lmr::eval::tune
