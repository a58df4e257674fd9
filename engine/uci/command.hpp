#pragma once
// Pure parsing and formatting for the UCI front end: no I/O, no engine state, so every
// piece is unit-testable. Malformed input yields nullopt/false, never an exception.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/chess/position.hpp"
#include "engine/search/limits.hpp"
#include "engine/search/search.hpp"

namespace lmr::uci {

// Splits on any run of spaces/tabs (and a trailing '\r' from Windows GUIs).
std::vector<std::string_view> tokenize(std::string_view line);

// "position startpos|fen <6 or 4 fields> [moves m1 m2 ...]" (tokens after "position").
// On failure returns nullopt with a reason; the caller keeps its old position.
std::optional<chess::Position> parse_position(const std::vector<std::string_view>& args,
                                              std::string* error = nullptr);

// Arguments of "go" (tokens after "go"). A token that cannot be honoured (a missing,
// unreadable, overflowing or out-of-range value, an unknown word, an illegal searchmove) is
// ignored and explained in `errors`, one line each, for "info string"; the other limits
// stand. A clock below zero is read as 0 (also noted). When nothing bounds the search any
// more for the side to move, a go that had refused tokens searches to depth 1 (a GUI always
// gets its bestmove, at once) and a bare "go" searches until "stop" (as "go infinite").
struct GoCommand {
    search::Limits limits;
    int perft_depth = 0;  // "go perft N": > 0 means run perft instead of a search
    bool ponder = false;
    std::vector<std::string> errors;  // "go nodes -5 ignored: expected a number of nodes >= 1"
};
GoCommand parse_go(const std::vector<std::string_view>& args, const chess::Position& pos);

// "setoption name <name with spaces> [value <value with spaces>]" (tokens after "setoption").
struct SetOption {
    std::string name;
    std::string value;
    bool has_value = false;
};
std::optional<SetOption> parse_setoption(const std::vector<std::string_view>& args);

// "info depth D seldepth S multipv 1 score cp X|mate N [lowerbound|upperbound] nodes N
// nps N hashfull H time T pv ...".
std::string format_info(const search::IterationInfo& info);
// "cp 34" or "mate -3".
std::string format_score(int score);

}  // namespace lmr::uci
