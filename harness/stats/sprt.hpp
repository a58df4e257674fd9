#pragma once
// Generalized SPRT (GSPRT) as fishtest computes it (/work/shared/reference/statistics.md):
// LLR = N * sum p^_i ln(p1_i / p0_i) with p0, p1 the maximum-likelihood distributions under
// H0 (elo = elo0) and H1 (elo = elo1), after regularizing zero bins to 1e-3.

#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "harness/stats/counts.hpp"

namespace lmr::stats {

enum class EloModel {
    kNormalized,  // elo0/elo1 are nElo (fishtest's default): independent of the draw rate
    kLogistic,    // elo0/elo1 are logistic Elo: expected score 1 / (1 + 10^(-elo/400))
    // elo0/elo1 are BayesElo (fastchess's `-sprt model=bayesian`): expected score
    // score_from_bayes_elo(elo, draw_elo) with the draw_elo of the games counted so far, then
    // the same GSPRT as the logistic model. A model of single games: with pairs, the LLR is that
    // of the games inside them (fastchess turns pentanomial reports off for it). No LLR (0)
    // until there is a win and a loss, as in fastchess.
    kBayesElo,
};

// "normalized" / "logistic" / "bayesian" (fastchess's names).
std::string_view model_name(EloModel model);
// Those names, "bayeselo" for kBayesElo too, in any letter case.
std::optional<EloModel> parse_model(std::string_view name);

// The normalized model's fixed-point iteration starts from the uniform distribution, where it
// has a solution only for |nElo| below about 231 (pairs) / 340 (games); the logistic model
// loses precision as the expected score approaches 0 or 1. Bounds beyond these are rejected.
// A BayesElo difference never scores further from 1/2 than the same logistic Elo (draws pull
// the score toward 1/2), so its range is the logistic one.
inline constexpr double kMaxAbsNormalizedElo = 200;
inline constexpr double kMaxAbsLogisticElo = 1000;
double max_abs_elo(EloModel model);

struct SprtParams {
    double elo0 = 0;
    double elo1 = 5;
    double alpha = 0.05;
    double beta = 0.05;
    EloModel model = EloModel::kNormalized;
};

// Empty when usable; otherwise a message naming the offending parameter and value
// (e.g. "elo0 (5) must be less than elo1 (3)").
std::optional<std::string> validate(const SprtParams& params);

struct SprtBounds {
    double lower;  // ln(beta / (1 - alpha)) — accept H0 at or below
    double upper;  // ln((1 - beta) / alpha) — accept H1 at or above
};
SprtBounds sprt_bounds(double alpha, double beta);

enum class Verdict { kContinue, kAcceptH1, kAcceptH0 };
std::string_view verdict_name(Verdict verdict);  // "continue", "accept H1", "accept H0"
Verdict sprt_verdict(double llr, const SprtBounds& bounds);

// LLR of the counts. No games at all give exactly 0 (no evidence either way).
// Precondition: validate(params) is empty; otherwise the result is unspecified (but finite).
double llr(const Pentanomial& pairs, const SprtParams& params);
double llr(const Trinomial& games, const SprtParams& params);
// General form: counts[i] units scored i/(K-1), 2 <= K <= kMaxBins (else std::invalid_argument);
// `pairs` selects the sqrt(2) of the normalized model (a pair's score is the mean of two games).
// The BayesElo model takes game counts only: K = 3 and !pairs (else std::invalid_argument).
// Allocates nothing on success.
inline constexpr std::size_t kMaxBins = 16;
double llr_from_bins(std::span<const double> counts, const SprtParams& params, bool pairs);

struct SprtResult {
    SprtParams params;
    double llr = 0;
    SprtBounds bounds{0, 0};
    Verdict verdict = Verdict::kContinue;
    // How far the LLR has gone toward the bound on its side, in percent of that bound
    // (LLR / upper when LLR >= 0, LLR / lower otherwise); 100 or more once decided.
    double percent = 0;
    bool toward_h1 = true;  // the LLR is >= 0, so the nearer bound is the upper one
};

SprtResult sprt(const Pentanomial& pairs, const SprtParams& params);
SprtResult sprt(const Trinomial& games, const SprtParams& params);
// Assembles the result for an LLR computed elsewhere.
SprtResult sprt_from_llr(double llr, const SprtParams& params);

}  // namespace lmr::stats
