// FEN / EPD parsing and printing.
#include <gtest/gtest.h>

#include "engine/chess/position.hpp"
#include "tests/chess/test_positions.hpp"

namespace lmr::chess {
namespace {

std::string fen_error(const std::string& fen) {
    std::string error;
    auto pos = Position::from_fen(fen, &error);
    EXPECT_FALSE(pos.has_value()) << "accepted: " << fen;
    EXPECT_FALSE(error.empty()) << fen;
    return error;
}

TEST(Fen, StartposMatchesStandardFen) {
    Position pos = Position::startpos();
    EXPECT_EQ(pos.fen(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    EXPECT_EQ(pos.side_to_move(), kWhite);
    EXPECT_EQ(pos.castling_rights(), kAllCastling);
    EXPECT_EQ(pos.en_passant_square(), kNoSquare);
    EXPECT_EQ(pos.piece_on(kE1), kWhiteKing);
    EXPECT_EQ(pos.piece_on(kD8), kBlackQueen);
    EXPECT_EQ(pos.king_square(kBlack), kE8);
    EXPECT_EQ(popcount(pos.occupied()), 32);
    EXPECT_EQ(pos.fullmove_number(), 1);
    EXPECT_EQ(pos.game_ply(), 0);
    EXPECT_FALSE(pos.in_check());
    EXPECT_EQ(pos.non_pawn_material(kWhite), 2 * 320 + 2 * 330 + 2 * 500 + 900);
}

TEST(Fen, DefaultConstructedIsStartpos) {
    Position pos;
    EXPECT_EQ(pos.fen(), Position::kStartFen);
    EXPECT_EQ(pos.key(), Position::startpos().key());
}

TEST(Fen, RoundTripsPerftPositions) {
    for (const auto& c : testing::kPerftCases) {
        std::string error;
        auto pos = Position::from_fen(c.fen, &error);
        ASSERT_TRUE(pos) << error;
        EXPECT_EQ(pos->fen(), c.fen);
    }
}

TEST(Fen, RoundTripsCountersAndEnPassant) {
    const char* fens[] = {
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        "8/8/8/8/8/5k2/8/4K2R w K - 37 120",
        "r3k3/8/8/8/8/8/8/4K3 b q - 0 1",
        "4k3/8/8/8/8/8/8/4K3 w - - 99 250",
    };
    for (const char* fen : fens) {
        std::string error;
        auto pos = Position::from_fen(fen, &error);
        ASSERT_TRUE(pos) << fen << ": " << error;
        EXPECT_EQ(pos->fen(), fen);
    }
    auto pos = Position::from_fen("8/8/8/8/8/5k2/8/4K2R w K - 37 120");
    EXPECT_EQ(pos->halfmove_clock(), 37);
    EXPECT_EQ(pos->fullmove_number(), 120);
    EXPECT_EQ(pos->game_ply(), 238);
}

TEST(Fen, AcceptsFourFieldEpd) {
    auto epd =
        Position::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -");
    ASSERT_TRUE(epd);
    EXPECT_EQ(epd->fen(), "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
    auto full = Position::from_fen(testing::kPerftCases[1].fen);
    EXPECT_EQ(epd->key(), full->key());

    // EPD operations after the four fields are ignored.
    auto with_ops = Position::from_fen(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm e4; id \"start\";");
    ASSERT_TRUE(with_ops);
    EXPECT_EQ(with_ops->fen(), Position::kStartFen);
    // Extra whitespace is tolerated.
    EXPECT_TRUE(Position::from_fen("  8/8/8/8/8/5k2/8/4K2R   w K -  3  9 \n"));
}

TEST(Fen, EnPassantKeyOnlyWhenCaptureIsLegal) {
    // After 1.e4 no black pawn can take en passant: same key as without the square.
    auto with_ep =
        Position::from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
    auto without = Position::from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    EXPECT_EQ(with_ep->key(), without->key());
    // Here exf6 is legal, so the en passant square matters.
    auto capturable =
        Position::from_fen("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3");
    auto not_capturable =
        Position::from_fen("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3");
    EXPECT_NE(capturable->key(), not_capturable->key());
    // A pinned pawn cannot take en passant, so the key ignores the square.
    auto pinned = Position::from_fen("8/8/8/K2pP2q/8/8/8/7k w - d6 0 1");
    auto pinned_no_ep = Position::from_fen("8/8/8/K2pP2q/8/8/8/7k w - - 0 1");
    ASSERT_TRUE(pinned && pinned_no_ep);
    EXPECT_EQ(pinned->key(), pinned_no_ep->key());
}

TEST(Fen, RejectsMalformedInputWithReasons) {
    EXPECT_NE(fen_error("").find("0 field"), std::string::npos);
    EXPECT_NE(fen_error("rnbqkbnr/pppppppp/8/8 w").find("expected 6"), std::string::npos);
    EXPECT_EQ(fen_error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1"),
              "FEN field 2 (side to move): expected 'w' or 'b', got 'x'");
    EXPECT_NE(fen_error("rnbqkbnr/pppppppp/54/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
                  .find("FEN field 1 (piece placement): rank 6 has more than 8 squares"),
              std::string::npos);
    EXPECT_NE(fen_error("rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
                  .find("rank 7 has 7 squares"),
              std::string::npos);
    EXPECT_NE(fen_error("rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
                  .find("expected 8 ranks, got 7"),
              std::string::npos);
    EXPECT_NE(fen_error("rnbqkbnr/pppppppp/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
                  .find("more than 8 ranks"),
              std::string::npos);
    EXPECT_NE(fen_error("rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
                  .find("unexpected character '9'"),
              std::string::npos);
    EXPECT_NE(fen_error("rnbqkbnr/ppppXppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
                  .find("unexpected character 'X'"),
              std::string::npos);
    EXPECT_NE(fen_error("8/8/8/8/8/8/8/8 w - - 0 1").find("white has 0 kings"), std::string::npos);
    EXPECT_NE(fen_error("4k3/8/8/8/8/8/8/3KK3 w - - 0 1").find("white has 2 kings"),
              std::string::npos);
    EXPECT_NE(fen_error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkqK - 0 1")
                  .find("'K' appears twice"),
              std::string::npos);
    EXPECT_NE(fen_error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KZ - 0 1")
                  .find("FEN field 3 (castling): unexpected character 'Z'"),
              std::string::npos);
    EXPECT_NE(fen_error("4k3/8/8/8/8/8/8/4K3 w K - 0 1")
                  .find("right 'K' needs the king on e1 and a rook on h1"),
              std::string::npos);
    EXPECT_NE(fen_error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1")
                  .find("FEN field 4 (en passant): expected '-' or a square"),
              std::string::npos);
    EXPECT_NE(fen_error("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e3 0 1")
                  .find("e3 is not on rank 6 (white to move)"),
              std::string::npos);
    EXPECT_NE(fen_error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1")
                  .find("no black pawn on e5"),
              std::string::npos);
    EXPECT_NE(fen_error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1")
                  .find("FEN field 5 (halfmove clock)"),
              std::string::npos);
    EXPECT_NE(fen_error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1")
                  .find("FEN field 5 (halfmove clock)"),
              std::string::npos);
    EXPECT_NE(fen_error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 y")
                  .find("FEN field 6 (fullmove number)"),
              std::string::npos);
    EXPECT_NE(fen_error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0")
                  .find("FEN field 6 (fullmove number): missing"),
              std::string::npos);
    EXPECT_NE(fen_error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra")
                  .find("unexpected text after field 6"),
              std::string::npos);
    EXPECT_NE(fen_error("4k3/4R3/8/8/8/8/8/4K3 w - - 0 1")
                  .find("the side not to move (black) is in check"),
              std::string::npos);
    EXPECT_NE(fen_error("P3k3/8/8/8/8/8/8/4K3 w - - 0 1").find("pawn on the first or eighth rank"),
              std::string::npos);
    EXPECT_NE(
        fen_error("QQQQk3/QQQQ4/QQ6/8/8/8/8/4K3 w - - 0 1").find("more pieces than promotions"),
        std::string::npos);
    EXPECT_NE(fen_error("4k3/pppppppp/p7/8/8/8/8/4K3 w - - 0 1").find("black has 9 pawns"),
              std::string::npos);
}

TEST(Fen, ErrorMessagesAreOptional) {
    EXPECT_FALSE(Position::from_fen("garbage"));
    EXPECT_FALSE(Position::from_fen(std::string_view("\0\xff\x01 w - -", 10)));
}

}  // namespace
}  // namespace lmr::chess
