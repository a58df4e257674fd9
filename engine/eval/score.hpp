// A middlegame/endgame pair of centipawn values and the taper between them.
// Internal to engine/eval.
#pragma once

namespace lmr::eval::detail {

struct Score {
    int mg = 0;
    int eg = 0;

    constexpr Score() = default;
    constexpr Score(int m, int e) : mg(m), eg(e) {}

    constexpr Score operator+(Score o) const { return {mg + o.mg, eg + o.eg}; }
    constexpr Score operator-(Score o) const { return {mg - o.mg, eg - o.eg}; }
    constexpr Score operator-() const { return {-mg, -eg}; }
    constexpr Score operator*(int k) const { return {mg * k, eg * k}; }
    constexpr Score& operator+=(Score o) {
        mg += o.mg;
        eg += o.eg;
        return *this;
    }
    constexpr Score& operator-=(Score o) {
        mg -= o.mg;
        eg -= o.eg;
        return *this;
    }
    constexpr bool operator==(const Score&) const = default;
};

// Interpolates by phase (24 = middlegame weight only, 0 = endgame weight only). Division
// truncates toward zero, so taper(-s) == -taper(s): colour-flipped positions score exactly
// opposite, which the symmetry tests rely on.
constexpr int taper(Score s, int phase) {
    return (s.mg * phase + s.eg * (24 - phase)) / 24;
}

}  // namespace lmr::eval::detail
