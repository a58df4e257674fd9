#include "harness/match/adjudication.hpp"

#include <gtest/gtest.h>

#include <stdexcept>

namespace lmr::match {
namespace {

using chess::kBlack;
using chess::kWhite;
using Kind = AdjudicationVerdict::Kind;

// Feeds one full move (White then Black) starting at `move_number`; returns the last verdict.
struct Feeder {
    Adjudicator adjudicator;
    int plies = 0;

    AdjudicationVerdict ply(std::optional<Score> score) {
        ++plies;
        const chess::Color mover = plies % 2 == 1 ? kWhite : kBlack;
        return adjudicator.on_move({mover, (plies + 1) / 2, plies, score});
    }
};

TEST(Adjudication, DisabledByDefault) {
    Feeder f{Adjudicator(AdjudicationConfig{})};
    for (int i = 0; i < 1000; ++i) {
        EXPECT_FALSE(f.ply(Score::cp(0)));
        EXPECT_FALSE(f.ply(Score::cp(-5000)));
    }
}

TEST(Adjudication, DrawAfterNMovesOfBothSidesFromMoveM) {
    AdjudicationConfig config;
    config.draw = {true, 10, 3, 20};  // from move 10, 3 moves of both sides, |score| <= 20
    Feeder f{Adjudicator(config)};
    // Moves 1..9: within the window but before move 10, so nothing counts.
    for (int move = 1; move <= 9; ++move) {
        ASSERT_FALSE(f.ply(Score::cp(0)));
        ASSERT_FALSE(f.ply(Score::cp(0)));
    }
    // Moves 10, 11: four plies in the window.
    for (int i = 0; i < 4; ++i) ASSERT_FALSE(f.ply(Score::cp(i % 2 ? -20 : 20)));
    ASSERT_FALSE(f.ply(Score::cp(5)));          // White's 12th move: fifth ply
    const auto verdict = f.ply(Score::cp(-5));  // Black's 12th: sixth ply = 3 moves of both
    EXPECT_EQ(verdict.kind, Kind::kDraw);
    EXPECT_FALSE(verdict.winner);
    EXPECT_NE(verdict.reason.find("20 cp"), std::string::npos) << verdict.reason;
}

TEST(Adjudication, DrawRunBrokenByBigScoreMateOrMissingScore) {
    AdjudicationConfig config;
    config.draw = {true, 1, 2, 10};
    for (const std::optional<Score> breaker :
         {std::optional<Score>(Score::cp(11)), std::optional<Score>(Score::mate(5)),
          std::optional<Score>()}) {
        Feeder f{Adjudicator(config)};
        ASSERT_FALSE(f.ply(Score::cp(0)));
        ASSERT_FALSE(f.ply(Score::cp(0)));
        ASSERT_FALSE(f.ply(Score::cp(0)));
        ASSERT_FALSE(f.ply(breaker));  // would have been the 4th ply in a row
        ASSERT_FALSE(f.ply(Score::cp(0)));
        ASSERT_FALSE(f.ply(Score::cp(0)));
        ASSERT_FALSE(f.ply(Score::cp(0)));
        EXPECT_EQ(f.ply(Score::cp(0)).kind, Kind::kDraw);
    }
}

TEST(Adjudication, ResignNeedsTheOpponentToAgree) {
    AdjudicationConfig config;
    config.resign = {true, 3, 600, true};
    Feeder f{Adjudicator(config)};
    // White thinks it is lost, Black does not agree (only +100): no adjudication.
    for (int i = 0; i < 5; ++i) {
        ASSERT_FALSE(f.ply(Score::cp(-700)));
        ASSERT_FALSE(f.ply(Score::cp(100)));
    }
    // Black now agrees: after Black's third agreeing move White resigns.
    ASSERT_FALSE(f.ply(Score::cp(-700)));
    ASSERT_FALSE(f.ply(Score::cp(600)));
    ASSERT_FALSE(f.ply(Score::cp(-800)));
    ASSERT_FALSE(f.ply(Score::mate(7)));  // a mate score counts as beyond the threshold
    ASSERT_FALSE(f.ply(Score::mate(-6)));
    const auto verdict = f.ply(Score::cp(650));
    EXPECT_EQ(verdict.kind, Kind::kResign);
    EXPECT_EQ(verdict.winner, kBlack);
    EXPECT_NE(verdict.reason.find("White resigns"), std::string::npos) << verdict.reason;
}

TEST(Adjudication, ResignStreakResetsOnABetterScore) {
    AdjudicationConfig config;
    config.resign = {true, 2, 500, true};
    Feeder f{Adjudicator(config)};
    ASSERT_FALSE(f.ply(Score::cp(900)));   // White winning
    ASSERT_FALSE(f.ply(Score::cp(-900)));  // Black losing
    ASSERT_FALSE(f.ply(Score::cp(900)));
    ASSERT_FALSE(f.ply(Score::cp(-499)));  // Black's run broken
    ASSERT_FALSE(f.ply(Score::cp(900)));
    ASSERT_FALSE(f.ply(Score::cp(-500)));
    ASSERT_FALSE(f.ply(std::nullopt));     // White's run broken by a move without a score
    ASSERT_FALSE(f.ply(Score::cp(-500)));  // Black has 2 losing moves, White only 0 now
    ASSERT_FALSE(f.ply(Score::cp(900)));   // White 1
    ASSERT_FALSE(f.ply(Score::cp(-600)));
    const auto verdict = f.ply(Score::cp(900));  // White 2: now both agree, on White's move
    EXPECT_EQ(verdict.kind, Kind::kResign);
    EXPECT_EQ(verdict.winner, kWhite);
}

TEST(Adjudication, OneSidedResign) {
    AdjudicationConfig config;
    config.resign = {true, 2, 300, false};
    Feeder f{Adjudicator(config)};
    ASSERT_FALSE(f.ply(Score::cp(0)));
    ASSERT_FALSE(f.ply(Score::cp(-300)));
    ASSERT_FALSE(f.ply(Score::cp(0)));
    const auto verdict = f.ply(Score::mate(-3));
    EXPECT_EQ(verdict.kind, Kind::kResign);
    EXPECT_EQ(verdict.winner, kWhite);
}

TEST(Adjudication, MaxLengthCountsFullMoves) {
    AdjudicationConfig config;
    config.max_moves = 3;
    Feeder f{Adjudicator(config)};
    for (int i = 0; i < 5; ++i) ASSERT_FALSE(f.ply(Score::cp(0)));
    const auto verdict = f.ply(Score::cp(0));
    EXPECT_EQ(verdict.kind, Kind::kMaxLength);
    EXPECT_FALSE(verdict.winner);
}

TEST(Adjudication, DrawTakesPrecedenceOverMaxLength) {
    AdjudicationConfig config;
    config.max_moves = 1;
    config.draw = {true, 0, 1, 10};
    Feeder f{Adjudicator(config)};
    ASSERT_FALSE(f.ply(Score::cp(0)));
    EXPECT_EQ(f.ply(Score::cp(0)).kind, Kind::kDraw);
}

TEST(Adjudication, ValidatesConfig) {
    AdjudicationConfig config;
    config.draw = {true, 40, 0, 10};
    EXPECT_THROW(Adjudicator{config}, std::invalid_argument);
    config.draw = {};
    config.resign = {true, 3, -1, true};
    EXPECT_THROW(Adjudicator{config}, std::invalid_argument);
    config.resign = {};
    config.max_moves = -1;
    EXPECT_THROW(Adjudicator{config}, std::invalid_argument);
}

TEST(Score, PgnForm) {
    EXPECT_EQ(Score::cp(35).to_pgn(), "+0.35");
    EXPECT_EQ(Score::cp(-120).to_pgn(), "-1.20");
    EXPECT_EQ(Score::cp(-5).to_pgn(), "-0.05");
    EXPECT_EQ(Score::cp(0).to_pgn(), "0.00");
    EXPECT_EQ(Score::cp(1234).to_pgn(), "+12.34");
    EXPECT_EQ(Score::mate(3).to_pgn(), "+M3");
    EXPECT_EQ(Score::mate(-2).to_pgn(), "-M2");
}

}  // namespace
}  // namespace lmr::match
