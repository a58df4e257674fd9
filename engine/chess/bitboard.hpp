// Bitboard helpers: one bit per square, bit 0 = a1.
#pragma once

#include <bit>

#include "engine/chess/types.hpp"

namespace lmr::chess {

inline constexpr Bitboard kFileA = 0x0101010101010101ULL;
inline constexpr Bitboard kFileH = kFileA << 7;
inline constexpr Bitboard kRank1 = 0xFFULL;
inline constexpr Bitboard kRank8 = kRank1 << 56;
inline constexpr Bitboard kDarkSquares = 0xAA55AA55AA55AA55ULL;
inline constexpr Bitboard kLightSquares = ~kDarkSquares;

inline constexpr Bitboard square_bb(Square sq) {
    return Bitboard{1} << sq;
}
inline constexpr Bitboard file_bb(int file) {
    return kFileA << file;
}
inline constexpr Bitboard rank_bb(int rank) {
    return kRank1 << (8 * rank);
}
inline constexpr Bitboard file_bb_of(Square sq) {
    return file_bb(file_of(sq));
}
inline constexpr Bitboard rank_bb_of(Square sq) {
    return rank_bb(rank_of(sq));
}
// Rank counted from c's side (relative_rank_bb(kBlack, 0) is rank 8).
inline constexpr Bitboard relative_rank_bb(Color c, int rank) {
    return rank_bb(c == kWhite ? rank : 7 - rank);
}

inline constexpr int popcount(Bitboard b) {
    return std::popcount(b);
}
// Index of the least significant set bit; b must be non-zero.
inline constexpr Square lsb(Bitboard b) {
    return std::countr_zero(b);
}
// Index of the most significant set bit; b must be non-zero.
inline constexpr Square msb(Bitboard b) {
    return 63 - std::countl_zero(b);
}
// Removes and returns the least significant set bit; b must be non-zero.
inline constexpr Square pop_lsb(Bitboard& b) {
    Square sq = lsb(b);
    b &= b - 1;
    return sq;
}
inline constexpr bool more_than_one(Bitboard b) {
    return (b & (b - 1)) != 0;
}

// Shift every bit one step in a direction, dropping bits that would wrap around a file edge.
inline constexpr Bitboard shift_north(Bitboard b) {
    return b << 8;
}
inline constexpr Bitboard shift_south(Bitboard b) {
    return b >> 8;
}
inline constexpr Bitboard shift_north_east(Bitboard b) {
    return (b & ~kFileH) << 9;
}
inline constexpr Bitboard shift_north_west(Bitboard b) {
    return (b & ~kFileA) << 7;
}
inline constexpr Bitboard shift_south_east(Bitboard b) {
    return (b & ~kFileH) >> 7;
}
inline constexpr Bitboard shift_south_west(Bitboard b) {
    return (b & ~kFileA) >> 9;
}
// "Forward" for colour c.
inline constexpr Bitboard shift_up(Color c, Bitboard b) {
    return c == kWhite ? shift_north(b) : shift_south(b);
}

// All squares attacked by the pawns in b of colour c.
inline constexpr Bitboard pawn_attacks_bb(Color c, Bitboard b) {
    return c == kWhite ? shift_north_east(b) | shift_north_west(b)
                       : shift_south_east(b) | shift_south_west(b);
}

}  // namespace lmr::chess
