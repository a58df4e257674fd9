// Writes tuned weights back into the evaluation's source: replaces the initializer of each
// tuned definition in weights.hpp (the LMR_EVAL_WEIGHT ones) and the material values and
// piece-square diagrams in pst.hpp, leaving comments and layout around them untouched.
#pragma once

#include <stdexcept>
#include <string>
#include <vector>

namespace lmr::eval::tune {

struct SourceError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// Returns `text` (weights.hpp) with every measured weight's initializer set from `weights`.
std::string rewrite_weights_header(const std::string& text, const std::vector<int>& weights);
// Returns `text` (pst.hpp) with kMaterialValue, kMgDiagram and kEgDiagram set from `weights`.
std::string rewrite_pst_header(const std::string& text, const std::vector<int>& weights);

}  // namespace lmr::eval::tune
