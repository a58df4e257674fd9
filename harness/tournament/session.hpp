#pragma once

// Starting and resuming a run: everything between a validated plan and the runner (`tune`
// prepares its plan here too: prepare_run).
// Bad input (unreadable book, unknown time control, an engine that cannot start, a bad
// config) is reported before anything is written to the database.

#include <atomic>
#include <cstdint>
#include <filesystem>
#include <iosfwd>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "harness/openings/book.hpp"
#include "harness/store/records.hpp"
#include "harness/store/store.hpp"
#include "harness/tournament/player_claim.hpp"
#include "harness/tournament/run_inputs.hpp"
#include "harness/tournament/run_plan.hpp"
#include "harness/tournament/runner.hpp"
#include "harness/uci/uci_engine.hpp"

namespace lmr::tournament {

// Bad input found while preparing a run (exit code 2), as opposed to a failure while games are
// played (exit code 4).
class PlanError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

struct SessionOptions {
    const games::JobExecutor* executor = &games::local_executor();  // see RunSetup
    std::filesystem::path db_path;
    std::string command_line;
    std::ostream* out = nullptr;  // progress and the final statistics
    TerminalWidth live_progress;  // a terminal: rewrite one status line
    const std::atomic<bool>* interrupt = nullptr;
    // resume only: go on although an engine binary or the book changed (recorded in the run)
    bool allow_changed = false;
    // resume only: slots for this session instead of the stored plan's
    std::optional<int> concurrency;
    std::vector<RunObserver*> observers;            // not owned; see run_observer.hpp
    decltype(RunSetup::protocol_log) protocol_log;  // see RunSetup
    std::vector<std::string> kept_line_patterns;    // see match::GameSettings
};

struct SessionResult {
    std::int64_t run_id = 0;
    RunOutcome outcome;
};

// What a plan needs before its first game, found once for every run command (match, sprt,
// tournament, resume, tune): the book loaded in the plan's order, and the options each engine
// advertises (in plan.engines order) from starting it once.
struct PreparedRun {
    std::optional<openings::Book> book;  // nullopt: the plan has no book
    std::vector<std::vector<uci_client::EngineOption>> advertised_options;
};

// Validates the time control and adjudication, loads the book and starts each engine once.
// Throws PlanError naming what is wrong.
PreparedRun prepare_run(const RunPlan& plan);

// Throws PlanError when the plan cannot be a run: too few engines (a tune: not exactly one), no
// pairs, no slot, two engines of one name.
void check_plan(const RunPlan& plan);

// Throws PlanError when `executor` cannot hold the plan's slots (more than --affinity's CPUs):
// before the run is stored or changed.
void check_slots(const RunPlan& plan, const games::JobExecutor& executor);

// The plan's book in the plan's order (nullopt without one). Throws PlanError.
std::optional<openings::Book> load_book(const RunPlan& plan);

// The runs row of a plan (the plan itself is stored as JSON in it).
store::RunRecord run_record(const RunPlan& plan, const std::string& command_line);

// A run just created: its row and engines stored, this process's claim on it held.
struct NewRun {
    store::Store store;
    std::int64_t run_id = 0;
    std::vector<std::int64_t> engine_ids;  // in plan.engines order
    std::unique_ptr<PlayerClaim> claim;
};

// Creates the plan's run in the database at db_path (the engines are identified first — a
// binary or config that cannot be read is a PlanError — so a failure writes nothing) and
// claims it. What start_run and tune share.
NewRun create_run(const RunPlan& plan, const std::filesystem::path& db_path,
                  const std::string& command_line);

// Validates the plan (time control, book, engines start and answer `uci`, configs resolve),
// creates the run in the database and plays it, with never more slots than the run has games.
SessionResult start_run(const RunPlan& plan, const SessionOptions& options);

// A stored run reopened to be played on, as every resume reopens one (resume_run here, a tune's
// in tune::reopen_tune): refused (PlanError) when it is finished; claimed before anything is
// written, so a run another process plays is left exactly as it is; its plan read back (at
// `concurrency` slots when given) and checked as a new run's is — the plan, the slots, each
// engine started once, the book loaded; an engine binary or book changed since it started
// refused, or recorded with allow_changed; its engines playing the configs it stored.
struct ReopenedRun {
    RunPlan plan;  // its config engines pointed at `configs`' files
    std::unique_ptr<PlayerClaim> claim;
    std::unique_ptr<StoredConfigs> configs;  // the stored configs, for as long as it plays
    PreparedRun prepared;
};
ReopenedRun reopen_run(store::Store& store, std::int64_t run_id,
                       const std::filesystem::path& db_path, std::optional<int> concurrency,
                       const games::JobExecutor& executor, bool allow_changed);

// Continues an interrupted (or killed) run from the database: same plan, same openings, same
// seed, the configs as stored; games already stored are not played again, and the lone game of
// an unfinished pair is deleted so the pair is replayed whole. Refused (PlanError) while
// another process plays the run, and when an engine binary or the book changed since the run
// started unless options.allow_changed (run_inputs.hpp).
SessionResult resume_run(std::int64_t run_id, const SessionOptions& options);

}  // namespace lmr::tournament
