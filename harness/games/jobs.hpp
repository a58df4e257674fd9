#pragma once

// The work the engine-games service does, as plain data: a job names engines by their index
// in the service's engine list and carries everything else it needs by value, so it can be
// queued, logged or sent to another process (see service.hpp) without closures or pointers.

#include <chrono>
#include <cstdint>
#include <string>
#include <variant>

#include "harness/core/game_record.hpp"
#include "harness/match/game.hpp"
#include "harness/uci/search_info.hpp"

namespace lmr::games {

// One game between two engines of the list. `id` belongs to the client (e.g. pair·2 + round):
// the service hands it back untouched with the finished game.
struct GameJob {
    std::int64_t id = 0;
    int white = 0;  // engine index
    int black = 1;
    match::Opening opening;
};

// One fixed-node search of a position from `ucinewgame`. A search that fails (crash, timeout,
// garbage, an illegal bestmove) is retried once after a restart of the engine; a second failure
// fails the service.
struct SearchJob {
    std::int64_t id = 0;
    int engine = 0;
    std::string fen;  // 4 or 6 fields
    std::uint64_t nodes = 1;
    std::chrono::milliseconds timeout{60'000};  // one search, before the engine counts as hung
};

using Job = std::variant<GameJob, SearchJob>;

// A finished search.
struct SearchOutcome {
    uci_client::SearchInfo info;  // the search's last word: score, depth, nodes, pv…
    std::string engine_id;        // the engine's `id name`
    bool retried = false;         // the first attempt failed and the engine was restarted
    // The service was stopped (Ctrl-C, …) before the search's `bestmove`: no result, never
    // given to the sink, like a cancelled game.
    bool cancelled = false;
};

// What a slot gives back for a job: the game's record (result "*" when it was cancelled), or
// the search's outcome (`cancelled` when it was).
using JobResult = std::variant<core::GameRecord, SearchOutcome>;

}  // namespace lmr::games
