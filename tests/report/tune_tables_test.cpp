// A tune's tables (harness/report/tune_tables.cpp), on a tune whose iterations are written out
// here: the trajectory shows exactly the iterations asked for with each one's own θ and W-L,
// the parameters table reads θ from the last iteration (the start before any), and the Sent
// column is there only when the caller gives the values.

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "harness/report/tables.hpp"

namespace lmr::report {
namespace {

TuneData two_params_five_iterations() {
    TuneData tune;
    tune.settings.iterations = 10;
    tune.params = {{"lmr.steps.history.weight", 10, 0, 30, 3, 0.05, true},
                   {"lmr.table.base", 0.5, 0, 2, 0.1, 0.002, false}};
    for (int k = 0; k < 5; ++k) {
        store::TuneIteration it;
        it.k = k;
        it.a_k = 1.0 / (k + 1);
        it.c_k = 1.0;
        it.wins = k;  // W - L = k - 2: -2, -1, +0, +1, +2
        it.losses = 2;
        it.theta_after = {10.0 + k, 0.5 - 0.01 * k};
        tune.iterations.push_back(it);
    }
    return tune;
}

TEST(TuneTables, TheTrajectoryShowsTheIterationsAskedForWithTheirOwnTheta) {
    const TuneData tune = two_params_five_iterations();
    const Table t = tune_trajectory_table(tune, Audience::kHuman, {0, 2, 4, 9},
                                          {"history.weight", "table.base"});
    // k, W, D, L, W-L, a_k, c_k, then one column per parameter, headed by the given names.
    ASSERT_EQ(t.columns.size(), 9u);
    EXPECT_EQ(t.columns[7].title, "history.weight");
    EXPECT_EQ(t.columns[8].title, "table.base");
    ASSERT_EQ(t.rows.size(), 3u);  // iteration 9 was never played
    EXPECT_EQ(t.rows[0][0], "0");
    EXPECT_EQ(t.rows[0][4], "-2");
    EXPECT_EQ(t.rows[1][4], "+0");
    EXPECT_EQ(t.rows[2][0], "4");
    EXPECT_EQ(t.rows[2][4], "+2");
    EXPECT_EQ(t.rows[2][5], "0.200");  // a_4 = 1/5
    EXPECT_EQ(t.rows[1][7], "12.00");
    EXPECT_EQ(t.rows[2][8], "0.46");

    // A machine reads each column by the parameter's full name.
    const Table csv = tune_trajectory_table(tune, Audience::kMachine, {4}, {});
    EXPECT_EQ(csv.columns[8].key, "lmr.table.base");
}

TEST(TuneTables, ThetaNowIsTheLastIterationsAndSentIsShownOnlyWhenGiven) {
    TuneData tune = two_params_five_iterations();
    const Table with_sent = tune_params_table(tune, Audience::kHuman, {"14", "0.46"});
    ASSERT_EQ(with_sent.columns.back().title, "Sent");
    EXPECT_EQ(with_sent.rows[0][1], "int");
    EXPECT_EQ(with_sent.rows[1][1], "float");
    EXPECT_EQ(with_sent.rows[0][7], "14.00");  // θ after iteration 4
    EXPECT_EQ(with_sent.rows[0].back(), "14");

    const Table without = tune_params_table(tune, Audience::kHuman, {});
    EXPECT_EQ(without.columns.size(), with_sent.columns.size() - 1);
    EXPECT_EQ(without.columns.back().title, "θ now");

    tune.iterations.clear();  // before the first iteration θ is the start value
    EXPECT_EQ(tune_params_table(tune, Audience::kHuman, {}).rows[0][7], "10.00");
}

}  // namespace
}  // namespace lmr::report
