#pragma once

// The standings a tournament prints when it ends: every engine's score against the field with
// its Elo ± 95 %, and every pairing, read back from the results database — the same section
// `lmr-harness report --run N` shows, so the two never disagree.

#include <cstdint>
#include <ostream>
#include <string>

#include "harness/report/load.hpp"

namespace lmr::cli {

// The standings section of the run's end reading (report::load_run_end of run `run_id` in
// `db`). When the database could not be read, one line saying so and pointing at `report` (the
// run's own result has been printed already, and its exit code must not change for this).
void print_tournament_standings(std::ostream& out, const report::RunEndReading& reading,
                                const std::string& db, std::int64_t run_id,
                                const std::string& program);

}  // namespace lmr::cli
