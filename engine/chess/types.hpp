// Basic chess vocabulary shared by the whole project: squares, colours, pieces, moves.
#pragma once

#include <cstdint>

namespace lmr::chess {

using Square = int;  // a1 = 0, b1 = 1, ..., h8 = 63
using Bitboard = std::uint64_t;
using Key = std::uint64_t;

inline constexpr Square kNoSquare = 64;

enum Color : int { kWhite, kBlack };
enum PieceType : int { kPawn, kKnight, kBishop, kRook, kQueen, kKing, kNoPieceType };
enum Piece : int {
    kWhitePawn,
    kWhiteKnight,
    kWhiteBishop,
    kWhiteRook,
    kWhiteQueen,
    kWhiteKing,
    kBlackPawn,
    kBlackKnight,
    kBlackBishop,
    kBlackRook,
    kBlackQueen,
    kBlackKing,
    kNoPiece
};

// Castling rights as a 4-bit set.
enum CastlingRight : int {
    kNoCastling = 0,
    kWhiteOO = 1,
    kWhiteOOO = 2,
    kBlackOO = 4,
    kBlackOOO = 8,
    kAllCastling = 15
};

inline constexpr Color operator~(Color c) {
    return Color(c ^ 1);
}

inline constexpr Piece make_piece(Color c, PieceType pt) {
    return Piece(c * 6 + pt);
}
inline constexpr PieceType type_of(Piece p) {
    return p == kNoPiece ? kNoPieceType : PieceType(p % 6);
}
inline constexpr Color color_of(Piece p) {
    return Color(p >= kBlackPawn);
}

inline constexpr Square make_square(int file, int rank) {
    return rank * 8 + file;
}
inline constexpr int rank_of(Square sq) {
    return sq >> 3;
}
inline constexpr int file_of(Square sq) {
    return sq & 7;
}
// Rank counted from the side's own back rank (0 = own first rank).
inline constexpr int relative_rank(Color c, Square sq) {
    return c == kWhite ? sq >> 3 : 7 - (sq >> 3);
}
inline constexpr Square relative_square(Color c, Square sq) {
    return c == kWhite ? sq : sq ^ 56;
}
inline constexpr bool is_valid_square(Square sq) {
    return sq >= 0 && sq < 64;
}

// Named squares (kA1 ... kH8) for readable code and tests.
// clang-format off
enum SquareName : int {
    kA1, kB1, kC1, kD1, kE1, kF1, kG1, kH1,
    kA2, kB2, kC2, kD2, kE2, kF2, kG2, kH2,
    kA3, kB3, kC3, kD3, kE3, kF3, kG3, kH3,
    kA4, kB4, kC4, kD4, kE4, kF4, kG4, kH4,
    kA5, kB5, kC5, kD5, kE5, kF5, kG5, kH5,
    kA6, kB6, kC6, kD6, kE6, kF6, kG6, kH6,
    kA7, kB7, kC7, kD7, kE7, kF7, kG7, kH7,
    kA8, kB8, kC8, kD8, kE8, kF8, kG8, kH8,
};
// clang-format on

// Static exchange / material values in centipawns (used by SEE and non_pawn_material()).
inline constexpr int kPieceValue[7] = {100, 320, 330, 500, 900, 20000, 0};
inline constexpr int piece_value(PieceType pt) {
    return kPieceValue[pt];
}

// A move in 16 bits: from (0-5), to (6-11), promotion piece (12-13: N, B, R, Q),
// kind (14-15: normal, promotion, en passant, castling). Castling is encoded as the
// king's move (e1g1, e1c1, e8g8, e8c8). Move::none() is 0 (a1a1, never a real move).
// The default constructor leaves the move as none().
class Move {
  public:
    enum Kind : int { kNormal = 0, kPromotion = 1, kEnPassant = 2, kCastling = 3 };

    constexpr Move() = default;
    constexpr Move(Square from, Square to) : data_(std::uint16_t(from | (to << 6))) {}
    static constexpr Move make(Square from, Square to, Kind kind, PieceType promo = kKnight) {
        return from_raw(std::uint16_t(from | (to << 6) | ((promo - kKnight) << 12) | (kind << 14)));
    }
    static constexpr Move make_promotion(Square from, Square to, PieceType promo) {
        return make(from, to, kPromotion, promo);
    }
    static constexpr Move none() { return Move(); }
    // The search's "null move" marker (b1b1); never legal, never returned by generate().
    static constexpr Move null() { return from_raw(65); }
    static constexpr Move from_raw(std::uint16_t raw) {
        Move m;
        m.data_ = raw;
        return m;
    }

    constexpr Square from() const { return data_ & 63; }
    constexpr Square to() const { return (data_ >> 6) & 63; }
    constexpr Kind kind() const { return Kind(data_ >> 14); }
    // Meaningful only for promotions (kKnight..kQueen).
    constexpr PieceType promotion() const { return PieceType(((data_ >> 12) & 3) + kKnight); }
    constexpr bool is_promotion() const { return kind() == kPromotion; }
    constexpr bool is_castling() const { return kind() == kCastling; }
    constexpr bool is_en_passant() const { return kind() == kEnPassant; }
    constexpr bool is_none() const { return data_ == 0; }
    // True for anything that is neither none() nor null() (from != to).
    constexpr bool is_ok() const { return from() != to(); }
    constexpr std::uint16_t raw() const { return data_; }

    constexpr bool operator==(const Move& other) const = default;
    constexpr explicit operator bool() const { return data_ != 0; }

  private:
    std::uint16_t data_ = 0;
};

}  // namespace lmr::chess
