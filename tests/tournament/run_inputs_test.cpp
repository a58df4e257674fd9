// A run's inputs are part of the run (docs/reliability.md): `resume` plays the configs the run
// recorded, refuses an engine binary or a book that changed since the run started unless
// --allow-changed (then records the change), and is refused while another process plays the
// run. lmr-engine at a fixed node count plays the same game from the same opening every time,
// so "the same run" is checked move for move against an uninterrupted run of the same plan.

#include <gtest/gtest.h>

#include <csignal>
#include <stdexcept>

#include "tests/support/shared_fixture.hpp"
#include "tests/tournament/support.hpp"

namespace lmr::tournament_test {
namespace {

constexpr int kPairs = 6;

// A match of two lmr-engine configs copied into `dir` (so a test may edit them), played by
// `binary`, at a node count fast enough for tests and slow enough to be killed half-way.
std::vector<std::string> config_match(const fs::path& dir, const std::string& db_path,
                                      const std::string& binary, const std::string& book) {
    return {"match",
            "--base",
            (dir / "base.json").string(),
            "--test",
            (dir / "test.json").string(),
            "--tc",
            "nodes=3000",
            "--pairs",
            std::to_string(kPairs),
            "--seed",
            "20261",
            "--book",
            book,
            "--db",
            db_path,
            "--engine-binary",
            binary,
            "--concurrency",
            "1"};
}

void copy_configs(const fs::path& dir) {
    fs::copy_file(config_path("none.json"), dir / "base.json");
    fs::copy_file(config_path("cpw-simple.json"), dir / "test.json");
}

// Every move of every game, in (pair, round, ply) order: a run's games as one text.
std::string moves_of(const std::string& db_path) {
    Db db(db_path);
    return db.text(
        "SELECT group_concat(uci, ' ') FROM (SELECT m.uci FROM moves m JOIN games g "
        "ON g.id = m.game_id ORDER BY g.pair_index, g.round_in_pair, m.ply)");
}

// Starts the run and kills it with SIGKILL once `games` games are stored.
void start_and_kill(const TempDir& dir, const std::vector<std::string>& args,
                    const std::string& db_path, long long games) {
    Harness harness(dir, args);
    ASSERT_TRUE(wait_for_games(db_path, games, std::chrono::seconds(60)))
        << describe(harness.wait(std::chrono::seconds(1)));
    harness.signal(SIGKILL);
    const auto r = harness.wait(std::chrono::seconds(10));
    ASSERT_EQ(r.exit_code, 128 + SIGKILL) << describe(r);
    ASSERT_LT(games_in(db_path), 2 * kPairs) << "the kill came too late to test anything";
}

// The moves of the uninterrupted run every resumed one must equal, played once for all the
// tests (tests/support/shared_fixture.hpp).
std::string reference_moves() {
    const fs::path dir = test::shared_fixture(
        "run-inputs-reference",
        {kHarness, kEngine, config_path("none.json"), config_path("cpw-simple.json")},
        [](const fs::path& home) {
            copy_configs(home);
            const std::string db = (home / "reference.db").string();
            const auto r =
                test::run_process(kHarness, config_match(home, db, kEngine, write_small_book(home)),
                                  home, std::chrono::seconds(120));
            if (r.exit_code != 0) throw std::runtime_error("the reference run: " + describe(r));
            write_file(home / "moves.txt", moves_of(db));
        });
    return read_file(dir / "moves.txt");
}

class RunInputs : public ::testing::Test {
  protected:
    void SetUp() override {
        copy_configs(dir.path());
        book = write_small_book(dir.path());
        reference = reference_moves();
        ASSERT_FALSE(reference.empty());
    }

    TempDir dir;
    std::string book;
    std::string reference;
};

TEST_F(RunInputs, KilledThreeTimesAndResumedPlaysTheSameGamesAsAnUninterruptedRun) {
    const std::string db_path = dir / "killed.db";
    start_and_kill(dir, config_match(dir.path(), db_path, kEngine, book), db_path, 1);
    // Two more kills, each at a later instant, each in the resumed run.
    for (long long games : {4, 7}) {
        start_and_kill(dir, {"resume", "--db", db_path, "--run", "1"}, db_path, games);
    }
    const auto r =
        run_harness(dir, {"resume", "--db", db_path, "--run", "1"}, std::chrono::seconds(120));
    ASSERT_EQ(r.exit_code, 0) << describe(r);
    Db db(db_path);
    EXPECT_EQ(db.text("SELECT status FROM runs WHERE id = 1"), "finished");
    EXPECT_EQ(db.integer("SELECT count(*) FROM games"), 2 * kPairs);
    EXPECT_EQ(db.integer("SELECT count(*) FROM run_claims"), 0) << "the claim is released";
    EXPECT_EQ(moves_of(db_path), reference);
    EXPECT_EQ(db.text("PRAGMA integrity_check"), "ok");
    // The counts rebuilt at each resume: the SPRT reads them.
    expect_stats_match_games(db_path, 1);
}

TEST_F(RunInputs, AnEditedConfigDoesNotChangeTheRun) {
    const std::string db_path = dir / "edited.db";
    start_and_kill(dir, config_match(dir.path(), db_path, kEngine, book), db_path, 2);
    // Another scheme in the same file: it would play other games.
    write_file(dir / "test.json", read_file(config_path("rebel-expert.json")));

    const auto r =
        run_harness(dir, {"resume", "--db", db_path, "--run", "1"}, std::chrono::seconds(120));
    ASSERT_EQ(r.exit_code, 0) << describe(r);
    EXPECT_NE(r.out.find("Engine 'test': its config file changed"), std::string::npos) << r.out;
    EXPECT_EQ(moves_of(db_path), reference) << "the resumed games played the edited config";
    Db db(db_path);
    EXPECT_EQ(db.integer("SELECT count(*) FROM engines"), 2) << "one engine row per side";
    EXPECT_EQ(db.integer("SELECT count(*) FROM run_changes"), 0);
}

TEST_F(RunInputs, AReplacedBinaryIsRefusedUnlessAllowed) {
    const std::string binary = dir / "lmr-engine";
    fs::copy_file(kEngine, binary);
    fs::permissions(binary, fs::perms::owner_all);
    const std::string db_path = dir / "binary.db";
    start_and_kill(dir, config_match(dir.path(), db_path, binary, book), db_path, 2);
    const auto games_before = games_in(db_path);
    {
        // A rebuilt engine: a new file renamed over the old one, as a linker does (writing into
        // the old file could fail with ETXTBSY while a killed run's engine is still exiting);
        // the appended bytes leave it runnable.
        const std::string rebuilt = binary + ".new";
        fs::copy_file(binary, rebuilt);
        std::ofstream(rebuilt, std::ios::app) << "rebuilt";
        fs::rename(rebuilt, binary);
    }
    auto r = run_harness(dir, {"resume", "--db", db_path, "--run", "1"});
    EXPECT_EQ(r.exit_code, 2) << describe(r);
    EXPECT_NE(r.err.find("engine 'base' binary " + binary), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("--allow-changed"), std::string::npos) << r.err;
    {
        Db db(db_path);
        const auto recorded = db.text("SELECT binary_sha256 FROM engines LIMIT 1");
        EXPECT_NE(r.err.find("recorded sha256 " + recorded), std::string::npos) << r.err;
        EXPECT_EQ(db.text("SELECT status FROM runs"), "running") << "the run is left as it was";
        EXPECT_EQ(db.integer("SELECT count(*) FROM games"), games_before);
    }
    r = run_harness(dir, {"resume", "--db", db_path, "--run", "1", "--allow-changed"},
                    std::chrono::seconds(120));
    ASSERT_EQ(r.exit_code, 0) << describe(r);
    Db db(db_path);
    EXPECT_EQ(db.integer("SELECT count(*) FROM games"), 2 * kPairs);
    const auto changes = db.rows("SELECT subject, file FROM run_changes ORDER BY id");
    ASSERT_EQ(changes.size(), 2u) << "both sides run the replaced binary";
    EXPECT_EQ(*changes[0][0], "engine 'base' binary");
    EXPECT_EQ(*changes[0][1], binary);
    EXPECT_EQ(*changes[1][0], "engine 'test' binary");
    const auto report = run_harness(dir, {"report", "--run", "1", "--db", db_path});
    ASSERT_EQ(report.exit_code, 0) << describe(report);
    EXPECT_NE(report.out.find("Inputs changed during the run"), std::string::npos) << report.out;
    EXPECT_NE(report.out.find(binary), std::string::npos) << report.out;
}

// The same rebuild while the run plays: with --restart on every game starts the engines
// again, and the new file must not be played under the recorded binary's name.
TEST_F(RunInputs, ABinaryReplacedDuringTheRunStopsIt) {
    const std::string binary = dir / "lmr-engine";
    fs::copy_file(kEngine, binary);
    fs::permissions(binary, fs::perms::owner_all);
    const std::string db_path = dir / "swapped.db";
    auto args = config_match(dir.path(), db_path, binary, book);
    args.insert(args.end(), {"--restart", "on"});
    Harness harness(dir, args);
    ASSERT_TRUE(wait_for_games(db_path, 2, std::chrono::seconds(60)))
        << describe(harness.wait(std::chrono::seconds(1)));
    const std::string rebuilt = binary + ".new";
    fs::copy_file(binary, rebuilt);
    std::ofstream(rebuilt, std::ios::app) << "rebuilt";
    fs::rename(rebuilt, binary);
    const auto r = harness.wait(std::chrono::seconds(60));
    ASSERT_FALSE(r.timed_out) << describe(r);
    EXPECT_EQ(r.exit_code, 4) << describe(r);
    Db db(db_path);
    const auto recorded = db.text("SELECT binary_sha256 FROM engines LIMIT 1");
    EXPECT_NE(r.out.find("changed on disk during the run: " + binary + " had SHA-256 " + recorded),
              std::string::npos)
        << describe(r);
    EXPECT_EQ(db.text("SELECT status FROM runs"), "failed");
    EXPECT_LT(db.integer("SELECT count(*) FROM games"), 2 * kPairs)
        << "the games after the swap were played by the new binary";
    EXPECT_EQ(db.integer("SELECT count(*) FROM engines"), 2) << "no engine row for the new file";
}

TEST_F(RunInputs, AChangedBookIsRefusedUnlessAllowed) {
    const std::string db_path = dir / "book.db";
    start_and_kill(dir, config_match(dir.path(), db_path, kEngine, book), db_path, 2);
    write_file(book,
               read_file(book) + "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1\n");
    auto r = run_harness(dir, {"resume", "--db", db_path, "--run", "1"});
    EXPECT_EQ(r.exit_code, 2) << describe(r);
    EXPECT_NE(r.err.find("book " + book + ": recorded sha256 "), std::string::npos) << r.err;
    r = run_harness(dir, {"resume", "--db", db_path, "--run", "1", "--allow-changed"},
                    std::chrono::seconds(120));
    ASSERT_EQ(r.exit_code, 0) << describe(r);
    Db db(db_path);
    EXPECT_EQ(db.text("SELECT subject FROM run_changes"), "book");
    EXPECT_EQ(db.integer("SELECT count(*) FROM games"), 2 * kPairs);
}

TEST(RunClaims, ASecondResumeOfALiveRunIsRefusedAndTheRunUntouched) {
    TempDir dir;
    const std::string db_path = dir / "live.db";
    constexpr int kSlowPairs = 3;
    // fixture_hang plays a few moves and never answers: each game lasts st + margin.
    Harness player(
        dir, {"match", "--engine", "name=hanger", "cmd=" + kFixtureHang, "arg=4", "--engine",
              "name=random", "cmd=" + kFixtureRandom, "--pairs", std::to_string(kSlowPairs), "--tc",
              "st=0.5", "--book", "none", "--db", db_path});
    ASSERT_TRUE(wait_for_games(db_path, 1, std::chrono::seconds(30)))
        << describe(player.wait(std::chrono::seconds(1)));
    const auto r = run_harness(dir, {"resume", "--db", db_path, "--run", "1"});
    EXPECT_EQ(r.exit_code, 2) << describe(r);
    EXPECT_NE(r.err.find("is being played by pid " + std::to_string(player.pid()) + " on host"),
              std::string::npos)
        << r.err;
    {
        Db db(db_path);
        EXPECT_EQ(db.text("SELECT status FROM runs"), "running");
        EXPECT_EQ(db.integer("SELECT pid FROM run_claims"), player.pid());
    }
    const auto done = player.wait(std::chrono::seconds(60));
    ASSERT_EQ(done.exit_code, 0) << describe(done);
    Db db(db_path);
    EXPECT_EQ(db.text("SELECT status FROM runs"), "finished");
    EXPECT_EQ(db.integer("SELECT count(*) FROM games"), 2 * kSlowPairs);
    EXPECT_EQ(db.integer("SELECT count(*) FROM run_claims"), 0);
}

// A claim that cannot be written (a full disk, played here by a trigger that refuses every
// renewal with SQLite's message for one) once left the run marked running with exit 4: the last
// renewal threw before the status was written. The run now ends failed, saying why.
TEST(RunClaims, AClaimThatCannotBeRenewedFailsTheRunSayingWhy) {
    TempDir dir;
    const std::string db_path = dir / "full.db";
    const std::vector<std::string> args = {"match",
                                           "--engine",
                                           "name=a",
                                           "cmd=" + kFixtureRandom,
                                           "--engine",
                                           "name=b",
                                           "cmd=" + kFixtureRandom,
                                           "--pairs",
                                           "1",
                                           "--tc",
                                           "nodes=1000",
                                           "--book",
                                           "none",
                                           "--db",
                                           db_path};
    const auto first = run_harness(dir, args);
    ASSERT_EQ(first.exit_code, 0) << describe(first);
    Db(db_path, true)
        .exec(
            "CREATE TRIGGER disk_full BEFORE UPDATE ON run_claims "
            "BEGIN SELECT RAISE(FAIL, 'database or disk is full'); END");
    const auto r = run_harness(dir, args);
    EXPECT_EQ(r.exit_code, 4) << describe(r);
    Db db(db_path);
    EXPECT_EQ(db.text("SELECT status FROM runs WHERE id = 2"), "failed");
    const auto error = db.text("SELECT error_message FROM runs WHERE id = 2");
    EXPECT_NE(error.find("the run's claim could not be renewed"), std::string::npos) << error;
    EXPECT_NE(error.find("database or disk is full"), std::string::npos) << error;
    EXPECT_NE(r.out.find("Error: " + error), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("Resume with: lmr-harness resume --db " + db_path + " --run 2"),
              std::string::npos)
        << r.out;
}

}  // namespace
}  // namespace lmr::tournament_test
