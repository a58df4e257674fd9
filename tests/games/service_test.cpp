// The engine-games service without engines: slots from a SlotFactory (the seam a remote slot
// will use) that finish jobs at once, fail, or wait for cancellation. Checks that every job
// reaches the sink once, that the sink's kStop, Ctrl-C, the stop predicate and the first
// failure each stop the service with that cause, and that cancelled games and searches are
// discarded.

#include "harness/games/service.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <set>
#include <stdexcept>
#include <string>
#include <thread>
#include <variant>

namespace lmr::games {
namespace {

using namespace std::chrono_literals;

// Plays a game as "1-0" at once, or — for the job ids in `hang_ids` — waits until cancelled
// and returns it unfinished, as play_game does; a search likewise, coming back cancelled as
// EngineSlot's does. Throws for the ids in `fail_ids`.
class FakeSlot : public Slot {
  public:
    FakeSlot(std::set<std::int64_t> hang_ids, std::set<std::int64_t> fail_ids)
        : hang_ids_(std::move(hang_ids)), fail_ids_(std::move(fail_ids)) {}

    JobResult run(const Job& job, const std::atomic<bool>& cancel) override {
        if (const auto* search = std::get_if<SearchJob>(&job)) {
            SearchOutcome outcome;
            if (hang_ids_.count(search->id)) {
                while (!cancel) std::this_thread::sleep_for(1ms);
                outcome.cancelled = true;
                return outcome;
            }
            outcome.info.depth = static_cast<int>(search->id);
            outcome.engine_id = "fake";
            return outcome;
        }
        const auto& game = std::get<GameJob>(job);
        if (fail_ids_.count(game.id))
            throw std::runtime_error("engine gone " + std::to_string(game.id));
        core::GameRecord record;
        if (hang_ids_.count(game.id)) {
            while (!cancel) std::this_thread::sleep_for(1ms);
            record.result = std::nullopt;
            return record;
        }
        record.result = core::GameResult::kWhiteWins;
        return record;
    }

  private:
    std::set<std::int64_t> hang_ids_, fail_ids_;
};

class Recorder : public ResultSink {
  public:
    Flow game_finished(const GameJob& job, core::GameRecord&& game) override {
        EXPECT_EQ(game.result, core::GameResult::kWhiteWins);
        EXPECT_TRUE(games.insert(job.id).second) << "game " << job.id << " delivered twice";
        return stop_after && games.size() >= *stop_after ? Flow::kStop : Flow::kContinue;
    }
    Flow search_finished(const SearchJob& job, SearchOutcome&& outcome) override {
        EXPECT_EQ(outcome.info.depth, static_cast<int>(job.id));
        searches.insert(job.id);
        return Flow::kContinue;
    }
    void game_started(const GameJob&) override { ++started; }

    std::set<std::int64_t> games, searches;
    std::optional<std::size_t> stop_after;
    int started = 0;
};

std::vector<Job> game_jobs(int count) {
    std::vector<Job> jobs;
    for (int i = 0; i < count; ++i) {
        GameJob job;
        job.id = i;
        jobs.emplace_back(job);
    }
    return jobs;
}

ServiceOptions fake_slots(int concurrency, std::set<std::int64_t> hang = {},
                          std::set<std::int64_t> fail = {}) {
    ServiceOptions options;
    options.concurrency = concurrency;
    options.make_slot = [hang, fail](int) { return std::make_unique<FakeSlot>(hang, fail); };
    return options;
}

TEST(GamesService, EveryJobReachesTheSinkOnce) {
    const EngineSettings engines;
    JobList source(game_jobs(50));
    Recorder sink;
    const auto report = run_jobs(engines, fake_slots(4), source, sink);
    EXPECT_EQ(report.cause, StopCause::kExhausted);
    EXPECT_EQ(report.delivered, 50);
    EXPECT_EQ(sink.games.size(), 50u);
    EXPECT_EQ(sink.started, 50);
}

std::vector<Job> search_jobs(int count) {
    std::vector<Job> jobs;
    for (int i = 0; i < count; ++i) {
        SearchJob job;
        job.id = i;
        job.fen = "8/8/8/8/8/8/8/K6k w - - 0 1";
        jobs.emplace_back(job);
    }
    return jobs;
}

TEST(GamesService, SearchJobsComeBackAsSearchOutcomes) {
    const EngineSettings engines;
    JobList source(search_jobs(10));
    Recorder sink;
    const auto report = run_jobs(engines, fake_slots(3), source, sink);
    EXPECT_EQ(report.cause, StopCause::kExhausted);
    EXPECT_EQ(sink.searches.size(), 10u);
    EXPECT_EQ(sink.started, 0);  // game_started is for games
}

TEST(GamesService, SinkStopCancelsTheGamesInFlight) {
    const EngineSettings engines;
    JobList source(game_jobs(20));
    Recorder sink;
    sink.stop_after = 3;
    // Game 0 never ends by itself: only the stop can end it, and it is not delivered.
    const auto report = run_jobs(engines, fake_slots(2, {0}), source, sink);
    EXPECT_EQ(report.cause, StopCause::kSink);
    EXPECT_EQ(sink.games.count(0), 0u);
    EXPECT_GE(sink.games.size(), 3u);
    EXPECT_LT(sink.games.size(), 20u);
}

// Runs `jobs` on `options`' slots with Ctrl-C pressed 100 ms in.
ServiceReport run_with_ctrl_c(std::vector<Job> jobs, ServiceOptions options, Recorder& sink) {
    const EngineSettings engines;
    JobList source(std::move(jobs));
    std::atomic<bool> interrupt{false};
    options.interrupt = &interrupt;
    std::thread ctrl_c([&] {
        std::this_thread::sleep_for(100ms);
        interrupt = true;
    });
    const auto report = run_jobs(engines, options, source, sink);
    ctrl_c.join();
    return report;
}

TEST(GamesService, InterruptStopsTheService) {
    Recorder sink;
    const auto report = run_with_ctrl_c(game_jobs(4), fake_slots(2, {0, 1, 2, 3}), sink);
    EXPECT_EQ(report.cause, StopCause::kInterrupt);
    EXPECT_TRUE(sink.games.empty());
}

// A search that never ends by itself (a hung engine) is abandoned by Ctrl-C and not delivered;
// the searches that finished are.
TEST(GamesService, InterruptAbandonsTheSearchesInFlight) {
    Recorder sink;
    const auto report = run_with_ctrl_c(search_jobs(10), fake_slots(1, {3}), sink);
    EXPECT_EQ(report.cause, StopCause::kInterrupt);
    EXPECT_EQ(sink.searches, (std::set<std::int64_t>{0, 1, 2}));
    EXPECT_EQ(report.delivered, 3);
}

TEST(GamesService, StopPredicateStopsTheService) {
    const EngineSettings engines;
    JobList source(game_jobs(4));
    Recorder sink;
    std::atomic<bool> claim_lost{false};
    auto options = fake_slots(2, {0, 1, 2, 3});
    options.stop_requested = [&] { return claim_lost.load(); };
    std::thread lose([&] {
        std::this_thread::sleep_for(100ms);
        claim_lost = true;
    });
    const auto report = run_jobs(engines, options, source, sink);
    lose.join();
    EXPECT_EQ(report.cause, StopCause::kStopRequested);
}

TEST(GamesService, FirstFailureIsRecordedAndCancelsTheRest) {
    const EngineSettings engines;
    JobList source(game_jobs(10));
    Recorder sink;
    // Game 0 hangs until cancelled; game 1 fails, which must cancel game 0.
    const auto report = run_jobs(engines, fake_slots(2, {0}, {1}), source, sink);
    EXPECT_EQ(report.cause, StopCause::kFailure);
    EXPECT_EQ(report.failure, "engine gone 1");
    EXPECT_EQ(sink.games.count(0), 0u);
}

TEST(GamesService, ConcurrencyBelowOneIsRefused) {
    const EngineSettings engines;
    JobList source(game_jobs(1));
    Recorder sink;
    EXPECT_THROW(run_jobs(engines, fake_slots(0), source, sink), std::invalid_argument);
}

}  // namespace
}  // namespace lmr::games
