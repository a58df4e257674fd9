// Fitting the weights of a LinearModel to the game results (Texel's method): minimise the
// mean squared difference between each result and sigmoid(k * eval), with k fitted first so
// that the evaluation's scale stays where it is, then the weights by Adam on the full batch.
#pragma once

#include <functional>
#include <vector>

#include "engine/eval/tune/linear_model.hpp"

namespace lmr::eval::tune {

// Mean squared error of the predictions at `weights` with sigmoid scale k.
double mean_error(const LinearModel& model, const std::vector<double>& weights, double k,
                  int threads);

// The k that minimises mean_error at the model's own origin.
double fit_scale(const LinearModel& model, int threads);

// The k for which sigmoid(k * search score) best predicts the game results of the samples
// that have a search score: the scale of the scores in the PGN comments, which need not be the
// evaluation's (another engine's centipawns, or scores normalised to win chances).
double fit_search_scale(const LinearModel& model);

struct FitOptions {
    int epochs = 300;
    double learning_rate = 0.5;  // centipawns per step at most, roughly
    int threads = 1;
    // L2 pull toward `anchor` (the weights tuning started from): adds
    // regularization * sum((w - anchor)^2) to the error, so that weights the data says little
    // about (rare mobility counts, directions where two weights trade off exactly, such as a
    // queen's mobility and its material value) stay near their start instead of drifting.
    double regularization = 0.0;
    std::vector<double> anchor;  // empty: no pull
    std::vector<bool> frozen;    // dimensions kept as they are (empty: none)
    // Chains of dimensions whose values must not decrease along the chain (a mobility table,
    // passed-pawn bonuses by rank): after every step the weights are projected back onto that
    // shape. Noise in rarely seen entries otherwise yields a knight with seven squares worth
    // less than one with six, which the search then plays for.
    std::vector<std::vector<int>> non_decreasing;
    // Called every `report_every` epochs with the epoch and the training error.
    int report_every = 50;
    std::function<void(int, double)> report;
};

// The closest non-decreasing sequence (least squares) to the values of `chain` in `weights`:
// pools adjacent violators into their mean.
void make_non_decreasing(std::vector<double>& weights, const std::vector<int>& chain);

// Adam steps from `start`; returns the fitted (real-valued) weights.
std::vector<double> fit_weights(const LinearModel& model, std::vector<double> start, double k,
                                const FitOptions& options);

}  // namespace lmr::eval::tune
