// UciEngine against real processes: the fixture engines (tests/fixtures) and, when installed,
// Debian's Stockfish. Moves are checked with engine_chess.
#include "harness/uci/uci_engine.hpp"

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <filesystem>
#include <string>
#include <thread>
#include <vector>

#include "engine/chess/notation.hpp"
#include "engine/chess/position.hpp"

namespace {

using lmr::core::Score;

using namespace lmr::uci_client;
using namespace std::chrono_literals;
namespace chess = lmr::chess;

EngineSpec fixture(const char* path, std::vector<std::string> args = {}) {
    EngineSpec spec;
    spec.name = std::filesystem::path(path).filename().string();
    spec.argv = {path};
    spec.argv.insert(spec.argv.end(), args.begin(), args.end());
    return spec;
}

std::size_t open_fd_count() {
    std::size_t count = 0;
    for ([[maybe_unused]] const auto& entry :
         std::filesystem::directory_iterator("/proc/self/fd")) {
        ++count;
    }
    return count;
}

bool no_children_left() {
    return ::waitpid(-1, nullptr, WNOHANG) == -1 && errno == ECHILD;
}

// The UCI move text is legal in the position reached from the start by `moves`.
bool legal_after(const std::vector<std::string>& moves, const std::string& move) {
    chess::Position position = chess::Position::startpos();
    for (const std::string& played : moves) {
        const chess::Move m = chess::parse_uci(position, played);
        if (m == chess::Move::none()) return false;
        position.make_move(m);
    }
    return chess::parse_uci(position, move) != chess::Move::none();
}

std::string position_command(const std::vector<std::string>& moves) {
    std::string command = "position startpos";
    if (!moves.empty()) command += " moves";
    for (const std::string& move : moves) command += " " + move;
    return command;
}

// Plays `plies` moves with one engine for both sides; every answer must be a legal move.
void play_moves(UciEngine& engine, int plies, std::vector<std::string>& moves) {
    for (int i = 0; i < plies; ++i) {
        const GoResult result =
            engine.go(position_command(moves), GoLimits::with_nodes(100), Clock::now() + 10s);
        ASSERT_EQ(result.status, Status::kOk) << result.error;
        ASSERT_TRUE(legal_after(moves, result.bestmove)) << result.bestmove;
        moves.push_back(result.bestmove);
    }
}

TEST(UciEngine, HandshakeWithFixtureRandom) {
    UciEngine engine(fixture(LMR_FIXTURE_RANDOM));
    engine.start();
    EXPECT_TRUE(engine.running());
    EXPECT_EQ(engine.id_name(), "fixture_random");
    EXPECT_EQ(engine.id_author(), "LMR Lab tests");
    const EngineOption* hash = find_option(engine.options(), "Hash");
    ASSERT_NE(hash, nullptr);
    EXPECT_EQ(hash->type, EngineOption::Type::kSpin);
    EXPECT_EQ(hash->min, 1);
    EXPECT_EQ(hash->max, 1024);
    EXPECT_NE(find_option(engine.options(), "Clear Hash"), nullptr);
    EXPECT_EQ(engine.is_ready(), Status::kOk);
    EXPECT_EQ(engine.new_game(), Status::kOk);
    engine.quit();
    EXPECT_FALSE(engine.running());
    EXPECT_EQ(engine.exit_description(), "exited with code 0");
    EXPECT_TRUE(no_children_left());
}

TEST(UciEngine, GoNodesReturnsALegalMoveAndTimesIt) {
    UciEngine engine(fixture(LMR_FIXTURE_RANDOM));
    engine.start();
    ASSERT_EQ(engine.new_game(), Status::kOk);
    const auto before = Clock::now();
    const GoResult result =
        engine.go("position startpos moves e2e4", GoLimits::with_nodes(1000), Clock::now() + 10s);
    const auto after = Clock::now();
    ASSERT_EQ(result.status, Status::kOk) << result.error;
    EXPECT_TRUE(legal_after({"e2e4"}, result.bestmove)) << result.bestmove;
    EXPECT_EQ(result.info.nodes, 1000u);
    EXPECT_EQ(result.info.depth, 1);
    ASSERT_FALSE(result.info.pv.empty());
    EXPECT_EQ(result.info.pv.front(), result.bestmove);
    EXPECT_GT(result.elapsed.count(), 0);
    EXPECT_LE(result.elapsed, after - before);
    EXPECT_TRUE(result.error.empty());

    std::vector<std::string> moves;
    play_moves(engine, 30, moves);
}

TEST(UciEngine, OptionsAreValidatedAndSentInTheEngineSpelling) {
    EngineSpec spec = fixture(LMR_FIXTURE_RANDOM);
    spec.options = {{"hash", "64"}, {"style", "risky"}, {"clear hash", ""}, {"Ponder", "TRUE"}};
    std::vector<std::string> sent;  // outlives the engine: its destructor logs `quit`
    UciEngine engine(spec);
    engine.set_protocol_log([&sent](bool to_engine, std::string_view line) {
        if (to_engine) sent.emplace_back(line);
    });
    engine.start();
    const std::vector<std::string> expected = {"uci",
                                               "setoption name Hash value 64",
                                               "setoption name Style value Risky",
                                               "setoption name Clear Hash",
                                               "setoption name Ponder value true",
                                               "isready"};
    EXPECT_EQ(sent, expected);
    EXPECT_TRUE(engine.warnings().empty());
}

TEST(UciEngine, UnknownOptionIsAnErrorByDefault) {
    EngineSpec spec = fixture(LMR_FIXTURE_RANDOM);
    spec.options = {{"Hahs", "16"}};
    UciEngine engine(spec);
    try {
        engine.start();
        FAIL() << "an unknown option must be rejected";
    } catch (const UciError& error) {
        EXPECT_EQ(error.kind(), UciError::Kind::kBadOption);
        const std::string message = error.what();
        EXPECT_NE(message.find("'Hahs'"), std::string::npos) << message;
        EXPECT_NE(message.find("Hash"), std::string::npos) << message;  // lists what exists
    }
    EXPECT_FALSE(engine.running());
    EXPECT_TRUE(no_children_left());

    spec.options = {{"Hash", "5000"}};
    UciEngine out_of_range(spec);
    try {
        out_of_range.start();
        FAIL() << "a value outside min..max must be rejected";
    } catch (const UciError& error) {
        EXPECT_EQ(error.kind(), UciError::Kind::kBadOption);
        EXPECT_NE(std::string(error.what()).find("outside 1..1024"), std::string::npos);
    }
}

TEST(UciEngine, UnknownOptionIsAWarningWhenNotStrict) {
    EngineSpec spec = fixture(LMR_FIXTURE_RANDOM);
    spec.options = {{"Hahs", "16"}, {"Hash", "5000"}};
    spec.strict_options = false;
    UciEngine engine(spec);
    engine.start();
    ASSERT_EQ(engine.warnings().size(), 2u);
    EXPECT_NE(engine.warnings()[0].find("Hahs"), std::string::npos);
    EXPECT_NE(engine.warnings()[1].find("outside"), std::string::npos);
    EXPECT_EQ(engine.is_ready(), Status::kOk);
}

TEST(UciEngine, CannotStartIsAClearError) {
    EngineSpec spec;
    spec.name = "ghost";
    spec.argv = {"/nonexistent/ghost-engine"};
    UciEngine engine(spec);
    try {
        engine.start();
        FAIL() << "a missing binary must not start";
    } catch (const UciError& error) {
        EXPECT_EQ(error.kind(), UciError::Kind::kCannotStart);
        const std::string message = error.what();
        EXPECT_NE(message.find("ghost"), std::string::npos) << message;
        EXPECT_NE(message.find("/nonexistent/ghost-engine"), std::string::npos) << message;
        EXPECT_NE(message.find("No such file or directory"), std::string::npos) << message;
    }
    EXPECT_FALSE(engine.running());
    const GoResult result =
        engine.go("position startpos", GoLimits::with_nodes(1), Clock::now() + 1s);
    EXPECT_EQ(result.status, Status::kCrashed);
}

// 100,000 options in the `uci` answer (a generated engine, as some tuning builds are): read in
// linear time. Keeping one entry per name used to cost a pass over every earlier option for
// each new one (10,000 options: 7.7 s of CPU; 100,000 would take many minutes), far past the
// 60 s handshake timeout here. An option announced twice keeps its first place with the later
// announcement's values.
TEST(UciEngine, AHundredThousandOptionsAreReadInLinearTime) {
    EngineSpec spec;
    spec.name = "many-options";
    spec.argv = {"/bin/sh", "-c",
                 "read command; awk 'BEGIN { print \"option name Twice type spin default 1 min 0 "
                 "max 2\"; for (i = 0; i < 100000; i++) print \"option name Opt\" i \" type "
                 "check default false\"; print \"option name twice type spin default 5 min 0 "
                 "max 9\"; print \"uciok\" }'; while read command; do "
                 "[ \"$command\" = isready ] && echo readyok; [ \"$command\" = quit ] && exit 0; "
                 "done"};
    UciTimeouts timeouts;
    timeouts.handshake = 60s;
    UciEngine engine(spec, timeouts);
    engine.start();
    ASSERT_EQ(engine.options().size(), 100'001u);
    EXPECT_EQ(engine.options().front().name, "twice");
    EXPECT_EQ(engine.options().front().max, 9);
    EXPECT_EQ(engine.options().back().name, "Opt99999");
    engine.quit();
}

// A hook that refuses the start (a binary changed on disk) stops start() before any process.
TEST(UciEngine, BeforeStartCanRefuseTheStart) {
    EngineSpec spec = fixture(LMR_FIXTURE_RANDOM);
    int calls = 0;
    spec.before_start = [&calls] {
        if (++calls == 2) throw std::runtime_error("changed on disk");
    };
    UciEngine engine(spec, UciTimeouts{});
    engine.start();
    EXPECT_TRUE(engine.running());
    EXPECT_THROW(engine.restart(), std::runtime_error);
    EXPECT_EQ(calls, 2);
    EXPECT_FALSE(engine.running());
    EXPECT_TRUE(no_children_left());
}

// An engine that dies while starting is started once more: a kill from outside is no broken
// engine (a scripts/chaos resume failed on one, and a tune on a start starved of CPU). One that
// dies at every start still fails, saying both starts did.
TEST(UciEngine, AnEngineThatDiesWhileStartingIsStartedOnceMore) {
    const auto marker =
        std::filesystem::temp_directory_path() / ("lmr-first-start-" + std::to_string(::getpid()));
    std::filesystem::remove(marker);
    EngineSpec spec;
    spec.name = "dies-once";
    // The first start leaves the marker and dies; the second finds it and is the engine.
    spec.argv = {"/bin/sh",
                 "-c",
                 "if [ -e \"$1\" ]; then exec \"$2\"; fi; : > \"$1\"; exit 3",
                 "sh",
                 marker.string(),
                 LMR_FIXTURE_RANDOM};
    UciEngine engine(spec, UciTimeouts{});
    engine.start();
    EXPECT_TRUE(engine.running());
    EXPECT_EQ(engine.id_name(), "fixture_random");
    engine.quit();
    std::filesystem::remove(marker);

    EngineSpec broken = spec;
    broken.argv = {"/bin/sh", "-c", "exit 3"};
    UciEngine dead(broken, UciTimeouts{});
    try {
        dead.start();
        FAIL() << "an engine that dies at every start must fail";
    } catch (const UciError& error) {
        EXPECT_EQ(error.kind(), UciError::Kind::kExited);
        EXPECT_NE(
            std::string(error.what()).find("; it was the second start, the first failed too: "),
            std::string::npos)
            << error.what();
    }
    EXPECT_FALSE(dead.running());
    EXPECT_TRUE(no_children_left());
}

TEST(UciEngine, HandshakeTimeoutWithASilentEngine) {
    UciTimeouts timeouts;
    timeouts.handshake = 300ms;
    UciEngine engine(fixture(LMR_FIXTURE_SILENT), timeouts);
    const auto before = Clock::now();
    try {
        engine.start();
        FAIL() << "a silent engine must time out";
    } catch (const UciError& error) {
        EXPECT_EQ(error.kind(), UciError::Kind::kHandshakeTimeout);
        EXPECT_NE(std::string(error.what()).find("uciok"), std::string::npos) << error.what();
    }
    EXPECT_GE(Clock::now() - before, 600ms);  // two starts, each given 300 ms
    EXPECT_FALSE(engine.running());
    EXPECT_TRUE(no_children_left());
}

TEST(UciEngine, SlowStartWithinTheHandshakeTimeout) {
    UciTimeouts timeouts;
    timeouts.handshake = 10s;
    UciEngine engine(fixture(LMR_FIXTURE_SLOW_START, {"300"}), timeouts);
    engine.start();
    EXPECT_EQ(engine.id_name(), "fixture_slow_start");

    timeouts.handshake = 50ms;
    UciEngine impatient(fixture(LMR_FIXTURE_SLOW_START, {"2000"}), timeouts);
    EXPECT_THROW(impatient.start(), UciError);
}

TEST(UciEngine, CrashIsDetectedAndRestartRecovers) {
    UciEngine engine(fixture(LMR_FIXTURE_CRASH, {"2"}));
    engine.start();
    ASSERT_EQ(engine.new_game(), Status::kOk);
    std::vector<std::string> moves;
    play_moves(engine, 2, moves);
    const GoResult crashed =
        engine.go(position_command(moves), GoLimits::with_nodes(100), Clock::now() + 10s);
    EXPECT_EQ(crashed.status, Status::kCrashed);
    EXPECT_NE(crashed.error.find("exited with code 3"), std::string::npos) << crashed.error;
    EXPECT_FALSE(engine.running());
    EXPECT_EQ(engine.is_ready(), Status::kCrashed);
    EXPECT_EQ(engine.go(position_command(moves), GoLimits::with_nodes(1), Clock::now() + 1s).status,
              Status::kCrashed);

    engine.restart();
    EXPECT_EQ(engine.restarts(), 1);
    EXPECT_TRUE(engine.running());
    ASSERT_EQ(engine.new_game(), Status::kOk);
    play_moves(engine, 2, moves);
    engine.quit();
    EXPECT_TRUE(no_children_left());
}

TEST(UciEngine, HangTimesOutThenRestartWorks) {
    UciTimeouts timeouts;
    timeouts.ready = 300ms;
    timeouts.quit_grace = 100ms;
    UciEngine engine(fixture(LMR_FIXTURE_HANG, {"1"}), timeouts);
    engine.start();
    std::vector<std::string> moves;
    play_moves(engine, 1, moves);

    const auto deadline = Clock::now() + 300ms;
    const GoResult hung = engine.go(position_command(moves), GoLimits::with_nodes(100), deadline);
    EXPECT_EQ(hung.status, Status::kTimeout);
    EXPECT_GE(Clock::now(), deadline);
    EXPECT_GT(hung.elapsed.count(), 0);
    EXPECT_TRUE(hung.bestmove.empty());
    EXPECT_TRUE(engine.searching());
    EXPECT_TRUE(engine.running());

    // It ignores `stop` too: the pending search cannot be finished.
    EXPECT_EQ(engine.stop(Clock::now() + 200ms).status, Status::kTimeout);
    EXPECT_EQ(engine.is_ready(), Status::kTimeout);
    EXPECT_FALSE(engine.last_error().empty());

    engine.restart();
    EXPECT_FALSE(engine.searching());
    ASSERT_EQ(engine.new_game(), Status::kOk);
    std::vector<std::string> fresh;
    play_moves(engine, 1, fresh);
    engine.kill();
    EXPECT_FALSE(engine.running());
    EXPECT_TRUE(no_children_left());
}

TEST(UciEngine, InfiniteSearchTimesOutThenStopDeliversTheMove) {
    UciEngine engine(fixture(LMR_FIXTURE_RANDOM));
    engine.start();
    GoLimits infinite;
    infinite.infinite = true;
    const GoResult waiting = engine.go("position startpos", infinite, Clock::now() + 200ms);
    EXPECT_EQ(waiting.status, Status::kTimeout);
    EXPECT_EQ(waiting.info.depth, 1);  // the info seen so far is kept
    const GoResult stopped = engine.stop(Clock::now() + 10s);
    ASSERT_EQ(stopped.status, Status::kOk) << stopped.error;
    EXPECT_TRUE(legal_after({}, stopped.bestmove));
    EXPECT_GE(stopped.elapsed, waiting.elapsed);
    EXPECT_FALSE(engine.searching());
    // Nothing pending: stop is a no-op.
    EXPECT_EQ(engine.stop(Clock::now() + 1s).status, Status::kOk);

    // A go() while a search is pending stops the old one first.
    EXPECT_EQ(engine.go("position startpos", infinite, Clock::now() + 100ms).status,
              Status::kTimeout);
    const GoResult next =
        engine.go("position startpos moves d2d4", GoLimits::with_nodes(5), Clock::now() + 10s);
    ASSERT_EQ(next.status, Status::kOk) << next.error;
    EXPECT_TRUE(legal_after({"d2d4"}, next.bestmove)) << next.bestmove;
}

// wait() goes on reading a search left pending at go()'s deadline, in as many steps as the
// caller likes (the engine-games service waits in 50 ms steps to notice a Ctrl-C), without
// sending anything: an infinite search stays pending until `stop`.
TEST(UciEngine, WaitGoesOnReadingAPendingSearch) {
    UciEngine engine(fixture(LMR_FIXTURE_RANDOM));
    engine.start();
    EXPECT_EQ(engine.wait(Clock::now() + 10ms).status, Status::kOk);  // nothing pending
    GoLimits infinite;
    infinite.infinite = true;
    EXPECT_EQ(engine.go("position startpos", infinite, Clock::now() + 50ms).status,
              Status::kTimeout);
    for (int step = 0; step < 3; ++step) {
        const GoResult still = engine.wait(Clock::now() + 50ms);
        EXPECT_EQ(still.status, Status::kTimeout);
        EXPECT_EQ(still.info.depth, 1);  // the info of the search so far is kept
        EXPECT_TRUE(engine.searching());
    }
    const GoResult stopped = engine.stop(Clock::now() + 10s);
    ASSERT_EQ(stopped.status, Status::kOk) << stopped.error;
    EXPECT_TRUE(legal_after({}, stopped.bestmove));
}

// go() with a cancel flag ends with kCancelled within a poll step of the flag, long before the
// deadline, and leaves the search pending; without the flag set it is go() as usual.
TEST(UciEngine, GoWithACancelFlagStopsWaitingWhenItIsSet) {
    UciEngine engine(fixture(LMR_FIXTURE_RANDOM));
    engine.start();
    std::atomic<bool> cancel{false};
    const GoResult normal =
        engine.go("position startpos", GoLimits::with_nodes(5), Clock::now() + 10s, &cancel);
    ASSERT_EQ(normal.status, Status::kOk) << normal.error;
    EXPECT_TRUE(legal_after({}, normal.bestmove));

    GoLimits infinite;
    infinite.infinite = true;
    std::thread canceller([&cancel] {
        std::this_thread::sleep_for(200ms);
        cancel = true;
    });
    const auto started = Clock::now();
    const GoResult cancelled =
        engine.go("position startpos", infinite, Clock::now() + 60s, &cancel);
    canceller.join();
    EXPECT_EQ(cancelled.status, Status::kCancelled);
    EXPECT_GE(Clock::now() - started, 200ms);
    EXPECT_LT(Clock::now() - started, 5s);  // not the 60 s deadline
    EXPECT_EQ(cancelled.info.depth, 1);     // the info of the search so far is kept
    EXPECT_TRUE(engine.searching());
    const GoResult stopped = engine.stop(Clock::now() + 10s);
    ASSERT_EQ(stopped.status, Status::kOk) << stopped.error;
    EXPECT_TRUE(legal_after({}, stopped.bestmove));
}

TEST(UciEngine, IllegalAndMissingMoves) {
    UciEngine illegal(fixture(LMR_FIXTURE_ILLEGAL, {"1"}));
    illegal.start();
    std::vector<std::string> moves;
    play_moves(illegal, 1, moves);
    // A well-formed move comes back as text; legality is the caller's check.
    const GoResult result =
        illegal.go(position_command(moves), GoLimits::with_nodes(1), Clock::now() + 10s);
    ASSERT_EQ(result.status, Status::kOk) << result.error;
    EXPECT_FALSE(result.bestmove.empty());
    EXPECT_FALSE(legal_after(moves, result.bestmove)) << result.bestmove;

    UciEngine empty(fixture(LMR_FIXTURE_ILLEGAL, {"0", "empty"}));
    empty.start();
    const GoResult blank =
        empty.go("position startpos", GoLimits::with_nodes(1), Clock::now() + 10s);
    EXPECT_EQ(blank.status, Status::kIllegalOutput);
    EXPECT_TRUE(blank.bestmove.empty());
    EXPECT_NE(blank.error.find("without a move"), std::string::npos) << blank.error;
    EXPECT_EQ(empty.is_ready(), Status::kOk);  // the engine itself is fine
}

TEST(UciEngine, GarbageOutputIsTolerated) {
    UciEngine engine(fixture(LMR_FIXTURE_GARBAGE));
    engine.start();
    EXPECT_EQ(engine.id_name(), "fixture_garbage");
    EXPECT_NE(find_option(engine.options(), "Hash"), nullptr);
    EXPECT_EQ(find_option(engine.options(), "Broken"), nullptr);
    ASSERT_EQ(engine.new_game(), Status::kOk);
    std::vector<std::string> moves;
    for (int i = 0; i < 6; ++i) {
        const GoResult result =
            engine.go(position_command(moves), GoLimits::with_nodes(500), Clock::now() + 10s);
        ASSERT_EQ(result.status, Status::kOk) << result.error;
        EXPECT_TRUE(legal_after(moves, result.bestmove)) << "'" << result.bestmove << "'";
        EXPECT_EQ(result.bestmove.find('\r'), std::string::npos);
        // The final well-formed line wins; the multipv 2 line (nodes 7, cp 9999) is ignored; a
        // field only an earlier line had (hashfull 5) is kept.
        EXPECT_EQ(result.info.depth, 1);
        EXPECT_EQ(result.info.nodes, 500u);
        EXPECT_EQ(result.info.hashfull, 5);
        ASSERT_TRUE(result.info.score);
        EXPECT_EQ(result.info.score->value, 0);
        moves.push_back(result.bestmove);
    }
}

TEST(UciEngine, ManyEnginesOnManyThreadsWithoutLeaks) {
    const std::size_t fds_before = open_fd_count();
    std::atomic<int> good_moves{0};
    std::vector<std::thread> threads;
    for (int t = 0; t < 4; ++t) {
        threads.emplace_back([&good_moves] {
            for (int round = 0; round < 3; ++round) {
                UciEngine engine(fixture(LMR_FIXTURE_RANDOM));
                engine.start();
                if (engine.new_game() != Status::kOk) return;
                std::vector<std::string> moves;
                for (int i = 0; i < 20; ++i) {
                    const GoResult result = engine.go(position_command(moves),
                                                      GoLimits::with_nodes(10), Clock::now() + 10s);
                    if (result.status != Status::kOk || !legal_after(moves, result.bestmove))
                        return;
                    moves.push_back(result.bestmove);
                    ++good_moves;
                }
                if (round == 1) engine.restart();  // the others quit through the destructor
            }
        });
    }
    for (auto& thread : threads) thread.join();
    EXPECT_EQ(good_moves.load(), 4 * 3 * 20);
    EXPECT_EQ(open_fd_count(), fds_before);
    EXPECT_TRUE(no_children_left());
}

constexpr const char* kStockfish = "/usr/games/stockfish";

TEST(UciEngineStockfish, HandshakeAndDepthFiveSearch) {
    if (!std::filesystem::exists(kStockfish)) GTEST_SKIP() << kStockfish << " is not installed";
    EngineSpec spec;
    spec.name = "sf";
    spec.argv = {kStockfish};
    spec.options = {{"Hash", "16"}, {"Threads", "1"}};
    UciEngine engine(spec);
    engine.start();
    EXPECT_EQ(engine.id_name().rfind("Stockfish", 0), 0u) << engine.id_name();
    EXPECT_NE(find_option(engine.options(), "Skill Level"), nullptr);
    ASSERT_EQ(engine.new_game(), Status::kOk);

    const GoResult result =
        engine.go("position startpos moves e2e4 e7e5", GoLimits::with_depth(5), Clock::now() + 60s);
    ASSERT_EQ(result.status, Status::kOk) << result.error;
    EXPECT_TRUE(legal_after({"e2e4", "e7e5"}, result.bestmove)) << result.bestmove;
    EXPECT_EQ(result.info.depth, 5);
    ASSERT_TRUE(result.info.score);
    EXPECT_EQ(result.info.score->kind, Score::Kind::kCentipawns);
    ASSERT_FALSE(result.info.pv.empty());
    EXPECT_EQ(result.info.pv.front(), result.bestmove);
    EXPECT_GT(result.info.nodes.value_or(0), 0u);
    EXPECT_GT(result.elapsed.count(), 0);

    // Scholar's mate is on the board (1.e4 e5 2.Qh5 Nc6 3.Bc4 Nf6?? 4.Qxf7#): mate in 1.
    const GoResult mate = engine.go("position startpos moves e2e4 e7e5 d1h5 b8c6 f1c4 g8f6",
                                    GoLimits::with_depth(5), Clock::now() + 60s);
    ASSERT_EQ(mate.status, Status::kOk) << mate.error;
    EXPECT_EQ(mate.bestmove, "h5f7");
    ASSERT_TRUE(mate.info.score);
    EXPECT_EQ(*mate.info.score, (Score{Score::Kind::kMate, 1, Score::Bound::kExact}));

    engine.quit();
    EXPECT_EQ(engine.exit_description(), "exited with code 0");
}

}  // namespace
