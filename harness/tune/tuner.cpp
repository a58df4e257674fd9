#include "harness/tune/tuner.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <ostream>
#include <sstream>
#include <utility>

namespace lmr::tune {
namespace {

using SteadyClock = std::chrono::steady_clock;

std::string format_duration(double seconds) {
    const long total = std::lround(std::max(0.0, seconds));
    char text[32];
    if (total >= 3600)
        std::snprintf(text, sizeof text, "%ld:%02ld:%02ld", total / 3600, total / 60 % 60,
                      total % 60);
    else
        std::snprintf(text, sizeof text, "%ld:%02ld", total / 60, total % 60);
    return text;
}

std::string format_value(double value) {
    char text[32];
    std::snprintf(text, sizeof text, "%.2f", value);
    return text;
}

// One line per iteration; on a terminal the same line is rewritten in place.
class IterationProgress {
  public:
    IterationProgress(std::ostream* out, tournament::TerminalWidth terminal, int total,
                      int done_at_start)
        : out_(out),
          terminal_(std::move(terminal)),
          total_(total),
          done_at_start_(done_at_start),
          started_(SteadyClock::now()) {}

    void iteration_done(const store::TuneIteration& it, const std::vector<SpsaParam>& params) {
        if (!out_) return;
        const int done = it.k + 1;
        const double elapsed = std::chrono::duration<double>(SteadyClock::now() - started_).count();
        const int this_session = done - done_at_start_;
        std::ostringstream line;
        line << "iteration " << done << "/" << total_ << " | W" << it.wins << " D" << it.draws
             << " L" << it.losses << " (" << (it.wins - it.losses >= 0 ? "+" : "")
             << it.wins - it.losses << ") | " << theta_summary(params, it.theta_after) << " | ";
        if (done < total_ && this_session > 0)
            line << "ETA " << format_duration(elapsed / this_session * (total_ - done));
        else
            line << "elapsed " << format_duration(elapsed);
        if (terminal_) {
            // θ matters more than the games and the time.
            tournament::redraw_line(*out_, terminal_, line.str(), {"W", "ETA", "elapsed"});
            open_ = true;
        } else {
            *out_ << line.str() << '\n' << std::flush;
        }
    }

    // After an iteration that had games decided by engine faults: which side, which fault.
    void faulted_games(const store::TuneIteration& it, const FaultCounts& faults) {
        const long games = it.wins + it.draws + it.losses;
        message("iteration " + std::to_string(it.k + 1) + "/" + std::to_string(total_) +
                " | games lost to engine faults: " + std::to_string(faults.total()) + "/" +
                std::to_string(games) + " (" + fault_summary(faults) + ")");
    }

    void message(const std::string& text) {
        if (!out_) return;
        close();
        *out_ << text << '\n' << std::flush;
    }

    void close() {
        if (open_ && out_) *out_ << '\n' << std::flush;
        open_ = false;
    }

  private:
    std::ostream* out_;
    tournament::TerminalWidth terminal_;  // empty: not a terminal
    int total_;
    int done_at_start_;
    SteadyClock::time_point started_;
    bool open_ = false;
};

OptionList side_options(const std::vector<SpsaParam>& params, const std::vector<double>& theta) {
    OptionList options;
    for (std::size_t i = 0; i < params.size(); ++i)
        options.emplace_back(params[i].name, send_value(params[i], theta[i]));
    return options;
}

}  // namespace

void FaultCounts::add(const std::string& side, core::Termination fault, long count) {
    by_side[side].add(fault, count);
}

void FaultCounts::add(const FaultCounts& other) {
    for (const auto& [side, tally] : other.by_side) by_side[side].add(tally);
}

long FaultCounts::total() const {
    long sum = 0;
    for (const auto& [side, tally] : by_side) sum += tally.faults();
    return sum;
}

std::string fault_summary(const FaultCounts& faults) {
    std::string text;
    for (const auto& [side, tally] : faults.by_side)
        text += (text.empty() ? "" : "; ") + side + ": " + tally.kinds();
    return text;
}

std::uint64_t spsa_seed(std::uint64_t run_seed) {
    // splitmix64: a bijection that scatters nearby seeds far apart.
    std::uint64_t z = run_seed + 0x9e3779b97f4a7c15ULL;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

SpsaSettings to_spsa(const store::TuneSettings& settings) {
    return {settings.iterations, settings.alpha, settings.gamma, settings.big_a};
}

store::TuneSettings to_store(const SpsaSettings& settings, int pairs_per_iteration) {
    return {settings.iterations, pairs_per_iteration, settings.alpha, settings.gamma,
            settings.big_a};
}

SpsaParam to_spsa(const store::TuneParam& p) {
    return {p.name, p.is_integer, p.start, p.min, p.max, p.c_end, p.r_end};
}

store::TuneParam to_store(const SpsaParam& p) {
    return {p.name, p.start, p.min, p.max, p.c_end, p.r_end, p.is_integer};
}

Spsa restore_spsa(const store::Store& store, std::int64_t run_id) {
    const SpsaSettings settings = to_spsa(store.tune_settings(run_id));
    std::vector<SpsaParam> params;
    for (const auto& p : store.tune_params(run_id)) params.push_back(to_spsa(p));
    const auto last = store.last_tune_iteration(run_id);
    if (!last) return Spsa(settings, std::move(params), spsa_seed(store.load_run(run_id).seed));
    return Spsa::resume(settings, std::move(params), last->theta_after, last->k + 1,
                        last->rng_state);
}

std::vector<double> final_theta(const store::Store& store, std::int64_t run_id) {
    if (const auto last = store.last_tune_iteration(run_id)) return last->theta_after;
    std::vector<double> theta;
    for (const auto& p : store.tune_params(run_id)) theta.push_back(p.start);
    return theta;
}

std::string short_name(const std::string& name) {
    const auto last = name.rfind('.');
    if (last == std::string::npos || last == 0) return name;
    const auto before = name.rfind('.', last - 1);
    return before == std::string::npos ? name : name.substr(before + 1);
}

std::string theta_summary(const std::vector<SpsaParam>& params, const std::vector<double>& theta,
                          std::size_t max_shown) {
    std::string text;
    for (std::size_t i = 0; i < params.size() && i < theta.size(); ++i) {
        if (i == max_shown) {
            text += " +" + std::to_string(params.size() - max_shown) + " more";
            break;
        }
        if (i > 0) text += ' ';
        text += short_name(params[i].name) + '=' + format_value(theta[i]);
    }
    return text;
}

TuneOutcome run_tune(const TuneSession& session, const PlayIteration& play) {
    auto& store = *session.store;
    const auto run_id = session.run_id;
    Spsa spsa = restore_spsa(store, run_id);
    const int pairs = store.tune_settings(run_id).pairs_per_iteration;
    const int total = spsa.settings().iterations;

    TuneOutcome outcome;
    outcome.iterations_total = total;
    IterationProgress progress(session.out, session.live, total, spsa.k());
    if (spsa.k() > 0)
        progress.message("continuing after iteration " + std::to_string(spsa.k()) + " of " +
                         std::to_string(total) + ": " + theta_summary(spsa.params(), spsa.theta()));
    store.set_run_status(run_id, store::RunStatus::kRunning);

    const auto interrupted = [&] { return session.interrupt && session.interrupt->load(); };
    int played = 0;
    int stored = spsa.k();  // iterations in the database
    outcome.theta = spsa.theta();
    try {
        while (!spsa.finished()) {
            if (interrupted() || (session.max_iterations && played >= *session.max_iterations)) {
                outcome.status = store::RunStatus::kInterrupted;
                break;
            }
            const Perturbation p = spsa.perturb();
            IterationRequest request;
            request.k = p.k;
            request.first_pair = static_cast<std::int64_t>(p.k) * pairs;
            request.pairs = pairs;
            request.perturbation = &p;
            request.plus_options = side_options(spsa.params(), p.theta_plus);
            request.minus_options = side_options(spsa.params(), p.theta_minus);
            const auto result = play(request);
            if (!result) {  // cancelled: the iteration is played again on resume
                outcome.status = store::RunStatus::kInterrupted;
                break;
            }
            if (session.claim && !session.claim->renew()) {
                outcome.status = store::RunStatus::kInterrupted;
                outcome.error = session.claim->loss_message();
                break;
            }
            spsa.update(p, static_cast<double>(result->games.wins - result->games.losses));

            store::TuneIteration it;
            it.k = p.k;
            // The table has one a_k and one c_k per iteration but every parameter has its own
            // gains; the shared schedule factors are stored (parameter i's gains are
            // a_end_i · a_k and c_end_i · c_k; both factors are 1 at the last iteration).
            it.a_k = p.a_scale;
            it.c_k = p.c_scale;
            it.delta = p.delta;
            it.theta_plus = p.theta_plus;
            it.theta_minus = p.theta_minus;
            it.theta_after = spsa.theta();
            it.wins = result->games.wins;
            it.draws = result->games.draws;
            it.losses = result->games.losses;
            it.rng_state = spsa.rng_state();
            store.record_tune_iteration(run_id, it);
            stored = it.k + 1;
            outcome.theta = it.theta_after;
            ++played;
            outcome.games_played += result->games.wins + result->games.draws + result->games.losses;
            outcome.faults.add(result->faults);
            progress.iteration_done(it, spsa.params());
            if (!result->faults.empty()) progress.faulted_games(it, result->faults);
        }
    } catch (const std::exception& e) {
        outcome.status = store::RunStatus::kFailed;
        outcome.error = e.what();
    }
    progress.close();
    if (stored == total && outcome.status != store::RunStatus::kFailed)
        outcome.status = store::RunStatus::kFinished;
    outcome.iterations_done = stored;
    const auto end = tournament::end_run(store, run_id, session.claim,
                                         {outcome.status, std::nullopt, outcome.error});
    outcome.status = end.status;
    outcome.error = end.error;
    return outcome;
}

}  // namespace lmr::tune
