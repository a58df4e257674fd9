#include "harness/stats/ratings.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <stdexcept>
#include <vector>

#include "harness/stats/elo.hpp"

namespace lmr::stats {
namespace {

// statistics.md's first vector: 24.36 +/- 29.11 (pairs) for the engine whose side it is.
const Pentanomial kVector1{.ll = 2, .ld = 18, .wl = 10, .dd = 40, .wd = 24, .ww = 6};
const Pentanomial kEven{.ll = 1, .ld = 2, .wl = 2, .dd = 2, .wd = 2, .ww = 1};
const Pentanomial kSweep{.ww = 5};

// The slope of the expected score at an Elo difference: d/dd 1 / (1 + 10^(-d/400)).
double slope(double elo) {
    const double p = score_from_elo(elo);
    return std::log(10.0) / 400.0 * p * (1 - p);
}

// Mean and variance of the per-pair score (0, 1/4, 1/2, 3/4, 1) of counts, computed here.
struct PairScores {
    double n = 0, mean = 0, variance = 0;
};
PairScores pair_scores(const Pentanomial& p) {
    const double bins[] = {double(p.ll), double(p.ld), double(p.wl + p.dd), double(p.wd),
                           double(p.ww)};
    PairScores s;
    for (int k = 0; k < 5; ++k) s.n += bins[k];
    for (int k = 0; k < 5; ++k) s.mean += bins[k] * k / 4.0 / s.n;
    for (int k = 0; k < 5; ++k)
        s.variance += bins[k] * (k / 4.0 - s.mean) * (k / 4.0 - s.mean) / s.n;
    return s;
}

const Rating& of(const RatingList& list, int engine) {
    for (const Rating& r : list.rated)
        if (r.engine == engine) return r;
    throw std::out_of_range("engine not rated");
}

// Two engines: the rating is the Elo of the pooled score, and its error the delta method of the
// pairs' spread, 1.96 sqrt(var / n) / slope — a first-order form of estimate()'s interval.
TEST(Ratings, TwoEnginesAreTheEloOfTheScoreWithTheDeltaMethodsError) {
    const std::vector<PairingCounts> pairings{{.first = 0, .second = 1, .pairs = kVector1}};
    const RatingList list = ratings(2, pairings, 1);
    ASSERT_EQ(list.rated.size(), 2u);
    EXPECT_TRUE(list.unconnected.empty());
    EXPECT_EQ(list.rated[0].engine, 0);
    EXPECT_NEAR(list.rated[0].elo, 24.36, 0.005);  // statistics.md
    const PairScores s = pair_scores(kVector1);
    const double delta = kZ95 * std::sqrt(s.variance / s.n) / slope(elo_from_score(s.mean));
    EXPECT_NEAR(list.rated[0].elo_error, delta, 1e-6);
    EXPECT_NEAR(delta, 29.04, 0.005);  // statistics.md's interval: 29.11, to first order
    EXPECT_EQ(list.rated[0].pairs, kVector1);
    EXPECT_EQ(list.rated[1].engine, 1);
    EXPECT_EQ(list.rated[1].elo, 0);
    EXPECT_EQ(list.rated[1].elo_error, 0);
    EXPECT_EQ(list.rated[1].pairs, mirrored(kVector1));

    // The other anchor mirrors the list.
    const RatingList other = ratings(2, pairings, 0);
    EXPECT_NEAR(of(other, 1).elo, -24.36, 0.005);
    EXPECT_NEAR(of(other, 1).elo_error, delta, 1e-6);
}

// A round robin with an uneven schedule, against tests/stats/ratings_reference.py (Hunter's MM
// iteration and an explicit 2x2 sandwich): engine 0 -4.1723 +/- 35.8125, engine 1 -16.6868 +/-
// 37.0114, engine 2 the anchor.
TEST(Ratings, RoundRobinMatchesTheReferenceComputation) {
    const Pentanomial ac{.ll = 5, .ld = 10, .wl = 5, .dd = 20, .wd = 8, .ww = 2};
    const Pentanomial bc{.ll = 3, .ld = 12, .wl = 8, .dd = 12, .wd = 10, .ww = 5};
    const std::vector<PairingCounts> pairings{
        {.first = 0, .second = 1, .pairs = kVector1},
        {.first = 0, .second = 2, .pairs = ac},
        {.first = 1, .second = 2, .pairs = bc},
    };
    const RatingList list = ratings(3, pairings, 2);
    ASSERT_EQ(list.rated.size(), 3u);
    EXPECT_EQ(list.rated[0].engine, 2);
    EXPECT_EQ(list.rated[1].engine, 0);
    EXPECT_EQ(list.rated[2].engine, 1);
    EXPECT_NEAR(of(list, 0).elo, -4.1723, 1e-4);
    EXPECT_NEAR(of(list, 0).elo_error, 35.8125, 1e-4);
    EXPECT_NEAR(of(list, 1).elo, -16.6868, 1e-4);
    EXPECT_NEAR(of(list, 1).elo_error, 37.0114, 1e-4);

    // The maximum-likelihood condition itself: every engine's expected score against the
    // opponents it met equals the score it made.
    for (int i = 0; i < 3; ++i) {
        double expected = 0, actual = 0;
        for (const PairingCounts& p : pairings) {
            if (p.first != i && p.second != i) continue;
            const int j = p.first == i ? p.second : p.first;
            const PairScores s = pair_scores(p.first == i ? p.pairs : mirrored(p.pairs));
            actual += s.n * s.mean;
            expected += s.n * score_from_elo(of(list, i).elo - of(list, j).elo);
        }
        EXPECT_NEAR(expected, actual, 1e-8) << "engine " << i;
    }
}

// Equal engines in a complete round robin of four, every pairing n pairs of variance v: the
// free ratings' covariance is v / (n slope(0)^2) times the inverse of the reduced Laplacian,
// (I + 11ᵀ) / 4, so each error is 1.96 sqrt(2 v / (4 n slope(0)^2)).
TEST(Ratings, EqualEnginesInACompleteRoundRobinHaveTheLaplaciansError) {
    std::vector<PairingCounts> pairings;
    for (int i = 0; i < 4; ++i)
        for (int j = i + 1; j < 4; ++j)
            pairings.push_back({.first = i, .second = j, .pairs = kEven});
    const RatingList list = ratings(4, pairings, 0);
    const PairScores s = pair_scores(kEven);
    const double error = kZ95 * std::sqrt(2 * s.variance / (4 * s.n * slope(0) * slope(0)));
    ASSERT_EQ(list.rated.size(), 4u);
    for (const Rating& r : list.rated) {
        EXPECT_NEAR(r.elo, 0, 1e-9) << r.engine;
        EXPECT_NEAR(r.elo_error, r.engine == 0 ? 0 : error, 1e-9) << r.engine;
    }
    EXPECT_EQ(list.rated[0].engine, 0);  // ties keep the engine order
}

// Newton's capped steps reach a rating far from the start: 999 won pairs and one won-drawn pair
// is a score of 0.99975, +1,440.8 Elo (Python: -400 log10(1/s - 1)), exactly the pooled score's Elo
// (two engines).
TEST(Ratings, ALopsidedButBoundedScoreIsReachedExactly) {
    const Pentanomial lopsided{.wd = 1, .ww = 999};
    const std::vector<PairingCounts> pairings{{.first = 0, .second = 1, .pairs = lopsided}};
    const RatingList list = ratings(2, pairings, 1);
    EXPECT_NEAR(of(list, 0).elo, elo_from_score(1 - 0.25 / 1000), 1e-6);
    EXPECT_NEAR(of(list, 0).elo, 1440.78, 0.01);
    EXPECT_TRUE(std::isfinite(of(list, 0).elo_error));
}

TEST(Ratings, EnginesWithoutAChainToTheAnchorAreUnconnected) {
    const std::vector<PairingCounts> pairings{{.first = 0, .second = 1, .pairs = kVector1},
                                              {.first = 2, .second = 3, .pairs = kEven}};
    const RatingList list = ratings(5, pairings, 1);
    ASSERT_EQ(list.rated.size(), 2u);
    EXPECT_EQ(list.unconnected, (std::vector<int>{2, 3, 4}));
}

// A sweep is unbounded unless the loser's side scored its way back through someone else.
TEST(Ratings, ASweepWithNoWayBackIsUnboundedAndAChainBackIsNot) {
    const std::vector<PairingCounts> sweep{{.first = 0, .second = 1, .pairs = kSweep},
                                           {.first = 1, .second = 2, .pairs = kVector1}};
    try {
        (void)ratings(3, sweep, 2);
        FAIL() << "expected UnboundedRatings";
    } catch (const UnboundedRatings& e) {
        EXPECT_EQ(e.winner, 0);
        EXPECT_EQ(e.loser, 1);
    }
    std::vector<PairingCounts> cycle = sweep;
    cycle.push_back({.first = 2, .second = 0, .pairs = kEven});  // 1 → 2 → 0: a way back
    const RatingList list = ratings(3, cycle, 2);
    EXPECT_GT(of(list, 0).elo, of(list, 1).elo);
    EXPECT_TRUE(std::isfinite(of(list, 0).elo_error));
}

TEST(Ratings, BadIndicesAreRefused) {
    const std::vector<PairingCounts> self{{.first = 1, .second = 1, .pairs = kEven}};
    EXPECT_THROW((void)ratings(2, self, 0), std::invalid_argument);
    const std::vector<PairingCounts> outside{{.first = 0, .second = 2, .pairs = kEven}};
    EXPECT_THROW((void)ratings(2, outside, 0), std::invalid_argument);
    EXPECT_THROW((void)ratings(2, {}, 2), std::invalid_argument);
}

}  // namespace
}  // namespace lmr::stats
