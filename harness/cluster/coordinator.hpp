#pragma once

// The engine-games service across an MPI job (world.hpp). run_jobs has the signature and the
// contract of games::run_jobs: on rank 0 of a job with workers it coordinates — the source and
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

#include <string>
#include <utility>
#include <vector>

#include "harness/games/service.hpp"

namespace lmr::cluster {

// What a worker rank must have before it plays, or is given: results from mixed binaries are
// worthless. A rank whose binary is missing or differs fails the session with a message naming
// its host and the file, and the run fails with it.
struct RankFiles {
    // Engine binaries as the engines' argv[0] names them, each with the SHA-256 (hex) the run
    // recorded: every rank needs the same file at the same path.
    std::vector<std::pair<std::string, std::string>> binaries;
    // Files the engines' argv names, with their content, written by each worker into a private
    // directory for the session (argv rewritten to point there): lmr-engine's resolved configs,
    // so every rank plays exactly the recorded config, wherever the run's files are.
    std::vector<std::pair<std::string, std::string>> given;
};

games::ServiceReport run_jobs(const games::EngineSettings& engines,
                              const games::ServiceOptions& options, games::JobSource& source,
                              games::ResultSink& sink, const RankFiles& files = {});

}  // namespace lmr::cluster
