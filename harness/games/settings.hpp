#pragma once

// The typed settings of the engine-games service. Clients convert their own inputs (a run
// plan, command-line flags) into these once, at the service's edge; nothing inside the service
// parses text.

#include <atomic>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "harness/match/game.hpp"
#include "harness/uci/uci_engine.hpp"

namespace lmr::games {

class Slot;

// Sees every line to and from every engine; called on slot threads, concurrently for
// different engines.
using ProtocolLog =
    std::function<void(const std::string& engine, bool to_engine, std::string_view line)>;

// What a local slot needs to start engines and play games.
struct EngineSettings {
    std::vector<uci_client::EngineSpec> engines;  // jobs name engines by index in this list
    uci_client::UciTimeouts timeouts;
    match::GameSettings game;  // time control, margin, stall timeout, adjudication; the
                               // service sets `cancel`
    // Engines (by index in `engines`) that play under limits of their own (time odds); the
    // others play under game.time_control and game.time_margin.
    std::map<int, match::SideLimits> own_limits;
    // A new engine process for every game (cutechess-cli's `restart=on`); otherwise a slot
    // keeps its engines across jobs (`ucinewgame`) and restarts one only after a fault.
    bool restart_after_game = false;
    ProtocolLog protocol_log;  // empty: no log
};

// Builds the slot with index `slot` (0 … concurrency − 1); see service.hpp.
using SlotFactory = std::function<std::unique_ptr<Slot>(int slot)>;

struct ServiceOptions {
    int concurrency = 1;                           // slots, each running one job at a time
    const std::atomic<bool>* interrupt = nullptr;  // Ctrl-C: stops the service
    // Polled while jobs run; true stops the service (e.g. this process lost its claim on the
    // run). Empty: never.
    std::function<bool()> stop_requested;
    // Empty: local slots over EngineSettings (engine_slot.hpp).
    SlotFactory make_slot;
    // fastchess's -use-affinity: local slot i and its engines are held on cpus[i % size] (a
    // game is a ping-pong between the slot's thread and its engines, cheapest on one CPU);
    // empty: the scheduler places them.
    std::vector<int> cpus;
};

}  // namespace lmr::games
