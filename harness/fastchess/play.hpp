#pragma once
// Plays a fastchess or cutechess-cli command line (command_line.hpp) as lmr-harness's second
// front end: main.cpp hands it every command line whose first word is a single-dash option.

#include <iosfwd>
#include <string>
#include <vector>

namespace lmr::fastchess {

// The arguments after the program name; returns fastchess's exit code: 0 finished (an SPRT
// that accepted H0 included), 1 interrupted or failed, 2 bad command line.
int run(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace lmr::fastchess
