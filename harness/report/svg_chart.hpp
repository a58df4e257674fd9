#pragma once

// SVG charts drawn by the project: no library, no script, no network. Each function returns
// one self-contained <svg> element (inline styles), ready to embed in an HTML page.

#include <optional>
#include <string>
#include <vector>

namespace lmr::report {

struct Point {
    double x = 0, y = 0;
};

struct Series {
    std::string label;
    std::vector<Point> points;  // in x order; non-finite points are skipped
    std::string color = "#1f77b4";
    bool dashed = false;
    bool markers = false;  // a dot per point (with a hover tooltip)
    bool joined = true;    // a line through the points; false: the markers alone
    // When given, one per point: a vertical bar from y - error to y + error (a 95 % interval).
    std::vector<double> errors{};
};

// A horizontal reference line across the plot (SPRT bounds, 50 %).
struct ReferenceLine {
    double y = 0;
    std::string label;
    std::string color = "#888888";
    bool dashed = true;
};

// A shaded area between two curves sharing x (a confidence band).
struct Band {
    std::vector<double> x, low, high;
    std::string color = "#1f77b4";
};

struct LineChart {
    std::string id;  // the element id, unique in the page
    std::string title, x_label, y_label;
    std::vector<Series> series;
    std::vector<ReferenceLine> lines;
    std::vector<Band> bands;
    // Axis ranges; by default they cover every point, line and band.
    std::optional<double> x_min, x_max, y_min, y_max;
    int width = 640, height = 300;
};

std::string render_line_chart(const LineChart& chart);

// Horizontal error bars, one row per label: value ± error on a shared x axis.
struct Interval {
    std::string label;
    double value = 0;
    double error = 0;     // half-width; +inf draws an arrow to the edge
    std::string tooltip;  // shown on hover
    std::string color = "#1f77b4";
};

struct IntervalChart {
    std::string id, title, x_label;
    std::vector<Interval> rows;  // rows with a non-finite value are listed as "unbounded"
    double reference = 0;        // a vertical line (0 Elo)
    int width = 720;
};

std::string render_interval_chart(const IntervalChart& chart);

// Tick positions for an axis from `low` to `high`: about `count` round numbers (1, 2, 5 × 10^k).
std::vector<double> nice_ticks(double low, double high, int count = 6);

}  // namespace lmr::report
