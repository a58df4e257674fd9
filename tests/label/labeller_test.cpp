// A labelled game record from given scores: book moves before --skip-plies, SAN, the mover's
// scores, the termination; and the contract with its consumer — the PGN it becomes is read
// by lmr-eval-tune's reader with every score turned to White's view.

#include "harness/label/labeller.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/eval/tune/training_positions.hpp"
#include "harness/match/pgn.hpp"
#include "harness/openings/pgn_reader.hpp"

namespace lmr::label {
namespace {

using openings::Evaluation;

openings::Opening game_from(const std::string& pgn) {
    openings::ReadOptions options;
    options.whole_games = true;
    auto read = openings::read_pgn(std::string_view(pgn), "games.pgn", options);
    EXPECT_EQ(read.openings.size(), 1u);
    return read.openings.at(0);
}

Evaluation cp(int value, int depth) {
    return {core::Score::cp(value), depth};
}
Evaluation mate(int moves, int depth) {
    return {core::Score::mate(moves), depth};
}

const std::string kDrawnGame =
    "[White \"a\"]\n[Black \"b\"]\n[Result \"1/2-1/2\"]\n1. e4 e5 2. Nf3 Nc6 1/2-1/2\n";

TEST(LabelledRecord, BookMovesThenScoredMovesWithTheResultOfTheSource) {
    const auto record =
        labelled_record(game_from(kDrawnGame), 1, {cp(20, 7), cp(-15, 8), mate(3, 12)});
    EXPECT_EQ(record.white, "a");
    EXPECT_EQ(record.black, "b");
    EXPECT_EQ(record.result, core::GameResult::kDraw);
    EXPECT_EQ(record.opening_moves, (std::vector<std::string>{"e2e4"}));
    EXPECT_EQ(record.opening_fen, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
    ASSERT_EQ(record.moves.size(), 3u);
    EXPECT_EQ(record.moves[0].san, "e5");
    EXPECT_EQ(record.moves[1].san, "Nf3");
    EXPECT_EQ(record.moves[2].uci, "b8c6");
    EXPECT_EQ(record.moves[0].score, core::Score::cp(20));
    EXPECT_EQ(record.moves[2].score, core::Score::mate(3));
    EXPECT_EQ(record.moves[1].depth, 8);
    // Nothing in the game shows how it ended: the result tag is all there is.
    EXPECT_EQ(record.termination, core::Termination::kAdjudication);
    EXPECT_FALSE(record.reason.empty());
}

TEST(LabelledRecord, TerminationFromTheHarnessTagOrTheFinalPosition) {
    const auto mated = labelled_record(game_from("[Result \"0-1\"]\n1. f3 e5 2. g4 Qh4# 0-1\n"), 0,
                                       {cp(0, 1), cp(0, 1), cp(0, 1), mate(1, 1)});
    EXPECT_EQ(mated.termination, core::Termination::kMate);
    const auto repeated = labelled_record(
        game_from("[Result \"1/2-1/2\"]\n[TerminationDetail \"repetition\"]\n1. Nf3 1/2-1/2\n"), 0,
        {cp(0, 1)});
    EXPECT_EQ(repeated.termination, core::Termination::kRepetition);
}

TEST(LabelledRecord, AScoreCountThatDoesNotMatchThePositionsIsAnError) {
    EXPECT_THROW(labelled_record(game_from(kDrawnGame), 1, {cp(20, 7)}), std::invalid_argument);
}

TEST(LabelledRecord, TheTunerReadsTheScoresFromWhitesView) {
    const auto record =
        labelled_record(game_from(kDrawnGame), 1, {cp(20, 7), cp(-15, 8), mate(3, 12)});
    std::istringstream pgn(match::to_pgn(record));
    std::vector<eval::tune::TrainingPosition> positions;
    const auto stats = eval::tune::read_pgn_positions(pgn, "labelled.pgn", 0, positions);
    EXPECT_EQ(stats.games, 1u);
    ASSERT_EQ(positions.size(), 4u);  // all four moves are quiet
    EXPECT_TRUE(std::isnan(positions[0].searched)) << "a book move carries no score";
    EXPECT_FLOAT_EQ(positions[1].searched, -20.0f);    // Black's +0.20 is White's -0.20
    EXPECT_FLOAT_EQ(positions[2].searched, -15.0f);    // White's own -0.15
    EXPECT_FLOAT_EQ(positions[3].searched, -2000.0f);  // Black mates: the tuner's mate value
    EXPECT_FLOAT_EQ(positions[3].result, 0.5f);
}

}  // namespace
}  // namespace lmr::label
