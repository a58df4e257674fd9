// The SPSA loop over a stored tune: stopping it after k iterations (or in the middle of one, or
// by a failure) and continuing from the database alone gives exactly the iterations of an
// uninterrupted run — same Δ, θ±, results and θ after, each k stored once.

#include <gtest/gtest.h>

#include <atomic>
#include <sstream>
#include <stdexcept>

#include "harness/store/store.hpp"
#include "harness/tune/tuner.hpp"
#include "synthetic_objective.hpp"
#include "tests/store/temp_dir.hpp"

namespace lmr::tune {
namespace {

using store::Store;
using store::testing::TempDir;

constexpr int kIterations = 40;

std::vector<SpsaParam> test_params() {
    return {{"lmr.steps.history.weight", true, 20, 0, 100, 4.0, 0.01},
            {"lmr.steps.eval_margin.weight", true, 30, -50, 50, 4.0, 0.01},
            {"lmr.terms.constant.weight", false, 0.5, -2, 2, 0.2, 0.05}};
}

std::int64_t create_tune_run(Store& store, std::uint64_t seed) {
    store::RunRecord run;
    run.kind = store::RunKind::kTune;
    run.seed = seed;
    run.time_control = "nodes=1000";
    const auto id = store.create_run(run);
    std::vector<store::TuneParam> params;
    for (const auto& p : test_params()) params.push_back(to_store(p));
    store.create_tune(id, to_store(SpsaSettings{kIterations, 0.602, 0.101, 4.0}, 3), params);
    return id;
}

TuneSession session_for(Store& store, std::int64_t run) {
    TuneSession session;
    session.store = &store;
    session.run_id = run;
    return session;
}

testing::SyntheticObjective objective() {
    testing::SyntheticObjective o;
    o.optimum = {65, -10, 1.0};
    o.seed = 77;
    return o;
}

void expect_same_iterations(const std::vector<store::TuneIteration>& a,
                            const std::vector<store::TuneIteration>& b) {
    ASSERT_EQ(a.size(), b.size());
    for (std::size_t i = 0; i < a.size(); ++i) {
        SCOPED_TRACE("k = " + std::to_string(i));
        EXPECT_EQ(a[i].k, static_cast<int>(i));
        EXPECT_EQ(b[i].k, static_cast<int>(i));
        EXPECT_EQ(a[i].a_k, b[i].a_k);
        EXPECT_EQ(a[i].c_k, b[i].c_k);
        EXPECT_EQ(a[i].delta, b[i].delta);
        EXPECT_EQ(a[i].theta_plus, b[i].theta_plus);
        EXPECT_EQ(a[i].theta_minus, b[i].theta_minus);
        EXPECT_EQ(a[i].wins, b[i].wins);
        EXPECT_EQ(a[i].draws, b[i].draws);
        EXPECT_EQ(a[i].losses, b[i].losses);
        EXPECT_EQ(a[i].theta_after, b[i].theta_after);
        EXPECT_EQ(a[i].rng_state, b[i].rng_state);
    }
}

class TuneResumeTest : public ::testing::Test {
  protected:
    // The reference: one uninterrupted run.
    std::vector<store::TuneIteration> uninterrupted(std::uint64_t seed) {
        auto store = Store::open(dir_ / "reference.db");
        const auto run = create_tune_run(store, seed);
        TuneSession session = session_for(store, run);
        const auto outcome = run_tune(session, objective().player());
        EXPECT_EQ(outcome.status, store::RunStatus::kFinished);
        EXPECT_EQ(outcome.iterations_done, kIterations);
        return store.tune_iterations(run);
    }

    // `iterations` iterations of a fresh run in `db`, played by `player`; the progress it
    // printed is in `out`.
    TuneOutcome run_printing(const std::string& db, int iterations, const PlayIteration& player,
                             std::ostringstream& out) {
        auto store = Store::open(dir_ / db);
        TuneSession session = session_for(store, create_tune_run(store, 3));
        session.out = &out;
        session.max_iterations = iterations;
        return run_tune(session, player);
    }

    TempDir dir_;
};

TEST_F(TuneResumeTest, StopAfterKIterationsThenResumeFromTheDatabase) {
    const auto reference = uninterrupted(42);
    const auto db = dir_ / "stopped.db";
    std::int64_t run = 0;
    {
        auto store = Store::open(db);
        run = create_tune_run(store, 42);
        TuneSession session = session_for(store, run);
        session.max_iterations = 17;
        const auto outcome = run_tune(session, objective().player());
        EXPECT_EQ(outcome.status, store::RunStatus::kInterrupted);
        EXPECT_EQ(outcome.iterations_done, 17);
        EXPECT_EQ(store.load_run(run).status, store::RunStatus::kInterrupted);
    }
    // A new process: nothing but the database.
    auto store = Store::open(db);
    TuneSession session = session_for(store, run);
    const auto outcome = run_tune(session, objective().player());
    EXPECT_EQ(outcome.status, store::RunStatus::kFinished);
    EXPECT_EQ(store.load_run(run).status, store::RunStatus::kFinished);
    expect_same_iterations(store.tune_iterations(run), reference);
    EXPECT_EQ(outcome.theta, reference.back().theta_after);
}

TEST_F(TuneResumeTest, AnIterationCutShortIsPlayedAgainWithTheSameDelta) {
    const auto reference = uninterrupted(9);
    const auto db = dir_ / "cut.db";
    std::int64_t run = 0;
    {
        auto store = Store::open(db);
        run = create_tune_run(store, 9);
        int calls = 0;
        const auto player = objective().player();
        TuneSession session = session_for(store, run);
        const auto outcome =
            run_tune(session, [&](const IterationRequest& r) -> std::optional<IterationResult> {
                if (++calls == 10) return std::nullopt;  // Ctrl-C during iteration 9
                return player(r);
            });
        EXPECT_EQ(outcome.status, store::RunStatus::kInterrupted);
        EXPECT_EQ(outcome.iterations_done, 9);
    }
    auto store = Store::open(db);
    TuneSession session = session_for(store, run);
    run_tune(session, objective().player());
    expect_same_iterations(store.tune_iterations(run), reference);
}

TEST_F(TuneResumeTest, AFailureIsStoredAndTheRunResumes) {
    const auto reference = uninterrupted(5);
    auto store = Store::open(dir_ / "failed.db");
    const auto run = create_tune_run(store, 5);
    const auto player = objective().player();
    TuneSession session = session_for(store, run);
    const auto failed =
        run_tune(session, [&](const IterationRequest& r) -> std::optional<IterationResult> {
            if (r.k == 5) throw std::runtime_error("engine 'theta+' cannot start");
            return player(r);
        });
    EXPECT_EQ(failed.status, store::RunStatus::kFailed);
    EXPECT_EQ(failed.iterations_done, 5);
    EXPECT_NE(failed.error.find("cannot start"), std::string::npos);
    EXPECT_EQ(store.load_run(run).status, store::RunStatus::kFailed);
    EXPECT_NE(store.load_run(run).error_message.find("cannot start"), std::string::npos);
    run_tune(session, player);
    expect_same_iterations(store.tune_iterations(run), reference);
}

TEST_F(TuneResumeTest, RequestCarriesRoundedValuesAndRunWidePairIndexes) {
    auto store = Store::open(dir_ / "request.db");
    const auto run = create_tune_run(store, 1);
    TuneSession session = session_for(store, run);
    session.max_iterations = 3;
    std::vector<IterationRequest> seen;
    run_tune(session, [&](const IterationRequest& r) -> std::optional<IterationResult> {
        seen.push_back(r);
        seen.back().perturbation = nullptr;
        return IterationResult{{1, 4, 1}, {}};
    });
    ASSERT_EQ(seen.size(), 3u);
    const auto stored = store.tune_iterations(run);
    for (int k = 0; k < 3; ++k) {
        const auto& r = seen[static_cast<std::size_t>(k)];
        EXPECT_EQ(r.k, k);
        EXPECT_EQ(r.pairs, 3);
        EXPECT_EQ(r.first_pair, 3 * k);
        ASSERT_EQ(r.plus_options.size(), 3u);
        EXPECT_EQ(r.plus_options[0].first, "lmr.steps.history.weight");
        EXPECT_EQ(r.plus_options[0].second,
                  std::to_string(std::llround(stored[static_cast<std::size_t>(k)].theta_plus[0])));
        EXPECT_EQ(r.minus_options[2].second,
                  send_value(test_params()[2], stored[static_cast<std::size_t>(k)].theta_minus[2]));
        // Result 0 (W1 L1): θ does not move.
        const auto& before = k == 0 ? std::vector<double>{20, 30, 0.5}
                                    : stored[static_cast<std::size_t>(k - 1)].theta_after;
        EXPECT_EQ(stored[static_cast<std::size_t>(k)].theta_after, before);
    }
}

TEST_F(TuneResumeTest, InterruptFlagStopsBetweenIterations) {
    auto store = Store::open(dir_ / "interrupt.db");
    const auto run = create_tune_run(store, 3);
    std::atomic<bool> interrupt{false};
    TuneSession session = session_for(store, run);
    session.interrupt = &interrupt;
    const auto player = objective().player();
    const auto outcome =
        run_tune(session, [&](const IterationRequest& r) -> std::optional<IterationResult> {
            if (r.k == 4) interrupt = true;  // the games of iteration 4 still finish
            return player(r);
        });
    EXPECT_EQ(outcome.status, store::RunStatus::kInterrupted);
    EXPECT_EQ(outcome.iterations_done, 5);
}

TEST_F(TuneResumeTest, ProgressLineShowsIterationThetaAndEta) {
    std::ostringstream out;
    run_printing("progress.db", 2, objective().player(), out);
    const std::string text = out.str();
    EXPECT_NE(text.find("iteration 1/40 | W"), std::string::npos) << text;
    EXPECT_NE(text.find("history.weight="), std::string::npos) << text;
    EXPECT_NE(text.find("ETA "), std::string::npos) << text;
    EXPECT_EQ(text.find('\r'), std::string::npos);  // not a terminal: plain lines
}

// An iteration with games decided by engine faults is followed by a line naming the sides and
// the faults; one without them is not; the outcome counts the session's games and faults.
TEST_F(TuneResumeTest, FaultedGamesAreReportedAfterTheirIterationAndCounted) {
    std::ostringstream out;
    const auto with_faults_in_iteration_2 =
        [](const IterationRequest& r) -> std::optional<IterationResult> {
        IterationResult result{2, 2, 2, {}};
        if (r.k == 1) {
            result.faults.add("theta-", core::Termination::kCrash, 2);
            result.faults.add("theta+", core::Termination::kTimeForfeit);
            result.faults.add("theta-", core::Termination::kIllegalMove);
        }
        return result;
    };
    const auto outcome = run_printing("faults.db", 3, with_faults_in_iteration_2, out);
    const std::string text = out.str();
    EXPECT_NE(text.find("iteration 2/40 | games lost to engine faults: 4/6 (theta+: 1 time "
                        "forfeit; theta-: 1 illegal move, 2 crash)\n"),
              std::string::npos)
        << text;
    EXPECT_EQ(text.find("iteration 1/40 | games lost"), std::string::npos) << text;
    EXPECT_EQ(text.find("iteration 3/40 | games lost"), std::string::npos) << text;
    EXPECT_EQ(outcome.games_played, 18);
    EXPECT_EQ(outcome.faults.total(), 4);
    EXPECT_EQ(fault_summary(outcome.faults),
              "theta+: 1 time forfeit; theta-: 1 illegal move, 2 crash");
}

TEST_F(TuneResumeTest, FinishedRunPlaysNothing) {
    auto store = Store::open(dir_ / "done.db");
    const auto run = create_tune_run(store, 3);
    TuneSession session = session_for(store, run);
    run_tune(session, objective().player());
    int calls = 0;
    const auto again =
        run_tune(session, [&](const IterationRequest&) -> std::optional<IterationResult> {
            ++calls;
            return IterationResult{};
        });
    EXPECT_EQ(calls, 0);
    EXPECT_EQ(again.status, store::RunStatus::kFinished);
    EXPECT_EQ(store.tune_iterations(run).size(), static_cast<std::size_t>(kIterations));
}

TEST(TuneSeed, SpsaSeedDiffersFromTheBookSeed) {
    EXPECT_NE(spsa_seed(42), 42u);
    EXPECT_NE(spsa_seed(42), spsa_seed(43));
    EXPECT_EQ(spsa_seed(42), spsa_seed(42));
}

TEST(TuneSummary, ShortNamesAndMore) {
    const auto params = test_params();
    EXPECT_EQ(short_name("lmr.steps.history.weight"), "history.weight");
    EXPECT_EQ(short_name("weight"), "weight");
    EXPECT_EQ(theta_summary(params, {12.345, -3, 0.5}, 2),
              "history.weight=12.35 eval_margin.weight=-3.00 +1 more");
}

}  // namespace
}  // namespace lmr::tune
