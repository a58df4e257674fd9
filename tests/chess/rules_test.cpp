// Move generation properties, gives_check, is_legal, make/unmake and Zobrist keys,
// checked on the perft positions and every position two plies deep from them.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "engine/chess/attacks.hpp"
#include "engine/chess/movegen.hpp"
#include "tests/chess/test_util.hpp"

namespace lmr::chess {
namespace {

using testing::position_from_fen;

const std::vector<Position>& deep_positions() {
    static const std::vector<Position> positions = testing::positions_two_plies_deep();
    return positions;
}

TEST(Attacks, MagicTablesMatchRayWalking) {
    std::uint64_t state = 12345;
    auto next = [&state] {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        return state;
    };
    for (int i = 0; i < 20000; ++i) {
        Square sq = Square(next() % 64);
        Bitboard occ = next() & next();
        ASSERT_EQ(rook_attacks(sq, occ), sliding_attacks_slow(kRook, sq, occ));
        ASSERT_EQ(bishop_attacks(sq, occ), sliding_attacks_slow(kBishop, sq, occ));
        ASSERT_EQ(queen_attacks(sq, occ), sliding_attacks_slow(kQueen, sq, occ));
    }
    EXPECT_EQ(knight_attacks(kA1), square_bb(kB3) | square_bb(kC2));
    EXPECT_EQ(king_attacks(kH8), square_bb(kG8) | square_bb(kG7) | square_bb(kH7));
    EXPECT_EQ(pawn_attacks(kWhite, kE4), square_bb(kD5) | square_bb(kF5));
    EXPECT_EQ(pawn_attacks(kBlack, kA5), square_bb(kB4));
    EXPECT_EQ(between_bb(kA1, kD4), square_bb(kB2) | square_bb(kC3));
    EXPECT_EQ(between_bb(kA1, kB3), 0u);
    EXPECT_EQ(line_bb(kC1, kC5), file_bb(2));
    EXPECT_EQ(attacks(kKnight, kA1, 0), knight_attacks(kA1));
}

TEST(Movegen, CapturesAndQuietsPartitionAllMoves) {
    for (const Position& pos : deep_positions()) {
        MoveList all, captures, quiets;
        generate(pos, all);
        generate(pos, captures, GenType::kCaptures);
        generate(pos, quiets, GenType::kQuiets);
        ASSERT_EQ(all.size(), captures.size() + quiets.size()) << pos.fen();
        ASSERT_EQ(all.size(), count_legal_moves(pos));
        for (Move m : captures) {
            ASSERT_TRUE(all.contains(m));
            ASSERT_TRUE(pos.is_capture(m) || m.is_promotion()) << pos.fen() << " " << to_uci(m);
        }
        for (Move m : quiets) {
            ASSERT_TRUE(all.contains(m));
            ASSERT_FALSE(pos.is_capture(m) || m.is_promotion()) << pos.fen() << " " << to_uci(m);
        }
    }
}

TEST(Movegen, GivesCheckAgreesWithMakingTheMove) {
    long checks = 0;
    for (const Position& start : deep_positions()) {
        Position pos = start;
        MoveList list;
        generate(pos, list);
        for (Move m : list) {
            bool predicted = pos.gives_check(m);
            pos.make_move(m);
            ASSERT_EQ(predicted, pos.in_check()) << start.fen() << " " << to_uci(m);
            checks += predicted;
            pos.unmake_move(m);
        }
    }
    EXPECT_GT(checks, 1000);
}

TEST(Movegen, GivesCheckSpecialCases) {
    // Castling rook check, en passant discovered check, promotion check.
    Position castle = position_from_fen("5k2/8/8/8/8/8/8/4K2R w K - 0 1");
    EXPECT_TRUE(castle.gives_check(Move::make(kE1, kG1, Move::kCastling)));
    Position ep = position_from_fen("8/8/8/K2pP2q/8/8/8/7k w - d6 0 1");  // pinned: no ep
    EXPECT_FALSE(ep.is_legal(Move::make(kE5, kD6, Move::kEnPassant)));
    Position ep_check = position_from_fen("8/8/8/k2pP2Q/8/8/8/7K w - d6 0 1");
    Move exd6 = Move::make(kE5, kD6, Move::kEnPassant);
    ASSERT_TRUE(ep_check.is_legal(exd6));
    EXPECT_TRUE(ep_check.gives_check(exd6));  // the rank opens towards a5
    Position promo = position_from_fen("1k6/4P3/8/8/8/8/8/4K3 w - - 0 1");
    EXPECT_TRUE(promo.gives_check(Move::make_promotion(kE7, kE8, kQueen)));
    EXPECT_TRUE(promo.gives_check(Move::make_promotion(kE7, kE8, kRook)));
    EXPECT_FALSE(promo.gives_check(Move::make_promotion(kE7, kE8, kKnight)));
}

TEST(Movegen, IsLegalMatchesGenerateForEveryRawValue) {
    std::vector<Position> positions;
    for (const auto& c : testing::kPerftCases) positions.push_back(position_from_fen(c.fen));
    for (const char* fen :
         {"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
          "8/8/8/K2pP2q/8/8/8/7k w - d6 0 1", "r3k2r/8/3Q4/8/8/5q2/8/R3K2R b KQkq - 0 1",
          "2K2r2/4P3/8/8/8/8/8/3k4 w - - 0 1", "8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1"})
        positions.push_back(position_from_fen(fen));
    // Plus a sample of the deeper positions (checks, pins, en passant chances).
    const auto& deep = deep_positions();
    for (std::size_t i = 0; i < deep.size(); i += 97) positions.push_back(deep[i]);

    for (const Position& pos : positions) {
        MoveList list;
        generate(pos, list);
        int legal = 0;
        for (int raw = 0; raw < 65536; ++raw) {
            Move m = Move::from_raw(std::uint16_t(raw));
            bool expected = list.contains(m);
            ASSERT_EQ(pos.is_legal(m), expected) << pos.fen() << " raw " << raw << " " << to_uci(m);
            legal += expected;
        }
        ASSERT_EQ(legal, list.size());
    }
}

TEST(Position, MakeUnmakeRestoresStateAndKeysAreIncremental) {
    for (const Position& start : deep_positions()) {
        Position pos = start;
        std::string fen = pos.fen();
        Key key = pos.key();
        Key pawn_key = pos.pawn_key();
        MoveList list;
        generate(pos, list);
        for (Move m : list) {
            pos.make_move(m);
            auto fresh = Position::from_fen(pos.fen());
            ASSERT_TRUE(fresh) << pos.fen();
            ASSERT_EQ(fresh->key(), pos.key()) << fen << " " << to_uci(m);
            ASSERT_EQ(fresh->pawn_key(), pos.pawn_key()) << fen << " " << to_uci(m);
            ASSERT_EQ(fresh->checkers(), pos.checkers());
            pos.unmake_move(m);
            ASSERT_EQ(pos.fen(), fen);
            ASSERT_EQ(pos.key(), key);
            ASSERT_EQ(pos.pawn_key(), pawn_key);
        }
    }
}

TEST(Position, NullMove) {
    Position pos =
        position_from_fen("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3");
    std::string fen = pos.fen();
    Key key = pos.key();
    pos.make_null_move();
    EXPECT_EQ(pos.side_to_move(), kBlack);
    EXPECT_EQ(pos.en_passant_square(), kNoSquare);
    EXPECT_EQ(pos.key(), Position::from_fen(pos.fen())->key());
    EXPECT_NE(pos.key(), key);
    pos.unmake_null_move();
    EXPECT_EQ(pos.fen(), fen);
    EXPECT_EQ(pos.key(), key);
}

TEST(Position, QueriesAndMoveProperties) {
    Position kiwipete = position_from_fen(testing::kPerftCases[1].fen);
    EXPECT_EQ(kiwipete.pieces(kWhite, kKnight), square_bb(kC3) | square_bb(kE5));
    EXPECT_EQ(kiwipete.attackers_to(kF7) & kiwipete.pieces(kWhite), square_bb(kE5));
    EXPECT_TRUE(kiwipete.is_attacked_by(kBlack, kD5));
    Move nxf7(kE5, kF7);
    EXPECT_TRUE(kiwipete.is_capture(nxf7));
    EXPECT_EQ(kiwipete.moved_piece(nxf7), kWhiteKnight);
    EXPECT_EQ(kiwipete.captured_piece(nxf7), kBlackPawn);
    kiwipete.make_move(nxf7);
    EXPECT_EQ(kiwipete.last_captured(), kBlackPawn);
    EXPECT_EQ(kiwipete.halfmove_clock(), 0);
    EXPECT_EQ(kiwipete.castling_rights(), kAllCastling);

    Position start = Position::startpos();
    start.make_move(Move(kE2, kE4));
    EXPECT_EQ(start.en_passant_square(), kE3);  // recorded as in the FEN standard
    EXPECT_EQ(start.fen(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
    start.make_move(Move(kG8, kF6));
    start.make_move(Move(kE1, kE2));
    EXPECT_EQ(start.castling_rights(), kBlackOO | kBlackOOO);
    EXPECT_EQ(start.halfmove_clock(), 2);
    EXPECT_EQ(start.fullmove_number(), 2);
}

// Random games reach positions the fixed set lacks (promotions, en passant near kings,
// bare-king endings); every legal move along them is checked against the oracles.
TEST(Movegen, OraclesHoldAlongRandomGames) {
    std::uint64_t state = 0x2545F4914F6CDD1DULL;
    auto next = [&state] {
        state ^= state >> 12;
        state ^= state << 25;
        state ^= state >> 27;
        return state * 2685821657736338717ULL;
    };
    long moves_checked = 0;
    for (int game = 0; game < 120; ++game) {
        Position pos = position_from_fen(testing::kPerftCases[game % 7].fen);
        for (int ply = 0; ply < 250; ++ply) {
            MoveList list;
            generate(pos, list);
            if (list.empty() || pos.is_draw(0)) break;
            for (Move m : list) {
                ASSERT_TRUE(pos.is_legal(m));
                bool predicted = pos.gives_check(m);
                std::string san = to_san(pos, m);
                ASSERT_EQ(parse_san(pos, san), m) << pos.fen() << " " << san;
                pos.make_move(m);
                ASSERT_EQ(predicted, pos.in_check()) << to_uci(m);
                pos.unmake_move(m);
                ++moves_checked;
            }
            pos.make_move(list[int(next() % std::uint64_t(list.size()))]);
        }
    }
    EXPECT_GT(moves_checked, 30000);
}

TEST(Position, LongGamesKeepWorking) {
    // 1200 plies of knight shuffling: history grows past its reserved size.
    Position pos = Position::startpos();
    const Move cycle[4] = {Move(kG1, kF3), Move(kG8, kF6), Move(kF3, kG1), Move(kF6, kG8)};
    for (int i = 0; i < 1200; ++i) pos.make_move(cycle[i % 4]);
    EXPECT_EQ(pos.fen(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 1200 601");
    EXPECT_EQ(pos.key(), Position::startpos().key());
    EXPECT_TRUE(pos.is_repetition_threefold());
    Position copy = pos;
    for (int i = 1199; i >= 0; --i) copy.unmake_move(cycle[i % 4]);
    EXPECT_EQ(copy.fen(), Position::kStartFen);
}

}  // namespace
}  // namespace lmr::chess
