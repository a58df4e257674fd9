#pragma once

// PGN tokens (PGN standard, section 7), with the line each starts on. Brace comments are
// tokens (engines put their search score in them); `;` comments to the end of the line and
// `%` escape lines are consumed here and never reach the reader. Braces inside a tag's quoted
// string are part of the string, not a comment.

#include <cstddef>
#include <string>
#include <string_view>

namespace lmr::pgn {

enum class TokenKind {
    kTagOpen,         // [
    kTagClose,        // ]
    kString,          // "…" (text holds the unescaped value)
    kSymbol,          // tag names, SAN, move numbers' digits, results
    kPeriod,          // . (after move numbers)
    kNag,             // $12 (text holds the digits)
    kAnnotation,      // ! ? !! ?? !? ?! (outside a symbol)
    kVariationOpen,   // (
    kVariationClose,  // )
    kComment,         // {…} (text holds what is between the braces, line breaks included)
    kEnd,
};

struct Token {
    TokenKind kind = TokenKind::kEnd;
    std::string text;
    std::size_t line = 0;
};

// Thrown for text that is not PGN: an unterminated comment or string, a character PGN does not
// allow, a tag pair or variation out of place (the reader's checks).
struct SyntaxError {
    std::size_t line;
    std::string message;
};

class Lexer {
  public:
    explicit Lexer(std::string_view text);
    Token next();  // throws SyntaxError

  private:
    void skip_space_and_line_comments();
    std::string_view text_;
    std::size_t pos_ = 0;
    std::size_t line_ = 1;
    bool at_line_start_ = true;
};

}  // namespace lmr::pgn
