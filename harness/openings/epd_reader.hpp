#pragma once

// EPD books: one position per line — the four FEN fields (board, side to
// move, castling, en passant), optionally the halfmove clock and fullmove
// number, then optional operations (`bm Nf3; id "x";`). Operations are
// ignored except `id` (the opening's name) and `hmvc`/`fmvn` (counters).
// Blank lines and lines starting with '#' are skipped. Every position is
// validated by lmr::chess::Position::from_fen and must have a legal move.

#include <filesystem>
#include <istream>
#include <string>

#include "harness/openings/opening.hpp"

namespace lmr::openings {

// `source` names the input in error messages ("book.epd:12: …").
ReadResult read_epd(std::istream& in, const std::string& source, const ReadOptions& options = {});
ReadResult read_epd_file(const std::filesystem::path& path, const ReadOptions& options = {});

}  // namespace lmr::openings
