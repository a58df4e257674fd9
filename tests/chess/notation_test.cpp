// UCI and SAN notation: known strings (facts), round trips, and rejected input.
#include "engine/chess/notation.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>

#include "engine/chess/movegen.hpp"
#include "tests/chess/test_util.hpp"

namespace lmr::chess {
namespace {

using testing::position_from_fen;

std::set<std::string> all_san(const Position& pos) {
    MoveList list;
    generate(pos, list);
    std::set<std::string> result;
    for (Move m : list) result.insert(to_san(pos, m));
    return result;
}

std::string san_error(const Position& pos, const std::string& text) {
    std::string error;
    Move m = parse_san(pos, text, &error);
    EXPECT_TRUE(m.is_none()) << text << " parsed as " << to_uci(m);
    EXPECT_FALSE(error.empty()) << text;
    return error;
}

std::string uci_error(const Position& pos, const std::string& text) {
    std::string error;
    Move m = parse_uci(pos, text, &error);
    EXPECT_TRUE(m.is_none()) << text;
    EXPECT_FALSE(error.empty()) << text;
    return error;
}

TEST(Uci, FormatsMoves) {
    EXPECT_EQ(to_uci(Move(kE2, kE4)), "e2e4");
    EXPECT_EQ(to_uci(Move::make_promotion(kE7, kE8, kQueen)), "e7e8q");
    EXPECT_EQ(to_uci(Move::make_promotion(kB2, kA1, kKnight)), "b2a1n");
    EXPECT_EQ(to_uci(Move::make(kE1, kG1, Move::kCastling)), "e1g1");
    EXPECT_EQ(to_uci(Move::none()), "0000");
    EXPECT_EQ(to_uci(Move::null()), "0000");
}

TEST(Uci, ParsesLegalMovesAndRejectsOthers) {
    Position start = Position::startpos();
    EXPECT_EQ(parse_uci(start, "e2e4"), Move(kE2, kE4));
    EXPECT_EQ(parse_uci(start, "g1f3"), Move(kG1, kF3));
    EXPECT_NE(uci_error(start, "e2e5").find("illegal move 'e2e5'"), std::string::npos);
    EXPECT_NE(uci_error(start, "e2").find("malformed UCI move"), std::string::npos);
    EXPECT_NE(uci_error(start, "e2e4x").find("promotion piece"), std::string::npos);
    EXPECT_NE(uci_error(start, "i2i4").find("malformed"), std::string::npos);
    EXPECT_NE(uci_error(start, "0000").find("null move"), std::string::npos);

    Position kiwipete = position_from_fen(testing::kPerftCases[1].fen);
    EXPECT_EQ(parse_uci(kiwipete, "e1g1"), Move::make(kE1, kG1, Move::kCastling));
    EXPECT_EQ(parse_uci(kiwipete, "e1c1"), Move::make(kE1, kC1, Move::kCastling));
    EXPECT_EQ(parse_uci(kiwipete, "e1h1"), Move::make(kE1, kG1, Move::kCastling));

    Position promo = position_from_fen("3rk3/4P3/8/8/8/8/8/4K3 w - - 0 1");
    EXPECT_EQ(parse_uci(promo, "e7d8q"), Move::make_promotion(kE7, kD8, kQueen));
    EXPECT_EQ(parse_uci(promo, "e7d8n"), Move::make_promotion(kE7, kD8, kKnight));
    EXPECT_NE(uci_error(promo, "e7d8").find("is a promotion"), std::string::npos);

    Position ep =
        position_from_fen("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3");
    EXPECT_EQ(parse_uci(ep, "e5f6"), Move::make(kE5, kF6, Move::kEnPassant));
}

TEST(Uci, RoundTripsEveryLegalMove) {
    for (const Position& pos : testing::positions_two_plies_deep()) {
        MoveList list;
        generate(pos, list);
        for (Move m : list)
            ASSERT_EQ(parse_uci(pos, to_uci(m)), m) << pos.fen() << " " << to_uci(m);
    }
}

// parse_uci builds a move from its text and asks is_legal, generating nothing: every text of
// every from-square, to-square and promotion letter must give exactly the generated move it
// names (castling also written king-takes-rook), and none for every other text.
TEST(Uci, AcceptsExactlyTheGeneratedMoves) {
    // The perft positions (castling both ways, en passant, promotions, pins, checks) and a few
    // of their children: each text not named falls back to a move generation, so not all.
    std::vector<Position> positions;
    for (const auto& c : testing::kPerftCases) {
        Position root = position_from_fen(c.fen);
        positions.push_back(root);
        MoveList first;
        generate(root, first);
        for (int i = 0; i < first.size(); i += 8) {
            root.make_move(first[i]);
            positions.push_back(root);
            root.unmake_move(first[i]);
        }
    }
    for (const Position& pos : positions) {
        MoveList list;
        generate(pos, list);
        std::map<std::string, Move> named;
        for (Move m : list) {
            named[to_uci(m)] = m;
            if (m.is_castling()) {  // e1h1 for e1g1, e1a1 for e1c1
                const Square rook = m.to() > m.from() ? m.from() + 3 : m.from() - 4;
                named[square_name(m.from()) + square_name(rook)] = m;
            }
        }
        for (Square from = 0; from < 64; ++from) {
            for (Square to = 0; to < 64; ++to) {
                for (const char* promo : {"", "q", "r", "b", "n"}) {
                    const std::string text = square_name(from) + square_name(to) + promo;
                    const auto it = named.find(text);
                    ASSERT_EQ(parse_uci(pos, text), it == named.end() ? Move::none() : it->second)
                        << pos.fen() << " " << text;
                }
            }
        }
    }
}

TEST(San, KnownStringsFromKiwipete) {
    Position kiwipete = position_from_fen(testing::kPerftCases[1].fen);
    auto san = all_san(kiwipete);
    for (const char* expected : {"O-O", "O-O-O", "Nxf7", "Nxd7", "Nxg6", "Bxa6", "Qxf6", "Qxh3",
                                 "gxh3", "dxe6", "d6", "a4", "Kd1", "Kf1", "Nb1", "Bh6"})
        EXPECT_TRUE(san.count(expected)) << expected;
    EXPECT_EQ(int(san.size()), 48);  // all distinct
}

TEST(San, ChecksMatesAndPromotions) {
    Position pos3 = position_from_fen(testing::kPerftCases[2].fen);
    auto san = all_san(pos3);
    EXPECT_TRUE(san.count("g3+"));
    EXPECT_TRUE(san.count("Rxf4+"));

    Position promo = position_from_fen("3rk3/4P3/8/8/8/8/8/4K3 w - - 0 1");
    san = all_san(promo);
    for (const char* expected : {"exd8=Q+", "exd8=R+", "exd8=B", "exd8=N", "Kf2"})
        EXPECT_TRUE(san.count(expected)) << expected;

    Position fools = Position::startpos();
    testing::play_san(fools, {"f3", "e5", "g4"});
    EXPECT_TRUE(all_san(fools).count("Qh4#"));

    Position ep =
        position_from_fen("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3");
    EXPECT_EQ(to_san(ep, Move::make(kE5, kF6, Move::kEnPassant)), "exf6");
    EXPECT_EQ(parse_san(ep, "exf6"), Move::make(kE5, kF6, Move::kEnPassant));
    EXPECT_EQ(parse_san(ep, "exf6 e.p."), Move::make(kE5, kF6, Move::kEnPassant));
}

TEST(San, Disambiguation) {
    Position rooks_on_rank = position_from_fen("6k1/8/8/8/8/8/8/R4RK1 w - - 0 1");
    EXPECT_EQ(to_san(rooks_on_rank, Move(kF1, kD1)), "Rfd1");
    EXPECT_EQ(to_san(rooks_on_rank, Move(kA1, kD1)), "Rad1");
    EXPECT_EQ(to_san(rooks_on_rank, Move(kF1, kF5)), "Rf5");
    EXPECT_EQ(parse_san(rooks_on_rank, "Rfd1"), Move(kF1, kD1));
    EXPECT_NE(san_error(rooks_on_rank, "Rd1").find("ambiguous move 'Rd1': could be Rad1 or Rfd1"),
              std::string::npos);

    Position rooks_on_file = position_from_fen("7k/8/8/R7/8/8/8/R3K3 w - - 0 1");
    EXPECT_EQ(to_san(rooks_on_file, Move(kA1, kA3)), "R1a3");
    EXPECT_EQ(to_san(rooks_on_file, Move(kA5, kA3)), "R5a3");
    EXPECT_EQ(parse_san(rooks_on_file, "R1a3"), Move(kA1, kA3));

    Position queens = position_from_fen("8/7k/8/8/8/Q7/8/Q1Q1K3 w - - 0 1");
    EXPECT_EQ(to_san(queens, Move(kA1, kB2)), "Qa1b2");
    EXPECT_EQ(to_san(queens, Move(kA3, kB2)), "Q3b2");
    EXPECT_EQ(to_san(queens, Move(kC1, kB2)), "Qcb2");
    EXPECT_EQ(parse_san(queens, "Qa1b2"), Move(kA1, kB2));
    EXPECT_EQ(parse_san(queens, "Qa1xb2"), Move::none());  // nothing to capture on b2
    san_error(queens, "Qab2");                             // still ambiguous (a1, a3)
    // Redundant disambiguation is accepted.
    EXPECT_EQ(parse_san(rooks_on_rank, "Rf1f5"), Move(kF1, kF5));
}

TEST(San, NonLegalMovesAreNotGuessed) {
    Position start = Position::startpos();
    EXPECT_EQ(to_san(start, Move::none()), "--");
    EXPECT_EQ(to_san(start, Move::null()), "--");
    EXPECT_EQ(to_san(start, Move(kE2, kE5)), "e2e5");
}

TEST(San, TolerantInput) {
    Position kiwipete = position_from_fen(testing::kPerftCases[1].fen);
    Move short_castle = Move::make(kE1, kG1, Move::kCastling);
    Move long_castle = Move::make(kE1, kC1, Move::kCastling);
    EXPECT_EQ(parse_san(kiwipete, "O-O"), short_castle);
    EXPECT_EQ(parse_san(kiwipete, "0-0"), short_castle);
    EXPECT_EQ(parse_san(kiwipete, "O-O+"), short_castle);
    EXPECT_EQ(parse_san(kiwipete, "O-O-O"), long_castle);
    EXPECT_EQ(parse_san(kiwipete, "0-0-0!?"), long_castle);
    EXPECT_EQ(parse_san(kiwipete, "Nxf7!"), Move(kE5, kF7));
    EXPECT_EQ(parse_san(kiwipete, "Nf7"), Move(kE5, kF7));  // missing 'x' tolerated
    EXPECT_EQ(parse_san(kiwipete, " Qxf6?? "), Move(kF3, kF6));

    Position promo = position_from_fen("3rk3/4P3/8/8/8/8/8/4K3 w - - 0 1");
    EXPECT_EQ(parse_san(promo, "exd8=Q+"), Move::make_promotion(kE7, kD8, kQueen));
    EXPECT_EQ(parse_san(promo, "exd8Q"), Move::make_promotion(kE7, kD8, kQueen));
    EXPECT_EQ(parse_san(promo, "exd8=n"), Move::make_promotion(kE7, kD8, kKnight));
    Position push_promo = position_from_fen("4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
    EXPECT_EQ(parse_san(push_promo, "a8Q"), Move::make_promotion(kA7, kA8, kQueen));
    EXPECT_EQ(parse_san(push_promo, "a8=R"), Move::make_promotion(kA7, kA8, kRook));
}

TEST(San, RejectsIllegalAndMalformed) {
    Position start = Position::startpos();
    EXPECT_NE(san_error(start, "Ke2").find("illegal move 'Ke2'"), std::string::npos);
    EXPECT_NE(san_error(start, "e5").find("illegal move"), std::string::npos);
    EXPECT_NE(san_error(start, "O-O").find("castling 'O-O' is not legal"), std::string::npos);
    EXPECT_NE(san_error(start, "").find("empty"), std::string::npos);
    EXPECT_NE(san_error(start, "+!").find("empty"), std::string::npos);
    EXPECT_NE(san_error(start, "Nz9").find("malformed"), std::string::npos);
    EXPECT_NE(san_error(start, "Nbxd2e4").find("malformed"), std::string::npos);
    EXPECT_NE(san_error(start, "e4=Q").find("illegal"), std::string::npos);
    EXPECT_NE(san_error(start, "Ne4=Q").find("only pawns promote"), std::string::npos);
    EXPECT_NE(san_error(start, "exd3").find("illegal"), std::string::npos);
    Position push_promo = position_from_fen("4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
    EXPECT_NE(san_error(push_promo, "a8").find("is a promotion"), std::string::npos);
    EXPECT_NE(san_error(push_promo, "a8=K").find("promotion piece must be"), std::string::npos);
}

TEST(San, RoundTripsEveryLegalMoveTwoPliesDeep) {
    int checked = 0;
    for (const Position& pos : testing::positions_two_plies_deep()) {
        MoveList list;
        generate(pos, list);
        std::set<std::string> seen;
        for (Move m : list) {
            std::string san = to_san(pos, m);
            std::string error;
            ASSERT_EQ(parse_san(pos, san, &error), m) << pos.fen() << " " << san << ": " << error;
            ASSERT_TRUE(seen.insert(san).second) << "duplicate SAN " << san << " in " << pos.fen();
            // The check suffix agrees with the position after the move.
            Position after = pos;
            after.make_move(m);
            char last = san.back();
            if (!after.in_check()) {
                ASSERT_TRUE(last != '+' && last != '#') << san;
            } else {
                ASSERT_EQ(last, count_legal_moves(after) == 0 ? '#' : '+') << san;
            }
            ++checked;
        }
    }
    EXPECT_GT(checked, 100000);
}

}  // namespace
}  // namespace lmr::chess
