#pragma once

// Scid's ECO classification file (scid.eco, Debian package scid-data): named opening lines
// in SAN from the initial position, the raw material of the default book.
//
//   # comment (a line whose first non-blank character is '#')
//   A00b "Barnes Opening"  1.f3 *
//   A02 "Bird: From Gambit, Lasker Variation"
//     1.f4 e5 2.fxe5 d6 3.exd6 Bxd6 4.Nf3 g5 *
//
// An entry is an ECO code (A00…E99, optionally a lower-case letter and a digit 1-4), a quoted
// name and SAN moves (move numbers "1." / "1..." allowed, attached or apart) up to '*'; it
// may span several lines. Each becomes an Opening from the initial position whose name is
// "CODE Name" (e.g. "A00b Barnes Opening"), whose moves are the line in UCI and whose fen is
// the position at its end; an entry with no moves ("A00a Start position") is kept too.
//
// An illegal or ambiguous SAN move is a bad entry (an error naming the file and the move's
// line, or skipped and counted with skip_invalid); so is a line that ends the game. A code
// that is not an ECO code, a missing name or a missing '*' (the next entry or the end of the
// file comes first) loses track of where entries start and is always an error.
// options.plies keeps only the first N plies of each line.

#include <filesystem>
#include <istream>
#include <string>
#include <string_view>

#include "harness/openings/opening.hpp"

namespace lmr::openings {

// "A00", "A00b", "A00b1" … "E99z4".
bool is_eco_code(std::string_view text);

ReadResult read_eco(std::string_view text, const std::string& source,
                    const ReadOptions& options = {});
ReadResult read_eco(std::istream& in, const std::string& source, const ReadOptions& options = {});
ReadResult read_eco_file(const std::filesystem::path& path, const ReadOptions& options = {});

// The ECO code at the start of an Opening name made by read_eco ("" when there is none).
std::string_view eco_code_of(std::string_view name);

}  // namespace lmr::openings
