#pragma once

// A tune's life cycle: started (every check first, then its run and tune rows stored), reopened
// to go on as every run is reopened (tournament::reopen_run), played to its end. The command
// line parses flags and prints; everything between them and the tuner is here, so that `tune`
// and `tune resume` (or `resume` of a tune) cannot check, claim or play a tune two ways.

#include <atomic>
#include <cstdint>
#include <filesystem>
#include <iosfwd>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "harness/games/executor.hpp"
#include "harness/openings/book.hpp"
#include "harness/store/store.hpp"
#include "harness/tournament/player_claim.hpp"
#include "harness/tournament/progress.hpp"
#include "harness/tournament/run_inputs.hpp"
#include "harness/tournament/run_plan.hpp"
#include "harness/tournament/session.hpp"
#include "harness/tune/params.hpp"
#include "harness/tune/spsa.hpp"
#include "harness/tune/tuner.hpp"

namespace lmr::tune {

// A new tune: its plan (kind tune, its one engine, pairs = iterations · pairs a iteration), its
// parameters and SPSA settings, where it is stored and the command line that asked for it.
struct TuneRequest {
    tournament::RunPlan plan;
    std::vector<SpsaParam> params;
    SpsaSettings spsa;
    int pairs_per_iteration = 1;
    std::filesystem::path db_path;
    std::string command_line;
};

// A tune ready to play: its run stored, this process's claim on it, its book loaded.
struct ReadyTune {
    store::Store store;
    std::int64_t run_id = 0;
    tournament::RunPlan plan;
    std::unique_ptr<tournament::PlayerClaim> claim;
    std::unique_ptr<tournament::StoredConfigs> configs;  // reopened: the configs it stored
    std::optional<openings::Book> book;
    std::vector<std::string> warnings;  // new: param_warnings, for the user before the games
    std::size_t iterations_done = 0;    // reopened: the iterations stored already
};

// The parameters' problems against the options the engine offers, one message each: a tune
// that has any is not started.
class TuneRequestError : public tournament::PlanError {
  public:
    explicit TuneRequestError(std::vector<std::string> problems);
    const std::vector<std::string>& problems() const { return problems_; }

  private:
    std::vector<std::string> problems_;
};

// Checks the request as every run is checked — the plan, the slots of `executor`, the database
// path, the engine started once (PlanError), the parameters against the options it offers
// (TuneRequestError) — then stores the run and its tune rows and claims it. Nothing is written
// when a check fails.
ReadyTune create_tune(const TuneRequest& request, const games::JobExecutor& executor);

// A stored tune reopened to go on (tournament::reopen_run: refused when finished or played by
// another process, its inputs checked, its configs as stored), at `concurrency` slots when
// given. PlanError when run_id is not a tune.
ReadyTune reopen_tune(const std::filesystem::path& db_path, std::int64_t run_id,
                      std::optional<int> concurrency, const games::JobExecutor& executor,
                      bool allow_changed);

// Plays a ready tune until it is finished, interrupted (`interrupt`) or fails, its progress on
// `out` (a terminal of `live` width: one line rewritten in place).
TuneOutcome play_tune(ReadyTune& tune, const std::atomic<bool>* interrupt, std::ostream* out,
                      tournament::TerminalWidth live, const games::JobExecutor& executor);

}  // namespace lmr::tune
