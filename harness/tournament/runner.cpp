#include "harness/tournament/runner.hpp"

#include <oneapi/tbb/global_control.h>
#include <oneapi/tbb/task_arena.h>
#include <oneapi/tbb/task_group.h>

#include <map>
#include <memory>
#include <mutex>
#include <ostream>
#include <set>
#include <thread>

#include "harness/match/game.hpp"
#include "harness/match/pgn.hpp"
#include "harness/stats/format.hpp"
#include "harness/tournament/game_mapping.hpp"
#include "harness/tournament/game_pgn.hpp"
#include "harness/tournament/progress.hpp"
#include "harness/tournament/schedule.hpp"

namespace lmr::tournament {
namespace {

stats::Outcome outcome_for(const match::GameRecord& game, bool view_is_white) {
    if (game.result == "1/2-1/2") return stats::Outcome::kDraw;
    const bool white_won = game.result == "1-0";
    return white_won == view_is_white ? stats::Outcome::kWin : stats::Outcome::kLoss;
}

stats::Outcome outcome_for(store::GameResult result, bool view_is_white) {
    if (result == store::GameResult::kDraw) return stats::Outcome::kDraw;
    const bool white_won = result == store::GameResult::kWhiteWins;
    return white_won == view_is_white ? stats::Outcome::kWin : stats::Outcome::kLoss;
}

uci_client::EngineSpec engine_spec(const EnginePlan& engine) {
    uci_client::EngineSpec spec;
    spec.name = engine.name;
    spec.argv = engine.argv;
    spec.options = engine.options;
    // Every game is stored, so an engine that can report its LMR statistics does. Not part of
    // the plan's options: it changes what the engine prints, not how it plays, so the engine
    // keeps its identity (engines.options_json) across runs.
    spec.options_if_offered.emplace_back(match::kLmrStatsOption, "true");
    return spec;
}

std::optional<store::SprtParams> head_to_head_sprt(const RunPlan& plan) {
    return plan.pairing == Pairing::kHeadToHead ? plan.sprt : std::nullopt;
}

store::StatsRecord to_stats_record(std::int64_t pairs, const stats::Summary& summary) {
    store::StatsRecord row;
    row.pairs = pairs;
    const auto games = stats::to_trinomial(*summary.counts.pairs);
    row.wins = games.wins;
    row.draws = games.draws;
    row.losses = games.losses;
    const auto& p = *summary.counts.pairs;
    row.penta = {p.ll, p.ld, p.wl, p.dd, p.wd, p.ww};
    row.elo = summary.estimate.elo;
    row.elo_error = summary.estimate.elo_error;
    row.nelo = summary.estimate.nelo;
    row.nelo_error = summary.estimate.nelo_error;
    row.los = summary.estimate.los;
    if (summary.sprt) {
        row.llr = summary.sprt->llr;
        row.lower_bound = summary.sprt->bounds.lower;
        row.upper_bound = summary.sprt->bounds.upper;
    }
    return row;
}

// Calls every observer of the run, one call at a time (slots start games concurrently).
class Observers {
  public:
    explicit Observers(const std::vector<RunObserver*>& observers) : observers_(observers) {}

    template <typename Call>
    void notify(Call&& call) {
        if (observers_.empty()) return;
        std::lock_guard lock(mutex_);
        for (RunObserver* observer : observers_) call(*observer);
    }

  private:
    const std::vector<RunObserver*>& observers_;
    std::mutex mutex_;
};

// The results side of a run: the one place that writes to the store once games are under way.
class ResultSink {
  public:
    ResultSink(const RunSetup& setup, GameQueue& queue, std::atomic<bool>& cancel,
               Observers& observers)
        : setup_(setup),
          observers_(observers),
          queue_(queue),
          cancel_(cancel),
          view_(view_engine(setup.plan)),
          sprt_(to_stats_params(head_to_head_sprt(setup.plan))) {}

    // Rebuilds the counts from what a previous session stored.
    void load_stored(const std::vector<store::GameRecord>& games) {
        games_stored_ = static_cast<std::int64_t>(games.size());
        std::map<std::int64_t, std::vector<const store::GameRecord*>> by_pair;
        for (const auto& game : games) by_pair[game.pair_index].push_back(&game);
        for (const auto& [pair, list] : by_pair) {
            for (const auto* game : list) {
                const bool view_white = game->white_engine_id == setup_.engine_ids[view_];
                const bool involved =
                    view_white || game->black_engine_id == setup_.engine_ids[view_];
                half_pairs_[pair].push_back(involved ? outcome_for(game->result, view_white)
                                                     : stats::Outcome::kDraw);
            }
            if (half_pairs_[pair].size() == 2) complete_pair(pair, /*record=*/false);
        }
    }

    std::int64_t pairs_completed() const { return pairs_completed_; }
    const stats::Pentanomial& pentanomial() const { return penta_; }
    std::optional<stats::Verdict> decision() const { return decision_; }

    void set_progress(Progress* progress) { progress_ = progress; }

    void on_game(const GameTask& task, const match::GameRecord& game) {
        std::lock_guard lock(mutex_);
        if (setup_.claim && !setup_.claim->renew()) {
            queue_.close();
            cancel_ = true;
            return;
        }
        GamePlace place;
        place.run_id = setup_.run_id;
        place.pair_index = task.pair.pair_index;
        place.round_in_pair = task.round;
        place.white_engine_id = setup_.engine_ids[task.white()];
        place.black_engine_id = setup_.engine_ids[task.black()];
        if (setup_.book) place.opening_index = setup_.book->index_of(task.pair.opening_slot);
        const auto tags = game_pgn_tags(setup_.plan, setup_.run_id, task);
        setup_.store->record_game(to_store_record(game, place, match::to_pgn(game, tags)));
        observers_.notify([&](RunObserver& o) { o.game_finished(task, game); });

        const bool view_white = task.white() == view_;
        const bool involved = view_white || task.black() == view_;
        half_pairs_[task.pair.pair_index].push_back(involved ? outcome_for(game, view_white)
                                                             : stats::Outcome::kDraw);
        if (half_pairs_[task.pair.pair_index].size() == 2)
            complete_pair(task.pair.pair_index, /*record=*/true);
        ++games_stored_;
        if (progress_) progress_->game_done(games_stored_);
    }

  private:
    void complete_pair(std::int64_t pair, bool record) {
        const auto& outcomes = half_pairs_[pair];
        stats::add_pair(penta_, outcomes[0], outcomes[1]);
        half_pairs_.erase(pair);
        ++pairs_completed_;
        if (!record || setup_.plan.pairing != Pairing::kHeadToHead) {
            if (record && progress_)
                progress_->message("pair " + std::to_string(pair + 1) + " done");
            return;
        }
        const auto summary = stats::summarize(penta_, sprt_);
        setup_.store->record_stats(setup_.run_id, to_stats_record(pairs_completed_, summary));
        if (progress_) progress_->pair_done(pairs_completed_, summary);
        if (summary.sprt && summary.sprt->verdict != stats::Verdict::kContinue && !decision_) {
            decision_ = summary.sprt->verdict;
            queue_.close();
            cancel_ = true;  // the games in flight no longer matter
        }
    }

    const RunSetup& setup_;
    Observers& observers_;
    GameQueue& queue_;
    std::atomic<bool>& cancel_;
    int view_;
    std::optional<stats::SprtParams> sprt_;
    std::mutex mutex_;
    std::map<std::int64_t, std::vector<stats::Outcome>> half_pairs_;
    stats::Pentanomial penta_;
    std::int64_t pairs_completed_ = 0;
    std::int64_t games_stored_ = 0;
    std::optional<stats::Verdict> decision_;
    Progress* progress_ = nullptr;
};

}  // namespace

std::optional<stats::SprtParams> to_stats_params(const std::optional<store::SprtParams>& p) {
    if (!p) return std::nullopt;
    stats::SprtParams params;
    params.elo0 = p->elo0;
    params.elo1 = p->elo1;
    params.alpha = p->alpha;
    params.beta = p->beta;
    params.model = stats::parse_model(p->model).value_or(stats::EloModel::kNormalized);
    return params;
}

uci_client::UciTimeouts engine_timeouts(const RunPlan& plan) {
    uci_client::UciTimeouts timeouts;
    timeouts.handshake = std::chrono::milliseconds(plan.startup_timeout_ms);
    timeouts.ready = std::chrono::milliseconds(plan.ready_timeout_ms);
    return timeouts;
}

int view_engine(const RunPlan& plan) {
    for (std::size_t i = 0; i < plan.engines.size(); ++i)
        if (plan.engines[i].role == store::EngineRole::kTest) return static_cast<int>(i);
    return plan.engines.size() > 1 ? 1 : 0;
}

RunOutcome run_games(const RunSetup& setup) {
    const RunPlan& plan = setup.plan;
    auto& store = *setup.store;

    const auto stored = store.games_of_run(setup.run_id);
    std::set<std::pair<std::int64_t, int>> stored_places;
    for (const auto& game : stored) stored_places.emplace(game.pair_index, game.round_in_pair);

    std::atomic<bool> cancel{false};
    GameQueue queue(plan, stored_places);
    Observers observers(setup.observers);
    ResultSink sink(setup, queue, cancel, observers);
    sink.load_stored(stored);
    observers.notify([&](RunObserver& o) { o.run_started(setup.run_id, plan); });

    std::ostream null_stream(nullptr);
    Progress progress(setup.out ? *setup.out : null_stream, setup.live_progress, plan.report_every,
                      total_pairs(plan), sink.pairs_completed());
    sink.set_progress(&progress);

    match::GameSettings settings;
    settings.time_control = match::parse_time_control(plan.time_control);
    settings.time_margin = std::chrono::milliseconds(plan.time_margin_ms);
    settings.stall_timeout = std::chrono::milliseconds(plan.stall_timeout_ms);
    settings.adjudication = plan.adjudication;
    settings.cancel = &cancel;
    const auto timeouts = engine_timeouts(plan);

    std::mutex failure_mutex;
    std::string failure;
    auto fail = [&](const std::string& what) {
        std::lock_guard lock(failure_mutex);
        if (failure.empty()) failure = what;
        queue.close();
        cancel = true;
    };

    store.set_run_status(setup.run_id, store::RunStatus::kRunning);

    // Each slot blocks on engine pipes, not the CPU, so the arena may exceed the core count:
    // raise oneTBB's thread limit to the requested concurrency.
    const int slots = std::max(1, plan.concurrency);
    tbb::global_control thread_limit(tbb::global_control::max_allowed_parallelism,
                                     static_cast<std::size_t>(slots) + 1);
    tbb::task_arena arena(slots, /*reserved_for_masters=*/1);
    std::thread interrupt_watch([&] {
        // Turns Ctrl-C into a cancellation the game loops see before their next move.
        const auto claim_lost = [&] { return setup.claim && setup.claim->lost(); };
        while (!cancel && !(setup.interrupt && *setup.interrupt) && !claim_lost())
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
        if ((setup.interrupt && *setup.interrupt) || claim_lost()) {
            queue.close();
            cancel = true;
        }
    });
    arena.execute([&] {
        tbb::task_group slots_group;
        for (int slot = 0; slot < slots; ++slot) {
            slots_group.run([&] {
                std::vector<std::unique_ptr<uci_client::UciEngine>> engines(plan.engines.size());
                auto engine = [&](int index) -> uci_client::UciEngine& {
                    auto& e = engines[static_cast<std::size_t>(index)];
                    if (!e) {
                        const auto& spec = plan.engines[index];
                        e = std::make_unique<uci_client::UciEngine>(engine_spec(spec), timeouts);
                        if (setup.protocol_log)
                            e->set_protocol_log(
                                [&setup, &spec](bool to_engine, std::string_view line) {
                                    setup.protocol_log(spec.name, to_engine, line);
                                });
                        e->start();
                    }
                    return *e;
                };
                try {
                    while (auto task = queue.next()) {
                        match::Opening opening;
                        if (setup.book) {
                            const auto& entry = setup.book->opening(task->pair.opening_slot);
                            opening.fen = entry.start_fen;
                            opening.moves = entry.moves;
                        }
                        observers.notify([&](RunObserver& o) { o.game_started(*task); });
                        auto game = match::play_game(engine(task->white()), engine(task->black()),
                                                     opening, settings);
                        if (!game.finished_normally()) break;  // cancelled
                        sink.on_game(*task, game);
                        if (plan.restart_engines)
                            for (auto& e : engines)
                                if (e) {
                                    e->quit();
                                    e.reset();
                                }
                    }
                } catch (const std::exception& e) {
                    fail(e.what());
                }
                for (auto& e : engines)
                    if (e) e->quit();
            });
        }
        slots_group.wait();
    });
    cancel = true;  // ends the interrupt watcher
    interrupt_watch.join();
    progress.close();

    RunOutcome outcome;
    outcome.pairs_completed = sink.pairs_completed();
    outcome.pairs = sink.pentanomial();
    if (setup.claim && !setup.claim->renew()) {
        // Another process plays the run now: its status is that process's to write.
        outcome.status = store::RunStatus::kInterrupted;
        outcome.error = setup.claim->loss_message();
        return outcome;
    }
    if (!failure.empty()) {
        outcome.status = store::RunStatus::kFailed;
        outcome.error = failure;
    } else if (setup.interrupt && *setup.interrupt) {
        outcome.status = store::RunStatus::kInterrupted;
    } else {
        outcome.status = store::RunStatus::kFinished;
        if (auto decision = sink.decision())
            outcome.verdict =
                *decision == stats::Verdict::kAcceptH1 ? store::Verdict::kH1 : store::Verdict::kH0;
        else if (head_to_head_sprt(plan))
            outcome.verdict = store::Verdict::kUndecided;
    }
    store.set_run_status(setup.run_id, outcome.status, outcome.verdict, outcome.error);
    return outcome;
}

}  // namespace lmr::tournament
