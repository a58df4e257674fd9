#pragma once

// An opening book as the scheduler uses it: loaded once, then asked for the
// opening of pair i. The order is part of a run's plan: sequential, or a
// permutation drawn from the run's seed — computed here with our own
// Fisher–Yates on std::mt19937_64 (whose output the C++ standard fixes), not
// std::shuffle or std::uniform_int_distribution (whose results differ between
// standard libraries), so a stored seed replays the same openings anywhere.

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "harness/openings/opening.hpp"

namespace lmr::openings {

enum class BookFormat { kEpd, kPgn };
enum class BookOrder { kSequential, kRandom };

std::string_view to_string(BookFormat);  // "epd", "pgn"
std::string_view to_string(BookOrder);   // "sequential", "random"
std::optional<BookFormat> parse_book_format(std::string_view);
std::optional<BookOrder> parse_book_order(std::string_view);
// From the file name: .epd / .pgn, any case; nullopt otherwise.
std::optional<BookFormat> format_from_extension(const std::filesystem::path&);

struct BookOptions {
    std::optional<BookFormat> format;  // nullopt: from the extension
    BookOrder order = BookOrder::kSequential;
    std::uint64_t seed = 0;     // used by kRandom
    std::size_t start = 0;      // 0-based position in the (shuffled) order of pair 0
    std::optional<int> plies;   // PGN: plies kept per game (nullopt: all)
    bool skip_invalid = false;  // see ReadOptions
};

// The permutation of 0…n-1 used by BookOrder::kRandom: Fisher–Yates driven
// by mt19937_64(seed) with unbiased bounded draws (rejection sampling).
std::vector<std::size_t> shuffled_order(std::size_t n, std::uint64_t seed);

class Book {
  public:
    // Throws BookError (unknown format, unreadable file, a bad entry, or no
    // openings at all).
    static Book load(const std::filesystem::path& path, const BookOptions& options = {});
    // A book from openings already in memory (generated books, tests).
    Book(std::vector<Opening> openings, BookOrder order, std::uint64_t seed, std::size_t start = 0);

    std::size_t size() const { return openings_.size(); }
    // Index into entries() (file order) of the opening for pair `pair_index`;
    // pairs beyond the book's size wrap around. This is the games table's
    // opening_index.
    std::size_t index_of(std::uint64_t pair_index) const;
    const Opening& opening(std::uint64_t pair_index) const {
        return openings_[index_of(pair_index)];
    }
    const std::vector<Opening>& entries() const { return openings_; }

    BookOrder order() const { return order_; }
    std::uint64_t seed() const { return seed_; }
    std::size_t start() const { return start_; }
    std::size_t skipped() const { return skipped_; }
    const std::vector<std::string>& skipped_errors() const { return skipped_errors_; }

  private:
    std::vector<Opening> openings_;
    std::vector<std::size_t> order_indexes_;  // empty for sequential
    BookOrder order_;
    std::uint64_t seed_;
    std::size_t start_;
    std::size_t skipped_ = 0;
    std::vector<std::string> skipped_errors_;
};

}  // namespace lmr::openings
