// SPSA maths against numbers worked out by hand from the formulas of
// shared/reference/spsa.md, for N = 100, alpha = 0.602, gamma = 0.101, A = 10,
// c_end = 4, r_end = 0.002:
//   c     = c_end · N^gamma        = 4 · 100^0.101            = 6.36883490820468
//   a_end = r_end · c_end²         = 0.002 · 16               = 0.032
//   a     = a_end · (A+N)^alpha    = 0.032 · 110^0.602        = 0.542086229067922
//   c_0   = c / 1^gamma            = 6.36883490820468
//   a_0   = a / (1+10)^alpha       = 0.127982319923551
//   c_9   = c / 10^0.101           = 5.04731013836268
//   a_9   = a / 20^0.602           = 0.0892993540458574
//   c_99  = c / 100^0.101 = c_end  = 4
//   a_99  = a / 110^0.602 = a_end  = 0.032
//   update from θ = 10 with result +3: θ + a_0·3/(c_0·Δ) = 10.0602852743562 (Δ = +1),
//                                                          9.93971472564377 (Δ = −1)

#include "harness/tune/spsa.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <sstream>

namespace lmr::tune {
namespace {

constexpr double kTol = 1e-12;

SpsaSettings settings_100() {
    return {100, 0.602, 0.101, 10.0};
}

SpsaParam weight(double start = 10, double min = -100, double max = 100) {
    return {"lmr.steps.history.weight", true, start, min, max, 4.0, 0.002};
}

TEST(SpsaGains, ConstantsFromCEndAndREnd) {
    const auto k = param_constants(weight(), settings_100());
    EXPECT_NEAR(k.c, 6.36883490820468, kTol);
    EXPECT_NEAR(k.a_end, 0.032, kTol);
    EXPECT_NEAR(k.a, 0.542086229067922, kTol);
}

TEST(SpsaGains, GainsAtIterations) {
    const auto s = settings_100();
    EXPECT_NEAR(c_gain(weight(), s, 0), 6.36883490820468, kTol);
    EXPECT_NEAR(a_gain(weight(), s, 0), 0.127982319923551, kTol);
    EXPECT_NEAR(c_gain(weight(), s, 9), 5.04731013836268, kTol);
    EXPECT_NEAR(a_gain(weight(), s, 9), 0.0892993540458574, kTol);
    // At the last iteration the gains are the user's end values.
    EXPECT_NEAR(c_gain(weight(), s, 99), 4.0, kTol);
    EXPECT_NEAR(a_gain(weight(), s, 99), 0.032, kTol);
}

TEST(SpsaGains, ScaleFactorsTimesEndValuesAreTheGains) {
    const auto s = settings_100();
    for (int k : {0, 1, 9, 50, 99}) {
        EXPECT_NEAR(4.0 * c_scale(s, k), c_gain(weight(), s, k), 1e-12) << k;
        EXPECT_NEAR(0.032 * a_scale(s, k), a_gain(weight(), s, k), 1e-12) << k;
    }
    EXPECT_NEAR(c_scale(s, 99), 1.0, kTol);
    EXPECT_NEAR(a_scale(s, 99), 1.0, kTol);
}

TEST(SpsaGains, DefaultAIsTenPercent) {
    EXPECT_DOUBLE_EQ(default_big_a(100), 10.0);
    EXPECT_DOUBLE_EQ(default_big_a(2500), 250.0);
}

TEST(Spsa, PerturbationAndUpdateByHand) {
    Spsa spsa(settings_100(), {weight()}, 12345);
    const Perturbation p = spsa.perturb();
    ASSERT_EQ(p.k, 0);
    ASSERT_EQ(p.delta.size(), 1u);
    const double d = p.delta[0];
    ASSERT_TRUE(d == 1.0 || d == -1.0);
    EXPECT_NEAR(p.c_k[0], 6.36883490820468, kTol);
    EXPECT_NEAR(p.a_k[0], 0.127982319923551, kTol);
    EXPECT_NEAR(p.theta_plus[0], 10 + 6.36883490820468 * d, kTol);
    EXPECT_NEAR(p.theta_minus[0], 10 - 6.36883490820468 * d, kTol);
    const auto& theta = spsa.update(p, 3.0);
    EXPECT_NEAR(theta[0], d > 0 ? 10.0602852743562 : 9.93971472564377, 1e-11);
    EXPECT_EQ(spsa.k(), 1);
}

TEST(Spsa, ThetaPlusMinusAndUpdateAreClamped) {
    // Start at the top of the range: θ+ (or θ−) would leave it.
    Spsa spsa(settings_100(), {weight(99, 0, 100)}, 7);
    const auto p = spsa.perturb();
    EXPECT_LE(std::max(p.theta_plus[0], p.theta_minus[0]), 100.0);
    EXPECT_DOUBLE_EQ(std::max(p.theta_plus[0], p.theta_minus[0]), 100.0);
    // A huge result pushes θ past a bound; it stays at the bound.
    const auto& theta = spsa.update(p, p.delta[0] * 1e6);
    EXPECT_DOUBLE_EQ(theta[0], 100.0);
}

TEST(Spsa, ThetaStaysRealIntegersRoundedOnlyWhenSent) {
    Spsa spsa(settings_100(), {weight()}, 3);
    auto p = spsa.perturb();
    const auto& theta = spsa.update(p, 1.0);
    EXPECT_NE(theta[0], std::round(theta[0]));  // 10 ± 0.0201: not rounded
    EXPECT_EQ(send_value(weight(), theta[0]), "10");
    EXPECT_EQ(send_value(weight(), 12.5), "13");  // half away from zero
    EXPECT_EQ(send_value(weight(), -12.5), "-13");
    SpsaParam real = weight();
    real.is_integer = false;
    EXPECT_EQ(send_value(real, 0.125), "0.125");
}

TEST(Spsa, DeltaIsBalancedAndSeeded) {
    Spsa a(settings_100(), {weight(), weight()}, 99), b(settings_100(), {weight(), weight()}, 99);
    Spsa other(settings_100(), {weight(), weight()}, 100);
    int plus = 0, same_as_other = 0;
    for (int k = 0; k < 100; ++k) {
        const auto pa = a.perturb(), pb = b.perturb(), po = other.perturb();
        EXPECT_EQ(pa.delta, pb.delta);
        for (double d : pa.delta) plus += d > 0;
        same_as_other += pa.delta == po.delta;
        a.update(pa, 0);
        b.update(pb, 0);
        other.update(po, 0);
    }
    // 200 fair signs: 100 ± 3 sigma (≈ 21).
    EXPECT_NEAR(plus, 100, 21);
    EXPECT_LT(same_as_other, 50);  // another seed gives another stream (25 expected)
}

TEST(Spsa, ResumeFromStoredStateContinuesTheSameStream) {
    const std::vector<SpsaParam> params = {weight(), weight(0, -50, 50)};
    Spsa whole(settings_100(), params, 2024);
    Spsa first(settings_100(), params, 2024);
    std::vector<std::vector<double>> expected;
    for (int k = 0; k < 30; ++k) {
        const auto p = whole.perturb();
        expected.push_back(whole.update(p, (k % 5) - 2.0));
    }
    for (int k = 0; k < 12; ++k) first.update(first.perturb(), (k % 5) - 2.0);
    // What the database keeps: θ as text that reads back exactly, and the generator state.
    Spsa resumed =
        Spsa::resume(settings_100(), params, first.theta(), first.k(), first.rng_state());
    for (int k = 12; k < 30; ++k) {
        const auto p = resumed.perturb();
        EXPECT_EQ(resumed.update(p, (k % 5) - 2.0), expected[static_cast<std::size_t>(k)]) << k;
    }
}

TEST(Spsa, MisuseIsRefused) {
    Spsa spsa({2, 0.602, 0.101, 0.2}, {weight()}, 1);
    const auto p = spsa.perturb();
    EXPECT_THROW(spsa.perturb(), std::logic_error);
    spsa.update(p, 0);
    EXPECT_THROW(spsa.update(p, 0), std::logic_error);  // stale perturbation
    spsa.update(spsa.perturb(), 0);
    EXPECT_TRUE(spsa.finished());
    EXPECT_THROW(spsa.perturb(), std::logic_error);
    EXPECT_THROW(Spsa::resume({2, 0.602, 0.101, 0.2}, {weight()}, {1.0}, 1, "not a state"),
                 std::invalid_argument);
    EXPECT_THROW(Spsa::resume({2, 0.602, 0.101, 0.2}, {weight()}, {1.0, 2.0}, 1, spsa.rng_state()),
                 std::invalid_argument);
}

}  // namespace
}  // namespace lmr::tune
