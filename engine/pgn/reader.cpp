#include "engine/pgn/reader.hpp"

#include <algorithm>
#include <cctype>
#include <utility>

namespace lmr::pgn {

namespace {

bool all_digits(std::string_view s) {
    return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) {
        return std::isdigit(static_cast<unsigned char>(c));
    });
}

class Reader {
  public:
    Reader(std::string_view text, GameVisitor& visitor) : lexer_(text), visitor_(visitor) {}

    void run() {
        while (true) {
            Token token = lexer_.next();
            if (token.kind == TokenKind::kEnd) {
                if (depth_ > 0) throw SyntaxError{variation_line_, "unterminated variation '('"};
                if (active_) end_game({});
                return;
            }
            if (token.kind == TokenKind::kComment) {
                // A comment neither starts a game nor begins its movetext.
                if (depth_ == 0) visitor_.comment(token.text, token.line);
                continue;
            }
            touch(token.line);
            if (depth_ > 0) {
                skip_in_variation(token);
                continue;
            }
            switch (token.kind) {
                case TokenKind::kTagOpen:
                    if (movetext_) {
                        end_game({});  // the previous game had no result
                        touch(token.line);
                    }
                    read_tag(token.line);
                    break;
                case TokenKind::kVariationOpen:
                    movetext_ = true;
                    depth_ = 1;
                    variation_line_ = token.line;
                    break;
                case TokenKind::kVariationClose:
                    throw SyntaxError{token.line, "')' without a matching '('"};
                case TokenKind::kSymbol:
                    movetext_ = true;
                    if (is_result(token.text)) {
                        end_game(token.text);
                    } else if (!all_digits(token.text)) {  // digits: a move number
                        visitor_.move(token.text, token.line);
                    }
                    break;
                case TokenKind::kString:
                    throw SyntaxError{token.line, "a string outside a tag pair"};
                case TokenKind::kTagClose:
                    throw SyntaxError{token.line, "']' without a matching '['"};
                default:  // periods, NAGs, annotation glyphs
                    movetext_ = true;
                    break;
            }
        }
    }

  private:
    // The first token of a game (a comment is none) starts it.
    void touch(std::size_t line) {
        if (!active_) {
            active_ = true;
            first_line_ = line;
        }
    }

    void end_game(std::string_view result) {
        visitor_.game_end({first_line_, result, movetext_});
        active_ = false;
        movetext_ = false;
        first_line_ = 0;
    }

    void skip_in_variation(const Token& token) {
        if (token.kind == TokenKind::kVariationOpen) {
            ++depth_;
        } else if (token.kind == TokenKind::kVariationClose) {
            --depth_;
        } else if (token.kind == TokenKind::kTagOpen) {
            throw SyntaxError{token.line, "a tag pair inside a variation (unbalanced '(' at line " +
                                              std::to_string(variation_line_) + "?)"};
        }
    }

    // Inside a tag pair a comment is skipped, as PGN allows it between any two tokens.
    Token next_outside_comments() {
        Token token = lexer_.next();
        while (token.kind == TokenKind::kComment) token = lexer_.next();
        return token;
    }

    void read_tag(std::size_t line) {
        Token name = next_outside_comments();
        Token value = next_outside_comments();
        Token close = next_outside_comments();
        if (name.kind != TokenKind::kSymbol || value.kind != TokenKind::kString ||
            close.kind != TokenKind::kTagClose) {
            throw SyntaxError{line, "malformed tag pair: expected [Name \"value\"]"};
        }
        visitor_.tag({std::move(name.text), std::move(value.text), line});
    }

    Lexer lexer_;
    GameVisitor& visitor_;
    bool active_ = false;    // any token of the current game seen
    bool movetext_ = false;  // its movetext has begun
    std::size_t first_line_ = 0;
    int depth_ = 0;  // variations open
    std::size_t variation_line_ = 0;
};

}  // namespace

bool is_result(std::string_view symbol) {
    return symbol == "1-0" || symbol == "0-1" || symbol == "1/2-1/2" || symbol == "*";
}

void read_games(std::string_view text, GameVisitor& visitor) {
    Reader(text, visitor).run();
}

}  // namespace lmr::pgn
