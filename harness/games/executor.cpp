#include "harness/games/executor.hpp"

namespace lmr::games {
namespace {

class LocalExecutor : public JobExecutor {
  public:
    bool distributed() const override { return false; }
    std::string description() const override { return ""; }
    ServiceReport run(const EngineSettings& engines, const ServiceOptions& options,
                      JobSource& source, ResultSink& sink, const PlayerFiles&) const override {
        return run_jobs(engines, options, source, sink);
    }
};

}  // namespace

const JobExecutor& local_executor() {
    static const LocalExecutor executor;
    return executor;
}

std::string PinnedExecutor::description() const {
    std::string cpus;
    for (int cpu : cpus_) cpus += (cpus.empty() ? "" : ", ") + std::to_string(cpu);
    return "Slots held on CPUs " + cpus + " (--affinity)";
}

ServiceReport PinnedExecutor::run(const EngineSettings& engines, const ServiceOptions& options,
                                  JobSource& source, ResultSink& sink, const PlayerFiles&) const {
    ServiceOptions pinned = options;
    pinned.cpus = cpus_;
    return run_jobs(engines, pinned, source, sink);
}

}  // namespace lmr::games
