#pragma once
// A rating list from pairwise results, as Ordo and the rating lists (CCRL, CEGT) make one: the
// logistic-Elo ratings r that best explain every pairing's score at once (maximum likelihood of
// the Bradley–Terry model, expected score of i against j = 1 / (1 + 10^((r_j - r_i) / 400))),
// one engine fixed at 0. Unlike one pooled score per engine (standings.hpp), a rating accounts
// for whom each engine met, so engines that played different opponents are comparable.
//
// Counts are pentanomial pairs; an engine's rating solves "expected score = actual score"
// against its opponents. The 95 % error of each rating is relative to the anchor: the sandwich
// (quasi-likelihood) covariance, which takes the spread of the pair scores as observed (draws
// and colour-reversed pairs shrink it) rather than as the model's win/loss coin. For two
// engines the rating is exactly the Elo of the pooled score and its error the delta-method
// width of estimate()'s interval. Pure: counts in, ratings out.

#include <span>
#include <stdexcept>
#include <vector>

#include "harness/stats/standings.hpp"

namespace lmr::stats {

struct Rating {
    int engine = 0;
    double elo = 0;        // relative to the anchor
    double elo_error = 0;  // 95 % half-width, relative to the anchor (0 for the anchor itself)
    Pentanomial pairs;     // every pair it played, from its side
};

struct RatingList {
    std::vector<Rating> rated;     // the anchor's connected engines, best first (ties by index)
    std::vector<int> unconnected;  // engines with no chain of pairings to the anchor, by index
};

// The results cannot pin the ratings down: `winner` scored every point against `loser`, and no
// chain of results leads from the loser's side back (the likelihood grows without bound as the
// gap between the two groups grows).
struct UnboundedRatings : std::domain_error {
    UnboundedRatings(int winner_index, int loser_index);
    int winner;
    int loser;
};

// Ratings of engines 0..engines-1 from their pairings (a pairing listed twice counts twice),
// `anchor` at 0. Throws std::invalid_argument for an index outside 0..engines-1 or a pairing of an
// engine with itself, UnboundedRatings as above.
RatingList ratings(int engines, std::span<const PairingCounts> pairings, int anchor);

}  // namespace lmr::stats
