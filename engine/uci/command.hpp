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

// Arguments of "go" (tokens after "go"). Unknown tokens and bad numbers are skipped.
struct GoCommand {
    search::Limits limits;
    int perft_depth = 0;  // "go perft N": > 0 means run perft instead of a search
    bool ponder = false;
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
