#pragma once

// Scores positions with a UCI engine: one fixed-node search per position, several engine
// processes at once — a client of the engine-games service (harness/games), each position a
// SearchJob on one of `concurrency` slots, each slot owning its engine. Every search starts from
// `ucinewgame` (cleared hash and history), so with a node limit a deterministic engine gives
// the same score whatever the concurrency and the order the positions are handed out.

#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

#include "harness/openings/book_generator.hpp"
#include "harness/uci/uci_engine.hpp"

namespace lmr::openings {

struct ScorerOptions {
    uci_client::EngineSpec engine;
    uci_client::UciTimeouts timeouts;  // the engine's start (`uci`) and `isready`
    std::uint64_t nodes = 20000;
    int concurrency = 1;  // engine processes
    // One search may take this long before the engine counts as hung (restarted, retried once).
    std::chrono::milliseconds search_timeout{60'000};
    // Ctrl-C: stops the scoring (searches in flight are abandoned, their engines killed) and
    // score_positions throws ScorerInterrupted. Null: never.
    const std::atomic<bool>* interrupt = nullptr;
    // Called (from a slot's thread, serialised) after each position with the count done.
    std::function<void(std::size_t done, std::size_t total)> progress;
};

struct ScorerResult {
    std::vector<Evaluation> evaluations;  // one per position, in input order
    std::string engine_id;                // the engine's `id name`
    std::size_t retries = 0;              // searches repeated after a fault
};

// An engine that cannot start, or a search that fails twice in a row (crash, timeout,
// garbage): the message names the engine and the position.
class ScorerError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

// The scoring was stopped by ScorerOptions::interrupt before every position had its score.
class ScorerInterrupted : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

// `positions` are FENs (4 or 6 fields). Throws ScorerError, ScorerInterrupted;
// std::invalid_argument when concurrency < 1 or nodes == 0.
ScorerResult score_positions(const std::vector<std::string>& positions,
                             const ScorerOptions& options);

// An info score as an Evaluation (bounds are taken as they are: the search's last word).
Evaluation to_evaluation(const uci_client::SearchInfo& info);

}  // namespace lmr::openings
