#include "harness/match/rules_ending.hpp"

namespace lmr::match {

std::optional<RulesEnding> rules_ending(chess::GameEnd end, chess::Color side_to_move) {
    using core::GameResult;
    using core::Termination;
    switch (end) {
        case chess::GameEnd::kNone:
            return std::nullopt;
        case chess::GameEnd::kCheckmate:
            return side_to_move == chess::kWhite
                       ? RulesEnding{GameResult::kBlackWins, Termination::kMate, "Black mates"}
                       : RulesEnding{GameResult::kWhiteWins, Termination::kMate, "White mates"};
        case chess::GameEnd::kStalemate:
            return RulesEnding{GameResult::kDraw, Termination::kStalemate, "draw by stalemate"};
        case chess::GameEnd::kRepetition:
            return RulesEnding{GameResult::kDraw, Termination::kRepetition,
                               "draw by threefold repetition"};
        case chess::GameEnd::kFiftyMove:
            return RulesEnding{GameResult::kDraw, Termination::kFiftyMove,
                               "draw by the fifty-move rule"};
        case chess::GameEnd::kInsufficientMaterial:
            return RulesEnding{GameResult::kDraw, Termination::kMaterial,
                               "draw by insufficient material"};
    }
    return std::nullopt;
}

}  // namespace lmr::match
