#pragma once

// The lines at the end of a run about what went wrong in its games: games that engine faults
// ended, and engines whose PVs broke fastchess's rules (docs/pv-checks.md), so that neither
// goes unseen in a run that otherwise went well.

#include <cstdint>
#include <ostream>
#include <string>

#include "harness/report/load.hpp"

namespace lmr::cli {

// One "Warning: …" line per engine of the run with PV violations in its stored games (the whole
// run, sessions before a resume included), from the run's end reading (report::load_run_end of
// `db`); nothing when there are none or the database could not be read (the run's own result
// has been printed already).
void print_pv_warnings(std::ostream& out, const report::RunEndReading& reading,
                       const std::string& db, std::int64_t run_id, const std::string& program);

// "Engine faults: 4 of 65 games (6.2 %: 4 time forfeit)" for the stored games of the whole
// run that engine faults ended (time forfeit, illegal move, crash, stall), and a warning line
// when they are more than 3 % of its games; nothing when there are none or the database
// cannot be read.
void print_fault_summary(std::ostream& out, const report::RunEndReading& reading,
                         const std::string& db, std::int64_t run_id, const std::string& program);

}  // namespace lmr::cli
