#pragma once
// `lmr-engine explain`: why one move gets its reduction, as JSON. The inputs come from the
// search's own fill_move_context, so what is printed is what the search would decide.
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/chess/position.hpp"
#include "engine/lmr/config.hpp"

namespace lmr::search {

struct ExplainRequest {
    int depth = 8;
    int ply = 2;          // 0 = a root move
    int move_number = 5;  // 1-based, the move's place among the moves searched at the node
    bool pv = false;
    int alpha = 0;
    int beta = 1;
    std::vector<std::string> sets;  // "field=value": MoveContext fields set before deciding
};

// Thrown for a bad request; the message names the flag or field.
class ExplainError : public std::invalid_argument {
  public:
    using std::invalid_argument::invalid_argument;
};

// {"inputs": {...}, "gates": {...}, "blocked_by": ..., "steps": {...}, "terms": {...},
//  "clamps": {...}, "r_units": n, "plies": n} (docs/configs.md, "Explaining a reduction").
std::string explain_reduction(const reduction::LmrConfig& config, const chess::Position& pos,
                              chess::Move move, const ExplainRequest& request);

}  // namespace lmr::search
