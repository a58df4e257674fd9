// Texel fitting on synthetic linear models with a known answer: the sigmoid scale k, and a
// weight the results were generated from.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include "engine/eval/tune/fit.hpp"
#include "engine/eval/tune/linear_model.hpp"

namespace lmr::eval::tune::test {
namespace {

double sigmoid(double k, double eval) {
    return 1.0 / (1.0 + std::exp(-k * eval));
}

// Samples whose evaluation is x (mg = eg = x, middlegame weight only), labelled with the soft
// result sigmoid(k0 * x).
LinearModel scale_model(double k0, std::vector<int> origin) {
    LinearModel model;
    model.origin = std::move(origin);
    for (int x = -600; x <= 600; x += 15) {
        Sample s{};
        s.result = float(sigmoid(k0, x));
        s.mg = float(x);
        s.eg = float(x);
        s.mg_weight = 1.0f;
        s.eg_weight = 0.0f;
        s.first = s.last = 0;
        model.samples.push_back(s);
    }
    return model;
}

TEST(TuneFit, FitScaleRecoversK) {
    for (double k0 : {0.004, 0.0075, 0.012}) {
        const LinearModel model = scale_model(k0, {});
        const double k = fit_scale(model, 1);
        EXPECT_NEAR(k, k0, 0.02 * k0) << "k0 = " << k0;
        EXPECT_NEAR(mean_error(model, {}, k, 1), 0.0, 1e-8);
        // The same answer with several threads and with an origin the model does not use.
        EXPECT_NEAR(fit_scale(scale_model(k0, {17}), 3), k0, 0.02 * k0);
    }
}

TEST(TuneFit, FitSearchScaleReadsTheScoresNotTheEvaluation) {
    // The evaluation says sigmoid(0.01 * x); the search scores are twice the evaluation, as
    // another engine's larger centipawns would be, so their own scale is 0.005. Samples
    // without a score (NaN) do not count.
    LinearModel model = scale_model(0.01, {});
    for (std::size_t i = 0; i < model.samples.size(); ++i) {
        Sample& s = model.samples[i];
        s.searched = i % 3 == 0 ? std::numeric_limits<float>::quiet_NaN() : 2.0f * s.mg;
    }
    model.samples[0].result = 1.0f;  // a NaN-score sample with a contradicting label
    EXPECT_NEAR(fit_search_scale(model), 0.005, 0.02 * 0.005);
    EXPECT_NEAR(fit_scale(model, 1), 0.01, 0.05 * 0.01);  // the evaluation's own scale stays
}

TEST(TuneFit, MeanErrorByHand) {
    LinearModel model = scale_model(0.01, {});
    // Move every result by 0.1: the mean squared error is 0.01 at the true k.
    for (Sample& s : model.samples) s.result += 0.1f;
    EXPECT_NEAR(mean_error(model, {}, 0.01, 1), 0.01, 1e-6);
    EXPECT_NEAR(mean_error(model, {}, 0.01, 4), 0.01, 1e-6);
    EXPECT_EQ(mean_error(LinearModel{}, {}, 0.01, 1), 0.0);
}

// Samples whose evaluation is c_i * w for one weight w (origin 0, nothing else), labelled
// with sigmoid(k * c_i * true_weight).
LinearModel weight_model(double k, double true_weight) {
    LinearModel model;
    model.origin = {0};
    for (int i = -20; i <= 20; ++i) {
        if (i == 0) continue;
        const float c = float(i) / 2.0f;  // -10 ... 10
        Sample s{};
        s.result = float(sigmoid(k, c * true_weight));
        s.mg = 0.0f;  // the evaluation at the origin (w = 0)
        s.eg = 0.0f;
        s.mg_weight = 1.0f;
        s.eg_weight = 0.0f;
        s.first = std::uint32_t(model.coefficients.size());
        model.coefficients.push_back({0, c, 0.0f});
        s.last = std::uint32_t(model.coefficients.size());
        model.samples.push_back(s);
    }
    return model;
}

TEST(TuneFit, FitWeightsRecoversAWeight) {
    const double k = 0.01;
    const LinearModel model = weight_model(k, 30.0);
    EXPECT_NEAR(predict(model, model.samples.back(), {30.0}), 300.0, 1e-3);

    FitOptions options;
    options.epochs = 400;
    options.learning_rate = 0.5;
    options.report_every = 50;
    std::vector<double> reported;
    std::vector<int> epochs;
    options.report = [&](int epoch, double error) {
        epochs.push_back(epoch);
        reported.push_back(error);
    };
    const std::vector<double> start = {0.0};
    const std::vector<double> fitted = fit_weights(model, start, k, options);
    ASSERT_EQ(fitted.size(), 1u);
    EXPECT_NEAR(fitted[0], 30.0, 2.0);

    const double error_before = mean_error(model, start, k, 1);
    const double error_after = mean_error(model, fitted, k, 1);
    EXPECT_GT(error_before, 0.01);
    EXPECT_LT(error_after, error_before * 1e-3);

    // Reports every 50 epochs (and the last), with a falling training error.
    EXPECT_EQ(epochs, (std::vector<int>{50, 100, 150, 200, 250, 300, 350, 400}));
    ASSERT_FALSE(reported.empty());
    EXPECT_LT(reported.back(), reported.front());
    EXPECT_LT(reported.front(), error_before);
}

TEST(TuneFit, FitWeightsFromAboveAndWithThreads) {
    const double k = 0.01;
    const LinearModel model = weight_model(k, 30.0);
    FitOptions options;
    options.epochs = 400;
    options.learning_rate = 0.5;
    options.threads = 3;
    const std::vector<double> fitted = fit_weights(model, {60.0}, k, options);
    ASSERT_EQ(fitted.size(), 1u);
    EXPECT_NEAR(fitted[0], 30.0, 2.0);

    options.threads = 1;
    EXPECT_NEAR(fit_weights(model, {60.0}, k, options)[0], fitted[0], 1e-6);
}

TEST(TuneFit, DimensionWithoutGradientStays) {
    // A second dimension no sample uses keeps its start value.
    LinearModel model = weight_model(0.01, 30.0);
    model.origin = {0, 5};
    FitOptions options;
    options.epochs = 100;
    const std::vector<double> fitted = fit_weights(model, {0.0, 5.0}, 0.01, options);
    ASSERT_EQ(fitted.size(), 2u);
    EXPECT_EQ(fitted[1], 5.0);
    EXPECT_GT(fitted[0], 10.0);
}

TEST(TuneFit, RegularizationPullsTowardTheAnchor) {
    // The data says 30; a pull toward 0 strong enough to matter stops the weight between
    // the two, and a stronger pull stops it nearer 0.
    const LinearModel model = weight_model(0.01, 30.0);
    FitOptions options;
    options.epochs = 600;
    options.learning_rate = 0.5;
    options.anchor = {0.0};
    options.regularization = 1e-5;
    const double weak = fit_weights(model, {0.0}, 0.01, options)[0];
    options.regularization = 1e-4;
    const double strong = fit_weights(model, {0.0}, 0.01, options)[0];
    EXPECT_LT(weak, 29.0);
    EXPECT_GT(strong, 0.5);
    EXPECT_LT(strong, weak - 1.0);
    options.regularization = 0.0;
    EXPECT_NEAR(fit_weights(model, {0.0}, 0.01, options)[0], 30.0, 2.0);
}

TEST(TuneFit, FrozenDimensionsKeepTheirValue) {
    const LinearModel model = weight_model(0.01, 30.0);
    FitOptions options;
    options.epochs = 100;
    options.frozen = {true};
    EXPECT_EQ(fit_weights(model, {0.0}, 0.01, options)[0], 0.0);
    options.frozen = {false};
    EXPECT_GT(fit_weights(model, {0.0}, 0.01, options)[0], 10.0);
}

TEST(TuneFit, MakeNonDecreasingPoolsViolators) {
    // Least-squares isotonic fits worked by hand: a violating pair becomes its mean; a run that
    // falls throughout becomes one block; values outside the chain are left alone.
    std::vector<double> w = {1.0, 3.0, 2.0, 4.0, 99.0};
    make_non_decreasing(w, {0, 1, 2, 3});
    EXPECT_EQ(w, (std::vector<double>{1.0, 2.5, 2.5, 4.0, 99.0}));
    w = {5.0, 4.0, 3.0};
    make_non_decreasing(w, {0, 1, 2});
    EXPECT_EQ(w, (std::vector<double>{4.0, 4.0, 4.0}));
    // A later dip pulls an earlier pooled block down with it: 3,1 -> 2,2 then 2,2,0 -> 4/3.
    w = {3.0, 1.0, 0.0, 7.0};
    make_non_decreasing(w, {0, 1, 2, 3});
    EXPECT_NEAR(w[0], 4.0 / 3.0, 1e-12);
    EXPECT_NEAR(w[1], 4.0 / 3.0, 1e-12);
    EXPECT_NEAR(w[2], 4.0 / 3.0, 1e-12);
    EXPECT_EQ(w[3], 7.0);
    // The chain's order, not the vector's: dims 2 then 0.
    w = {1.0, 0.0, 2.0};
    make_non_decreasing(w, {2, 0});
    EXPECT_EQ(w, (std::vector<double>{1.5, 0.0, 1.5}));
}

TEST(TuneFit, NonDecreasingChainHoldsAgainstTheData) {
    // Two independent weights the data puts at 30 and 10; chained (first <= second) the fit
    // must settle on one value between them, unchained it recovers both.
    LinearModel a = weight_model(0.01, 30.0);
    const LinearModel b = weight_model(0.01, 10.0);
    a.origin = {0, 0};
    for (const Sample& s : b.samples) {
        Sample t = s;
        t.first = std::uint32_t(a.coefficients.size());
        for (std::uint32_t c = s.first; c < s.last; ++c) {
            Coefficient co = b.coefficients[c];
            co.dim = 1;
            a.coefficients.push_back(co);
        }
        t.last = std::uint32_t(a.coefficients.size());
        a.samples.push_back(t);
    }
    FitOptions options;
    options.epochs = 600;
    options.learning_rate = 0.5;
    const std::vector<double> free_fit = fit_weights(a, {0.0, 0.0}, 0.01, options);
    EXPECT_NEAR(free_fit[0], 30.0, 2.0);
    EXPECT_NEAR(free_fit[1], 10.0, 2.0);
    options.non_decreasing = {{0, 1}};
    const std::vector<double> chained = fit_weights(a, {0.0, 0.0}, 0.01, options);
    EXPECT_LE(chained[0], chained[1]);
    EXPECT_GT(chained[0], 12.0);
    EXPECT_LT(chained[1], 28.0);
}

TEST(TuneFit, BlendSearchScoresMixesTheLabels) {
    LinearModel model = weight_model(0.01, 30.0);
    model.samples[0].result = 1.0f;
    model.samples[0].searched = 0.0f;  // sigmoid(0) = 0.5
    model.samples[1].result = 0.0f;
    model.samples[1].searched = std::nanf("");
    blend_search_scores(model, 0.01, 0.5);
    EXPECT_FLOAT_EQ(model.samples[0].result, 0.75f);
    EXPECT_FLOAT_EQ(model.samples[1].result, 0.0f);  // no score: the game result stays
}

}  // namespace
}  // namespace lmr::eval::tune::test
