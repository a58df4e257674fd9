#pragma once

// Turns a played game (lmr::match::GameRecord) into the row the database stores.

#include <cstdint>
#include <optional>

#include "harness/match/game_record.hpp"
#include "harness/store/records.hpp"

namespace lmr::tournament {

struct GamePlace {
    std::int64_t run_id = 0;
    std::int64_t pair_index = 0;
    int round_in_pair = 0;
    std::int64_t white_engine_id = 0;
    std::int64_t black_engine_id = 0;
    std::optional<std::int64_t> opening_index;
};

// `game` must be finished (it has a result); pgn is the game's PGN text.
store::GameRecord to_store_record(const match::GameRecord& game, const GamePlace& place,
                                  std::string pgn);

}  // namespace lmr::tournament
