#include "harness/match/rules_ending.hpp"

#include <gtest/gtest.h>

#include <string>

#include "engine/chess/game_end.hpp"
#include "engine/chess/position.hpp"

namespace lmr::match {
namespace {

using core::GameResult;
using core::Termination;

std::optional<RulesEnding> ending_of(const std::string& fen) {
    const auto pos = chess::Position::from_fen(fen);
    EXPECT_TRUE(pos) << fen;
    return rules_ending(chess::game_end(*pos), pos->side_to_move());
}

// Positions whose outcome the rules of chess fix, each recorded with the words of the PGN
// Termination and of cutechess-cli's result comments.
TEST(RulesEnding, RecordsWhatTheRulesSay) {
    // Fool's mate: White to move is mated.
    auto e = ending_of("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
    ASSERT_TRUE(e);
    EXPECT_EQ(e->result, GameResult::kBlackWins);
    EXPECT_EQ(e->termination, Termination::kMate);
    EXPECT_EQ(e->reason, "Black mates");
    // Back-rank mate of Black.
    e = ending_of("R5k1/5ppp/8/8/8/8/8/6K1 b - - 1 1");
    ASSERT_TRUE(e);
    EXPECT_EQ(e->result, GameResult::kWhiteWins);
    EXPECT_EQ(e->reason, "White mates");
    // Black king in the corner, no legal move, not in check.
    e = ending_of("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    ASSERT_TRUE(e);
    EXPECT_EQ(e->result, GameResult::kDraw);
    EXPECT_EQ(e->termination, Termination::kStalemate);
    EXPECT_EQ(e->reason, "draw by stalemate");
    // King and bishop against king.
    e = ending_of("8/8/4k3/8/8/3BK3/8/8 w - - 0 1");
    ASSERT_TRUE(e);
    EXPECT_EQ(e->termination, Termination::kMaterial);
    EXPECT_EQ(e->reason, "draw by insufficient material");
    // A hundred half-moves without a capture or a pawn move.
    e = ending_of("8/8/4k3/8/8/3RK3/8/8 w - - 100 80");
    ASSERT_TRUE(e);
    EXPECT_EQ(e->termination, Termination::kFiftyMove);
    EXPECT_EQ(e->reason, "draw by the fifty-move rule");
    // The game goes on.
    EXPECT_FALSE(ending_of("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"));
}

}  // namespace
}  // namespace lmr::match
