// The position of a FEN a test wrote. A bad one fails the test, naming the FEN and what is wrong
// with it, and gives the start position so the test goes on to its own checks.
#pragma once

#include <gtest/gtest.h>

#include <string>

#include "engine/chess/position.hpp"

namespace lmr::test {

inline chess::Position position_from_fen(const std::string& fen) {
    std::string error;
    auto pos = chess::Position::from_fen(fen, &error);
    if (!pos) ADD_FAILURE() << "bad test FEN '" << fen << "': " << error;
    return pos ? *pos : chess::Position::startpos();
}

}  // namespace lmr::test
