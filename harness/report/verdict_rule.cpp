// The study's verdict rule (verdict_rule.hpp).

#include "harness/report/verdict_rule.hpp"

#include <cmath>
#include <limits>

namespace lmr::report {
namespace {

// A count rounded to two significant digits, thousands separated: 96,360 → "96,000".
std::string rounded_count(double count) {
    double scale = 1;
    while (count / scale >= 100) scale *= 10;
    const auto rounded = static_cast<long long>(std::llround(count / scale) * scale);
    std::string digits = std::to_string(rounded);
    for (auto at = static_cast<long>(digits.size()) - 3; at > 0; at -= 3)
        digits.insert(static_cast<std::size_t>(at), ",");
    return digits;
}

}  // namespace

double games_to_resolve(double elo, double error, long games) {
    if (elo == 0 || !std::isfinite(error)) return std::numeric_limits<double>::infinity();
    const double ratio = error / std::fabs(elo);
    return static_cast<double>(games) * ratio * ratio;
}

std::string games_phrase(double needed) {
    if (!std::isfinite(needed) || needed > 1e12) return "";
    return "≈ " + rounded_count(needed) + " games";
}

std::string interval_verdict(const stats::Summary& summary) {
    const stats::EloEstimate& e = summary.estimate;
    if (!e.defined()) return "";
    if (summary.sprt && summary.sprt->verdict != stats::Verdict::kContinue) {
        return std::string("SPRT ") +
               (summary.sprt->verdict == stats::Verdict::kAcceptH1 ? "H1" : "H0") +
               " (stopped early)";
    }
    if (e.elo - e.elo_error > 0) return "better";
    if (e.elo + e.elo_error < 0) return "worse";
    const long games = e.unit == stats::Unit::kPair ? 2 * e.units : e.units;
    const std::string needed = games_phrase(games_to_resolve(e.elo, e.elo_error, games));
    return needed.empty() ? "not resolved" : "not resolved (" + needed + ")";
}

}  // namespace lmr::report
