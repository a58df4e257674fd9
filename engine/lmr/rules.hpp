// The registry of LMR rules: every rule the policy can apply, in evaluation order (its place
// in the enum is its kind), and one table that says what each is — its name, whether a config
// switches it on and the inputs the search must compute for it; when it fires is
// rule_fires.hpp, one case per rule. The policy, the statistics, the stats line, `explain` and
// the inputs the search fills are all driven by these, so a rule is defined once
// (docs/architecture.md, "How to add a step").
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

namespace lmr::reduction {

struct LmrParams;    // engine/lmr/config.hpp
struct MoveContext;  // engine/lmr/move_context.hpp

// Every rule, in evaluation order (the order of the table in rules.cpp, checked there).
enum class Rule : int {
    // eligibility
    kDisabled,
    kMinDepth,
    kFullDepthMoves,
    // gates: no LMR
    kGateRootBest,
    kGateTtMove,
    kGateInCheck,
    kGateQueenPromotion,
    kGatePromotion,
    kGateAdvancedPawn,
    kGateGoodCapture,
    kGateCaptures,
    kGateGivesCheck,
    kGateCheckGoodNoReduction,
    kGateKillers,
    kGateOrderingScore,  // terms.ordering_score.no_lmr_min_score
    // gates: exactly one ply
    kGateBadCaptureOnePly,
    kGateCheckBadOnePly,
    // steps 1-12
    kStepTable,
    kStepHistory,
    kStepEvalMargin,
    kStepPositional,
    kStepNewThreat,
    kStepThreatEscape,
    kStepPassedPawnGain,
    kStepKingSafetyGain,
    kStepEvalRise,
    kStepEvalDrop,
    kStepKiller,
    kStepPstGain,
    // further terms
    kTermConstant,
    kTermNonPvNode,
    kTermCutNode,
    kTermTtCapture,
    kTermImproving,
    kTermNotImproving,
    kTermGivesCheck,
    kTermHistoryDivisor,
    kTermOrderingDouble,
    kTermOrderingTriple,
    // final shaping
    kTermPvScale,
    kRootReduceOnce,
    kClampMaxReduction,
    kClampDepth,
    kClampExtension,
    kClampExtensionPly,  // a negative R past the extension ply limit becomes 0
    kCount
};
inline constexpr int kRuleCount = static_cast<int>(Rule::kCount);

enum class RuleKind {
    kEligibility,  // lmr.enabled, min_depth, full_depth_moves: no LMR
    kGate,         // no LMR for this move
    kOnePlyGate,   // a fixed reduction for this move, whatever the steps say
    kStep,         // one of REBEL's twelve steps: adds weight * signal to R
    kTerm,         // a further additive term
    kScaling,      // scales the sum at PV nodes (its units: what the scaling added)
    kClamp,        // shapes the plies at the end (root once, caps)
};

// The first and last rule of each kind: each kind's rules are contiguous in the enum, in the
// order of RuleKind, so a new rule's place in the enum says what it is.
struct RuleRange {
    Rule first;
    Rule last;
};
constexpr RuleRange rule_range(RuleKind kind) {
    switch (kind) {
        case RuleKind::kEligibility:
            return {Rule::kDisabled, Rule::kFullDepthMoves};
        case RuleKind::kGate:
            return {Rule::kGateRootBest, Rule::kGateOrderingScore};
        case RuleKind::kOnePlyGate:
            return {Rule::kGateBadCaptureOnePly, Rule::kGateCheckBadOnePly};
        case RuleKind::kStep:
            return {Rule::kStepTable, Rule::kStepPstGain};
        case RuleKind::kTerm:
            return {Rule::kTermConstant, Rule::kTermOrderingTriple};
        case RuleKind::kScaling:
            return {Rule::kTermPvScale, Rule::kTermPvScale};
        case RuleKind::kClamp:
            break;
    }
    return {Rule::kRootReduceOnce, Rule::kClampExtensionPly};
}
constexpr RuleKind rule_kind(Rule rule) {
    for (RuleKind kind : {RuleKind::kEligibility, RuleKind::kGate, RuleKind::kOnePlyGate,
                          RuleKind::kStep, RuleKind::kTerm, RuleKind::kScaling})
        if (rule <= rule_range(kind).last) return kind;
    return RuleKind::kClamp;
}

// R is their sum: removing one of these rules removes exactly its units.
constexpr bool sums_into_r(Rule rule) {
    const RuleKind kind = rule_kind(rule);
    return kind == RuleKind::kStep || kind == RuleKind::kTerm;
}
// Reported with their units (the sum and the PV scaling).
constexpr bool has_units(Rule rule) {
    return sums_into_r(rule) || rule_kind(rule) == RuleKind::kScaling;
}
// Stops LMR for the move when it fires.
constexpr bool blocks_lmr(Rule rule) {
    const RuleKind kind = rule_kind(rule);
    return kind == RuleKind::kEligibility || kind == RuleKind::kGate;
}

// What the search computes for a rule beyond MoveContext's cheap fields — a scan of the
// board or an evaluation per move — only when a rule that is switched on needs it.
enum RuleInput : unsigned {
    kInputNone = 0,
    // eval_minus_material, passed_pawn_delta, king_safety_delta, eval_change
    kInputEvalDeltas = 1u << 0,
    kInputNewThreat = 1u << 1,      // creates_threat, by steps.new_threat.mode
    kInputThreatEscape = 1u << 2,   // escapes_threat, by steps.threat_escape.mode
    kInputOrderingScore = 1u << 3,  // ordering_score (REBEL editions 1-2)
};

struct RuleSpec {
    Rule rule;
    // JSON-path-like name ("gates.tt_move", "steps.history", "clamp.depth"): one word, no
    // spaces, so it can be a key in the stats line.
    std::string_view name;
    unsigned inputs;  // RuleInput bits
    // Whether the config switches the rule on (eligibility rules and caps are always asked).
    bool (*enabled)(const LmrParams&);
};

// The whole table, in Rule order.
std::span<const RuleSpec> rule_specs();
const RuleSpec& rule_spec(Rule rule);
std::string_view rule_name(Rule rule);  // "?" outside the table
std::optional<Rule> rule_from_name(std::string_view name);
// The RuleInput bits the rules switched on by params need (none when LMR is off).
unsigned rule_inputs(const LmrParams& params);

}  // namespace lmr::reduction
