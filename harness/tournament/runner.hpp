#pragma once

// Plays the games of a run and records them: a client of the engine-games service
// (harness/games), which plays them on `concurrency` slots.
//
// The run's source hands the service the games not yet stored, pair by pair (GameQueue), each
// as a job whose id is pair index · 2 + round. Finished games come back to the single Store
// writer: each game with its moves and — when it completes a pair — the pair's statistics row
// (run_stats) in one transaction, then the pentanomial and the SPRT decision; the games an MPI
// coordinator hands over together are one transaction, all or none. A decision,
// Ctrl-C, a lost claim or an infrastructure failure stops the service, which cancels the games
// in flight; they are not stored, so a pair counts only when both its games are in.

#include <atomic>
#include <cstdint>
#include <functional>
#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "harness/games/executor.hpp"
#include "harness/openings/book.hpp"
#include "harness/stats/counts.hpp"
#include "harness/stats/sprt.hpp"
#include "harness/store/store.hpp"
#include "harness/tournament/player_claim.hpp"
#include "harness/tournament/progress.hpp"
#include "harness/tournament/run_observer.hpp"
#include "harness/tournament/run_plan.hpp"
#include "harness/uci/uci_engine.hpp"

namespace lmr::tournament {

struct RunSetup {
    // Plays the games: on this machine or across an MPI job (cluster::executor()).
    const games::JobExecutor* executor = &games::local_executor();
    store::Store* store = nullptr;  // the one writer
    std::int64_t run_id = 0;
    RunPlan plan;
    std::vector<std::int64_t> engine_ids;  // database ids, in plan.engines order
    const openings::Book* book = nullptr;  // null: every game starts from the initial position
    const std::atomic<bool>* interrupt = nullptr;  // Ctrl-C
    // This process's claim on the run: renewed before each write; once lost, the run stops
    // without writing anything more, its status included. Null: unclaimed (tests).
    PlayerClaim* claim = nullptr;
    std::ostream* out = nullptr;          // progress
    TerminalWidth live_progress;          // a terminal: rewrite one status line
    std::vector<RunObserver*> observers;  // not owned
    // Sees every line to and from every engine (`-log engine=true`); called on slot threads,
    // concurrently for different engines. Empty: no log.
    std::function<void(const std::string& engine, bool to_engine, std::string_view line)>
        protocol_log;
    // -pgnout match_line=: the lines the games keep with each move (match::GameSettings).
    std::vector<std::string> kept_line_patterns;
};

struct RunOutcome {
    store::RunStatus status = store::RunStatus::kFinished;
    std::optional<stats::Verdict> verdict;  // store::run_verdict_name says what each means
    std::int64_t pairs_completed = 0;
    stats::Pentanomial pairs;  // the view engine's pairs (head-to-head runs)
    std::string error;         // an infrastructure failure, when status is kFailed
};

// The engine whose point of view the statistics take: the test engine, else the second one.
int view_engine(const RunPlan& plan);

// Plays every game of the plan not yet stored, then sets the run's status and verdict.
RunOutcome run_games(const RunSetup& setup);

}  // namespace lmr::tournament
