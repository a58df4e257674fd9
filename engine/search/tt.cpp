#include "engine/search/tt.hpp"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <new>

#include "engine/search/score.hpp"

namespace lmr::search {

void TranspositionTable::FreeAligned::operator()(Bucket* p) const {
    std::free(p);
}

void TranspositionTable::resize(std::size_t megabytes) {
    megabytes = std::clamp<std::size_t>(megabytes, 1, 1 << 20);
    const std::size_t count = megabytes * 1024 * 1024 / sizeof(Bucket);
    void* memory = std::aligned_alloc(64, count * sizeof(Bucket));
    if (memory == nullptr) throw std::bad_alloc();
    buckets_.reset(static_cast<Bucket*>(memory));
    bucket_count_ = count;
    megabytes_ = megabytes;
    written_capacity_ = count / 16;
    written_ = std::make_unique<std::size_t[]>(written_capacity_);
    written_count_ = written_capacity_ + 1;  // unknown contents: the first clear zeroes all
    clear();
}

void TranspositionTable::clear() {
    if (written_count_ > written_capacity_) {
        std::memset(static_cast<void*>(buckets_.get()), 0, bucket_count_ * sizeof(Bucket));
    } else {
        for (std::size_t i = 0; i < written_count_; ++i) buckets_[written_[i]] = Bucket{};
    }
    written_count_ = 0;
    generation_ = 0;
}

TtHit TranspositionTable::probe(std::uint64_t key, int ply) const {
    TtHit hit;
    const Bucket* bucket = bucket_for(key);
    for (const TtEntry& e : bucket->entries) {
        if (e.key == key && e.depth != 0) {
            hit.found = true;
            hit.move = chess::Move::from_raw(e.move);
            hit.score = score_from_tt(e.score, ply);
            hit.eval = e.eval;
            hit.depth = static_cast<int>(e.depth) - kDepthOffset;
            hit.bound = e.bound();
            return hit;
        }
    }
    return hit;
}

void TranspositionTable::store(std::uint64_t key, int ply, int score, int eval, int depth,
                               Bound bound, chess::Move move) {
    Bucket* bucket = bucket_for(key);
    if (bucket->entries[0].depth == 0 && written_count_ <= written_capacity_) {
        // The bucket's first write since the last clear (this store fills entries[0]).
        if (written_count_ < written_capacity_) written_[written_count_] = bucket - buckets_.get();
        ++written_count_;
    }
    TtEntry* target = nullptr;
    int worst = 1 << 30;
    for (TtEntry& e : bucket->entries) {
        if (e.depth == 0 || e.key == key) {
            target = &e;
            break;
        }
        const int age = (generation_ - e.generation()) & 63;
        const int worth = static_cast<int>(e.depth) - 8 * age;
        if (worth < worst) {
            worst = worth;
            target = &e;
        }
    }
    const bool same = target->key == key && target->depth != 0;
    // Keep a deeper exact-enough entry of this search for the same key unless the new one is
    // exact: shallow re-searches (e.g. after a reduced search) must not erase deep knowledge.
    if (same && bound != Bound::kExact && target->generation() == generation_ &&
        depth + 3 < static_cast<int>(target->depth) - kDepthOffset) {
        return;
    }
    // A store without a move keeps the move we already had for this position.
    if (move != chess::Move::none() || !same) target->move = move.raw();
    target->key = key;
    target->score = static_cast<std::int16_t>(score_to_tt(score, ply));
    target->eval = static_cast<std::int16_t>(eval);
    target->depth = static_cast<std::uint8_t>(std::clamp(depth + kDepthOffset, 1, 255));
    target->gen_bound = static_cast<std::uint8_t>((generation_ << 2) | static_cast<int>(bound));
}

int TranspositionTable::hashfull() const {
    const std::size_t sample = std::min<std::size_t>(bucket_count_, 250);
    int used = 0;
    for (std::size_t i = 0; i < sample; ++i) {
        for (const TtEntry& e : buckets_[i].entries) {
            if (e.depth != 0 && e.generation() == generation_) ++used;
        }
    }
    return static_cast<int>(used * 1000 / (sample * kBucketSize));
}

}  // namespace lmr::search
