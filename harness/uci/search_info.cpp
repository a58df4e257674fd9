#include "harness/uci/search_info.hpp"

#include <array>
#include <charconv>

#include "engine/text/text.hpp"

namespace lmr::uci_client {
namespace {

// Keywords of an info line. A pv ends at the next keyword (engines are supposed to put pv
// last, some do not), and a field's value is never taken from a keyword.
constexpr std::array<std::string_view, 17> kInfoKeywords = {
    "depth",  "seldepth", "time",           "nodes",      "pv",      "multipv",
    "score",  "currmove", "currmovenumber", "hashfull",   "nps",     "tbhits",
    "sbhits", "cpuload",  "string",         "refutation", "currline"};

bool is_keyword(std::string_view token) {
    // Most tokens asked about are moves of a pv: their first letter (a to h) rules out all
    // keywords but a few, without a comparison of the whole word.
    if (token.empty()) return false;
    for (std::string_view keyword : kInfoKeywords) {
        if (token.front() == keyword.front() && token == keyword) return true;
    }
    return false;
}

// The whole token must be the number; "12x", "1.5" and overflow are rejected.
template <typename T>
std::optional<T> parse_number(std::string_view token) {
    T value{};
    if (!token.empty() && token.front() == '+') token.remove_prefix(1);
    const char* end = token.data() + token.size();
    const auto [ptr, ec] = std::from_chars(token.data(), end, value);
    if (ec != std::errc() || ptr != end || token.empty()) return std::nullopt;
    return value;
}

// Where the words of an info line end: after its first word "string", whose text runs to the
// end of the line, or at the end when it has none.
std::size_t words_end(std::string_view line) {
    constexpr std::string_view kWord = "string";
    for (std::size_t at = line.find(kWord); at != std::string_view::npos;
         at = line.find(kWord, at + 1)) {
        const std::size_t end = at + kWord.size();
        if (at > 0 && text::is_space(line[at - 1]) &&
            (end == line.size() || text::is_space(line[end])))
            return end;
    }
    return line.size();
}

}  // namespace

std::optional<SearchInfo> parse_info(std::string_view line) {
    SearchInfo info;
    if (!parse_info(line, info)) return std::nullopt;
    return info;
}

bool parse_info(std::string_view line, SearchInfo& info) {
    // The words of the line, in storage each thread keeps from line to line. The text after
    // a `string` word is never read word by word (it runs to the end of the line, and an
    // engine's statistics line is long): only what comes before it is split.
    thread_local std::vector<std::string_view> tokens;
    text::split_words(line.substr(0, words_end(line)), tokens);
    if (tokens.empty() || tokens.front() != "info") return false;

    info.depth.reset();
    info.seldepth.reset();
    info.multipv.reset();
    info.score.reset();
    info.nodes.reset();
    info.nps.reset();
    info.time_ms.reset();
    info.hashfull.reset();
    info.tbhits.reset();
    info.pv.clear();  // keeps its storage
    info.text.reset();
    std::size_t i = 1;
    // The value token after a keyword, unless it is missing or itself a keyword.
    const auto value_at = [&](std::size_t index) -> std::optional<std::string_view> {
        if (index >= tokens.size() || is_keyword(tokens[index])) return std::nullopt;
        return tokens[index];
    };
    // Reads "<keyword> <number>" into field; consumes the value token when there is one.
    const auto read_field = [&](auto& field) {
        using Value = typename std::remove_reference_t<decltype(field)>::value_type;
        if (const auto token = value_at(i + 1)) {
            if (const auto number = parse_number<Value>(*token)) field = *number;
            i += 2;
        } else {
            i += 1;
        }
    };

    while (i < tokens.size()) {
        const std::string_view key = tokens[i];
        if (key == "depth") {
            read_field(info.depth);
        } else if (key == "seldepth") {
            read_field(info.seldepth);
        } else if (key == "multipv") {
            read_field(info.multipv);
        } else if (key == "nodes") {
            read_field(info.nodes);
        } else if (key == "nps") {
            read_field(info.nps);
        } else if (key == "time") {
            read_field(info.time_ms);
        } else if (key == "hashfull") {
            read_field(info.hashfull);
        } else if (key == "tbhits") {
            read_field(info.tbhits);
        } else if (key == "score") {
            // score [cp <x> | mate <y>] [lowerbound | upperbound], in any order.
            ++i;
            std::optional<core::Score> score;
            core::Score::Bound bound = core::Score::Bound::kExact;
            while (i < tokens.size()) {
                const std::string_view part = tokens[i];
                if (part == "cp" || part == "mate") {
                    auto token = value_at(i + 1);
                    if (token && (*token == "cp" || *token == "mate" || *token == "lowerbound" ||
                                  *token == "upperbound")) {
                        token.reset();
                    }
                    const auto number = token ? parse_number<int>(*token) : std::nullopt;
                    if (number) {
                        score = core::Score{part == "cp" ? core::Score::Kind::kCentipawns
                                                         : core::Score::Kind::kMate,
                                            *number, core::Score::Bound::kExact};
                    }
                    i += token ? 2 : 1;
                } else if (part == "lowerbound") {
                    bound = core::Score::Bound::kLower;
                    ++i;
                } else if (part == "upperbound") {
                    bound = core::Score::Bound::kUpper;
                    ++i;
                } else {
                    break;
                }
            }
            if (score) {
                score->bound = bound;
                info.score = score;
            }
        } else if (key == "pv") {
            const std::size_t first = ++i;
            while (i < tokens.size() && !is_keyword(tokens[i])) ++i;
            if (i > first) {  // a later pv replaces an earlier one; an empty one does not
                info.pv.clear();
                for (std::size_t m = first; m < i; ++m) info.pv.emplace_back(tokens[m]);
            }
        } else if (key == "string") {
            // The rest of the line is free text, keywords included.
            const std::size_t offset = static_cast<std::size_t>(tokens[i].data() - line.data()) + 6;
            std::string_view rest = offset < line.size() ? line.substr(offset) : std::string_view{};
            while (!rest.empty() && (rest.front() == ' ' || rest.front() == '\t'))
                rest.remove_prefix(1);
            info.text.emplace(rest);
            break;
        } else {
            // currmove, currmovenumber, cpuload, refutation, currline, sbhits, unknown tokens and
            // stray values: skip one token at a time until the next keyword we understand.
            ++i;
        }
    }
    return true;
}

void merge_info(SearchInfo& into, const SearchInfo& from) {
    if (from.depth) into.depth = from.depth;
    if (from.seldepth) into.seldepth = from.seldepth;
    if (from.multipv) into.multipv = from.multipv;
    if (from.score) into.score = from.score;
    if (from.nodes) into.nodes = from.nodes;
    if (from.nps) into.nps = from.nps;
    if (from.time_ms) into.time_ms = from.time_ms;
    if (from.hashfull) into.hashfull = from.hashfull;
    if (from.tbhits) into.tbhits = from.tbhits;
    if (!from.pv.empty()) into.pv = from.pv;
}

}  // namespace lmr::uci_client
