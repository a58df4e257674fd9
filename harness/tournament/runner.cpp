#include "harness/tournament/runner.hpp"

#include <array>
#include <map>
#include <mutex>
#include <ostream>
#include <set>
#include <span>
#include <stdexcept>

#include "harness/games/executor.hpp"
#include "harness/match/game.hpp"
#include "harness/match/pgn.hpp"
#include "harness/stats/format.hpp"
#include "harness/tournament/engine_identity.hpp"
#include "harness/tournament/game_pgn.hpp"
#include "harness/tournament/progress.hpp"
#include "harness/tournament/schedule.hpp"

namespace lmr::tournament {
namespace {

std::optional<stats::SprtParams> head_to_head_sprt(const RunPlan& plan) {
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

// The games still to play, as jobs of the engine-games service. A job's id is
// pair index · 2 + round: the task is derived from it again (pair_at), so a job is plain data.
class RunSource : public games::JobSource {
  public:
    RunSource(const RunSetup& setup, std::set<std::pair<std::int64_t, int>> stored)
        : setup_(setup), queue_(setup.plan, std::move(stored)) {}

    std::optional<games::Job> next() override {
        const auto task = queue_.next();
        if (!task) return std::nullopt;
        games::GameJob job;
        job.id = task->pair.pair_index * 2 + task->round;
        job.white = task->white();
        job.black = task->black();
        if (setup_.book) {
            const auto& entry = setup_.book->opening(task->pair.opening_slot);
            job.opening.fen = entry.start_fen;
            job.opening.moves = entry.moves;
        }
        return job;
    }

  private:
    const RunSetup& setup_;
    GameQueue queue_;
};

// The results side of a run: the one place that writes to the store once games are under way.
class RunRecorder : public games::ResultSink {
  public:
    RunRecorder(const RunSetup& setup, Observers& observers)
        : setup_(setup),
          observers_(observers),
          pairings_(engine_pairings(setup.plan)),
          view_(view_engine(setup.plan)),
          sprt_(head_to_head_sprt(setup.plan)) {}

    // Rebuilds the counts from what a previous session stored.
    void load_stored(const std::vector<store::StoredGame>& games) {
        games_stored_ = static_cast<std::int64_t>(games.size());
        for (const auto& game : games) {
            const store::GamePlace& place = game.place;
            const bool view_white = place.white_engine_id == setup_.engine_ids[view_];
            const bool involved = view_white || place.black_engine_id == setup_.engine_ids[view_];
            tally_.add(place.pair_index, involved
                                             ? stats::outcome_of(*game.record.result, view_white)
                                             : stats::Outcome::kDraw);
        }
    }

    std::int64_t pairs_completed() const { return tally_.pairs().pairs(); }
    const stats::Pentanomial& pentanomial() const { return tally_.pairs(); }
    std::optional<stats::Verdict> decision() const { return decision_; }

    void set_progress(Progress* progress) { progress_ = progress; }

    void game_started(const games::GameJob& job) override {
        const auto task = task_of(job);
        observers_.notify([&](RunObserver& o) { o.game_started(task); });
    }

    games::Flow search_finished(const games::SearchJob&, games::SearchOutcome&&) override {
        return games::Flow::kContinue;  // a run hands out games only
    }

    games::Flow game_finished(const games::GameJob& job, core::GameRecord&& game) override {
        const std::array<Finished, 1> one{Finished{job, game}};
        return record(one);
    }

    games::Flow games_finished(std::span<games::FinishedGame> games) override {
        batch_.clear();
        for (auto& finished : games) batch_.push_back({finished.job, finished.game});
        return record(batch_);
    }

  private:
    struct Finished {
        const games::GameJob& job;
        core::GameRecord& game;
    };

    // What a stored game is to tell the observers and the progress, once its transaction is in.
    struct Note {
        GameTask task;
        const core::GameRecord* game = nullptr;
        std::int64_t games_stored = 0;
        enum class Pair { kOpen, kDone, kSummary } pair = Pair::kOpen;
        std::int64_t pair_index = 0;
        std::int64_t pairs_completed = 0;
        stats::Summary summary;
    };

    // Stores the games in one transaction: each game with its moves, and the statistics row of
    // each pair it completes, in the order one game at a time would write them. A failure stores
    // none of them; the counts are then read back from the store, and the failure is thrown.
    games::Flow record(std::span<const Finished> games) {
        if (broken_) throw std::runtime_error(broken_message_);
        // Once for the batch, not per game: the claim's connection cannot write while the batch
        // holds the write lock, and a batch is stored within milliseconds of the renewal.
        if (setup_.claim && !setup_.claim->renew_before_write()) return games::Flow::kStop;
        const auto decision = decision_;
        notes_.clear();
        try {
            store::WriteBatch batch(*setup_.store);
            for (const Finished& finished : games) store_game(finished.job, finished.game);
            batch.commit();
        } catch (...) {
            notes_.clear();
            decision_ = decision;
            reload_counts();
            throw;
        }
        // After the commit: a live PGN file never shows a game the database lost to a kill -9.
        for (const Note& note : notes_) tell(note);
        return decision_ ? games::Flow::kStop : games::Flow::kContinue;
    }

    void store_game(const games::GameJob& job, const core::GameRecord& game) {
        const auto task = task_of(job);
        store::GamePlace place;
        place.run_id = setup_.run_id;
        place.pair_index = task.pair.pair_index;
        place.round_in_pair = task.round;
        place.white_engine_id = setup_.engine_ids[task.white()];
        place.black_engine_id = setup_.engine_ids[task.black()];
        if (setup_.book) place.opening_index = setup_.book->index_of(task.pair.opening_slot);
        const auto tags = game_pgn_tags(setup_.plan, setup_.run_id, task);
        setup_.store->record_game(place, game, match::to_pgn(game, tags));
        Note& note = notes_.emplace_back();
        note.task = task;
        note.game = &game;

        const bool view_white = task.white() == view_;
        const bool involved = view_white || task.black() == view_;
        if (tally_.add(task.pair.pair_index, involved ? stats::outcome_of(*game.result, view_white)
                                                      : stats::Outcome::kDraw))
            complete_pair(task.pair.pair_index, note);
        note.games_stored = ++games_stored_;
    }

    void tell(const Note& note) {
        observers_.notify([&](RunObserver& o) { o.game_finished(note.task, *note.game); });
        if (progress_) {
            if (note.pair == Note::Pair::kDone)
                progress_->message("pair " + std::to_string(note.pair_index + 1) + " done");
            else if (note.pair == Note::Pair::kSummary)
                progress_->pair_done(note.pairs_completed, note.summary);
            progress_->game_done(note.games_stored, note.game->termination);
        }
    }

    // The games stored, read back after a batch that was not (as resume rebuilds its counts);
    // should that fail too, the counts are unknown and nothing more is stored.
    void reload_counts() {
        tally_ = {};
        try {
            load_stored(setup_.store->games_of_run(setup_.run_id));
        } catch (const std::exception& e) {
            broken_ = true;
            broken_message_ = std::string(
                                  "the run's counts cannot be read back after a failed "
                                  "write, so nothing more is stored: ") +
                              e.what();
        }
    }

    GameTask task_of(const games::GameJob& job) const {
        GameTask task;
        task.pair = pair_at(setup_.plan, pairings_, job.id / 2);
        task.round = static_cast<int>(job.id % 2);
        return task;
    }

    // The game of `note` has just completed `pair`: a head-to-head run stores the statistics
    // row (the note reports it once stored) and stops on the SPRT's verdict.
    void complete_pair(std::int64_t pair, Note& note) {
        note.pair_index = pair;
        if (setup_.plan.pairing != Pairing::kHeadToHead) {
            note.pair = Note::Pair::kDone;
            return;
        }
        const std::int64_t pairs_completed = tally_.pairs().pairs();
        const auto summary = stats::summarize(tally_.pairs(), sprt_);
        setup_.store->record_stats(setup_.run_id, to_stats_record(pairs_completed, summary));
        note.pair = Note::Pair::kSummary;
        note.pairs_completed = pairs_completed;
        note.summary = summary;
        if (summary.sprt && summary.sprt->verdict != stats::Verdict::kContinue && !decision_) {
            decision_ = summary.sprt->verdict;  // the games in flight no longer matter
        }
    }

    const RunSetup& setup_;
    Observers& observers_;
    std::vector<std::pair<int, int>> pairings_;
    int view_;
    std::optional<stats::SprtParams> sprt_;
    stats::PairTally tally_;
    std::int64_t games_stored_ = 0;
    std::optional<stats::Verdict> decision_;
    Progress* progress_ = nullptr;
    std::vector<Finished> batch_;  // kept, as notes_, so that a batch allocates nothing
    std::vector<Note> notes_;
    bool broken_ = false;
    std::string broken_message_;
};

}  // namespace

namespace {

// When the games are played elsewhere: the binaries the run recorded, to be checked on every
// machine, and the resolved configs it recorded, given to every machine.
games::PlayerFiles player_files(const RunSetup& setup) {
    games::PlayerFiles files;
    if (!setup.executor->distributed()) return files;
    const auto attached = setup.store->run_engines(setup.run_id);
    for (std::size_t i = 0; i < setup.plan.engines.size(); ++i) {
        const EnginePlan& engine = setup.plan.engines[i];
        for (const auto& row : attached) {
            if (row.engine.id != setup.engine_ids.at(i)) continue;
            if (!row.engine.binary_sha256.empty())
                files.binaries.emplace_back(find_executable(engine.argv.at(0)).string(),
                                            row.engine.binary_sha256);
            if (!engine.config_path.empty() && !row.engine.config_json.empty())
                files.given.emplace_back(engine.config_path, row.engine.config_json);
        }
    }
    return files;
}

}  // namespace

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
    for (const auto& game : stored)
        stored_places.emplace(game.place.pair_index, game.place.round_in_pair);

    Observers observers(setup.observers);
    RunSource source(setup, stored_places);
    RunRecorder recorder(setup, observers);
    recorder.load_stored(stored);
    observers.notify([&](RunObserver& o) { o.run_started(setup.run_id, plan); });

    std::ostream null_stream(nullptr);
    Progress progress(setup.out ? *setup.out : null_stream, setup.live_progress, plan.report_every,
                      total_pairs(plan), recorder.pairs_completed());
    recorder.set_progress(&progress);

    games::EngineSettings engines;
    for (const auto& engine : plan.engines) {
        auto spec = engine_spec(plan, engine);
        // Every game is stored, so an engine that can report its LMR statistics does. Not part
        // of the plan's options: it changes what the engine prints, not how it plays, so the
        // engine keeps its identity (engines.options_json) across runs.
        spec.options_if_offered.emplace_back(match::kLmrStatsOption, "true");
        guard_binary(spec);
        engines.engines.push_back(std::move(spec));
    }
    engines.timeouts = engine_timeouts(plan);
    engines.game = game_settings(plan);
    engines.own_limits = own_limits(plan);
    engines.game.kept_line_patterns = setup.kept_line_patterns;
    engines.restart_after_game = plan.restart_engines;
    engines.protocol_log = setup.protocol_log;

    games::ServiceOptions service;
    service.concurrency = std::max(1, plan.concurrency);
    service.interrupt = setup.interrupt;
    if (setup.claim) service.stop_requested = [&setup] { return setup.claim->must_stop(); };

    store.set_run_status(setup.run_id, store::RunStatus::kRunning);
    const auto report =
        setup.executor->run(engines, service, source, recorder, player_files(setup));
    progress.close();

    RunOutcome outcome;
    outcome.pairs_completed = recorder.pairs_completed();
    outcome.pairs = recorder.pentanomial();
    RunEnd end{store::RunStatus::kFinished, std::nullopt, {}};
    if (report.cause == games::StopCause::kFailure) {
        end.status = store::RunStatus::kFailed;
        end.error = report.failure;
    } else if (setup.interrupt && *setup.interrupt) {
        end.status = store::RunStatus::kInterrupted;
    } else if (auto decision = recorder.decision()) {
        end.verdict = *decision;
    } else if (head_to_head_sprt(plan)) {
        // An SPRT that reached its pair limit still says kContinue: undecided.
        end.verdict = stats::Verdict::kContinue;
    }
    end = end_run(store, setup.run_id, setup.claim, end);
    outcome.status = end.status;
    outcome.verdict = end.verdict;
    outcome.error = end.error;
    return outcome;
}

}  // namespace lmr::tournament
