#pragma once

// PGN books: each game is an opening. Tag pairs are read ([FEN] and [SetUp]
// give the start position; [ECO]/[Opening]/[Variation] the name); the main
// line's SAN moves are validated with lmr::chess::parse_san; comments,
// recursive variations, NAGs, move numbers and annotation glyphs are skipped.
// A missing result is tolerated (the next tag section starts a new game).
// options.plies keeps only the first N plies of each game.

#include <filesystem>
#include <istream>
#include <string>
#include <string_view>

#include "harness/openings/opening.hpp"

namespace lmr::openings {

ReadResult read_pgn(std::string_view text, const std::string& source,
                    const ReadOptions& options = {});
ReadResult read_pgn(std::istream& in, const std::string& source, const ReadOptions& options = {});
ReadResult read_pgn_file(const std::filesystem::path& path, const ReadOptions& options = {});

}  // namespace lmr::openings
