// lmr-eval-tune: fits the evaluation weights to game results (Texel's method) and writes them
// back into engine/eval/weights.hpp and pst.hpp. See docs/engine.md, "Tuning the evaluation".
#include <algorithm>
#include <boost/program_options.hpp>
#include <cmath>
#include <fstream>
#include <iostream>
#include <random>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "engine/eval/tune/fit.hpp"
#include "engine/eval/tune/linear_model.hpp"
#include "engine/eval/tune/source_writer.hpp"
#include "engine/eval/tune/training_positions.hpp"
#include "engine/eval/tune/weight_table.hpp"

namespace po = boost::program_options;
using namespace lmr::eval::tune;

namespace {

struct Options {
    std::vector<std::string> pgn_files;
    int skip_plies = 4;
    int rounds = 3;
    int epochs = 300;
    double learning_rate = 0.3;
    double regularization = 1e-8;
    double search_weight = 0.0;
    std::string only = "all";
    double step = 1.0;
    bool keep_shapes = true;
    double validation = 0.1;
    int threads = 1;
    unsigned seed = 1;
    std::size_t max_positions = 0;
    std::string write_source;
};

std::string read_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw std::runtime_error("cannot read " + path);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

void write_file(const std::string& path, const std::string& text) {
    std::ofstream out(path, std::ios::binary);
    if (!(out << text)) throw std::runtime_error("cannot write " + path);
}

std::vector<int> rounded(const std::vector<double>& w) {
    std::vector<int> out(w.size());
    for (std::size_t i = 0; i < w.size(); ++i) out[i] = int(std::lround(w[i]));
    return out;
}

std::vector<double> as_real(const std::vector<int>& w) {
    return std::vector<double>(w.begin(), w.end());
}

// The measured weights that moved most, largest change first.
void print_changes(const std::vector<int>& before, const std::vector<int>& after, int limit) {
    std::vector<int> order;
    for (int i = 0; i < int(before.size()); ++i)
        if (dims()[i].kind == DimKind::kMeasured && before[i] != after[i]) order.push_back(i);
    std::sort(order.begin(), order.end(), [&](int a, int b) {
        return std::abs(after[a] - before[a]) > std::abs(after[b] - before[b]);
    });
    std::cout << "largest changes of measured weights:\n";
    for (int i = 0; i < int(order.size()) && i < limit; ++i)
        std::cout << "  " << dims()[order[i]].label << ": " << before[order[i]] << " -> "
                  << after[order[i]] << "\n";
}

// The fit's settings from the command line; the same in every round.
FitOptions fit_options(const Options& o, const std::vector<int>& start) {
    FitOptions fit;
    fit.epochs = o.epochs;
    fit.learning_rate = o.learning_rate;
    fit.threads = o.threads;
    fit.regularization = o.regularization;
    fit.anchor = as_real(start);
    if (o.keep_shapes) fit.non_decreasing = non_decreasing_chains();
    for (const Dim& d : dims()) {
        const bool measured = d.kind == DimKind::kMeasured;
        fit.frozen.push_back((o.only == "tables" && measured) || (o.only == "terms" && !measured));
    }
    fit.report = [](int epoch, double error) {
        std::cout << "  epoch " << epoch << ": train " << error << "\n";
    };
    return fit;
}

struct DataSets {
    std::vector<TrainingPosition> train;
    std::vector<TrainingPosition> valid;  // whole games held out
};

DataSets load_positions(const Options& o) {
    std::vector<TrainingPosition> positions;
    std::uint32_t games = 0;
    for (const std::string& path : o.pgn_files) {
        std::ifstream in(path);
        if (!in) throw std::runtime_error("cannot read " + path);
        const std::size_t first = positions.size();
        const ReadStats stats = read_pgn_positions(in, path, o.skip_plies, positions);
        for (std::size_t i = first; i < positions.size(); ++i) positions[i].game += games;
        games += std::uint32_t(stats.games);
        std::cout << path << ": " << stats.games << " games, " << stats.positions << " positions ("
                  << stats.skipped_games << " unfinished games skipped)\n";
    }
    std::mt19937_64 rng(o.seed);
    std::shuffle(positions.begin(), positions.end(), rng);
    if (o.max_positions && positions.size() > o.max_positions) positions.resize(o.max_positions);
    // Validation holds out whole games: positions of one game are too alike to test each other.
    std::vector<bool> held_out(games, false);
    std::vector<std::uint32_t> order(games);
    for (std::uint32_t g = 0; g < games; ++g) order[g] = g;
    std::shuffle(order.begin(), order.end(), rng);
    for (std::size_t i = 0; i < std::size_t(double(games) * o.validation); ++i)
        held_out[order[i]] = true;
    DataSets sets;
    for (TrainingPosition& p : positions)
        (held_out[p.game] ? sets.valid : sets.train).push_back(std::move(p));
    return sets;
}

int run(const Options& o) {
    const auto [train, valid] = load_positions(o);
    if (train.empty()) throw std::runtime_error("no training positions");
    std::cout << train.size() << " training and " << valid.size()
              << " validation positions (whole games held out), " << dims().size()
              << " dimensions, " << o.threads << " threads\n";

    const std::vector<int> start = read_weights();
    std::vector<int> weights = start;
    double k = 0.0;
    double k_search = 0.0;  // scale of the PGN comments' scores (--search-weight)
    const FitOptions fit = fit_options(o, start);
    for (int round = 1; round <= o.rounds; ++round) {
        LinearModel model = measure(train, weights, o.threads);
        LinearModel vmodel = measure(valid, weights, o.threads);
        if (round == 1) {
            k = fit_scale(model, o.threads);  // on the game results alone
            std::cout << "sigmoid scale k = " << k << " (Texel K = " << k * 400.0 / std::log(10.0)
                      << ")\n";
            if (o.search_weight > 0.0) {
                k_search = fit_search_scale(model);
                std::cout << "search score scale k = " << k_search << "\n";
            }
        }
        if (o.search_weight > 0.0) {
            blend_search_scores(model, k_search, o.search_weight);
            blend_search_scores(vmodel, k_search, o.search_weight);
        }
        const std::vector<double> origin = as_real(weights);
        if (model.samples.empty()) throw std::runtime_error("no position left to fit");
        std::cout << "round " << round << ": " << model.coefficients.size() / model.samples.size()
                  << " coefficients per position; error train "
                  << mean_error(model, origin, k, o.threads) << ", validation "
                  << mean_error(vmodel, origin, k, o.threads) << "\n";
        const std::vector<double> fitted = fit_weights(model, origin, k, fit);
        weights = rounded(fitted);
        std::cout << "  fitted (linear model): validation "
                  << mean_error(vmodel, as_real(weights), k, o.threads) << "\n";
    }
    if (o.step != 1.0) {
        // A line search along the fitted change: start + step * (fitted - start).
        for (std::size_t i = 0; i < weights.size(); ++i)
            weights[i] = start[i] + int(std::lround(o.step * (weights[i] - start[i])));
        std::cout << "weights moved " << o.step << " times the fitted change\n";
    }
    LinearModel final_valid = measure(valid, weights, o.threads);
    if (o.search_weight > 0.0) blend_search_scores(final_valid, k_search, o.search_weight);
    std::cout << "final validation error (re-measured): "
              << mean_error(final_valid, as_real(weights), k, o.threads) << "\n";
    print_changes(start, weights, 40);

    if (!o.write_source.empty()) {
        const std::string weights_path = o.write_source + "/weights.hpp";
        const std::string pst_path = o.write_source + "/pst.hpp";
        write_file(weights_path, rewrite_weights_header(read_file(weights_path), weights));
        write_file(pst_path, rewrite_pst_header(read_file(pst_path), weights));
        std::cout << "rewrote " << weights_path << " and " << pst_path
                  << " (run clang-format on them)\n";
    }
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    Options o;
    o.threads = int(std::max(1u, std::thread::hardware_concurrency()));
    po::options_description visible(
        "Usage: lmr-eval-tune [options] GAMES.pgn...\n\n"
        "Fits the evaluation weights to the results of the games (Texel's method) and prints\n"
        "how the prediction error changed; --write-source rewrites the weights in place.\n\n"
        "Options");
    auto add = visible.add_options();
    add("skip-plies", po::value(&o.skip_plies)->default_value(o.skip_plies),
        "plies at the start of each game not used");
    add("rounds", po::value(&o.rounds)->default_value(o.rounds),
        "re-measurements of the linear model");
    add("epochs", po::value(&o.epochs)->default_value(o.epochs), "Adam steps per round");
    add("learning-rate", po::value(&o.learning_rate)->default_value(o.learning_rate),
        "Adam step size (centipawns)");
    add("regularization", po::value(&o.regularization)->default_value(o.regularization, "1e-8"),
        "L2 pull of every weight toward its starting value");
    add("search-weight", po::value(&o.search_weight)->default_value(o.search_weight),
        "share of each label taken from the search score in the move's PGN comment (0..1)");
    add("only", po::value(&o.only)->default_value(o.only),
        "weights to fit: all, tables (material and piece-square) or terms (weights.hpp)");
    add("step", po::value(&o.step)->default_value(o.step, "1"),
        "write start + step * (fitted - start): a line search along the fit; negative goes "
        "the other way (docs/engine.md says why that is worth trying)");
    add("keep-shapes", po::value(&o.keep_shapes)->default_value(o.keep_shapes),
        "keep mobility, passed-pawn and connected-pawn tables non-decreasing (0 to fit them "
        "freely)");
    add("validation", po::value(&o.validation)->default_value(o.validation, "0.1"),
        "share of games held out to check the fit");
    add("max-positions", po::value(&o.max_positions)->default_value(0),
        "use at most this many positions (0: all)");
    add("threads", po::value(&o.threads)->default_value(o.threads), "worker threads");
    add("seed", po::value(&o.seed)->default_value(o.seed), "seed of the shuffle");
    add("write-source", po::value(&o.write_source),
        "directory holding weights.hpp and pst.hpp to rewrite (engine/eval)");
    add("help,h", "show this help");
    po::options_description hidden;
    hidden.add_options()("pgn", po::value(&o.pgn_files));
    po::options_description all;
    all.add(visible).add(hidden);
    po::positional_options_description positional;
    positional.add("pgn", -1);
    try {
        po::variables_map vm;
        po::store(po::command_line_parser(argc, argv).options(all).positional(positional).run(),
                  vm);
        if (vm.count("help")) {
            std::cout << visible << "\n";
            return 0;
        }
        po::notify(vm);
        if (o.pgn_files.empty()) throw po::error("no PGN file given");
        if (o.rounds < 1 || o.epochs < 1 || o.threads < 1)
            throw po::error("--rounds, --epochs and --threads must be at least 1");
        if (o.only != "all" && o.only != "tables" && o.only != "terms")
            throw po::error("--only must be all, tables or terms");
        if (o.search_weight < 0.0 || o.search_weight > 1.0)
            throw po::error("--search-weight must be in [0, 1]");
        if (o.validation < 0.0 || o.validation >= 1.0)
            throw po::error("--validation must be in [0, 1)");
    } catch (const po::error& e) {
        std::cerr << "lmr-eval-tune: " << e.what() << "\n";
        return 2;
    }
    try {
        return run(o);
    } catch (const std::exception& e) {
        std::cerr << "lmr-eval-tune: " << e.what() << "\n";
        return 1;
    }
}
