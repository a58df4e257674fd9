// Helpers shared by the chess tests.
#pragma once

#include <string>
#include <vector>

#include "engine/chess/movegen.hpp"
#include "engine/chess/notation.hpp"
#include "engine/chess/position.hpp"
#include "tests/chess/test_positions.hpp"
#include "tests/support/position.hpp"

namespace lmr::chess::testing {

using ::lmr::test::position_from_fen;

// Plays SAN moves from pos (throws if one does not parse).
inline void play_san(Position& pos, const std::vector<std::string>& moves) {
    for (const auto& san : moves) {
        std::string error;
        Move m = parse_san(pos, san, &error);
        if (!m) throw std::runtime_error("bad test move " + san + ": " + error);
        pos.make_move(m);
    }
}

// The seven perft positions and every position reachable from them in one or two plies.
inline std::vector<Position> positions_two_plies_deep() {
    std::vector<Position> result;
    for (const auto& c : kPerftCases) {
        Position root = position_from_fen(c.fen);
        result.push_back(root);
        MoveList first;
        generate(root, first);
        for (Move m1 : first) {
            root.make_move(m1);
            result.push_back(root);
            MoveList second;
            generate(root, second);
            for (Move m2 : second) {
                root.make_move(m2);
                result.push_back(root);
                root.unmake_move(m2);
            }
            root.unmake_move(m1);
        }
    }
    return result;
}

}  // namespace lmr::chess::testing
