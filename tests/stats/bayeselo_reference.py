#!/usr/bin/env python3
"""Reference LLRs of the BayesElo SPRT model for tests/stats/sprt_test.cpp.

An independent computation, written from the model's definition (fastchess's
`-sprt model=bayesian`) rather than from harness/stats: the maximum-likelihood
distributions are found by solving the constraint as a quadratic in theta in
closed form (harness/stats bisects it), and the BayesElo score is computed from
the win/draw/loss probabilities directly. Plain Python 3, no packages.

    python3 tests/stats/bayeselo_reference.py
"""

import math


def logistic(x):
    return 1.0 / (1.0 + 10.0 ** (-x / 400.0))


def bayes_score(bayes_elo, draw_elo):
    win = logistic(bayes_elo - draw_elo)
    loss = logistic(-bayes_elo - draw_elo)
    return win + 0.5 * (1.0 - win - loss)


def mle(p, scores, s):
    """argmax sum p_i ln q_i subject to sum q_i = 1 and sum q_i a_i = s, for three bins.

    q_i = p_i / (1 + theta d_i) with d_i = a_i - s, where theta solves
    sum p_i d_i / (1 + theta d_i) = 0; clearing the denominators leaves a quadratic.
    """
    d = [a - s for a in scores]
    c0 = sum(p[i] * d[i] for i in range(3))
    c1 = sum(p[i] * d[i] * sum(d[j] for j in range(3) if j != i) for i in range(3))
    c2 = sum(p[i] * d[i] * math.prod(d[j] for j in range(3) if j != i) for i in range(3))
    low, high = -1.0 / max(d), -1.0 / min(d)
    if c2 == 0:
        roots = [-c0 / c1]
    else:
        root = math.sqrt(c1 * c1 - 4.0 * c2 * c0)
        roots = [(-c1 + root) / (2.0 * c2), (-c1 - root) / (2.0 * c2)]
    inside = [t for t in roots if low < t < high]
    assert len(inside) == 1, (roots, low, high)
    return [p[i] / (1.0 + inside[0] * d[i]) for i in range(3)]


def llr_bayesian(wins, draws, losses, elo0, elo1):
    if wins == 0 or losses == 0:
        return 0.0
    counts = [c if c > 0 else 1e-3 for c in (losses, draws, wins)]
    total = sum(counts)
    p = [c / total for c in counts]
    loss_rate, win_rate = p[0], p[2]
    draw_elo = 200.0 * math.log10((1 - loss_rate) / loss_rate * (1 - win_rate) / win_rate)
    scores = [0.0, 0.5, 1.0]
    q0 = mle(p, scores, bayes_score(elo0, draw_elo))
    q1 = mle(p, scores, bayes_score(elo1, draw_elo))
    return total * sum(p[i] * math.log(q1[i] / q0[i]) for i in range(3))


VECTORS = [  # wins, draws, losses, elo0, elo1
    (46, 122, 32, 0, 5),  # statistics.md's first vector as games
    (46, 122, 32, -3, 1),
    (3410, 12550, 3240, 0, 5),  # statistics.md's second vector as games
    (68965, 128429, 68526, 0, 2),  # fastchess's sprt_test "bayesian trinomial 1": -1.26
    (21629, 41111, 21484, 0.5, 2.5),  # fastchess's "bayesian trinomial 2": -1.13
    (30, 0, 20, 0, 10),  # no draws: the zero bin is regularized
    (120, 40, 60, 0, 50),
]

if __name__ == "__main__":
    for w, d, l, e0, e1 in VECTORS:
        print(f"W {w} D {d} L {l} [{e0}, {e1}]: LLR {llr_bayesian(w, d, l, e0, e1):.10f}")
    print(f"draw_elo of W 0.25 L 0.25: "
          f"{200 * math.log10(0.75 / 0.25 * 0.75 / 0.25):.10f}")
    print(f"score of BayesElo 50 at draw_elo 200: {bayes_score(50, 200):.12f}")
