#include "engine/pgn/move_comment.hpp"

#include <algorithm>
#include <charconv>
#include <cstdlib>
#include <limits>

#include "engine/text/text.hpp"

namespace lmr::pgn {

namespace {

// A whole number made of digits only (no sign), or nullopt.
template <typename Number>
std::optional<Number> digits_value(std::string_view text) {
    Number value{};
    const char* end = text.data() + text.size();
    const auto [stop, error] = std::from_chars(text.data(), end, value);
    if (text.empty() || text.front() == '-' || error != std::errc() || stop != end)
        return std::nullopt;
    return value;
}

// "1.5s" → 1500, "0.120s" → 120, "0s" → 0; digits beyond the millisecond are dropped.
std::optional<std::int64_t> parse_seconds(std::string_view word) {
    if (word.size() < 2 || word.back() != 's') return std::nullopt;
    word.remove_suffix(1);
    const std::size_t point = word.find('.');
    const auto whole = digits_value<std::int64_t>(word.substr(0, point));
    if (!whole || *whole > std::numeric_limits<std::int64_t>::max() / 1000) return std::nullopt;
    std::int64_t ms = *whole * 1000;
    if (point != std::string_view::npos) {
        std::string fraction(word.substr(point + 1));
        if (fraction.empty() || !digits_value<std::int64_t>(fraction)) return std::nullopt;
        fraction.resize(3, '0');
        ms += *digits_value<std::int64_t>(fraction);
    }
    return ms;
}

struct ScoreWord {
    int score = 0;
    bool mate = false;
    int depth = 0;
    bool has_depth = false;
};

// "+0.35/12", "-M2/9", "0.00", "+1.5": a score with an optional "/depth".
std::optional<ScoreWord> parse_score_word(std::string_view word) {
    ScoreWord out;
    if (const std::size_t slash = word.find('/'); slash != std::string_view::npos) {
        const auto depth = digits_value<int>(word.substr(slash + 1));
        if (!depth) return std::nullopt;
        out.depth = *depth;
        out.has_depth = true;
        word = word.substr(0, slash);
    }
    const bool negative = !word.empty() && word.front() == '-';
    if (!word.empty() && (word.front() == '+' || word.front() == '-')) word.remove_prefix(1);
    if (!word.empty() && word.front() == 'M') {
        const auto moves = digits_value<int>(word.substr(1));
        if (!moves) return std::nullopt;
        out.mate = true;
        out.score = negative ? -*moves : *moves;
        return out;
    }
    // Pawns with up to two decimals, in centipawns.
    const std::size_t point = word.find('.');
    const auto pawns = digits_value<int>(word.substr(0, point));
    if (!pawns || *pawns > std::numeric_limits<int>::max() / 100 - 1) return std::nullopt;
    int hundredths = 0;
    if (point != std::string_view::npos) {
        const std::string_view fraction = word.substr(point + 1);
        const auto digits = digits_value<int>(fraction);
        if (!digits || fraction.size() > 2) return std::nullopt;
        hundredths = fraction.size() == 1 ? *digits * 10 : *digits;
    }
    const int centipawns = *pawns * 100 + hundredths;
    out.score = negative ? -centipawns : centipawns;
    return out;
}

// The word at the start of `text` (up to whitespace or a comma), taken off `text`.
std::string_view take_word(std::string_view& text) {
    text = text::trim(text);
    std::size_t end = 0;
    while (end < text.size() && !text::is_space(text[end]) && text[end] != ',') ++end;
    const std::string_view word = text.substr(0, end);
    text.remove_prefix(end);
    return word;
}

// A fastchess figure ("n=48213") into its field; false when the item is none of them.
bool read_figure(std::string_view item, MoveComment& comment) {
    const std::size_t equals = item.find('=');
    if (equals == std::string_view::npos) return false;
    const std::string_view key = item.substr(0, equals);
    const std::string_view value = item.substr(equals + 1);
    if (key == "n" && !comment.nodes) {
        comment.nodes = digits_value<std::uint64_t>(value);
        return comment.nodes.has_value();
    }
    if (key == "sd" && !comment.seldepth) {
        comment.seldepth = digits_value<int>(value);
        return comment.seldepth.has_value();
    }
    if (key == "nps" && !comment.nps) {
        comment.nps = digits_value<std::uint64_t>(value);
        return comment.nps.has_value();
    }
    if ((key == "tl" && !comment.timeleft_ms) || (key == "latency" && !comment.latency_ms)) {
        auto& field = key == "tl" ? comment.timeleft_ms : comment.latency_ms;
        field = parse_seconds(value);
        return field.has_value();
    }
    if (key == "hashfull" && !comment.hashfull) {
        comment.hashfull = digits_value<int>(value);
        return comment.hashfull.has_value();
    }
    if (key == "tbhits" && !comment.tbhits) {
        comment.tbhits = digits_value<std::uint64_t>(value);
        return comment.tbhits.has_value();
    }
    if (key == "pv" && !comment.pv && value.size() >= 2 && value.front() == '"' &&
        value.back() == '"') {
        // A long PV is broken over lines of the movetext: any run of blanks is one space.
        std::string moves;
        for (const std::string_view move : text::split_words(value.substr(1, value.size() - 2)))
            moves += (moves.empty() ? "" : " ") + std::string(move);
        comment.pv = std::move(moves);
        return true;
    }
    return false;
}

}  // namespace

std::string score_text(int score, bool mate) {
    if (mate) {
        // Appended rather than `"+M" + std::to_string(…)`: GCC 12 under LTO flags that
        // operator+ with a false -Wstringop-overflow.
        std::string text = score > 0 ? "+M" : "-M";
        return text += std::to_string(std::abs(score));
    }
    const int magnitude = std::abs(score);
    std::string hundredths = std::to_string(magnitude % 100);
    if (hundredths.size() < 2) hundredths.insert(0, "0");
    const std::string sign = score > 0 ? "+" : score < 0 ? "-" : "";
    return sign + std::to_string(magnitude / 100) + "." + hundredths;
}

std::string format_move_comment(const MoveComment& comment) {
    std::string text;
    if (comment.score) {
        text = score_text(*comment.score, comment.mate);
        if (comment.depth > 0) text += "/" + std::to_string(comment.depth);
    }
    // Whole milliseconds, as "1.500s"; a clock that went backwards shows 0.
    const auto seconds = [](std::int64_t ms) {
        ms = std::max<std::int64_t>(ms, 0);
        std::string thousandths = std::to_string(ms % 1000);
        thousandths.insert(0, 3 - thousandths.size(), '0');
        return std::to_string(ms / 1000) + "." + thousandths + "s";
    };
    if (comment.time_ms) {
        if (!text.empty()) text += ' ';
        text += seconds(*comment.time_ms);
    }
    const auto add_item = [&](const std::string& item) {
        if (!text.empty()) text += ", ";
        text += item;
    };
    if (comment.timeleft_ms) add_item("tl=" + seconds(*comment.timeleft_ms));
    if (comment.latency_ms) add_item("latency=" + seconds(*comment.latency_ms));
    if (comment.nodes) add_item("n=" + std::to_string(*comment.nodes));
    if (comment.seldepth) add_item("sd=" + std::to_string(*comment.seldepth));
    if (comment.nps) add_item("nps=" + std::to_string(*comment.nps));
    if (comment.hashfull) add_item("hashfull=" + std::to_string(*comment.hashfull));
    if (comment.tbhits) add_item("tbhits=" + std::to_string(*comment.tbhits));
    if (comment.pv) add_item("pv=\"" + *comment.pv + "\"");
    for (std::string line : comment.lines) {
        std::replace(line.begin(), line.end(), '"', '\'');
        std::replace(line.begin(), line.end(), '}', ')');
        add_item("line=\"" + line + "\"");
    }
    if (!comment.remark.empty()) add_item(comment.remark);
    return text;
}

std::optional<MoveComment> parse_move_comment(std::string_view text) {
    MoveComment comment;
    std::string_view rest = text;
    std::string_view word = take_word(rest);
    if (const auto score = parse_score_word(word)) {
        std::string_view after = rest;
        // A number alone is no score: it needs its depth or the time after it.
        if (score->has_depth || parse_seconds(take_word(after))) {
            comment.score = score->score;
            comment.mate = score->mate;
            comment.depth = score->depth;
            word = take_word(rest);
        }
    }
    if (const auto ms = parse_seconds(word)) {
        comment.time_ms = ms;
    } else if (comment.score) {
        rest = text.substr(static_cast<std::size_t>(word.data() - text.data()));  // not a time
    } else {
        return std::nullopt;
    }
    // The items after the figures, each after a comma; the first that is not one of
    // fastchess's figures starts the remark, which runs to the end.
    rest = text::trim(rest);
    if (!rest.empty() && rest.front() == ',') rest.remove_prefix(1);
    while (!rest.empty()) {
        rest = text::trim(rest);
        // A kept line may hold commas: it runs to its closing quote (it holds no other).
        if (rest.starts_with("line=\"")) {
            const std::size_t close = rest.find('"', 6);
            if (close == std::string_view::npos) {
                comment.remark = std::string(rest);
                break;
            }
            // Broken over lines of the movetext like a PV: any run of blanks is one space.
            std::string line;
            for (const std::string_view word : text::split_words(rest.substr(6, close - 6)))
                line += (line.empty() ? "" : " ") + std::string(word);
            comment.lines.push_back(std::move(line));
            rest = text::trim(rest.substr(close + 1));
            if (!rest.empty() && rest.front() == ',') rest.remove_prefix(1);
            continue;
        }
        const std::size_t comma = rest.find(',');
        if (!read_figure(text::trim(rest.substr(0, comma)), comment)) {
            comment.remark = std::string(rest);
            break;
        }
        rest = comma == std::string_view::npos ? std::string_view() : rest.substr(comma + 1);
    }
    return comment;
}

}  // namespace lmr::pgn
