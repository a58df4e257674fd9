// Game-end detection for the whole game (the harness adjudicates with this).
#pragma once

#include <string_view>

#include "engine/chess/position.hpp"

namespace lmr::chess {

enum class GameEnd {
    kNone,
    kCheckmate,
    kStalemate,
    kRepetition,
    kFiftyMove,
    kInsufficientMaterial
};

// Checkmate and stalemate first (mate on the 100th half-move beats the fifty-move rule),
// then threefold repetition over the game history, the fifty-move rule (halfmove clock
// ≥ 100) and insufficient material (KvK, K+minor vs K, K+B vs K+B with bishops on one colour).
GameEnd game_end(const Position& pos);

// "checkmate", "stalemate", "threefold repetition", "fifty-move rule",
// "insufficient material", "none".
std::string_view game_end_name(GameEnd end);

}  // namespace lmr::chess
