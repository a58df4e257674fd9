#pragma once

// The study's verdict rule on a measured Elo difference (results/README.md, "How a verdict is
// read"): a test config is better (or worse) than its base only when the whole 95 % interval
// lies above (or below) zero; otherwise the question is not resolved, and N games of half-width
// h resolve a gap g after about N·(h/g)² games, the interval narrowing as 1/√games. An SPRT that
// stopped on a decision answers its own two hypotheses instead: its Elo is biased away from zero
// by the early stop, so its interval is not read as a verdict.

#include <string>

#include "harness/stats/format.hpp"

namespace lmr::report {

// About how many games would resolve an interval `elo` ± `error` measured over `games` games:
// games · (error / |elo|)²; +inf when `elo` is 0 or the error is unbounded.
double games_to_resolve(double elo, double error, long games);
// "≈ 92,000 games" (two significant digits); "" for a count that is not finite or past 10¹².
std::string games_phrase(double needed);

// "better", "worse", "not resolved (≈ 92,000 games)" (the games that would resolve it),
// "SPRT H1 (stopped early)" or "SPRT H0 (stopped early)"; "" without completed pairs. The
// summary's SPRT, when it has one, says whether it decided.
std::string interval_verdict(const stats::Summary& summary);

}  // namespace lmr::report
