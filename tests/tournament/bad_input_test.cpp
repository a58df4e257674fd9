// Bad input to the run commands: exit code 2, a message naming the problem, and the database
// untouched (no run created; a file that is not a database is not modified).

#include <gtest/gtest.h>

#include "harness/store/store.hpp"
#include "tests/tournament/support.hpp"

namespace lmr::tournament_test {
namespace {

class BadInput : public ::testing::Test {
  protected:
    void SetUp() override {
        // An existing, valid, empty results database: a bad command must leave it as it is.
        db_path_ = dir_ / "results.db";
        { auto store = store::Store::open(db_path_); }
        db_bytes_ = read_file(db_path_);
        ASSERT_FALSE(db_bytes_.empty());
    }

    // A good match command between two fixture engines, with `flag` given `value` instead.
    std::vector<std::string> fixture_match(const std::string& flag = "",
                                           const std::string& value = "") const {
        std::vector<std::string> args{"match",
                                      "--engine",
                                      "name=a",
                                      "cmd=" + kFixtureRandom,
                                      "--engine",
                                      "name=b",
                                      "cmd=" + kFixtureRandom,
                                      "--pairs",
                                      "1",
                                      "--tc",
                                      "nodes=10",
                                      "--book",
                                      "none",
                                      "--concurrency",
                                      "1",
                                      "--db",
                                      db_path_};
        for (std::size_t i = 0; i + 1 < args.size(); ++i)
            if (!flag.empty() && args[i] == flag) args[i + 1] = value;
        return args;
    }

    // Exit 2, the message contains every needle, the database is unchanged and holds no run.
    void expect_rejected(const std::vector<std::string>& args,
                         const std::vector<std::string>& needles) {
        const auto r = run_harness(dir_, args, std::chrono::seconds(30));
        EXPECT_EQ(r.exit_code, 2) << describe(r);
        for (const auto& needle : needles)
            EXPECT_NE(r.err.find(needle), std::string::npos)
                << "the message should name '" << needle << "':\n"
                << r.err;
        EXPECT_TRUE(read_file(db_path_) == db_bytes_) << "the database file was modified";
        Db db(db_path_);
        EXPECT_EQ(db.integer("SELECT count(*) FROM runs"), 0);
        EXPECT_EQ(db.integer("SELECT count(*) FROM engines"), 0);
    }

    TempDir dir_;
    std::string db_path_;
    std::string db_bytes_;
};

TEST_F(BadInput, UnknownConfigFile) {
    const std::string missing = dir_ / "no-such-config.json";
    expect_rejected(
        {"match", "--base", missing, "--test", config_path("cpw-simple.json"), "--engine-binary",
         kEngine, "--pairs", "1", "--tc", "nodes=10", "--book", "none", "--db", db_path_},
        {"no-such-config.json", "does not exist"});
}

TEST_F(BadInput, ConfigTheEngineRejects) {
    const std::string broken = dir_ / "broken.json";
    write_file(broken, "{ \"lmr\": { \"enabled\": \"sometimes\" } }\n");
    expect_rejected(
        {"sprt", "--base", config_path("none.json"), "--test", broken, "--engine-binary", kEngine,
         "--max-pairs", "1", "--tc", "nodes=10", "--book", "none", "--db", db_path_},
        {"broken.json"});
}

// `extends` reaching a device: the engine refuses it before reading (it used to grow to
// gigabytes), and the harness says which config; a device given directly is refused up front.
TEST_F(BadInput, ConfigThatIsNotARegularFile) {
    const std::string endless = dir_ / "endless.json";
    write_file(endless, R"({"extends": "/dev/zero"})");
    expect_rejected(
        {"sprt", "--base", config_path("none.json"), "--test", endless, "--engine-binary", kEngine,
         "--max-pairs", "1", "--tc", "nodes=10", "--book", "none", "--db", db_path_},
        {"endless.json", "extends: not a regular file: /dev/zero"});
    expect_rejected(
        {"sprt", "--base", config_path("none.json"), "--test", "/dev/zero", "--engine-binary",
         kEngine, "--max-pairs", "1", "--tc", "nodes=10", "--book", "none", "--db", db_path_},
        {"config file '/dev/zero' is not a regular file"});
}

TEST_F(BadInput, BadTimeControl) {
    expect_rejected(fixture_match("--tc", "fortnight=3"), {"fortnight=3"});
}

TEST_F(BadInput, BadBookPath) {
    const std::string missing = dir_ / "no-such-book.epd";
    expect_rejected(fixture_match("--book", missing), {"no-such-book.epd"});
}

TEST_F(BadInput, ZeroConcurrency) {
    expect_rejected(fixture_match("--concurrency", "0"), {"--concurrency"});
}

TEST_F(BadInput, MissingEngineProgram) {
    std::vector<std::string> args{"match",
                                  "--engine",
                                  "name=ghost",
                                  "cmd=" + (dir_ / "no-such-engine"),
                                  "--engine",
                                  "name=b",
                                  "cmd=" + kFixtureRandom,
                                  "--pairs",
                                  "1",
                                  "--tc",
                                  "nodes=10",
                                  "--book",
                                  "none",
                                  "--db",
                                  db_path_};
    expect_rejected(args, {"ghost"});
}

TEST_F(BadInput, TextFileAsDatabaseIsLeftUntouched) {
    const std::string notes = dir_ / "notes.txt";
    const std::string text = "These are my notes, not a database.\n";
    write_file(notes, text);
    const auto args = fixture_match("--db", notes);
    const auto r = run_harness(dir_, args, std::chrono::seconds(30));
    EXPECT_EQ(r.exit_code, 2) << describe(r);
    EXPECT_NE(r.err.find("notes.txt"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("not an SQLite database"), std::string::npos) << r.err;
    EXPECT_EQ(read_file(notes), text);
    for (const std::string suffix : {"-wal", "-shm", "-journal"})
        EXPECT_FALSE(fs::exists(notes + suffix)) << notes + suffix << " was created";
}

}  // namespace
}  // namespace lmr::tournament_test
