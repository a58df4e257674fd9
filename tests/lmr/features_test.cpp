// Steps 5 and 6 in real positions, and REBEL's ed1-2 move-ordering score.
#include "engine/lmr/features.hpp"

#include <gtest/gtest.h>

#include "engine/chess/notation.hpp"
#include "engine/chess/position.hpp"
#include "engine/lmr/policy.hpp"
#include "test_util.hpp"

namespace lmr::reduction {
namespace {

using chess::Position;

Position fen(const char* text) {
    std::string error;
    auto pos = Position::from_fen(text, &error);
    EXPECT_TRUE(pos.has_value()) << text << ": " << error;
    return pos ? *pos : Position::startpos();
}

chess::Move uci(const Position& pos, const char* text) {
    std::string error;
    const chess::Move m = chess::parse_uci(pos, text, &error);
    EXPECT_FALSE(m.is_none()) << text << ": " << error;
    return m;
}

bool threat(const char* position, const char* move) {
    const Position pos = fen(position);
    return creates_new_threat(pos, uci(pos, move));
}

bool escape(const char* position, const char* move) {
    const Position pos = fen(position);
    return escapes_threat(pos, uci(pos, move));
}

// REBEL's own example for step 5: h3 attacking the black knight on g4.
constexpr const char* kKnightOnG4 = "rnbqkb1r/pppppppp/8/8/6n1/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

TEST(NewThreat, PawnAttacksAKnightNotAttackedBefore) {
    EXPECT_TRUE(threat(kKnightOnG4, "h2h3"));
    EXPECT_FALSE(threat(kKnightOnG4, "a2a3"));  // attacks nothing
    EXPECT_FALSE(threat(kKnightOnG4, "h2h4"));
}

TEST(NewThreat, TargetAlreadyAttackedIsNoNewThreat) {
    // e2-e3 opened d1-g4: the queen already attacks the knight.
    EXPECT_FALSE(threat("rnbqkb1r/pppppppp/8/8/6n1/4P3/PPPP1PPP/RNBQKBNR w KQkq - 0 1", "h2h3"));
}

TEST(NewThreat, LosingMoveDoesNotCount) {
    EXPECT_TRUE(threat("4k3/r7/8/8/8/2N5/8/4K3 w - - 0 1", "c3b5"));  // Nb5 hits the rook
    // The same with b5 covered by a pawn: SEE < 0.
    EXPECT_FALSE(threat("4k3/r7/2p5/8/8/2N5/8/4K3 w - - 0 1", "c3b5"));
}

TEST(NewThreat, DiscoveredAttackCounts) {
    const char* position = "4k3/4r3/8/8/4N3/8/8/K3R3 w - - 0 1";
    EXPECT_TRUE(threat(position, "e4c3"));   // the rook on e1 now hits e7
    EXPECT_FALSE(threat(position, "a1b1"));  // king move, nothing uncovered
}

TEST(NewThreat, PawnsAreNoTargets) {
    EXPECT_FALSE(threat("4k3/8/8/4p3/8/8/8/R3K3 w - - 0 1", "a1a5"));  // hits a pawn only
    EXPECT_TRUE(threat("4k3/8/8/4n3/8/8/8/R3K3 w - - 0 1", "a1a5"));   // hits a knight
}

constexpr const char* kKnightHitByPawn =
    "rnbqkb1r/pppppppp/8/8/6n1/7P/PPPPPPP1/RNBQKBNR b KQkq - 0 1";

TEST(ThreatEscape, KnightAttackedByPawnMovesToSafety) {
    EXPECT_TRUE(escape(kKnightHitByPawn, "g4f6"));
    EXPECT_TRUE(escape(kKnightHitByPawn, "g4e5"));
    EXPECT_FALSE(escape(kKnightHitByPawn, "g4e3"));  // lost to the d2/f2 pawns: SEE < 0
    EXPECT_FALSE(escape(kKnightHitByPawn, "e7e6"));  // another piece moves
    EXPECT_FALSE(escape(kKnightHitByPawn, "b8c6"));  // that knight was not threatened
}

TEST(ThreatEscape, AttackedAndUndefendedCounts) {
    const char* hanging = "4k3/8/8/8/8/8/r7/R3K3 w - - 0 1";  // Ra1 hit by Ra2, undefended
    EXPECT_TRUE(is_threatened(fen(hanging), chess::kA1));
    EXPECT_TRUE(escape(hanging, "a1b1"));
    const char* defended = "4k3/8/8/8/8/8/r7/RK6 w - - 0 1";  // Kb1 guards a1
    EXPECT_FALSE(is_threatened(fen(defended), chess::kA1));
}

TEST(ThreatEscape, KnightAndBishopAreEqual) {
    // Bc3 attacked by Nd5 and defended by b2: not threatened; a pawn attacker threatens it.
    EXPECT_FALSE(is_threatened(fen("4k3/8/8/3n4/8/2B5/1P6/4K3 w - - 0 1"), chess::kC3));
    EXPECT_TRUE(is_threatened(fen("4k3/8/8/8/3p4/2B5/1P6/4K3 w - - 0 1"), chess::kC3));
}

// The steps fire in the policy when the search fills the context from these functions.
TEST(StepsFromPositions, Steps5And6ReduceLess) {
    const LmrPolicy expert(test::load_preset("rebel-expert"));
    const Position white = fen(kKnightOnG4);
    MoveContext m = test::quiet_move(10, 20);
    const int plain = expert.reduction(m, nullptr);
    m.creates_threat = creates_new_threat(white, uci(white, "h2h3"));
    LmrStats stats;
    EXPECT_EQ(expert.reduction(m, &stats), plain - 1);  // R 60 -> 50: 3 -> 2 plies
    EXPECT_EQ(stats.count(Rule::kStepNewThreat), 1u);

    const Position black = fen(kKnightHitByPawn);
    MoveContext e = test::quiet_move(10, 20);
    e.escapes_threat = escapes_threat(black, uci(black, "g4f6"));
    EXPECT_EQ(expert.reduction(e, &stats), plain - 1);
    EXPECT_EQ(stats.count(Rule::kStepThreatEscape), 1u);
    e.escapes_threat = escapes_threat(black, uci(black, "e7e6"));
    EXPECT_EQ(expert.reduction(e, &stats), plain);
    EXPECT_EQ(stats.count(Rule::kStepThreatEscape), 1u);
}

TEST(RebelOrdering, ReservedScoresAboveTwoHundred) {
    RebelOrderingInput in;
    in.is_tt_move = true;
    EXPECT_EQ(rebel_ordering_score(in), 255);
    in = {};
    in.is_mate_killer = true;
    EXPECT_EQ(rebel_ordering_score(in), 252);
    in = {};
    in.is_capture = true;
    in.see = 200;
    EXPECT_EQ(rebel_ordering_score(in), 246);
    in.winning_capture_rank = 1;
    EXPECT_EQ(rebel_ordering_score(in), 244);
    in.winning_capture_rank = 2;
    EXPECT_EQ(rebel_ordering_score(in), 242);
    in = {};
    in.is_queen_promotion = true;
    EXPECT_EQ(rebel_ordering_score(in), 241);
}

TEST(RebelOrdering, EqualCapturesHighestFirst) {
    using chess::PieceType;
    struct Case {
        PieceType mover, captured;
        int score;
    };
    const Case cases[] = {
        {chess::kQueen, chess::kQueen, 236},   {chess::kRook, chess::kRook, 235},
        {chess::kKnight, chess::kBishop, 234}, {chess::kBishop, chess::kBishop, 233},
        {chess::kBishop, chess::kKnight, 232}, {chess::kPawn, chess::kPawn, 231}};
    for (const Case& c : cases) {
        RebelOrderingInput in;
        in.is_capture = true;
        in.see = 0;
        in.mover = c.mover;
        in.captured = c.captured;
        EXPECT_EQ(rebel_ordering_score(in), c.score);
    }
}

TEST(RebelOrdering, KillersCastlingPromotionsAndSafety) {
    RebelOrderingInput in;
    in.killer = KillerSlot::kKiller1;
    EXPECT_EQ(rebel_ordering_score(in), 226);
    in.to_square_unsafe = true;  // "including the 4 killer moves"
    EXPECT_EQ(rebel_ordering_score(in), 194);
    in = {};
    in.killer = KillerSlot::kKiller2;
    EXPECT_EQ(rebel_ordering_score(in), 224);
    in.killer = KillerSlot::kKiller1TwoPliesBack;
    EXPECT_EQ(rebel_ordering_score(in), 222);
    in.killer = KillerSlot::kKiller2TwoPliesBack;
    EXPECT_EQ(rebel_ordering_score(in), 220);
    in = {};
    in.is_castling = in.is_short_castling = true;
    EXPECT_EQ(rebel_ordering_score(in), 210);
    in.is_short_castling = false;
    EXPECT_EQ(rebel_ordering_score(in), 209);
    in = {};
    in.is_minor_promotion = true;
    EXPECT_EQ(rebel_ordering_score(in), 208);
}

TEST(RebelOrdering, QuietMovesFromPstHistoryAttackAndSafety) {
    RebelOrderingInput in;
    in.pst_delta = 10;
    EXPECT_EQ(rebel_ordering_score(in), 110);
    in.rebel_history = 1000;  // -2000..2000 -> -20..+20
    EXPECT_EQ(rebel_ordering_score(in), 120);
    in.rebel_history = -2000;
    EXPECT_EQ(rebel_ordering_score(in), 90);
    in.piece_under_attack = true;
    EXPECT_EQ(rebel_ordering_score(in), 122);
    in.to_square_unsafe = true;
    EXPECT_EQ(rebel_ordering_score(in), 90);
    in = {};
    in.pst_delta = 400;  // PST part capped at 200; bonuses never reach the reserved range
    in.rebel_history = 2000;
    in.piece_under_attack = true;
    EXPECT_EQ(rebel_ordering_score(in), 200);
    in.pst_delta = -400;
    in.rebel_history = -2000;
    in.piece_under_attack = false;
    in.to_square_unsafe = true;
    EXPECT_EQ(rebel_ordering_score(in), 0);
    EXPECT_EQ(rebel_history_to_ordering(1999), 19);
    EXPECT_EQ(rebel_history_to_ordering(-2000), -20);
}

TEST(RebelOrdering, InputsUnreadWhereAnEarlierRuleDecides) {
    // Every combination of the inputs that pick a rule: where rebel_ordering_reads_safety or
    // rebel_ordering_reads_quiet_part says an input is not read, changing it never changes the
    // score.
    int unread = 0, read_and_changes = 0, quiet_unread = 0, quiet_read_and_changes = 0;
    for (int flags = 0; flags < 1 << 7; ++flags)
        for (int killer = 0; killer <= 4; ++killer)
            for (int see : {-300, 0, 200}) {
                RebelOrderingInput in;
                in.is_tt_move = flags & 1;
                in.is_mate_killer = flags & 2;
                in.is_capture = flags & 4;
                in.see = in.is_capture ? see : 0;
                in.is_queen_promotion = flags & 8;
                in.is_minor_promotion = !in.is_queen_promotion && (flags & 16);
                in.is_castling = flags & 32;
                in.is_short_castling = in.is_castling;
                in.piece_under_attack = flags & 64;
                in.killer = KillerSlot(killer);
                in.mover = chess::kKnight;
                in.captured = in.is_capture ? chess::kBishop : chess::kNoPieceType;
                in.pst_delta = 15;
                in.rebel_history = 300;
                RebelOrderingInput unsafe = in;
                unsafe.to_square_unsafe = true;
                const bool changes = rebel_ordering_score(in) != rebel_ordering_score(unsafe);
                if (!rebel_ordering_reads_safety(in)) {
                    EXPECT_FALSE(changes) << "flags " << flags << " killer " << killer;
                    ++unread;
                } else {
                    read_and_changes += changes;
                }
                // The quiet part's inputs, each flipped or moved far, change nothing unless it
                // is read.
                RebelOrderingInput quiet = in;
                quiet.pst_delta = -90;
                quiet.rebel_history = -1500;
                quiet.piece_under_attack = !in.piece_under_attack;
                const bool quiet_changes = rebel_ordering_score(in) != rebel_ordering_score(quiet);
                if (!rebel_ordering_reads_quiet_part(in)) {
                    EXPECT_FALSE(quiet_changes) << "flags " << flags << " killer " << killer;
                    ++quiet_unread;
                } else {
                    EXPECT_TRUE(rebel_ordering_reads_safety(in));
                    quiet_read_and_changes += quiet_changes;
                }
            }
    EXPECT_GT(unread, 0);
    EXPECT_GT(read_and_changes, 0);
    EXPECT_GT(quiet_unread, unread);
    EXPECT_GT(quiet_read_and_changes, 0);
}

}  // namespace
}  // namespace lmr::reduction
