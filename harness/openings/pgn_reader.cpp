#include "harness/openings/pgn_reader.hpp"

#include <iterator>
#include <optional>
#include <utility>
#include <vector>

#include "engine/chess/movegen.hpp"
#include "engine/chess/notation.hpp"
#include "engine/chess/position.hpp"
#include "engine/pgn/reader.hpp"
#include "engine/text/text.hpp"
#include "harness/openings/reader_common.hpp"

namespace lmr::openings {

namespace {

// The openings of a PGN text: each game's start position from its tags, its main line
// replayed with engine/chess (up to options.plies), rejected with the reason when it cannot be.
class BookGames : public pgn::GameVisitor {
  public:
    explicit BookGames(detail::Collector& out) : out_(out) {}

    void tag(pgn::Tag tag) override { game_.tags.push_back(std::move(tag)); }
    void move(std::string_view san, std::size_t line) override { play(san, line); }
    void comment(std::string_view, std::size_t) override {}
    void game_end(const pgn::GameEnd& end) override { finish(end.first_line); }

  private:
    struct Game {
        int number = 1;
        bool bad = false;  // rejected (skip mode): ignore the rest of it
        std::vector<pgn::Tag> tags;
        std::optional<chess::Position> start, position;
        std::vector<std::string> moves;
    };

    const pgn::Tag* tag(std::string_view name) const {
        for (const pgn::Tag& t : game_.tags) {
            if (text::iequals(t.name, name)) return &t;
        }
        return nullptr;
    }

    std::string where() const { return "game " + std::to_string(game_.number) + ": "; }

    void reject(std::size_t line, const std::string& message) {
        game_.bad = true;
        out_.reject(line, where() + message);
    }

    // Sets up the start position from the tags; false when the game is rejected.
    bool set_up() {
        if (game_.position) return true;
        if (const pgn::Tag* variant = tag("Variant")) {
            if (!text::iequals(variant->value, "standard") &&
                !text::iequals(variant->value, "chess") && !variant->value.empty()) {
                reject(variant->line, "variant '" + variant->value + "' is not supported");
                return false;
            }
        }
        const pgn::Tag* fen = tag("FEN");
        const pgn::Tag* setup = tag("SetUp");
        if (fen == nullptr) {
            if (setup != nullptr && setup->value == "1") {
                reject(setup->line, "[SetUp \"1\"] without a [FEN] tag");
                return false;
            }
            game_.start = chess::Position::startpos();
        } else {
            std::string error;
            game_.start = chess::Position::from_fen(fen->value, &error);
            if (!game_.start) {
                reject(fen->line, "invalid [FEN \"" + fen->value + "\"]: " + error);
                return false;
            }
        }
        game_.position = game_.start;
        return true;
    }

    void play(std::string_view san, std::size_t line) {
        if (game_.bad || !set_up()) return;
        const auto& limit = out_.options().plies;
        if (limit && static_cast<int>(game_.moves.size()) >= *limit) return;
        chess::Position& pos = *game_.position;
        std::string error;
        const chess::Move move = chess::parse_san(pos, san, &error);
        if (move == chess::Move::none()) {
            const bool white = pos.side_to_move() == chess::kWhite;
            reject(line, "illegal SAN '" + std::string(san) + "' at ply " +
                             std::to_string(game_.moves.size() + 1) + " (" +
                             std::to_string(pos.fullmove_number()) +
                             (white ? ". white" : "... black") + "): " + error);
            return;
        }
        game_.moves.push_back(chess::to_uci(move));
        pos.make_move(move);
    }

    std::string name() const {
        std::string text;
        for (const char* key : {"ECO", "Opening", "Variation"}) {
            const pgn::Tag* t = tag(key);
            if (t == nullptr || t->value.empty() || t->value == "?") continue;
            if (!text.empty()) text += text.size() == 3 && key[0] == 'O' ? " " : ", ";
            text += t->value;
        }
        return text;
    }

    void finish(std::size_t first_line) {
        if (!game_.bad && set_up()) {
            if (!out_.options().whole_games && chess::count_legal_moves(*game_.position) == 0) {
                reject(first_line,
                       "the book moves end the game (" +
                           std::string(game_.position->in_check() ? "checkmate" : "stalemate") +
                           "): play fewer of each game's plies (--book-plies N, fastchess's "
                           "-openings plies=N)");
            } else {
                Opening opening;
                opening.start_fen = game_.start->fen();
                opening.moves = std::move(game_.moves);
                opening.fen = game_.position->fen();
                opening.name = name();
                opening.line = first_line;
                for (pgn::Tag& t : game_.tags)
                    opening.tags.emplace_back(std::move(t.name), std::move(t.value));
                out_.add(std::move(opening));
            }
        }
        const int next = game_.number + 1;
        game_ = Game{};
        game_.number = next;
    }

    detail::Collector& out_;
    Game game_;
};

}  // namespace

ReadResult read_pgn(std::string_view text, const std::string& source, const ReadOptions& options) {
    if (options.plies && *options.plies < 0) {
        throw BookError(source, 0, "plies must be 0 or more");
    }
    detail::Collector collector(source, options);
    BookGames games(collector);
    try {
        pgn::read_games(text, games);
    } catch (const pgn::SyntaxError& e) {
        collector.fatal(e.line, e.message);
    }
    return collector.take();
}

ReadResult read_pgn(std::istream& in, const std::string& source, const ReadOptions& options) {
    const std::string text(std::istreambuf_iterator<char>(in), {});
    if (in.bad()) throw BookError(source, 0, "read error");
    return read_pgn(std::string_view(text), source, options);
}

ReadResult read_pgn_file(const std::filesystem::path& path, const ReadOptions& options) {
    std::ifstream in = detail::open_book_file(path);
    return read_pgn(in, path.string(), options);
}

}  // namespace lmr::openings
