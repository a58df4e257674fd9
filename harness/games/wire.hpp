#pragma once

// The service's plain data for another process: what a coordinating process sends to the
// processes that play (the engine settings once, then jobs) and what they send back (finished
// games). The settings are JSON, one document per message. Jobs and finished games are what
// rank 0 of an MPI job encodes and decodes for every game played, so they have a compact layout
// (wire.cpp: fields in a fixed order, varints, length-prefixed text; a 100-ply game is ~5 kB
// instead of ~23 kB of JSON). Both ends run the same build — every rank checks the binaries'
// SHA-256 — so no format is versioned. Decoding is strict: a missing, mistyped, out-of-range or
// truncated field throws WireError naming it (and the move it belongs to).
//
// What does not travel: EngineSettings::protocol_log and GameSettings' cancel flag and on_move
// callback (the receiving process sets its own). A stored run plan has a format of its own
// (harness/tournament/stored_plan.cpp), which later builds must read: the wire is not stored.

#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <string_view>

#include "harness/games/jobs.hpp"
#include "harness/games/settings.hpp"
#include "harness/match/adjudication.hpp"

namespace lmr::games {

class WireError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

std::string encode(const GameJob& job);
GameJob decode_game_job(std::string_view text);

std::string encode(const core::GameRecord& game);
core::GameRecord decode_game_record(std::string_view text);

std::string encode(const EngineSettings& settings);
EngineSettings decode_engine_settings(std::string_view text);

}  // namespace lmr::games
