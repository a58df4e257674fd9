#pragma once

// The two ends of the engine-games service: where its jobs come from and where finished work
// goes. The service serialises the calls to each (one source call at a time, one sink call at
// a time), so implementations need no locking of their own.

#include <cstddef>
#include <exception>
#include <optional>
#include <span>
#include <utility>
#include <vector>

#include "harness/games/jobs.hpp"

namespace lmr::games {

class JobSource {
  public:
    virtual ~JobSource() = default;
    // The next job, or nullopt when there is none left.
    virtual std::optional<Job> next() = 0;
};

// Whether the service goes on after a result: kStop hands out no further job and cancels the
// games in flight (an SPRT decision, a lost claim on the run). Not a failure.
enum class Flow { kContinue, kStop };

// A finished game with the job it answers.
struct FinishedGame {
    GameJob job;
    core::GameRecord game;
};

class ResultSink {
  public:
    virtual ~ResultSink() = default;
    // A slot is about to play `job` (progress lines, observers).
    virtual void game_started(const GameJob& /*job*/) {}
    // A game that ended by the rules, by adjudication or by a fault; cancelled games never
    // arrive here.
    virtual Flow game_finished(const GameJob& job, core::GameRecord&& game) = 0;
    virtual Flow search_finished(const SearchJob& job, SearchOutcome&& outcome) = 0;
    // Several games that finished at once, in order: the coordinator of an MPI job hands over
    // the results already waiting together (harness/cluster). A sink that stores games may store
    // them in one transaction — all of them, or none when it throws. By default one
    // game_finished each, every one even after a kStop or a failure (as if they had come one
    // by one); the first failure is rethrown at the end.
    virtual Flow games_finished(std::span<FinishedGame> games) {
        Flow flow = Flow::kContinue;
        std::exception_ptr failure;
        for (FinishedGame& finished : games) {
            try {
                if (game_finished(finished.job, std::move(finished.game)) == Flow::kStop)
                    flow = Flow::kStop;
            } catch (...) {
                if (!failure) failure = std::current_exception();
            }
        }
        if (failure) std::rethrow_exception(failure);
        return flow;
    }
};

// A source over a list of jobs known in advance, handed out in order.
class JobList : public JobSource {
  public:
    explicit JobList(std::vector<Job> jobs) : jobs_(std::move(jobs)) {}
    std::optional<Job> next() override {
        if (next_ >= jobs_.size()) return std::nullopt;
        return std::move(jobs_[next_++]);
    }
    std::size_t size() const { return jobs_.size(); }

  private:
    std::vector<Job> jobs_;
    std::size_t next_ = 0;
};

}  // namespace lmr::games
