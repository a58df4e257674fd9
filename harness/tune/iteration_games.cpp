#include "harness/tune/iteration_games.hpp"

#include <algorithm>
#include <memory>
#include <stdexcept>

#include "harness/store/sha256.hpp"
#include "harness/tournament/engine_identity.hpp"

namespace lmr::tune {
namespace {

constexpr int kPlus = 0;  // engine indices in the service's list
constexpr int kMinus = 1;

// Counts the iteration's games from θ+'s point of view, and the games decided by engine faults
// by the faulty side's name (its spec's: θ+ or θ−). Game g of the iteration has id g: pair
// g / 2, θ+ White when g is even.
class Tally : public games::ResultSink {
  public:
    games::Flow game_finished(const games::GameJob& job, core::GameRecord&& game) override {
        stats::add_game(result.games, stats::outcome_of(*game.result, job.white == kPlus));
        // The side that committed a fault is the one that lost the game by it.
        if (core::is_engine_fault(game.termination))
            if (const auto loser = game.loser())
                result.faults.add(*loser == chess::kWhite ? game.white : game.black,
                                  game.termination);
        return games::Flow::kContinue;
    }
    games::Flow search_finished(const games::SearchJob&, games::SearchOutcome&&) override {
        return games::Flow::kContinue;  // an iteration hands out games only
    }

    IterationResult result;
};

std::optional<IterationResult> play_iteration(const EngineGamesSetup& setup,
                                              const IterationRequest& request) {
    const int games_to_play = 2 * request.pairs;
    std::vector<games::Job> jobs;
    jobs.reserve(static_cast<std::size_t>(games_to_play));
    for (int game = 0; game < games_to_play; ++game) {
        games::GameJob job;
        job.id = game;
        const bool plus_white = game % 2 == 0;
        job.white = plus_white ? kPlus : kMinus;
        job.black = plus_white ? kMinus : kPlus;
        if (setup.book) {
            const auto& entry =
                setup.book->opening(static_cast<std::uint64_t>(request.first_pair + game / 2));
            job.opening.fen = entry.start_fen;
            job.opening.moves = entry.moves;
        }
        jobs.emplace_back(std::move(job));
    }

    games::EngineSettings engines;
    engines.engines = {side_spec(setup.engine, "theta+", request.plus_options),
                       side_spec(setup.engine, "theta-", request.minus_options)};
    engines.timeouts = setup.timeouts;
    engines.game = setup.settings;
    engines.restart_after_game = setup.restart_engines;
    games::ServiceOptions options;
    options.concurrency = std::max(1, std::min(setup.concurrency, games_to_play));
    options.interrupt = setup.interrupt;

    games::JobList source(std::move(jobs));
    Tally tally;
    const auto report = setup.executor->run(engines, options, source, tally, setup.files);
    if (report.cause == games::StopCause::kFailure)
        throw std::runtime_error("iteration " + std::to_string(request.k) + ": " + report.failure);
    const auto& r = tally.result;
    if (r.games.games() != games_to_play) return std::nullopt;  // interrupted
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

EngineGamesSetup plan_games_setup(const tournament::RunPlan& plan, const openings::Book* book,
                                  const std::atomic<bool>* interrupt,
                                  const games::JobExecutor& executor) {
    EngineGamesSetup setup;
    setup.engine = tournament::engine_spec(plan, plan.engines.at(0));
    tournament::guard_binary(setup.engine);
    setup.timeouts = tournament::engine_timeouts(plan);
    setup.settings = tournament::game_settings(plan);
    setup.book = book;
    setup.concurrency = plan.concurrency;
    setup.restart_engines = plan.restart_engines;
    setup.interrupt = interrupt;
    setup.executor = &executor;
    if (executor.distributed()) {
        const tournament::EnginePlan& engine = plan.engines.at(0);
        const auto binary = tournament::find_executable(engine.argv.at(0));
        setup.files.binaries.emplace_back(binary.string(), store::sha256_file_hex(binary));
        if (!engine.config_path.empty())
            setup.files.given.emplace_back(
                engine.config_path, tournament::resolved_config_text(binary, engine.config_path));
    }
    return setup;
}

PlayIteration engine_games(EngineGamesSetup setup) {
    auto shared = std::make_shared<const EngineGamesSetup>(std::move(setup));
    return [shared](const IterationRequest& request) { return play_iteration(*shared, request); };
}

}  // namespace lmr::tune
