#pragma once

// The engine-games service: the one place that runs engine games (and engine searches) in
// parallel. Every command that plays engines is a client of it — the tournament runner
// (match, sprt, tournament, resume), the SPSA iterations of `tune`, and the position scorer of
// `label` and `openings generate`.
//
// run_jobs() runs `concurrency` slots as tasks of ONE oneTBB arena. Each slot takes the next
// job from the source, runs it (slot.hpp: local engines started lazily, kept across jobs with
// `ucinewgame`, restarted after faults, quit at the end) and hands the result to the sink.
// There is one way to stop, shared by all causes: Ctrl-C (`interrupt`), the client's stop
// predicate (e.g. a lost claim on the run), a sink that answers Flow::kStop, or the first
// failure of a slot (recorded; later ones are not). Each sets one cancel flag: no further job
// is handed out, games in flight see it before their next move and are discarded unfinished,
// and searches in flight see it while they wait for `bestmove` (within 50 ms) and are
// discarded, their engines killed. A game or search that finished normally is still delivered.
//
// Across an MPI job (harness/cluster): rank 0 keeps the client's source and sink and hands
// the jobs out on request (cluster::executor(), the same contract as run_jobs); every other
// rank runs this service over its local slots, with a source that asks rank 0 for each job and
// a sink that sends each finished game back. The runner and the tuner are given a
// JobExecutor (executor.hpp) and change in nothing else.

#include <cstdint>
#include <string>

#include "harness/games/endpoints.hpp"
#include "harness/games/settings.hpp"
#include "harness/games/slot.hpp"

namespace lmr::games {

enum class StopCause {
    kExhausted,      // the source had no more jobs and every job finished
    kSink,           // the sink answered Flow::kStop
    kInterrupt,      // Ctrl-C
    kStopRequested,  // ServiceOptions::stop_requested
    kFailure,        // a slot failed: see `failure`
};

struct ServiceReport {
    StopCause cause = StopCause::kExhausted;
    std::string failure;         // the first failure's message, when cause is kFailure
    std::int64_t delivered = 0;  // results given to the sink
};

// Runs the source's jobs until it is exhausted or the service is stopped. `engines` must
// outlive the call (local slots refer to it). Throws std::invalid_argument when concurrency is
// below 1; a slot's failure is reported, not thrown.
ServiceReport run_jobs(const EngineSettings& engines, const ServiceOptions& options,
                       JobSource& source, ResultSink& sink);

}  // namespace lmr::games
