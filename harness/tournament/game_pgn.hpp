#pragma once

// The PGN tags of a run's game, one definition for the PGN stored with the game and the live
// PGN file (pgn_output.hpp), so both name a game alike: Event and Site from the plan ("LMR Lab
// run N" and "LMR Lab" when it names none), Round "pair.game", both 1-based ("3.2": the second
// game of the third pair).

#include <cstdint>

#include "harness/match/pgn.hpp"
#include "harness/tournament/run_plan.hpp"
#include "harness/tournament/schedule.hpp"

namespace lmr::tournament {

match::PgnTags game_pgn_tags(const RunPlan& plan, std::int64_t run_id, const GameTask& task);

}  // namespace lmr::tournament
