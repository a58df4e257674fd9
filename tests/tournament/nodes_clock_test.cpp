// A clock counted in nodes (--tc tc=… nodestime=N): each move is charged its reported nodes / N
// ms and the engines count their own time in the same nodes (UCI nodestime), so a seeded run is
// the same games, clocks included, at any concurrency and under any load — which a real clock
// is not. Checked with lmr-engine and with Stockfish, a third-party engine with the option.

#include <gtest/gtest.h>
#include <pthread.h>
#include <sched.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <csignal>
#include <cstdint>
#include <optional>
#include <thread>
#include <tuple>

#include "tests/tournament/support.hpp"

namespace lmr::tournament_test {
namespace {

const char* const kStockfish = "/usr/games/stockfish";

// 2+0.02 counted at 100 nodes a millisecond: 200,000 nodes a side and game, about 3,000 a move
// (lmr-engine searches ~1 M nodes a second, so a game takes about a second of CPU).
const std::string kNodesClock = "tc=2+0.02 nodestime=100";

std::vector<std::string> match_args(const std::string& db, const std::string& book,
                                    int concurrency) {
    return {"match",
            "--base",
            config_path("none.json"),
            "--test",
            config_path("default.json"),
            "--tc",
            kNodesClock,
            "--pairs",
            "3",
            "--seed",
            "7",
            "--book",
            book,
            "--concurrency",
            std::to_string(concurrency),
            "--db",
            db};
}

// Every game of run 1 in pair order, each as its result, its termination and every move with
// the nodes it reported and the clock it left: what must not depend on the machine's timing.
std::vector<std::string> games_and_clocks(const std::string& db_path) {
    Db db(db_path);
    std::vector<std::string> games;
    for (const auto& game : db.rows("SELECT id, result, termination FROM games WHERE run_id = 1 "
                                    "ORDER BY pair_index, round_in_pair")) {
        std::string line = *game[1] + " " + *game[2] + ":";
        for (const auto& move : db.rows("SELECT uci, nodes, clock_left_ms FROM moves WHERE "
                                        "game_id = " +
                                        *game[0] + " ORDER BY ply"))
            line += " " + *move[0] + "/" + *move[1] + "/" + *move[2];
        games.push_back(line);
    }
    return games;
}

// Busy threads on every core while it lives (or `threads` of them on one CPU): the load that
// changes a real clock's games.
class CpuHog {
  public:
    explicit CpuHog(std::optional<int> cpu = std::nullopt, unsigned threads = 0) {
        const unsigned n =
            threads > 0 ? threads : std::max(2u, std::thread::hardware_concurrency());
        for (unsigned i = 0; i < n; ++i)
            threads_.emplace_back([this, cpu] {
                if (cpu) {
                    cpu_set_t set;
                    CPU_ZERO(&set);
                    CPU_SET(*cpu, &set);
                    ::pthread_setaffinity_np(::pthread_self(), sizeof set, &set);
                }
                std::uint64_t x = 0;
                while (!stop_.load(std::memory_order_relaxed)) x = x * 6364136223846793005ULL + 1;
                sink_.fetch_add(x, std::memory_order_relaxed);
            });
    }
    ~CpuHog() {
        stop_ = true;
        for (auto& t : threads_) t.join();
    }

  private:
    std::atomic<bool> stop_{false};
    std::atomic<std::uint64_t> sink_{0};
    std::vector<std::thread> threads_;
};

TEST(NodesClock, ASeededRunIsTheSameGamesAtAnyConcurrencyUnderLoadAndResumed) {
    TempDir dir;
    const std::string book = write_small_book(dir.path());
    std::vector<std::vector<std::string>> runs;
    for (const auto& [name, concurrency, loaded] :
         {std::tuple{"one.db", 1, false}, {"two.db", 2, false}, {"hog.db", 1, true}}) {
        const std::string db = dir / name;
        std::optional<CpuHog> hog;
        if (loaded) hog.emplace();
        const auto r =
            run_harness(dir, match_args(db, book, concurrency), std::chrono::seconds(240));
        hog.reset();
        ASSERT_EQ(r.exit_code, 0) << describe(r);
        runs.push_back(games_and_clocks(db));
    }
    // Ctrl-C after the first stored game, then `resume`: the run keeps its clock counted in
    // nodes (stored with the plan) and ends with the same games.
    const std::string resumed = dir / "resumed.db";
    {
        Harness harness(dir, match_args(resumed, book, 1));
        ASSERT_TRUE(wait_for_games(resumed, 1, std::chrono::seconds(60)))
            << describe(harness.wait(std::chrono::seconds(1)));
        harness.signal_group(SIGINT);
        const auto r = harness.wait(std::chrono::seconds(30));
        ASSERT_EQ(r.exit_code, 4) << describe(r);
        EXPECT_LT(games_in(resumed), 6) << "the interrupt came too late to test anything";
    }
    const auto r =
        run_harness(dir, {"resume", "--db", resumed, "--run", "1"}, std::chrono::seconds(240));
    ASSERT_EQ(r.exit_code, 0) << describe(r);
    runs.push_back(games_and_clocks(resumed));

    ASSERT_EQ(runs[0].size(), 6u);
    for (const auto& game : runs[0]) EXPECT_EQ(game.find("time forfeit"), std::string::npos);
    EXPECT_EQ(runs[1], runs[0]) << "concurrency 2";
    EXPECT_EQ(runs[2], runs[0]) << "beside a CPU hog";
    EXPECT_EQ(runs[3], runs[0]) << "interrupted and resumed";
    Db db(dir / "one.db");
    EXPECT_EQ(db.text("SELECT time_control FROM runs"), kNodesClock);
}

// The clock after each move, recomputed from the nodes the engine reported: the time left less
// nodes x 10^6 / 100 ns, never below zero, plus the 20 ms increment; stored in whole ms.
TEST(NodesClock, EachMoveIsChargedItsReportedNodes) {
    TempDir dir;
    const std::string db_path = dir / "clock.db";
    const auto r = run_harness(
        dir,
        {"match", "--base", config_path("none.json"), "--test", config_path("default.json"), "--tc",
         kNodesClock, "--pairs", "1", "--book", "none", "--db", db_path},
        std::chrono::seconds(120));
    ASSERT_EQ(r.exit_code, 0) << describe(r);
    Db db(db_path);
    const auto moves = db.rows(
        "SELECT m.color, m.nodes, m.clock_left_ms, m.time_ms FROM moves m JOIN games g ON g.id = "
        "m.game_id WHERE g.round_in_pair = 0 ORDER BY m.ply");
    ASSERT_GT(moves.size(), 10u);
    std::int64_t left_ns[2] = {2'000'000'000, 2'000'000'000};
    for (const auto& move : moves) {
        const int side = *move[0] == "w" ? 0 : 1;
        const std::int64_t nodes = std::stoll(*move[1]);
        ASSERT_GT(nodes, 0);
        left_ns[side] = std::max<std::int64_t>(0, left_ns[side] - nodes * 1'000'000 / 100);
        left_ns[side] += 20'000'000;
        EXPECT_EQ(std::stoll(*move[2]), left_ns[side] / 1'000'000) << "nodes " << nodes;
    }
}

TEST(NodesClock, RefusesAnEngineThatCannotCountItsTimeInNodes) {
    TempDir dir;
    const std::string db_path = dir / "refused.db";
    const auto r = run_harness(dir, {"match", "--engine", "name=random", "cmd=" + kFixtureRandom,
                                     "--engine", "name=lmr", "cmd=" + kEngine, "--tc", kNodesClock,
                                     "--pairs", "1", "--book", "none", "--db", db_path});
    EXPECT_EQ(r.exit_code, 2) << describe(r);
    EXPECT_NE(r.err.find("engine 'random' cannot play a clock counted in nodes"), std::string::npos)
        << r.err;
    EXPECT_NE(r.err.find("nodestime"), std::string::npos) << r.err;
    EXPECT_FALSE(fs::exists(db_path)) << "refused before anything is stored";
}

TEST(NodesClock, RefusesAnEnginesOwnNodestimeThatDiffers) {
    TempDir dir;
    const auto r =
        run_harness(dir, {"match", "--engine", "name=a", "cmd=" + kEngine, "option.nodestime=50",
                          "--engine", "name=b", "cmd=" + kEngine, "--tc", kNodesClock, "--pairs",
                          "1", "--book", "none", "--db", dir / "x.db"});
    EXPECT_EQ(r.exit_code, 2) << describe(r);
    EXPECT_NE(r.err.find("engine 'a': option nodestime=50 differs from its clock's nodestime=100"),
              std::string::npos)
        << r.err;
}

// Stockfish has the option the nodes clock sets: lmr-engine against it, twice (the second time
// beside a CPU hog), the same games and clocks, none lost on time.
TEST(NodesClock, StockfishPlaysTheSameGamesUnderLoad) {
    ASSERT_EQ(::access(kStockfish, X_OK), 0) << kStockfish << " is not installed (scripts/setup)";
    TempDir dir;
    std::vector<std::vector<std::string>> runs;
    for (const bool loaded : {false, true}) {
        const std::string db = dir / (loaded ? "hog.db" : "idle.db");
        std::optional<CpuHog> hog;
        if (loaded) hog.emplace();
        const auto r =
            run_harness(dir,
                        {"match", "--engine", "name=lmr", "cmd=" + kEngine, "--engine", "name=sf",
                         std::string("cmd=") + kStockfish, "option.Hash=16", "option.Threads=1",
                         "--tc", "tc=2+0.02 nodestime=50", "--pairs", "1", "--seed", "3", "--book",
                         write_small_book(dir.path()), "--db", db},
                        std::chrono::seconds(240));
        hog.reset();
        ASSERT_EQ(r.exit_code, 0) << describe(r);
        runs.push_back(games_and_clocks(db));
    }
    ASSERT_EQ(runs[0].size(), 2u);
    for (const auto& game : runs[0]) EXPECT_EQ(game.find("time forfeit"), std::string::npos);
    EXPECT_EQ(runs[1], runs[0]);
}

// A search without a reply deadline (here nodes=; a clock counted in nodes alike) that takes
// longer than the stall timeout only because its engine waits for a CPU is no stall: a niced
// engine on a CPU held by two busy threads spends ~60 ms of CPU a move over seconds, with
// --stall-timeout 1000, and plays on. (Without the allowance both games end by a stall.)
TEST(NodesClock, AStarvedSearchIsNoStall) {
    TempDir dir;
    const std::string db_path = dir / "starved.db";
    RunResult r;
    {
        CpuHog hog(0, 2);
        r = run_harness(dir,
                        {"match",
                         "--engine",
                         "name=starved",
                         "cmd=nice",
                         "arg=-n",
                         "arg=19",
                         "arg=" + kFixtureRandom,
                         "arg=60",
                         "--engine",
                         "name=random",
                         "cmd=" + kFixtureRandom,
                         "--tc",
                         "nodes=1000",
                         "--stall-timeout",
                         "1000",
                         "--maxmoves",
                         "1",
                         "--affinity",
                         "0",
                         "--pairs",
                         "1",
                         "--book",
                         "none",
                         "--db",
                         db_path},
                        std::chrono::seconds(110));
    }
    ASSERT_EQ(r.exit_code, 0) << describe(r);
    Db db(db_path);
    const auto games = db.rows("SELECT termination, termination_detail FROM games");
    ASSERT_EQ(games.size(), 2u);
    for (const auto& game : games) EXPECT_EQ(*game[0], "max length") << *game[1];
    // The premise: the starved engine's moves took longer than the stall timeout.
    EXPECT_GT(db.integer("SELECT max(m.time_ms) FROM moves m JOIN games g ON g.id = m.game_id "
                         "JOIN engines e ON e.id = CASE m.color WHEN 'w' THEN g.white_engine_id "
                         "ELSE g.black_engine_id END WHERE e.name = 'starved'"),
              1000);
}

}  // namespace
}  // namespace lmr::tournament_test
