#pragma once

// Shared by the EPD and PGN readers; not part of the public API.

#include <filesystem>
#include <fstream>
#include <string>

#include "harness/openings/opening.hpp"

namespace lmr::openings::detail {

// Collects openings and decides what a bad entry does: throw (default) or
// count and keep the message (skip_invalid).
class Collector {
  public:
    Collector(std::string source, const ReadOptions& options)
        : source_(std::move(source)), options_(options) {}

    const std::string& source() const { return source_; }
    const ReadOptions& options() const { return options_; }

    void add(Opening opening) { result_.openings.push_back(std::move(opening)); }

    // A bad entry: throws BookError, or records it when skipping.
    void reject(std::size_t line, const std::string& message) {
        if (!options_.skip_invalid) throw BookError(source_, line, message);
        ++result_.skipped;
        if (result_.skipped_errors.size() < kMaxSkippedErrorsKept) {
            result_.skipped_errors.push_back(BookError(source_, line, message).what());
        }
    }
    // Broken syntax: always an error.
    [[noreturn]] void fatal(std::size_t line, const std::string& message) const {
        throw BookError(source_, line, message);
    }

    ReadResult take() { return std::move(result_); }

  private:
    std::string source_;
    ReadOptions options_;
    ReadResult result_;
};

inline std::ifstream open_book_file(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw BookError(path.string(), 0, "cannot open the book file");
    return in;
}

}  // namespace lmr::openings::detail
