#include "harness/openings/eco_reader.hpp"

#include <cctype>
#include <iterator>
#include <optional>
#include <utility>
#include <vector>

#include "engine/chess/movegen.hpp"
#include "engine/chess/notation.hpp"
#include "engine/chess/position.hpp"
#include "harness/openings/reader_common.hpp"

namespace lmr::openings {

namespace {

bool is_blank(char c) {
    return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}
bool is_digit(char c) {
    return c >= '0' && c <= '9';
}

struct Token {
    enum class Kind { kWord, kString, kStar };
    Kind kind;
    std::string text;
    std::size_t line;
};

// The whole file as tokens: words, quoted names and '*'. Comments are dropped here. An
// unterminated name is an error (everything after it would be misread).
std::vector<Token> tokenize(std::string_view text, const detail::Collector& out) {
    std::vector<Token> tokens;
    std::size_t line = 1;
    bool line_start = true;  // only blanks so far on this line
    std::size_t i = 0;
    if (text.substr(0, 3) == "\xEF\xBB\xBF") i = 3;
    while (i < text.size()) {
        const char c = text[i];
        if (c == '\n') {
            ++line;
            line_start = true;
            ++i;
        } else if (is_blank(c)) {
            ++i;
        } else if (c == '#' && line_start) {
            while (i < text.size() && text[i] != '\n') ++i;
        } else if (c == '"') {
            const std::size_t first_line = line;
            std::string value;
            ++i;
            while (i < text.size() && text[i] != '"') {
                if (text[i] == '\n') {
                    out.fatal(first_line, "unterminated name (a '\"' is missing on this line)");
                }
                if (text[i] == '\\' && i + 1 < text.size() && text[i + 1] != '\n') ++i;
                value += text[i++];
            }
            if (i >= text.size()) out.fatal(first_line, "unterminated name at the end of the file");
            ++i;
            tokens.push_back({Token::Kind::kString, std::move(value), first_line});
            line_start = false;
        } else if (c == '*') {
            tokens.push_back({Token::Kind::kStar, "*", line});
            line_start = false;
            ++i;
        } else {
            std::string word;
            while (i < text.size() && !is_blank(text[i]) && text[i] != '\n' && text[i] != '"' &&
                   text[i] != '*') {
                word += text[i++];
            }
            tokens.push_back({Token::Kind::kWord, std::move(word), line});
            line_start = false;
        }
    }
    return tokens;
}

// "12." / "12..." / "3.e4" / "3...e5" → the SAN part ("", "", "e4", "e5"); other words as
// they are.
std::string_view strip_move_number(std::string_view word) {
    std::size_t digits = 0;
    while (digits < word.size() && is_digit(word[digits])) ++digits;
    if (digits == 0 || digits == word.size() || word[digits] != '.') return word;
    std::size_t end = digits;
    while (end < word.size() && word[end] == '.') ++end;
    return word.substr(end);
}

class EcoParser {
  public:
    EcoParser(std::vector<Token> tokens, detail::Collector& out)
        : tokens_(std::move(tokens)), out_(out) {}

    void run() {
        std::size_t i = 0;
        while (i < tokens_.size()) i = parse_entry(i);
    }

  private:
    // Parses the entry starting at tokens_[i]; returns the index after its '*'.
    std::size_t parse_entry(std::size_t i) {
        const Token& code = tokens_[i];
        if (code.kind != Token::Kind::kWord || !is_eco_code(code.text)) {
            out_.fatal(code.line,
                       "expected an ECO code such as 'A00' or 'B12c1' to start an "
                       "entry, found '" +
                           code.text + "'");
        }
        if (i + 1 >= tokens_.size() || tokens_[i + 1].kind != Token::Kind::kString) {
            out_.fatal(code.line, "ECO code '" + code.text + "' is not followed by a quoted name");
        }
        const std::string name =
            tokens_[i + 1].text.empty() ? code.text : code.text + ' ' + tokens_[i + 1].text;
        const std::string label = "entry '" + name + "' (line " + std::to_string(code.line) + ")";

        chess::Position position = chess::Position::startpos();
        std::vector<std::string> moves;
        bool bad = false;
        const auto& limit = out_.options().plies;
        for (i += 2; i < tokens_.size(); ++i) {
            const Token& token = tokens_[i];
            if (token.kind == Token::Kind::kStar) break;
            const bool next_entry = token.kind == Token::Kind::kString ||
                                    (is_eco_code(token.text) && i + 1 < tokens_.size() &&
                                     tokens_[i + 1].kind == Token::Kind::kString);
            if (next_entry) {
                out_.fatal(token.line, label + " has no '*' before the next entry");
            }
            const std::string_view san = strip_move_number(token.text);
            if (bad || san.empty()) continue;
            if (limit && static_cast<int>(moves.size()) >= *limit) continue;
            std::string error;
            const chess::Move move = chess::parse_san(position, san, &error);
            if (move == chess::Move::none()) {
                const bool white = position.side_to_move() == chess::kWhite;
                out_.reject(token.line, "illegal SAN '" + std::string(san) + "' at ply " +
                                            std::to_string(moves.size() + 1) + " (" +
                                            std::to_string(position.fullmove_number()) +
                                            (white ? ". white" : "... black") + ") of " + label +
                                            ": " + error);
                bad = true;
                continue;
            }
            moves.push_back(chess::to_uci(move));
            position.make_move(move);
        }
        if (i >= tokens_.size()) {
            out_.fatal(tokens_.back().line, label + " is not terminated by '*'");
        }
        if (!bad && chess::count_legal_moves(position) == 0) {
            out_.reject(code.line, label + " ends the game (" +
                                       (position.in_check() ? "checkmate" : "stalemate") + ")");
            bad = true;
        }
        if (!bad) {
            Opening opening;
            opening.start_fen = chess::Position::startpos().fen();
            opening.moves = std::move(moves);
            opening.fen = position.fen();
            opening.name = name;
            opening.line = code.line;
            out_.add(std::move(opening));
        }
        return i + 1;
    }

    std::vector<Token> tokens_;
    detail::Collector& out_;
};

}  // namespace

bool is_eco_code(std::string_view text) {
    if (text.size() < 3 || text.size() > 5) return false;
    if (text[0] < 'A' || text[0] > 'E' || !is_digit(text[1]) || !is_digit(text[2])) return false;
    if (text.size() >= 4 && (text[3] < 'a' || text[3] > 'z')) return false;
    if (text.size() == 5 && (text[4] < '1' || text[4] > '4')) return false;
    return true;
}

std::string_view eco_code_of(std::string_view name) {
    const std::string_view first = name.substr(0, name.find(' '));
    return is_eco_code(first) ? first : std::string_view();
}

ReadResult read_eco(std::string_view text, const std::string& source, const ReadOptions& options) {
    if (options.plies && *options.plies < 0) {
        throw BookError(source, 0, "plies must be 0 or more");
    }
    detail::Collector collector(source, options);
    EcoParser(tokenize(text, collector), collector).run();
    return collector.take();
}

ReadResult read_eco(std::istream& in, const std::string& source, const ReadOptions& options) {
    const std::string text(std::istreambuf_iterator<char>(in), {});
    if (in.bad()) throw BookError(source, 0, "read error");
    return read_eco(std::string_view(text), source, options);
}

ReadResult read_eco_file(const std::filesystem::path& path, const ReadOptions& options) {
    std::ifstream in = detail::open_book_file(path);
    return read_eco(in, path.string(), options);
}

}  // namespace lmr::openings
