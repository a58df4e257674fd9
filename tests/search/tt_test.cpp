// Transposition table: mate scores survive a store/probe at different plies, bounds and
// moves round-trip, replacement keeps deep entries, hashfull counts the current search.
#include "engine/search/tt.hpp"

#include <gtest/gtest.h>

#include <vector>

#include "engine/chess/types.hpp"
#include "engine/search/score.hpp"

namespace lmr::search {
namespace {

TEST(Tt, MateScoreRoundTripAcrossPlies) {
    TranspositionTable tt(1);
    const std::uint64_t key = 0x123456789abcdefULL;
    // Found at ply 5: mate delivered at ply 9 (root-relative) = mate in 4 plies from the node.
    tt.store(key, 5, mate_in(9), 12, 6, Bound::kExact, chess::Move(chess::kE2, chess::kE4));
    // The same position reached at ply 2 is a mate in 4 plies from there: at ply 6.
    const TtHit hit = tt.probe(key, 2);
    ASSERT_TRUE(hit.found);
    EXPECT_EQ(hit.score, mate_in(6));
    EXPECT_EQ(hit.depth, 6);
    EXPECT_EQ(hit.eval, 12);
    EXPECT_EQ(hit.bound, Bound::kExact);
    EXPECT_EQ(hit.move, chess::Move(chess::kE2, chess::kE4));
    // Probing at the storing ply gives back exactly what was stored.
    EXPECT_EQ(tt.probe(key, 5).score, mate_in(9));
}

TEST(Tt, MatedScoreRoundTripAcrossPlies) {
    TranspositionTable tt(1);
    const std::uint64_t key = 42;
    tt.store(key, 3, mated_in(7), kNoScore, 4, Bound::kUpper, chess::Move::none());
    EXPECT_EQ(tt.probe(key, 10).score, mated_in(14));
    EXPECT_EQ(tt.probe(key, 3).score, mated_in(7));
    EXPECT_EQ(tt.probe(key, 3).eval, kNoScore);
    EXPECT_EQ(mate_moves(mated_in(2)), -1);
    EXPECT_EQ(mate_moves(mate_in(1)), 1);
    EXPECT_EQ(mate_moves(mate_in(3)), 2);
}

TEST(Tt, OrdinaryScoresAreNotShifted) {
    TranspositionTable tt(1);
    tt.store(7, 9, -250, 0, 3, Bound::kLower, chess::Move::none());
    EXPECT_EQ(tt.probe(7, 1).score, -250);
}

TEST(Tt, MissAndClear) {
    TranspositionTable tt(1);
    EXPECT_FALSE(tt.probe(99, 0).found);
    tt.store(99, 0, 10, 10, 2, Bound::kExact, chess::Move::none());
    EXPECT_TRUE(tt.probe(99, 0).found);
    tt.clear();
    EXPECT_FALSE(tt.probe(99, 0).found);
}

// clear() zeroes only the buckets written since the last clear while they are at most a 16th
// of the table (1 MB: 16,384 buckets, so 1,024), and everything past that: around that
// boundary, and far past it, no entry survives a clear, and the table fills again after it.
TEST(Tt, ClearEmptiesEveryBucketWhetherFewOrManyWereWritten) {
    TranspositionTable tt(1);
    // splitmix64's finaliser: keys that share buckets as random keys do (k times a constant
    // alone spreads consecutive k evenly, one to a bucket, and would never fill entries[1]).
    auto key = [](std::uint64_t k) {
        k = (k ^ (k >> 30)) * 0xBF58476D1CE4E5B9ULL;
        k = (k ^ (k >> 27)) * 0x94D049BB133111EBULL;
        return k ^ (k >> 31);
    };
    auto store = [&](std::uint64_t count) {
        for (std::uint64_t k = 1; k <= count; ++k)
            tt.store(key(k), 0, 7, 0, 3, Bound::kExact, chess::Move::none());
    };
    auto found = [&](std::uint64_t count) {
        std::uint64_t n = 0;
        for (std::uint64_t k = 1; k <= count; ++k) n += tt.probe(key(k), 0).found;
        return n;
    };
    std::vector<std::uint64_t> counts = {1, 2, 500, 200000, 3};
    for (std::uint64_t count = 1000; count <= 1100; ++count) counts.push_back(count);
    for (const std::uint64_t count : counts) {
        store(count);
        // Up to ~1,100 keys in 16,384 buckets of 4 none is replaced; 200,000 fill the table.
        if (count <= 1100) {
            ASSERT_EQ(found(count), count);
        }
        ASSERT_GT(found(count), 0u);
        tt.clear();
        ASSERT_EQ(found(count), 0u) << count << " keys stored before the clear";
        ASSERT_EQ(tt.hashfull(), 0) << count;
    }
}

TEST(Tt, StoreWithoutMoveKeepsTheOldMove) {
    TranspositionTable tt(1);
    const chess::Move m(chess::kG1, chess::kF3);
    tt.store(5, 0, 10, 10, 4, Bound::kLower, m);
    tt.store(5, 0, 20, 10, 5, Bound::kUpper, chess::Move::none());
    EXPECT_EQ(tt.probe(5, 0).move, m);
    EXPECT_EQ(tt.probe(5, 0).score, 20);
}

TEST(Tt, HashfullCountsCurrentSearchOnly) {
    TranspositionTable tt(1);
    EXPECT_EQ(tt.hashfull(), 0);
    for (std::uint64_t k = 1; k < 200000; ++k) {
        tt.store(k * 0x9E3779B97F4A7C15ULL, 0, 0, 0, 1, Bound::kExact, chess::Move::none());
    }
    EXPECT_GT(tt.hashfull(), 900);
    tt.new_search();
    EXPECT_EQ(tt.hashfull(), 0);
}

}  // namespace
}  // namespace lmr::search
