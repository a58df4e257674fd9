#include "harness/games/executor.hpp"

#include <stdexcept>

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

void PinnedExecutor::check_slots(int slots) const {
    if (static_cast<std::size_t>(slots) <= cpus_.size()) return;
    std::string cpus;
    for (int cpu : cpus_) cpus += (cpus.empty() ? "" : ",") + std::to_string(cpu);
    throw std::invalid_argument(
        std::to_string(slots) + " game slots (--concurrency) held on " +
        std::to_string(cpus_.size()) + (cpus_.size() == 1 ? " CPU" : " CPUs") + " (--affinity " +
        cpus +
        ", each CPU once): two slots on one CPU would each slow the other's engines; give "
        "a CPU for every slot");
}

ServiceReport PinnedExecutor::run(const EngineSettings& engines, const ServiceOptions& options,
                                  JobSource& source, ResultSink& sink, const PlayerFiles&) const {
    ServiceOptions pinned = options;
    pinned.cpus = cpus_;
    return run_jobs(engines, pinned, source, sink);
}

}  // namespace lmr::games
