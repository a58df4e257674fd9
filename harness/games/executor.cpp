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

}  // namespace lmr::games
