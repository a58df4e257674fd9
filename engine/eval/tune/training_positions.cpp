#include "engine/eval/tune/training_positions.hpp"

#include <cctype>
#include <cmath>
#include <optional>
#include <string_view>

#include "engine/chess/notation.hpp"
#include "engine/chess/position.hpp"

namespace lmr::eval::tune {

namespace {

// One game's tags and the movetext tokens (SAN moves only), with the line each move is on.
struct GameText {
    std::string fen;
    std::string result;
    std::size_t first_line = 0;
    struct MoveText {
        std::string san;
        std::size_t line;
        std::string comment;  // the first {comment} after the move, if any
    };
    std::vector<MoveText> moves;
};

bool is_result_token(std::string_view t) {
    return t == "1-0" || t == "0-1" || t == "1/2-1/2" || t == "*";
}

// Splits movetext into SAN moves, each with the {comment} that follows it (where engines
// and `lmr-harness pgn` put their search score); drops ;comments, (variations), $NAGs, move
// numbers ("12." and "12...") and the result token.
class MovetextScanner {
  public:
    void feed(std::string_view line, std::size_t line_no, GameText& game) {
        std::size_t i = 0;
        while (i < line.size()) {
            const char c = line[i];
            if (in_comment_) {
                if (c == '}') {
                    in_comment_ = false;
                } else if (collect_comment_ && !game.moves.empty()) {
                    game.moves.back().comment += c;
                }
                ++i;
            } else if (c == '{') {
                in_comment_ = true;
                // Only the first comment of a main-line move is its own.
                collect_comment_ = variation_depth_ == 0 && !game.moves.empty() &&
                                   game.moves.back().comment.empty();
                ++i;
            } else if (c == ';') {
                return;  // comment to the end of the line
            } else if (c == '(') {
                ++variation_depth_;
                ++i;
            } else if (c == ')') {
                if (variation_depth_ > 0) --variation_depth_;
                ++i;
            } else if (std::isspace(static_cast<unsigned char>(c))) {
                ++i;
            } else {
                std::size_t j = i;
                while (j < line.size() && !std::isspace(static_cast<unsigned char>(line[j])) &&
                       line[j] != '{' && line[j] != '(' && line[j] != ')' && line[j] != ';')
                    ++j;
                std::string_view token = line.substr(i, j - i);
                i = j;
                if (variation_depth_ > 0 || token[0] == '$' || is_result_token(token)) continue;
                // Move numbers, possibly glued to the move: "12.e4", "12...Nf6".
                std::size_t k = 0;
                while (k < token.size() && std::isdigit(static_cast<unsigned char>(token[k]))) ++k;
                if (k > 0 && k < token.size() && token[k] == '.') {
                    while (k < token.size() && token[k] == '.') ++k;
                    token.remove_prefix(k);
                } else if (k == token.size()) {
                    continue;
                }
                if (!token.empty()) game.moves.push_back({std::string(token), line_no, {}});
            }
        }
    }
    // Inside a {comment} that continues on the next line, which may then start with '['.
    bool in_comment() const { return in_comment_; }
    void reset() {
        in_comment_ = false;
        variation_depth_ = 0;
    }

  private:
    bool in_comment_ = false;
    bool collect_comment_ = false;
    int variation_depth_ = 0;
};

// The score at the start of an engine comment, "+0.35/12 0.1s", "0.00/9" or "-M5/20", in
// centipawns for the side that made the move (mates as +-kMateScoreCp); NaN when the comment
// holds no score.
constexpr float kMateScoreCp = 2000.0f;

float comment_score(std::string_view comment) {
    while (!comment.empty() && comment.front() == ' ') comment.remove_prefix(1);
    const std::size_t slash = comment.find('/');
    if (slash == std::string_view::npos || slash == 0) return std::nanf("");
    std::string_view value = comment.substr(0, slash);
    float sign = 1.0f;
    if (value[0] == '+' || value[0] == '-') {
        sign = value[0] == '-' ? -1.0f : 1.0f;
        value.remove_prefix(1);
    }
    if (value.size() >= 2 && value[0] == 'M') return sign * kMateScoreCp;
    if (value.empty() || !std::isdigit(static_cast<unsigned char>(value[0]))) return std::nanf("");
    try {
        std::size_t used = 0;
        const float pawns = std::stof(std::string(value), &used);
        if (used != value.size()) return std::nanf("");
        return sign * pawns * 100.0f;
    } catch (const std::exception&) {
        return std::nanf("");
    }
}

// The value of a tag line `[Name "value"]` when its name is `name`.
std::optional<std::string> tag_value(std::string_view line, std::string_view name) {
    if (line.size() < name.size() + 4 || line.substr(1, name.size()) != name ||
        line[1 + name.size()] != ' ')
        return std::nullopt;
    const std::size_t open = line.find('"');
    const std::size_t close = line.rfind('"');
    if (open == std::string_view::npos || close <= open) return std::nullopt;
    return std::string(line.substr(open + 1, close - open - 1));
}

std::optional<float> white_score(const std::string& result) {
    if (result == "1-0") return 1.0f;
    if (result == "0-1") return 0.0f;
    if (result == "1/2-1/2") return 0.5f;
    return std::nullopt;
}

void add_game(const GameText& game, const std::string& source, int skip_plies,
              std::vector<TrainingPosition>& out, ReadStats& stats) {
    const std::optional<float> score = white_score(game.result);
    if (!score || game.moves.empty()) {
        ++stats.skipped_games;
        return;
    }
    std::string error;
    std::optional<chess::Position> start = game.fen.empty()
                                               ? chess::Position::startpos()
                                               : chess::Position::from_fen(game.fen, &error);
    if (!start)
        throw PgnError(source + ":" + std::to_string(game.first_line) +
                       ": invalid FEN tag: " + error);
    chess::Position pos = *start;
    ++stats.games;
    for (std::size_t ply = 0; ply < game.moves.size(); ++ply) {
        const auto& [san, line, comment] = game.moves[ply];
        const chess::Move move = chess::parse_san(pos, san, &error);
        if (move.is_none())
            throw PgnError(source + ":" + std::to_string(line) + ": move '" + san + "': " + error);
        const bool quiet = !pos.in_check() && !pos.is_capture(move) && !move.is_promotion();
        if (quiet && int(ply) >= skip_plies) {
            // The mover's score, turned to White's view.
            const float searched = comment_score(comment);
            const float white_view = pos.side_to_move() == chess::kWhite ? searched : -searched;
            out.push_back({pos.fen(), *score, std::uint32_t(stats.games - 1), white_view});
            ++stats.positions;
        }
        pos.make_move(move);
    }
}

}  // namespace

ReadStats read_pgn_positions(std::istream& in, const std::string& source, int skip_plies,
                             std::vector<TrainingPosition>& out) {
    ReadStats stats;
    GameText game;
    MovetextScanner scanner;
    bool in_movetext = false;
    std::string line;
    std::size_t line_no = 0;
    auto finish = [&] {
        if (in_movetext || !game.result.empty()) add_game(game, source, skip_plies, out, stats);
        game = GameText{};
        scanner.reset();
        in_movetext = false;
    };
    while (std::getline(in, line)) {
        ++line_no;
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (!line.empty() && line[0] == '[' && !scanner.in_comment()) {
            if (in_movetext) finish();  // the tags of the next game
            if (game.first_line == 0) game.first_line = line_no;
            if (auto v = tag_value(line, "FEN")) game.fen = *v;
            if (auto v = tag_value(line, "Result")) game.result = *v;
        } else if (!line.empty()) {
            in_movetext = true;
            scanner.feed(line, line_no, game);
        }
    }
    finish();
    return stats;
}

}  // namespace lmr::eval::tune
