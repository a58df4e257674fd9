#pragma once

// The warning lines at the end of a run about engines whose PVs broke fastchess's rules
// (docs/pv-checks.md), so that no engine's PV bugs go unseen in a run that otherwise went well.

#include <cstdint>
#include <ostream>
#include <string>

namespace lmr::cli {

// One "Warning: …" line per engine of the run with PV violations in its stored games (the whole
// run, sessions before a resume included), read from the database `db`; nothing when there are
// none or the database cannot be read (the run's own result has been printed already).
void print_pv_warnings(std::ostream& out, const std::string& db, std::int64_t run_id,
                       const std::string& program);

}  // namespace lmr::cli
