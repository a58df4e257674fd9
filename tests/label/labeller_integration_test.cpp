// Labelling whole games with lmr-engine: every position of the finished games is searched
// once, unfinished games are dropped, a mate on the board gets a mate score, and the labels do
// not depend on the concurrency.

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "harness/label/labeller.hpp"
#include "harness/openings/pgn_reader.hpp"

namespace lmr::label {
namespace {

// Scholar's mate twice (the second game repeats every position of the first), then an
// unfinished game.
const std::string kGames =
    "[Result \"1-0\"]\n1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n\n"
    "[Result \"1-0\"]\n1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n\n"
    "[Result \"*\"]\n1. d4 d5 *\n";

LabelOptions options(int concurrency) {
    LabelOptions o;
    o.scorer.engine.name = "lmr-engine";
    o.scorer.engine.argv = {LMR_ENGINE_BINARY};
    o.scorer.engine.discard_stderr = true;
    o.scorer.nodes = 3000;
    o.scorer.concurrency = concurrency;
    o.skip_plies = 2;
    return o;
}

std::vector<openings::Opening> games() {
    openings::ReadOptions read_options;
    read_options.whole_games = true;
    return openings::read_pgn(std::string_view(kGames), "games.pgn", read_options).openings;
}

TEST(LabelGames, EveryPositionOfTheFinishedGamesOnce) {
    const LabelResult result = label_games(games(), options(2));
    EXPECT_EQ(result.unfinished, 1u);
    ASSERT_EQ(result.games.size(), 2u);
    EXPECT_EQ(result.positions, 10u);  // 7 plies, 2 skipped, in each game
    EXPECT_EQ(result.searches, 5u);    // the second game repeats the first
    EXPECT_FALSE(result.engine_id.empty());
    const auto& first = result.games[0];
    EXPECT_EQ(first.opening_moves.size(), 2u);
    ASSERT_EQ(first.moves.size(), 5u);
    EXPECT_EQ(first.moves.back().san, "Qxf7#");
    // White to move mates in one: the label says so, from the mover's view.
    ASSERT_TRUE(first.moves.back().score.has_value());
    EXPECT_EQ(*first.moves.back().score, core::Score::mate(1));
    EXPECT_GT(first.moves.back().depth, 0);
    EXPECT_EQ(first.termination, core::Termination::kMate);
    for (std::size_t i = 0; i < first.moves.size(); ++i)
        EXPECT_EQ(first.moves[i].score, result.games[1].moves[i].score) << "move " << i;
}

TEST(LabelGames, TheLabelsDoNotDependOnTheConcurrency) {
    const LabelResult one = label_games(games(), options(1));
    const LabelResult two = label_games(games(), options(2));
    ASSERT_EQ(one.games.size(), two.games.size());
    for (std::size_t g = 0; g < one.games.size(); ++g) {
        ASSERT_EQ(one.games[g].moves.size(), two.games[g].moves.size());
        for (std::size_t i = 0; i < one.games[g].moves.size(); ++i)
            EXPECT_EQ(one.games[g].moves[i].score, two.games[g].moves[i].score);
    }
}

TEST(LabelGames, ANegativeSkipIsRejected) {
    LabelOptions o = options(1);
    o.skip_plies = -1;
    EXPECT_THROW(label_games(games(), o), std::invalid_argument);
}

}  // namespace
}  // namespace lmr::label
