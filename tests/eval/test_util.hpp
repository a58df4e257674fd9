// Helpers shared by the evaluation tests.
#pragma once

#include <gtest/gtest.h>

#include <string>

#include "engine/chess/position.hpp"
#include "engine/eval/eval.hpp"

namespace lmr::eval::test {

inline chess::Position parse(const std::string& fen) {
    std::string error;
    auto pos = chess::Position::from_fen(fen, &error);
    if (!pos) ADD_FAILURE() << "bad test FEN '" << fen << "': " << error;
    return pos ? *pos : chess::Position::startpos();
}

inline Breakdown breakdown(const std::string& fen) {
    Breakdown b{};
    evaluate(parse(fen), b);
    return b;
}

inline int term(const std::string& fen, Term t) {
    return breakdown(fen).terms[t];
}

}  // namespace lmr::eval::test
