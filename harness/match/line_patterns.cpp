#include "harness/match/line_patterns.hpp"

#include <re2/re2.h>

#include <stdexcept>

namespace lmr::match {
namespace {

RE2::Options pattern_options() {
    RE2::Options options;
    options.set_encoding(RE2::Options::EncodingLatin1);
    options.set_log_errors(false);  // error() reports it, naming the pattern
    return options;
}

}  // namespace

LinePatterns::LinePatterns(const std::vector<std::string>& patterns) {
    compiled_.reserve(patterns.size());
    for (const std::string& pattern : patterns) {
        auto compiled = std::make_unique<RE2>(pattern, pattern_options());
        if (!compiled->ok())
            throw std::invalid_argument("match_line pattern '" + pattern +
                                        "': " + compiled->error());
        compiled_.push_back(std::move(compiled));
    }
}

LinePatterns::~LinePatterns() = default;
LinePatterns::LinePatterns(LinePatterns&&) noexcept = default;
LinePatterns& LinePatterns::operator=(LinePatterns&&) noexcept = default;

bool LinePatterns::found_in(std::size_t index, std::string_view line) const {
    return RE2::PartialMatch(re2::StringPiece(line.data(), line.size()), *compiled_[index]);
}

std::optional<std::string> LinePatterns::error(const std::string& pattern) {
    const RE2 compiled(pattern, pattern_options());
    if (compiled.ok()) return std::nullopt;
    return compiled.error();
}

}  // namespace lmr::match
