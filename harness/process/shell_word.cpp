#include "harness/process/shell_word.hpp"

#include <algorithm>
#include <cctype>
#include <string_view>

namespace lmr::process {

std::string shell_word(const std::string& word) {
    const bool plain = !word.empty() && std::all_of(word.begin(), word.end(), [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) ||
               std::string_view("-_./=+:,@%").find(c) != std::string_view::npos;
    });
    if (plain) return word;
    // Inside single quotes nothing is special except the quote itself, written as '\''.
    std::string quoted = "'";
    for (char c : word) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return quoted + "'";
}

std::string shell_line(const std::vector<std::string>& words) {
    std::string line;
    for (const auto& word : words) {
        if (!line.empty()) line += ' ';
        line += shell_word(word);
    }
    return line;
}

}  // namespace lmr::process
