#pragma once

// Small string helpers, one copy each for the engine and the harness. Everything is ASCII:
// case and whitespace follow the "C" locale, whatever the process's locale is, so a config
// key or an engine's option name compares the same on every machine.

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace lmr::text {

// Space, tab, newline, vertical tab, form feed and carriage return (the last five are the
// codes 9 to 13). Inline: the harness tests every character an engine sends.
inline bool is_space(char c) {
    return c == ' ' || (c >= '\t' && c <= '\r');
}

// `text` without the whitespace at either end; a view into `text`.
std::string_view trim(std::string_view text);

// Why `text` (blanks around it ignored) is not a count, a whole number >= 0 ("must not be
// negative", "is too large", "is not a whole number"); nullopt, and `value` set, when it is one.
std::optional<std::string> count_problem(std::string_view text, long& value);

// The fields between `separator`s, empty ones included ("a,,b" has three, "" has one), so a
// caller can name the position of a bad field. Views into `text`, not trimmed.
std::vector<std::string_view> split(std::string_view text, char separator);

// The words of `text`: runs of non-whitespace. Views into `text`; none is empty.
std::vector<std::string_view> split_words(std::string_view text);
// The same into `words` (cleared first), whose storage a caller reading line after line reuses.
void split_words(std::string_view text, std::vector<std::string_view>& words);

// `words` with `separator` between them: joined({"a", "b"}, ", ") == "a, b".
std::string joined(const std::vector<std::string>& words, std::string_view separator);

// Equal but for the case of ASCII letters (UCI option names, PGN tag names, `--model` values).
bool iequals(std::string_view a, std::string_view b);

// `text` with ASCII letters in lower case.
std::string lower(std::string_view text);

// Levenshtein distance: the fewest one-character insertions, deletions and substitutions
// that turn `a` into `b` (case counts; compare lower() copies to ignore it).
std::size_t edit_distance(std::string_view a, std::string_view b);

// For "did you mean": the candidate nearest to `word` by edit distance, the first of equals;
// "" when there are no candidates.
std::string nearest(std::string_view word, const std::vector<std::string>& candidates);
// " (did you mean 'X'?)" for the nearest candidate X when it is a likely typo of `word` (at
// most two edits, or a third of the word's length for a long word); "" otherwise, so that a
// word unlike every candidate gets no guess.
std::string did_you_mean(std::string_view word, const std::vector<std::string>& candidates);

// UTF-8 text measured in code points, the width of the text this project prints ("±", "é" and
// "…" are one column; it writes no wide or combining characters): how many there are, and the
// byte offset where code point `index` starts (text.size() for an index past the end).
std::size_t code_points(std::string_view utf8);
std::size_t code_point_offset(std::string_view utf8, std::size_t index);

// `line`, fields joined by " | ", made to fit a terminal row of `columns` characters (counted
// as UTF-8 code points: "±" is one): the fields that start with one of `droppable` are left
// out, in that order, until it fits; if it still does not, it is cut to `columns` with "…" as
// its last character. A status line redrawn in place must never wrap.
std::string fit_fields(std::string_view line, std::size_t columns,
                       const std::vector<std::string_view>& droppable);

}  // namespace lmr::text
