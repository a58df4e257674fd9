#include "harness/tune/iteration_games.hpp"

#include <oneapi/tbb/global_control.h>
#include <oneapi/tbb/task_arena.h>
#include <oneapi/tbb/task_group.h>

#include <algorithm>
#include <condition_variable>
#include <mutex>
#include <stdexcept>
#include <thread>

namespace lmr::tune {
namespace {

struct Tally {
    std::mutex mutex;
    IterationResult result;
    std::string failure;
};

// Turns Ctrl-C into the games' cancel flag until stop() is called.
class InterruptWatch {
  public:
    InterruptWatch(const std::atomic<bool>* interrupt, std::atomic<bool>& cancel)
        : thread_([this, interrupt, &cancel] {
              std::unique_lock lock(mutex_);
              while (!stopped_) {
                  if (interrupt && interrupt->load()) {
                      cancel = true;
                      return;
                  }
                  wake_.wait_for(lock, std::chrono::milliseconds(50));
              }
          }) {}
    ~InterruptWatch() { stop(); }
    void stop() {
        {
            std::lock_guard lock(mutex_);
            stopped_ = true;
        }
        wake_.notify_all();
        if (thread_.joinable()) thread_.join();
    }

  private:
    std::mutex mutex_;
    std::condition_variable wake_;
    bool stopped_ = false;
    std::thread thread_;
};

std::optional<IterationResult> play_iteration(const EngineGamesSetup& setup,
                                              const IterationRequest& request) {
    const int games = 2 * request.pairs;
    const int slots = std::max(1, std::min(setup.concurrency, games));
    const auto plus_spec = side_spec(setup.engine, "theta+", request.plus_options);
    const auto minus_spec = side_spec(setup.engine, "theta-", request.minus_options);

    std::atomic<bool> cancel{false};
    std::atomic<int> next_game{0};
    Tally tally;
    match::GameSettings settings = setup.settings;
    settings.cancel = &cancel;

    // The slots block on engine pipes, not the CPU, so the arena may exceed the core count.
    tbb::global_control thread_limit(tbb::global_control::max_allowed_parallelism,
                                     static_cast<std::size_t>(slots) + 1);
    tbb::task_arena arena(slots, /*reserved_for_masters=*/1);
    InterruptWatch watch(setup.interrupt, cancel);
    arena.execute([&] {
        tbb::task_group group;
        for (int slot = 0; slot < slots; ++slot) {
            group.run([&] {
                std::unique_ptr<uci_client::UciEngine> plus, minus;
                try {
                    while (!cancel) {
                        const int game = next_game++;
                        if (game >= games) break;
                        if (!plus) {
                            plus = std::make_unique<uci_client::UciEngine>(plus_spec);
                            plus->start();
                            minus = std::make_unique<uci_client::UciEngine>(minus_spec);
                            minus->start();
                        }
                        const int pair = game / 2;
                        const bool plus_white = game % 2 == 0;
                        match::Opening opening;
                        if (setup.book) {
                            const auto& entry = setup.book->opening(
                                static_cast<std::uint64_t>(request.first_pair + pair));
                            opening.fen = entry.start_fen;
                            opening.moves = entry.moves;
                        }
                        const auto record =
                            plus_white ? match::play_game(*plus, *minus, opening, settings)
                                       : match::play_game(*minus, *plus, opening, settings);
                        if (!record.finished_normally()) break;  // cancelled
                        std::lock_guard lock(tally.mutex);
                        if (record.result == "1/2-1/2")
                            ++tally.result.draws;
                        else if ((record.result == "1-0") == plus_white)
                            ++tally.result.wins;
                        else
                            ++tally.result.losses;
                    }
                } catch (const std::exception& e) {
                    std::lock_guard lock(tally.mutex);
                    if (tally.failure.empty()) tally.failure = e.what();
                    cancel = true;
                }
                if (plus) plus->quit();
                if (minus) minus->quit();
            });
        }
        group.wait();
    });
    watch.stop();

    if (!tally.failure.empty())
        throw std::runtime_error("iteration " + std::to_string(request.k) + ": " + tally.failure);
    const auto& r = tally.result;
    if (r.wins + r.draws + r.losses != games) return std::nullopt;  // interrupted
    return r;
}

}  // namespace

uci_client::EngineSpec side_spec(const uci_client::EngineSpec& engine, const std::string& name,
                                 const OptionList& values) {
    uci_client::EngineSpec spec = engine;
    spec.name = name;
    for (const auto& value : values) spec.options.push_back(value);
    return spec;
}

PlayIteration engine_games(EngineGamesSetup setup) {
    auto shared = std::make_shared<const EngineGamesSetup>(std::move(setup));
    return [shared](const IterationRequest& request) { return play_iteration(*shared, request); };
}

std::optional<openings::Book> load_plan_book(const tournament::RunPlan& plan) {
    if (plan.book.path.empty()) return std::nullopt;
    openings::BookOptions options;
    const auto order = openings::parse_book_order(plan.book.order);
    if (!order)
        throw openings::BookError(
            plan.book.path, 0, "book order '" + plan.book.order + "' is not random or sequential");
    options.order = *order;
    options.seed = plan.seed;
    options.start = static_cast<std::size_t>(plan.book.start);
    options.plies = plan.book.plies;
    return openings::Book::load(plan.book.path, options);
}

match::GameSettings plan_game_settings(const tournament::RunPlan& plan) {
    match::GameSettings settings;
    settings.time_control = match::parse_time_control(plan.time_control);
    settings.time_margin = std::chrono::milliseconds(plan.time_margin_ms);
    plan.adjudication.validate();
    settings.adjudication = plan.adjudication;
    return settings;
}

}  // namespace lmr::tune
