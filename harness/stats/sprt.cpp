#include "harness/stats/sprt.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <optional>
#include <stdexcept>
#include <string>

#include "engine/text/text.hpp"
#include "harness/stats/elo.hpp"

namespace lmr::stats {
namespace {

// A zero bin would make the maximum-likelihood distributions degenerate (log 0); fishtest
// replaces it by this small pseudo-count.
constexpr double kZeroBinCount = 1e-3;
// The normalized model's fixed-point iteration stops when no probability moves more than this.
constexpr double kFixedPointTolerance = 1e-9;
constexpr int kMaxFixedPointRounds = 100;

// A distribution over the bins. Fixed capacity, so computing an LLR never allocates: a run
// recomputes it after every finished pair, and the simulation test after every sampled one.
struct Dist {
    std::array<double, kMaxBins> v{};
    std::size_t size = 0;

    explicit Dist(std::size_t n) : size(n) {}
    double& operator[](std::size_t i) { return v[i]; }
    double operator[](std::size_t i) const { return v[i]; }
};

// Solves sum p_i phi_i / (1 + theta phi_i) = 0 for theta on the interval where every
// 1 + theta phi_i > 0, i.e. (-1/max phi, -1/min phi). The left side falls monotonically from
// +inf to -inf there, so bisection always converges. Without a sign change in phi there is no
// such theta (the constraint cannot be met) and nothing is returned.
std::optional<double> solve_theta(const Dist& p, const Dist& phi) {
    double phi_min = phi[0];
    double phi_max = phi[0];
    for (std::size_t i = 1; i < phi.size; ++i) {
        phi_min = std::min(phi_min, phi[i]);
        phi_max = std::max(phi_max, phi[i]);
    }
    if (!(phi_max > 0 && phi_min < 0)) return std::nullopt;
    double lo = -1.0 / phi_max;
    double hi = -1.0 / phi_min;
    // The LLR depends on theta only to second order at the root (the first-order term is the
    // constraint itself), so 1e-12 is far finer than any printed digit needs.
    for (int i = 0; i < 200; ++i) {
        const double mid = lo + (hi - lo) / 2;
        if (hi - lo <= 1e-12 * std::max(1.0, std::abs(mid))) break;
        double f = 0;
        for (std::size_t j = 0; j < p.size; ++j) f += p[j] * phi[j] / (1.0 + mid * phi[j]);
        if (f > 0) {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    return lo + (hi - lo) / 2;
}

// q_i = p_i / (1 + theta phi_i): the distribution closest to p (in the likelihood sense) that
// meets the constraint sum q_i phi_i = 0.
Dist tilt(const Dist& p, const Dist& phi, double theta) {
    Dist q(p.size);
    for (std::size_t i = 0; i < p.size; ++i) q[i] = p[i] / (1.0 + theta * phi[i]);
    return q;
}

// Scores of the bins: a_i = i / (K - 1).
Dist bin_scores(std::size_t bins) {
    Dist a(bins);
    for (std::size_t i = 0; i < bins; ++i) a[i] = static_cast<double>(i) / (bins - 1);
    return a;
}

// Maximum-likelihood distribution with expected score s (logistic and BayesElo models).
Dist mle_with_score(const Dist& p, const Dist& a, double s) {
    Dist phi(a.size);
    for (std::size_t i = 0; i < a.size; ++i) phi[i] = a[i] - s;
    const auto theta = solve_theta(p, phi);
    return tilt(p, phi, theta.value_or(0.0));
}

// Maximum-likelihood distribution with (mu - 0.5) / sigma = t (normalized model), by the
// fixed-point iteration of fishtest: linearize the constraint around the current q, solve it,
// repeat until q stops moving.
Dist mle_normalized(const Dist& p, const Dist& a, double t) {
    const std::size_t k = a.size;
    Dist q(k);
    for (std::size_t i = 0; i < k; ++i) q[i] = 1.0 / k;
    Dist phi(k);
    for (int round = 0; round < kMaxFixedPointRounds; ++round) {
        double mu = 0;
        for (std::size_t i = 0; i < k; ++i) mu += q[i] * a[i];
        double var = 0;
        for (std::size_t i = 0; i < k; ++i) var += q[i] * (a[i] - mu) * (a[i] - mu);
        const double sigma = std::sqrt(var);
        for (std::size_t i = 0; i < k; ++i) {
            const double z = (a[i] - mu) / sigma;
            phi[i] = a[i] - 0.5 - (t * sigma / 2) * (1 + z * z);
        }
        const auto theta = solve_theta(p, phi);
        if (!theta) break;  // only for bounds that validate() rejects; keep the last q
        const Dist next = tilt(p, phi, *theta);
        double change = 0;
        for (std::size_t i = 0; i < k; ++i) change = std::max(change, std::abs(next[i] - q[i]));
        q = next;
        if (change < kFixedPointTolerance) break;
    }
    return q;
}

std::string number(double x) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%g", x);
    return buf;
}

}  // namespace

std::string_view model_name(EloModel model) {
    switch (model) {
        case EloModel::kLogistic:
            return "logistic";
        case EloModel::kBayesElo:
            return "bayesian";
        case EloModel::kNormalized:
            break;
    }
    return "normalized";
}

std::optional<EloModel> parse_model(std::string_view name) {
    const std::string lower = text::lower(name);
    if (lower == "normalized") return EloModel::kNormalized;
    if (lower == "logistic") return EloModel::kLogistic;
    // fastchess calls it "bayesian"; cutechess-cli's documentation and BayesElo itself "BayesElo".
    if (lower == "bayesian" || lower == "bayeselo") return EloModel::kBayesElo;
    return std::nullopt;
}

double max_abs_elo(EloModel model) {
    return model == EloModel::kNormalized ? kMaxAbsNormalizedElo : kMaxAbsLogisticElo;
}

std::optional<std::string> validate(const SprtParams& params) {
    if (!std::isfinite(params.elo0)) return "elo0 (" + number(params.elo0) + ") must be finite";
    if (!std::isfinite(params.elo1)) return "elo1 (" + number(params.elo1) + ") must be finite";
    if (!(params.elo0 < params.elo1)) {
        return "elo0 (" + number(params.elo0) + ") must be less than elo1 (" + number(params.elo1) +
               ")";
    }
    const double limit = max_abs_elo(params.model);
    for (const auto& [name, value] : {std::pair{"elo0", params.elo0}, {"elo1", params.elo1}}) {
        if (std::abs(value) > limit) {
            return std::string(name) + " (" + number(value) + ") is outside the " +
                   std::string(model_name(params.model)) + " model's range [-" + number(limit) +
                   ", " + number(limit) + "]";
        }
    }
    for (const auto& [name, value] : {std::pair{"alpha", params.alpha}, {"beta", params.beta}}) {
        if (!(value > 0 && value < 1)) {
            return std::string(name) + " (" + number(value) + ") must lie strictly between 0 and 1";
        }
    }
    if (!(params.alpha + params.beta < 1)) {
        // Otherwise the lower bound is not below 0 or the upper bound not above it.
        return "alpha + beta (" + number(params.alpha) + " + " + number(params.beta) +
               ") must be less than 1";
    }
    return std::nullopt;
}

SprtBounds sprt_bounds(double alpha, double beta) {
    return SprtBounds{std::log(beta / (1 - alpha)), std::log((1 - beta) / alpha)};
}

std::string_view verdict_name(Verdict verdict) {
    switch (verdict) {
        case Verdict::kAcceptH1:
            return "accept H1";
        case Verdict::kAcceptH0:
            return "accept H0";
        case Verdict::kContinue:
            break;
    }
    return "continue";
}

Verdict sprt_verdict(double llr, const SprtBounds& bounds) {
    if (llr >= bounds.upper) return Verdict::kAcceptH1;
    if (llr <= bounds.lower) return Verdict::kAcceptH0;
    return Verdict::kContinue;
}

double llr_from_bins(std::span<const double> counts, const SprtParams& params, bool pairs) {
    if (counts.size() < 2 || counts.size() > kMaxBins) {
        throw std::invalid_argument("llr_from_bins: " + std::to_string(counts.size()) +
                                    " bins (2.." + std::to_string(kMaxBins) + " supported)");
    }
    if (params.model == EloModel::kBayesElo && (counts.size() != 3 || pairs)) {
        throw std::invalid_argument(
            "llr_from_bins: the BayesElo model takes game counts (L, D, W)");
    }
    double total = 0;
    for (double c : counts) total += c;
    if (total <= 0) return 0.0;
    // Without a win and a loss the sample has no draw_elo (a rate of 0 puts it at infinity).
    if (params.model == EloModel::kBayesElo && !(counts[0] > 0 && counts[2] > 0)) return 0.0;

    const std::size_t k = counts.size();
    Dist n(k);
    double regularized_total = 0;
    for (std::size_t i = 0; i < k; ++i) {
        n[i] = counts[i] > 0 ? counts[i] : kZeroBinCount;
        regularized_total += n[i];
    }
    Dist p(k);
    for (std::size_t i = 0; i < k; ++i) p[i] = n[i] / regularized_total;

    const Dist a = bin_scores(k);
    Dist p0(k);
    Dist p1(k);
    if (params.model == EloModel::kLogistic) {
        p0 = mle_with_score(p, a, score_from_elo(params.elo0));
        p1 = mle_with_score(p, a, score_from_elo(params.elo1));
    } else if (params.model == EloModel::kBayesElo) {
        // The draw_elo of the (regularized) sample turns the BayesElo bounds into expected
        // scores, as fastchess does.
        const double draw_elo = draw_elo_from_rates(p[2], p[0]);
        p0 = mle_with_score(p, a, score_from_bayes_elo(params.elo0, draw_elo));
        p1 = mle_with_score(p, a, score_from_bayes_elo(params.elo1, draw_elo));
    } else {
        // nElo is defined per game; a pair's score (mean of two games) has 1/sqrt(2) of the
        // spread, so the same nElo is sqrt(2) times as many standard deviations per pair.
        const double scale = (pairs ? std::sqrt(2.0) : 1.0) / kNeloScale;
        p0 = mle_normalized(p, a, params.elo0 * scale);
        p1 = mle_normalized(p, a, params.elo1 * scale);
    }
    double sum = 0;
    for (std::size_t i = 0; i < k; ++i) sum += n[i] * std::log(p1[i] / p0[i]);
    return sum;
}

double llr(const Pentanomial& pairs, const SprtParams& params) {
    if (params.model == EloModel::kBayesElo) return llr(to_trinomial(pairs), params);
    const auto bins = pairs.bins();
    return llr_from_bins(bins, params, true);
}

double llr(const Trinomial& games, const SprtParams& params) {
    const auto bins = games.bins();
    return llr_from_bins(bins, params, false);
}

SprtResult sprt_from_llr(double llr_value, const SprtParams& params) {
    SprtResult r;
    r.params = params;
    r.llr = llr_value;
    r.bounds = sprt_bounds(params.alpha, params.beta);
    r.verdict = sprt_verdict(llr_value, r.bounds);
    r.toward_h1 = llr_value >= 0;
    r.percent = 100.0 * (r.toward_h1 ? llr_value / r.bounds.upper : llr_value / r.bounds.lower);
    return r;
}

SprtResult sprt(const Pentanomial& pairs, const SprtParams& params) {
    return sprt_from_llr(llr(pairs, params), params);
}

SprtResult sprt(const Trinomial& games, const SprtParams& params) {
    return sprt_from_llr(llr(games, params), params);
}

}  // namespace lmr::stats
