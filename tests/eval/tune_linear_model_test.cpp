// The linear model of the evaluation: at its origin it predicts what evaluate() returns
// (White's view), and for weights the evaluation is linear in, it predicts the evaluation
// with a weight changed.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "engine/eval/eval.hpp"
#include "engine/eval/tune/linear_model.hpp"
#include "engine/eval/tune/weight_table.hpp"
#include "tests/eval/tune_test_util.hpp"

namespace lmr::eval::tune::test {
namespace {

struct Case {
    std::string fen;
    // How far evaluate() may be from the exact linear value. The model is exact; evaluate()
    // truncates toward zero: at phase 24 and 0 nothing is truncated, a scaled position (scale
    // factor below 64) truncates its scaled endgame sum and the taper once each (< 2), and
    // otherwise every term is tapered and truncated on its own (< 1 per term).
    double tolerance;
};

const std::vector<Case> kCases = {
    // Middlegames with all pieces (phase 24).
    {"rnbqkbnr/ppp2ppp/8/4p3/8/2P5/PPP2PPP/RNBQKBNR w KQkq - 0 5", 1.0},
    {"r1bq1rk1/pp2bppp/2n1pn2/8/2BP4/2N2N2/PP3PPP/R1BQ1RK1 w - - 0 9", 1.0},
    {"r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", 1.0},
    {"r1bqkbnr/pppppppp/8/4n3/8/2N5/PPPPPPPP/R1BQKBNR b KQkq - 3 3", 1.0},
    // Fewer pieces, Black to move (phase 12): terms truncated one by one.
    {"2r3k1/5p1p/6p1/8/8/8/q4PPP/1Q1R2K1 b - - 0 1", 11.0},
    {"r1b2rk1/pp3ppp/2n1p3/q7/3P4/P1PBPN2/5PPP/R2QK2R w KQ - 0 12", 11.0},
    // Pawn endings (phase 0), scaled by the few pawns left.
    {"8/5pk1/6p1/7p/7P/6P1/5PK1/8 b - - 0 45", 1.0},
    {"8/5k2/5p2/8/8/2P5/2P2K2/8 w - - 0 1", 1.0},
    // Rook ending (phase 4, scaled: the strong side is not a rook up).
    {"8/8/4k3/3p4/3P4/4K3/8/R6r w - - 0 50", 2.0},
    // Opposite-coloured bishops: scale factor 16 + 6 per passed pawn.
    {"8/5k2/4b3/3p4/3P1P2/2B5/5K2/8 w - - 0 1", 2.0},
};

std::vector<TrainingPosition> positions_of(const std::vector<Case>& cases) {
    std::vector<TrainingPosition> out;
    for (std::size_t i = 0; i < cases.size(); ++i)
        out.push_back({cases[i].fen, float(i % 3) / 2.0f});
    return out;
}

std::vector<double> as_double(const std::vector<int>& w) {
    return std::vector<double>(w.begin(), w.end());
}

TEST(TuneLinearModel, PredictsTheEvaluationAtItsOrigin) {
    const std::vector<int> weights = read_weights();
    const std::vector<TrainingPosition> positions = positions_of(kCases);
    const LinearModel model = measure(positions, weights, 1);
    EXPECT_EQ(model.origin, weights);
    ASSERT_EQ(model.samples.size(), kCases.size());
    const std::vector<double> origin = as_double(weights);
    for (std::size_t i = 0; i < kCases.size(); ++i) {
        const Sample& s = model.samples[i];
        EXPECT_EQ(s.result, positions[i].result);
        const chess::Position pos = position_from_fen(kCases[i].fen);
        EXPECT_FLOAT_EQ(s.mg_weight, float(game_phase(pos)) / 24.0f) << kCases[i].fen;
        EXPECT_NEAR(predict(model, s, origin), white_eval(pos), kCases[i].tolerance)
            << kCases[i].fen;
    }
}

TEST(TuneLinearModel, OppositeBishopsAreScaled) {
    const LinearModel model =
        measure({{"8/5k2/4b3/3p4/3P1P2/2B5/5K2/8 w - - 0 1", 1.0f}}, read_weights(), 1);
    ASSERT_EQ(model.samples.size(), 1u);
    const Sample& s = model.samples[0];
    // Phase 2 (two bishops); White is the stronger side with one passed pawn (f4):
    // scale 16 + 6 = 22 out of 64.
    EXPECT_FLOAT_EQ(s.mg_weight, 2.0f / 24.0f);
    EXPECT_FLOAT_EQ(s.eg_weight, 22.0f / 24.0f * 22.0f / 64.0f);
}

// Changing one weight by +7 in the model predicts the evaluation after set_weight().
struct LinearCase {
    std::string label;
    std::string fen;
    double tolerance;
};

TEST(TuneLinearModel, PredictsTheEffectOfLinearWeights) {
    const std::string phase24 = "rnbqkbnr/ppp2ppp/8/4p3/8/2P5/PPP2PPP/RNBQKBNR w KQkq - 0 5";
    const std::string knight_e4 = "r1bqkbnr/pppppppp/2n5/8/4N3/8/PPPPPPPP/R1BQKBNR w KQkq - 3 3";
    const std::string knight_e5 = "r1bqkbnr/pppppppp/8/4n3/8/2N5/PPPPPPPP/R1BQKBNR b KQkq - 3 3";
    const std::string extra_knight = "rnbqkbbr/pppppp1p/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    const std::string pawn_ending = "8/5k2/5p2/8/8/2P5/2P2K2/8 w - - 0 1";
    const std::string rook_ending = "8/8/4k3/3p4/3P4/4K3/8/R6r w - - 0 50";
    const std::string middlegame = "2r3k1/5p1p/6p1/8/8/8/q4PPP/1Q1R2K1 b - - 0 1";
    const std::vector<LinearCase> cases = {
        {"kDoubled.mg", phase24, 1.0},
        {"kDoubled.eg", pawn_ending, 1.0},  // scaled endgame: +7 * scale / 64
        {"material.knight.mg", extra_knight, 1.0},
        {"material.rook.eg", rook_ending, 2.0},  // equal rooks: no change
        {"material.pawn.eg", pawn_ending, 1.0},
        {"pst.knight.e4.mg", knight_e4, 1.0},
        {"pst.knight.e4.mg", knight_e5, 1.0},  // Black's knight on e5 reads the same entry
        {"pst.pawn.c3.eg", pawn_ending, 1.0},
        {"pst.rook.a1.mg", rook_ending, 2.0},
        {"kTempoBonus.mg", knight_e5, 1.0},  // Black to move: White's view goes down
        {"kTempoBonus.eg", middlegame, 11.0},
    };
    std::vector<TrainingPosition> positions;
    for (const LinearCase& c : cases) positions.push_back({c.fen, 0.5f});

    WeightGuard guard;
    const std::vector<int> weights = read_weights();
    const LinearModel model = measure(positions, weights, 1);
    ASSERT_EQ(model.samples.size(), cases.size());
    int changed = 0;
    for (std::size_t i = 0; i < cases.size(); ++i) {
        const LinearCase& c = cases[i];
        const int dim = dim_by_label(c.label);
        ASSERT_GE(dim, 0);
        const chess::Position pos = position_from_fen(c.fen);
        const int before = white_eval(pos);
        set_weight(dim, weights[dim] + 7);
        const int after = white_eval(pos);
        set_weight(dim, weights[dim]);

        std::vector<double> moved = as_double(weights);
        moved[dim] += 7;
        const double base = predict(model, model.samples[i], as_double(weights));
        const double predicted = predict(model, model.samples[i], moved);
        EXPECT_NEAR(predicted, after, c.tolerance) << c.label << " in " << c.fen;
        EXPECT_NEAR(predicted - base, after - before, 2.0) << c.label << " in " << c.fen;
        if (after != before) ++changed;
    }
    EXPECT_GE(changed, 9);  // all but material.rook.eg (equal rooks); tempo.eg barely moves
    EXPECT_EQ(read_weights(), weights);
}

TEST(TuneLinearModel, ExactSizeOfLinearChanges) {
    WeightGuard guard;
    const std::string knight_e5 = "r1bqkbnr/pppppppp/8/4n3/8/2N5/PPPPPPPP/R1BQKBNR b KQkq - 3 3";
    const std::vector<int> weights = read_weights();
    const LinearModel model = measure({{knight_e5, 0.5f}}, weights, 1);
    ASSERT_EQ(model.samples.size(), 1u);
    const Sample& s = model.samples[0];
    auto shifted = [&](const std::string& label, double by) {
        std::vector<double> w = as_double(weights);
        w[dim_by_label(label)] += by;
        return predict(model, s, w) - predict(model, s, as_double(weights));
    };
    // Black's knight on e5 is White's e4 entry, counted against White.
    EXPECT_NEAR(shifted("pst.knight.e4.mg", 7), -7.0, 1e-4);
    EXPECT_NEAR(shifted("pst.knight.c3.mg", 7), 7.0, 1e-4);
    EXPECT_NEAR(shifted("pst.knight.e4.eg", 7), 0.0, 1e-4);    // phase 24
    EXPECT_NEAR(shifted("kTempoBonus.mg", 7), -7.0, 1e-4);     // Black to move
    EXPECT_NEAR(shifted("material.knight.mg", 7), 0.0, 1e-4);  // two knights each
}

TEST(TuneLinearModel, CertainDrawsAreLeftOut) {
    const std::vector<TrainingPosition> positions = {
        {"rnbqkbnr/ppp2ppp/8/4p3/8/2P5/PPP2PPP/RNBQKBNR w KQkq - 0 5", 1.0f},
        {"8/8/8/4k3/8/8/8/4KB2 w - - 0 1", 0.5f},  // KB v K
        {"8/5pk1/6p1/7p/7P/6P1/5PK1/8 b - - 0 45", 0.0f},
        {"8/8/8/4k3/8/8/8/4KNN1 b - - 0 1", 0.5f},  // KNN v K
        {"8/8/4k3/3p4/3P4/4K3/8/R6r w - - 0 50", 1.0f},
    };
    ASSERT_EQ(evaluate(position_from_fen(positions[1].fen)), 0);
    ASSERT_EQ(evaluate(position_from_fen(positions[3].fen)), 0);
    const LinearModel model = measure(positions, read_weights(), 1);
    ASSERT_EQ(model.samples.size(), 3u);
    EXPECT_EQ(model.samples[0].result, 1.0f);
    EXPECT_EQ(model.samples[1].result, 0.0f);
    EXPECT_EQ(model.samples[2].result, 1.0f);
    const std::vector<double> origin = as_double(model.origin);
    EXPECT_NEAR(predict(model, model.samples[1], origin), white_eval(positions[2].fen), 1.0);
    EXPECT_NEAR(predict(model, model.samples[2], origin), white_eval(positions[4].fen), 2.0);

    const LinearModel only_draw =
        measure({{"8/8/8/4k3/8/8/8/4KB2 w - - 0 1", 0.5f}}, read_weights(), 1);
    EXPECT_TRUE(only_draw.samples.empty());
    EXPECT_TRUE(only_draw.coefficients.empty());
}

TEST(TuneLinearModel, ThreadsGiveTheSameModel) {
    const std::vector<TrainingPosition> positions = positions_of(kCases);
    const std::vector<int> weights = read_weights();
    const LinearModel one = measure(positions, weights, 1);
    const LinearModel three = measure(positions, weights, 3);
    ASSERT_EQ(one.samples.size(), three.samples.size());
    ASSERT_EQ(one.coefficients.size(), three.coefficients.size());
    for (std::size_t i = 0; i < one.samples.size(); ++i) {
        EXPECT_EQ(one.samples[i].first, three.samples[i].first);
        EXPECT_EQ(one.samples[i].last, three.samples[i].last);
        EXPECT_EQ(one.samples[i].mg, three.samples[i].mg);
        EXPECT_EQ(one.samples[i].eg, three.samples[i].eg);
    }
    for (std::size_t i = 0; i < one.coefficients.size(); ++i) {
        EXPECT_EQ(one.coefficients[i].dim, three.coefficients[i].dim);
        EXPECT_EQ(one.coefficients[i].mg, three.coefficients[i].mg);
        EXPECT_EQ(one.coefficients[i].eg, three.coefficients[i].eg);
    }
}

TEST(TuneLinearModel, MeasuresAtTheGivenWeightsNotTheDefaults) {
    WeightGuard guard;
    std::vector<int> weights = read_weights();
    weights[dim_by_label("material.knight.mg")] += 40;
    weights[dim_by_label("kDoubled.mg")] -= 25;
    weights[dim_by_label("pst.bishop.c4.mg")] += 30;
    weights[dim_by_label("kTempoBonus.mg")] += 15;
    const std::vector<TrainingPosition> positions = positions_of(kCases);
    // The worker threads start from the compiled-in weights: measure() must set its own.
    const LinearModel model = measure(positions, weights, 2);
    ASSERT_EQ(model.samples.size(), kCases.size());
    write_weights(weights);  // this thread evaluates at the same weights
    const std::vector<double> origin = as_double(weights);
    for (std::size_t i = 0; i < kCases.size(); ++i)
        EXPECT_NEAR(predict(model, model.samples[i], origin), white_eval(kCases[i].fen),
                    kCases[i].tolerance)
            << kCases[i].fen;
}

}  // namespace
}  // namespace lmr::eval::tune::test
