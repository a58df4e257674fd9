#include "engine/text/text.hpp"

#include <algorithm>
#include <boost/algorithm/string/case_conv.hpp>
#include <boost/algorithm/string/join.hpp>
#include <boost/algorithm/string/predicate.hpp>
#include <charconv>
#include <locale>

namespace lmr::text {

std::string_view trim(std::string_view text) {
    while (!text.empty() && is_space(text.front())) text.remove_prefix(1);
    while (!text.empty() && is_space(text.back())) text.remove_suffix(1);
    return text;
}

std::vector<std::string_view> split(std::string_view text, char separator) {
    std::vector<std::string_view> fields;
    while (true) {
        const std::size_t at = text.find(separator);
        fields.push_back(text.substr(0, at));
        if (at == std::string_view::npos) return fields;
        text.remove_prefix(at + 1);
    }
}

std::vector<std::string_view> split_words(std::string_view text) {
    std::vector<std::string_view> words;
    split_words(text, words);
    return words;
}

void split_words(std::string_view text, std::vector<std::string_view>& words) {
    words.clear();
    std::size_t i = 0;
    while (i < text.size()) {
        while (i < text.size() && is_space(text[i])) ++i;
        const std::size_t start = i;
        while (i < text.size() && !is_space(text[i])) ++i;
        if (i > start) words.push_back(text.substr(start, i - start));
    }
}

std::string joined(const std::vector<std::string>& words, std::string_view separator) {
    return boost::algorithm::join(words, separator);
}

bool iequals(std::string_view a, std::string_view b) {
    return boost::algorithm::iequals(a, b, std::locale::classic());
}

std::string lower(std::string_view text) {
    return boost::algorithm::to_lower_copy(std::string(text), std::locale::classic());
}

std::size_t edit_distance(std::string_view a, std::string_view b) {
    // One row of the dynamic-programming table at a time: row[j] is the distance between the
    // first i characters of `a` and the first j of `b`.
    std::vector<std::size_t> row(b.size() + 1);
    for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i) {
        std::size_t diagonal = row[0];
        row[0] = i;
        for (std::size_t j = 1; j <= b.size(); ++j) {
            const std::size_t above = row[j];
            const std::size_t substitution = diagonal + (a[i - 1] == b[j - 1] ? 0 : 1);
            row[j] = std::min({row[j] + 1, row[j - 1] + 1, substitution});
            diagonal = above;
        }
    }
    return row[b.size()];
}

std::string nearest(std::string_view word, const std::vector<std::string>& candidates) {
    const std::string* best = nullptr;
    std::size_t best_distance = 0;
    for (const std::string& candidate : candidates) {
        const std::size_t distance = edit_distance(word, candidate);
        if (best == nullptr || distance < best_distance) {
            best = &candidate;
            best_distance = distance;
        }
    }
    return best == nullptr ? std::string() : *best;
}

std::string did_you_mean(std::string_view word, const std::vector<std::string>& candidates) {
    const std::string near = nearest(word, candidates);
    if (near.empty() || edit_distance(word, near) > std::max<std::size_t>(2, word.size() / 3))
        return "";
    return " (did you mean '" + near + "'?)";
}

namespace {

// UTF-8 continuation bytes are 10xxxxxx: they add no code point.
bool is_continuation_byte(char c) {
    return (static_cast<unsigned char>(c) & 0xC0) == 0x80;
}

}  // namespace

std::size_t code_points(std::string_view utf8) {
    std::size_t count = 0;
    for (const char c : utf8) count += is_continuation_byte(c) ? 0 : 1;
    return count;
}

std::size_t code_point_offset(std::string_view utf8, std::size_t index) {
    std::size_t seen = 0;
    for (std::size_t i = 0; i < utf8.size(); ++i) {
        if (is_continuation_byte(utf8[i])) continue;
        if (seen++ == index) return i;
    }
    return utf8.size();
}

std::string fit_fields(std::string_view line, std::size_t columns,
                       const std::vector<std::string_view>& droppable) {
    constexpr std::string_view kSeparator = " | ";
    std::vector<std::string_view> fields;
    for (std::size_t start = 0;;) {
        const std::size_t end = line.find(kSeparator, start);
        fields.push_back(line.substr(start, end - start));
        if (end == std::string_view::npos) break;
        start = end + kSeparator.size();
    }
    const auto width = [&fields, kSeparator] {
        std::size_t total = 0;
        for (const std::string_view field : fields) total += code_points(field);
        return total + (fields.size() - 1) * kSeparator.size();
    };
    for (const std::string_view prefix : droppable) {
        if (width() <= columns) break;
        std::erase_if(fields,
                      [prefix](std::string_view field) { return field.starts_with(prefix); });
        if (fields.empty()) break;
    }
    std::string fitted;
    for (const std::string_view field : fields) {
        if (!fitted.empty()) fitted += kSeparator;
        fitted += field;
    }
    if (code_points(fitted) <= columns) return fitted;
    if (columns == 0) return "";
    // Keep columns - 1 code points, then the ellipsis.
    return fitted.substr(0, code_point_offset(fitted, columns - 1)) + "…";
}

std::optional<std::string> count_problem(std::string_view text, long& value) {
    const std::string_view t = trim(text);
    if (t.empty()) return "is empty, expected a whole number";
    if (t.front() == '-') return "must not be negative";
    const auto [end, ec] = std::from_chars(t.data(), t.data() + t.size(), value);
    if (ec == std::errc::result_out_of_range) return "is too large";
    if (ec != std::errc() || end != t.data() + t.size()) return "is not a whole number";
    return std::nullopt;
}

}  // namespace lmr::text
