// `tune --stall-timeout` takes effect: the iteration's games go through the engine-games
// service with the plan's stall timeout, so an engine that stops answering `go` (the hang
// fixture) loses by stall after the given time instead of the 60 s default, and the tune
// finishes promptly with those losses counted in its iteration.

#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>

#include "harness/store/store.hpp"
#include "tests/cli/run_binary.hpp"
#include "tests/support/temp_dir.hpp"

namespace {

namespace fs = std::filesystem;

// `tune` asks its engine binary for the resolved config (`--config FILE config`) and then plays
// it: the wrapper lets lmr-engine answer the first and the hang fixture play the games (it
// plays three moves, then never answers `go` again).
fs::path write_hanging_engine(const fs::path& dir) {
    const fs::path script = dir / "hanging-engine.sh";
    std::ofstream out(script);
    out << "#!/bin/sh\n"
        << "if [ \"$3\" = config ]; then exec '" << LMR_ENGINE_BINARY << "' \"$@\"; fi\n"
        << "exec '" << FIXTURE_HANG << "'\n";
    out.close();
    fs::permissions(script, fs::perms::owner_all);
    return script;
}

TEST(TuneStallTimeout, HangingEngineLosesByStallAfterTheGivenTimeout) {
    const lmr::test::TempDir dir("lmr-tune-stall");
    const fs::path db = dir.path() / "tune.db";
    const auto started = std::chrono::steady_clock::now();
    const auto result = lmr::test::run_binary(
        LMR_HARNESS_BINARY,
        {"tune", "--base", std::string(LMR_SOURCE_DIR) + "/configs/rebel-expert.json",
         "--engine-binary", write_hanging_engine(dir.path()).string(),
         // The fixture's one spin option stands in for a parameter.
         "--param", "Hash,16,1,1024,4,0.002", "--iterations", "1", "--pairs-per-iteration", "1",
         "--tc", "nodes=1000", "--stall-timeout", "300", "--book", "none", "--seed", "3", "--db",
         db.string()});
    const auto elapsed = std::chrono::steady_clock::now() - started;
    ASSERT_EQ(result.exit_code, 0) << lmr::test::describe(result) << result.out << result.err;
    // Each game stalls once (300 ms); the ignored flag would make that 60 s a game.
    EXPECT_LT(elapsed, std::chrono::seconds(30));

    auto store = lmr::store::Store::open(
        db, lmr::store::OpenOptions{lmr::store::OpenMode::kReadOnly, false});
    const auto iterations = store.tune_iterations(1);
    ASSERT_EQ(iterations.size(), 1u);
    // Both games end by a stall, one lost by each side: White hangs first in each (it is the
    // first to need a fourth search), and the sides swap colours within the pair.
    EXPECT_EQ(iterations[0].wins, 1);
    EXPECT_EQ(iterations[0].losses, 1);
    EXPECT_EQ(iterations[0].draws, 0);
}

}  // namespace
