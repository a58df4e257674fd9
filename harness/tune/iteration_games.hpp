#pragma once

// Plays the games of one SPSA iteration with real engines: `pairs` colour-reversed pairs of
// θ+ against θ−, two processes of the same engine whose UCI options carry the parameter values
// (no config files are written). A client of the engine-games service (harness/games): each
// iteration runs the service over two engine specs, θ+ (index 0) and θ− (index 1), on up to
// `concurrency` slots; a slot starts its θ+ and θ− processes for the iteration (their options
// change every iteration) and keeps them across its games (`ucinewgame`).
//
// Pair p of iteration k is the run-wide pair k·pairs + p: it takes that opening of the book, so
// a resumed tune plays the same openings. θ+ is White in the first game of a pair.

#include <atomic>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "harness/games/executor.hpp"
#include "harness/match/game.hpp"
#include "harness/openings/book.hpp"
#include "harness/tournament/run_plan.hpp"
#include "harness/tune/tuner.hpp"
#include "harness/uci/uci_engine.hpp"

namespace lmr::tune {

struct EngineGamesSetup {
    uci_client::EngineSpec engine;  // argv and the options both sides share
    uci_client::UciTimeouts timeouts;
    match::GameSettings settings;          // time control, margin, stall timeout, adjudication
    const openings::Book* book = nullptr;  // null: the initial position
    int concurrency = 1;
    bool restart_engines = false;  // a new θ+ and θ− process for every game (--restart on)
    const std::atomic<bool>* interrupt = nullptr;  // Ctrl-C: cancels the games in flight
    // Plays the games: on this machine or across an MPI job (cluster::executor()).
    const games::JobExecutor* executor = &games::local_executor();
    games::PlayerFiles files;  // played elsewhere: the binary each machine must have, the config
};

// The setup of a tune's plan: its one engine, game settings and timeouts converted as for any
// run (tournament::engine_spec, game_settings, engine_timeouts). Throws like game_settings.
EngineGamesSetup plan_games_setup(const tournament::RunPlan& plan, const openings::Book* book,
                                  const std::atomic<bool>* interrupt,
                                  const games::JobExecutor& executor);

// A PlayIteration over real engines. Returns nullopt when interrupted; throws
// std::runtime_error when an engine can no longer be started. `setup.book` must outlive it.
PlayIteration engine_games(EngineGamesSetup setup);

// The spec of one side: the shared spec with the side's parameter values appended.
uci_client::EngineSpec side_spec(const uci_client::EngineSpec& engine, const std::string& name,
                                 const OptionList& values);

}  // namespace lmr::tune
