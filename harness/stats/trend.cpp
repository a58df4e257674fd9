#include "harness/stats/trend.hpp"

#include <cmath>

#include "harness/stats/elo.hpp"

namespace lmr::stats {
namespace {

double weight(const TrendPoint& p) {
    const double sigma = p.error95 / kZ95;
    return 1 / (sigma * sigma);
}

}  // namespace

std::optional<Trend> weighted_trend(std::span<const TrendPoint> points) {
    double sum_w = 0, sum_wx = 0, sum_wy = 0;
    for (const TrendPoint& p : points) {
        if (!std::isfinite(p.error95) || p.error95 <= 0) return std::nullopt;
        sum_w += weight(p);
        sum_wx += weight(p) * p.x;
        sum_wy += weight(p) * p.y;
    }
    if (points.empty()) return std::nullopt;
    const double mean_x = sum_wx / sum_w, mean_y = sum_wy / sum_w;
    double sxx = 0, sxy = 0;
    for (const TrendPoint& p : points) {
        sxx += weight(p) * (p.x - mean_x) * (p.x - mean_x);
        sxy += weight(p) * (p.x - mean_x) * (p.y - mean_y);
    }
    if (!(sxx > 0)) return std::nullopt;  // every x the same
    Trend trend;
    trend.slope = sxy / sxx;
    trend.slope_error95 = kZ95 * std::sqrt(1 / sxx);
    trend.intercept = mean_y - trend.slope * mean_x;
    return trend;
}

}  // namespace lmr::stats
