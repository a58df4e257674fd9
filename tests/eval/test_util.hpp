// Helpers shared by the evaluation tests.
#pragma once

#include <gtest/gtest.h>

#include <string>

#include "engine/chess/position.hpp"
#include "engine/eval/eval.hpp"
#include "tests/support/position.hpp"

namespace lmr::eval::test {

using ::lmr::test::position_from_fen;

inline Breakdown breakdown(const std::string& fen) {
    Breakdown b{};
    evaluate(position_from_fen(fen), b);
    return b;
}

inline int term(const std::string& fen, Term t) {
    return breakdown(fen).terms[t];
}

}  // namespace lmr::eval::test
