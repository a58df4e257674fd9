// The live PGN and EPD files while a run goes on (harness/tournament/pgn_output, epd_output).
// An observer registered after them — the runner calls observers in order, one at a time, once
// the game is stored — reads the files the moment each game is reported: every finished game
// is in them, whole and as stored, although the run's other slot is still playing; a snapshot
// taken half-way is read by pgn-extract and by chess.js. The whole file is read by both at the
// end, and chess.js's replay of every game must end where the EPD file says it ended.
// lmr-engine plays two configs at fixed nodes (integration).

#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "harness/match/pgn.hpp"
#include "harness/tournament/epd_output.hpp"
#include "harness/tournament/game_pgn.hpp"
#include "harness/tournament/pgn_output.hpp"
#include "harness/tournament/session.hpp"
#include "tests/support/temp_dir.hpp"
#include "tests/tournament/pgn_readers.hpp"

namespace lmr::tournament {
namespace {

using test::read_file;
using test::TempDir;

constexpr int kPairs = 4;
constexpr int kGames = 2 * kPairs;
constexpr int kSnapshotAt = 3;  // games finished when the half-way snapshot is read

EnginePlan config_engine(const std::string& config, store::EngineRole role) {
    EnginePlan engine;
    engine.name = std::filesystem::path(config).stem().string();
    engine.config_path = std::string(LMR_SOURCE_DIR) + "/configs/" + config;
    engine.argv = {LMR_ENGINE_BINARY, "--config", engine.config_path};
    engine.role = role;
    return engine;
}

RunPlan small_match() {
    RunPlan plan;
    plan.kind = store::RunKind::kMatch;
    plan.engines = {config_engine("none.json", store::EngineRole::kBase),
                    config_engine("cpw-simple.json", store::EngineRole::kTest)};
    plan.time_control = match::parse_time_control("nodes=1500");
    plan.book.path = std::string(LMR_SOURCE_DIR) + "/openings/default.epd";
    plan.book.order = openings::BookOrder::kSequential;
    plan.seed = 23;
    plan.pairs = kPairs;
    plan.concurrency = 2;
    plan.event = "Live PGN test";
    return plan;
}

std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    return lines;
}

int games_in(const std::string& pgn) {
    int games = 0;
    for (const auto& line : lines_of(pgn))
        if (line.rfind("[Event ", 0) == 0) ++games;
    return games;
}

// What the watcher saw while the run went on; checked by the test once the run is over.
struct Sighting {
    int games_in_pgn = 0;
    bool pgn_ends_with_the_game = false;  // the file ends with exactly this game's text
    int lines_in_epd = 0;
    bool epd_ends_with_the_game = false;
};

class FileWatcher : public RunObserver {
  public:
    FileWatcher(std::string pgn, match::PgnStyle style, std::string epd, const TempDir& dir)
        : pgn_(std::move(pgn)), style_(style), epd_(std::move(epd)), dir_(dir) {}

    void run_started(std::int64_t run_id, const RunPlan& plan) override {
        run_id_ = run_id;
        plan_ = plan;
    }

    void game_finished(const GameTask& task, const core::GameRecord& game) override {
        games.push_back(game);
        const std::string pgn = read_file(pgn_);
        const std::string epd = read_file(epd_);
        const std::string expected =
            match::to_pgn(game, game_pgn_tags(plan_, run_id_, task), style_);
        Sighting seen;
        seen.games_in_pgn = games_in(pgn);
        seen.pgn_ends_with_the_game =
            pgn.size() >= expected.size() &&
            pgn.compare(pgn.size() - expected.size(), expected.size(), expected) == 0;
        const auto epd_lines = lines_of(epd);
        seen.lines_in_epd = static_cast<int>(epd_lines.size());
        seen.epd_ends_with_the_game =
            !epd_lines.empty() && epd_lines.back() == epd_line(game.final_fen);
        sightings.push_back(seen);
        if (games.size() == kSnapshotAt) read_snapshot(pgn);
    }

    std::vector<core::GameRecord> games;  // in the order they were reported
    std::vector<Sighting> sightings;
    std::optional<pgn_readers::PgnExtractResult> snapshot_by_pgn_extract;
    std::optional<pgn_readers::ChessJsResult> snapshot_by_chess_js;

  private:
    // The two readers get the file as it is half-way through the run (a copy, so the run may
    // go on adding to the original while they read).
    void read_snapshot(const std::string& pgn) {
        const auto snapshot = dir_.write("snapshot.pgn", pgn);
        if (const auto tool = pgn_readers::find_pgn_extract(); !tool.empty())
            snapshot_by_pgn_extract = pgn_readers::run_pgn_extract(tool, snapshot, dir_);
        if (const auto node = pgn_readers::find_chess_js_node(); !node.empty())
            snapshot_by_chess_js = pgn_readers::read_with_chess_js(node, snapshot, dir_);
    }

    std::string pgn_;
    match::PgnStyle style_;
    std::string epd_;
    const TempDir& dir_;
    std::int64_t run_id_ = 0;
    RunPlan plan_;
};

// The fields of a FEN or an EPD line that both name the same position alike: placement, side
// to move, castling (en passant squares are written differently by different programs).
std::string position_of(const std::string& fen_or_epd) {
    std::istringstream in(fen_or_epd);
    std::string placement, side, castling;
    in >> placement >> side >> castling;
    return placement + ' ' + side + ' ' + castling;
}

TEST(LivePgn, EveryFinishedGameIsInTheFilesWhileTheRunGoesOn) {
    TempDir dir;
    const std::string pgn_path = dir / "live.pgn";
    const std::string epd_path = dir / "final.epd";
    PgnOutputOptions pgn_options;
    pgn_options.file = pgn_path;
    pgn_options.style.fields = {.nodes = true, .seldepth = true, .nps = true};
    PgnOutput pgn(pgn_options);
    EpdOutputOptions epd_options;
    epd_options.file = epd_path;
    EpdOutput epd(epd_options);
    FileWatcher watcher(pgn_path, pgn_options.style, epd_path, dir);

    SessionOptions options;
    options.db_path = dir / "live.db";
    options.observers = {&pgn, &epd, &watcher};  // the watcher after the files it reads
    const auto result = start_run(small_match(), options);
    ASSERT_EQ(result.outcome.status, store::RunStatus::kFinished) << result.outcome.error;

    ASSERT_EQ(watcher.sightings.size(), static_cast<std::size_t>(kGames));
    for (int k = 0; k < kGames; ++k) {
        const Sighting& seen = watcher.sightings[k];
        EXPECT_EQ(seen.games_in_pgn, k + 1) << "when game " << k + 1 << " was reported";
        EXPECT_TRUE(seen.pgn_ends_with_the_game) << "game " << k + 1;
        EXPECT_EQ(seen.lines_in_epd, k + 1) << "when game " << k + 1 << " was reported";
        EXPECT_TRUE(seen.epd_ends_with_the_game) << "game " << k + 1;
    }

    // Half-way through the run, both readers read every game finished so far.
    if (watcher.snapshot_by_pgn_extract) {
        const auto& extract = *watcher.snapshot_by_pgn_extract;
        EXPECT_EQ(extract.process.exit_code, 0) << test::describe(extract.process);
        EXPECT_EQ(extract.log, "") << "pgn-extract complained about the half-way file";
        EXPECT_EQ(extract.games, kSnapshotAt);
    }
    if (watcher.snapshot_by_chess_js) {
        const auto& js = *watcher.snapshot_by_chess_js;
        EXPECT_EQ(js.process.exit_code, 0) << test::describe(js.process);
        EXPECT_EQ(js.games.size(), static_cast<std::size_t>(kSnapshotAt)) << js.process.out;
    }

    // The whole file, once the run is over.
    const std::string tool = pgn_readers::find_pgn_extract();
    if (!tool.empty()) {
        const auto extract = pgn_readers::run_pgn_extract(tool, pgn_path, dir);
        EXPECT_EQ(extract.process.exit_code, 0) << test::describe(extract.process);
        EXPECT_EQ(extract.log, "") << "pgn-extract complained:\n" << read_file(pgn_path);
        EXPECT_EQ(extract.games, kGames);
    }
    const std::string node = pgn_readers::find_chess_js_node();
    if (node.empty()) GTEST_SKIP() << "chess.js is not installed (scripts/setup: tests/pgn_reader)";
    const auto js = pgn_readers::read_with_chess_js(node, pgn_path, dir);
    ASSERT_EQ(js.process.exit_code, 0) << test::describe(js.process);
    ASSERT_EQ(js.games.size(), static_cast<std::size_t>(kGames)) << js.process.out;
    const auto epd_lines = lines_of(read_file(epd_path));
    ASSERT_EQ(epd_lines.size(), static_cast<std::size_t>(kGames));
    for (int k = 0; k < kGames; ++k) {
        const auto& read = js.games[k];
        const core::GameRecord& game = watcher.games[k];
        SCOPED_TRACE("game " + std::to_string(k + 1) + ": " + read.dump());
        const std::string result(core::result_token(game.result));
        EXPECT_EQ(read["tags"]["Result"], result);
        EXPECT_EQ(read["marker"], result);
        EXPECT_EQ(read["plies"], game.opening_moves.size() + game.moves.size());
        EXPECT_EQ(read["tags"]["PlyCount"], std::to_string(read["plies"].get<int>()));
        EXPECT_EQ(read["tags"]["Event"], "Live PGN test");
        EXPECT_EQ(position_of(read["final"]), position_of(epd_lines[k]));
        // One comment per move: the last one ends with the reason.
        const std::string last = read["last_comment"];
        EXPECT_TRUE(last.ends_with(", " + game.reason)) << last;
        EXPECT_NE(last.find(", n="), std::string::npos) << last;
        // chess.js agrees with how the game ended by the rules.
        EXPECT_EQ(read["checkmate"], game.termination == core::Termination::kMate);
        EXPECT_EQ(read["stalemate"], game.termination == core::Termination::kStalemate);
        if (game.termination == core::Termination::kMaterial) {
            EXPECT_TRUE(read["insufficient"]);
        }
        if (game.termination == core::Termination::kRepetition) {
            EXPECT_TRUE(read["threefold"]);
        }
        if (game.termination == core::Termination::kFiftyMove) {
            EXPECT_TRUE(read["fifty"]);
        }
    }
}

}  // namespace
}  // namespace lmr::tournament
