// Behaviour of the individual evaluation terms against well-known chess facts.
#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include "engine/chess/position.hpp"
#include "engine/eval/eval.hpp"
#include "tests/eval/test_util.hpp"

namespace lmr::eval::test {
namespace {

using chess::Position;

constexpr const char* kStart = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

TEST(EvalBasics, StartposIsBalancedUpToTempo) {
    const Breakdown b = breakdown(kStart);
    EXPECT_EQ(b.phase, 24);
    for (int t = 0; t < kTermCount; ++t) {
        if (t != kTempo) {
            EXPECT_EQ(b.terms[t], 0) << term_name(Term(t));
        }
    }
    EXPECT_GT(b.terms[kTempo], 0);
    EXPECT_EQ(b.total, b.terms[kTempo]);
    EXPECT_LE(b.total, 30);
    // Black to move in the same position: the tempo belongs to Black now.
    EXPECT_EQ(breakdown("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1").total, b.total);
}

TEST(EvalBasics, MaterialAdvantageScoresStronglyForTheSideThatHasIt) {
    // White is a queen up.
    EXPECT_GT(
        evaluate(position_from_fen("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")),
        700);
    // The same position with Black to move is as bad for Black.
    EXPECT_LT(
        evaluate(position_from_fen("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1")),
        -700);
    // A rook up.
    EXPECT_GT(
        evaluate(position_from_fen("rnbqkbn1/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQq - 0 1")),
        350);
    // A knight up.
    EXPECT_GT(
        evaluate(position_from_fen("r1bqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")),
        200);
    // KQ v K is won.
    EXPECT_GT(evaluate(position_from_fen("8/8/8/4k3/8/8/3QK3/8 w - - 0 1")), 800);
    // Material term alone: a pawn up is worth about a pawn whoever is to move (the weights are
    // fitted to game results, so the exact value moves; a pawn far from 100 would be a bug).
    const int pawn = term("4k3/8/8/8/8/8/P7/4K3 w - - 0 1", kMaterial);
    EXPECT_GE(pawn, 70);
    EXPECT_LE(pawn, 130);
    EXPECT_EQ(term("4k3/8/8/8/8/8/P7/4K3 b - - 0 1", kMaterial), -pawn);
    // Piece values in their usual order: pawn < knight <= bishop < rook, and a queen is worth
    // at least about a rook and a minor piece (endgame-only positions, one piece up).
    const int knight = term("4k3/8/8/8/8/8/8/N3K3 w - - 0 1", kMaterial);
    const int bishop = term("4k3/8/8/8/8/8/8/B3K3 w - - 0 1", kMaterial);
    const int rook = term("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", kMaterial);
    const int queen = term("4k3/8/8/8/8/8/8/Q3K3 w - - 0 1", kMaterial);
    EXPECT_LT(2 * pawn, knight);
    EXPECT_LE(knight, bishop + 10);
    EXPECT_LT(bishop, rook);
    EXPECT_GT(queen, rook + knight - 150);
}

TEST(EvalBasics, GamePhase) {
    EXPECT_EQ(game_phase(Position::startpos()), 24);
    EXPECT_EQ(game_phase(position_from_fen("8/8/8/4k3/8/8/3PK3/8 w - - 0 1")), 0);
    EXPECT_EQ(game_phase(position_from_fen("8/8/8/4k3/8/8/3QK3/6r1 w - - 0 1")), 6);
    // Extra queens from promotions do not push the phase past 24.
    EXPECT_EQ(game_phase(position_from_fen("qqqqk3/8/8/8/8/8/8/QQQQK3 w - - 0 1")), 24);
}

TEST(EvalBasics, PstValueIsFromTheOwnersViewAndTapered) {
    using chess::Square;
    // A black piece reads the vertically mirrored square of White's table.
    for (int phase : {0, 7, 12, 24}) {
        for (int sq = 0; sq < 64; ++sq) {
            EXPECT_EQ(pst_value(chess::kWhiteKnight, Square(sq), phase),
                      pst_value(chess::kBlackKnight, Square(sq ^ 56), phase));
            EXPECT_EQ(pst_value(chess::kWhitePawn, Square(sq), phase),
                      pst_value(chess::kBlackPawn, Square(sq ^ 56), phase));
        }
    }
    // Tapering: halfway between the phases is the mean of the two ends (integer division).
    const int mg = pst_value(chess::kWhiteKnight, chess::kE4, 24);
    const int eg = pst_value(chess::kWhiteKnight, chess::kE4, 0);
    EXPECT_NEAR(pst_value(chess::kWhiteKnight, chess::kE4, 12), (mg + eg) / 2, 1);
    // Advancing the e-pawn two squares pays in the opening.
    EXPECT_GT(pst_value(chess::kWhitePawn, chess::kE4, 24),
              pst_value(chess::kWhitePawn, chess::kE2, 24));
    // A knight is better centralised than in the corner in both phases.
    for (int phase : {0, 12, 24}) {
        EXPECT_GT(pst_value(chess::kWhiteKnight, chess::kD4, phase),
                  pst_value(chess::kWhiteKnight, chess::kA1, phase));
        EXPECT_GT(pst_value(chess::kBlackKnight, chess::kD5, phase),
                  pst_value(chess::kBlackKnight, chess::kH8, phase));
    }
    // No piece has no square value.
    EXPECT_EQ(pst_value(chess::kNoPiece, chess::kE4, 24), 0);
}

TEST(EvalBasics, PstGainIsTheDifferenceOfTheTwoSquaresValues) {
    using chess::Square;
    // Every piece, every pair of squares, the phase's ends and its middle.
    for (int phase : {0, 5, 12, 19, 24})
        for (int p = chess::kWhitePawn; p < chess::kNoPiece; ++p)
            for (int from = 0; from < 64; ++from)
                for (int to = 0; to < 64; to += 5) {
                    const auto piece = chess::Piece(p);
                    ASSERT_EQ(
                        pst_gain(piece, Square(from), Square(to), phase),
                        pst_value(piece, Square(to), phase) - pst_value(piece, Square(from), phase))
                        << "piece " << p << " from " << from << " to " << to << " phase " << phase;
                }
    // Knight g1-f3 gains in the opening; a piece that is not there gains nothing.
    EXPECT_GT(pst_gain(chess::kWhiteKnight, chess::kG1, chess::kF3, 24), 0);
    EXPECT_EQ(pst_gain(chess::kNoPiece, chess::kG1, chess::kF3, 24), 0);
}

TEST(EvalTerms, PassedPawnOnTheSeventhOutscoresOneOnTheThird) {
    // Same kings, pawn on c7 vs c3; in a pawn ending and with rooks on the board.
    EXPECT_GT(term("7k/2P5/8/8/8/8/8/K7 w - - 0 1", kPassedPawns),
              term("7k/8/8/8/8/2P5/8/K7 w - - 0 1", kPassedPawns) + 50);
    EXPECT_GT(term("r6k/2P5/8/8/8/8/8/KR6 w - - 0 1", kPassedPawns),
              term("r6k/8/8/8/8/2P5/8/KR6 w - - 0 1", kPassedPawns) + 50);
    // A pawn on c3 that is not passed (enemy pawn on d5) gets no passed-pawn value at all.
    EXPECT_EQ(term("7k/8/8/3p4/8/2P5/8/K7 w - - 0 1", kPassedPawns) +
                  term("7k/8/8/3p4/8/2P5/8/K7 b - - 0 1", kPassedPawns),
              0);
    EXPECT_GT(term("7k/8/8/8/8/2P5/8/K7 w - - 0 1", kPassedPawns), 0);
    // Black's passed pawn counts against White, the more the further it has gone. White's
    // king on a1 guards the queening square, and the term's king-distance part says so, so
    // the difference shows in the whole evaluation (piece-square values included), not
    // necessarily in the term alone.
    constexpr const char* kBlackPawnOnC2 = "7k/8/8/8/8/8/2p5/K7 w - - 0 1";
    constexpr const char* kBlackPawnOnC6 = "7k/8/2p5/8/8/8/8/K7 w - - 0 1";
    EXPECT_LT(term(kBlackPawnOnC6, kPassedPawns), 0);
    EXPECT_LT(term(kBlackPawnOnC2, kPassedPawns), 0);
    EXPECT_LT(evaluate(position_from_fen(kBlackPawnOnC2)),
              evaluate(position_from_fen(kBlackPawnOnC6)) - 30);
}

TEST(EvalTerms, PassedPawnValueGrowsWithTheEnemyKingFarAway) {
    // Pawn e6; black king next to its path vs far away on a1-side.
    EXPECT_GT(term("8/8/4P3/8/8/8/8/k3K3 w - - 0 1", kPassedPawns),
              term("4k3/8/4P3/8/8/8/8/4K3 w - - 0 1", kPassedPawns));
    // Rule of the square: a black king on a8 cannot catch a pawn on h5; one on f6 can.
    EXPECT_GT(term("k7/8/8/7P/8/8/8/K7 w - - 0 1", kPassedPawns), 250);
    EXPECT_LT(term("8/8/5k2/7P/8/8/8/K7 w - - 0 1", kPassedPawns), 150);
    // On d5 with the king on h6 it depends on who moves: White to move runs, Black to move
    // catches it (Kg6 or Kg7 enters the square).
    EXPECT_GT(term("8/8/7k/3P4/8/8/8/K7 w - - 0 1", kPassedPawns), 250);
    EXPECT_GT(term("8/8/7k/3P4/8/8/8/K7 b - - 0 1", kPassedPawns), -200);
}

TEST(EvalTerms, PawnShieldBeatsExposedKing) {
    const int shielded = term("r2q1rk1/5ppp/8/8/8/8/5PPP/R2Q1RK1 w - - 0 1", kKingSafety);
    const int exposed = term("r2q1rk1/5ppp/8/8/8/8/PPP5/R2Q1RK1 w - - 0 1", kKingSafety);
    EXPECT_GT(shielded, exposed + 40);
    // Pawns pushed far up the board shelter less than pawns on the second rank.
    const int pushed = term("r2q1rk1/5ppp/8/8/5PPP/8/8/R2Q1RK1 w - - 0 1", kKingSafety);
    EXPECT_GT(shielded, pushed + 20);
}

TEST(EvalTerms, AttackersNearTheKingCostKingSafety) {
    // Black queen on h4 and knight on g4 against White's castled king, vs the same pieces
    // far away on the queenside.
    const int attacked = term("r4rk1/5ppp/8/8/6nq/8/5PPP/R2Q1RK1 w - - 0 1", kKingSafety);
    const int quiet = term("rnq2rk1/5ppp/8/8/8/8/5PPP/R2Q1RK1 w - - 0 1", kKingSafety);
    EXPECT_LT(attacked, quiet - 30);
}

TEST(EvalTerms, BishopPairOnlyWithBothBishops) {
    EXPECT_GT(term("4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1", kBishopPair), 0);
    EXPECT_EQ(term("4k3/8/8/8/8/8/8/2B1KN2 w - - 0 1", kBishopPair), 0);
    EXPECT_EQ(term("4k3/8/8/8/8/8/8/2N1KN2 w - - 0 1", kBishopPair), 0);
    // Two bishops on the same colour (after an underpromotion) are not a pair.
    EXPECT_EQ(term("4k3/8/8/8/8/4B3/8/2B1K3 w - - 0 1", kBishopPair), 0);
    // Both sides with the pair cancel; Black's pair alone counts against White.
    EXPECT_EQ(term("2b1kb2/8/8/8/8/8/8/2B1KB2 w - - 0 1", kBishopPair), 0);
    EXPECT_LT(term("2b1kb2/8/8/8/8/8/8/2N1KN2 w - - 0 1", kBishopPair), 0);
    EXPECT_GT(term("2b1kb2/8/8/8/8/8/8/2N1KN2 b - - 0 1", kBishopPair), 0);
}

TEST(EvalTerms, DrawishMaterialIsScaledDown) {
    // Bare kings: exactly a draw.
    EXPECT_EQ(evaluate(position_from_fen("8/8/8/4k3/8/8/8/K7 w - - 0 1")), 0);
    // A lone minor piece cannot win.
    for (const char* fen : {"8/8/8/4k3/8/8/8/2B1K3 w - - 0 1", "8/8/8/4k3/8/8/8/4KN2 w - - 0 1",
                            "8/8/8/4k3/8/8/8/4KNN1 w - - 0 1"}) {
        const Breakdown b = breakdown(fen);
        EXPECT_GT(b.terms[kMaterial], 250) << fen;
        EXPECT_LT(b.terms[kScaling], -200) << fen;
        EXPECT_LT(std::abs(b.total), 40) << fen;
    }
    // Rook v bishop: less than a rook up, no pawns -> near a draw.
    EXPECT_LT(std::abs(evaluate(position_from_fen("8/8/8/4k3/8/3b4/8/4K2R w - - 0 1"))), 60);
    // Bishop and knight do mate: not scaled.
    const Breakdown bn = breakdown("8/8/8/4k3/8/8/8/4KBN1 w - - 0 1");
    EXPECT_EQ(bn.terms[kScaling], 0);
    EXPECT_GT(bn.total, 500);
}

TEST(EvalTerms, OppositeColouredBishopsAreDrawish) {
    // White a pawn up with bishops of opposite colours vs of the same colour.
    // White's bishop d2 is on a dark square; Black's e6 is light, d6 dark.
    const Breakdown opposite = breakdown("8/5k2/4b3/2p1p3/2P1P1P1/8/3B1K2/8 w - - 0 40");
    const Breakdown same = breakdown("8/5k2/3b4/2p1p3/2P1P1P1/8/3B1K2/8 w - - 0 40");
    EXPECT_LT(opposite.terms[kScaling], same.terms[kScaling]);
    EXPECT_LT(opposite.total, same.total);
    EXPECT_LT(opposite.total, 50);
}

TEST(EvalTerms, RooksLikeOpenFilesAndTheSeventh) {
    EXPECT_GT(term("4k3/pp4pp/8/8/8/8/PP4PP/3RK3 w - - 0 1", kRooks), 0);      // d-file open
    EXPECT_GT(term("4k3/pp1p2pp/8/8/8/8/PP4PP/3RK3 w - - 0 1", kRooks), 0);    // semi-open
    EXPECT_EQ(term("4k3/pp1p2pp/8/8/8/8/PP1P2PP/3RK3 w - - 0 1", kRooks), 0);  // closed
    // A rook on the seventh, against pawns still at home, beats the same rook on the third.
    // Where the value sits (rook term or rook piece-square table) is the fit's choice.
    EXPECT_GT(evaluate(position_from_fen("6k1/2R2ppp/8/8/8/8/5PPP/6K1 w - - 0 1")),
              evaluate(position_from_fen("6k1/5ppp/8/8/8/2R5/5PPP/6K1 w - - 0 1")));
}

TEST(EvalTerms, MobilityRewardsFreePieces) {
    // A bishop on b2 with the long diagonal open vs blocked by its own pawn on c3.
    EXPECT_GT(term("4k3/8/8/8/8/8/1B3PPP/6K1 w - - 0 1", kMobility),
              term("4k3/8/8/8/8/2P5/1B3PPP/6K1 w - - 0 1", kMobility));
    // Squares attacked by enemy pawns do not count: a knight on a1 with b3 covered by a pawn
    // on a4 (one square left) vs the same pawn on h4 (two squares).
    EXPECT_GT(term("4k3/8/8/8/7p/8/8/N3K3 w - - 0 1", kMobility),
              term("4k3/8/8/8/p7/8/8/N3K3 w - - 0 1", kMobility));
}

TEST(EvalTerms, PawnStructureFlaws) {
    const int healthy = term("4k3/8/8/8/8/8/PPP5/4K3 w - - 0 1", kPawnStructure);
    const int doubled = term("4k3/8/8/8/8/P7/P1P5/4K3 w - - 0 1", kPawnStructure);
    const int isolated = term("4k3/8/8/8/8/8/P1P1P3/4K3 w - - 0 1", kPawnStructure);
    EXPECT_GT(healthy, doubled);
    EXPECT_GT(healthy, isolated);
    EXPECT_LT(isolated, 0);
    // A phalanx on the fifth rank is worth more than the same pawns at home.
    EXPECT_GT(term("4k3/8/8/3PP3/8/8/8/4K3 w - - 0 1", kPawnStructure),
              term("4k3/8/8/8/8/8/3PP3/4K3 w - - 0 1", kPawnStructure));
    // Backward pawn: Black's d6 behind c5/e5 is backward when White's e4 pawn controls d5,
    // not when White's pawn stands on e3: the first is the better structure for White.
    EXPECT_GT(term("4k3/8/3p4/2p1p3/4P3/8/8/4K3 w - - 0 1", kPawnStructure),
              term("4k3/8/3p4/2p1p3/8/4P3/8/4K3 w - - 0 1", kPawnStructure));
}

TEST(EvalTerms, ThreatsToPieces) {
    // Black knight on e5 attacked by White's d4 pawn: good for White.
    EXPECT_GT(term("4k3/8/8/4n3/3P4/8/8/4K3 w - - 0 1", kThreats), 40);
    // A hanging black rook attacked by a white knight.
    EXPECT_GT(term("4k3/8/3r4/8/4N3/8/8/4K3 w - - 0 1", kThreats), 40);
    // Nothing attacked: no threats.
    EXPECT_EQ(term("4k3/8/8/8/8/8/8/4K3 w - - 0 1", kThreats), 0);
}

TEST(EvalTerms, KnightOutpost) {
    // Knight on d5 protected by the e4 pawn and safe from black pawns vs on d3.
    EXPECT_GT(term("4k3/pp6/8/3N4/4P3/8/8/4K3 w - - 0 1", kPieces),
              term("4k3/pp6/8/8/4P3/3N4/8/4K3 w - - 0 1", kPieces));
}

TEST(EvalPrint, TableListsEveryTermPhaseAndTotal) {
    std::ostringstream out;
    const Position pos =
        position_from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 0 1");
    print_breakdown(pos, out);
    const std::string text = out.str();
    for (int t = 0; t < kTermCount; ++t)
        EXPECT_NE(text.find(term_name(Term(t))), std::string::npos);
    EXPECT_NE(text.find("phase"), std::string::npos);
    EXPECT_NE(text.find("total"), std::string::npos);
    Breakdown b{};
    evaluate(pos, b);
    EXPECT_NE(text.find(" " + std::to_string(b.total) + "\n"), std::string::npos) << text;
}

TEST(EvalPrint, TermNamesAreDistinct) {
    for (int a = 0; a < kTermCount; ++a)
        for (int b = a + 1; b < kTermCount; ++b) EXPECT_NE(term_name(Term(a)), term_name(Term(b)));
    EXPECT_EQ(term_name(kMaterial), "material");
    EXPECT_EQ(term_name(kKingSafety), "king_safety");
    EXPECT_EQ(term_name(kPassedPawns), "passed_pawns");
}

}  // namespace
}  // namespace lmr::eval::test
