#include "harness/match/game_record.hpp"

namespace lmr::match {

std::optional<chess::Color> GameRecord::loser() const {
    if (result == core::GameResult::kWhiteWins) return chess::kBlack;
    if (result == core::GameResult::kBlackWins) return chess::kWhite;
    return std::nullopt;
}

}  // namespace lmr::match
