#include "harness/openings/pgn_reader.hpp"

#include <algorithm>
#include <cctype>
#include <iterator>
#include <optional>
#include <utility>
#include <vector>

#include "engine/chess/movegen.hpp"
#include "engine/chess/notation.hpp"
#include "engine/chess/position.hpp"
#include "harness/openings/pgn_lexer.hpp"
#include "harness/openings/reader_common.hpp"

namespace lmr::openings {

namespace {

bool is_result(std::string_view s) {
    return s == "1-0" || s == "0-1" || s == "1/2-1/2" || s == "*";
}

bool all_digits(std::string_view s) {
    return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) {
        return std::isdigit(static_cast<unsigned char>(c));
    });
}

bool iequals(std::string_view a, std::string_view b) {
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
               return std::tolower(static_cast<unsigned char>(x)) ==
                      std::tolower(static_cast<unsigned char>(y));
           });
}

struct Tag {
    std::string name, value;
    std::size_t line;
};

class PgnParser {
  public:
    PgnParser(std::string_view text, detail::Collector& out) : lexer_(text), out_(out) {}

    void run() {
        try {
            parse();
        } catch (const PgnSyntaxError& e) {
            out_.fatal(e.line, e.message);
        }
    }

  private:
    struct Game {
        int number = 0;
        std::size_t first_line = 0;
        bool active = false;    // any token of this game seen
        bool movetext = false;  // its movetext has begun
        bool bad = false;       // rejected (skip mode): ignore the rest of it
        std::vector<Tag> tags;
        std::optional<chess::Position> start, position;
        std::vector<std::string> moves;
    };

    void parse() {
        new_game();
        while (true) {
            PgnToken token = lexer_.next();
            if (token.kind == PgnTokenKind::kEnd) {
                if (depth_ > 0) out_.fatal(variation_line_, "unterminated variation '('");
                if (game_.active) finish();
                return;
            }
            touch(token.line);
            if (depth_ > 0) {
                skip_in_variation(token);
                continue;
            }
            switch (token.kind) {
                case PgnTokenKind::kTagOpen:
                    if (game_.movetext) {
                        finish();  // the previous game had no result
                        touch(token.line);
                    }
                    read_tag(token.line);
                    break;
                case PgnTokenKind::kVariationOpen:
                    game_.movetext = true;
                    depth_ = 1;
                    variation_line_ = token.line;
                    break;
                case PgnTokenKind::kVariationClose:
                    out_.fatal(token.line, "')' without a matching '('");
                case PgnTokenKind::kSymbol:
                    game_.movetext = true;
                    if (is_result(token.text)) {
                        finish();
                    } else if (!all_digits(token.text)) {
                        play(token);
                    }
                    break;
                case PgnTokenKind::kString:
                    out_.fatal(token.line, "a string outside a tag pair");
                case PgnTokenKind::kTagClose:
                    out_.fatal(token.line, "']' without a matching '['");
                default:  // periods, NAGs, annotation glyphs
                    game_.movetext = true;
                    break;
            }
        }
    }

    void new_game() {
        const int number = game_.number + 1;
        game_ = Game{};
        game_.number = number;
    }

    void touch(std::size_t line) {
        if (!game_.active) {
            game_.active = true;
            game_.first_line = line;
        }
    }

    void skip_in_variation(const PgnToken& token) {
        if (token.kind == PgnTokenKind::kVariationOpen) {
            ++depth_;
        } else if (token.kind == PgnTokenKind::kVariationClose) {
            --depth_;
        } else if (token.kind == PgnTokenKind::kTagOpen) {
            out_.fatal(token.line, "a tag pair inside a variation (unbalanced '(' at line " +
                                       std::to_string(variation_line_) + "?)");
        }
    }

    void read_tag(std::size_t line) {
        PgnToken name = lexer_.next();
        PgnToken value = lexer_.next();
        PgnToken close = lexer_.next();
        if (name.kind != PgnTokenKind::kSymbol || value.kind != PgnTokenKind::kString ||
            close.kind != PgnTokenKind::kTagClose) {
            out_.fatal(line, "malformed tag pair: expected [Name \"value\"]");
        }
        game_.tags.push_back({std::move(name.text), std::move(value.text), line});
    }

    const Tag* tag(std::string_view name) const {
        for (const Tag& t : game_.tags) {
            if (iequals(t.name, name)) return &t;
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
        if (const Tag* variant = tag("Variant")) {
            if (!iequals(variant->value, "standard") && !iequals(variant->value, "chess") &&
                !variant->value.empty()) {
                reject(variant->line, "variant '" + variant->value + "' is not supported");
                return false;
            }
        }
        const Tag* fen = tag("FEN");
        const Tag* setup = tag("SetUp");
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

    void play(const PgnToken& token) {
        if (game_.bad || !set_up()) return;
        const auto& limit = out_.options().plies;
        if (limit && static_cast<int>(game_.moves.size()) >= *limit) return;
        chess::Position& pos = *game_.position;
        std::string error;
        const chess::Move move = chess::parse_san(pos, token.text, &error);
        if (move == chess::Move::none()) {
            const bool white = pos.side_to_move() == chess::kWhite;
            reject(token.line, "illegal SAN '" + token.text + "' at ply " +
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
            const Tag* t = tag(key);
            if (t == nullptr || t->value.empty() || t->value == "?") continue;
            if (!text.empty()) text += text.size() == 3 && key[0] == 'O' ? " " : ", ";
            text += t->value;
        }
        return text;
    }

    void finish() {
        if (!game_.bad && set_up()) {
            if (!out_.options().whole_games && chess::count_legal_moves(*game_.position) == 0) {
                reject(game_.first_line,
                       "the book moves end the game (" +
                           std::string(game_.position->in_check() ? "checkmate" : "stalemate") +
                           ")");
            } else {
                Opening opening;
                opening.start_fen = game_.start->fen();
                opening.moves = std::move(game_.moves);
                opening.fen = game_.position->fen();
                opening.name = name();
                opening.line = game_.first_line;
                for (Tag& t : game_.tags)
                    opening.tags.emplace_back(std::move(t.name), std::move(t.value));
                out_.add(std::move(opening));
            }
        }
        new_game();
    }

    PgnLexer lexer_;
    detail::Collector& out_;
    Game game_;
    int depth_ = 0;
    std::size_t variation_line_ = 0;
};

}  // namespace

ReadResult read_pgn(std::string_view text, const std::string& source, const ReadOptions& options) {
    if (options.plies && *options.plies < 0) {
        throw BookError(source, 0, "plies must be 0 or more");
    }
    detail::Collector collector(source, options);
    PgnParser(text, collector).run();
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
