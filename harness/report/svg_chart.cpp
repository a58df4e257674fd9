// SVG line and interval charts (svg_chart.hpp).

#include "harness/report/svg_chart.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

#include "engine/text/text.hpp"
#include "harness/report/render.hpp"

namespace lmr::report {
namespace {

constexpr double kLeft = 64, kRight = 16, kTop = 34, kBottom = 46;

std::string num(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f", v);
    return buf;
}

// Tick labels with the decimals of the step (a 1, 2 or 5 times a power of ten): 0.5, 10, 0.02.
std::string tick_label(double v, double step) {
    char buf[32];
    if (std::abs(v) < step * 1e-9) v = 0;
    const int decimals = step >= 1 ? 0 : static_cast<int>(std::ceil(-std::log10(step) - 1e-9));
    std::snprintf(buf, sizeof buf, "%.*f", std::min(decimals, 6), v);
    return buf;
}

// `label` cut to `max_chars` code points by replacing its middle with "…" (both ends of a run
// label, "#12 rebel-expert… vs default", say what it is).
std::string elide_middle(const std::string& label, std::size_t max_chars) {
    const std::size_t length = text::code_points(label);
    if (length <= max_chars || max_chars < 3) return label;
    const std::size_t keep = max_chars - 1, head = (keep + 1) / 2, tail = keep - head;
    return label.substr(0, text::code_point_offset(label, head)) + "…" +
           label.substr(text::code_point_offset(label, length - tail));
}

std::string text(double x, double y, const std::string& content, const std::string& extra = "") {
    return "<text x=\"" + num(x) + "\" y=\"" + num(y) + "\"" + extra + ">" + html_escape(content) +
           "</text>";
}

struct Range {
    double low = std::numeric_limits<double>::infinity();
    double high = -std::numeric_limits<double>::infinity();
    void add(double v) {
        if (!std::isfinite(v)) return;
        low = std::min(low, v);
        high = std::max(high, v);
    }
    // An empty or degenerate range still draws: widen it around its value.
    void settle(double fallback_low, double fallback_high) {
        if (!(low <= high)) {
            low = fallback_low;
            high = fallback_high;
        }
        if (high - low < 1e-12) {
            const double pad = std::max(1.0, std::abs(low) * 0.1);
            low -= pad;
            high += pad;
        }
    }
};

std::string svg_open(const std::string& id, int width, int height, const std::string& title) {
    return "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart\" id=\"" + html_escape(id) +
           "\" width=\"" + std::to_string(width) + "\" height=\"" + std::to_string(height) +
           "\" viewBox=\"0 0 " + std::to_string(width) + " " + std::to_string(height) +
           "\" role=\"img\" aria-label=\"" + html_escape(title) +
           "\" font-family=\"sans-serif\" font-size=\"11\">\n<title>" + html_escape(title) +
           "</title>\n<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n" +
           text(width / 2.0, 18, title,
                " text-anchor=\"middle\" font-size=\"13\" font-weight=\"bold\"") +
           "\n";
}

}  // namespace

std::vector<double> nice_ticks(double low, double high, int count) {
    std::vector<double> ticks;
    if (!(high > low) || count < 2) return ticks;
    const double raw = (high - low) / (count - 1);
    const double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
    double step = magnitude;
    // 1, 2 and 5 times a power of ten: every tick is then written exactly with the decimals of
    // its step (a step of 2.5 printed "0 2 5 8 10" on a time axis in whole seconds).
    for (double m : {1.0, 2.0, 5.0, 10.0}) {
        step = m * magnitude;
        if (step >= raw) break;
    }
    for (double v = std::ceil(low / step - 1e-9) * step; v <= high + step * 1e-9; v += step)
        ticks.push_back(v);
    return ticks;
}

std::string render_line_chart(const LineChart& chart) {
    Range xr, yr;
    bool dots_alone = false;
    for (const auto& s : chart.series) {
        dots_alone = dots_alone || !s.joined;
        for (std::size_t i = 0; i < s.points.size(); ++i) {
            const Point& p = s.points[i];
            if (!std::isfinite(p.x) || !std::isfinite(p.y)) continue;
            xr.add(p.x);
            yr.add(p.y);
            if (i < s.errors.size() && std::isfinite(s.errors[i])) {
                yr.add(p.y - s.errors[i]);
                yr.add(p.y + s.errors[i]);
            }
        }
    }
    for (const auto& b : chart.bands) {
        for (double x : b.x) xr.add(x);
        for (double v : b.low) yr.add(v);
        for (double v : b.high) yr.add(v);
    }
    for (const auto& l : chart.lines) yr.add(l.y);
    if (chart.x_min) xr.low = *chart.x_min;
    if (chart.x_max) xr.high = *chart.x_max;
    if (chart.y_min) yr.low = *chart.y_min;
    if (chart.y_max) yr.high = *chart.y_max;
    xr.settle(0, 1);
    yr.settle(-1, 1);
    // A little air above and below the data.
    const double y_pad = (yr.high - yr.low) * 0.05;
    if (!chart.y_min) yr.low -= y_pad;
    if (!chart.y_max) yr.high += y_pad;
    // A dot of its own at the edge of the data would sit on the frame: air left and right too.
    const double x_pad = dots_alone ? (xr.high - xr.low) * 0.03 : 0;
    if (!chart.x_min) xr.low -= x_pad;
    if (!chart.x_max) xr.high += x_pad;

    // The legend goes in rows under the x-axis label, never over the lines: the chart grows by
    // its rows.
    struct LegendItem {
        const Series* series;
        double x, y;
    };
    std::vector<LegendItem> legend;
    const double w = chart.width;
    double legend_rows = 0;
    if (chart.series.size() > 1) {
        double x = kLeft;
        for (const auto& s : chart.series) {
            if (s.label.empty()) continue;
            const double item = 24 + 6.5 * static_cast<double>(text::code_points(s.label));
            if (x + item > w - kRight && x > kLeft) {
                x = kLeft;
                ++legend_rows;
            }
            legend.push_back({&s, x, legend_rows * 14});
            x += item;
        }
        if (!legend.empty()) ++legend_rows;
    }
    const double legend_h = legend_rows * 14 + (legend_rows > 0 ? 6 : 0);
    const double h = chart.height + legend_h;
    const double plot_w = w - kLeft - kRight, plot_h = chart.height - kTop - kBottom;
    auto sx = [&](double x) { return kLeft + (x - xr.low) / (xr.high - xr.low) * plot_w; };
    auto sy = [&](double y) { return kTop + (yr.high - y) / (yr.high - yr.low) * plot_h; };
    auto clamp_y = [&](double y) { return std::clamp(y, yr.low, yr.high); };

    std::string svg = svg_open(chart.id, chart.width, static_cast<int>(h), chart.title);
    // Grid and ticks.
    svg += "<g class=\"grid\" stroke=\"#e4e4e4\" stroke-width=\"1\">\n";
    const auto xticks = nice_ticks(xr.low, xr.high, 7);
    const auto yticks = nice_ticks(yr.low, yr.high, 6);
    for (double t : xticks)
        svg += "<line x1=\"" + num(sx(t)) + "\" y1=\"" + num(kTop) + "\" x2=\"" + num(sx(t)) +
               "\" y2=\"" + num(kTop + plot_h) + "\"/>\n";
    for (double t : yticks)
        svg += "<line x1=\"" + num(kLeft) + "\" y1=\"" + num(sy(t)) + "\" x2=\"" +
               num(kLeft + plot_w) + "\" y2=\"" + num(sy(t)) + "\"/>\n";
    svg += "</g>\n<g class=\"axes\" fill=\"#333333\">\n";
    const double xstep = xticks.size() > 1 ? xticks[1] - xticks[0] : 1;
    const double ystep = yticks.size() > 1 ? yticks[1] - yticks[0] : 1;
    for (double t : xticks)
        svg +=
            text(sx(t), kTop + plot_h + 15, tick_label(t, xstep), " text-anchor=\"middle\"") + "\n";
    for (double t : yticks)
        svg += text(kLeft - 6, sy(t) + 4, tick_label(t, ystep), " text-anchor=\"end\"") + "\n";
    svg +=
        text(kLeft + plot_w / 2, chart.height - 8, chart.x_label, " text-anchor=\"middle\"") + "\n";
    svg += text(14, kTop + plot_h / 2, chart.y_label,
                " text-anchor=\"middle\" transform=\"rotate(-90 14 " + num(kTop + plot_h / 2) +
                    ")\"") +
           "\n</g>\n";
    svg += "<rect x=\"" + num(kLeft) + "\" y=\"" + num(kTop) + "\" width=\"" + num(plot_w) +
           "\" height=\"" + num(plot_h) + "\" fill=\"none\" stroke=\"#999999\"/>\n";

    // Bands, then reference lines, then series on top.
    for (const auto& b : chart.bands) {
        std::string points;
        for (std::size_t i = 0; i < b.x.size() && i < b.high.size(); ++i)
            if (std::isfinite(b.x[i]) && std::isfinite(b.high[i]))
                points += num(sx(b.x[i])) + "," + num(sy(clamp_y(b.high[i]))) + " ";
        for (std::size_t i = std::min(b.x.size(), b.low.size()); i-- > 0;)
            if (std::isfinite(b.x[i]) && std::isfinite(b.low[i]))
                points += num(sx(b.x[i])) + "," + num(sy(clamp_y(b.low[i]))) + " ";
        if (!points.empty())
            svg += "<polygon class=\"band\" points=\"" + points + "\" fill=\"" + b.color +
                   "\" fill-opacity=\"0.15\" stroke=\"none\"/>\n";
    }
    for (const auto& l : chart.lines) {
        if (!std::isfinite(l.y) || l.y < yr.low || l.y > yr.high) continue;
        svg += "<line class=\"reference\" x1=\"" + num(kLeft) + "\" y1=\"" + num(sy(l.y)) +
               "\" x2=\"" + num(kLeft + plot_w) + "\" y2=\"" + num(sy(l.y)) + "\" stroke=\"" +
               l.color + "\" stroke-width=\"1.5\"" + (l.dashed ? " stroke-dasharray=\"6 4\"" : "") +
               "/>\n";
        if (!l.label.empty())
            svg += text(kLeft + plot_w - 4, sy(l.y) - 4, l.label,
                        " text-anchor=\"end\" fill=\"" + l.color + "\"") +
                   "\n";
    }
    for (const auto& s : chart.series) {
        std::string points;
        std::string markers;
        for (std::size_t i = 0; i < s.points.size(); ++i) {
            const Point& p = s.points[i];
            if (!std::isfinite(p.x) || !std::isfinite(p.y)) continue;
            const std::string xy = num(sx(p.x)) + "," + num(sy(clamp_y(p.y)));
            points += xy + " ";
            if (i < s.errors.size() && std::isfinite(s.errors[i]))
                markers += "<line class=\"error\" x1=\"" + num(sx(p.x)) + "\" y1=\"" +
                           num(sy(clamp_y(p.y - s.errors[i]))) + "\" x2=\"" + num(sx(p.x)) +
                           "\" y2=\"" + num(sy(clamp_y(p.y + s.errors[i]))) + "\" stroke=\"" +
                           s.color + "\" stroke-width=\"1.5\"/>\n";
            if (s.markers) {
                char tip[96];
                std::snprintf(tip, sizeof tip, "%s: %g, %g", s.label.c_str(), p.x, p.y);
                markers += "<circle cx=\"" + num(sx(p.x)) + "\" cy=\"" + num(sy(clamp_y(p.y))) +
                           "\" r=\"2.5\" fill=\"" + s.color + "\"><title>" + html_escape(tip) +
                           "</title></circle>\n";
            }
        }
        if (!points.empty() && !s.joined) {
            svg += markers;
        } else if (!points.empty()) {
            svg += "<polyline class=\"series\" points=\"" + points + "\" fill=\"none\" stroke=\"" +
                   s.color + "\" stroke-width=\"1.8\" stroke-linejoin=\"round\"" +
                   (s.dashed ? " stroke-dasharray=\"5 3\"" : "") + "><title>" +
                   html_escape(s.label) + "</title></polyline>\n" + markers;
        }
    }
    if (!legend.empty()) svg += "<g class=\"legend\">\n";
    for (const LegendItem& item : legend) {
        const double y = chart.height + item.y;
        svg += "<rect x=\"" + num(item.x) + "\" y=\"" + num(y) +
               "\" width=\"10\" height=\"10\" fill=\"" + item.series->color + "\"/>" +
               text(item.x + 14, y + 9, item.series->label) + "\n";
    }
    if (!legend.empty()) svg += "</g>\n";
    return svg + "</svg>\n";
}

std::string render_interval_chart(const IntervalChart& chart) {
    Range xr;
    xr.add(chart.reference);
    for (const auto& r : chart.rows) {
        xr.add(r.value);
        if (std::isfinite(r.error)) {
            xr.add(r.value - r.error);
            xr.add(r.value + r.error);
        }
    }
    xr.settle(-10, 10);
    const double pad = (xr.high - xr.low) * 0.05;
    xr.low -= pad;
    xr.high += pad;

    // The label column is as wide as the longest label (11 px sans-serif: ~6.5 px a character),
    // at most 45 % of the chart; a label longer than that loses its middle to "…" and keeps its
    // whole text in the row's tooltip. A fixed 200 px cut long labels off on the left.
    constexpr double kRow = 24, kCharWidth = 6.5;
    const double w = chart.width;
    const double widest_label = 0.45 * w;
    std::size_t longest = 0;
    for (const auto& r : chart.rows) longest = std::max(longest, text::code_points(r.label));
    const double kLabel =
        std::clamp(16 + kCharWidth * static_cast<double>(longest), 80.0, widest_label);
    const auto max_chars = static_cast<std::size_t>((kLabel - 16) / kCharWidth);
    const double h = kTop + kBottom + kRow * std::max<std::size_t>(chart.rows.size(), 1);
    const double plot_w = w - kLabel - kRight;
    auto sx = [&](double x) {
        return kLabel + (std::clamp(x, xr.low, xr.high) - xr.low) / (xr.high - xr.low) * plot_w;
    };

    std::string svg = svg_open(chart.id, chart.width, static_cast<int>(h), chart.title);
    const auto ticks = nice_ticks(xr.low, xr.high, 7);
    const double step = ticks.size() > 1 ? ticks[1] - ticks[0] : 1;
    svg += "<g class=\"grid\" stroke=\"#e4e4e4\">\n";
    for (double t : ticks)
        svg += "<line x1=\"" + num(sx(t)) + "\" y1=\"" + num(kTop) + "\" x2=\"" + num(sx(t)) +
               "\" y2=\"" + num(h - kBottom) + "\"/>\n";
    svg += "</g>\n<g class=\"axes\" fill=\"#333333\">\n";
    for (double t : ticks)
        svg += text(sx(t), h - kBottom + 15, tick_label(t, step), " text-anchor=\"middle\"") + "\n";
    svg += text(kLabel + plot_w / 2, h - 8, chart.x_label, " text-anchor=\"middle\"") + "\n</g>\n";
    svg += "<line class=\"reference\" x1=\"" + num(sx(chart.reference)) + "\" y1=\"" + num(kTop) +
           "\" x2=\"" + num(sx(chart.reference)) + "\" y2=\"" + num(h - kBottom) +
           "\" stroke=\"#555555\" stroke-dasharray=\"4 3\"/>\n";
    for (std::size_t i = 0; i < chart.rows.size(); ++i) {
        const auto& r = chart.rows[i];
        const double y = kTop + kRow * (static_cast<double>(i) + 0.5);
        svg += "<g class=\"interval\"><title>" +
               html_escape(r.tooltip.empty() ? r.label : r.tooltip) + "</title>";
        svg += text(kLabel - 8, y + 4, elide_middle(r.label, max_chars), " text-anchor=\"end\"");
        if (!std::isfinite(r.value)) {
            svg += text(kLabel + 4, y + 4,
                        "unbounded (" + std::string(r.value > 0 ? "+" : "-") + "inf)",
                        " fill=\"#aa0000\"");
            svg += "</g>\n";
            continue;
        }
        const double lo = std::isfinite(r.error) ? r.value - r.error : xr.low;
        const double hi = std::isfinite(r.error) ? r.value + r.error : xr.high;
        svg += "<line x1=\"" + num(sx(lo)) + "\" y1=\"" + num(y) + "\" x2=\"" + num(sx(hi)) +
               "\" y2=\"" + num(y) + "\" stroke=\"" + r.color + "\" stroke-width=\"2\"/>";
        for (double end : {lo, hi})
            svg += "<line x1=\"" + num(sx(end)) + "\" y1=\"" + num(y - 5) + "\" x2=\"" +
                   num(sx(end)) + "\" y2=\"" + num(y + 5) + "\" stroke=\"" + r.color +
                   "\" stroke-width=\"2\"/>";
        svg += "<circle cx=\"" + num(sx(r.value)) + "\" cy=\"" + num(y) + "\" r=\"4\" fill=\"" +
               r.color + "\"/></g>\n";
    }
    if (chart.rows.empty()) svg += text(kLabel, kTop + kRow / 2 + 4, "(nothing measured)") + "\n";
    return svg + "</svg>\n";
}

}  // namespace lmr::report
