#include "harness/tournament/schedule.hpp"

namespace lmr::tournament {

std::vector<std::pair<int, int>> engine_pairings(const RunPlan& plan) {
    const int n = static_cast<int>(plan.engines.size());
    std::vector<std::pair<int, int>> pairings;
    switch (plan.pairing) {
        case Pairing::kHeadToHead:
            pairings.emplace_back(0, 1);
            break;
        case Pairing::kRoundRobin:
            for (int i = 0; i < n; ++i)
                for (int j = i + 1; j < n; ++j) pairings.emplace_back(i, j);
            break;
        case Pairing::kGauntlet:
            for (int j = 1; j < n; ++j) pairings.emplace_back(0, j);
            break;
    }
    return pairings;
}

std::int64_t total_pairs(const RunPlan& plan) {
    return plan.pairs * static_cast<std::int64_t>(engine_pairings(plan).size());
}

PairAssignment pair_at(const RunPlan& plan, const std::vector<std::pair<int, int>>& pairings,
                       std::int64_t pair_index) {
    PairAssignment pair;
    pair.pair_index = pair_index;
    const auto& [a, b] = pairings[static_cast<std::size_t>(pair_index) % pairings.size()];
    // In a tournament the same pairing comes back every pairings.size() pairs; alternating who
    // starts as White keeps first-move advantage balanced within a pairing over openings.
    const bool swap = (pair_index / static_cast<std::int64_t>(pairings.size())) % 2 == 1 &&
                      plan.pairing != Pairing::kHeadToHead;
    pair.first = swap ? b : a;
    pair.second = swap ? a : b;
    pair.opening_slot = pair_index;
    return pair;
}

GameQueue::GameQueue(const RunPlan& plan, std::set<std::pair<std::int64_t, int>> stored_games)
    : plan_(plan),
      pairings_(engine_pairings(plan)),
      stored_(std::move(stored_games)),
      total_(total_pairs(plan)) {}

std::optional<GameTask> GameQueue::next() {
    std::lock_guard lock(mutex_);
    while (!closed_ && pair_cursor_ < total_) {
        GameTask task{pair_at(plan_, pairings_, pair_cursor_), round_cursor_};
        if (++round_cursor_ == 2) {
            round_cursor_ = 0;
            ++pair_cursor_;
        }
        if (!stored_.contains({task.pair.pair_index, task.round})) return task;
    }
    return std::nullopt;
}

void GameQueue::close() {
    std::lock_guard lock(mutex_);
    closed_ = true;
}

}  // namespace lmr::tournament
