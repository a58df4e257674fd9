#include "engine/eval/tune/linear_model.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <thread>

#include "engine/chess/position.hpp"
#include "engine/eval/internal.hpp"
#include "engine/eval/tune/weight_table.hpp"

namespace lmr::eval::tune {

namespace {

using namespace chess;

struct Sums {
    int mg = 0;
    int eg = 0;
    int phase = 0;
    int scale = 64;
};

Sums evaluate_sums(const Position& pos) {
    detail::EvalState st(pos);
    detail::evaluate_terms(st);
    Sums s;
    for (const detail::Score& t : st.terms) {
        s.mg += t.mg;
        s.eg += t.eg;
    }
    s.phase = st.phase;
    s.scale = st.scale;
    return s;
}

// Finite-difference step: large enough that integer divisions inside the evaluation do not
// swallow the change, small enough to stay local.
int step_for(int value) {
    return std::max(8, std::abs(value) / 8);
}

// The measured dimensions (every other one is material or piece-square).
std::vector<int> measured_dims() {
    std::vector<int> out;
    const std::vector<Dim>& all = dims();
    for (int i = 0; i < int(all.size()); ++i)
        if (all[i].kind == DimKind::kMeasured) out.push_back(i);
    return out;
}

struct Part {
    std::vector<Sample> samples;
    std::vector<Coefficient> coefficients;
};

void add_linear(const Position& pos, std::vector<Coefficient>& out) {
    for (int pt = kPawn; pt <= kKing; ++pt) {
        const int n = pos.count(kWhite, PieceType(pt)) - pos.count(kBlack, PieceType(pt));
        if (pt != kKing && n != 0) {
            out.push_back({std::uint32_t(material_dim(pt, false)), float(n), 0.0f});
            out.push_back({std::uint32_t(material_dim(pt, true)), 0.0f, float(n)});
        }
        for (Color c : {kWhite, kBlack}) {
            const float sign = c == kWhite ? 1.0f : -1.0f;
            Bitboard b = pos.pieces(c, PieceType(pt));
            while (b) {
                const Square sq = pop_lsb(b);
                const int white_view = c == kWhite ? sq : (sq ^ 56);
                out.push_back({std::uint32_t(pst_dim(pt, white_view, false)), sign, 0.0f});
                out.push_back({std::uint32_t(pst_dim(pt, white_view, true)), 0.0f, sign});
            }
        }
    }
}

void measure_part(const std::vector<TrainingPosition>& positions, std::size_t begin,
                  std::size_t end, const std::vector<int>& weights, Part& part) {
    write_weights(weights);  // this thread's copy
    const std::vector<int> measured = measured_dims();
    for (std::size_t i = begin; i < end; ++i) {
        const std::optional<Position> parsed = Position::from_fen(positions[i].fen);
        if (!parsed) continue;
        const Position& pos = *parsed;
        const Sums base = evaluate_sums(pos);
        if (base.scale == 0) continue;

        Sample s;
        s.result = positions[i].result;
        s.searched = positions[i].searched;
        s.mg = float(base.mg);
        s.eg = float(base.eg);
        s.mg_weight = float(base.phase) / 24.0f;
        s.eg_weight = float(24 - base.phase) / 24.0f * float(base.scale) / 64.0f;
        s.first = std::uint32_t(part.coefficients.size());
        add_linear(pos, part.coefficients);
        for (int dim : measured) {
            const int value = weights[dim];
            const int h = step_for(value);
            set_weight(dim, value + h);
            const Sums moved = evaluate_sums(pos);
            set_weight(dim, value);
            if (moved.mg != base.mg || moved.eg != base.eg)
                part.coefficients.push_back({std::uint32_t(dim), float(moved.mg - base.mg) / h,
                                             float(moved.eg - base.eg) / h});
        }
        s.last = std::uint32_t(part.coefficients.size());
        part.samples.push_back(s);
    }
}

}  // namespace

LinearModel measure(const std::vector<TrainingPosition>& positions, const std::vector<int>& weights,
                    int threads) {
    threads = std::max(1, threads);
    std::vector<Part> parts(threads);
    std::vector<std::thread> workers;
    const std::size_t chunk = (positions.size() + threads - 1) / threads;
    for (int t = 0; t < threads; ++t) {
        const std::size_t begin = std::min(positions.size(), t * chunk);
        const std::size_t end = std::min(positions.size(), begin + chunk);
        workers.emplace_back(measure_part, std::cref(positions), begin, end, std::cref(weights),
                             std::ref(parts[t]));
    }
    for (std::thread& w : workers) w.join();

    LinearModel model;
    model.origin = weights;
    for (Part& p : parts) {
        const std::uint32_t offset = std::uint32_t(model.coefficients.size());
        for (Sample s : p.samples) {
            s.first += offset;
            s.last += offset;
            model.samples.push_back(s);
        }
        model.coefficients.insert(model.coefficients.end(), p.coefficients.begin(),
                                  p.coefficients.end());
    }
    return model;
}

void blend_search_scores(LinearModel& model, double k, double lambda) {
    for (Sample& s : model.samples) {
        if (std::isnan(s.searched)) continue;
        const double searched = 1.0 / (1.0 + std::exp(-k * s.searched));
        s.result = float((1.0 - lambda) * s.result + lambda * searched);
    }
}

double predict(const LinearModel& model, const Sample& sample, const std::vector<double>& weights) {
    double mg = sample.mg;
    double eg = sample.eg;
    for (std::uint32_t i = sample.first; i < sample.last; ++i) {
        const Coefficient& c = model.coefficients[i];
        const double delta = weights[c.dim] - model.origin[c.dim];
        mg += c.mg * delta;
        eg += c.eg * delta;
    }
    return mg * sample.mg_weight + eg * sample.eg_weight;
}

}  // namespace lmr::eval::tune
