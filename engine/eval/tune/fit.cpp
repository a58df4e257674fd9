#include "engine/eval/tune/fit.hpp"

#include <algorithm>
#include <cmath>
#include <thread>

namespace lmr::eval::tune {

namespace {

double sigmoid(double k, double eval) {
    return 1.0 / (1.0 + std::exp(-k * eval));
}

// Runs body(begin, end, thread) over the samples split in `threads` parts.
template <typename Body>
void parallel_samples(const LinearModel& model, int threads, Body body) {
    threads = std::max(1, threads);
    const std::size_t n = model.samples.size();
    const std::size_t chunk = (n + threads - 1) / threads;
    std::vector<std::thread> workers;
    for (int t = 0; t < threads; ++t) {
        const std::size_t begin = std::min(n, t * chunk);
        const std::size_t end = std::min(n, begin + chunk);
        workers.emplace_back([&body, begin, end, t] { body(begin, end, t); });
    }
    for (std::thread& w : workers) w.join();
}

}  // namespace

double mean_error(const LinearModel& model, const std::vector<double>& weights, double k,
                  int threads) {
    if (model.samples.empty()) return 0.0;
    std::vector<double> sums(std::max(1, threads), 0.0);
    parallel_samples(model, threads, [&](std::size_t begin, std::size_t end, int t) {
        double sum = 0.0;
        for (std::size_t i = begin; i < end; ++i) {
            const Sample& s = model.samples[i];
            const double e = s.result - sigmoid(k, predict(model, s, weights));
            sum += e * e;
        }
        sums[t] = sum;
    });
    double total = 0.0;
    for (double s : sums) total += s;
    return total / double(model.samples.size());
}

namespace {

// Golden-section search for the minimum of an error that is unimodal in k, over a range that
// holds every engine's usual scale (k = ln(10) / 400 * 1.0 ... 2.0 in Texel's notation).
double minimize_over_scale(const std::function<double(double)>& error) {
    double lo = 0.001;
    double hi = 0.02;
    const double ratio = (std::sqrt(5.0) - 1.0) / 2.0;
    double a = hi - ratio * (hi - lo);
    double b = lo + ratio * (hi - lo);
    double fa = error(a);
    double fb = error(b);
    for (int i = 0; i < 40; ++i) {
        if (fa < fb) {
            hi = b;
            b = a;
            fb = fa;
            a = hi - ratio * (hi - lo);
            fa = error(a);
        } else {
            lo = a;
            a = b;
            fa = fb;
            b = lo + ratio * (hi - lo);
            fb = error(b);
        }
    }
    return (lo + hi) / 2.0;
}

}  // namespace

double fit_scale(const LinearModel& model, int threads) {
    const std::vector<double> origin(model.origin.begin(), model.origin.end());
    return minimize_over_scale([&](double k) { return mean_error(model, origin, k, threads); });
}

double fit_search_scale(const LinearModel& model) {
    return minimize_over_scale([&](double k) {
        double sum = 0.0;
        for (const Sample& s : model.samples) {
            if (std::isnan(s.searched)) continue;
            const double diff = double(s.result) - sigmoid(k, s.searched);
            sum += diff * diff;
        }
        return sum;
    });
}

void make_non_decreasing(std::vector<double>& weights, const std::vector<int>& chain) {
    // Blocks of pooled values, each with its mean and size; a new value merges backwards while
    // it is below the mean of the block before it.
    std::vector<double> mean;
    std::vector<int> size;
    for (int dim : chain) {
        mean.push_back(weights[dim]);
        size.push_back(1);
        while (mean.size() > 1 && mean[mean.size() - 2] > mean.back()) {
            const std::size_t b = mean.size() - 1;
            const int n = size[b - 1] + size[b];
            mean[b - 1] = (mean[b - 1] * size[b - 1] + mean[b] * size[b]) / n;
            size[b - 1] = n;
            mean.pop_back();
            size.pop_back();
        }
    }
    std::size_t i = 0;
    for (std::size_t b = 0; b < mean.size(); ++b)
        for (int j = 0; j < size[b]; ++j) weights[chain[i++]] = mean[b];
}

std::vector<double> fit_weights(const LinearModel& model, std::vector<double> weights, double k,
                                const FitOptions& options) {
    const std::size_t dims = weights.size();
    const int threads = std::max(1, options.threads);
    std::vector<double> m(dims, 0.0);
    std::vector<double> v(dims, 0.0);
    std::vector<std::vector<double>> grads(threads, std::vector<double>(dims, 0.0));
    std::vector<double> errors(threads, 0.0);
    constexpr double kBeta1 = 0.9;
    constexpr double kBeta2 = 0.999;
    constexpr double kEpsilon = 1e-12;
    const double n = double(std::max<std::size_t>(1, model.samples.size()));

    for (int epoch = 1; epoch <= options.epochs; ++epoch) {
        parallel_samples(model, threads, [&](std::size_t begin, std::size_t end, int t) {
            std::vector<double>& grad = grads[t];
            std::fill(grad.begin(), grad.end(), 0.0);
            double error = 0.0;
            for (std::size_t i = begin; i < end; ++i) {
                const Sample& s = model.samples[i];
                const double p = sigmoid(k, predict(model, s, weights));
                const double diff = p - s.result;
                error += diff * diff;
                // d(error)/d(eval); the eval is mg * mg_weight + eg * eg_weight.
                const double g = 2.0 * diff * p * (1.0 - p) * k;
                const double g_mg = g * s.mg_weight;
                const double g_eg = g * s.eg_weight;
                for (std::uint32_t c = s.first; c < s.last; ++c) {
                    const Coefficient& co = model.coefficients[c];
                    grad[co.dim] += co.mg * g_mg + co.eg * g_eg;
                }
            }
            errors[t] = error;
        });
        double error = 0.0;
        for (int t = 0; t < threads; ++t) error += errors[t];
        const double bias1 = 1.0 - std::pow(kBeta1, epoch);
        const double bias2 = 1.0 - std::pow(kBeta2, epoch);
        for (std::size_t d = 0; d < dims; ++d) {
            if (!options.frozen.empty() && options.frozen[d]) continue;
            double g = 0.0;
            for (int t = 0; t < threads; ++t) g += grads[t][d];
            g /= n;
            if (!options.anchor.empty())
                g += 2.0 * options.regularization * (weights[d] - options.anchor[d]);
            m[d] = kBeta1 * m[d] + (1.0 - kBeta1) * g;
            v[d] = kBeta2 * v[d] + (1.0 - kBeta2) * g * g;
            weights[d] -=
                options.learning_rate * (m[d] / bias1) / (std::sqrt(v[d] / bias2) + kEpsilon);
        }
        for (const std::vector<int>& chain : options.non_decreasing)
            make_non_decreasing(weights, chain);
        if (options.report && options.report_every > 0 &&
            (epoch % options.report_every == 0 || epoch == options.epochs))
            options.report(epoch, error / n);
    }
    return weights;
}

}  // namespace lmr::eval::tune
