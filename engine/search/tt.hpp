#pragma once
// Transposition table: 64-byte buckets of four 16-byte entries. Replacement prefers the
// same key, then an empty slot, then the entry worth least by (depth - 8 * age).
// clear() zeroes only the buckets written since the last clear while they are few: a short
// game (datagen, fixed-node matches, SPSA at tiny time controls) writes a few thousand buckets
// of a table of hundreds of thousands, and a memset of the whole table at every ucinewgame
// was a third of the CPU of a match at 100 nodes a move.
#include <cstddef>
#include <cstdint>
#include <memory>

#include "engine/chess/types.hpp"

namespace lmr::search {

enum class Bound : std::uint8_t { kNone = 0, kUpper = 1, kLower = 2, kExact = 3 };

struct TtEntry {
    std::uint64_t key;
    std::uint16_t move;
    std::int16_t score;      // node-relative (see score_to_tt)
    std::int16_t eval;       // static eval of the stored position, side to move's view
    std::uint8_t depth;      // depth + kDepthOffset so quiescence entries (depth <= 0) fit
    std::uint8_t gen_bound;  // generation in the upper 6 bits, Bound in the lower 2

    Bound bound() const { return static_cast<Bound>(gen_bound & 3); }
    std::uint8_t generation() const { return gen_bound >> 2; }
};
static_assert(sizeof(TtEntry) == 16);

// The result of a probe, already converted: score is root-relative, depth is in plies.
struct TtHit {
    bool found = false;
    chess::Move move = chess::Move::none();
    int score = 0;
    int eval = 0;
    int depth = 0;
    Bound bound = Bound::kNone;
};

class TranspositionTable {
  public:
    static constexpr int kBucketSize = 4;
    static constexpr int kDepthOffset = 8;  // stored depth = depth + offset; 0 = empty slot

    explicit TranspositionTable(std::size_t megabytes = 16) { resize(megabytes); }

    // Reallocates (and clears) the table; sizes below 1 MB are raised to 1 MB.
    void resize(std::size_t megabytes);
    // Every entry empty again, as after a memset of the whole table.
    void clear();
    std::size_t megabytes() const { return megabytes_; }

    // A new search starts: entries from earlier searches age and become cheaper to replace.
    void new_search() { generation_ = static_cast<std::uint8_t>((generation_ + 1) & 63); }

    // ply converts mate scores between node-relative (stored) and root-relative (returned).
    TtHit probe(std::uint64_t key, int ply) const;
    void store(std::uint64_t key, int ply, int score, int eval, int depth, Bound bound,
               chess::Move move);
    void prefetch(std::uint64_t key) const { __builtin_prefetch(bucket_for(key)); }

    // Permill of sampled slots that hold an entry of the current search, as UCI "hashfull".
    int hashfull() const;

  private:
    struct alignas(64) Bucket {
        TtEntry entries[kBucketSize];
    };

    Bucket* bucket_for(std::uint64_t key) const {
        // Multiply-shift maps the key uniformly onto [0, bucket_count_) without a modulo.
        return &buckets_[static_cast<std::size_t>(
            (static_cast<unsigned __int128>(key) * bucket_count_) >> 64)];
    }

    struct FreeAligned {
        void operator()(Bucket* p) const;
    };
    std::unique_ptr<Bucket[], FreeAligned> buckets_;
    std::size_t bucket_count_ = 0;
    // The buckets written since the last clear, in the order of their first write, while they
    // fit in written_capacity_ (a 16th of the table); past that, clear() zeroes everything.
    // A bucket's first write is known by its first entry: store() fills a bucket from the
    // front, so entries[0] is empty until the bucket is written.
    std::unique_ptr<std::size_t[]> written_;
    std::size_t written_count_ = 0;
    std::size_t written_capacity_ = 0;
    std::size_t megabytes_ = 0;
    std::uint8_t generation_ = 0;
};

}  // namespace lmr::search
