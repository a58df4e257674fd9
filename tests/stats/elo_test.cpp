#include "harness/stats/elo.hpp"

#include <gtest/gtest.h>

#include <cmath>

namespace lmr::stats {
namespace {

// The reference prints two decimals: a value rounding to it lies within half a unit.
constexpr double kTwoDecimals = 0.005 + 1e-9;

const Pentanomial kVector1{.ll = 2, .ld = 18, .wl = 10, .dd = 40, .wd = 24, .ww = 6};
const Pentanomial kVector2{.ll = 120, .ld = 1900, .wl = 1100, .dd = 4300, .wd = 2050, .ww = 130};

TEST(Elo, WorkedVector1PerPair) {
    const EloEstimate e = estimate(kVector1);
    EXPECT_EQ(e.unit, Unit::kPair);
    EXPECT_EQ(e.units, 100);
    EXPECT_NEAR(e.score, 0.535, 1e-12);
    EXPECT_NEAR(e.elo, 24.36, kTwoDecimals);
    EXPECT_NEAR(e.elo_error, 29.11, kTwoDecimals);
    EXPECT_NEAR(e.nelo, 40.52, kTwoDecimals);
    EXPECT_NEAR(e.nelo_error, 48.15, kTwoDecimals);
    EXPECT_NEAR(100 * e.los, 95.05, kTwoDecimals);
    EXPECT_DOUBLE_EQ(e.draw_ratio, 0.5);  // (WL + DD) / pairs = 50 / 100
}

TEST(Elo, WorkedVector2PerPair) {
    const EloEstimate e = estimate(kVector2);
    EXPECT_EQ(e.units, 9600);
    EXPECT_NEAR(e.elo, 3.08, kTwoDecimals);
    EXPECT_NEAR(e.elo_error, 2.49, kTwoDecimals);
    EXPECT_NEAR(e.nelo, 6.06, kTwoDecimals);
    EXPECT_NEAR(e.nelo_error, 4.91, kTwoDecimals);
    EXPECT_NEAR(100 * e.los, 99.22, kTwoDecimals);
    EXPECT_DOUBLE_EQ(e.draw_ratio, 5400.0 / 9600.0);
}

TEST(Elo, TrinomialIsPerGame) {
    // W/D/L 46/122/32 of vector 1: same mean score, so the same Elo; the per-game variance
    // (0.096275 with scores 0, 1/2, 1, computed by hand) gives the per-game interval.
    const EloEstimate e = estimate(Trinomial{.wins = 46, .draws = 122, .losses = 32});
    EXPECT_EQ(e.unit, Unit::kGame);
    EXPECT_EQ(e.units, 200);
    EXPECT_NEAR(e.elo, 24.36, kTwoDecimals);
    EXPECT_NEAR(e.variance, 0.23 + 0.25 * 0.61 - 0.535 * 0.535, 1e-12);
    const double se = std::sqrt(e.variance / 200);
    EXPECT_NEAR(e.elo_error,
                (elo_from_score(0.535 + kZ95 * se) - elo_from_score(0.535 - kZ95 * se)) / 2, 1e-9);
    EXPECT_NEAR(e.nelo, 0.035 / std::sqrt(e.variance) * kNeloScale, 1e-9);
    // nElo's error depends on k n only: 200 games (k = 1) equal 100 pairs (k = 2).
    EXPECT_NEAR(e.nelo_error, estimate(kVector1).nelo_error, 1e-12);
    EXPECT_DOUBLE_EQ(e.draw_ratio, 122.0 / 200.0);
}

TEST(Elo, ScoreAndEloConvertBothWays) {
    EXPECT_DOUBLE_EQ(elo_from_score(0.5), 0.0);
    EXPECT_NEAR(elo_from_score(0.75), 400 * std::log10(3.0), 1e-12);  // 190.85
    EXPECT_NEAR(score_from_elo(elo_from_score(0.6)), 0.6, 1e-12);
    EXPECT_EQ(elo_from_score(1.0), INFINITY);
    EXPECT_EQ(elo_from_score(0.0), -INFINITY);
}

// Values from tests/stats/bayeselo_reference.py.
TEST(Elo, BayesEloConversions) {
    // Equal win and loss rates of 1/4: 200 log10(3 * 3).
    EXPECT_NEAR(draw_elo_from_rates(0.25, 0.25), 190.8485018879, 1e-9);
    EXPECT_NEAR(score_from_bayes_elo(50, 200), 0.552466334539, 1e-12);
    // Rates produced by the model give back its draw_elo.
    const double win = score_from_elo(30 - 120), loss = score_from_elo(-30 - 120);
    EXPECT_NEAR(draw_elo_from_rates(win, loss), 120, 1e-9);
    // No difference scores 1/2 at any draw_elo; no draws is the logistic model.
    EXPECT_DOUBLE_EQ(score_from_bayes_elo(0, 250), 0.5);
    EXPECT_NEAR(score_from_bayes_elo(40, 0), score_from_elo(40), 1e-15);
    // Draws pull the score toward 1/2.
    EXPECT_LT(score_from_bayes_elo(40, 200), score_from_elo(40));
    EXPECT_GT(score_from_bayes_elo(40, 200), 0.5);
}

TEST(EloEdge, NoGamesIsUndefinedNotNan) {
    for (const EloEstimate& e : {estimate(Pentanomial{}), estimate(Trinomial{})}) {
        EXPECT_FALSE(e.defined());
        EXPECT_EQ(e.units, 0);
        for (double v : {e.score, e.elo, e.elo_error, e.nelo, e.nelo_error, e.los, e.draw_ratio}) {
            EXPECT_EQ(v, 0.0);
        }
    }
}

TEST(EloEdge, AllDrawsHaveNoSpread) {
    for (const EloEstimate& e : {estimate(Pentanomial{.dd = 50}), estimate(Pentanomial{.wl = 50}),
                                 estimate(Trinomial{.draws = 80})}) {
        EXPECT_TRUE(e.defined());
        EXPECT_EQ(e.variance, 0.0);
        EXPECT_EQ(e.elo, 0.0);
        EXPECT_EQ(e.elo_error, 0.0);
        EXPECT_EQ(e.nelo, 0.0);
        EXPECT_TRUE(std::isfinite(e.nelo_error));
        EXPECT_EQ(e.los, 0.5);
        EXPECT_EQ(e.draw_ratio, 1.0);
    }
}

TEST(EloEdge, AllWinsIsPlusInfinityAllLossesMinusInfinity) {
    for (const EloEstimate& e : {estimate(Pentanomial{.ww = 30}), estimate(Trinomial{.wins = 7})}) {
        EXPECT_EQ(e.elo, INFINITY);
        EXPECT_EQ(e.elo_error, INFINITY);
        EXPECT_EQ(e.nelo, INFINITY);
        EXPECT_TRUE(std::isfinite(e.nelo_error));
        EXPECT_EQ(e.los, 1.0);
        EXPECT_EQ(e.draw_ratio, 0.0);
    }
    for (const EloEstimate& e :
         {estimate(Pentanomial{.ll = 30}), estimate(Trinomial{.losses = 7})}) {
        EXPECT_EQ(e.elo, -INFINITY);
        EXPECT_EQ(e.elo_error, INFINITY);
        EXPECT_EQ(e.nelo, -INFINITY);
        EXPECT_EQ(e.los, 0.0);
    }
}

TEST(EloEdge, IntervalReachingAScoreOfOneIsUnbounded) {
    // 9 wins, 1 draw: the score is finite but its 95 % interval passes 1.
    const EloEstimate e = estimate(Trinomial{.wins = 9, .draws = 1});
    EXPECT_TRUE(std::isfinite(e.elo));
    EXPECT_EQ(e.elo_error, INFINITY);
    EXPECT_GT(e.los, 0.99);
}

TEST(EloEdge, OnePairBinWithoutSpreadIsFinite) {
    // Every pair scores 1.5 of 2: score 0.75, no spread — Elo exact, nElo unbounded.
    const EloEstimate e = estimate(Pentanomial{.wd = 12});
    EXPECT_NEAR(e.elo, 400 * std::log10(3.0), 1e-9);
    EXPECT_EQ(e.elo_error, 0.0);
    EXPECT_EQ(e.nelo, INFINITY);
    EXPECT_EQ(e.los, 1.0);
}

TEST(EloEdge, ZeroBinsNeedNoRegularization) {
    const EloEstimate e = estimate(Pentanomial{.ld = 5, .dd = 10, .wd = 7});
    EXPECT_TRUE(std::isfinite(e.elo));
    EXPECT_TRUE(std::isfinite(e.elo_error));
    EXPECT_TRUE(std::isfinite(e.nelo));
    EXPECT_GT(e.los, 0.5);
}

}  // namespace
}  // namespace lmr::stats
