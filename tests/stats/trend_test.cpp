// The weighted trend (harness/stats/trend.hpp) against closed forms worked by hand and against
// the same least squares worked in Python over Section 4's rows.

#include "harness/stats/trend.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <vector>

namespace lmr::stats {
namespace {

// Two points of equal error e, one unit apart: the slope is their difference, and its error is
// √2·e (Σ w (x − x̄)² = w/2 with w = 1/σ², so the standard error is √2·σ and 1.96 of them √2·e).
TEST(WeightedTrend, TwoPointsOfEqualErrorGiveTheirDifferenceWithRootTwoItsError) {
    const std::vector<TrendPoint> points = {{1, 0, 5}, {2, 10, 5}};
    const auto trend = weighted_trend(points);
    ASSERT_TRUE(trend);
    EXPECT_DOUBLE_EQ(trend->slope, 10);
    EXPECT_NEAR(trend->slope_error95, std::sqrt(2.0) * 5, 1e-12);
    EXPECT_NEAR(trend->intercept, -10, 1e-12);
}

// Points on a line give the line whatever their errors.
TEST(WeightedTrend, PointsOnALineGiveTheLineWhateverTheirErrors) {
    const std::vector<TrendPoint> points = {{0, 3, 1}, {1, 5, 9}, {4, 11, 0.5}};
    const auto trend = weighted_trend(points);
    ASSERT_TRUE(trend);
    EXPECT_NEAR(trend->slope, 2, 1e-12);
    EXPECT_NEAR(trend->intercept, 3, 1e-12);
}

// The errors weigh the points: equal errors give the ordinary least-squares slope of (0,0),
// (1,0), (2,6), 3; a third point a thousand times less certain leaves the line of the first two.
TEST(WeightedTrend, APointOfLargeErrorBarelyMovesTheLine) {
    EXPECT_NEAR(weighted_trend(std::vector<TrendPoint>{{0, 0, 1}, {1, 0, 1}, {2, 6, 1}})->slope, 3,
                1e-12);
    EXPECT_NEAR(weighted_trend(std::vector<TrendPoint>{{0, 0, 1}, {1, 0, 1}, {2, 6, 1000}})->slope,
                0, 1e-4);  // 1.8e-5: the third point weighs 1e-6 of the others
}

// results/README.md, Section 4: default-spsa against default.json at 10,000, 20,000, 40,000 and
// 137,000 nodes (rows 2, 4, 3 and 1 as published, Elo ± 95 %), x = log2(nodes). The same
// weighted least squares in Python (weights (1.959964 / error)², slope Σw(x−x̄)(y−ȳ) / Σw(x−x̄)²,
// error 1.959964 / √Σw(x−x̄)²) gives −4.43579 ± 4.57296 Elo per doubling.
TEST(WeightedTrend, SectionFourRowsGiveTheSlopePythonGives) {
    const std::vector<TrendPoint> points = {{std::log2(10000.0), 14.60, 17.99},
                                            {std::log2(20000.0), 13.56, 11.62},
                                            {std::log2(40000.0), 4.17, 15.95},
                                            {std::log2(137000.0), -0.35, 10.56}};
    const auto trend = weighted_trend(points);
    ASSERT_TRUE(trend);
    EXPECT_NEAR(trend->slope, -4.4357889586410915, 1e-9);
    EXPECT_NEAR(trend->slope_error95, 4.572957928491791, 1e-9);
    EXPECT_NEAR(trend->intercept, 75.04464430231731, 1e-7);
}

TEST(WeightedTrend, NoTrendWithoutTwoDistinctXOrWithAnErrorThatIsNotPositive) {
    EXPECT_FALSE(weighted_trend(std::vector<TrendPoint>{}));
    EXPECT_FALSE(weighted_trend(std::vector<TrendPoint>{{1, 2, 3}}));
    EXPECT_FALSE(weighted_trend(std::vector<TrendPoint>{{1, 2, 3}, {1, 5, 3}}));
    EXPECT_FALSE(weighted_trend(std::vector<TrendPoint>{{1, 2, 0}, {2, 5, 3}}));
    EXPECT_FALSE(weighted_trend(
        std::vector<TrendPoint>{{1, 2, std::numeric_limits<double>::infinity()}, {2, 5, 3}}));
}

}  // namespace
}  // namespace lmr::stats
