#include "harness/games/service.hpp"

#include <oneapi/tbb/global_control.h>
#include <oneapi/tbb/task_arena.h>
#include <oneapi/tbb/task_group.h>

#include <condition_variable>
#include <exception>
#include <mutex>
#include <stdexcept>
#include <thread>
#include <variant>

#include "harness/process/cpu_affinity.hpp"

namespace lmr::games {
namespace {

// The service's shared state: the cancel flag every game reads, the first stop cause, and the
// locks that serialise the source and the sink.
class Control {
  public:
    Control(const ServiceOptions& options, JobSource& source, ResultSink& sink)
        : options_(options), source_(source), sink_(sink) {}

    const std::atomic<bool>& cancel_flag() const { return cancel_; }
    bool cancelled() const { return cancel_; }

    std::optional<Job> next_job() {
        std::lock_guard lock(source_mutex_);
        if (cancel_) return std::nullopt;
        return source_.next();
    }

    void started(const Job& job) {
        const auto* game = std::get_if<GameJob>(&job);
        if (!game) return;
        std::lock_guard lock(sink_mutex_);
        sink_.game_started(*game);
    }

    // Hands a result to the sink; false when it was a cancelled game or search (the slot stops).
    bool deliver(const Job& job, JobResult&& result) {
        if (auto* game = std::get_if<core::GameRecord>(&result)) {
            if (!game->finished_normally()) return false;
            std::lock_guard lock(sink_mutex_);
            ++delivered_;
            if (sink_.game_finished(std::get<GameJob>(job), std::move(*game)) == Flow::kStop)
                stop(StopCause::kSink);
            return true;
        }
        auto& outcome = std::get<SearchOutcome>(result);
        if (outcome.cancelled) return false;
        std::lock_guard lock(sink_mutex_);
        ++delivered_;
        if (sink_.search_finished(std::get<SearchJob>(job), std::move(outcome)) == Flow::kStop)
            stop(StopCause::kSink);
        return true;
    }

    void fail(const std::string& what) {
        std::lock_guard lock(stop_mutex_);
        if (failure_.empty()) failure_ = what;
        stop_locked(StopCause::kFailure);
    }

    void stop(StopCause cause) {
        std::lock_guard lock(stop_mutex_);
        stop_locked(cause);
    }

    // Turns Ctrl-C and the stop predicate into the cancel flag until the slots are done.
    void watch() {
        std::unique_lock lock(stop_mutex_);
        while (!slots_done_) {
            if (options_.interrupt && options_.interrupt->load())
                stop_locked(StopCause::kInterrupt);
            else if (options_.stop_requested && options_.stop_requested())
                stop_locked(StopCause::kStopRequested);
            if (cancel_) return;
            wake_.wait_for(lock, std::chrono::milliseconds(50));
        }
    }

    void slots_done() {
        {
            std::lock_guard lock(stop_mutex_);
            slots_done_ = true;
        }
        wake_.notify_all();
    }

    ServiceReport report() {
        std::lock_guard lock(stop_mutex_);
        ServiceReport report;
        report.cause = cause_;
        report.failure = failure_;
        report.delivered = delivered_;
        return report;
    }

  private:
    void stop_locked(StopCause cause) {
        if (!cancel_) cause_ = cause;  // the first cause is the one reported
        cancel_ = true;
    }

    const ServiceOptions& options_;
    JobSource& source_;
    ResultSink& sink_;
    std::atomic<bool> cancel_{false};
    std::mutex source_mutex_, sink_mutex_, stop_mutex_;
    std::condition_variable wake_;
    bool slots_done_ = false;
    StopCause cause_ = StopCause::kExhausted;
    std::string failure_;
    std::int64_t delivered_ = 0;
};

void run_slot(int index, const EngineSettings& engines, const ServiceOptions& options,
              Control& control) {
    try {
        const std::optional<int> cpu =
            options.cpus.empty()
                ? std::nullopt
                : std::optional(
                      options.cpus[static_cast<std::size_t>(index) % options.cpus.size()]);
        const process::ThreadPin pin(cpu);
        auto slot = options.make_slot ? options.make_slot(index)
                                      : std::make_unique<EngineSlot>(engines, cpu);
        while (auto job = control.next_job()) {
            control.started(*job);
            if (!control.deliver(*job, slot->run(*job, control.cancel_flag()))) break;
        }
    } catch (const std::exception& e) {
        control.fail(e.what());
    } catch (...) {
        control.fail("unknown failure in a game slot");
    }
}

}  // namespace

ServiceReport run_jobs(const EngineSettings& engines, const ServiceOptions& options,
                       JobSource& source, ResultSink& sink) {
    if (options.concurrency < 1) throw std::invalid_argument("concurrency must be at least 1");
    Control control(options, source, sink);
    const int slots = options.concurrency;
    // Slots block on engine pipes, not the CPU, so the arena may exceed the core count: raise
    // oneTBB's thread limit to the requested concurrency.
    tbb::global_control thread_limit(tbb::global_control::max_allowed_parallelism,
                                     static_cast<std::size_t>(slots) + 1);
    tbb::task_arena arena(slots, /*reserved_for_masters=*/1);
    std::thread watcher([&control] { control.watch(); });
    arena.execute([&] {
        tbb::task_group group;
        for (int slot = 0; slot < slots; ++slot)
            group.run([&, slot] { run_slot(slot, engines, options, control); });
        group.wait();
    });
    control.slots_done();
    watcher.join();
    return control.report();
}

}  // namespace lmr::games
