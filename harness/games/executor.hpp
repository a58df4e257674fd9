#pragma once

// Where the engine-games service plays: on this machine (run_jobs, service.hpp) or across an
// MPI job (harness/cluster). The layers that have games played — the tournament runner and the
// tuner — are given an executor and do not know which; the command line picks it
// (cluster::executor()), so only harness/cli and harness/cluster depend on MPI.

#include <string>
#include <utility>
#include <vector>

#include "harness/games/service.hpp"

namespace lmr::games {

// What every machine that plays must have, or is given, when the games are played elsewhere:
// results from mixed binaries are worthless.
struct PlayerFiles {
    // Engine binaries as the engines' argv[0] names them, each with the SHA-256 (hex) the run
    // recorded: every machine needs the same file at the same path.
    std::vector<std::pair<std::string, std::string>> binaries;
    // Files the engines' argv names, with their content, written by each player into a private
    // directory for the session (argv rewritten to point there): lmr-engine's resolved configs,
    // so every machine plays exactly the recorded config, wherever the run's files are.
    std::vector<std::pair<std::string, std::string>> given;
};

class JobExecutor {
  public:
    virtual ~JobExecutor() = default;
    // Whether the games are played on other machines: then run() needs the PlayerFiles.
    virtual bool distributed() const = 0;
    // What a run prints when it starts, saying where its games are played; empty when they are
    // played here.
    virtual std::string description() const = 0;
    // Why this executor cannot hold `slots` game slots (std::invalid_argument), checked before a
    // run is stored; any number by default.
    virtual void check_slots(int /*slots*/) const {}
    // run_jobs's contract (service.hpp); `files` is read only when distributed().
    virtual ServiceReport run(const EngineSettings& engines, const ServiceOptions& options,
                              JobSource& source, ResultSink& sink,
                              const PlayerFiles& files) const = 0;
};

// Plays on this machine's slots: run_jobs.
const JobExecutor& local_executor();

// Plays on this machine's slots, slot i and its engines held on cpus[i] (--affinity, fastchess's
// -use-affinity; ServiceOptions::cpus): at most one slot a CPU, since two slots on one CPU would
// each slow the other's engines.
class PinnedExecutor : public JobExecutor {
  public:
    explicit PinnedExecutor(std::vector<int> cpus) : cpus_(std::move(cpus)) {}
    bool distributed() const override { return false; }
    // "Slots held on CPUs 0, 1 (--affinity)".
    std::string description() const override;
    // More slots than CPUs: refused.
    void check_slots(int slots) const override;
    ServiceReport run(const EngineSettings& engines, const ServiceOptions& options,
                      JobSource& source, ResultSink& sink, const PlayerFiles&) const override;

  private:
    std::vector<int> cpus_;
};

}  // namespace lmr::games
