// Holm's step-down correction (holm.hpp).

#include "harness/stats/holm.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace lmr::stats {

std::vector<HolmStep> holm(std::span<const double> p_values, double alpha) {
    const std::size_t m = p_values.size();
    std::vector<std::size_t> order(m);
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return p_values[a] < p_values[b]; });
    std::vector<HolmStep> steps(m);
    bool still_rejecting = true;
    for (std::size_t rank = 0; rank < m; ++rank) {
        HolmStep& step = steps[order[rank]];
        step.level = alpha / static_cast<double>(m - rank);
        still_rejecting = still_rejecting && p_values[order[rank]] <= step.level;
        step.rejected = still_rejecting;
    }
    return steps;
}

double two_sided_p(double z) {
    return std::erfc(std::fabs(z) / std::sqrt(2.0));
}

double two_sided_z(double p) {
    // two_sided_p falls from 1 at 0 towards 0: bisect (60 halvings reach double precision).
    double low = 0, high = 40;
    for (int i = 0; i < 60; ++i) {
        const double mid = (low + high) / 2;
        (two_sided_p(mid) > p ? low : high) = mid;
    }
    return (low + high) / 2;
}

}  // namespace lmr::stats
