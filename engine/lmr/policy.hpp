// LmrPolicy: the reduction of one late move, from a resolved LmrConfig and a MoveContext.
// Called at every late move: no allocation, no exceptions, a few dozen branches.
#pragma once

#include <cstdint>

#include "engine/lmr/config.hpp"
#include "engine/lmr/move_context.hpp"
#include "engine/lmr/rules.hpp"
#include "engine/lmr/stats.hpp"

namespace lmr::reduction {

class LmrPolicy {
  public:
    explicit LmrPolicy(const LmrConfig& config);

    // The cheap part of the decision, asked for every move the search makes at depth >= 1
    // before it fills a MoveContext: lmr.enabled, min_depth and full_depth_moves. When it
    // answers false the move is searched at full depth and stats (may be null) count it.
    bool eligible(int depth, int move_number, LmrStats* stats) const;

    // Plies to reduce the move by: > 0 reduces, 0 searches at full depth, < 0 extends
    // (only with lmr.allow_extension). Already clamped so that depth - 1 - R >= 0.
    // stats may be null; with stats, every rule that fired is counted, and counted as
    // "changed" when the result without it would differ.
    int reduction(const MoveContext& ctx, LmrStats* stats) const;

    // What the search must fill in MoveContext beyond the cheap fields (RuleInput bits of the
    // rules this config switches on).
    bool needs(RuleInput input) const { return (inputs_ & input) != 0; }

    bool enabled() const { return config_.lmr.enabled; }
    ResearchPolicy research() const { return config_.lmr.research; }
    const LmrConfig& config() const { return config_; }

    // Step 1's table value in 1/scale ply for (depth, move_number), weight applied.
    int table_units(int depth, int move_number) const;

  private:
    struct Trace;  // the rules that fired in one decision, with their R units

    // The whole decision with `skip` treated as switched off (Rule::kCount: nothing skipped).
    int evaluate(const MoveContext& ctx, Rule skip, Trace* trace) const;
    bool switched_on(Rule rule) const { return (switched_on_ >> static_cast<int>(rule)) & 1; }
    Rule blocking_rule(const MoveContext& ctx, Rule skip) const;
    std::int64_t accumulate(const MoveContext& ctx, Rule skip, Trace* trace) const;
    int finish(std::int64_t r, const MoveContext& ctx, Rule skip, Trace* trace) const;
    int fixed(std::int64_t weight, const MoveContext& ctx, Rule skip, Trace* trace) const;
    int clamp(std::int64_t plies, const MoveContext& ctx, Rule skip, Trace* trace) const;

    LmrConfig config_;
    int table_[64][64] = {};  // weight * T(depth, moves) in 1/scale ply
    unsigned inputs_ = kInputNone;
    std::uint64_t switched_on_ = 0;  // bit per Rule: the config switches it on
    static_assert(kRuleCount <= 64);
};

}  // namespace lmr::reduction
