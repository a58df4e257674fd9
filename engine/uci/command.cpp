#include "engine/uci/command.hpp"

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <sstream>

#include "engine/chess/notation.hpp"

namespace lmr::uci {

namespace {

template <typename T>
bool parse_number(std::string_view text, T& out) {
    if (!text.empty() && text.front() == '+') text.remove_prefix(1);
    const char* end = text.data() + text.size();
    const auto [ptr, ec] = std::from_chars(text.data(), end, out);
    return ec == std::errc() && ptr == end;
}

// Reads the number after a keyword; returns true (and advances i) only if it parses.
template <typename T>
bool next_number(const std::vector<std::string_view>& args, std::size_t& i, T& out) {
    if (i + 1 >= args.size()) return false;
    T value{};
    if (!parse_number(args[i + 1], value)) return false;
    out = value;
    ++i;
    return true;
}

bool is_go_keyword(std::string_view t) {
    static constexpr std::string_view kKeywords[] = {
        "searchmoves", "ponder", "wtime", "btime",    "winc",     "binc", "movestogo",
        "depth",       "nodes",  "mate",  "movetime", "infinite", "perft"};
    for (const auto k : kKeywords) {
        if (t == k) return true;
    }
    return false;
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
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string_view t = args[i];
        std::int64_t v = 0;
        if (t == "wtime") {
            if (next_number(args, i, v)) l.time[chess::kWhite] = std::max<std::int64_t>(0, v);
        } else if (t == "btime") {
            if (next_number(args, i, v)) l.time[chess::kBlack] = std::max<std::int64_t>(0, v);
        } else if (t == "winc") {
            if (next_number(args, i, v)) l.inc[chess::kWhite] = std::max<std::int64_t>(0, v);
        } else if (t == "binc") {
            if (next_number(args, i, v)) l.inc[chess::kBlack] = std::max<std::int64_t>(0, v);
        } else if (t == "movestogo") {
            if (next_number(args, i, v))
                l.movestogo = static_cast<int>(std::clamp<std::int64_t>(v, 0, 1000));
        } else if (t == "movetime") {
            if (next_number(args, i, v)) l.movetime = std::max<std::int64_t>(0, v);
        } else if (t == "depth") {
            if (next_number(args, i, v))
                l.depth = static_cast<int>(std::clamp<std::int64_t>(v, 1, search::kMaxPly - 8));
        } else if (t == "nodes") {
            std::uint64_t n = 0;
            if (next_number(args, i, n)) l.nodes = std::max<std::uint64_t>(1, n);
        } else if (t == "mate") {
            if (next_number(args, i, v))
                l.mate = static_cast<int>(std::clamp<std::int64_t>(v, 0, 100));
        } else if (t == "infinite") {
            l.infinite = true;
        } else if (t == "ponder") {
            go.ponder = true;
        } else if (t == "perft") {
            if (next_number(args, i, v))
                go.perft_depth = static_cast<int>(std::clamp<std::int64_t>(v, 0, 20));
        } else if (t == "searchmoves") {
            while (i + 1 < args.size() && !is_go_keyword(args[i + 1])) {
                const chess::Move m = chess::parse_uci(pos, args[++i]);
                if (m != chess::Move::none()) l.searchmoves.push_back(m);
            }
        }
    }
    // Pondering is not supported: "go ponder" searches until stop like "go infinite".
    if (go.ponder) l.infinite = true;
    // A bare "go" (or one whose limits were all unreadable) has no end of its own: like
    // "go infinite" it waits for "stop", so end of input can stop it too.
    if (!l.has_time_limit() && l.depth == 0 && l.nodes == 0 && l.mate == 0) l.infinite = true;
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
