#pragma once

// The adjudication settings as JSON: the one writer of the form both the stored plan
// (tournament/stored_plan.cpp) and the MPI wire (games/wire.cpp) carry. Each reads it its own
// way — the stored plan with defaults for fields added since a run was stored, the wire strictly,
// since both of its ends are one build — so the readers stay with their formats.

#include <nlohmann/json.hpp>

#include "harness/match/adjudication.hpp"

namespace lmr::match {

// {"draw": {enabled, move_number, move_count, score_cp}, "resign": {enabled, move_count,
// score_cp, two_sided}, "max_moves"}
nlohmann::json adjudication_to_json(const AdjudicationConfig& adjudication);

}  // namespace lmr::match
