// Runs started at the same moment into one database file that does not exist yet, as a script
// launching several matches at once does: each process creates or finds the file, switches it
// to WAL and brings the schema up to date while the others do the same. None may fail with
// "database is locked" or mistake the half-created file for another program's; all finish.
// The race is short (the engines are probed before the database is opened, which spreads the
// starts), so it is run several times; tests/store/open_race_test.cpp hits the same window with
// bare opens, reliably.

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "tests/tournament/support.hpp"

namespace lmr::tournament_test {
namespace {

constexpr int kRuns = 4;
constexpr int kRounds = 5;

TEST(SimultaneousRuns, FourRunsStartedAtOnceOnOneNewDatabaseAllFinish) {
    const TempDir dir("lmr-simultaneous");
    for (int round = 0; round < kRounds; ++round) {
        const std::string db_path = dir / ("new-" + std::to_string(round) + ".db");
        ASSERT_FALSE(fs::exists(db_path));
        std::vector<std::unique_ptr<Harness>> harnesses;
        for (int i = 0; i < kRuns; ++i) {
            harnesses.push_back(std::make_unique<Harness>(
                dir, std::vector<std::string>{"match", "--base", config_path("none.json"), "--test",
                                              config_path("default.json"), "--engine-binary",
                                              kEngine, "--pairs", "1", "--tc", "nodes=500",
                                              "--book", "none", "--db", db_path}));
        }
        for (int i = 0; i < kRuns; ++i) {
            const RunResult result = harnesses[i]->wait(std::chrono::seconds(60));
            EXPECT_EQ(result.exit_code, 0)
                << "round " << round << ", run " << i << ": " << describe(result);
        }
        Db db(db_path);
        EXPECT_EQ(db.integer("SELECT count(*) FROM runs WHERE status = 'finished'"), kRuns)
            << "round " << round;
        EXPECT_EQ(db.integer("SELECT count(*) FROM games"), 2 * kRuns) << "round " << round;
        // The shared engine rows were made once, not once per run.
        EXPECT_EQ(db.integer("SELECT count(*) FROM engines"), 2) << "round " << round;
        EXPECT_EQ(db.text("PRAGMA integrity_check"), "ok") << "round " << round;
        if (::testing::Test::HasFailure()) return;
    }
}

}  // namespace
}  // namespace lmr::tournament_test
