#pragma once
// Shared by the search tests: positions from FEN (a bad FEN fails the test, naming the error).
#include <gtest/gtest.h>

#include <string>

#include "engine/chess/position.hpp"

namespace lmr::search::test {

inline chess::Position from_fen(const std::string& fen) {
    std::string error;
    auto pos = chess::Position::from_fen(fen, &error);
    EXPECT_TRUE(pos.has_value()) << fen << ": " << error;
    return pos ? *pos : chess::Position::startpos();
}

}  // namespace lmr::search::test
