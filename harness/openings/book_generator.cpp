#include "harness/openings/book_generator.hpp"

#include <algorithm>
#include <stdexcept>
#include <tuple>
#include <unordered_set>

#include "engine/chess/movegen.hpp"
#include "engine/chess/notation.hpp"
#include "harness/openings/eco_reader.hpp"

namespace lmr::openings {

namespace {

// The first four space-separated fields of a FEN.
std::string first_four_fields(const std::string& fen) {
    std::size_t end = 0;
    for (int field = 0; field < 4; ++field) {
        end = fen.find(' ', end);
        if (end == std::string::npos) return fen;
        ++end;
    }
    return fen.substr(0, end - 1);
}

bool en_passant_capture_exists(const chess::Position& position) {
    if (position.en_passant_square() == chess::kNoSquare) return false;
    chess::MoveList captures;
    chess::generate(position, captures, chess::GenType::kCaptures);
    return std::any_of(captures.begin(), captures.end(),
                       [](chess::Move m) { return m.is_en_passant(); });
}

// EPD strings may not hold a raw '"'; names come from outside, so quotes become apostrophes
// and control characters spaces rather than breaking the line.
std::string epd_string(std::string_view text) {
    std::string out;
    for (char c : text) {
        if (c == '"') c = '\'';
        if (static_cast<unsigned char>(c) < 0x20 || c == '\\') c = ' ';
        out += c;
    }
    return out;
}

}  // namespace

std::string position_identity(const chess::Position& position) {
    std::string fields = first_four_fields(position.fen());
    if (position.en_passant_square() != chess::kNoSquare && !en_passant_capture_exists(position)) {
        fields.replace(fields.rfind(' ') + 1, std::string::npos, "-");
    }
    return fields;
}

Selection select_candidates(const std::vector<Opening>& openings, int min_plies, int max_plies) {
    if (min_plies < 0 || min_plies > max_plies) {
        throw std::invalid_argument("the ply range " + std::to_string(min_plies) + "…" +
                                    std::to_string(max_plies) + " is empty");
    }
    Selection selection;
    std::unordered_set<std::string> seen;
    for (const Opening& opening : openings) {
        ++selection.stats.lines;
        const int plies = static_cast<int>(opening.moves.size());
        if (plies < min_plies) {
            ++selection.stats.too_short;
            continue;
        }
        if (plies > max_plies) {
            ++selection.stats.too_long;
            continue;
        }
        std::string error;
        const auto position = chess::Position::from_fen(opening.fen, &error);
        if (!position) {
            throw std::invalid_argument("opening '" + opening.name + "' (line " +
                                        std::to_string(opening.line) +
                                        ") ends in an invalid position: " + error);
        }
        Candidate candidate;
        candidate.epd = position_identity(*position);
        if (!seen.insert(candidate.epd).second) {
            ++selection.stats.duplicates;
            continue;
        }
        candidate.halfmove_clock = position->halfmove_clock();
        candidate.fullmove_number = position->fullmove_number();
        candidate.name = opening.name;
        candidate.plies = plies;
        candidate.line = opening.line;
        selection.candidates.push_back(std::move(candidate));
    }
    selection.stats.unique = selection.candidates.size();
    return selection;
}

bool is_balanced(const Evaluation& evaluation, int max_cp) {
    const std::optional<core::Score>& score = evaluation.score;
    return score && !score->is_mate() && score->value >= -max_cp && score->value <= max_cp;
}

void sort_book(std::vector<BookEntry>& entries) {
    std::sort(entries.begin(), entries.end(), [](const BookEntry& a, const BookEntry& b) {
        return std::forward_as_tuple(eco_code_of(a.candidate.name), a.candidate.epd) <
               std::forward_as_tuple(eco_code_of(b.candidate.name), b.candidate.epd);
    });
}

std::string epd_line(const BookEntry& entry) {
    const Candidate& c = entry.candidate;
    return c.epd + " hmvc " + std::to_string(c.halfmove_clock) + "; fmvn " +
           std::to_string(c.fullmove_number) + "; id \"" + epd_string(c.name) + "\"; ce " +
           std::to_string(entry.score_cp) + ";";
}

void write_book(std::ostream& out, const std::vector<BookEntry>& entries) {
    for (const BookEntry& entry : entries) out << epd_line(entry) << '\n';
}

std::filesystem::path book_notes_path(const std::filesystem::path& book) {
    return book.string() + ".txt";
}

}  // namespace lmr::openings
