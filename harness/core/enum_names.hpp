#pragma once

// An enumeration's words, as a constant table: the one way an enum of the harness is turned
// into the text a database column, a PGN tag or a report shows, and read back.

#include <array>
#include <cstddef>
#include <optional>
#include <string_view>
#include <utility>

namespace lmr::core {

template <typename Enum, std::size_t N>
using EnumNames = std::array<std::pair<Enum, std::string_view>, N>;

// The word of `value`; "?" for a value the table lacks (a table missing an enumerator).
template <typename Enum, std::size_t N>
constexpr std::string_view name_of(const EnumNames<Enum, N>& names, Enum value) {
    for (const auto& [v, name] : names)
        if (v == value) return name;
    return "?";
}

// The value whose word is `text` (exact match); nullopt for any other text.
template <typename Enum, std::size_t N>
constexpr std::optional<Enum> value_of(const EnumNames<Enum, N>& names, std::string_view text) {
    for (const auto& [v, name] : names)
        if (name == text) return v;
    return std::nullopt;
}

}  // namespace lmr::core
