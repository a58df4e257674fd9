#pragma once

// Shell quoting for command lines the harness shows or stores (runs.command_line, the sprt
// command printed by tune export), so that a user can paste them back into a POSIX shell.

#include <string>
#include <vector>

namespace lmr::process {

// Quotes a word when it needs it: "tc=10+0.1 nodes=5000" → 'tc=10+0.1 nodes=5000'; a word of
// only safe characters (letters, digits, -_./=+:,@%) is returned as it is.
std::string shell_word(const std::string& word);

// The words joined by spaces, each quoted as needed.
std::string shell_line(const std::vector<std::string>& words);

}  // namespace lmr::process
