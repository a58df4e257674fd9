// A tune's life cycle (tune_runs.hpp).

#include "harness/tune/tune_runs.hpp"

#include <utility>

#include "harness/store/database_file.hpp"
#include "harness/tune/iteration_games.hpp"

namespace lmr::tune {
namespace {

std::string joined(const std::vector<std::string>& lines) {
    std::string text;
    for (const std::string& line : lines) text += (text.empty() ? "" : "\n") + line;
    return text;
}

}  // namespace

TuneRequestError::TuneRequestError(std::vector<std::string> problems)
    : tournament::PlanError(joined(problems)), problems_(std::move(problems)) {}

ReadyTune create_tune(const TuneRequest& request, const games::JobExecutor& executor) {
    const tournament::RunPlan& plan = request.plan;
    tournament::check_plan(plan);
    tournament::check_slots(plan, executor);
    store::check_path_for_writing(request.db_path);
    tournament::PreparedRun prepared = tournament::prepare_run(plan);
    const auto problems = check_against_engine(request.params, prepared.advertised_options.at(0));
    if (!problems.empty()) throw TuneRequestError(problems);
    tournament::NewRun run = tournament::create_run(plan, request.db_path, request.command_line);
    std::vector<store::TuneParam> stored;
    for (const SpsaParam& p : request.params) stored.push_back(to_store(p));
    run.store.create_tune(run.run_id, to_store(request.spsa, request.pairs_per_iteration), stored);
    return ReadyTune{std::move(run.store),           run.run_id, plan,
                     std::move(run.claim),           nullptr,    std::move(prepared.book),
                     param_warnings(request.params), 0};
}

ReadyTune reopen_tune(const std::filesystem::path& db_path, std::int64_t run_id,
                      std::optional<int> concurrency, const games::JobExecutor& executor,
                      bool allow_changed) {
    auto store =
        store::Store::open(db_path, {.mode = store::OpenMode::kReadWrite, .create = false});
    const store::RunRecord run = store.load_run(run_id);
    if (run.kind != store::RunKind::kTune)
        throw tournament::PlanError("run " + std::to_string(run_id) + " is a " +
                                    std::string(store::to_string(run.kind)) + " run, not a tune");
    tournament::ReopenedRun reopened =
        tournament::reopen_run(store, run_id, db_path, concurrency, executor, allow_changed);
    const std::size_t done = store.tune_iterations(run_id).size();
    return ReadyTune{std::move(store),
                     run_id,
                     std::move(reopened.plan),
                     std::move(reopened.claim),
                     std::move(reopened.configs),
                     std::move(reopened.prepared.book),
                     {},
                     done};
}

TuneOutcome play_tune(ReadyTune& tune, const std::atomic<bool>* interrupt, std::ostream* out,
                      tournament::TerminalWidth live, const games::JobExecutor& executor) {
    TuneSession session;
    session.store = &tune.store;
    session.run_id = tune.run_id;
    session.claim = tune.claim.get();
    session.interrupt = interrupt;
    session.out = out;
    session.live = std::move(live);
    const openings::Book* book = tune.book ? &*tune.book : nullptr;
    return run_tune(session, engine_games(plan_games_setup(tune.plan, book, interrupt, executor)));
}

}  // namespace lmr::tune
