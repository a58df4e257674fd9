#pragma once
// Move-ordering statistics: the engine's own (butterfly, continuation and capture history
// with gravity, countermoves) and REBEL's piece x square table H[12][64] that LMR step 2
// reads. All tables are fixed-size arrays: nothing here allocates during search.
#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>

#include "engine/chess/types.hpp"
#include "engine/lmr/features.hpp"

namespace lmr::search {

// "Gravity": each update moves the entry towards +-kMax by a fraction proportional to the
// distance left, so entries saturate smoothly and old information decays.
template <int kMax>
inline void gravity_update(std::int16_t& entry, int bonus) {
    const int clamped = std::clamp(bonus, -kMax, kMax);
    entry = static_cast<std::int16_t>(entry + clamped - entry * std::abs(clamped) / kMax);
}

inline constexpr int kHistoryMax = 16384;

inline int history_bonus(int depth) {
    return std::min(16 * depth * depth + 32 * depth, 1600);
}

// Butterfly history indexed by side to move and from/to squares.
class ButterflyHistory {
  public:
    void clear() { std::memset(table_, 0, sizeof(table_)); }
    int get(chess::Color c, chess::Move m) const { return table_[c][m.from() * 64 + m.to()]; }
    void update(chess::Color c, chess::Move m, int bonus) {
        gravity_update<kHistoryMax>(table_[c][m.from() * 64 + m.to()], bonus);
    }

  private:
    std::int16_t table_[2][64 * 64] = {};
};

// One row of continuation history: scores of (piece, to) given an earlier move's (piece, to).
using ContinuationRow = std::int16_t[12 * 64];

class ContinuationHistory {
  public:
    void clear() { std::memset(table_, 0, sizeof(table_)); }
    ContinuationRow* row(chess::Piece prev_piece, chess::Square prev_to) {
        return &table_[prev_piece * 64 + prev_to];
    }
    // Row used when there is no previous move (root, after a null move); never updated.
    ContinuationRow* sentinel() { return &table_[12 * 64]; }
    bool is_sentinel(const ContinuationRow* r) const { return r == &table_[12 * 64]; }

  private:
    std::int16_t table_[12 * 64 + 1][12 * 64] = {};
};

inline int cont_index(chess::Piece piece, chess::Square to) {
    return piece * 64 + to;
}

// Capture history by moving piece, destination and captured piece type.
class CaptureHistory {
  public:
    void clear() { std::memset(table_, 0, sizeof(table_)); }
    int get(chess::Piece moved, chess::Square to, chess::PieceType captured) const {
        return table_[moved][to][captured];
    }
    void update(chess::Piece moved, chess::Square to, chess::PieceType captured, int bonus) {
        gravity_update<kHistoryMax>(table_[moved][to][captured], bonus);
    }

  private:
    std::int16_t table_[12][64][6] = {};
};

// Quiet move that refuted the previous move (indexed by the previous move's piece and to).
class CounterMoves {
  public:
    void clear() {
        for (auto& row : table_) std::fill(std::begin(row), std::end(row), chess::Move::none());
    }
    chess::Move get(chess::Piece p, chess::Square to) const { return table_[p][to]; }
    void set(chess::Piece p, chess::Square to, chess::Move m) { table_[p][to] = m; }

  private:
    chess::Move table_[12][64] = {};
};

// Pawn-structure correction history: how far the search result has been from the static
// evaluation in positions with the same pawns, as a running weighted average per side to
// move. The static evaluation is nudged by it, so pruning decisions that compare the static
// evaluation with alpha/beta err less in pawn structures the evaluation misjudges.
class CorrectionHistory {
  public:
    static constexpr int kSize = 16384;  // entries per side, indexed by the pawn key
    static constexpr int kGrain = 256;   // entries hold centipawns * kGrain
    static constexpr int kWeightScale = 256;
    static constexpr int kMaxCorrection = 64;  // centipawns

    void clear() { std::memset(table_, 0, sizeof(table_)); }
    int correction(chess::Color stm, std::uint64_t pawn_key) const {
        return entry(stm, pawn_key) / kGrain;
    }
    // diff = search score - static evaluation; deeper searches move the average further.
    void update(chess::Color stm, std::uint64_t pawn_key, int diff, int depth) {
        int& e = entry(stm, pawn_key);
        const int weight = std::min(depth + 1, 16);
        const int target = std::clamp(diff, -2 * kMaxCorrection, 2 * kMaxCorrection) * kGrain;
        e = (e * (kWeightScale - weight) + target * weight) / kWeightScale;
        e = std::clamp(e, -kMaxCorrection * kGrain, kMaxCorrection * kGrain);
    }

  private:
    int& entry(chess::Color stm, std::uint64_t pawn_key) {
        return table_[stm][pawn_key & (kSize - 1)];
    }
    int entry(chess::Color stm, std::uint64_t pawn_key) const {
        return table_[stm][pawn_key & (kSize - 1)];
    }
    int table_[2][kSize] = {};
};

// REBEL's history table exactly as seed 003 defines it: H[piece][destination], cleared at
// the start of every search, updated only at ply <= 8 for non-captures (+depth^2 when the
// move produced a better score, -depth otherwise) and halved when |H| reaches 2000, so it
// stays within -2000..2000. LMR step 2 reads it, and REBEL's move ordering (editions 1-2)
// reads each entry's term of the ordering score, kept beside it: the ordering reads it for
// every quiet move, the table changes seldom.
class RebelHistory {
  public:
    static constexpr int kMaxPly = 8;
    static constexpr int kLimit = 2000;

    void clear() {
        std::memset(h_, 0, sizeof(h_));
        std::memset(ordering_term_, 0, sizeof(ordering_term_));
    }
    int get(chess::Piece p, chess::Square to) const { return h_[p][to]; }
    // reduction::rebel_history_to_ordering(get(p, to)) for every piece and destination.
    using OrderingTerms = std::int8_t[12][64];
    const OrderingTerms& ordering_terms() const { return ordering_term_; }
    // True when neither a node at this ply nor any node below it updates the table.
    static constexpr bool unchanged_from(int ply) { return ply > kMaxPly; }

    // Called for each searched non-capture at a node of ply <= 8, once its score is known.
    void update(int ply, chess::Piece p, chess::Square to, int depth, bool better_score) {
        if (ply > kMaxPly) return;
        int& v = h_[p][to];
        if (better_score) {
            v += depth * depth;
        } else {
            v -= depth;
        }
        if (std::abs(v) >= kLimit) v /= 2;
        ordering_term_[p][to] = static_cast<std::int8_t>(reduction::rebel_history_to_ordering(v));
    }

  private:
    int h_[12][64] = {};
    OrderingTerms ordering_term_ = {};
};

}  // namespace lmr::search
