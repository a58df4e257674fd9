#include "harness/match/adjudication.hpp"

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "engine/chess/notation.hpp"
#include "engine/chess/position.hpp"

namespace lmr::match {
namespace {

using core::Score;

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

// Plays real moves (UCI) from a position, each with the mover's score, and tells the
// adjudicator whether the move captured or moved a pawn, as a game does.
struct Board {
    chess::Position pos;
    Adjudicator adjudicator;
    int plies = 0;

    AdjudicationVerdict play(std::string_view uci, std::optional<Score> score = Score::cp(0)) {
        std::string error;
        const chess::Move move = chess::parse_uci(pos, uci, &error);
        EXPECT_FALSE(move.is_none()) << uci << ": " << error;
        const bool resets = is_capture_or_pawn_move(pos, move);
        const AdjudicationInput input{pos.side_to_move(), pos.fullmove_number(), ++plies, score,
                                      resets};
        pos.make_move(move);
        return adjudicator.on_move(input);
    }
};

// Draw adjudication from move 1 after 3 moves of both sides (6 plies) within 10 cp.
AdjudicationConfig quick_draw() {
    AdjudicationConfig config;
    config.draw = {true, 1, 3, 10};
    return config;
}

// Plays `moves` at 0 cp; returns the ply of the first verdict (a draw is expected), or 0.
int draw_ply(const std::vector<std::string_view>& moves) {
    Board board{chess::Position::startpos(), Adjudicator(quick_draw())};
    for (const std::string_view uci : moves) {
        const auto verdict = board.play(uci);
        if (verdict) {
            EXPECT_EQ(verdict.kind, Kind::kDraw) << verdict.reason;
            return board.plies;
        }
    }
    return 0;
}

TEST(Adjudication, DisabledByDefault) {
    Feeder f{Adjudicator(AdjudicationConfig{})};
    for (int i = 0; i < 1000; ++i) {
        EXPECT_FALSE(f.ply(Score::cp(0)));
        EXPECT_FALSE(f.ply(Score::cp(-5000)));
    }
}

TEST(Adjudication, DrawWaitsForTheMoveNumberButItsRunMayStartBefore) {
    AdjudicationConfig config;
    config.draw = {true, 10, 3, 20};  // after 10 moves, 3 moves of both sides, |score| <= 20
    Feeder f{Adjudicator(config)};
    // Every score within the window from move 1: the run is long enough from ply 6 on, but
    // the verdict waits until ten full moves are played, i.e. Black's 10th move (ply 20).
    for (int ply = 1; ply < 20; ++ply) ASSERT_FALSE(f.ply(Score::cp(ply % 2 ? 20 : -20))) << ply;
    const auto verdict = f.ply(Score::cp(0));
    EXPECT_EQ(verdict.kind, Kind::kDraw);
    EXPECT_FALSE(verdict.winner);
    EXPECT_NE(verdict.reason.find("20 cp"), std::string::npos) << verdict.reason;

    // A run broken at White's 10th move (ply 19) needs six plies again: plies 20..25, and the
    // verdict then comes on White's 13th move.
    Feeder g{Adjudicator(config)};
    for (int ply = 1; ply < 19; ++ply) ASSERT_FALSE(g.ply(Score::cp(0))) << ply;
    ASSERT_FALSE(g.ply(Score::cp(21)));
    for (int ply = 20; ply < 25; ++ply) ASSERT_FALSE(g.ply(Score::cp(0))) << ply;
    EXPECT_EQ(g.ply(Score::cp(0)).kind, Kind::kDraw);
}

TEST(Adjudication, QuietMovesAreDrawnAfterTheMoveCount) {
    // Knights only: six quiet plies at 0 cp.
    EXPECT_EQ(draw_ply({"b1c3", "g8f6", "c3b5", "f6d5", "b5c3", "d5f6", "c3b1"}), 6);
}

TEST(Adjudication, ACaptureInTheMiddleRestartsTheDrawCount) {
    // As above, but White's third move takes the a7 pawn: the run restarts there, the capture
    // being its first ply, so the draw comes six plies later, at ply 10 instead of ply 6.
    EXPECT_EQ(draw_ply({"b1c3", "g8f6", "c3b5", "f6d5", "b5a7", "d5f6", "a7b5", "f6g8", "b5c3",
                        "g8f6", "c3b1"}),
              10);
}

TEST(Adjudication, APawnMoveInTheMiddleRestartsTheDrawCount) {
    EXPECT_EQ(draw_ply({"g1f3", "g8f6", "f3g1", "f6g8", "e2e4", "g8f6", "g1f3", "f6g8", "f3g1",
                        "g8f6", "g1f3"}),
              10);
    // Black's pawn moves count the same way.
    EXPECT_EQ(draw_ply({"g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "c7c6", "f3g1", "g8f6", "g1f3",
                        "f6g8", "f3g1", "g8f6"}),
              11);
}

TEST(Adjudication, CapturesAndPawnMovesAreRecognized) {
    const auto pos = chess::Position::from_fen("4k3/1P6/8/n2pP3/8/8/8/R3K2R w KQ d6 0 2");
    ASSERT_TRUE(pos);
    const auto resets = [&](std::string_view uci) {
        std::string error;
        const chess::Move move = chess::parse_uci(*pos, uci, &error);
        EXPECT_FALSE(move.is_none()) << uci << ": " << error;
        return is_capture_or_pawn_move(*pos, move);
    };
    EXPECT_TRUE(resets("a1a5"));   // a rook takes a knight
    EXPECT_TRUE(resets("e5d6"));   // en passant: the square it lands on was empty
    EXPECT_TRUE(resets("e5e6"));   // a pawn push
    EXPECT_TRUE(resets("b7b8q"));  // a promotion
    EXPECT_FALSE(resets("a1a4"));  // a quiet rook move
    EXPECT_FALSE(resets("e1g1"));  // castling is neither
    EXPECT_FALSE(resets("e1d2"));
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

TEST(Adjudication, ResignIsOneSidedByDefaultAndCountsEachEnginesOwnMoves) {
    EXPECT_FALSE(ResignAdjudication{}.two_sided);  // as cutechess-cli and fastchess
    AdjudicationConfig config;
    config.resign.enabled = true;
    config.resign.move_count = 3;
    config.resign.score_cp = 600;
    Feeder f{Adjudicator(config)};
    ASSERT_FALSE(f.ply(Score::cp(-700)));  // White 1
    ASSERT_FALSE(f.ply(Score::cp(-700)));  // Black 1
    ASSERT_FALSE(f.ply(Score::cp(-700)));  // White 2
    ASSERT_FALSE(f.ply(Score::cp(-100)));  // Black's run broken
    ASSERT_FALSE(f.ply(Score::cp(0)));     // White's run broken after two of its moves
    // Four losing plies in a row, but neither engine has three of its own yet.
    ASSERT_FALSE(f.ply(Score::cp(-700)));         // Black 1
    ASSERT_FALSE(f.ply(Score::cp(-700)));         // White 1
    ASSERT_FALSE(f.ply(Score::cp(-700)));         // Black 2
    ASSERT_FALSE(f.ply(Score::mate(-4)));         // White 2
    const auto verdict = f.ply(Score::cp(-600));  // Black 3: Black resigns, White never agreed
    EXPECT_EQ(verdict.kind, Kind::kResign);
    EXPECT_EQ(verdict.winner, kWhite);
    EXPECT_NE(verdict.reason.find("Black resigns"), std::string::npos) << verdict.reason;
    EXPECT_EQ(verdict.reason.find("agreeing"), std::string::npos) << verdict.reason;
}

TEST(Adjudication, OneSidedResignIgnoresTheOpponentsScores) {
    AdjudicationConfig config;
    config.resign = {true, 3, 600, false};
    Feeder f{Adjudicator(config)};
    // White is lost by its own account while Black thinks it is losing too: White resigns.
    ASSERT_FALSE(f.ply(Score::cp(-900)));
    ASSERT_FALSE(f.ply(Score::cp(-50)));
    ASSERT_FALSE(f.ply(Score::cp(-900)));
    ASSERT_FALSE(f.ply(Score::cp(-50)));
    const auto verdict = f.ply(Score::cp(-900));
    EXPECT_EQ(verdict.kind, Kind::kResign);
    EXPECT_EQ(verdict.winner, kBlack);
    // Two-sided, the same scores adjudicate nothing: Black never agreed.
    config.resign.two_sided = true;
    Feeder g{Adjudicator(config)};
    for (int i = 0; i < 10; ++i) {
        ASSERT_FALSE(g.ply(Score::cp(-900)));
        ASSERT_FALSE(g.ply(Score::cp(-50)));
    }
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
