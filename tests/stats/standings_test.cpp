#include "harness/stats/standings.hpp"

#include <gtest/gtest.h>

#include <stdexcept>
#include <vector>

namespace lmr::stats {
namespace {

// statistics.md's first vector: 24.36 +/- 29.11 (pairs) for the engine whose side it is.
const Pentanomial kVector1{.ll = 2, .ld = 18, .wl = 10, .dd = 40, .wd = 24, .ww = 6};

TEST(Standings, TwoEnginesAreTheHeadToHeadFromEachSide) {
    const std::vector<PairingCounts> pairings{{.first = 0, .second = 1, .pairs = kVector1}};
    const auto table = standings(2, pairings, StandingsOrder::kByScore);
    ASSERT_EQ(table.size(), 2u);
    EXPECT_EQ(table[0].engine, 0);
    EXPECT_EQ(table[0].pairs, kVector1);
    EXPECT_NEAR(table[0].estimate.elo, 24.36, 0.005);
    EXPECT_NEAR(table[0].estimate.elo_error, 29.11, 0.005);
    EXPECT_EQ(table[1].engine, 1);
    EXPECT_EQ(to_trinomial(table[1].pairs), (Trinomial{.wins = 32, .draws = 122, .losses = 46}));
    // A score of 1 - s is the Elo -E(s), and the interval is symmetric.
    EXPECT_NEAR(table[1].estimate.elo, -table[0].estimate.elo, 1e-9);
    EXPECT_NEAR(table[1].estimate.elo_error, table[0].estimate.elo_error, 1e-9);
}

// A round robin of three: every engine's pairs pooled from its side, and the Elo of that
// pooled score checked against an independent computation of statistics.md's formulas
// (Python: mean and variance of the five bins, 95 % interval from NormalDist().inv_cdf(0.975)):
//   A [7, 28, 75, 32, 8]: 150 pairs, score 0.51,  Elo   6.9496 +/- 24.8928, nElo  10.9979
//   B [9, 36, 70, 28, 7]: 150 pairs, score 0.48,  Elo -13.9048 +/- 25.6720, nElo -21.3562
//   C [7, 18, 45, 22, 8]: 100 pairs, score 0.515, Elo  10.4262 +/- 34.1270, nElo  14.7670
TEST(Standings, RoundRobinPoolsEachEnginesPairsAgainstTheField) {
    const Pentanomial ac{.ll = 5, .ld = 10, .wl = 5, .dd = 20, .wd = 8, .ww = 2};
    const Pentanomial bc{.ll = 3, .ld = 12, .wl = 8, .dd = 12, .wd = 10, .ww = 5};
    const std::vector<PairingCounts> pairings{
        {.first = 0, .second = 1, .pairs = kVector1},
        {.first = 0, .second = 2, .pairs = ac},
        {.first = 1, .second = 2, .pairs = bc},
    };
    const auto table = standings(3, pairings, StandingsOrder::kByScore);
    ASSERT_EQ(table.size(), 3u);
    // Best score first: C, A, B.
    EXPECT_EQ(table[0].engine, 2);
    EXPECT_EQ(table[1].engine, 0);
    EXPECT_EQ(table[2].engine, 1);

    struct Expected {
        long pairs;
        double score, elo, elo_error, nelo;
    };
    const Expected c{100, 0.515, 10.4262, 34.1270, 14.7670};
    const Expected a{150, 0.51, 6.9496, 24.8928, 10.9979};
    const Expected b{150, 0.48, -13.9048, 25.6720, -21.3562};
    const Expected expected[] = {c, a, b};
    for (std::size_t i = 0; i < 3; ++i) {
        SCOPED_TRACE(i);
        const EloEstimate& e = table[i].estimate;
        EXPECT_EQ(e.unit, Unit::kPair);
        EXPECT_EQ(table[i].pairs.pairs(), expected[i].pairs);
        EXPECT_NEAR(e.score, expected[i].score, 1e-12);
        EXPECT_NEAR(e.elo, expected[i].elo, 1e-4);
        EXPECT_NEAR(e.elo_error, expected[i].elo_error, 1e-4);
        EXPECT_NEAR(e.nelo, expected[i].nelo, 1e-4);
    }
    EXPECT_EQ(table[1].pairs,
              (Pentanomial{.ll = 7, .ld = 28, .wl = 15, .dd = 60, .wd = 32, .ww = 8}));
    EXPECT_EQ(table[0].pairs, mirrored(ac) += mirrored(bc));
    // Every game is counted once from each side.
    long wins = 0, losses = 0;
    for (const auto& s : table) {
        wins += to_trinomial(s.pairs).wins;
        losses += to_trinomial(s.pairs).losses;
    }
    EXPECT_EQ(wins, losses);
}

TEST(Standings, GauntletPutsTheFirstEngineOnTop) {
    // The first engine scores worst overall, yet leads the table of a gauntlet.
    const std::vector<PairingCounts> pairings{
        {.first = 0, .second = 1, .pairs = Pentanomial{.ll = 10, .dd = 5}},
        {.first = 0, .second = 2, .pairs = Pentanomial{.ll = 2, .dd = 10, .ww = 1}},
    };
    const auto by_score = standings(3, pairings, StandingsOrder::kByScore);
    EXPECT_EQ(by_score[0].engine, 1);
    EXPECT_EQ(by_score[1].engine, 2);
    EXPECT_EQ(by_score[2].engine, 0);
    const auto gauntlet = standings(3, pairings, StandingsOrder::kFirstEngineFirst);
    EXPECT_EQ(gauntlet[0].engine, 0);
    EXPECT_EQ(gauntlet[1].engine, 1);
    EXPECT_EQ(gauntlet[2].engine, 2);
    EXPECT_EQ(gauntlet[0].pairs.pairs(), 28);
}

TEST(Standings, EnginesWithoutPairsComeLastAndTiesKeepTheirOrder) {
    const std::vector<PairingCounts> pairings{
        {.first = 2, .second = 3, .pairs = Pentanomial{.dd = 4}},
    };
    const auto table = standings(4, pairings, StandingsOrder::kByScore);
    ASSERT_EQ(table.size(), 4u);
    EXPECT_EQ(table[0].engine, 2);  // 50 % each: the earlier engine first
    EXPECT_EQ(table[1].engine, 3);
    EXPECT_EQ(table[2].engine, 0);
    EXPECT_FALSE(table[2].estimate.defined());
    EXPECT_EQ(table[3].engine, 1);
    EXPECT_TRUE(standings(0, {}, StandingsOrder::kByScore).empty());
}

TEST(Standings, RefusesPairingsOutsideTheEngines) {
    const std::vector<PairingCounts> outside{{.first = 0, .second = 2, .pairs = {}}};
    EXPECT_THROW(standings(2, outside, StandingsOrder::kByScore), std::invalid_argument);
    const std::vector<PairingCounts> itself{{.first = 1, .second = 1, .pairs = {}}};
    EXPECT_THROW(standings(2, itself, StandingsOrder::kByScore), std::invalid_argument);
}

}  // namespace
}  // namespace lmr::stats
