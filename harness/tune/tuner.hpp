#pragma once

// The SPSA loop over a tune run stored in SQLite: per iteration draw Δ, have the games played
// (θ+ against θ−), update θ, and store the whole iteration — k, gains, Δ, θ±, W/D/L, θ after and
// the generator state — in one transaction. Everything the loop needs comes from the database,
// so a fresh start and a resume after `kill -9` are the same call: the SPSA state is rebuilt
// from the last stored iteration (θ after, generator state), and the iteration that was in
// flight is played again from scratch with the same Δ. No iteration is lost or stored twice.
//
// The a_k and c_k columns hold the schedule factors a_scale(k) and c_scale(k) shared by all
// parameters (spsa.hpp): parameter i's gains are a_end_i · a_k and c_end_i · c_k.
//
// Who plays the games is a parameter (PlayIteration): lmr-engine processes in the product
// (iteration_games.hpp), a simulated objective in tests.

#include <atomic>
#include <cstdint>
#include <functional>
#include <iosfwd>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "harness/core/fault_tally.hpp"
#include "harness/core/game_record.hpp"
#include "harness/stats/counts.hpp"
#include "harness/store/store.hpp"
#include "harness/tournament/player_claim.hpp"
#include "harness/tournament/progress.hpp"
#include "harness/tune/spsa.hpp"

namespace lmr::tune {

using OptionList = std::vector<std::pair<std::string, std::string>>;

struct IterationRequest {
    int k = 0;
    std::int64_t first_pair = 0;  // k · pairs: the run-wide index of the iteration's first pair
    int pairs = 0;                // colour-reversed pairs to play
    const Perturbation* perturbation = nullptr;
    OptionList plus_options, minus_options;  // parameter name → value as sent (rounded)
};

// Games lost to an engine fault (crash, time forfeit, illegal move, stall:
// core::is_engine_fault), by the side that committed it ("theta+", "theta-") and the fault. A
// tune keeps no games, so its output is the only place these can be told.
struct FaultCounts {
    std::map<std::string, core::FaultTally> by_side;  // only the faulted games are added

    void add(const std::string& side, core::Termination fault, long count = 1);
    void add(const FaultCounts& other);
    long total() const;
    bool empty() const { return by_side.empty(); }
};

// "theta+: 2 crash, 1 time forfeit; theta-: 1 illegal move" (sides, then faults, in order).
std::string fault_summary(const FaultCounts& faults);

// From θ+'s point of view, over the iteration's games.
struct IterationResult {
    stats::Trinomial games;
    FaultCounts faults;  // those of the games that an engine fault decided
};

// Plays an iteration's games. nullopt: cancelled (Ctrl-C); nothing of it is kept. Throws
// (std::exception) for a failure that stops the run (an engine that can no longer start).
using PlayIteration = std::function<std::optional<IterationResult>(const IterationRequest&)>;

struct TuneSession {
    store::Store* store = nullptr;  // the one writer
    std::int64_t run_id = 0;
    // This process's claim on the run, renewed before each stored iteration: once another
    // process has taken the run over, the tune stops without writing. Null: unclaimed (tests).
    tournament::PlayerClaim* claim = nullptr;
    const std::atomic<bool>* interrupt = nullptr;  // checked between iterations
    std::ostream* out = nullptr;                   // progress; null: silent
    tournament::TerminalWidth live;                // a terminal: one line rewritten in place
    // Stop (as interrupted, resumable) after this many iterations in this session: for tests.
    std::optional<int> max_iterations;
};

struct TuneOutcome {
    store::RunStatus status = store::RunStatus::kFinished;
    int iterations_done = 0;  // stored in total, earlier sessions included
    int iterations_total = 0;
    std::vector<double> theta;  // after the last stored iteration
    std::string error;          // when status is kFailed
    // Over the iterations stored in this session (a resumed tune's earlier faults are not
    // stored): their games, and those an engine fault decided.
    long games_played = 0;
    FaultCounts faults;
};

// Runs the remaining iterations of the stored tune and sets the run's status (running, then
// finished, interrupted or failed — a failure's message is stored and returned, not thrown).
TuneOutcome run_tune(const TuneSession& session, const PlayIteration& play);

// The generator seed of a run: derived from the run's seed (which also orders the book), so
// the opening order and the Δ signs do not come from one and the same stream.
std::uint64_t spsa_seed(std::uint64_t run_seed);

// Conversions between the store's records and the maths' types.
SpsaSettings to_spsa(const store::TuneSettings& settings);
store::TuneSettings to_store(const SpsaSettings& settings, int pairs_per_iteration);
SpsaParam to_spsa(const store::TuneParam& param);
store::TuneParam to_store(const SpsaParam& param);

// The SPSA state after the stored iterations of a run (fresh when there are none).
Spsa restore_spsa(const store::Store& store, std::int64_t run_id);

// θ after the last stored iteration, or the start values.
std::vector<double> final_theta(const store::Store& store, std::int64_t run_id);

// "history.weight=12.3 eval_margin.weight=8.1" (the last two parts of each name; at most
// `max_shown` parameters, then "+n more").
std::string theta_summary(const std::vector<SpsaParam>& params, const std::vector<double>& theta,
                          std::size_t max_shown = 4);
std::string short_name(const std::string& name);

}  // namespace lmr::tune
