#include "harness/stats/ratings.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <stdexcept>
#include <string>

#include "harness/stats/elo.hpp"

namespace lmr::stats {
namespace {

using Matrix = std::vector<std::vector<double>>;

// d(expected score)/d(Elo difference) = kSlope * p * (1 - p).
const double kSlope = std::log(10.0) / 400.0;
// Newton's steps are capped so that a first step from 0 towards ratings hundreds of Elo apart
// cannot overshoot into the flat tails of the logistic curve.
constexpr double kMaxStep = 300.0;
constexpr double kConverged = 1e-10;
constexpr int kMaxIterations = 1000;

// Every pairing pooled per ordered pair of engines: pairs played, the sum of i's pair scores
// (each the mean of its two games, 0..1 in quarter steps) and of their squares.
struct Meetings {
    explicit Meetings(int engines)
        : pairs(size(engines), std::vector<long>(size(engines))),
          score(size(engines), std::vector<double>(size(engines))),
          square(size(engines), std::vector<double>(size(engines))) {}
    static std::size_t size(int n) { return static_cast<std::size_t>(n); }

    std::vector<std::vector<long>> pairs;
    Matrix score;
    Matrix square;
};

void add(Meetings& m, int i, int j, const Pentanomial& counts) {
    const auto bins = counts.bins();
    const auto a = static_cast<std::size_t>(i);
    const auto b = static_cast<std::size_t>(j);
    for (std::size_t k = 0; k < bins.size(); ++k) {
        const double own = static_cast<double>(k) / 4;
        m.score[a][b] += bins[k] * own;
        m.score[b][a] += bins[k] * (1 - own);
        m.square[a][b] += bins[k] * own * own;
        m.square[b][a] += bins[k] * (1 - own) * (1 - own);
    }
    m.pairs[a][b] += counts.pairs();
    m.pairs[b][a] += counts.pairs();
}

// The engines linked to the anchor by a chain of pairings.
std::vector<bool> connected(const Meetings& m, int anchor) {
    std::vector<bool> seen(m.pairs.size());
    std::vector<std::size_t> todo{static_cast<std::size_t>(anchor)};
    seen[todo.front()] = true;
    while (!todo.empty()) {
        const std::size_t i = todo.back();
        todo.pop_back();
        for (std::size_t j = 0; j < seen.size(); ++j) {
            if (m.pairs[i][j] > 0 && !seen[j]) {
                seen[j] = true;
                todo.push_back(j);
            }
        }
    }
    return seen;
}

// Finite ratings exist exactly when "scored a point against" links every engine to every other
// (Zermelo's condition): otherwise some group won every game against the rest.
void require_bounded(const Meetings& m, const std::vector<std::size_t>& engines) {
    const std::size_t n = engines.size();
    std::vector<std::vector<bool>> reach(n, std::vector<bool>(n));
    for (std::size_t a = 0; a < n; ++a)
        for (std::size_t b = 0; b < n; ++b)
            reach[a][b] = a == b || m.score[engines[a]][engines[b]] > 0;
    for (std::size_t k = 0; k < n; ++k)
        for (std::size_t a = 0; a < n; ++a)
            for (std::size_t b = 0; b < n; ++b)
                reach[a][b] = reach[a][b] || (reach[a][k] && reach[k][b]);
    for (std::size_t a = 0; a < n; ++a)
        for (std::size_t b = 0; b < n; ++b)
            if (m.pairs[engines[a]][engines[b]] > 0 && !reach[b][a])
                throw UnboundedRatings(static_cast<int>(engines[a]), static_cast<int>(engines[b]));
}

// Solves a * x = b for every column of b (a symmetric positive definite: Gaussian elimination
// with partial pivoting all the same, for robustness). a and b are consumed.
Matrix solve(Matrix a, Matrix b) {
    const std::size_t n = a.size();
    for (std::size_t col = 0; col < n; ++col) {
        std::size_t pivot = col;
        for (std::size_t row = col + 1; row < n; ++row)
            if (std::abs(a[row][col]) > std::abs(a[pivot][col])) pivot = row;
        std::swap(a[col], a[pivot]);
        std::swap(b[col], b[pivot]);
        for (std::size_t row = 0; row < n; ++row) {
            if (row == col || a[row][col] == 0) continue;
            const double f = a[row][col] / a[col][col];
            for (std::size_t k = col; k < n; ++k) a[row][k] -= f * a[col][k];
            for (std::size_t k = 0; k < b[row].size(); ++k) b[row][k] -= f * b[col][k];
        }
    }
    for (std::size_t row = 0; row < n; ++row)
        for (double& x : b[row]) x /= a[row][row];
    return b;
}

Matrix identity(std::size_t n) {
    Matrix m(n, std::vector<double>(n));
    for (std::size_t i = 0; i < n; ++i) m[i][i] = 1;
    return m;
}

// The free engines (all but the anchor), the ratings of all, and the Fisher information of the
// free ratings at r: the negative Hessian of the log-likelihood, in Elo units.
struct Fit {
    std::vector<std::size_t> free;  // engine index of each unknown
    std::vector<double> elo;        // by engine index (0 for engines not rated)

    double expected(std::size_t i, std::size_t j) const { return score_from_elo(elo[i] - elo[j]); }

    Matrix information(const Meetings& m) const {
        const std::size_t n = free.size();
        Matrix info(n, std::vector<double>(n));
        // Pairs times the slope of the expected score: what a pairing adds to the information.
        const auto weight = [&](std::size_t i, std::size_t j) {
            const double p = expected(i, j);
            return static_cast<double>(m.pairs[i][j]) * kSlope * p * (1 - p);
        };
        for (std::size_t a = 0; a < n; ++a) {
            for (std::size_t j = 0; j < elo.size(); ++j) info[a][a] += weight(free[a], j);
            for (std::size_t b = 0; b < n; ++b)
                if (b != a) info[a][b] = -weight(free[a], free[b]);
        }
        return info;
    }

    // Score minus expected score of every free engine: zero at the maximum.
    Matrix gradient(const Meetings& m) const {
        Matrix g(free.size(), std::vector<double>(1));
        for (std::size_t a = 0; a < free.size(); ++a) {
            const std::size_t i = free[a];
            for (std::size_t j = 0; j < elo.size(); ++j)
                if (m.pairs[i][j] > 0)
                    g[a][0] += m.score[i][j] - static_cast<double>(m.pairs[i][j]) * expected(i, j);
        }
        return g;
    }
};

void maximize(Fit& fit, const Meetings& m) {
    for (int iteration = 0; iteration < kMaxIterations; ++iteration) {
        const Matrix step = solve(fit.information(m), fit.gradient(m));
        double largest = 0;
        for (const auto& row : step) largest = std::max(largest, std::abs(row[0]));
        const double scale = largest > kMaxStep ? kMaxStep / largest : 1.0;
        for (std::size_t a = 0; a < fit.free.size(); ++a)
            fit.elo[fit.free[a]] += scale * step[a][0];
        if (largest < kConverged) return;
    }
    throw std::runtime_error("ratings: the maximum-likelihood fit did not converge");
}

// Variance of the free ratings: information⁻¹ · (observed variance of the gradient) ·
// information⁻¹, the gradient's variance summed over pairings from their pair scores' spread.
std::vector<double> variances(const Fit& fit, const Meetings& m) {
    const std::size_t n = fit.free.size();
    std::vector<int> unknown(fit.elo.size(), -1);
    for (std::size_t a = 0; a < n; ++a) unknown[fit.free[a]] = static_cast<int>(a);
    Matrix spread(n, std::vector<double>(n));
    for (std::size_t i = 0; i < fit.elo.size(); ++i) {
        for (std::size_t j = i + 1; j < fit.elo.size(); ++j) {
            const auto pairs = static_cast<double>(m.pairs[i][j]);
            if (pairs == 0) continue;
            const double mean = m.score[i][j] / pairs;
            const double var = std::max(0.0, m.square[i][j] / pairs - mean * mean) * pairs;
            // The pairing adds var · (e_i - e_j)(e_i - e_j)ᵀ; the anchor has no unknown.
            const int a = unknown[i];
            const int b = unknown[j];
            if (a >= 0) spread[a][a] += var;
            if (b >= 0) spread[b][b] += var;
            if (a >= 0 && b >= 0) {
                spread[a][b] -= var;
                spread[b][a] -= var;
            }
        }
    }
    const Matrix inverse = solve(fit.information(m), identity(n));
    const Matrix left = solve(fit.information(m), spread);  // information⁻¹ · spread
    std::vector<double> out(n);
    for (std::size_t a = 0; a < n; ++a)
        for (std::size_t k = 0; k < n; ++k) out[a] += left[a][k] * inverse[k][a];
    return out;
}

}  // namespace

UnboundedRatings::UnboundedRatings(int winner_index, int loser_index)
    : std::domain_error("ratings are unbounded: engine " + std::to_string(winner_index) +
                        " scored every point against engine " + std::to_string(loser_index) +
                        " and no chain of results leads back"),
      winner(winner_index),
      loser(loser_index) {}

RatingList ratings(int engines, std::span<const PairingCounts> pairings, int anchor) {
    const auto valid = [engines](int index) { return index >= 0 && index < engines; };
    if (!valid(anchor))
        throw std::invalid_argument("ratings: anchor " + std::to_string(anchor) + " of " +
                                    std::to_string(engines) + " engines");
    Meetings meetings(engines);
    for (const PairingCounts& pairing : pairings) {
        if (!valid(pairing.first) || !valid(pairing.second) || pairing.first == pairing.second) {
            throw std::invalid_argument("ratings: pairing " + std::to_string(pairing.first) +
                                        " vs " + std::to_string(pairing.second) + " of " +
                                        std::to_string(engines) + " engines");
        }
        add(meetings, pairing.first, pairing.second, pairing.pairs);
    }

    RatingList list;
    const std::vector<bool> linked = connected(meetings, anchor);
    std::vector<std::size_t> rated;
    Fit fit;
    fit.elo.assign(static_cast<std::size_t>(engines), 0.0);
    for (int i = 0; i < engines; ++i) {
        const auto index = static_cast<std::size_t>(i);
        if (!linked[index]) {
            list.unconnected.push_back(i);
            continue;
        }
        rated.push_back(index);
        if (i != anchor) fit.free.push_back(index);
    }
    require_bounded(meetings, rated);
    maximize(fit, meetings);
    const std::vector<double> variance = variances(fit, meetings);

    for (const std::size_t i : rated) {
        Rating r;
        r.engine = static_cast<int>(i);
        r.elo = fit.elo[i];
        const auto at = std::find(fit.free.begin(), fit.free.end(), i);
        if (at != fit.free.end())
            r.elo_error = kZ95 * std::sqrt(std::max(0.0, variance[at - fit.free.begin()]));
        for (const PairingCounts& pairing : pairings) {
            if (pairing.first == r.engine) r.pairs += pairing.pairs;
            if (pairing.second == r.engine) r.pairs += mirrored(pairing.pairs);
        }
        list.rated.push_back(r);
    }
    std::stable_sort(list.rated.begin(), list.rated.end(),
                     [](const Rating& a, const Rating& b) { return a.elo > b.elo; });
    return list;
}

}  // namespace lmr::stats
