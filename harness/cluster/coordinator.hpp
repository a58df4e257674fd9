#pragma once

// The engine-games service across an MPI job (world.hpp). The executor has the contract of
// games::run_jobs: on rank 0 of a job with workers it coordinates — the source and
// the sink stay on rank 0 and are called on its thread only, each worker rank plays on its own
// `concurrency` slots the jobs it asks for (a fast node asks more often, so it plays more) and
// sends each finished game back; anywhere else it is games::run_jobs itself.
//
// One session per call: rank 0 sends every worker the engine settings, hands out jobs on
// request until the source is exhausted or the service stops, and returns when every worker
// has said its service returned. A stop (the sink's kStop, Ctrl-C, the stop predicate, a
// worker's failure) is sent to every worker at once; games in flight there are discarded, as
// local ones are. Games are played only: a SearchJob is a failure under MPI (label and openings
// generate run on one machine).

#include "harness/games/executor.hpp"

namespace lmr::cluster {

// On rank 0 of a job with workers: the executor that hands the jobs out to the worker ranks.
// A worker rank whose binary is missing or differs from games::PlayerFiles' fails the session
// with a message naming its host and the file, and the run fails with it. Anywhere else:
// games::local_executor().
const games::JobExecutor& executor();

}  // namespace lmr::cluster
