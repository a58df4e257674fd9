#include "harness/core/game_record.hpp"

namespace lmr::core {

std::optional<chess::Color> GameRecord::loser() const {
    if (result == GameResult::kWhiteWins) return chess::kBlack;
    if (result == GameResult::kBlackWins) return chess::kWhite;
    return std::nullopt;
}

}  // namespace lmr::core
