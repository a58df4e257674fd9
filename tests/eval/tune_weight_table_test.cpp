// The tuner's flat view of the evaluation weights: labels, access to the calling thread's
// copy, and that a changed weight is the one the evaluation reads (for both colours).
#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

#include "engine/chess/types.hpp"
#include "engine/eval/eval.hpp"
#include "engine/eval/tune/weight_table.hpp"
#include "tests/eval/mirror.hpp"
#include "tests/eval/tune_test_util.hpp"

namespace lmr::eval::tune::test {
namespace {

using chess::kBlack;
using chess::kWhite;

const std::vector<std::string> kFens = {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r1bq1rk1/pp2bppp/2n1pn2/8/2BP4/2N2N2/PP3PPP/R1BQ1RK1 w - - 0 9",
    "2r3k1/5p1p/6p1/8/8/8/q4PPP/1Q1R2K1 b - - 0 1",
    "8/5pk1/6p1/7p/7P/6P1/5PK1/8 b - - 0 45",
    "8/5k2/4b3/2p1p3/2P1P3/8/3B1K2/8 w - - 0 40",
};

std::vector<int> evaluations() {
    std::vector<int> out;
    for (const std::string& fen : kFens) out.push_back(evaluate(position_from_fen(fen)));
    return out;
}

TEST(TuneWeightTable, LabelsAreUniqueAndCoverEveryKind) {
    const std::vector<Dim>& all = dims();
    std::set<std::string> labels;
    int material = 0, pst = 0, measured = 0;
    for (const Dim& d : all) {
        EXPECT_FALSE(d.label.empty());
        EXPECT_TRUE(labels.insert(d.label).second) << "duplicate label " << d.label;
        material += d.kind == DimKind::kMaterial;
        pst += d.kind == DimKind::kPst;
        measured += d.kind == DimKind::kMeasured;
    }
    EXPECT_EQ(material, 5 * 2);  // pawn ... queen, mg and eg
    EXPECT_EQ(pst, 6 * 64 * 2);  // every piece type and square, mg and eg
    EXPECT_GT(measured, 100);
    for (const char* label :
         {"kDoubled.mg", "kDoubled.eg", "kKnightMobility[3].mg", "kConnected[2]", "kTempoBonus.eg",
          "material.queen.mg", "pst.knight.e4.mg", "pst.king.h8.eg"})
        EXPECT_EQ(labels.count(label), 1u) << label;
    // The measured weights come first, then material, then the tables.
    EXPECT_EQ(all.front().kind, DimKind::kMeasured);
    EXPECT_EQ(all.back().kind, DimKind::kPst);
}

TEST(TuneWeightTable, DeclarationsMatchTheDimensions) {
    const std::vector<Dim>& all = dims();
    int next = 0;
    for (const WeightDecl& d : declarations()) {
        EXPECT_EQ(d.first_dim, next) << d.name;
        const int stride = d.is_score ? 2 : 1;
        for (int e = 0; e < d.count; ++e) {
            std::string base = d.name;
            if (d.is_array) base += "[" + std::to_string(e) + "]";
            const int dim = d.first_dim + e * stride;
            ASSERT_LT(dim + stride - 1, int(all.size()));
            if (d.is_score) {
                EXPECT_EQ(all[dim].label, base + ".mg");
                EXPECT_EQ(all[dim + 1].label, base + ".eg");
                EXPECT_TRUE(all[dim + 1].endgame);
            } else {
                EXPECT_EQ(all[dim].label, base);
            }
        }
        next = d.first_dim + d.count * stride;
    }
    EXPECT_EQ(next, material_dim(chess::kPawn, false));
}

TEST(TuneWeightTable, MaterialAndPstDims) {
    const std::vector<Dim>& all = dims();
    const Dim& knight_eg = all[material_dim(chess::kKnight, true)];
    EXPECT_EQ(knight_eg.kind, DimKind::kMaterial);
    EXPECT_EQ(knight_eg.piece_square, int(chess::kKnight));
    EXPECT_TRUE(knight_eg.endgame);
    EXPECT_EQ(knight_eg.label, "material.knight.eg");
    const Dim& queen_mg = all[material_dim(chess::kQueen, false)];
    EXPECT_EQ(queen_mg.kind, DimKind::kMaterial);
    EXPECT_EQ(queen_mg.piece_square, int(chess::kQueen));
    EXPECT_FALSE(queen_mg.endgame);

    for (int pt = chess::kPawn; pt <= chess::kKing; ++pt) {
        for (int sq = 0; sq < 64; ++sq) {
            for (bool eg : {false, true}) {
                const Dim& d = all[pst_dim(pt, sq, eg)];
                ASSERT_EQ(d.kind, DimKind::kPst);
                ASSERT_EQ(d.piece_square, pt * 64 + sq);
                ASSERT_EQ(d.endgame, eg);
            }
        }
    }
    EXPECT_EQ(all[pst_dim(chess::kKnight, chess::kE4, false)].label, "pst.knight.e4.mg");
    EXPECT_EQ(all[pst_dim(chess::kRook, chess::kA8, true)].label, "pst.rook.a8.eg");
}

TEST(TuneWeightTable, ReadValuesAreWhatTheEvaluationUses) {
    // pst_value reads the tables the evaluation uses; phase 24 is the mg half, 0 the eg half.
    for (int pt = chess::kPawn; pt <= chess::kKing; ++pt) {
        for (int sq = 0; sq < 64; ++sq) {
            const chess::Piece white = chess::make_piece(kWhite, chess::PieceType(pt));
            const chess::Piece black = chess::make_piece(kBlack, chess::PieceType(pt));
            EXPECT_EQ(get_weight(pst_dim(pt, sq, false)), pst_value(white, sq, 24));
            EXPECT_EQ(get_weight(pst_dim(pt, sq, true)), pst_value(white, sq, 0));
            EXPECT_EQ(get_weight(pst_dim(pt, sq, false)), pst_value(black, sq ^ 56, 24));
        }
    }
}

TEST(TuneWeightTable, GetSetRoundTrip) {
    WeightGuard guard;
    const std::vector<int> before = read_weights();
    ASSERT_EQ(before.size(), dims().size());
    for (int d = 0; d < int(before.size()); ++d) {
        set_weight(d, before[d] + 13);
        ASSERT_EQ(get_weight(d), before[d] + 13) << dims()[d].label;
    }
    const std::vector<int> after = read_weights();
    for (int d = 0; d < int(before.size()); ++d) ASSERT_EQ(after[d], before[d] + 13);

    // Setting one dimension leaves every other one alone.
    write_weights(before);
    EXPECT_EQ(read_weights(), before);
    const int knight = dim_by_label("kKnightMobility[3].eg");
    set_weight(knight, -777);
    std::vector<int> expected = before;
    expected[knight] = -777;
    EXPECT_EQ(read_weights(), expected);
}

TEST(TuneWeightTable, WriteOfReadLeavesTheEvaluationUnchanged) {
    WeightGuard guard;
    const std::vector<int> evals = evaluations();
    write_weights(read_weights());
    EXPECT_EQ(evaluations(), evals);

    // After any change, writing the saved weights back restores every evaluation.
    std::vector<int> changed = guard.saved();
    for (int& v : changed) v += 5;
    write_weights(changed);
    EXPECT_NE(evaluations(), evals);
    write_weights(guard.saved());
    EXPECT_EQ(evaluations(), evals);
}

TEST(TuneWeightTable, PstWeightChangesBothColours) {
    WeightGuard guard;
    // A white knight on e4 at phase 24 (no taper rounding), and its colour-flipped twin with
    // a black knight on e5: the same position from the other side.
    const std::string fen = "r1bqkbnr/pppppppp/2n5/8/4N3/8/PPPPPPPP/R1BQKBNR w KQkq - 3 3";
    const std::string twin = ::lmr::eval::test::mirror_fen(fen);
    ASSERT_EQ(twin, "r1bqkbnr/pppppppp/8/4n3/8/2N5/PPPPPPPP/R1BQKBNR b KQkq - 3 3");
    const int before = evaluate(position_from_fen(fen));
    ASSERT_EQ(evaluate(position_from_fen(twin)), before);

    const int dim = pst_dim(chess::kKnight, chess::kE4, false);
    set_weight(dim, get_weight(dim) + 50);
    EXPECT_EQ(evaluate(position_from_fen(fen)), before + 50);
    EXPECT_EQ(evaluate(position_from_fen(twin)),
              before + 50);  // Black's mirrored entry changed too
    EXPECT_EQ(pst_value(chess::kBlackKnight, chess::kE5, 24), get_weight(dim));
    EXPECT_EQ(pst_value(chess::kWhiteKnight, chess::kE4, 24), get_weight(dim));

    // The endgame half does not move at phase 24.
    const int eg = pst_dim(chess::kKnight, chess::kE4, true);
    set_weight(eg, get_weight(eg) + 40);
    EXPECT_EQ(evaluate(position_from_fen(fen)), before + 50);
    EXPECT_EQ(pst_value(chess::kBlackKnight, chess::kE5, 0), get_weight(eg));
}

TEST(TuneWeightTable, MeasuredWeightReachesTheEvaluation) {
    WeightGuard guard;
    // Doubled c-pawns for White, full material (phase 24: the mg half counts in full).
    const std::string fen = "rnbqkbnr/ppp2ppp/8/4p3/8/2P5/PPP2PPP/RNBQKBNR w KQkq - 0 5";
    const std::string twin = ::lmr::eval::test::mirror_fen(fen);
    const int before = evaluate(position_from_fen(fen));
    ASSERT_EQ(evaluate(position_from_fen(twin)), before);
    const int dim = dim_by_label("kDoubled.mg");
    set_weight(dim, get_weight(dim) - 30);
    EXPECT_EQ(evaluate(position_from_fen(fen)), before - 30);
    EXPECT_EQ(evaluate(position_from_fen(twin)), before - 30);
}

TEST(TuneWeightTable, NonDecreasingChainsFollowTheTables) {
    const std::vector<std::vector<int>> chains = non_decreasing_chains();
    // Four mobility tables and the passed-pawn ranks in two halves, two int tables.
    ASSERT_EQ(chains.size(), 12u);
    std::set<std::string> labels;
    const std::vector<int> start = read_weights();
    for (const std::vector<int>& chain : chains) {
        ASSERT_GE(chain.size(), 4u);
        for (std::size_t i = 0; i < chain.size(); ++i) {
            labels.insert(dims()[chain[i]].label);
            EXPECT_EQ(dims()[chain[i]].kind, DimKind::kMeasured);
            // The weights in the tree already have the shape the fit keeps.
            if (i > 0) {
                EXPECT_LE(start[chain[i - 1]], start[chain[i]]) << dims()[chain[i]].label;
            }
        }
    }
    EXPECT_EQ(labels.size(), 2u * (9 + 14 + 15 + 28 + 6) + 4 + 6);  // no dimension twice
    EXPECT_TRUE(labels.count("kKnightMobility[0].mg"));
    EXPECT_TRUE(labels.count("kQueenMobility[27].eg"));
    EXPECT_TRUE(labels.count("kPassedRank[6].eg"));
    EXPECT_FALSE(labels.count("kPassedRank[7].eg"));
    EXPECT_TRUE(labels.count("kConnected[1]"));
    EXPECT_TRUE(labels.count("kPassedWeight[3]"));
}

}  // namespace
}  // namespace lmr::eval::tune::test
