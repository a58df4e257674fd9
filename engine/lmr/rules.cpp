// The rule table (see rules.hpp): one row per rule. The policy walks the rows a config
// switches on, in this order (docs/configs.md, "The model"); when each fires is rule_fires.hpp.
#include "engine/lmr/rules.hpp"

#include "engine/lmr/config.hpp"
#include "engine/lmr/move_context.hpp"

namespace lmr::reduction {
namespace {

bool always(const LmrParams&) {
    return true;
}

constexpr RuleSpec kRules[] = {
    // eligibility: asked at every late move
    {Rule::kDisabled, "lmr.disabled", kInputNone, always},
    {Rule::kMinDepth, "lmr.min_depth", kInputNone, always},
    {Rule::kFullDepthMoves, "lmr.full_depth_moves", kInputNone, always},
    // gates: no LMR
    {Rule::kGateRootBest, "gates.root_best", kInputNone,
     [](const LmrParams& p) { return p.gates.root_best; }},
    {Rule::kGateTtMove, "gates.tt_move", kInputNone,
     [](const LmrParams& p) { return p.gates.tt_move; }},
    {Rule::kGateInCheck, "gates.in_check", kInputNone,
     [](const LmrParams& p) { return p.gates.in_check; }},
    {Rule::kGateQueenPromotion, "gates.queen_promotion", kInputNone,
     [](const LmrParams& p) { return p.gates.queen_promotion; }},
    {Rule::kGatePromotion, "gates.promotion", kInputNone,
     [](const LmrParams& p) { return p.gates.promotion; }},
    {Rule::kGateAdvancedPawn, "gates.advanced_pawn", kInputNone,
     [](const LmrParams& p) { return p.gates.advanced_pawn; }},
    {Rule::kGateGoodCapture, "gates.good_capture", kInputNone,
     [](const LmrParams& p) { return p.gates.good_capture; }},
    {Rule::kGateCaptures, "gates.captures", kInputNone,
     [](const LmrParams& p) { return p.gates.captures; }},
    {Rule::kGateGivesCheck, "gates.gives_check", kInputNone,
     [](const LmrParams& p) { return p.gates.gives_check; }},
    {Rule::kGateCheckGoodNoReduction, "gates.check_good_no_reduction", kInputNone,
     [](const LmrParams& p) { return p.gates.check_good_no_reduction; }},
    {Rule::kGateKillers, "gates.killers", kInputNone,
     [](const LmrParams& p) { return p.gates.killers; }},
    {Rule::kGateOrderingScore, "terms.ordering_score.no_lmr", kInputOrderingScore,
     [](const LmrParams& p) { return p.terms.ordering_score.enabled; }},
    // gates: a fixed reduction
    {Rule::kGateBadCaptureOnePly, "gates.bad_capture_one_ply", kInputNone,
     [](const LmrParams& p) { return p.gates.bad_capture_one_ply; }},
    {Rule::kGateCheckBadOnePly, "gates.check_bad_one_ply", kInputNone,
     [](const LmrParams& p) { return p.gates.check_bad_one_ply; }},
    // REBEL's twelve steps
    {Rule::kStepTable, "steps.table", kInputNone,
     [](const LmrParams& p) { return p.steps.table.enabled; }},
    {Rule::kStepHistory, "steps.history", kInputNone,
     [](const LmrParams& p) { return p.steps.history.enabled; }},
    {Rule::kStepEvalMargin, "steps.eval_margin", kInputNone,
     [](const LmrParams& p) { return p.steps.eval_margin.enabled; }},
    {Rule::kStepPositional, "steps.positional", kInputEvalDeltas,
     [](const LmrParams& p) { return p.steps.positional.enabled; }},
    {Rule::kStepNewThreat, "steps.new_threat", kInputNewThreat,
     [](const LmrParams& p) { return p.steps.new_threat.enabled; }},
    {Rule::kStepThreatEscape, "steps.threat_escape", kInputThreatEscape,
     [](const LmrParams& p) { return p.steps.threat_escape.enabled; }},
    {Rule::kStepPassedPawnGain, "steps.passed_pawn_gain", kInputEvalDeltas,
     [](const LmrParams& p) { return p.steps.passed_pawn_gain.enabled; }},
    {Rule::kStepKingSafetyGain, "steps.king_safety_gain", kInputEvalDeltas,
     [](const LmrParams& p) { return p.steps.king_safety_gain.enabled; }},
    {Rule::kStepEvalRise, "steps.eval_rise", kInputEvalDeltas,
     [](const LmrParams& p) { return p.steps.eval_rise.enabled; }},
    {Rule::kStepEvalDrop, "steps.eval_drop", kInputEvalDeltas,
     [](const LmrParams& p) { return p.steps.eval_drop.enabled; }},
    {Rule::kStepKiller, "steps.killer", kInputNone,
     [](const LmrParams& p) { return p.steps.killer.enabled; }},
    // pst_delta itself is cheap; the phase it is read at comes from the node's evaluation
    // breakdown, which the search keeps only for the eval-delta steps.
    {Rule::kStepPstGain, "steps.pst_gain", kInputEvalDeltas,
     [](const LmrParams& p) { return p.steps.pst_gain.enabled; }},
    // further terms
    {Rule::kTermConstant, "terms.constant", kInputNone,
     [](const LmrParams& p) { return p.terms.constant.enabled; }},
    {Rule::kTermNonPvNode, "terms.non_pv_node", kInputNone,
     [](const LmrParams& p) { return p.terms.non_pv_node.enabled; }},
    {Rule::kTermCutNode, "terms.cut_node", kInputNone,
     [](const LmrParams& p) { return p.terms.cut_node.enabled; }},
    {Rule::kTermTtCapture, "terms.tt_capture", kInputNone,
     [](const LmrParams& p) { return p.terms.tt_capture.enabled; }},
    {Rule::kTermImproving, "terms.improving", kInputNone,
     [](const LmrParams& p) { return p.terms.improving.enabled; }},
    {Rule::kTermNotImproving, "terms.not_improving", kInputNone,
     [](const LmrParams& p) { return p.terms.not_improving.enabled; }},
    {Rule::kTermGivesCheck, "terms.gives_check", kInputNone,
     [](const LmrParams& p) { return p.terms.gives_check.enabled; }},
    {Rule::kTermHistoryDivisor, "terms.history_divisor", kInputNone,
     [](const LmrParams& p) { return p.terms.history_divisor.enabled; }},
    {Rule::kTermOrderingDouble, "terms.ordering_score.double", kInputOrderingScore,
     [](const LmrParams& p) { return p.terms.ordering_score.enabled; }},
    {Rule::kTermOrderingTriple, "terms.ordering_score.triple", kInputOrderingScore,
     [](const LmrParams& p) { return p.terms.ordering_score.enabled; }},
    // final shaping: applied by the policy to the sum
    {Rule::kTermPvScale, "terms.pv_scale", kInputNone,
     [](const LmrParams& p) { return p.terms.pv_scale.enabled; }},
    {Rule::kRootReduceOnce, "gates.root_reduce_once", kInputNone,
     [](const LmrParams& p) { return p.gates.root_reduce_once; }},
    {Rule::kClampMaxReduction, "clamp.max_reduction", kInputNone, always},
    {Rule::kClampDepth, "clamp.depth", kInputNone, always},
    {Rule::kClampExtension, "clamp.max_extension", kInputNone, always},
    {Rule::kClampExtensionPly, "clamp.extension_ply", kInputNone, always},
};

constexpr bool in_rule_order() {
    if (std::size(kRules) != static_cast<std::size_t>(kRuleCount)) return false;
    for (int i = 0; i < kRuleCount; ++i) {
        const RuleSpec& spec = kRules[i];
        if (static_cast<int>(spec.rule) != i) return false;
        // Steps and terms are named after their group in the config.
        const std::string_view group = spec.name.substr(0, spec.name.find('.'));
        if (rule_kind(spec.rule) == RuleKind::kStep && group != "steps") return false;
        if (rule_kind(spec.rule) == RuleKind::kTerm && group != "terms") return false;
    }
    return true;
}
static_assert(in_rule_order(), "kRules must list every Rule once, in enum order");

}  // namespace

std::span<const RuleSpec> rule_specs() {
    return kRules;
}

const RuleSpec& rule_spec(Rule rule) {
    return kRules[static_cast<int>(rule)];
}

std::string_view rule_name(Rule rule) {
    const int i = static_cast<int>(rule);
    return i >= 0 && i < kRuleCount ? kRules[i].name : std::string_view("?");
}

std::optional<Rule> rule_from_name(std::string_view name) {
    for (const RuleSpec& spec : kRules)
        if (spec.name == name) return spec.rule;
    return std::nullopt;
}

unsigned rule_inputs(const LmrParams& params) {
    if (!params.enabled) return kInputNone;
    unsigned inputs = kInputNone;
    for (const RuleSpec& spec : kRules)
        if (spec.enabled(params)) inputs |= spec.inputs;
    return inputs;
}

}  // namespace lmr::reduction
