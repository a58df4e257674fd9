#pragma once
// Elo, normalized Elo (nElo), LOS and draw ratio from trinomial or pentanomial counts, as
// fishtest and fastchess compute them (/work/shared/reference/statistics.md).
//
// Every value is finite or ±infinity, never NaN:
//  - all wins / all losses: Elo and nElo are +inf / -inf, their error +inf, LOS 1 / 0;
//  - all draws (variance 0): Elo 0 ± 0, nElo 0 (no difference seen), LOS 0.5;
//  - no games: units == 0 and every statistic is 0; check defined() before showing them.

#include <span>

#include "harness/stats/counts.hpp"

namespace lmr::stats {

// What one sample of the statistics is: a pentanomial pair or a trinomial game.
enum class Unit { kGame, kPair };

// Two-sided 95 % quantile of the normal distribution.
inline constexpr double kZ95 = 1.959964;
// nElo = score deviation / standard deviation * this (800 / ln 10).
inline constexpr double kNeloScale = 347.43558552260173;

struct EloEstimate {
    Unit unit = Unit::kGame;
    long units = 0;         // games (trinomial) or pairs (pentanomial)
    double score = 0;       // mean score per game, 0..1
    double variance = 0;    // variance of the per-unit score
    double elo = 0;         // logistic Elo of the mean score
    double elo_error = 0;   // half-width of the 95 % interval, >= 0 (+inf when unbounded)
    double nelo = 0;        // normalized Elo
    double nelo_error = 0;  // 95 % half-width of nElo
    double los = 0;         // likelihood of superiority, 0..1
    double draw_ratio = 0;  // pairs: (WL+DD)/pairs; games: D/games

    bool defined() const { return units > 0; }
};

// Logistic Elo of a mean score: -400 log10(1/s - 1); -inf at s <= 0, +inf at s >= 1.
double elo_from_score(double score);
// Expected score of an Elo difference: 1 / (1 + 10^(-elo/400)).
double score_from_elo(double elo);

// BayesElo (Rémi Coulom's model, as cutechess-cli, fastchess and the early fishtest use it): a
// game between players `elo` apart is won with probability f(elo - draw_elo), lost with
// f(-elo - draw_elo) and drawn otherwise, f(x) = 1 / (1 + 10^(-x/400)). draw_elo says how
// drawish the games are (0: no draws).
//
// The draw_elo that fits a win rate and a loss rate (both in (0, 1), summing to at most 1):
// 200 log10((1 - L) / L * (1 - W) / W).
double draw_elo_from_rates(double win_rate, double loss_rate);
// Expected score of a BayesElo difference at that draw_elo: P(win) + P(draw) / 2.
double score_from_bayes_elo(double bayes_elo, double draw_elo);

EloEstimate estimate(const Trinomial& games);
EloEstimate estimate(const Pentanomial& pairs);

// The general form behind both: counts[i] units scored i/(K-1) (K = counts.size() >= 2).
// The unit picks the nElo factor k (2 for pairs, 1 for games); draw_ratio is left 0.
EloEstimate estimate_from_bins(std::span<const double> counts, Unit unit);

}  // namespace lmr::stats
