#pragma once

// Holm's step-down correction for a family of tests (S. Holm, "A simple sequentially rejective
// multiple test procedure", Scand. J. Statist. 6, 1979): of m tests at family-wise error α,
// sorted by p-value ascending, the one of rank i (1-based) is held to α / (m − i + 1), and a test
// is rejected only when it and every test ranked before it meet their levels. It controls the
// chance of any false rejection in the family at α, whatever the tests' dependence, which a
// study reading one base config against many rows needs (its rows share games' seed and base).

#include <span>
#include <vector>

namespace lmr::stats {

struct HolmStep {
    double level = 0;       // α / (m − rank + 1), the level this test was held to
    bool rejected = false;  // it and every test of smaller p-value met their levels
};

// One step per p-value, in the order given. Ties keep their given order.
std::vector<HolmStep> holm(std::span<const double> p_values, double alpha);

// P(|Z| ≥ |z|) for a standard normal Z: erfc(|z| / √2).
double two_sided_p(double z);
// The |z| whose two_sided_p is `p` (0 < p ≤ 1): 1.96 at 0.05, 2.94 at 0.05 / 15.
double two_sided_z(double p);

}  // namespace lmr::stats
