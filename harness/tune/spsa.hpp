#pragma once

// SPSA (Spall's simultaneous perturbation stochastic approximation) as fishtest and OpenBench
// use it to tune engine parameters by self-play. Pure maths, no I/O:
//
//   gains at iteration k (k = 0 … N−1), per parameter i:
//     c_k,i = c_i / (k+1)^gamma            c_i = c_end_i · N^gamma
//     a_k,i = a_i / (k+1+A)^alpha          a_i = a_end_i · (A+N)^alpha,  a_end_i = r_end_i ·
//     c_end_i²
//   Δ_i = ±1 (one fair bit of the generator per parameter)
//   θ+ = clamp(θ + c_k·Δ), θ− = clamp(θ − c_k·Δ)
//   θ_i ← clamp(θ_i + a_k,i · result / (c_k,i · Δ_i)),   result = wins − losses of θ+
//
// θ stays real; an integer parameter is rounded only when its value is sent to the engine
// (send_value). The generator is std::mt19937_64, whose output sequence the C++ standard fixes
// and whose complete state streams out as text, so a tune can be stopped after any iteration
// and continued on another machine with exactly the same Δ stream.

#include <cstdint>
#include <random>
#include <string>
#include <string_view>
#include <vector>

namespace lmr::tune {

struct SpsaSettings {
    int iterations = 0;    // N
    double alpha = 0.602;  // decay exponent of a_k
    double gamma = 0.101;  // decay exponent of c_k
    double big_a = 0.0;    // the stability constant A; default_big_a(N) unless the user sets it
};

// The customary A: 10 % of the iterations.
double default_big_a(int iterations);

struct SpsaParam {
    std::string name;  // the UCI option; lmr-engine's are config paths: "lmr.steps.history.weight"
    bool is_integer = true;
    double start = 0, min = 0, max = 0;
    double c_end = 0;  // perturbation at the last iteration
    double r_end = 0;  // learning rate at the last iteration
    // Where the user gave it, for messages: "--param '…'" or "params.txt:3". Not stored.
    std::string source = {};
};

// The per-parameter constants the user's c_end and r_end stand for.
struct ParamConstants {
    double c = 0;      // c_end · N^gamma
    double a_end = 0;  // r_end · c_end²
    double a = 0;      // a_end · (A+N)^alpha
};
ParamConstants param_constants(const SpsaParam& param, const SpsaSettings& settings);

// The parameter-free part of the schedule: c_k,i = c_end_i · c_scale(k) and
// a_k,i = a_end_i · a_scale(k). Both factors are 1 at the last iteration k = N−1 (that is how
// c and a are chosen), which is what makes c_end and a_end "the values at the end".
double c_scale(const SpsaSettings& settings, int k);  // (N / (k+1))^gamma
double a_scale(const SpsaSettings& settings, int k);  // ((A+N) / (k+1+A))^alpha
double c_gain(const SpsaParam& param, const SpsaSettings& settings, int k);  // c_k,i
double a_gain(const SpsaParam& param, const SpsaSettings& settings, int k);  // a_k,i

// What one iteration plays.
struct Perturbation {
    int k = 0;
    double c_scale = 0, a_scale = 0;              // shared schedule factors (see above)
    std::vector<double> c_k, a_k;                 // per parameter
    std::vector<double> delta;                    // ±1 per parameter
    std::vector<double> theta_plus, theta_minus;  // clamped, not rounded
};

// The value sent to the engine as UCI option text: integers rounded half away from zero,
// reals in the shortest form that reads back exactly.
std::string send_value(const SpsaParam& param, double value);
double clamp_to(const SpsaParam& param, double value);

class Spsa {
  public:
    // A fresh tune: θ = the start values, k = 0, generator seeded with `seed`.
    Spsa(SpsaSettings settings, std::vector<SpsaParam> params, std::uint64_t seed);

    // Continues after `next_k` finished iterations, from the θ after iteration next_k−1 and the
    // generator state stored with it (rng_state()). Throws std::invalid_argument when the sizes
    // or the state text do not fit.
    static Spsa resume(SpsaSettings settings, std::vector<SpsaParam> params,
                       std::vector<double> theta, int next_k, std::string_view rng_state);

    int k() const { return k_; }  // the iteration to play next
    bool finished() const { return k_ >= settings_.iterations; }
    const std::vector<double>& theta() const { return theta_; }
    const std::vector<SpsaParam>& params() const { return params_; }
    const SpsaSettings& settings() const { return settings_; }

    // Draws Δ for iteration k() (advancing the generator) and returns θ±. Call once per
    // iteration, then update() with the games' result; a second perturb() before update()
    // throws std::logic_error (it would shift the random stream).
    Perturbation perturb();
    // θ_i += a_k,i · result / (c_k,i · Δ_i), clamped; then k advances. `p` must be the
    // perturbation of the current iteration. Returns the new θ.
    const std::vector<double>& update(const Perturbation& p, double result);

    // The generator's complete state as text (std::mt19937_64's stream form).
    std::string rng_state() const;

  private:
    Spsa(SpsaSettings settings, std::vector<SpsaParam> params);

    SpsaSettings settings_;
    std::vector<SpsaParam> params_;
    std::vector<double> theta_;
    int k_ = 0;
    bool perturbed_ = false;  // perturb() called for k_, update() pending
    std::mt19937_64 rng_;
};

}  // namespace lmr::tune
