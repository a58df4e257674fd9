#include "harness/match/pgn.hpp"

#include <ctime>
#include <stdexcept>

#include "engine/chess/notation.hpp"
#include "engine/chess/position.hpp"
#include "engine/pgn/move_comment.hpp"
#include "engine/text/text.hpp"

namespace lmr::match {
namespace {

// Tag values are strings: quote and backslash are escaped, control characters (a newline
// from an engine's id, say) would break the tag line and become spaces.
std::string escape_tag_value(std::string_view value) {
    std::string out;
    out.reserve(value.size());
    for (char c : value) {
        if (c == '\\' || c == '"') {
            out += '\\';
            out += c;
        } else if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) {
            out += ' ';
        } else {
            out += c;
        }
    }
    return out;
}

// A brace comment ends at the first '}' and cannot nest, so braces inside become parentheses.
std::string comment_text(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    for (char c : text) {
        if (c == '{')
            out += '(';
        else if (c == '}')
            out += ')';
        else if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f)
            out += ' ';
        else
            out += c;
    }
    return out;
}

// A comment is one unit for line wrapping, so "{+0.35/12 0.120s}" stays on one line; only a
// comment longer than a whole line is split between its words (a line break inside a comment is
// whitespace like any other).
void add_comment(std::vector<std::string>& words, std::string_view text) {
    const std::string clean = comment_text(text);
    const std::vector<std::string_view> words_of_comment = text::split_words(clean);
    std::vector<std::string> parts(words_of_comment.begin(), words_of_comment.end());
    if (parts.empty()) return;
    std::string whole = "{" + text::joined(parts, " ") + "}";
    if (whole.size() <= static_cast<std::size_t>(kPgnMaxLineLength)) {
        words.push_back(std::move(whole));
        return;
    }
    parts.front().insert(0, "{");
    parts.back() += "}";
    for (auto& p : parts) words.push_back(std::move(p));
}

// The engine's own figure; an engine that prints none still gave its nodes, and the reply time
// is ours.
std::uint64_t nodes_per_second(const MoveRecord& m) {
    if (m.nps > 0) return m.nps;
    if (m.time_ms <= 0) return 0;
    return m.nodes * 1000 / static_cast<std::uint64_t>(m.time_ms);
}

// What an engine move's comment says about its search: `+0.35/12 0.120s`, then the figures
// asked for (engine/pgn/move_comment.hpp writes and reads the format).
std::string engine_comment(const MoveRecord& m, const PgnCommentFields& fields) {
    pgn::MoveComment comment;
    if (m.score) {
        comment.score = m.score->value;
        comment.mate = m.score->is_mate();
    }
    comment.depth = m.depth;
    comment.time_ms = m.time_ms;
    if (fields.timeleft) comment.timeleft_ms = m.clock_left_ms;
    if (fields.latency && m.engine_time_ms) comment.latency_ms = m.time_ms - *m.engine_time_ms;
    if (fields.nodes) comment.nodes = m.nodes;
    if (fields.seldepth) comment.seldepth = m.seldepth;
    if (fields.nps) comment.nps = nodes_per_second(m);
    if (fields.hashfull) comment.hashfull = m.hashfull;
    if (fields.tbhits) comment.tbhits = m.tbhits;
    if (fields.pv) comment.pv = text::joined(m.pv, " ");
    comment.lines = m.kept_lines;  // kept only when asked for (match_line=)
    return pgn::format_move_comment(comment);
}

std::string wrap(const std::vector<std::string>& words) {
    std::string out;
    std::size_t line = 0;
    for (const auto& w : words) {
        if (line > 0 && line + 1 + w.size() > static_cast<std::size_t>(kPgnMaxLineLength)) {
            out += '\n';
            line = 0;
        }
        if (line > 0) {
            out += ' ';
            ++line;
        }
        out += w;
        line += w.size();
    }
    out += '\n';
    return out;
}

void add_tag(std::string& out, std::string_view name, std::string_view value) {
    out += '[';
    out += name;
    out += " \"";
    out += escape_tag_value(value);
    out += "\"]\n";
}

std::string move_text(const chess::Position& pos, chess::Move move, PgnNotation notation) {
    switch (notation) {
        case PgnNotation::kLan:
            return chess::to_lan(pos, move);
        case PgnNotation::kUci:
            return chess::to_uci(move);
        case PgnNotation::kSan:
            break;
    }
    return chess::to_san(pos, move);
}

}  // namespace

std::optional<PgnNotation> parse_pgn_notation(std::string_view text) {
    if (text == "san") return PgnNotation::kSan;
    if (text == "lan") return PgnNotation::kLan;
    if (text == "uci") return PgnNotation::kUci;
    return std::nullopt;
}

std::string pgn_date(std::chrono::system_clock::time_point when) {
    if (when == std::chrono::system_clock::time_point{}) return "????.??.??";
    const std::time_t t = std::chrono::system_clock::to_time_t(when);
    std::tm tm{};
    gmtime_r(&t, &tm);
    char buffer[16];
    std::strftime(buffer, sizeof buffer, "%Y.%m.%d", &tm);
    return buffer;
}

std::string to_pgn(const GameRecord& game, const PgnTags& tags, const PgnStyle& style) {
    const std::string start_fen =
        game.start_fen.empty() ? std::string(chess::Position::kStartFen) : game.start_fen;
    std::string error;
    auto start = chess::Position::from_fen(start_fen, &error);
    if (!start)
        throw std::invalid_argument("PGN export: bad start FEN \"" + start_fen + "\": " + error);
    chess::Position pos = *start;
    const bool standard_start = pos.fen() == chess::Position::startpos().fen();

    std::vector<std::string> words;
    bool black_needs_number = true;  // at the start and after every comment
    int ply = 0;
    auto add_move = [&](std::string_view uci, const std::string& comment) {
        ++ply;
        const int number = pos.fullmove_number();
        if (pos.side_to_move() == chess::kWhite) {
            words.push_back(std::to_string(number) + ".");
        } else if (black_needs_number) {
            words.push_back(std::to_string(number) + "...");
        }
        const chess::Move move = chess::parse_uci(pos, uci, &error);
        if (move.is_none())
            throw std::invalid_argument("PGN export: ply " + std::to_string(ply) + " \"" +
                                        std::string(uci) + "\" in " + pos.fen() + ": " + error);
        words.push_back(move_text(pos, move, style.notation));
        const std::size_t before = words.size();
        if (!style.minimal) add_comment(words, comment);
        black_needs_number = words.size() != before;
        pos.make_move(move);
    };
    // The reason joins the comment of the game's last move, whichever kind it is.
    const std::size_t last_move = game.opening_moves.size() + game.moves.size();
    auto with_reason = [&](std::string comment) {
        if (ply + 1 == static_cast<int>(last_move) && !game.reason.empty())
            comment += ", " + game.reason;
        return comment;
    };
    for (const std::string& uci : game.opening_moves) add_move(uci, with_reason("book"));
    for (const MoveRecord& record : game.moves)
        add_move(record.uci, with_reason(engine_comment(record, style.fields)));
    if (last_move == 0 && !game.reason.empty() && !style.minimal) add_comment(words, game.reason);
    words.push_back(std::string(core::result_token(game.result)));

    std::string out;
    add_tag(out, "Event", tags.event);
    add_tag(out, "Site", tags.site);
    add_tag(out, "Date", pgn_date(game.started));
    add_tag(out, "Round", tags.round);
    add_tag(out, "White", game.white.empty() ? "?" : game.white);
    add_tag(out, "Black", game.black.empty() ? "?" : game.black);
    add_tag(out, "Result", core::result_token(game.result));
    if (!standard_start) {
        add_tag(out, "SetUp", "1");
        add_tag(out, "FEN", start->fen());
    }
    if (!style.minimal) {
        if (game.white_time_control.empty()) {
            add_tag(out, "TimeControl", game.time_control.empty() ? "?" : game.time_control);
        } else {
            add_tag(out, "WhiteTimeControl", game.white_time_control);
            add_tag(out, "BlackTimeControl", game.black_time_control);
        }
        add_tag(out, "Termination", core::pgn_termination(game.termination));
        add_tag(out, "TerminationDetail", core::termination_name(game.termination));
        add_tag(out, "PlyCount", std::to_string(ply));
        for (const auto& [name, value] : tags.extra) add_tag(out, name, value);
    }
    out += '\n';
    out += wrap(words);
    out += '\n';
    return out;
}

}  // namespace lmr::match
