#include "harness/openings/epd_reader.hpp"

#include <cctype>
#include <optional>
#include <string_view>
#include <vector>

#include "engine/chess/movegen.hpp"
#include "engine/chess/position.hpp"
#include "harness/openings/reader_common.hpp"

namespace lmr::openings {

namespace {

bool is_space(char c) {
    return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

bool all_digits(std::string_view text) {
    if (text.empty() || text.size() > 9) return false;
    for (char c : text) {
        if (!std::isdigit(static_cast<unsigned char>(c))) return false;
    }
    return true;
}

// Splits off the next whitespace-separated word of `rest`.
std::string_view next_word(std::string_view& rest) {
    std::size_t i = 0;
    while (i < rest.size() && is_space(rest[i])) ++i;
    std::size_t j = i;
    while (j < rest.size() && !is_space(rest[j])) ++j;
    const std::string_view word = rest.substr(i, j - i);
    rest.remove_prefix(j);
    return word;
}

struct Operation {
    std::string opcode;
    std::vector<std::string> operands;  // strings without their quotes
};

// Parses `opcode operand… ;` operations. Strings may contain ';'. The last
// operation may omit its ';' (common in hand-written files).
std::optional<std::string> parse_operations(std::string_view text, std::vector<Operation>& ops) {
    std::size_t i = 0;
    const auto skip_space = [&] {
        while (i < text.size() && is_space(text[i])) ++i;
    };
    while (true) {
        skip_space();
        if (i >= text.size()) return std::nullopt;
        if (!std::isalpha(static_cast<unsigned char>(text[i]))) {
            return "expected an EPD opcode, found '" + std::string(text.substr(i, 12)) + "'";
        }
        Operation op;
        while (i < text.size() &&
               (std::isalnum(static_cast<unsigned char>(text[i])) || text[i] == '_')) {
            op.opcode += text[i++];
        }
        while (true) {
            skip_space();
            if (i >= text.size()) break;
            if (text[i] == ';') {
                ++i;
                break;
            }
            std::string operand;
            if (text[i] == '"') {
                const std::size_t start = i++;
                while (i < text.size() && text[i] != '"') {
                    if (text[i] == '\\' && i + 1 < text.size()) ++i;
                    operand += text[i++];
                }
                if (i >= text.size()) {
                    return "unterminated string in operation '" + op.opcode + "' starting '" +
                           std::string(text.substr(start, 20)) + "'";
                }
                ++i;  // closing quote
            } else {
                while (i < text.size() && !is_space(text[i]) && text[i] != ';')
                    operand += text[i++];
            }
            op.operands.push_back(std::move(operand));
        }
        ops.push_back(std::move(op));
    }
}

// One EPD line → an opening, or the reason it is not one.
std::optional<std::string> parse_line(std::string_view line, Opening& opening) {
    // A PGN tag pair here is most likely a PGN file read as EPD (named .epd, or format=epd).
    if (line.front() == '[')
        return "'" + std::string(line.substr(0, 20)) +
               "' is not an EPD position but looks like PGN: is this a PGN file? (a book is read "
               "as PGN when its name ends in .pgn, or with fastchess's format=pgn)";
    std::string_view rest = line;
    std::string fields[4];
    for (int f = 0; f < 4; ++f) {
        fields[f] = std::string(next_word(rest));
        if (fields[f].empty()) {
            return "expected 4 FEN fields (board, side to move, castling, en passant), found " +
                   std::to_string(f);
        }
    }
    std::string halfmove = "0", fullmove = "1";
    bool counters_given = false;
    {
        std::string_view probe = rest;
        const std::string_view first = next_word(probe);
        if (all_digits(first)) {
            const std::string_view second = next_word(probe);
            if (!all_digits(second)) {
                return "halfmove clock '" + std::string(first) +
                       "' must be followed by a fullmove number";
            }
            halfmove = std::string(first);
            fullmove = std::string(second);
            counters_given = true;
            rest = probe;
        }
    }
    std::vector<Operation> ops;
    if (auto error = parse_operations(rest, ops)) return error;
    for (const Operation& op : ops) {
        if (op.opcode == "id" && !op.operands.empty()) opening.name = op.operands[0];
        if (!counters_given && op.opcode == "hmvc" && op.operands.size() == 1 &&
            all_digits(op.operands[0])) {
            halfmove = op.operands[0];
        }
        if (!counters_given && op.opcode == "fmvn" && op.operands.size() == 1 &&
            all_digits(op.operands[0])) {
            fullmove = op.operands[0];
        }
    }

    const std::string fen = fields[0] + ' ' + fields[1] + ' ' + fields[2] + ' ' + fields[3] + ' ' +
                            halfmove + ' ' + fullmove;
    std::string error;
    const auto position = chess::Position::from_fen(fen, &error);
    if (!position) return "invalid position '" + fen + "': " + error;
    if (chess::count_legal_moves(*position) == 0) {
        return "position '" + fen + "' has no legal move (" +
               (position->in_check() ? "checkmate" : "stalemate") + ")";
    }
    opening.start_fen = position->fen();
    opening.fen = opening.start_fen;
    return std::nullopt;
}

}  // namespace

ReadResult read_epd(std::istream& in, const std::string& source, const ReadOptions& options) {
    detail::Collector collector(source, options);
    std::string line;
    std::size_t line_number = 0;
    while (std::getline(in, line)) {
        ++line_number;
        std::string_view text = line;
        if (line_number == 1 && text.substr(0, 3) == "\xEF\xBB\xBF") text.remove_prefix(3);
        while (!text.empty() && is_space(text.front())) text.remove_prefix(1);
        while (!text.empty() && is_space(text.back())) text.remove_suffix(1);
        if (text.empty() || text.front() == '#') continue;
        Opening opening;
        opening.line = line_number;
        if (auto error = parse_line(text, opening)) {
            collector.reject(line_number, *error);
            continue;
        }
        collector.add(std::move(opening));
    }
    if (in.bad()) collector.fatal(line_number, "read error");
    return collector.take();
}

ReadResult read_epd_file(const std::filesystem::path& path, const ReadOptions& options) {
    std::ifstream in = detail::open_book_file(path);
    return read_epd(in, path.string(), options);
}

}  // namespace lmr::openings
