// The evaluation as a linear function of its weights around one weight vector: for each
// training position, the untapered middlegame and endgame sums at that vector and how much
// each weight moves them. Material and piece-square weights are exactly linear; the others
// are measured by re-evaluating with the weight changed, which also linearises the
// non-linear ones (king danger is quadratic) around the current values. The tuner refits
// after re-measuring, so the linearisation follows the weights as they move.
#pragma once

#include <cstdint>
#include <vector>

#include "engine/eval/tune/training_positions.hpp"

namespace lmr::eval::tune {

// The change of the middlegame and endgame sums (White's view, centipawns) per unit of one
// dimension.
struct Coefficient {
    std::uint32_t dim;
    float mg;
    float eg;
};

struct Sample {
    float result;    // the label: White's game score, or a blend with `searched`
    float searched;  // the engine's search score, White's view (NaN: none)
    float mg;        // untapered sums at the linearisation point, White's view
    float eg;
    float mg_weight;      // d(eval)/d(mg) = phase / 24
    float eg_weight;      // d(eval)/d(eg) = (24 - phase) / 24 * scale / 64
    std::uint32_t first;  // coefficients [first, last) of LinearModel::coefficients
    std::uint32_t last;
};

struct LinearModel {
    std::vector<int> origin;  // the weights the model was measured at
    std::vector<Sample> samples;
    std::vector<Coefficient> coefficients;
};

// Measures the model of `positions` at `weights` with `threads` threads. Positions whose
// evaluation is a certain draw (scale factor 0) carry no information and are left out.
LinearModel measure(const std::vector<TrainingPosition>& positions, const std::vector<int>& weights,
                    int threads);

// Replaces each label that has a search score by (1 - lambda) * game score +
// lambda * sigmoid(k * search score): part of the target then says what a deeper search
// thought of the position, which is less noisy than one game's result.
void blend_search_scores(LinearModel& model, double k, double lambda);

// The evaluation (White's view, centipawns) the model predicts for `sample` at `weights`.
double predict(const LinearModel& model, const Sample& sample, const std::vector<double>& weights);

}  // namespace lmr::eval::tune
