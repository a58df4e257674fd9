// Holm's step-down correction (harness/stats/holm.hpp) against its published worked example and
// the normal quantiles every statistics table gives.

#include "harness/stats/holm.hpp"

#include <gtest/gtest.h>

#include <vector>

namespace lmr::stats {
namespace {

// The example of Wikipedia's "Holm–Bonferroni method": four hypotheses with p = 0.01, 0.04, 0.03
// and 0.005 at α = 0.05. Sorted, 0.005 ≤ 0.05/4 and 0.01 ≤ 0.05/3 are rejected; 0.03 > 0.05/2
// stops the procedure, so 0.04 is kept although it is below α / 1.
TEST(Holm, ThePublishedExampleRejectsTheTwoSmallestOnly) {
    const std::vector<double> p = {0.01, 0.04, 0.03, 0.005};
    const std::vector<HolmStep> steps = holm(p, 0.05);
    ASSERT_EQ(steps.size(), 4u);
    EXPECT_TRUE(steps[0].rejected);
    EXPECT_FALSE(steps[1].rejected);
    EXPECT_FALSE(steps[2].rejected);
    EXPECT_TRUE(steps[3].rejected);
    EXPECT_DOUBLE_EQ(steps[3].level, 0.05 / 4);
    EXPECT_DOUBLE_EQ(steps[0].level, 0.05 / 3);
    EXPECT_DOUBLE_EQ(steps[2].level, 0.05 / 2);
    EXPECT_DOUBLE_EQ(steps[1].level, 0.05 / 1);
}

// A test alone in its family is held to α itself: the plain rule.
TEST(Holm, AFamilyOfOneIsThePlainTest) {
    const std::vector<double> p = {0.049};
    EXPECT_TRUE(holm(p, 0.05)[0].rejected);
    EXPECT_DOUBLE_EQ(holm(p, 0.05)[0].level, 0.05);
}

// Standard normal quantiles (any table): P(|Z| ≥ 1.959964) = 0.05, P(|Z| ≥ 2.575829) = 0.01;
// Bonferroni over fifteen tests holds each to |z| ≥ 2.935 (the audit's 2.94).
TEST(Holm, NormalTailsAndQuantiles) {
    EXPECT_NEAR(two_sided_p(1.959964), 0.05, 1e-7);
    EXPECT_NEAR(two_sided_p(-2.575829), 0.01, 1e-7);
    EXPECT_NEAR(two_sided_z(0.05), 1.959964, 1e-6);
    EXPECT_NEAR(two_sided_z(0.01), 2.575829, 1e-6);
    EXPECT_NEAR(two_sided_z(0.05 / 15), 2.935199, 1e-5);
}

}  // namespace
}  // namespace lmr::stats
