// How the evaluation weights are stored. The engine compiles them as constants; the tuner
// (lmr-eval-tune) compiles the evaluation a second time with LMR_EVAL_TUNING defined, where
// each weight is a per-thread variable it can change between evaluations, from several
// threads at once. Internal to engine/eval.
#pragma once

#ifdef LMR_EVAL_TUNING
#define LMR_EVAL_WEIGHT inline thread_local
#else
#define LMR_EVAL_WEIGHT inline constexpr
#endif

namespace lmr::eval::detail {

// True in the tuner's build: caches keyed by the position alone (the pawn cache) would
// return values computed with other weights, so they are bypassed.
#ifdef LMR_EVAL_TUNING
inline constexpr bool kTunableWeights = true;
#else
inline constexpr bool kTunableWeights = false;
#endif

}  // namespace lmr::eval::detail
