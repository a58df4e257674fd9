#include "engine/uci/command.hpp"

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <limits>
#include <sstream>

#include "engine/chess/notation.hpp"

namespace lmr::uci {

namespace {

bool is_go_keyword(std::string_view t) {
    static constexpr std::string_view kKeywords[] = {
        "searchmoves", "ponder", "wtime", "btime",    "winc",     "binc", "movestogo",
        "depth",       "nodes",  "mate",  "movetime", "infinite", "perft"};
    for (const auto k : kKeywords) {
        if (t == k) return true;
    }
    return false;
}

// The value after a "go" keyword: present (a whole number in range of int64), missing (end of
// the line or another keyword follows), or unreadable (the token is consumed).
enum class ValueKind { kNumber, kMissing, kNotANumber, kOutOfRange };

ValueKind next_value(const std::vector<std::string_view>& args, std::size_t& i,
                     std::int64_t& value) {
    if (i + 1 >= args.size() || is_go_keyword(args[i + 1])) return ValueKind::kMissing;
    std::string_view text = args[++i];
    if (!text.empty() && text.front() == '+') text.remove_prefix(1);
    const char* end = text.data() + text.size();
    const auto [ptr, ec] = std::from_chars(text.data(), end, value);
    if (ec == std::errc::result_out_of_range && ptr == end) return ValueKind::kOutOfRange;
    return ec == std::errc() && ptr == end ? ValueKind::kNumber : ValueKind::kNotANumber;
}

}  // namespace

std::vector<std::string_view> tokenize(std::string_view line) {
    std::vector<std::string_view> tokens;
    std::size_t i = 0;
    while (i < line.size()) {
        while (i < line.size() &&
               (line[i] == ' ' || line[i] == '\t' || line[i] == '\r' || line[i] == '\n')) {
            ++i;
        }
        const std::size_t start = i;
        while (i < line.size() && line[i] != ' ' && line[i] != '\t' && line[i] != '\r' &&
               line[i] != '\n') {
            ++i;
        }
        if (i > start) tokens.push_back(line.substr(start, i - start));
    }
    return tokens;
}

std::optional<chess::Position> parse_position(const std::vector<std::string_view>& args,
                                              std::string* error) {
    auto fail = [&](std::string message) -> std::optional<chess::Position> {
        if (error) *error = std::move(message);
        return std::nullopt;
    };
    if (args.empty()) return fail("expected 'startpos' or 'fen'");
    std::size_t i = 0;
    std::optional<chess::Position> pos;
    if (args[0] == "startpos") {
        pos = chess::Position::startpos();
        i = 1;
    } else if (args[0] == "fen") {
        std::string fen;
        for (i = 1; i < args.size() && args[i] != "moves"; ++i) {
            if (!fen.empty()) fen += ' ';
            fen += args[i];
        }
        std::string reason;
        pos = chess::Position::from_fen(fen, &reason);
        if (!pos) return fail("bad FEN: " + reason);
    } else {
        return fail("expected 'startpos' or 'fen', got '" + std::string(args[0]) + "'");
    }
    if (i < args.size()) {
        if (args[i] != "moves") return fail("expected 'moves', got '" + std::string(args[i]) + "'");
        for (++i; i < args.size(); ++i) {
            std::string reason;
            const chess::Move m = chess::parse_uci(*pos, args[i], &reason);
            if (m == chess::Move::none()) {
                return fail("move '" + std::string(args[i]) + "': " + reason);
            }
            pos->make_move(m);
        }
    }
    return pos;
}

GoCommand parse_go(const std::vector<std::string_view>& args, const chess::Position& pos) {
    GoCommand go;
    search::Limits& l = go.limits;
    // Reads the value of keyword args[i] into `value` when it is a whole number >= min;
    // otherwise records why the keyword is ignored ("go nodes -5 ignored: ...").
    auto read = [&](std::size_t& i, std::int64_t min, std::string_view what,
                    std::int64_t& value) -> bool {
        const std::string keyword(args[i]);
        const ValueKind kind = next_value(args, i, value);
        if (kind == ValueKind::kNumber && value >= min) return true;
        std::string token = "go " + keyword;
        if (kind != ValueKind::kMissing) token += " " + std::string(args[i]);
        const std::string why = kind == ValueKind::kMissing      ? "no value"
                                : kind == ValueKind::kOutOfRange ? "number out of range"
                                : kind == ValueKind::kNotANumber ? "not a whole number"
                                                                 : "expected " + std::string(what) +
                                                                       " >= " + std::to_string(min);
        go.errors.push_back(token + " ignored: " + why);
        return false;
    };
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string_view t = args[i];
        std::int64_t v = 0;
        if (t == "wtime" || t == "btime") {
            const chess::Color c = t == "wtime" ? chess::kWhite : chess::kBlack;
            // A clock below zero is a flag that has fallen inside a GUI's time margin: move
            // at once rather than ignore the clock.
            if (read(i, std::numeric_limits<std::int64_t>::min(), "milliseconds", v)) {
                if (v < 0) {
                    go.errors.push_back("go " + std::string(t) + " " + std::to_string(v) +
                                        ": a clock below zero, read as 0");
                }
                l.time[c] = std::max<std::int64_t>(0, v);
            }
        } else if (t == "winc" || t == "binc") {
            if (read(i, 0, "milliseconds", v)) {
                l.inc[t == "winc" ? chess::kWhite : chess::kBlack] = v;
            }
        } else if (t == "movestogo") {
            if (read(i, 1, "a number of moves", v)) {
                l.movestogo = static_cast<int>(std::min<std::int64_t>(v, 1000));
            }
        } else if (t == "movetime") {
            if (read(i, 0, "milliseconds", v)) l.movetime = v;
        } else if (t == "depth") {
            if (read(i, 1, "a depth", v)) {
                l.depth = static_cast<int>(std::min<std::int64_t>(v, search::kMaxPly - 8));
            }
        } else if (t == "nodes") {
            if (read(i, 1, "a number of nodes", v)) l.nodes = static_cast<std::uint64_t>(v);
        } else if (t == "mate") {
            if (read(i, 1, "a number of moves", v)) {
                l.mate = static_cast<int>(std::min<std::int64_t>(v, 100));
            }
        } else if (t == "perft") {
            if (read(i, 1, "a depth", v)) {
                go.perft_depth = static_cast<int>(std::min<std::int64_t>(v, 20));
            }
        } else if (t == "infinite") {
            l.infinite = true;
        } else if (t == "ponder") {
            go.ponder = true;
        } else if (t == "searchmoves") {
            while (i + 1 < args.size() && !is_go_keyword(args[i + 1])) {
                const std::string_view text = args[++i];
                const chess::Move m = chess::parse_uci(pos, text);
                if (m != chess::Move::none()) {
                    l.searchmoves.push_back(m);
                } else {
                    go.errors.push_back("go searchmoves " + std::string(text) +
                                        " ignored: not a legal move");
                }
            }
        } else {
            go.errors.push_back("go " + std::string(t) + " ignored: unknown token");
        }
    }
    // Pondering is not supported: "go ponder" searches until stop like "go infinite".
    if (go.ponder) l.infinite = true;
    // Does anything end this search by itself? (A clock counts only for the side to move.)
    const bool bounded = l.depth > 0 || l.nodes > 0 || l.mate > 0 || l.movetime >= 0 ||
                         l.time[pos.side_to_move()] >= 0;
    if (!bounded && !l.infinite && go.perft_depth == 0) {
        if (go.errors.empty()) {
            // A bare "go" has no end of its own: like "go infinite" it waits for "stop", so
            // end of input can stop it too.
            l.infinite = true;
        } else {
            // UCI has no error reply and a GUI waits for "bestmove" after every "go", so a go
            // whose limits were all refused is neither dropped (no bestmove: the GUI hangs)
            // nor left unbounded (an infinite search that no GUI will stop): it searches to
            // depth 1 and answers at once.
            l.depth = 1;
            go.errors.push_back("go: no valid limit left, searching to depth 1");
        }
    }
    return go;
}

std::optional<SetOption> parse_setoption(const std::vector<std::string_view>& args) {
    if (args.empty() || args[0] != "name") return std::nullopt;
    SetOption opt;
    std::size_t i = 1;
    for (; i < args.size() && args[i] != "value"; ++i) {
        if (!opt.name.empty()) opt.name += ' ';
        opt.name += args[i];
    }
    if (opt.name.empty()) return std::nullopt;
    if (i < args.size()) {
        opt.has_value = true;
        for (++i; i < args.size(); ++i) {
            if (!opt.value.empty()) opt.value += ' ';
            opt.value += args[i];
        }
    }
    return opt;
}

std::string format_score(int score) {
    if (search::is_mate_score(score)) return "mate " + std::to_string(search::mate_moves(score));
    return "cp " + std::to_string(score);
}

std::string format_info(const search::IterationInfo& info) {
    std::ostringstream s;
    const std::int64_t ms = std::max<std::int64_t>(info.time_ms, 0);
    const std::uint64_t nps =
        info.nodes * 1000 / static_cast<std::uint64_t>(std::max<std::int64_t>(ms, 1));
    s << "info depth " << info.depth << " seldepth " << info.seldepth << " multipv 1 score "
      << format_score(info.score);
    if (info.bound == search::Bound::kLower) s << " lowerbound";
    if (info.bound == search::Bound::kUpper) s << " upperbound";
    s << " nodes " << info.nodes << " nps " << nps << " hashfull " << info.hashfull << " time "
      << ms;
    if (info.pv != nullptr && info.pv->length > 0) {
        s << " pv";
        for (int i = 0; i < info.pv->length; ++i) s << ' ' << chess::to_uci(info.pv->moves[i]);
    }
    return s.str();
}

}  // namespace lmr::uci
