// Every path a command writes to goes through one check (core::output_path_problem): no output of
// any command may be, or reach through a symbolic link, the results database or a file SQLite
// keeps beside it, the run's book, config or engine program; a FIFO or a device is refused before
// anything is stored (a FIFO used to block the command for ever, /dev/full to lose the log with
// exit 0); and no folder is created for an output. Each refusal exits 2 naming the output and
// the file it would have ruined, which is left byte for byte as it was.

#include <gtest/gtest.h>
#include <sys/stat.h>

#include "tests/tournament/support.hpp"

namespace lmr::tournament_test {
namespace {

// A database holding one finished match (run 1) and one finished tune (run 2), the configs and
// book they read, and a copy of lmr-engine as the match's program.
class OutputPaths : public ::testing::Test {
  protected:
    void SetUp() override {
        fs::copy_file(config_path("default.json"), base_);
        fs::copy_file(config_path("none.json"), test_);
        fs::copy_file(kEngine, engine_);
        write_small_book(dir_.path());
        auto r = run_harness(dir_, match_args({}));
        ASSERT_EQ(r.exit_code, 0) << describe(r);
        r = run_harness(dir_, {"tune", "--base", base_, "--engine-binary", engine_, "--param",
                               "lmr.steps.eval_margin.weight,10,0,30,3,0.05", "--iterations", "1",
                               "--pairs-per-iteration", "1", "--tc", "nodes=300", "--book", book_,
                               "--db", db_});
        ASSERT_EQ(r.exit_code, 0) << describe(r);
    }

    std::vector<std::string> match_args(const std::vector<std::string>& extra) const {
        std::vector<std::string> args{
            "match", "--base", base_,       "--test",  test_, "--engine-binary",
            engine_, "--tc",   "nodes=300", "--pairs", "1",   "--book",
            book_,   "--db",   db_};
        args.insert(args.end(), extra.begin(), extra.end());
        return args;
    }

    // fastchess's spelling of a one-game-pair run between the engine copy on the same book.
    std::vector<std::string> fastchess_args(const std::vector<std::string>& extra) const {
        std::vector<std::string> args{"-engine",
                                      "name=A",
                                      "cmd=" + engine_,
                                      "-engine",
                                      "name=B",
                                      "cmd=" + engine_,
                                      "-each",
                                      "tc=10+0.1",
                                      "nodes=300",
                                      "-rounds",
                                      "1",
                                      "-openings",
                                      "file=" + book_,
                                      "format=epd",
                                      "-db",
                                      db_};
        args.insert(args.end(), extra.begin(), extra.end());
        return args;
    }

    // `args` exits 2 naming `needle`, `kept` is as it was, and the database holds the same games.
    void expect_refused(const std::vector<std::string>& args, const std::string& needle,
                        const std::string& kept) {
        const std::string before = read_file(kept);
        const long long games = games_in(db_);
        const auto r = run_harness(dir_, args, std::chrono::seconds(20));
        EXPECT_EQ(r.exit_code, 2) << describe(r);
        EXPECT_NE(r.err.find(needle), std::string::npos) << describe(r);
        EXPECT_EQ(read_file(kept), before) << kept << " changed: " << describe(r);
        EXPECT_EQ(games_in(db_), games) << describe(r);
    }

    TempDir dir_{"output-paths"};
    const std::string db_ = dir_ / "R.db";
    const std::string base_ = dir_ / "base.json";
    const std::string test_ = dir_ / "test.json";
    const std::string engine_ = dir_ / "engine";
    const std::string book_ = dir_ / "book.epd";
};

TEST_F(OutputPaths, NoCommandWritesOverTheDatabase) {
    const std::string db_named = "is the results database (" + db_ + ")";
    expect_refused({"report", "--db", db_, "--html", db_}, "--html '" + db_ + "' " + db_named, db_);
    expect_refused({"pgn", "--db", db_, "--run", "1", "--out", db_},
                   "--out '" + db_ + "' " + db_named, db_);
    expect_refused({"tune", "export", "--db", db_, "--run", "2", "--out", db_}, db_named, db_);
    expect_refused(match_args({"--pgnout", db_}), db_named, db_);
    expect_refused(fastchess_args({"-pgnout", "file=" + db_}), db_named, db_);
    expect_refused(fastchess_args({"-log", "file=" + db_}), db_named, db_);
    // SQLite's files beside it, and a path that reaches the database through a link, dangling
    // or not (the database of a new run does not exist yet when its outputs are opened).
    expect_refused({"pgn", "--db", db_, "--run", "1", "--out", db_ + "-wal"},
                   "is the results database's wal file", db_);
    fs::create_symlink(db_, dir_ / "link.pgn");
    expect_refused(match_args({"--pgnout", dir_ / "link.pgn"}), db_named, db_);
    const std::string new_db = dir_ / "new.db";
    fs::create_symlink(new_db, dir_ / "dangling.pgn");
    auto args = match_args({"--epdout", dir_ / "dangling.pgn"});
    args[args.size() - 3] = new_db;  // --db new.db
    const auto r = run_harness(dir_, args);
    EXPECT_EQ(r.exit_code, 2) << describe(r);
    EXPECT_NE(r.err.find("is the results database (" + new_db + ")"), std::string::npos)
        << describe(r);
    EXPECT_FALSE(fs::exists(new_db));
}

TEST_F(OutputPaths, NoOutputIsTheRunsBookConfigOrEngine) {
    expect_refused(match_args({"--pgnout", book_}), "is the run's opening book", book_);
    expect_refused(match_args({"--epdout", test_}), "is the LMR config of engine", test_);
    expect_refused(match_args({"--pgnout", engine_}), "is the program of engine", engine_);
    expect_refused(fastchess_args({"-pgnout", "file=" + book_}), "is the run's opening book",
                   book_);
    expect_refused(fastchess_args({"-log", "file=" + engine_}), "is the program of engine",
                   engine_);
    // A resume writes its games where the run read: the same inputs, from the stored plan.
    expect_refused({"resume", "--db", db_, "--run", "1", "--pgnout", base_},
                   "is the LMR config of engine", base_);
    // The tune's own base config.
    expect_refused({"tune", "export", "--db", db_, "--run", "2", "--out", base_},
                   "is the LMR config of engine", base_);
    // The PGN and EPD outputs are two files, and the log a third.
    const std::string pgn = dir_ / "g.pgn";
    expect_refused(match_args({"--pgnout", pgn, "--epdout", pgn}), "is the PGN output", db_);
    expect_refused(fastchess_args({"-pgnout", "file=" + pgn, "-log", "file=" + pgn}),
                   "is the PGN output", db_);
}

TEST_F(OutputPaths, AFifoOrADeviceIsRefusedBeforeAnythingIsStored) {
    const std::string fifo = dir_ / "fifo";
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0644), 0);
    const std::string is_fifo = "'" + fifo + "' is a FIFO (named pipe)";
    expect_refused(match_args({"--pgnout", fifo}), is_fifo, db_);
    expect_refused(match_args({"--epdout", fifo}), is_fifo, db_);
    expect_refused(fastchess_args({"-log", "file=" + fifo}), is_fifo, db_);
    expect_refused({"pgn", "--db", db_, "--run", "1", "--out", fifo}, is_fifo, db_);
    const std::string is_device = "'/dev/full' is a character device";
    expect_refused(fastchess_args({"-log", "file=/dev/full"}), is_device, db_);
    // The commands that write a whole file replace it by a rename: through a link of the test's
    // own, so that a build which let them through would replace the link, never /dev/full.
    const std::string full = dir_ / "full";
    fs::create_symlink("/dev/full", full);
    const std::string link_is_device = "'" + full + "' (reached: /dev/full) is a character device";
    expect_refused({"report", "--db", db_, "--html", full}, link_is_device, db_);
    expect_refused({"tune", "export", "--db", db_, "--run", "2", "--out", full}, link_is_device,
                   db_);
    expect_refused(match_args({"--pgnout", dir_.path()}), "is a directory", db_);
}

TEST_F(OutputPaths, NoFolderIsCreatedForAnOutput) {
    const std::string missing = dir_ / "no-such-dir";
    for (const auto& args : std::vector<std::vector<std::string>>{
             {"tune", "export", "--db", db_, "--run", "2", "--out", missing + "/x.txt"},
             {"pgn", "--db", db_, "--run", "1", "--out", missing + "/x.pgn"},
             match_args({"--pgnout", missing + "/x.pgn"})}) {
        expect_refused(args, "the folder '" + missing + "' does not exist", db_);
        EXPECT_FALSE(fs::exists(missing));
    }
}

}  // namespace
}  // namespace lmr::tournament_test
