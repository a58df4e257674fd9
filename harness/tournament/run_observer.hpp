#pragma once

// What else a run does with its games besides storing them: a live PGN file, the
// fastchess-style "Started game"/"Finished game" lines. The runner calls every observer from
// one thread at a time (a mutex around the calls), game_finished only after the game is
// stored, so an observer never shows a game the database does not hold.

#include <cstdint>

#include "harness/core/game_record.hpp"
#include "harness/tournament/run_plan.hpp"
#include "harness/tournament/schedule.hpp"

namespace lmr::tournament {

class RunObserver {
  public:
    virtual ~RunObserver() = default;
    // The run is about to play its games (stored ones are not played again): its id and plan
    // (on resume, the stored plan).
    virtual void run_started(std::int64_t run_id, const RunPlan& plan) {
        (void)run_id;
        (void)plan;
    }
    // A slot is about to play the game.
    virtual void game_started(const GameTask& task) { (void)task; }
    // The game is stored.
    virtual void game_finished(const GameTask& task, const core::GameRecord& game) {
        (void)task;
        (void)game;
    }
};

// fastchess's game numbers: game 2k-1 of pair k has the pair's first engine as White, game 2k
// as Black (1-based, counted over the whole run).
inline std::int64_t game_number(const GameTask& task) {
    return 2 * task.pair.pair_index + task.round + 1;
}

}  // namespace lmr::tournament
