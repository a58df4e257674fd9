// Helpers shared by the tests of the evaluation tuner (engine/eval/tune), which link the
// tuner's build of the evaluation (engine_eval_tunable): every weight is a per-thread
// variable, so a test that changes weights must put them back for the tests after it.
#pragma once

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "engine/chess/position.hpp"
#include "engine/eval/eval.hpp"
#include "engine/eval/tune/weight_table.hpp"
#include "tests/eval/test_util.hpp"

namespace lmr::eval::tune::test {

using lmr::eval::test::position_from_fen;

// evaluate() is from the side to move's view; the tuner works in White's view.
inline int white_eval(const chess::Position& pos) {
    const int v = evaluate(pos);
    return pos.side_to_move() == chess::kWhite ? v : -v;
}
inline int white_eval(const std::string& fen) {
    return white_eval(position_from_fen(fen));
}

// The dimension with this label; fails the test (and returns -1) when there is none.
inline int dim_by_label(const std::string& label) {
    const std::vector<Dim>& all = dims();
    for (int i = 0; i < int(all.size()); ++i)
        if (all[i].label == label) return i;
    ADD_FAILURE() << "no dimension labelled " << label;
    return -1;
}

// Restores the calling thread's weights when it goes out of scope.
class WeightGuard {
  public:
    WeightGuard() : saved_(read_weights()) {}
    ~WeightGuard() { write_weights(saved_); }
    WeightGuard(const WeightGuard&) = delete;
    WeightGuard& operator=(const WeightGuard&) = delete;
    const std::vector<int>& saved() const { return saved_; }

  private:
    std::vector<int> saved_;
};

}  // namespace lmr::eval::tune::test
