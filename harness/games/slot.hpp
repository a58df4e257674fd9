#pragma once

// A slot runs one job at a time for the engine-games service. The local kind (EngineSlot)
// owns engine processes; a remote kind would forward the job to another process and wait for
// its result (service.hpp).

#include <atomic>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "harness/games/jobs.hpp"
#include "harness/games/settings.hpp"

namespace lmr::games {

// A search that failed twice in a row on the same position (crash, timeout, garbage), the
// engine restarted in between: the message names the engine and the position.
class SearchFailure : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

class Slot {
  public:
    virtual ~Slot() = default;
    // Runs `job`. A game sees `cancel` before every move and comes back unfinished (result
    // "*") once it is set; a search sees it while it waits for `bestmove` and comes back
    // cancelled (its engine killed, the search not retried). Throws for a failure that stops the
    // service: an engine that can no longer be started (uci_client::UciError), a SearchFailure, a
    // game that cannot be set up.
    virtual JobResult run(const Job& job, const std::atomic<bool>& cancel) = 0;
};

// A slot of local engine processes: an engine is started on its first job (by its index in
// EngineSettings::engines), kept across jobs (`ucinewgame`), restarted after a fault (by
// play_game, or here before a search's retry) and after every game when restart_after_game is
// set, and quit when the slot is destroyed.
class EngineSlot : public Slot {
  public:
    // cpu: the CPU its engines are held on (ServiceOptions::cpus); nullopt: not held.
    explicit EngineSlot(const EngineSettings& settings, std::optional<int> cpu = std::nullopt);
    ~EngineSlot() override;
    EngineSlot(const EngineSlot&) = delete;
    EngineSlot& operator=(const EngineSlot&) = delete;

    JobResult run(const Job& job, const std::atomic<bool>& cancel) override;

  private:
    uci_client::UciEngine& engine(int index);
    core::GameRecord play(const GameJob& job, const std::atomic<bool>& cancel);
    SearchOutcome search(const SearchJob& job, const std::atomic<bool>& cancel);
    void quit_engines();

    const EngineSettings& settings_;
    match::GameSettings game_settings_;  // settings_.game with this slot's cancel flag
    std::vector<std::unique_ptr<uci_client::UciEngine>> engines_;
    std::optional<int> cpu_;
};

}  // namespace lmr::games
