#include "harness/core/score.hpp"

#include <gtest/gtest.h>

namespace lmr::core {
namespace {

// UCI: "score mate y — mate in y moves, not plies. If the engine is getting mated use negative
// values for y." Some engines send "mate 0" in a mated position: that is a loss.
TEST(Score, MateSignFollowsUci) {
    EXPECT_TRUE(Score::mate(3).winning_mate());
    EXPECT_FALSE(Score::mate(3).losing_mate());
    EXPECT_TRUE(Score::mate(-2).losing_mate());
    EXPECT_TRUE(Score::mate(0).losing_mate());
    EXPECT_FALSE(Score::cp(30000).winning_mate());
    EXPECT_FALSE(Score::cp(-30000).losing_mate());
    EXPECT_TRUE(Score::mate(1).is_mate());
    EXPECT_FALSE(Score::cp(1).is_mate());
}

// The comment form itself is tested with engine/pgn's writer; here, that a mate is written as one.
TEST(Score, PgnFormTellsMatesFromCentipawns) {
    EXPECT_EQ(Score::cp(3).to_pgn(), "+0.03");
    EXPECT_EQ(Score::mate(3).to_pgn(), "+M3");
    EXPECT_EQ(Score::mate(-2).to_pgn(), "-M2");
}

TEST(Score, TheBoundTellsScoresApart) {
    Score lower = Score::cp(50);
    lower.bound = Score::Bound::kLower;
    EXPECT_NE(lower, Score::cp(50));
    EXPECT_EQ(Score::cp(50), (Score{Score::Kind::kCentipawns, 50, Score::Bound::kExact}));
}

}  // namespace
}  // namespace lmr::core
