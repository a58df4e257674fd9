#pragma once

// Quotes user-supplied text (FEN fields, move strings) for an error message: printable and
// bounded, so garbage input cannot produce garbage or huge messages.

#include <string>
#include <string_view>

namespace lmr::chess {

inline std::string quoted(std::string_view s) {
    constexpr std::size_t kMaxShown = 40;
    std::string out = "'";
    for (std::size_t i = 0; i < s.size() && i < kMaxShown; ++i) {
        const auto c = static_cast<unsigned char>(s[i]);
        if (c >= 32 && c < 127) {
            out += char(c);
        } else {
            static constexpr char kHex[] = "0123456789abcdef";
            out += "\\x";
            out += kHex[c >> 4];
            out += kHex[c & 15];
        }
    }
    if (s.size() > kMaxShown) out += "...";
    return out + "'";
}

}  // namespace lmr::chess
