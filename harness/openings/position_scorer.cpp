#include "harness/openings/position_scorer.hpp"

#include <algorithm>
#include <stdexcept>

#include "harness/games/service.hpp"

namespace lmr::openings {

namespace {

// Collects the searches into their positions' places (a job's id is the position's index).
class Collector : public games::ResultSink {
  public:
    Collector(const ScorerOptions& options, std::size_t total, ScorerResult& result)
        : options_(options), total_(total), result_(result) {}

    games::Flow game_finished(const games::GameJob&, core::GameRecord&&) override {
        return games::Flow::kContinue;  // the scorer hands out searches only
    }

    games::Flow search_finished(const games::SearchJob& job,
                                games::SearchOutcome&& outcome) override {
        result_.evaluations[static_cast<std::size_t>(job.id)] = to_evaluation(outcome.info);
        if (result_.engine_id.empty()) result_.engine_id = outcome.engine_id;
        if (outcome.retried) ++result_.retries;
        ++done_;
        if (options_.progress) options_.progress(done_, total_);
        return games::Flow::kContinue;
    }

  private:
    const ScorerOptions& options_;
    std::size_t total_;
    ScorerResult& result_;
    std::size_t done_ = 0;
};

}  // namespace

Evaluation to_evaluation(const uci_client::SearchInfo& info) {
    Evaluation evaluation;
    evaluation.depth = info.depth.value_or(0);
    evaluation.score = info.score;
    return evaluation;
}

ScorerResult score_positions(const std::vector<std::string>& positions,
                             const ScorerOptions& options) {
    if (options.concurrency < 1) throw std::invalid_argument("concurrency must be at least 1");
    if (options.nodes == 0) throw std::invalid_argument("nodes must be at least 1");
    ScorerResult result;
    if (positions.empty()) return result;
    result.evaluations.resize(positions.size());

    std::vector<games::Job> jobs;
    jobs.reserve(positions.size());
    for (std::size_t index = 0; index < positions.size(); ++index) {
        games::SearchJob job;
        job.id = static_cast<std::int64_t>(index);
        job.engine = 0;
        job.fen = positions[index];
        job.nodes = options.nodes;
        job.timeout = options.search_timeout;
        jobs.emplace_back(std::move(job));
    }
    games::EngineSettings engines;
    engines.engines = {options.engine};
    engines.timeouts = options.timeouts;
    games::ServiceOptions service;
    service.interrupt = options.interrupt;
    service.concurrency =
        static_cast<int>(std::min(static_cast<std::size_t>(options.concurrency), positions.size()));

    games::JobList source(std::move(jobs));
    Collector collector(options, positions.size(), result);
    const auto report = games::run_jobs(engines, service, source, collector);
    if (report.cause == games::StopCause::kFailure) throw ScorerError(report.failure);
    if (report.cause == games::StopCause::kInterrupt)
        throw ScorerInterrupted(
            static_cast<std::size_t>(report.delivered) == positions.size()
                ? "interrupted as the last of " + std::to_string(positions.size()) +
                      " positions was searched"
                : "interrupted after " + std::to_string(report.delivered) + " of " +
                      std::to_string(positions.size()) + " positions searched");
    return result;
}

}  // namespace lmr::openings
