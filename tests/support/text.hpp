#pragma once
// Checks on text the tests read back (a program's output, a written file): whether it holds a
// piece of text, exactly or in any case. Shared by the tests; header-only.

#include <cctype>
#include <string>
#include <string_view>

namespace lmr::test {

// `needle` occurs in `text`.
inline bool contains(std::string_view text, std::string_view needle) {
    return text.find(needle) != std::string_view::npos;
}

// `word` occurs in `text` in any case: "crash" in "Crashed", "illegal" in "Illegal output".
inline bool mentions(std::string_view text, std::string_view word) {
    const auto lower = [](std::string_view s) {
        std::string out(s);
        for (auto& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        return out;
    };
    return contains(lower(text), lower(word));
}

}  // namespace lmr::test
