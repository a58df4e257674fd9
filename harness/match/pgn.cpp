#include "harness/match/pgn.hpp"

#include <algorithm>
#include <charconv>
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

// The movetext, written word by word into the PGN text: a line takes words while they fit in
// kPgnMaxLineLength characters, a word longer than a line gets a line of its own. Written in
// place, without a list of words: the PGN of every stored game is made here.
class Movetext {
  public:
    explicit Movetext(std::string& out) : out_(out) {}

    void word(std::string_view w) {
        if (line_ > 0 && line_ + 1 + w.size() > static_cast<std::size_t>(kPgnMaxLineLength)) {
            out_ += '\n';
            line_ = 0;
        }
        if (line_ > 0) {
            out_ += ' ';
            ++line_;
        }
        out_ += w;
        line_ += w.size();
    }

    // A comment is one unit for line wrapping, so "{+0.35/12 0.120s}" stays on one line; only a
    // comment longer than a whole line is split between its words (a line break inside a comment
    // is whitespace like any other). A brace comment ends at the first '}' and cannot nest, so
    // braces inside become parentheses; control characters become spaces. False when the text
    // has no word (nothing is written).
    bool comment(std::string_view text) {
        comment_.assign(1, '{');
        bool space = false;  // a space is due before the next word
        for (char c : text) {
            if (c == '{') c = '(';
            if (c == '}') c = ')';
            if (static_cast<unsigned char>(c) <= 0x20 || c == 0x7f) {
                space = comment_.size() > 1;
                continue;
            }
            if (space) comment_ += ' ';
            space = false;
            comment_ += c;
        }
        if (comment_.size() == 1) return false;
        comment_ += '}';
        if (comment_.size() <= static_cast<std::size_t>(kPgnMaxLineLength)) {
            word(comment_);
            return true;
        }
        const std::string_view whole = comment_;
        for (std::size_t begin = 0; begin < whole.size();) {
            const std::size_t end = std::min(whole.find(' ', begin), whole.size());
            word(whole.substr(begin, end - begin));
            begin = end + 1;
        }
        return true;
    }

    // "12." before a White move, "12..." before a Black one.
    void move_number(int number, bool black) {
        char buffer[16];
        char* end = std::to_chars(buffer, buffer + sizeof buffer - 3, number).ptr;
        for (int dots = black ? 3 : 1; dots > 0; --dots) *end++ = '.';
        word(std::string_view(buffer, static_cast<std::size_t>(end - buffer)));
    }

    void end() { out_ += '\n'; }

  private:
    std::string& out_;
    std::size_t line_ = 0;
    std::string comment_;  // kept: one buffer for every comment of the game
};

// The engine's own figure; an engine that prints none still gave its nodes, and the reply time
// is ours.
std::uint64_t nodes_per_second(const core::MoveRecord& m) {
    if (m.nps > 0) return m.nps;
    if (m.time_ms <= 0) return 0;
    return m.nodes * 1000 / static_cast<std::uint64_t>(m.time_ms);
}

// What an engine move's comment says about its search: `+0.35/12 0.120s`, then the figures
// asked for (engine/pgn/move_comment.hpp writes and reads the format).
std::string engine_comment(const core::MoveRecord& m, const PgnCommentFields& fields) {
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

std::string to_pgn(const core::GameRecord& game, const PgnTags& tags, const PgnStyle& style) {
    const std::string start_fen =
        game.start_fen.empty() ? std::string(chess::Position::kStartFen) : game.start_fen;
    std::string error;
    auto start = chess::Position::from_fen(start_fen, &error);
    if (!start)
        throw std::invalid_argument("PGN export: bad start FEN \"" + start_fen + "\": " + error);
    chess::Position pos = *start;
    const bool standard_start = pos.fen() == chess::Position::startpos().fen();
    const std::size_t plies = game.opening_moves.size() + game.moves.size();

    std::string out;
    out.reserve(512 + plies * 24);
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
        add_tag(out, "PlyCount", std::to_string(plies));
        for (const auto& [name, value] : tags.extra) add_tag(out, name, value);
    }
    out += '\n';

    Movetext movetext(out);
    bool black_needs_number = true;  // at the start and after every comment
    std::size_t ply = 0;
    // `san`: the move's SAN when the record has it (match::Game writes it as the game is played,
    // so it is not worked out again); empty: worked out here.
    auto add_move = [&](std::string_view uci, std::string_view san, std::string comment) {
        ++ply;
        if (pos.side_to_move() == chess::kWhite || black_needs_number)
            movetext.move_number(pos.fullmove_number(), pos.side_to_move() == chess::kBlack);
        const chess::Move move = chess::parse_uci(pos, uci, &error);
        if (move.is_none())
            throw std::invalid_argument("PGN export: ply " + std::to_string(ply) + " \"" +
                                        std::string(uci) + "\" in " + pos.fen() + ": " + error);
        if (style.notation == PgnNotation::kSan && !san.empty())
            movetext.word(san);
        else
            movetext.word(move_text(pos, move, style.notation));
        // The reason joins the comment of the game's last move, whichever kind it is.
        if (ply == plies && !game.reason.empty()) comment += ", " + game.reason;
        black_needs_number = !style.minimal && movetext.comment(comment);
        pos.make_move(move);
    };
    for (const std::string& uci : game.opening_moves) add_move(uci, {}, "book");
    for (const core::MoveRecord& record : game.moves)
        add_move(record.uci, record.san,
                 style.minimal ? std::string() : engine_comment(record, style.fields));
    if (plies == 0 && !game.reason.empty() && !style.minimal) movetext.comment(game.reason);
    movetext.word(core::result_token(game.result));
    movetext.end();
    out += '\n';
    return out;
}

}  // namespace lmr::match
