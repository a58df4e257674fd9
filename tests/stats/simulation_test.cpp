// Deterministic simulation of many SPRTs: games drawn from a model with a known Elo difference,
// the LLR recomputed after every pair as a run does. At the true value elo0 the test should
// accept H1 about alpha of the time (false positives), at elo1 accept H0 about beta of the
// time (false negatives). The GSPRT overshoots its bounds a little and is known to be slightly
// conservative, so the observed rates sit at or below alpha and beta.

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <random>

#include "harness/stats/counts.hpp"
#include "harness/stats/elo.hpp"
#include "harness/stats/sprt.hpp"

namespace lmr::stats {
namespace {

struct GameModel {
    double win;
    double draw;
    double loss;
};

// Pair-score distribution of two independent games, as pentanomial bin probabilities.
std::array<double, 5> pair_distribution(const GameModel& g) {
    return {g.loss * g.loss, 2 * g.loss * g.draw, 2 * g.win * g.loss + g.draw * g.draw,
            2 * g.win * g.draw, g.win * g.win};
}

// nElo of the model, measured on pairs exactly as the statistics measure it.
double model_nelo(const GameModel& g) {
    const auto p = pair_distribution(g);
    double mu = 0;
    for (int i = 0; i < 5; ++i) mu += p[i] * i / 4.0;
    double var = 0;
    for (int i = 0; i < 5; ++i) var += p[i] * (i / 4.0 - mu) * (i / 4.0 - mu);
    return (mu - 0.5) / std::sqrt(2 * var) * kNeloScale;
}

GameModel with_difference(double draw_rate, double win_minus_loss) {
    return {(1 - draw_rate + win_minus_loss) / 2, draw_rate, (1 - draw_rate - win_minus_loss) / 2};
}

// The model with this draw rate whose nElo is `nelo` (bisection on win - loss; nElo grows
// with it).
GameModel model_with_nelo(double nelo, double draw_rate) {
    double lo = -(1 - draw_rate);
    double hi = 1 - draw_rate;
    for (int i = 0; i < 200; ++i) {
        const double mid = (lo + hi) / 2;
        (model_nelo(with_difference(draw_rate, mid)) < nelo ? lo : hi) = mid;
    }
    return with_difference(draw_rate, (lo + hi) / 2);
}

// The model with this draw rate whose expected score is that of logistic `elo`.
GameModel model_with_logistic_elo(double elo, double draw_rate) {
    return with_difference(draw_rate, 2 * score_from_elo(elo) - 1);
}

// Uniform in [0, 1) from the top 53 bits: fully specified, unlike std:: distributions.
double uniform(std::mt19937_64& rng) {
    return static_cast<double>(rng() >> 11) * 0x1.0p-53;
}

Outcome play(std::mt19937_64& rng, const GameModel& g) {
    const double u = uniform(rng);
    if (u < g.win) return Outcome::kWin;
    if (u < g.win + g.draw) return Outcome::kDraw;
    return Outcome::kLoss;
}

struct Rates {
    int runs = 0;
    int accept_h1 = 0;
    int accept_h0 = 0;
    int undecided = 0;
    long pairs = 0;

    double h1_rate() const { return static_cast<double>(accept_h1) / runs; }
    double h0_rate() const { return static_cast<double>(accept_h0) / runs; }
};

Rates simulate(const GameModel& truth, const SprtParams& params, int runs, std::uint64_t seed) {
    constexpr long kMaxPairs = 20000;  // a safety cap; no run here comes near it
    std::mt19937_64 rng(seed);
    const SprtBounds bounds = sprt_bounds(params.alpha, params.beta);
    Rates rates;
    rates.runs = runs;
    for (int run = 0; run < runs; ++run) {
        Pentanomial counts;
        Verdict verdict = Verdict::kContinue;
        for (long pair = 0; pair < kMaxPairs && verdict == Verdict::kContinue; ++pair) {
            add_pair(counts, play(rng, truth), play(rng, truth));
            verdict = sprt_verdict(llr(counts, params), bounds);
        }
        rates.pairs += counts.pairs();
        if (verdict == Verdict::kAcceptH1) ++rates.accept_h1;
        if (verdict == Verdict::kAcceptH0) ++rates.accept_h0;
        if (verdict == Verdict::kContinue) ++rates.undecided;
    }
    return rates;
}

// With 2000 runs the standard error of a rate near 0.05 is sqrt(0.05 * 0.95 / 2000) ≈ 0.005,
// so alpha + 0.03 is six standard errors above the nominal rate; a wrong LLR (wrong sign,
// missing sqrt(2), per-game variance on pairs) shifts the rates far more than that.
constexpr int kRuns = 2000;
constexpr double kTolerance = 0.03;

TEST(SprtSimulation, ModelsHaveTheRequestedElo) {
    EXPECT_NEAR(model_nelo(model_with_nelo(30, 0.4)), 30, 1e-9);
    EXPECT_NEAR(model_nelo(model_with_nelo(0, 0.4)), 0, 1e-9);
    const GameModel g = model_with_logistic_elo(40, 0.4);
    EXPECT_NEAR(elo_from_score(g.win + g.draw / 2), 40, 1e-9);
    EXPECT_NEAR(g.win + g.draw + g.loss, 1, 1e-12);
}

TEST(SprtSimulation, NormalizedModelErrorRatesMatchAlphaAndBeta) {
    const SprtParams params{
        .elo0 = 0, .elo1 = 50, .alpha = 0.05, .beta = 0.05, .model = EloModel::kNormalized};
    const double draw_rate = 0.3;

    const Rates at_h0 = simulate(model_with_nelo(params.elo0, draw_rate), params, kRuns, 1);
    EXPECT_EQ(at_h0.undecided, 0);
    EXPECT_LE(at_h0.h1_rate(), params.alpha + kTolerance) << "false positives";
    EXPECT_GE(at_h0.h1_rate(), 0.005) << "the test never passes: LLR biased toward H0";

    const Rates at_h1 = simulate(model_with_nelo(params.elo1, draw_rate), params, kRuns, 2);
    EXPECT_EQ(at_h1.undecided, 0);
    EXPECT_LE(at_h1.h0_rate(), params.beta + kTolerance) << "false negatives";
    EXPECT_GE(at_h1.h0_rate(), 0.005) << "the test never fails: LLR biased toward H1";

    std::printf(
        "normalized [0, 50], draw rate 0.3, %d runs each: at elo0 H1 accepted %.4f "
        "(mean %.0f pairs), at elo1 H0 accepted %.4f (mean %.0f pairs)\n",
        kRuns, at_h0.h1_rate(), static_cast<double>(at_h0.pairs) / kRuns, at_h1.h0_rate(),
        static_cast<double>(at_h1.pairs) / kRuns);
}

TEST(SprtSimulation, LogisticModelErrorRatesMatchAlphaAndBeta) {
    const SprtParams params{
        .elo0 = 0, .elo1 = 40, .alpha = 0.05, .beta = 0.1, .model = EloModel::kLogistic};
    const double draw_rate = 0.5;
    const int runs = kRuns / 2;  // the logistic LLR is as cheap, but keep the total time low

    const Rates at_h0 = simulate(model_with_logistic_elo(params.elo0, draw_rate), params, runs, 3);
    EXPECT_EQ(at_h0.undecided, 0);
    EXPECT_LE(at_h0.h1_rate(), params.alpha + kTolerance) << "false positives";
    EXPECT_GE(at_h0.h1_rate(), 0.005);

    const Rates at_h1 = simulate(model_with_logistic_elo(params.elo1, draw_rate), params, runs, 4);
    EXPECT_EQ(at_h1.undecided, 0);
    EXPECT_LE(at_h1.h0_rate(), params.beta + kTolerance) << "false negatives";
    EXPECT_GE(at_h1.h0_rate(), 0.01);

    std::printf(
        "logistic [0, 40], draw rate 0.5, %d runs each: at elo0 H1 accepted %.4f "
        "(mean %.0f pairs), at elo1 H0 accepted %.4f (mean %.0f pairs)\n",
        runs, at_h0.h1_rate(), static_cast<double>(at_h0.pairs) / runs, at_h1.h0_rate(),
        static_cast<double>(at_h1.pairs) / runs);
}

}  // namespace
}  // namespace lmr::stats
