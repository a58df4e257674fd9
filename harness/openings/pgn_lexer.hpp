#pragma once

// PGN tokens (PGN standard, section 7), with the line each starts on.
// Comments (`{…}`, `;…` to end of line) and `%` escape lines are consumed
// here and never reach the parser; braces inside a tag's quoted string are
// part of the string, not a comment.

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace lmr::openings {

enum class PgnTokenKind {
    kTagOpen,         // [
    kTagClose,        // ]
    kString,          // "…" (text holds the unescaped value)
    kSymbol,          // tag names, SAN, move numbers' digits, results
    kPeriod,          // . (after move numbers)
    kNag,             // $12 (text holds the digits)
    kAnnotation,      // ! ? !! ?? !? ?! (outside a symbol)
    kVariationOpen,   // (
    kVariationClose,  // )
    kEnd,
};

struct PgnToken {
    PgnTokenKind kind = PgnTokenKind::kEnd;
    std::string text;
    std::size_t line = 0;
};

// Thrown for syntax that cannot be tokenised (unterminated comment or
// string, a character PGN does not allow).
struct PgnSyntaxError {
    std::size_t line;
    std::string message;
};

class PgnLexer {
  public:
    explicit PgnLexer(std::string_view text);
    PgnToken next();  // throws PgnSyntaxError

  private:
    void skip_space_and_comments();
    std::string_view text_;
    std::size_t pos_ = 0;
    std::size_t line_ = 1;
    bool at_line_start_ = true;
};

}  // namespace lmr::openings
