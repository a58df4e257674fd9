#pragma once
// Score scale shared by the search, the transposition table and the UCI front end.
#include <cstdint>

namespace lmr::search {

inline constexpr int kMaxPly = 128;  // deepest ply the search stack can hold
inline constexpr int kInfinite = 32000;
inline constexpr int kMate = 31000;
inline constexpr int kNoScore = 32001;  // "no value stored" marker, outside every real score
// Any |score| at or above this is a forced mate; the distance is kMate - |score| plies.
inline constexpr int kMateInMaxPly = kMate - kMaxPly;

constexpr int mate_in(int ply) {
    return kMate - ply;
}
constexpr int mated_in(int ply) {
    return -kMate + ply;
}
constexpr bool is_mate_score(int score) {
    return score >= kMateInMaxPly || score <= -kMateInMaxPly;
}

// Mate scores are stored in the TT relative to the node (distance from the stored
// position), not to the root, so that a probe at another ply reads the right distance.
constexpr int score_to_tt(int score, int ply) {
    if (score == kNoScore) return kNoScore;
    if (score >= kMateInMaxPly) return score + ply;
    if (score <= -kMateInMaxPly) return score - ply;
    return score;
}

constexpr int score_from_tt(int score, int ply) {
    if (score == kNoScore) return kNoScore;
    if (score >= kMateInMaxPly) return score - ply;
    if (score <= -kMateInMaxPly) return score + ply;
    return score;
}

// UCI "mate N" counts full moves from the side to move's view: mate in 1 ply is "mate 1",
// mated in 2 plies is "mate -1".
constexpr int mate_moves(int score) {
    return score > 0 ? (kMate - score + 1) / 2 : -(kMate + score) / 2;
}

}  // namespace lmr::search
