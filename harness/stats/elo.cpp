#include "harness/stats/elo.hpp"

#include <cmath>
#include <limits>

namespace lmr::stats {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

// Half-width of the 95 % Elo interval; unbounded as soon as one end leaves (0, 1).
double elo_half_width(double score, double se) {
    const double high = elo_from_score(score + kZ95 * se);
    const double low = elo_from_score(score - kZ95 * se);
    if (std::isinf(high) || std::isinf(low)) return kInf;
    return (high - low) / 2;
}

}  // namespace

double elo_from_score(double score) {
    if (score <= 0) return -kInf;
    if (score >= 1) return kInf;
    return -400.0 * std::log10(1.0 / score - 1.0);
}

double score_from_elo(double elo) {
    return 1.0 / (1.0 + std::pow(10.0, -elo / 400.0));
}

double draw_elo_from_rates(double win_rate, double loss_rate) {
    return 200.0 * std::log10((1.0 - loss_rate) / loss_rate * (1.0 - win_rate) / win_rate);
}

double score_from_bayes_elo(double bayes_elo, double draw_elo) {
    const double win = score_from_elo(bayes_elo - draw_elo);
    const double loss = score_from_elo(-bayes_elo - draw_elo);
    return win + (1.0 - win - loss) / 2;
}

EloEstimate estimate_from_bins(std::span<const double> counts, Unit unit) {
    EloEstimate e;
    e.unit = unit;
    double n = 0;
    for (double c : counts) n += c;
    e.units = static_cast<long>(n);
    if (n <= 0 || counts.size() < 2) {
        e.units = 0;
        return e;
    }
    const double last = static_cast<double>(counts.size() - 1);
    double mu = 0;
    for (std::size_t i = 0; i < counts.size(); ++i) mu += counts[i] / n * (i / last);
    double var = 0;
    for (std::size_t i = 0; i < counts.size(); ++i) {
        const double d = i / last - mu;
        var += counts[i] / n * d * d;
    }
    // Rounding can leave a tiny residue where the exact variance is 0 (all units in one bin);
    // treat it as 0 so the all-draws / all-wins rules below apply.
    bool single_bin = false;
    for (double c : counts) single_bin = single_bin || c == n;
    if (single_bin) var = 0;

    const double k = unit == Unit::kPair ? 2.0 : 1.0;
    const double se = std::sqrt(var / n);
    const double deviation = mu - 0.5;
    e.score = mu;
    e.variance = var;
    e.elo = elo_from_score(mu);
    e.elo_error = elo_half_width(mu, se);
    e.nelo_error = kZ95 * kNeloScale / std::sqrt(k * n);
    if (var > 0) {
        e.nelo = deviation / std::sqrt(k * var) * kNeloScale;
        e.los = 0.5 * (1.0 - std::erf(-deviation / std::sqrt(2.0 * se * se)));
    } else {
        // No spread: the sign of the deviation is certain (or there is none).
        e.nelo = deviation > 0 ? kInf : deviation < 0 ? -kInf : 0.0;
        e.los = deviation > 0 ? 1.0 : deviation < 0 ? 0.0 : 0.5;
    }
    return e;
}

EloEstimate estimate(const Trinomial& games) {
    const auto bins = games.bins();
    EloEstimate e = estimate_from_bins(bins, Unit::kGame);
    if (e.defined()) e.draw_ratio = static_cast<double>(games.draws) / games.games();
    return e;
}

EloEstimate estimate(const Pentanomial& pairs) {
    const auto bins = pairs.bins();
    EloEstimate e = estimate_from_bins(bins, Unit::kPair);
    if (e.defined()) e.draw_ratio = static_cast<double>(pairs.wl + pairs.dd) / pairs.pairs();
    return e;
}

}  // namespace lmr::stats
