#pragma once

// A fixture "engine" for SPSA without engines: its strength in Elo is a quadratic bowl
// Elo(θ) = −Σ curvature · (θ_i − optimum_i)², so the win probability of θ+ against θ− follows
// the logistic Elo model of their strength difference and peaks at the known optimum. Games are
// drawn from a generator seeded by the iteration, so an iteration played twice (a resume after
// an interruption) has exactly the same outcome.

#include <cmath>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "harness/tune/tuner.hpp"

namespace lmr::tune::testing {

struct SyntheticObjective {
    std::vector<double> optimum;
    double curvature = 0.5;   // Elo lost per unit² away from the optimum, per parameter
    double draw_ratio = 0.3;  // share of decisive-or-not games that are drawn
    std::uint64_t seed = 1;

    double elo(const std::vector<double>& theta) const {
        double sum = 0;
        for (std::size_t i = 0; i < optimum.size(); ++i)
            sum += curvature * (theta[i] - optimum[i]) * (theta[i] - optimum[i]);
        return -sum;
    }

    // `games` games of θ+ against θ−, from θ+'s point of view.
    IterationResult play(const std::vector<double>& plus, const std::vector<double>& minus,
                         int games, int k) const {
        std::mt19937_64 rng(seed * 1'000'003 + static_cast<std::uint64_t>(k));
        // A uniform double from the top 53 bits: the standard fixes mt19937_64's output, not
        // that of uniform_real_distribution.
        const auto uniform = [&rng] { return static_cast<double>(rng() >> 11) * 0x1.0p-53; };
        const double expected = 1.0 / (1.0 + std::pow(10.0, -(elo(plus) - elo(minus)) / 400.0));
        IterationResult result;
        for (int g = 0; g < games; ++g) {
            if (uniform() < draw_ratio)
                ++result.games.draws;
            else if (uniform() < expected)
                ++result.games.wins;
            else
                ++result.games.losses;
        }
        return result;
    }

    // The values as the engine would receive them (integers rounded).
    static std::vector<double> sent(const OptionList& options) {
        std::vector<double> values;
        for (const auto& option : options) values.push_back(std::stod(option.second));
        return values;
    }

    PlayIteration player() const {
        return [*this](const IterationRequest& request) -> std::optional<IterationResult> {
            return play(sent(request.plus_options), sent(request.minus_options), 2 * request.pairs,
                        request.k);
        };
    }
};

}  // namespace lmr::tune::testing
