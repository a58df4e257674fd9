#include "harness/openings/book_generation.hpp"

#include <sstream>
#include <stdexcept>

#include "harness/core/atomic_file.hpp"
#include "harness/openings/eco_reader.hpp"
#include "harness/openings/epd_reader.hpp"

namespace lmr::openings {

namespace {

std::string book_notes(const BookRequest& request, const BookSummary& summary,
                       std::uint64_t nodes) {
    const std::vector<std::string> lines{
        "LMR Lab opening book " + request.out.filename().string() +
            ": final positions of the named lines in Scid's",
        "ECO file, kept when a short engine search finds them roughly equal. Do not edit;",
        "regenerate with:",
        request.command,
        "Source: " + request.eco.filename().string() + " (" + std::to_string(summary.lines) +
            " lines; Debian package scid-data)",
        "Engine: " + summary.engine_id + ", go nodes " + std::to_string(nodes) +
            " after ucinewgame per position",
        std::to_string(summary.selection.unique) + " unique positions with " +
            std::to_string(request.min_plies) + "-" + std::to_string(request.max_plies) +
            " plies, " + std::to_string(summary.scored) + " scored, " +
            std::to_string(summary.kept) + " within +-" + std::to_string(request.max_cp) + " cp",
        "Per line: 4-field FEN; hmvc/fmvn = move counters where the line ends; id = ECO code and",
        "name of the first line reaching the position; ce = score in cp for the side to move.",
    };
    std::string text;
    for (const std::string& line : lines) text += line + '\n';
    return text;
}

}  // namespace

BookSummary generate_book(const BookRequest& request, const ScorerOptions& scorer,
                          const std::function<void(const BookSummary&)>& on_selected) {
    BookSummary summary;
    ReadOptions read_options;
    read_options.skip_invalid = request.skip_invalid;
    const ReadResult lines = read_eco_file(request.eco, read_options);
    summary.lines = lines.openings.size();
    summary.skipped = lines.skipped;
    summary.skipped_errors = lines.skipped_errors;

    Selection selection = select_candidates(lines.openings, request.min_plies, request.max_plies);
    std::vector<Candidate>& candidates = selection.candidates;
    if (request.limit && candidates.size() > *request.limit) candidates.resize(*request.limit);
    summary.selection = selection.stats;
    summary.scored = candidates.size();
    on_selected(summary);

    std::vector<std::string> fens;
    fens.reserve(candidates.size());
    for (const auto& c : candidates)
        fens.push_back(c.epd + ' ' + std::to_string(c.halfmove_clock) + ' ' +
                       std::to_string(c.fullmove_number));
    const ScorerResult scores = score_positions(fens, scorer);
    if (scorer.interrupt != nullptr && *scorer.interrupt)
        throw ScorerInterrupted("interrupted before the book was written");
    summary.engine_id = scores.engine_id;
    summary.retries = scores.retries;

    std::vector<BookEntry> book;
    for (std::size_t i = 0; i < candidates.size(); ++i) {
        const Evaluation& e = scores.evaluations[i];
        if (is_balanced(e, request.max_cp)) {
            book.push_back({candidates[i], e.score->value});
        } else if (!e.score) {
            ++summary.no_score;
        } else if (e.score->is_mate()) {
            ++summary.mates;
        } else {
            ++summary.unbalanced;
        }
    }
    sort_book(book);
    summary.kept = book.size();

    std::ostringstream text;
    write_book(text, book);
    core::write_file_atomically(request.out, text.str());
    core::write_file_atomically(book_notes_path(request.out),
                                book_notes(request, summary, scorer.nodes));
    // The book must be one the run commands accept; reading it back is the proof.
    const auto check = read_epd_file(request.out);
    if (check.openings.size() != book.size())
        throw std::runtime_error(request.out.string() + " reads back " +
                                 std::to_string(check.openings.size()) + " positions, expected " +
                                 std::to_string(book.size()));
    return summary;
}

}  // namespace lmr::openings
