#pragma once
// `lmr-harness openings generate` as one call: read the ECO lines, select the candidates
// (book_generator.hpp), score them with an engine (position_scorer.hpp), keep the balanced
// ones and write the book atomically, read back as the run commands read it. The command line
// only parses its flags into a BookRequest and prints the summary.

#include <cstddef>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "harness/openings/book_generator.hpp"
#include "harness/openings/position_scorer.hpp"

namespace lmr::openings {

struct BookRequest {
    std::filesystem::path eco;  // Scid's scid.eco or a file in its format
    bool skip_invalid = false;  // skip entries with illegal moves instead of stopping
    int min_plies = 6;          // the line lengths kept, inclusive
    int max_plies = 16;
    std::optional<std::size_t> limit;  // score only the first N candidates (trials)
    int max_cp = 25;                   // balanced: scored within ±max_cp centipawns
    std::filesystem::path out;
    std::string command;  // the command line that makes this book, for its header
};

// What was read, scored and kept, for the caller to print.
struct BookSummary {
    std::size_t lines = 0;  // ECO lines read
    std::size_t skipped = 0;
    std::vector<std::string> skipped_errors;
    SelectionStats selection;
    std::size_t scored = 0;  // candidates scored (after --limit)
    std::size_t kept = 0;    // in the book
    std::size_t unbalanced = 0, mates = 0, no_score = 0;
    std::string engine_id;
    std::size_t retries = 0;
};

// Makes the book at request.out. `on_selected` is called with the lines and the selection
// once the candidates are known, before the (long) scoring. Throws BookError (a bad ECO file),
// ScorerError, ScorerInterrupted (Ctrl-C through scorer.interrupt), std::runtime_error (the
// book cannot be written or does not read back); in every case request.out is as it was.
BookSummary generate_book(const BookRequest& request, const ScorerOptions& scorer,
                          const std::function<void(const BookSummary&)>& on_selected);

}  // namespace lmr::openings
