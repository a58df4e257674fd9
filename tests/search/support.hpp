#pragma once
// Shared by the search tests: positions from FEN (tests/support/position.hpp).
#include <gtest/gtest.h>

#include <string>

#include "engine/chess/position.hpp"
#include "tests/support/position.hpp"

namespace lmr::search::test {

using ::lmr::test::position_from_fen;

}  // namespace lmr::search::test
