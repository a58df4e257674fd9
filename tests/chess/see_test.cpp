// Static exchange evaluation on textbook positions, and see_ge agreeing with see.
#include "engine/chess/see.hpp"

#include <gtest/gtest.h>

#include "engine/chess/movegen.hpp"
#include "tests/chess/test_util.hpp"

namespace lmr::chess {
namespace {

using testing::position_from_fen;

struct SeeCase {
    const char* fen;
    const char* move;  // UCI
    int value;
};

TEST(See, TextbookPositions) {
    const SeeCase cases[] = {
        // Chess Programming Wiki "SEE": Rxe5 wins an undefended pawn.
        {"1k1r4/1pp4p/p7/4p3/8/P5P1/1PP4P/2K1R3 w - - 0 1", "e1e5", 100},
        // CPW: Nxe5 loses N for P after NxN RxN BxR QxB QxQ (P - N = 100 - 320).
        {"1k1r3q/1ppn3p/p4b2/4p3/8/P2N2P1/1PP1R1BP/2K1Q3 w - - 0 1", "d3e5", -220},
        // Pawn takes an undefended pawn / a pawn defended by a pawn.
        {"4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "e4d5", 100},
        {"4k3/8/2p5/3p4/4P3/8/8/4K3 w - - 0 1", "e4d5", 0},
        // Queen takes a pawn defended by a pawn.
        {"4k3/8/2p5/3p4/8/8/8/3QK3 w - - 0 1", "d1d5", -800},
        // Doubled rooks (x-ray) win a pawn defended by one rook.
        {"3rk3/8/8/3p4/8/8/3R4/3RK3 w - - 0 1", "d2d5", 100},
        // A single rook against pawn + rook defence loses the exchange of R for P.
        {"3rk3/8/8/3p4/8/8/8/3RK3 w - - 0 1", "d1d5", -400},
        // Non-capture onto a square attacked by a pawn loses the piece.
        {"4k3/8/2p5/8/8/8/8/3NK3 w - - 0 1", "d1c3", 0},
        {"4k3/8/2p5/8/8/2N5/8/4K3 w - - 0 1", "c3b5", -320},
        // En passant wins a pawn.
        {"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6", 100},
        // The king may capture only a piece that is not defended.
        {"4k3/8/8/8/8/8/3q4/4K3 w - - 0 1", "e1d2", 900},
        {"3k4/3p4/8/8/8/8/8/3RK3 w - - 0 1", "d1d7", -400},
        {"3k4/3p4/8/8/8/7B/8/3RK3 w - - 0 1", "d1d7", 100},
        // A defender pinned to its king does not count: Bxd5 wins the pawn...
        {"4k3/4n3/8/3p4/8/8/6B1/4R1K1 w - - 0 1", "g2d5", 100},
        // ...while an unpinned knight makes it a losing capture (P - B).
        {"4k3/4n3/8/3p4/8/8/6B1/5RK1 w - - 0 1", "g2d5", -230},
    };
    for (const SeeCase& c : cases) {
        Position pos = position_from_fen(c.fen);
        std::string error;
        Move m = parse_uci(pos, c.move, &error);
        ASSERT_FALSE(m.is_none()) << c.fen << " " << c.move << ": " << error;
        EXPECT_EQ(pos.see(m), c.value) << c.fen << " " << c.move;
        EXPECT_EQ(see(pos, m), c.value);
        EXPECT_TRUE(pos.see_ge(m, c.value)) << c.fen << " " << c.move;
        EXPECT_FALSE(pos.see_ge(m, c.value + 1)) << c.fen << " " << c.move;
    }
}

TEST(See, SeeGeAgreesWithSeeEverywhere) {
    int checked = 0;
    for (const Position& pos : testing::positions_two_plies_deep()) {
        MoveList list;
        generate(pos, list);
        for (Move m : list) {
            int value = pos.see(m);
            for (int threshold : {value - 1, value, value + 1, -100, 0, 100})
                ASSERT_EQ(pos.see_ge(m, threshold), value >= threshold)
                    << pos.fen() << " " << to_uci(m) << " see " << value << " threshold "
                    << threshold;
            ++checked;
        }
    }
    EXPECT_GT(checked, 100000);
}

}  // namespace
}  // namespace lmr::chess
