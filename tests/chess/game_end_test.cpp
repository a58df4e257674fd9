// Game-end rules: mate, stalemate, repetition, fifty moves, insufficient material.
#include "engine/chess/game_end.hpp"

#include <gtest/gtest.h>

#include "tests/chess/test_util.hpp"

namespace lmr::chess {
namespace {

using testing::play_san;
using testing::position_from_fen;

TEST(GameEnd, FoolsMate) {
    Position pos = Position::startpos();
    play_san(pos, {"f3", "e5", "g4"});
    EXPECT_EQ(game_end(pos), GameEnd::kNone);
    play_san(pos, {"Qh4#"});
    EXPECT_TRUE(pos.in_check());
    EXPECT_EQ(game_end(pos), GameEnd::kCheckmate);
    EXPECT_EQ(game_end_name(game_end(pos)), "checkmate");
}

TEST(GameEnd, Stalemate) {
    Position pos = position_from_fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    EXPECT_EQ(game_end(pos), GameEnd::kStalemate);
}

TEST(GameEnd, ThreefoldByKnightShuffle) {
    Position pos = Position::startpos();
    play_san(pos, {"Nf3", "Nf6", "Ng1", "Ng8"});
    EXPECT_EQ(game_end(pos), GameEnd::kNone);  // the start position twice only
    EXPECT_FALSE(pos.is_repetition_threefold());
    play_san(pos, {"Nf3", "Nf6", "Ng1"});
    EXPECT_EQ(game_end(pos), GameEnd::kNone);
    play_san(pos, {"Ng8"});
    EXPECT_TRUE(pos.is_repetition_threefold());
    EXPECT_EQ(game_end(pos), GameEnd::kRepetition);
}

TEST(GameEnd, SearchRepetitionRule) {
    // After Nf3 Nf6 Ng1 Ng8 Nf3 the position after 1.Nf3 has occurred twice.
    Position pos = Position::startpos();
    play_san(pos, {"Nf3", "Nf6", "Ng1", "Ng8", "Nf3"});
    EXPECT_TRUE(pos.is_draw(5));   // root before the first occurrence: repeated in the tree
    EXPECT_FALSE(pos.is_draw(4));  // the first occurrence is the root itself: needs threefold
    EXPECT_FALSE(pos.is_draw(1));
    EXPECT_FALSE(pos.is_repetition_threefold());
    // A null move in between breaks the repetition chain.
    Position quiet = Position::startpos();
    play_san(quiet, {"Nf3", "Nf6"});
    quiet.make_null_move();
    EXPECT_FALSE(quiet.is_draw(3));
}

TEST(GameEnd, FiftyMoveRule) {
    Position pos = position_from_fen("8/8/4k3/8/8/8/8/R3K3 w - - 99 80");
    EXPECT_EQ(game_end(pos), GameEnd::kNone);
    EXPECT_FALSE(pos.is_draw(0));
    play_san(pos, {"Ra2"});
    EXPECT_EQ(pos.halfmove_clock(), 100);
    EXPECT_EQ(game_end(pos), GameEnd::kFiftyMove);
    EXPECT_TRUE(pos.is_draw(0));

    // Mate delivered on the 100th half-move takes precedence.
    Position mate = position_from_fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 99 80");
    play_san(mate, {"Ra8#"});
    EXPECT_EQ(mate.halfmove_clock(), 100);
    EXPECT_EQ(game_end(mate), GameEnd::kCheckmate);
    EXPECT_FALSE(mate.is_draw(0));

    // A pawn move resets the clock.
    Position reset = position_from_fen("4k3/8/8/8/8/8/4P3/R3K3 w - - 99 80");
    play_san(reset, {"e4"});
    EXPECT_EQ(reset.halfmove_clock(), 0);
    EXPECT_EQ(game_end(reset), GameEnd::kNone);
}

TEST(GameEnd, InsufficientMaterial) {
    struct Case {
        const char* fen;
        GameEnd expected;
    };
    const Case cases[] = {
        {"8/8/4k3/8/8/4K3/8/8 w - - 0 1", GameEnd::kInsufficientMaterial},      // KvK
        {"8/8/4k3/8/8/4KN2/8/8 w - - 0 1", GameEnd::kInsufficientMaterial},     // KNvK
        {"8/8/4k3/8/8/4KB2/8/8 b - - 0 1", GameEnd::kInsufficientMaterial},     // KBvK
        {"8/8/4b3/3k4/8/4K3/2B5/8 w - - 0 1", GameEnd::kInsufficientMaterial},  // same colour
        {"8/8/3b4/3k4/8/4K3/2B5/8 w - - 0 1", GameEnd::kNone},  // opposite-coloured bishops
        {"8/8/4k3/8/8/3NKN2/8/8 w - - 0 1", GameEnd::kNone},    // KNN v K (mate possible)
        {"8/8/4k3/8/8/4K3/4P3/8 w - - 0 1", GameEnd::kNone},    // a pawn
        {"8/8/4k3/8/8/4KR2/8/8 w - - 0 1", GameEnd::kNone},     // a rook
        {"8/8/4kn2/8/8/4KB2/8/8 w - - 0 1", GameEnd::kNone},    // KB v KN
    };
    for (const Case& c : cases) {
        Position pos = position_from_fen(c.fen);
        EXPECT_EQ(game_end(pos), c.expected) << c.fen;
        EXPECT_EQ(pos.is_draw(0), c.expected == GameEnd::kInsufficientMaterial) << c.fen;
    }
}

}  // namespace
}  // namespace lmr::chess
