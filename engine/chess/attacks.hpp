// Attack tables. Leaper tables are computed at compile time; slider attacks use magic
// bitboards whose tables are filled during static initialisation (see the initialiser
// object at the bottom: every translation unit that includes this header initialises the
// tables before its own static objects, so they are ready even for other TUs' statics).
#pragma once

#include <array>

#include "engine/chess/bitboard.hpp"

namespace lmr::chess {

namespace detail {

inline constexpr Bitboard leaper_attacks(Square sq, const int (*steps)[2], int count) {
    Bitboard result = 0;
    for (int i = 0; i < count; ++i) {
        int f = file_of(sq) + steps[i][0];
        int r = rank_of(sq) + steps[i][1];
        if (f >= 0 && f < 8 && r >= 0 && r < 8) result |= square_bb(make_square(f, r));
    }
    return result;
}

inline constexpr int kKnightSteps[8][2] = {{1, 2},   {2, 1},   {2, -1}, {1, -2},
                                           {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
inline constexpr int kKingSteps[8][2] = {{1, 0},  {1, 1},   {0, 1},  {-1, 1},
                                         {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};
inline constexpr int kWhitePawnSteps[2][2] = {{-1, 1}, {1, 1}};
inline constexpr int kBlackPawnSteps[2][2] = {{-1, -1}, {1, -1}};

inline constexpr std::array<Bitboard, 64> make_leaper_table(const int (*steps)[2], int count) {
    std::array<Bitboard, 64> table{};
    for (Square sq = 0; sq < 64; ++sq) table[sq] = leaper_attacks(sq, steps, count);
    return table;
}

inline constexpr std::array<Bitboard, 64> kKnightAttacks = make_leaper_table(kKnightSteps, 8);
inline constexpr std::array<Bitboard, 64> kKingAttacks = make_leaper_table(kKingSteps, 8);
inline constexpr std::array<std::array<Bitboard, 64>, 2> kPawnAttacks = {
    make_leaper_table(kWhitePawnSteps, 2), make_leaper_table(kBlackPawnSteps, 2)};

// One magic entry per square: attacks = table[offset + ((occ & mask) * magic) >> shift].
struct Magic {
    Bitboard mask;
    Bitboard magic;
    unsigned offset;
    unsigned shift;
    constexpr unsigned index(Bitboard occ) const {
        return offset + unsigned(((occ & mask) * magic) >> shift);
    }
};

inline constexpr int kRookTableSize = 102400;
inline constexpr int kBishopTableSize = 5248;

extern Magic rook_magics[64];
extern Magic bishop_magics[64];
extern Bitboard rook_table[kRookTableSize];
extern Bitboard bishop_table[kBishopTableSize];
extern Bitboard between_table[64][64];
extern Bitboard line_table[64][64];

// Searches a magic multiplier for one square with a deterministic generator (seeded by
// seed, square and piece type). Used by the magic_generator tool that produced magics.hpp.
Bitboard find_magic(PieceType pt, Square sq, std::uint64_t seed);

// Fills the tables once; safe to call repeatedly (later calls do nothing).
void init_attack_tables();

struct AttackTablesInit {
    AttackTablesInit() { init_attack_tables(); }
};
// One per including TU (internal linkage) — the "nifty counter" idiom used by <iostream>.
[[maybe_unused]] static const AttackTablesInit kAttackTablesInit;

}  // namespace detail

inline Bitboard pawn_attacks(Color c, Square sq) {
    return detail::kPawnAttacks[c][sq];
}
inline Bitboard knight_attacks(Square sq) {
    return detail::kKnightAttacks[sq];
}
inline Bitboard king_attacks(Square sq) {
    return detail::kKingAttacks[sq];
}
inline Bitboard bishop_attacks(Square sq, Bitboard occ) {
    return detail::bishop_table[detail::bishop_magics[sq].index(occ)];
}
inline Bitboard rook_attacks(Square sq, Bitboard occ) {
    return detail::rook_table[detail::rook_magics[sq].index(occ)];
}
inline Bitboard queen_attacks(Square sq, Bitboard occ) {
    return bishop_attacks(sq, occ) | rook_attacks(sq, occ);
}
// Attacks of a non-pawn piece type (pt must not be kPawn or kNoPieceType).
inline Bitboard attacks(PieceType pt, Square sq, Bitboard occ) {
    switch (pt) {
        case kKnight:
            return knight_attacks(sq);
        case kBishop:
            return bishop_attacks(sq, occ);
        case kRook:
            return rook_attacks(sq, occ);
        case kQueen:
            return queen_attacks(sq, occ);
        case kKing:
            return king_attacks(sq);
        default:
            return 0;
    }
}

// Squares strictly between a and b when they share a rank, file or diagonal, else 0.
inline Bitboard between_bb(Square a, Square b) {
    return detail::between_table[a][b];
}
// The whole line (edge to edge) through a and b when aligned, else 0.
inline Bitboard line_bb(Square a, Square b) {
    return detail::line_table[a][b];
}
inline bool aligned(Square a, Square b, Square c) {
    return (line_bb(a, b) & square_bb(c)) != 0;
}

// Slow reference implementation (ray walking); used to build the tables and by tests.
Bitboard sliding_attacks_slow(PieceType pt, Square sq, Bitboard occ);

}  // namespace lmr::chess
