// Static exchange evaluation lives in Position (see(), see_ge()); these are free-function
// spellings for callers that prefer them.
#pragma once

#include "engine/chess/position.hpp"

namespace lmr::chess {

inline int see(const Position& pos, Move m) {
    return pos.see(m);
}
inline bool see_ge(const Position& pos, Move m, int threshold) {
    return pos.see_ge(m, threshold);
}

}  // namespace lmr::chess
