#pragma once

// Which games a run plays, in which order. A pair is one opening played twice with colours
// reversed; pairs are numbered 0, 1, 2… and computed from their index alone, so a resumed run
// (or a worker elsewhere) derives exactly the same games without storing the schedule.

#include <cstdint>
#include <mutex>
#include <optional>
#include <set>
#include <utility>
#include <vector>

#include "harness/tournament/run_plan.hpp"

namespace lmr::tournament {

struct PairAssignment {
    std::int64_t pair_index = 0;
    int first = 0;  // engine index; White in round 0, Black in round 1
    int second = 1;
    std::int64_t opening_slot = 0;  // the pair's place in the opening sequence (book wraps)
};

struct GameTask {
    PairAssignment pair;
    int round = 0;  // 0 or 1
    int white() const { return round == 0 ? pair.first : pair.second; }
    int black() const { return round == 0 ? pair.second : pair.first; }
};

// The engine pairings of a plan: {0,1} head-to-head; every i<j for a round robin; {0,j} for a
// gauntlet.
std::vector<std::pair<int, int>> engine_pairings(const RunPlan& plan);

// Total pairs the plan plays (pairs per pairing × pairings).
std::int64_t total_pairs(const RunPlan& plan);

PairAssignment pair_at(const RunPlan& plan, const std::vector<std::pair<int, int>>& pairings,
                       std::int64_t pair_index);

// Hands out the games still to play, pair by pair (both games of a pair before the next pair,
// so pairs complete early and the SPRT sees them), skipping games already stored. Thread-safe.
class GameQueue {
  public:
    GameQueue(const RunPlan& plan, std::set<std::pair<std::int64_t, int>> stored_games);

    // The next game, or nullopt when the plan is exhausted or close() was called.
    std::optional<GameTask> next();
    void close();

  private:
    RunPlan plan_;
    std::vector<std::pair<int, int>> pairings_;
    std::set<std::pair<std::int64_t, int>> stored_;
    std::int64_t total_;
    std::int64_t pair_cursor_ = 0;
    int round_cursor_ = 0;
    bool closed_ = false;
    std::mutex mutex_;
};

}  // namespace lmr::tournament
