#pragma once

// How the rules of chess end a game, in the game record's terms.

#include <optional>
#include <string>

#include "engine/chess/game_end.hpp"
#include "engine/chess/types.hpp"
#include "harness/core/outcome.hpp"

namespace lmr::match {

// How a game the rules ended is recorded: the result, the termination and the reason in words
// ("White mates", "draw by stalemate"). nullopt for chess::GameEnd::kNone.
struct RulesEnding {
    core::GameResult result;
    core::Termination termination;
    std::string reason;
};
std::optional<RulesEnding> rules_ending(chess::GameEnd end, chess::Color side_to_move);

}  // namespace lmr::match
