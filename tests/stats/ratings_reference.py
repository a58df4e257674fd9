#!/usr/bin/env python3
"""Reference ratings of a round robin for tests/stats/ratings_test.cpp.

An independent computation, written from the model's definition rather than from
harness/stats: the Bradley-Terry maximum-likelihood strengths are found by
Hunter's MM iteration (gamma_i <- W_i / sum_j n_ij / (gamma_i + gamma_j); harness/stats
uses Newton's method on Elo), turned into Elo with 400 log10, and the covariance of
the two free ratings (engine 2 the anchor) is the sandwich H^-1 V H^-1 written out
with the explicit inverse of a 2x2 matrix. Plain Python 3, no packages.

    python3 tests/stats/ratings_reference.py
"""

import math

# Pentanomial [LL, LD, WL+DD, WD, WW] of each pairing, from the first engine's side.
PAIRINGS = {
    (0, 1): [2, 18, 50, 24, 6],
    (0, 2): [5, 10, 25, 8, 2],
    (1, 2): [3, 12, 20, 10, 5],
}
VALUES = [0.0, 0.25, 0.5, 0.75, 1.0]
N = 3
ANCHOR = 2


def pairing(i, j):
    """(pairs, score sum, pair-score variance) of i against j, from i's side."""
    if (i, j) in PAIRINGS:
        bins, values = PAIRINGS[(i, j)], VALUES
    elif (j, i) in PAIRINGS:
        bins, values = PAIRINGS[(j, i)], [1.0 - v for v in VALUES]
    else:
        return 0, 0.0, 0.0
    n = sum(bins)
    score = sum(c * v for c, v in zip(bins, values))
    mean = score / n
    var = sum(c * (v - mean) ** 2 for c, v in zip(bins, values)) / n
    return n, score, var


def main():
    gamma = [1.0] * N
    for _ in range(100000):
        new = []
        for i in range(N):
            wins = sum(pairing(i, j)[1] for j in range(N) if j != i)
            denom = sum(pairing(i, j)[0] / (gamma[i] + gamma[j]) for j in range(N) if j != i)
            new.append(wins / denom)
        gamma = [g / new[ANCHOR] for g in new]
    elo = [400.0 * math.log10(g) for g in gamma]

    c = math.log(10.0) / 400.0
    free = [i for i in range(N) if i != ANCHOR]

    def p(i, j):
        return 1.0 / (1.0 + 10.0 ** ((elo[j] - elo[i]) / 400.0))

    h = [[0.0, 0.0], [0.0, 0.0]]
    v = [[0.0, 0.0], [0.0, 0.0]]
    for a, i in enumerate(free):
        for j in range(N):
            if j == i:
                continue
            n, _, var = pairing(i, j)
            h[a][a] += n * c * p(i, j) * (1 - p(i, j))
            v[a][a] += n * var
            if j in free:
                b = free.index(j)
                h[a][b] -= n * c * p(i, j) * (1 - p(i, j))
                v[a][b] -= n * var
    det = h[0][0] * h[1][1] - h[0][1] * h[1][0]
    inv = [[h[1][1] / det, -h[0][1] / det], [-h[1][0] / det, h[0][0] / det]]
    cov = [[sum(inv[a][k] * v[k][l] * inv[l][b] for k in range(2) for l in range(2))
            for b in range(2)] for a in range(2)]
    for a, i in enumerate(free):
        print(f"engine {i}: Elo {elo[i]:.4f} +/- {1.959964 * math.sqrt(cov[a][a]):.4f}")
    print(f"engine {ANCHOR}: Elo 0 (anchor)")


if __name__ == "__main__":
    main()
