#include "harness/openings/book.hpp"

#include <random>
#include <utility>

#include "engine/chess/position.hpp"
#include "engine/text/text.hpp"
#include "harness/openings/epd_reader.hpp"
#include "harness/openings/pgn_reader.hpp"

namespace lmr::openings {

std::string_view to_string(BookFormat format) {
    return format == BookFormat::kEpd ? "epd" : "pgn";
}

std::string_view to_string(BookOrder order) {
    return order == BookOrder::kSequential ? "sequential" : "random";
}

std::optional<BookFormat> parse_book_format(std::string_view text) {
    if (text == "epd") return BookFormat::kEpd;
    if (text == "pgn") return BookFormat::kPgn;
    return std::nullopt;
}

std::optional<BookOrder> parse_book_order(std::string_view text) {
    if (text == "sequential") return BookOrder::kSequential;
    if (text == "random") return BookOrder::kRandom;
    return std::nullopt;
}

std::optional<BookFormat> format_from_extension(const std::filesystem::path& path) {
    const std::string ext = text::lower(path.extension().string());
    if (ext == ".epd") return BookFormat::kEpd;
    if (ext == ".pgn") return BookFormat::kPgn;
    return std::nullopt;
}

namespace {

// A uniform draw from [0, bound) without modulo bias: reject the lowest
// 2^64 mod bound raw values so the rest split evenly into `bound` classes.
std::uint64_t bounded(std::mt19937_64& rng, std::uint64_t bound) {
    const std::uint64_t threshold = (0 - bound) % bound;
    while (true) {
        const std::uint64_t r = rng();
        if (r >= threshold) return r % bound;
    }
}

}  // namespace

std::vector<std::size_t> shuffled_order(std::size_t n, std::uint64_t seed) {
    std::vector<std::size_t> order(n);
    for (std::size_t i = 0; i < n; ++i) order[i] = i;
    std::mt19937_64 rng(seed);
    for (std::size_t i = n; i > 1; --i) {
        const auto j = static_cast<std::size_t>(bounded(rng, i));
        std::swap(order[i - 1], order[j]);
    }
    return order;
}

Book::Book(std::vector<Opening> openings, BookOrder order, std::uint64_t seed, std::size_t start)
    : openings_(std::move(openings)), order_(order), seed_(seed), start_(start) {
    if (openings_.empty()) throw BookError("book", 0, "the book has no openings");
    if (order_ == BookOrder::kRandom) order_indexes_ = shuffled_order(openings_.size(), seed_);
}

std::size_t Book::index_of(std::uint64_t pair_index) const {
    const std::uint64_t n = openings_.size();
    const std::uint64_t position = (start_ % n + pair_index % n) % n;
    return order_indexes_.empty() ? static_cast<std::size_t>(position)
                                  : order_indexes_[static_cast<std::size_t>(position)];
}

Book Book::load(const std::filesystem::path& path, const BookOptions& options) {
    const auto format = options.format ? options.format : format_from_extension(path);
    if (!format) {
        throw BookError(path.string(), 0,
                        "cannot tell the book format from the file name; name it *.epd or *.pgn "
                        "or give the format (epd or pgn)");
    }
    if (*format == BookFormat::kEpd && options.plies) {
        throw BookError(path.string(), 0, "plies applies to PGN books only");
    }
    ReadOptions read;
    read.plies = options.plies;
    read.skip_invalid = options.skip_invalid;
    ReadResult result =
        *format == BookFormat::kEpd ? read_epd_file(path, read) : read_pgn_file(path, read);
    if (result.openings.empty()) {
        throw BookError(path.string(), 0,
                        result.skipped > 0
                            ? "no valid opening (" + std::to_string(result.skipped) + " skipped)"
                            : std::string("the book has no openings"));
    }
    // A start past the end would wrap round to an opening nobody asked for.
    if (options.start >= result.openings.size())
        throw BookError(path.string(), 0,
                        "the run starts at opening " + std::to_string(options.start + 1) +
                            " (counted from 1) but the book has " +
                            std::to_string(result.openings.size()));
    Book book(std::move(result.openings), options.order, options.seed, options.start);
    book.skipped_ = result.skipped;
    book.skipped_errors_ = std::move(result.skipped_errors);
    return book;
}

std::string position_command(const Opening& opening) {
    std::string command = opening.start_fen == chess::Position::kStartFen
                              ? std::string("position startpos")
                              : "position fen " + opening.start_fen;
    if (!opening.moves.empty()) {
        command += " moves";
        for (const auto& move : opening.moves) command += ' ' + move;
    }
    return command;
}

}  // namespace lmr::openings
