#pragma once

// Reading a report's data from the results database through the Store's queries (which read the
// SQL views of docs/database.md: run_summary, run_terminations, game_faults, opening_results,
// engine_move_stats, pair_results, config_results, engine_lmr_stats, engine_pv_checks, …) and
// working out the statistics. Nothing here writes, and nothing here speaks SQL. A report reads
// all its queries inside one store::ReadSnapshot.

#include <cstdint>
#include <filesystem>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "harness/report/data.hpp"
#include "harness/store/store.hpp"

namespace lmr::report {

// A question the database cannot answer as asked (an unknown baseline name, unbounded ratings): the
// message says what exists instead. The command line turns it into exit code 2.
class ReportError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

// A list row from a run and its run_summary row (computes the statistics).
RunRow make_run_row(store::RunRecord run, store::RunSummary summary);
// Every run, oldest first.
std::vector<RunRow> load_runs(const store::Store& store);
// Every run, oldest first, with its test engine's search and LMR totals (`--columns study`).
std::vector<StudyRow> load_study_rows(const store::Store& store);
// One run with everything `--run N` shows. StoreError kNotFound when there is no such run.
RunDetail load_run(const store::Store& store, std::int64_t run_id);
// A tournament's standings and pairings over its completed pairs (empty for other kinds of run),
// from pair_results. StoreError kNotFound when there is no such run.
Standings load_standings(const store::Store& store, std::int64_t run_id);
Standings load_standings(const store::Store& store, const store::RunRecord& run,
                         const std::vector<store::RunEngine>& engines);
// What the lines printed at a run's end read, from the database the run has just written: opened
// once (read-only, without an integrity pass: the run has just written it) and read in one
// snapshot — the run's standings (a tournament's; empty for other runs), the games engine faults
// ended, each engine's PV checks. `error` holds the store's message when the database could not
// be read then (the run's own result is printed already; the lines say where to look instead).
struct RunEndReading {
    Standings standings;
    std::vector<store::TerminationTotals> terminations;
    std::vector<store::EnginePvChecks> pv_checks;
    std::string error;
};
RunEndReading load_run_end(const std::filesystem::path& db, std::int64_t run_id);

// What a page reads from one database (load_page.cpp): every run, or the one of `run_id`, the
// `baseline`'s table and the rating list anchored at `anchor`, each when named (over the runs at
// `time_control` only, when given).
struct PageRequest {
    std::optional<std::int64_t> run_id;
    std::optional<std::string> baseline;
    std::optional<std::string> anchor;
    std::optional<std::string> time_control;
};
PageData load_page(const store::Store& store, const std::string& db, const PageRequest& request);
// Every run of each database, each read in one snapshot: the parts of a page of several
// sources. With `upgrade`, each database is first opened for writing, which applies the schema
// migrations of this build (the one write a report makes, and only when asked).
std::vector<PageData> load_whole_pages(const std::vector<std::string>& dbs, bool upgrade);
// The rating sources of several databases, each read in one snapshot (upgraded as above).
std::vector<RatingSource> load_rating_sources(const std::vector<std::string>& dbs, bool upgrade,
                                              const std::optional<std::string>& time_control);
// Applies the schema migrations of this build to `db` (opens it for writing).
void upgrade_database(const std::filesystem::path& db);

// Every config measured against `baseline` (over the runs at `time_control` only, when given);
// ReportError when no completed pair names it, or no run was played at that time control.
BaselineReport load_baseline(const store::Store& store, std::string_view baseline,
                             const std::optional<std::string>& time_control = std::nullopt);
// What a rating list reads from one database: every meeting of two configs (over the runs at
// `time_control` only, when given: ReportError when there is none) and every run.
RatingSource load_rating_source(const store::Store& store,
                                const std::optional<std::string>& time_control = std::nullopt);
// The runs of `ids` grouped by time control, in the order of their first run; `database` is
// written into each (empty when a list reads one database).
std::vector<PooledTimeControl> pooled_time_controls(const std::vector<store::RunRecord>& runs,
                                                    const std::set<std::int64_t>& ids,
                                                    const std::string& database);
// The run ids of a run_ids list ("1,4,7").
std::set<std::int64_t> run_id_set(std::string_view run_ids);
// ReportError naming the time controls there are when no run (but tunes) of the database was
// played at `time_control` (as runs.time_control writes it: "nodes=20000", "tc=10+0.1").
void require_time_control(const store::Store& store, const std::string& time_control);
// The rating list of every config from all completed pairs of the sources (configs known by name
// across them), `anchor` at 0; ReportError when no completed pair names the anchor or the
// results cannot bound the ratings.
RatingsReport rate(const std::vector<RatingSource>& sources, std::string_view anchor);
// The names of every config with at least one completed pair outside tunes, sorted.
std::vector<std::string> config_names(const store::Store& store);
// The error for a config name no completed pair in `where` has, listing the names there are.
ReportError no_such_config(std::string_view name, std::string_view where,
                           const std::vector<std::string>& names);

}  // namespace lmr::report
