#include "harness/tune/spsa.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <locale>
#include <sstream>
#include <stdexcept>

namespace lmr::tune {

double default_big_a(int iterations) {
    return 0.1 * iterations;
}

ParamConstants param_constants(const SpsaParam& param, const SpsaSettings& settings) {
    const double n = settings.iterations;
    ParamConstants constants;
    constants.c = param.c_end * std::pow(n, settings.gamma);
    constants.a_end = param.r_end * param.c_end * param.c_end;
    constants.a = constants.a_end * std::pow(settings.big_a + n, settings.alpha);
    return constants;
}

double c_scale(const SpsaSettings& settings, int k) {
    return std::pow(static_cast<double>(settings.iterations) / (k + 1), settings.gamma);
}

double a_scale(const SpsaSettings& settings, int k) {
    return std::pow((settings.big_a + settings.iterations) / (k + 1 + settings.big_a),
                    settings.alpha);
}

// The gains are computed from the published form c/(k+1)^gamma and a/(k+1+A)^alpha, not from
// the scale factors, so tests can hold them against hand-computed numbers of that form.
double c_gain(const SpsaParam& param, const SpsaSettings& settings, int k) {
    return param_constants(param, settings).c / std::pow(k + 1.0, settings.gamma);
}

double a_gain(const SpsaParam& param, const SpsaSettings& settings, int k) {
    return param_constants(param, settings).a / std::pow(k + 1.0 + settings.big_a, settings.alpha);
}

double clamp_to(const SpsaParam& param, double value) {
    return std::clamp(value, param.min, param.max);
}

std::string send_value(const SpsaParam& param, double value) {
    if (param.is_integer) return std::to_string(std::llround(value));
    char buffer[64];
    const auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, value);
    return ec == std::errc() ? std::string(buffer, end) : std::to_string(value);
}

Spsa::Spsa(SpsaSettings settings, std::vector<SpsaParam> params)
    : settings_(settings), params_(std::move(params)) {
    if (settings_.iterations <= 0) throw std::invalid_argument("SPSA needs at least one iteration");
    if (params_.empty()) throw std::invalid_argument("SPSA needs at least one parameter");
}

Spsa::Spsa(SpsaSettings settings, std::vector<SpsaParam> params, std::uint64_t seed)
    : Spsa(settings, std::move(params)) {
    rng_.seed(seed);
    theta_.reserve(params_.size());
    for (const SpsaParam& p : params_) theta_.push_back(clamp_to(p, p.start));
}

Spsa Spsa::resume(SpsaSettings settings, std::vector<SpsaParam> params, std::vector<double> theta,
                  int next_k, std::string_view rng_state) {
    Spsa spsa(settings, std::move(params));
    if (theta.size() != spsa.params_.size())
        throw std::invalid_argument("resume: " + std::to_string(theta.size()) +
                                    " values of θ for " + std::to_string(spsa.params_.size()) +
                                    " parameters");
    if (next_k < 0 || next_k > settings.iterations)
        throw std::invalid_argument("resume: iteration " + std::to_string(next_k) +
                                    " is outside 0.." + std::to_string(settings.iterations));
    std::istringstream in{std::string(rng_state)};
    in.imbue(std::locale::classic());
    in >> spsa.rng_;
    if (in.fail())
        throw std::invalid_argument("resume: the stored generator state is not readable");
    spsa.theta_ = std::move(theta);
    spsa.k_ = next_k;
    return spsa;
}

Perturbation Spsa::perturb() {
    if (perturbed_)
        throw std::logic_error("SPSA: perturb() twice for iteration " + std::to_string(k_));
    if (finished()) throw std::logic_error("SPSA: all iterations are done");
    Perturbation p;
    p.k = k_;
    p.c_scale = c_scale(settings_, k_);
    p.a_scale = a_scale(settings_, k_);
    for (std::size_t i = 0; i < params_.size(); ++i) {
        const SpsaParam& param = params_[i];
        // The top bit of one full 64-bit draw: mt19937_64's output is fixed by the standard, a
        // distribution object's is not.
        const double delta = (rng_() >> 63) != 0 ? 1.0 : -1.0;
        const double c_k = c_gain(param, settings_, k_);
        p.c_k.push_back(c_k);
        p.a_k.push_back(a_gain(param, settings_, k_));
        p.delta.push_back(delta);
        p.theta_plus.push_back(clamp_to(param, theta_[i] + c_k * delta));
        p.theta_minus.push_back(clamp_to(param, theta_[i] - c_k * delta));
    }
    perturbed_ = true;
    return p;
}

const std::vector<double>& Spsa::update(const Perturbation& p, double result) {
    if (!perturbed_ || p.k != k_ || p.delta.size() != params_.size())
        throw std::logic_error("SPSA: update() without the perturbation of iteration " +
                               std::to_string(k_));
    for (std::size_t i = 0; i < params_.size(); ++i)
        theta_[i] = clamp_to(params_[i], theta_[i] + p.a_k[i] * result / (p.c_k[i] * p.delta[i]));
    perturbed_ = false;
    ++k_;
    return theta_;
}

std::string Spsa::rng_state() const {
    std::ostringstream out;
    out.imbue(std::locale::classic());
    out << rng_;
    return out.str();
}

}  // namespace lmr::tune
