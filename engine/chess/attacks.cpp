// Slider attack tables (magic bitboards) and the between/line tables.
//
// The magic multipliers (magics.hpp) were found by find_magic() below, run by the
// tests/chess/magic_generator tool; start-up only fills the tables (a search at start-up
// took ~0.4 s, too slow for a binary the harness launches many times). Tables are filled by
// detail::init_attack_tables(), which the header's per-TU initialiser object calls before any
// static object of an including TU is built.
#include "engine/chess/attacks.hpp"

#include <cstdlib>

#include "engine/chess/magics.hpp"

namespace lmr::chess {
namespace detail {

Magic rook_magics[64];
Magic bishop_magics[64];
Bitboard rook_table[kRookTableSize];
Bitboard bishop_table[kBishopTableSize];
Bitboard between_table[64][64];
Bitboard line_table[64][64];

namespace {

// Static initialisation is single-threaded, so a plain flag suffices.
bool tables_ready = false;

// xorshift64* — small, fast and deterministic.
class Rng {
  public:
    explicit Rng(std::uint64_t seed) : state_(seed) {}
    std::uint64_t next() {
        state_ ^= state_ >> 12;
        state_ ^= state_ << 25;
        state_ ^= state_ >> 27;
        return state_ * 2685821657736338717ULL;
    }
    // Few set bits make good magic candidates.
    std::uint64_t sparse() { return next() & next() & next(); }

  private:
    std::uint64_t state_;
};

Bitboard edges_excluding(Square sq) {
    return ((kRank1 | kRank8) & ~rank_bb_of(sq)) | ((kFileA | kFileH) & ~file_bb_of(sq));
}

struct Subsets {
    Bitboard occupancy[4096];
    Bitboard reference[4096];
    int count;  // no initialiser: the object needs no dynamic initialisation
};

Bitboard relevant_mask(PieceType pt, Square sq) {
    return sliding_attacks_slow(pt, sq, 0) & ~edges_excluding(sq);
}

// All subsets of the mask (carry-rippler) with their reference attacks.
void enumerate_subsets(PieceType pt, Square sq, Bitboard mask, Subsets& out) {
    Bitboard subset = 0;
    out.count = 0;
    do {
        out.occupancy[out.count] = subset;
        out.reference[out.count] = sliding_attacks_slow(pt, sq, subset);
        ++out.count;
        subset = (subset - mask) & mask;
    } while (subset != 0);
}

// Fills table[0 .. 2^bits) for this magic; false on a destructive collision.
bool try_magic(const Subsets& subsets, Bitboard magic, unsigned shift, Bitboard* table, int* epoch,
               int current_epoch) {
    for (int i = 0; i < subsets.count; ++i) {
        unsigned idx = unsigned((subsets.occupancy[i] * magic) >> shift);
        if (epoch[idx] != current_epoch) {
            epoch[idx] = current_epoch;
            table[idx] = subsets.reference[i];
        } else if (table[idx] != subsets.reference[i]) {
            return false;
        }
    }
    return true;
}

Subsets scratch_subsets;  // large; static storage keeps it off the stack

}  // namespace

Bitboard find_magic(PieceType pt, Square sq, std::uint64_t seed) {
    static Bitboard table[4096];
    static int epoch[4096];
    static int current_epoch = 0;
    Rng rng(seed ^ (std::uint64_t(sq) << 32) ^ std::uint64_t(pt));
    Bitboard mask = relevant_mask(pt, sq);
    unsigned shift = unsigned(64 - popcount(mask));
    enumerate_subsets(pt, sq, mask, scratch_subsets);
    for (;;) {
        Bitboard candidate = rng.sparse();
        if (popcount((mask * candidate) >> 56) < 6) continue;
        if (try_magic(scratch_subsets, candidate, shift, table, epoch, ++current_epoch))
            return candidate;
    }
}

namespace {

void init_square(PieceType pt, Square sq, Bitboard magic, Magic& m, Bitboard* table,
                 unsigned offset) {
    static int epoch[4096];
    static int current_epoch = 0;
    m.mask = relevant_mask(pt, sq);
    m.shift = unsigned(64 - popcount(m.mask));
    m.offset = offset;
    m.magic = magic;
    enumerate_subsets(pt, sq, m.mask, scratch_subsets);
    // The hard-coded magics were verified when generated; re-checking costs little and
    // turns a corrupted constant into a clean failure instead of wrong move generation.
    if (!try_magic(scratch_subsets, magic, m.shift, table + offset, epoch, ++current_epoch)) {
        m.magic = find_magic(pt, sq, 1);
        try_magic(scratch_subsets, m.magic, m.shift, table + offset, epoch, ++current_epoch);
    }
}

}  // namespace

void init_attack_tables() {
    if (tables_ready) return;
    tables_ready = true;

    unsigned rook_offset = 0;
    unsigned bishop_offset = 0;
    for (Square sq = 0; sq < 64; ++sq) {
        init_square(kRook, sq, kRookMagicNumbers[sq], rook_magics[sq], rook_table, rook_offset);
        rook_offset += 1u << (64 - rook_magics[sq].shift);
        init_square(kBishop, sq, kBishopMagicNumbers[sq], bishop_magics[sq], bishop_table,
                    bishop_offset);
        bishop_offset += 1u << (64 - bishop_magics[sq].shift);
    }
    if (rook_offset != kRookTableSize || bishop_offset != kBishopTableSize) std::abort();

    for (Square a = 0; a < 64; ++a) {
        for (Square b = 0; b < 64; ++b) {
            between_table[a][b] = 0;
            line_table[a][b] = 0;
            if (a == b) continue;
            for (PieceType pt : {kBishop, kRook}) {
                if (sliding_attacks_slow(pt, a, 0) & square_bb(b)) {
                    line_table[a][b] =
                        (sliding_attacks_slow(pt, a, 0) & sliding_attacks_slow(pt, b, 0)) |
                        square_bb(a) | square_bb(b);
                    between_table[a][b] = sliding_attacks_slow(pt, a, square_bb(b)) &
                                          sliding_attacks_slow(pt, b, square_bb(a));
                }
            }
        }
    }
}

}  // namespace detail

Bitboard sliding_attacks_slow(PieceType pt, Square sq, Bitboard occ) {
    static constexpr int kRookDirs[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
    static constexpr int kBishopDirs[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};
    Bitboard result = 0;
    auto walk = [&](const int(*dirs)[2]) {
        for (int d = 0; d < 4; ++d) {
            int f = file_of(sq) + dirs[d][0];
            int r = rank_of(sq) + dirs[d][1];
            while (f >= 0 && f < 8 && r >= 0 && r < 8) {
                Square s = make_square(f, r);
                result |= square_bb(s);
                if (occ & square_bb(s)) break;
                f += dirs[d][0];
                r += dirs[d][1];
            }
        }
    };
    if (pt == kRook || pt == kQueen) walk(kRookDirs);
    if (pt == kBishop || pt == kQueen) walk(kBishopDirs);
    return result;
}

}  // namespace lmr::chess
