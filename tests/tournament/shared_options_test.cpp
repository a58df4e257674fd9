// `--option NAME=VALUE`: a UCI option for every engine of a run (cutechess's `-each`), stored
// with each engine; an --engine spec's own option of the same name (any case) wins.

#include <gtest/gtest.h>

#include "tests/tournament/support.hpp"

namespace lmr::tournament_test {
namespace {

std::string options_of(const std::string& db_path, const std::string& engine) {
    Db db(db_path);
    return db.text("SELECT options_json FROM engines WHERE name = '" + engine + "'");
}

TEST(SharedOptions, EveryConfigEngineGetsThem) {
    TempDir dir;
    const std::string db_path = dir / "configs.db";
    const auto r = run_harness(
        dir, {"match", "--base", config_path("none.json"), "--test", config_path("cpw-simple.json"),
              "--option", "Hash=8", "--option", "Move Overhead=20", "--pairs", "1", "--tc",
              "nodes=300", "--book", "none", "--db", db_path});
    ASSERT_EQ(r.exit_code, 0) << describe(r);
    for (const std::string engine : {"none", "cpw-simple"}) {
        const std::string options = options_of(db_path, engine);
        EXPECT_NE(options.find("\"Hash\":\"8\""), std::string::npos) << engine << ": " << options;
        EXPECT_NE(options.find("\"Move Overhead\":\"20\""), std::string::npos)
            << engine << ": " << options;
    }
}

TEST(SharedOptions, AnEnginesOwnOptionWins) {
    TempDir dir;
    const std::string db_path = dir / "engines.db";
    const auto r =
        run_harness(dir, {"match", "--engine", "name=own", "cmd=" + kEngine, "option.Hash=32",
                          "--engine", "name=shared", "cmd=" + kEngine, "--option", "hash=8",
                          "--pairs", "1", "--tc", "nodes=300", "--book", "none", "--db", db_path});
    ASSERT_EQ(r.exit_code, 0) << describe(r);
    const std::string own = options_of(db_path, "own");
    EXPECT_NE(own.find("\"Hash\":\"32\""), std::string::npos) << own;
    EXPECT_EQ(own.find("\"hash\""), std::string::npos) << own;
    const std::string shared = options_of(db_path, "shared");
    EXPECT_NE(shared.find("\"hash\":\"8\""), std::string::npos) << shared;
}

// The run keeps the command line as typed, --engine specs included (they are taken out of the
// arguments before the other flags are parsed), quoted so it can be pasted into a shell.
TEST(SharedOptions, TheRunStoresTheWholeCommandLine) {
    TempDir dir;
    const std::string db_path = dir / "line.db";
    const auto r = run_harness(
        dir, {"match", "--engine", "name=one", "cmd=" + kEngine, "option.Move Overhead=5",
              "--engine", "name=two", "cmd=" + kEngine, "--option", "Hash=8", "--pairs", "1",
              "--tc", "nodes=300", "--book", "none", "--db", db_path});
    ASSERT_EQ(r.exit_code, 0) << describe(r);
    Db db(db_path);
    EXPECT_EQ(db.text("SELECT command_line FROM runs"),
              "lmr-harness match --engine name=one cmd=" + kEngine +
                  " 'option.Move Overhead=5' --engine name=two cmd=" + kEngine +
                  " --option Hash=8 --pairs 1 --tc nodes=300 --book none --db " + db_path);
}

TEST(SharedOptions, AnOptionWithoutAValueIsAUsageErrorBeforeAnyRun) {
    TempDir dir;
    const std::string db_path = dir / "bad.db";
    const auto r = run_harness(dir, {"match", "--base", config_path("none.json"), "--test",
                                     config_path("cpw-simple.json"), "--option", "Hash", "--pairs",
                                     "1", "--tc", "nodes=300", "--book", "none", "--db", db_path});
    EXPECT_EQ(r.exit_code, 2) << describe(r);
    EXPECT_NE(r.err.find("--option"), std::string::npos) << describe(r);
    EXPECT_NE(r.err.find("NAME=VALUE"), std::string::npos) << describe(r);
    EXPECT_EQ(games_in(db_path), 0);
}

}  // namespace
}  // namespace lmr::tournament_test
