#pragma once

// The report as JSON for scripts. Statistics objects are harness/stats' to_json(), the same
// object `lmr-harness stats --json` prints for the same counts. Undefined numbers are null;
// infinities are the strings "+inf" / "-inf" (as the stats JSON writes them).

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "harness/report/data.hpp"

namespace lmr::report {

// {"database", "runs": [run…]}
nlohmann::ordered_json runs_json(const std::vector<RunRow>& runs, const std::string& database);
// {"database", "columns": "study", "runs": [{the CSV columns of `--columns study`}]}
nlohmann::ordered_json study_json(const std::vector<StudyRow>& rows, const std::string& database);
// {"run": run, "engines", "terminations", "faults", "search", "standings", "pairings",
//  "openings", "history", "lmr", "tune"}; standings: [{rank (null: a gauntlet's first engine),
//  engine, stats}], pairings: [{first, second, stats}] (tournaments; empty otherwise)
nlohmann::ordered_json run_json(const RunDetail& run);
// {"baseline", "opponents", "configs": [{config, relation, pairs, runs, run_ids, setups,
//  stats, common_opponents}]}
nlohmann::ordered_json baseline_json(const BaselineReport& report);
// {"anchor", "databases", "configs": [{rank, config, elo, elo_error, pairs, stats, opponents}],
//  "unconnected": [names], "time_controls": [{time_control, database (null for one), runs}]};
//  stats: the config's own pooled pairs, as `stats --json` (no SPRT)
nlohmann::ordered_json ratings_json(const RatingsReport& report);

// One run of the list: id, kind, status, verdict, dates, engines, counts and "stats".
nlohmann::ordered_json run_row_json(const RunRow& row);

}  // namespace lmr::report
