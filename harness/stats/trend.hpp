#pragma once

// A linear trend through measurements with known errors: the weighted least-squares line
// y = a + b·x, each point weighted by 1/σ², σ its 95 % half-width / 1.96 (the Elo errors of a
// report are 95 % half-widths of a normal approximation). The slope's error is the one the
// points' own errors give, √(1 / Σ w (x − x̄)²), not one estimated from the scatter about the
// line: with four or five points a scatter estimate is itself too uncertain to carry a verdict.
// A scaling curve's trend is read with x = log2(nodes): the Elo a doubling of the search adds.

#include <optional>
#include <span>

namespace lmr::stats {

struct TrendPoint {
    double x = 0;
    double y = 0;
    double error95 = 0;  // the 95 % half-width of y; > 0
};

struct Trend {
    double slope = 0;
    double slope_error95 = 0;  // 1.96 standard errors
    double intercept = 0;      // y at x = 0
};

// nullopt with fewer than two distinct x, or a point whose error is not finite and above 0.
std::optional<Trend> weighted_trend(std::span<const TrendPoint> points);

}  // namespace lmr::stats
