#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace re2 {
class RE2;
}

namespace lmr::match {

// The kept-line patterns of a game (fastchess's -pgnout match_line=REGEX): regular expressions
// in RE2's syntax, searched anywhere in an engine's info line, byte by byte (Latin-1, so any
// bytes an engine prints are a line). RE2 matches in time linear in the line and without
// recursion, so no pattern or line can overflow the stack or backtrack for minutes inside a game;
// what RE2 cannot run (backreferences, lookaround) is refused when the pattern is compiled.
class LinePatterns {
  public:
    // Throws std::invalid_argument naming the first pattern RE2 refuses.
    explicit LinePatterns(const std::vector<std::string>& patterns);
    ~LinePatterns();
    LinePatterns(LinePatterns&&) noexcept;
    LinePatterns& operator=(LinePatterns&&) noexcept;

    std::size_t size() const { return compiled_.size(); }
    bool empty() const { return compiled_.empty(); }
    // Whether pattern `index` occurs in `line`.
    bool found_in(std::size_t index, std::string_view line) const;

    // Why RE2 cannot run `pattern`, or nullopt: for the command line to refuse it before any
    // game.
    static std::optional<std::string> error(const std::string& pattern);

  private:
    std::vector<std::unique_ptr<re2::RE2>> compiled_;
};

}  // namespace lmr::match
