#include "harness/stats/sprt.hpp"

#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <cstdint>
#include <random>
#include <stdexcept>
#include <utility>

namespace lmr::stats {
namespace {

const Pentanomial kVector1{.ll = 2, .ld = 18, .wl = 10, .dd = 40, .wd = 24, .ww = 6};
const Pentanomial kVector2{.ll = 120, .ld = 1900, .wl = 1100, .dd = 4300, .wd = 2050, .ww = 130};
const Trinomial kVector1Games{.wins = 46, .draws = 122, .losses = 32};

SprtParams params(EloModel model, double elo0 = 0, double elo1 = 5) {
    return SprtParams{.elo0 = elo0, .elo1 = elo1, .alpha = 0.05, .beta = 0.05, .model = model};
}

TEST(Sprt, BoundsForFivePercent) {
    const SprtBounds b = sprt_bounds(0.05, 0.05);
    EXPECT_NEAR(b.lower, -2.944439, 1e-6);
    EXPECT_NEAR(b.upper, 2.944439, 1e-6);
    const SprtBounds skewed = sprt_bounds(0.01, 0.1);
    EXPECT_NEAR(skewed.lower, std::log(0.1 / 0.99), 1e-12);
    EXPECT_NEAR(skewed.upper, std::log(0.9 / 0.01), 1e-12);
}

// statistics.md, elo0 = 0, elo1 = 5, alpha = beta = 0.05; six printed decimals → 1e-6.
TEST(Sprt, WorkedVector1Pentanomial) {
    EXPECT_NEAR(llr(kVector1, params(EloModel::kNormalized)), 0.313636, 1e-6);
    EXPECT_NEAR(llr(kVector1, params(EloModel::kLogistic)), 0.498753, 1e-6);
}

TEST(Sprt, WorkedVector1Trinomial) {
    EXPECT_NEAR(llr(kVector1Games, params(EloModel::kNormalized)), 0.302010, 1e-6);
    EXPECT_NEAR(llr(kVector1Games, params(EloModel::kLogistic)), 0.464335, 1e-6);
}

// Printed with three decimals: within half a unit of the last digit.
TEST(Sprt, WorkedVector2Pentanomial) {
    EXPECT_NEAR(llr(kVector2, params(EloModel::kNormalized)), 2.830, 0.0005);
    EXPECT_NEAR(llr(kVector2, params(EloModel::kLogistic)), 1.778, 0.0005);
}

TEST(Sprt, DefaultsAreFishtests) {
    const SprtParams p;
    EXPECT_EQ(p.elo0, 0);
    EXPECT_EQ(p.elo1, 5);
    EXPECT_EQ(p.alpha, 0.05);
    EXPECT_EQ(p.beta, 0.05);
    EXPECT_EQ(p.model, EloModel::kNormalized);
    EXPECT_EQ(llr(kVector1, p), llr(kVector1, params(EloModel::kNormalized)));
}

TEST(Sprt, ZeroBinsAreRegularizedToOneThousandth) {
    // A zero count behaves exactly like a count of 1e-3.
    const std::array<double, 5> zero{0, 18, 50, 24, 0};
    const std::array<double, 5> tiny{1e-3, 18, 50, 24, 1e-3};
    for (EloModel model : {EloModel::kNormalized, EloModel::kLogistic}) {
        EXPECT_EQ(llr_from_bins(zero, params(model), true),
                  llr_from_bins(tiny, params(model), true));
        EXPECT_TRUE(std::isfinite(llr_from_bins(zero, params(model), true)));
    }
}

TEST(Sprt, PentanomialAndBinFormAgree) {
    const auto bins = kVector2.bins();
    EXPECT_EQ(llr(kVector2, params(EloModel::kNormalized)),
              llr_from_bins(bins, params(EloModel::kNormalized), true));
}

TEST(SprtEdge, NoGamesIsNoEvidence) {
    for (EloModel model : {EloModel::kNormalized, EloModel::kLogistic}) {
        EXPECT_EQ(llr(Pentanomial{}, params(model)), 0.0);
        EXPECT_EQ(llr(Trinomial{}, params(model)), 0.0);
        const SprtResult r = sprt(Pentanomial{}, params(model));
        EXPECT_EQ(r.verdict, Verdict::kContinue);
        EXPECT_EQ(r.percent, 0.0);
    }
}

TEST(SprtEdge, OneSidedSamplesPointTheRightWay) {
    for (EloModel model : {EloModel::kNormalized, EloModel::kLogistic}) {
        SCOPED_TRACE(std::string(model_name(model)));
        const double all_wins = llr(Pentanomial{.ww = 100}, params(model));
        const double all_losses = llr(Pentanomial{.ll = 100}, params(model));
        const double all_draws = llr(Pentanomial{.dd = 100}, params(model));
        EXPECT_TRUE(std::isfinite(all_wins));
        EXPECT_TRUE(std::isfinite(all_losses));
        EXPECT_TRUE(std::isfinite(all_draws));
        EXPECT_GT(all_wins, 0);
        EXPECT_LT(all_losses, 0);
        // A score of exactly 50 % is H0 (elo0 = 0) itself.
        EXPECT_LT(all_draws, 0);
        EXPECT_TRUE(std::isfinite(llr(Trinomial{.draws = 100}, params(model))));
        EXPECT_GT(llr(Trinomial{.wins = 100}, params(model)), 0);
        EXPECT_LT(llr(Trinomial{.losses = 100}, params(model)), 0);
    }
    // Enough wins decide it.
    EXPECT_EQ(sprt(Pentanomial{.ww = 1000}, params(EloModel::kNormalized)).verdict,
              Verdict::kAcceptH1);
    EXPECT_EQ(sprt(Pentanomial{.ll = 1000}, params(EloModel::kNormalized)).verdict,
              Verdict::kAcceptH0);
    // Many draws in a row are evidence against an improvement under the normalized model.
    EXPECT_EQ(sprt(Pentanomial{.dd = 100000}, params(EloModel::kNormalized)).verdict,
              Verdict::kAcceptH0);
}

TEST(Sprt, MirroredCountsMirrorTheLlr) {
    // Swapping the engines reverses the bins and negates the Elo scale: H0 and H1 trade places.
    const std::array<double, 5> counts{2, 18, 50, 24, 6};
    const std::array<double, 5> mirrored{6, 24, 50, 18, 2};
    for (EloModel model : {EloModel::kNormalized, EloModel::kLogistic}) {
        const double forward = llr_from_bins(counts, params(model, 0, 5), true);
        const double backward = llr_from_bins(mirrored, params(model, -5, 0), true);
        EXPECT_NEAR(forward, -backward, 1e-9);
    }
}

TEST(Sprt, LlrIsFiniteForAnyCountsWithinTheModelRange) {
    // Deterministic fuzz: random counts with zero bins, extreme skews and the widest bounds
    // validate() allows.
    std::mt19937_64 rng(12345);
    const SprtParams wide[] = {
        params(EloModel::kNormalized, -200, 200), params(EloModel::kNormalized, 0, 2),
        params(EloModel::kNormalized, 190, 200), params(EloModel::kLogistic, -1000, 1000),
        params(EloModel::kLogistic, 0, 5)};
    for (int i = 0; i < 2000; ++i) {
        std::array<double, 5> five{};
        std::array<double, 3> three{};
        for (double& c : five) c = rng() % 4 == 0 ? 0.0 : static_cast<double>(rng() % 100000);
        for (double& c : three) c = rng() % 4 == 0 ? 0.0 : static_cast<double>(rng() % 100000);
        for (const SprtParams& p : wide) {
            ASSERT_FALSE(validate(p).has_value());
            ASSERT_TRUE(std::isfinite(llr_from_bins(five, p, true)));
            ASSERT_TRUE(std::isfinite(llr_from_bins(three, p, false)));
        }
    }
}

TEST(Sprt, VerdictAndProgress) {
    const SprtParams p = params(EloModel::kNormalized);
    const SprtBounds b = sprt_bounds(0.05, 0.05);
    EXPECT_EQ(sprt_verdict(b.upper, b), Verdict::kAcceptH1);
    EXPECT_EQ(sprt_verdict(b.lower, b), Verdict::kAcceptH0);
    EXPECT_EQ(sprt_verdict(0.0, b), Verdict::kContinue);

    const SprtResult half_way_up = sprt_from_llr(b.upper / 2, p);
    EXPECT_EQ(half_way_up.verdict, Verdict::kContinue);
    EXPECT_TRUE(half_way_up.toward_h1);
    EXPECT_NEAR(half_way_up.percent, 50.0, 1e-9);

    const SprtResult quarter_down = sprt_from_llr(b.lower / 4, p);
    EXPECT_FALSE(quarter_down.toward_h1);
    EXPECT_NEAR(quarter_down.percent, 25.0, 1e-9);

    const SprtResult passed = sprt_from_llr(3.0, p);
    EXPECT_EQ(passed.verdict, Verdict::kAcceptH1);
    EXPECT_GE(passed.percent, 100.0);

    const SprtResult v1 = sprt(kVector1, p);
    EXPECT_NEAR(v1.llr, 0.313636, 1e-6);
    EXPECT_NEAR(v1.percent, 100 * 0.313636 / 2.944439, 1e-4);
    EXPECT_EQ(v1.verdict, Verdict::kContinue);
}

TEST(Sprt, ValidateNamesTheParameter) {
    EXPECT_FALSE(validate(SprtParams{}).has_value());
    const auto check = [](SprtParams p, const std::string& needle) {
        const auto message = validate(p);
        ASSERT_TRUE(message.has_value()) << needle;
        EXPECT_NE(message->find(needle), std::string::npos) << *message;
    };
    check({.elo0 = 5, .elo1 = 5}, "elo0 (5) must be less than elo1 (5)");
    check({.elo0 = 6, .elo1 = 5}, "elo0 (6)");
    check({.alpha = 0}, "alpha (0)");
    check({.alpha = 1}, "alpha (1)");
    check({.beta = -0.1}, "beta (-0.1)");
    check({.alpha = 0.5, .beta = 0.5}, "alpha + beta");
    check({.elo1 = 300}, "elo1 (300)");
    check({.elo0 = NAN}, "elo0");
    check({.elo1 = INFINITY}, "elo1");
    EXPECT_FALSE(validate({.elo1 = 300, .model = EloModel::kLogistic}).has_value());
}

TEST(Sprt, ModelNames) {
    EXPECT_EQ(parse_model("normalized"), EloModel::kNormalized);
    EXPECT_EQ(parse_model("logistic"), EloModel::kLogistic);
    // fastchess's spelling, BayesElo's own, and any letter case.
    EXPECT_EQ(parse_model("bayesian"), EloModel::kBayesElo);
    EXPECT_EQ(parse_model("bayeselo"), EloModel::kBayesElo);
    EXPECT_EQ(parse_model("BayesElo"), EloModel::kBayesElo);
    EXPECT_EQ(parse_model("Logistic"), EloModel::kLogistic);
    EXPECT_FALSE(parse_model("bayes").has_value());
    EXPECT_FALSE(parse_model("").has_value());
    EXPECT_EQ(model_name(EloModel::kNormalized), "normalized");
    EXPECT_EQ(model_name(EloModel::kLogistic), "logistic");
    EXPECT_EQ(model_name(EloModel::kBayesElo), "bayesian");
    for (EloModel model : {EloModel::kNormalized, EloModel::kLogistic, EloModel::kBayesElo})
        EXPECT_EQ(parse_model(model_name(model)), model);
    EXPECT_EQ(verdict_name(Verdict::kAcceptH1), "accept H1");
    EXPECT_EQ(verdict_name(Verdict::kAcceptH0), "accept H0");
    EXPECT_EQ(verdict_name(Verdict::kContinue), "continue");
}

// The BayesElo model against tests/stats/bayeselo_reference.py, an independent computation from
// the model's definition (closed-form maximum-likelihood distributions instead of bisection);
// its values are printed with ten decimals.
struct BayesVector {
    Trinomial games;
    double elo0, elo1, llr;
};
const BayesVector kBayesVectors[] = {
    {{.wins = 46, .draws = 122, .losses = 32}, 0, 5, 0.3011438439},
    {{.wins = 46, .draws = 122, .losses = 32}, -3, 1, 0.2634968605},
    {{.wins = 3410, .draws = 12550, .losses = 3240}, 0, 5, 2.1627447539},
    {{.wins = 68965, .draws = 128429, .losses = 68526}, 0, 2, -1.2621558892},
    {{.wins = 21629, .draws = 41111, .losses = 21484}, 0.5, 2.5, -1.1306424589},
    {{.wins = 30, .draws = 0, .losses = 20}, 0, 10, 0.2671203991},
    {{.wins = 120, .draws = 40, .losses = 60}, 0, 50, 7.6146164772},
};

TEST(SprtBayesElo, MatchesTheIndependentComputation) {
    for (const auto& v : kBayesVectors) {
        SCOPED_TRACE(::testing::Message()
                     << v.games.wins << "/" << v.games.draws << "/" << v.games.losses << " ["
                     << v.elo0 << ", " << v.elo1 << "]");
        EXPECT_NEAR(llr(v.games, params(EloModel::kBayesElo, v.elo0, v.elo1)), v.llr, 1e-8);
    }
}

// fastchess's own test suite (app/tests/sprt_test.cpp, "bayesian trinomial 1" and "2") checks
// its `-sprt model=bayesian` LLR at two decimals: Stats(wins, losses, draws).
TEST(SprtBayesElo, MatchesFastchessPublishedValues) {
    EXPECT_NEAR(llr(Trinomial{.wins = 68965, .draws = 128429, .losses = 68526},
                    params(EloModel::kBayesElo, 0, 2)),
                -1.26, 0.005);
    EXPECT_NEAR(llr(Trinomial{.wins = 21629, .draws = 41111, .losses = 21484},
                    params(EloModel::kBayesElo, 0.5, 2.5)),
                -1.13, 0.005);
}

TEST(SprtBayesElo, PairsCountTheirGames) {
    // kVector1's pairs hold 46 wins, 122 draws and 32 losses.
    EXPECT_EQ(llr(kVector1, params(EloModel::kBayesElo)),
              llr(kVector1Games, params(EloModel::kBayesElo)));
    EXPECT_NEAR(llr(kVector1, params(EloModel::kBayesElo)), 0.3011438439, 1e-8);
    const std::array<double, 5> five{2, 18, 50, 24, 6};
    EXPECT_THROW(llr_from_bins(five, params(EloModel::kBayesElo), true), std::invalid_argument);
    const std::array<double, 3> three{32, 122, 46};
    EXPECT_THROW(llr_from_bins(three, params(EloModel::kBayesElo), true), std::invalid_argument);
    EXPECT_NEAR(llr_from_bins(three, params(EloModel::kBayesElo), false), 0.3011438439, 1e-8);
}

TEST(SprtBayesElo, NoLlrWithoutAWinAndALoss) {
    // As fastchess: the sample's draw_elo is infinite without wins or without losses.
    const SprtParams p = params(EloModel::kBayesElo);
    EXPECT_EQ(llr(Trinomial{}, p), 0.0);
    EXPECT_EQ(llr(Trinomial{.wins = 100, .draws = 10}, p), 0.0);
    EXPECT_EQ(llr(Trinomial{.draws = 10, .losses = 100}, p), 0.0);
    EXPECT_EQ(llr(Trinomial{.draws = 100}, p), 0.0);
    EXPECT_EQ(sprt(Trinomial{.wins = 1000}, p).verdict, Verdict::kContinue);
}

TEST(SprtBayesElo, DecidesLikeTheOtherModels) {
    const SprtParams p = params(EloModel::kBayesElo);
    EXPECT_EQ(sprt(Trinomial{.wins = 1000, .draws = 500, .losses = 500}, p).verdict,
              Verdict::kAcceptH1);
    EXPECT_EQ(sprt(Trinomial{.wins = 500, .draws = 500, .losses = 1000}, p).verdict,
              Verdict::kAcceptH0);
    // Swapping the engines negates the BayesElo scale too.
    const Trinomial games{.wins = 46, .draws = 122, .losses = 32};
    const Trinomial mirrored{.wins = 32, .draws = 122, .losses = 46};
    EXPECT_NEAR(llr(games, params(EloModel::kBayesElo, 0, 5)),
                -llr(mirrored, params(EloModel::kBayesElo, -5, 0)), 1e-9);
}

TEST(SprtBayesElo, RangeIsTheLogisticOne) {
    EXPECT_EQ(max_abs_elo(EloModel::kBayesElo), kMaxAbsLogisticElo);
    EXPECT_EQ(max_abs_elo(EloModel::kNormalized), kMaxAbsNormalizedElo);
    EXPECT_FALSE(validate(params(EloModel::kBayesElo, -1000, 1000)).has_value());
    const auto message = validate(params(EloModel::kBayesElo, 0, 1001));
    ASSERT_TRUE(message.has_value());
    EXPECT_NE(message->find("bayesian model's range"), std::string::npos) << *message;
    std::mt19937_64 rng(777);
    for (int i = 0; i < 2000; ++i) {
        std::array<double, 3> three{};
        for (double& c : three) c = rng() % 4 == 0 ? 0.0 : static_cast<double>(rng() % 100000);
        for (const auto& [elo0, elo1] : {std::pair{-1000.0, 1000.0}, {0.0, 5.0}, {990.0, 1000.0}})
            ASSERT_TRUE(std::isfinite(
                llr_from_bins(three, params(EloModel::kBayesElo, elo0, elo1), false)));
    }
}

}  // namespace
}  // namespace lmr::stats
