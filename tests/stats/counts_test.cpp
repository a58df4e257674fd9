#include "harness/stats/counts.hpp"

#include <gtest/gtest.h>

namespace lmr::stats {
namespace {

TEST(Counts, GamesOfThePairsMatchTheWorkedVectors) {
    // statistics.md: [2,18,50,24,6] with WL/DD 10/40 is W/D/L 46/122/32, and
    // [120,1900,5400,2050,130] with 1100/4300 is 3410/12550/3240.
    const Pentanomial v1{.ll = 2, .ld = 18, .wl = 10, .dd = 40, .wd = 24, .ww = 6};
    EXPECT_EQ(to_trinomial(v1), (Trinomial{.wins = 46, .draws = 122, .losses = 32}));
    const Pentanomial v2{.ll = 120, .ld = 1900, .wl = 1100, .dd = 4300, .wd = 2050, .ww = 130};
    EXPECT_EQ(to_trinomial(v2), (Trinomial{.wins = 3410, .draws = 12550, .losses = 3240}));
    EXPECT_EQ(to_trinomial(v2).games(), 2 * v2.pairs());
}

TEST(Counts, WlAndDdShareTheMiddleBin) {
    const Pentanomial p{.ll = 1, .ld = 2, .wl = 3, .dd = 4, .wd = 5, .ww = 6};
    const auto bins = p.bins();
    EXPECT_EQ(bins[0], 1);
    EXPECT_EQ(bins[1], 2);
    EXPECT_EQ(bins[2], 7);
    EXPECT_EQ(bins[3], 5);
    EXPECT_EQ(bins[4], 6);
    EXPECT_EQ(p.pairs(), 21);
    const Trinomial t{.wins = 3, .draws = 2, .losses = 1};
    const auto tbins = t.bins();  // score order: L, D, W
    EXPECT_EQ(tbins[0], 1);
    EXPECT_EQ(tbins[1], 2);
    EXPECT_EQ(tbins[2], 3);
}

TEST(Counts, AddPairFilesEveryCombinationInOrderIndependentBins) {
    using O = Outcome;
    const struct {
        O first, second;
        Pentanomial expected;
    } cases[] = {
        {O::kLoss, O::kLoss, {.ll = 1}}, {O::kLoss, O::kDraw, {.ld = 1}},
        {O::kDraw, O::kLoss, {.ld = 1}}, {O::kWin, O::kLoss, {.wl = 1}},
        {O::kLoss, O::kWin, {.wl = 1}},  {O::kDraw, O::kDraw, {.dd = 1}},
        {O::kWin, O::kDraw, {.wd = 1}},  {O::kDraw, O::kWin, {.wd = 1}},
        {O::kWin, O::kWin, {.ww = 1}},
    };
    for (const auto& c : cases) {
        Pentanomial p;
        add_pair(p, c.first, c.second);
        EXPECT_EQ(p, c.expected);
        // The games inside agree with adding the two games one by one.
        Trinomial t;
        add_game(t, c.first);
        add_game(t, c.second);
        EXPECT_EQ(to_trinomial(p), t);
    }
}

// Games of several pairs finish interleaved, as concurrent slots deliver them: each pair is
// counted when its second game arrives, whichever came first.
TEST(Counts, APairTallyCountsEachPairWhenItsSecondGameArrives) {
    using O = Outcome;
    PairTally tally;
    EXPECT_FALSE(tally.add(7, O::kWin));
    EXPECT_FALSE(tally.add(3, O::kDraw));
    EXPECT_FALSE(tally.add(12, O::kLoss));
    EXPECT_EQ(tally.pairs().pairs(), 0);
    EXPECT_TRUE(tally.add(3, O::kDraw));  // pair 3: DD
    EXPECT_EQ(tally.pairs(), (Pentanomial{.dd = 1}));
    EXPECT_TRUE(tally.add(7, O::kLoss));   // pair 7: WL
    EXPECT_FALSE(tally.add(3, O::kWin));   // a pair index comes back: a new pair starts
    EXPECT_TRUE(tally.add(12, O::kDraw));  // pair 12: LD
    EXPECT_TRUE(tally.add(3, O::kWin));    // the second pair 3: WW
    EXPECT_EQ(tally.pairs(), (Pentanomial{.ld = 1, .wl = 1, .dd = 1, .ww = 1}));
}

TEST(Counts, AccumulateWithPlusEquals) {
    Pentanomial a{.ll = 1, .ww = 2};
    a += Pentanomial{.ll = 3, .dd = 4};
    EXPECT_EQ(a, (Pentanomial{.ll = 4, .dd = 4, .ww = 2}));
    Trinomial t{.wins = 1};
    t += Trinomial{.wins = 1, .draws = 2, .losses = 3};
    EXPECT_EQ(t, (Trinomial{.wins = 2, .draws = 2, .losses = 3}));
}

const Pentanomial kMirrorSample{.ll = 2, .ld = 18, .wl = 10, .dd = 40, .wd = 24, .ww = 6};

TEST(Counts, MirroredSwapsWinsAndLosses) {
    EXPECT_EQ(mirrored(kMirrorSample),
              (Pentanomial{.ll = 6, .ld = 24, .wl = 10, .dd = 40, .wd = 18, .ww = 2}));
    EXPECT_EQ(mirrored(mirrored(kMirrorSample)), kMirrorSample);
    EXPECT_EQ(mirrored(Trinomial{.wins = 46, .draws = 122, .losses = 32}),
              (Trinomial{.wins = 32, .draws = 122, .losses = 46}));
    EXPECT_EQ(to_trinomial(mirrored(kMirrorSample)), mirrored(to_trinomial(kMirrorSample)));
}

// A result is White's; the engine that played Black sees the win as its loss.
TEST(Counts, OutcomeOfAResultDependsOnTheSide) {
    using core::GameResult;
    EXPECT_EQ(outcome_of(GameResult::kWhiteWins, true), Outcome::kWin);
    EXPECT_EQ(outcome_of(GameResult::kWhiteWins, false), Outcome::kLoss);
    EXPECT_EQ(outcome_of(GameResult::kBlackWins, true), Outcome::kLoss);
    EXPECT_EQ(outcome_of(GameResult::kBlackWins, false), Outcome::kWin);
    EXPECT_EQ(outcome_of(GameResult::kDraw, true), Outcome::kDraw);
    EXPECT_EQ(outcome_of(GameResult::kDraw, false), Outcome::kDraw);
}

}  // namespace
}  // namespace lmr::stats
