// The rule table: each row is switched by the config key of its own name, names read back,
// and the inputs the search is asked for are those of the rules switched on.
#include "engine/lmr/rules.hpp"

#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

#include "engine/lmr/fields.hpp"

namespace lmr::reduction {
namespace {

// The bool key that switches a rule on: "lmr.<name>.enabled" (steps, terms), "lmr.<name>"
// (gates), or the term's own switch for the ordering-score rules ("terms.ordering_score.double"
// is switched by lmr.terms.ordering_score.enabled). Null for the rules no key switches.
const FieldDesc* switch_of(const RuleSpec& spec) {
    const std::string name(spec.name);
    for (const std::string& path : {"lmr." + name + ".enabled", "lmr." + name,
                                    "lmr." + name.substr(0, name.rfind('.')) + ".enabled"}) {
        const FieldDesc* field = find_field(path);
        if (field && field->kind == FieldKind::kBool) return field;
    }
    return nullptr;
}

// Every rule's switch set to `on`.
LmrConfig with_every_switch(bool on) {
    LmrConfig config;
    for (const RuleSpec& spec : rule_specs())
        if (const FieldDesc* field = switch_of(spec)) field->bool_ref(config) = on;
    return config;
}

TEST(RuleTable, EachRuleIsSwitchedByTheKeyOfItsOwnName) {
    std::set<Rule> unswitched;
    for (const RuleSpec& spec : rule_specs()) {
        SCOPED_TRACE(std::string(spec.name));
        const FieldDesc* field = switch_of(spec);
        if (!field) {
            unswitched.insert(spec.rule);
            EXPECT_TRUE(spec.enabled(with_every_switch(false).lmr));
            continue;
        }
        // Its own key alone decides: every other rule's switch set the other way.
        LmrConfig only_off = with_every_switch(true);
        field->bool_ref(only_off) = false;
        EXPECT_FALSE(spec.enabled(only_off.lmr)) << field->path;
        LmrConfig only_on = with_every_switch(false);
        field->bool_ref(only_on) = true;
        EXPECT_TRUE(spec.enabled(only_on.lmr)) << field->path;
    }
    // Eligibility and the caps are asked at every late move.
    EXPECT_EQ(unswitched, (std::set<Rule>{Rule::kDisabled, Rule::kMinDepth, Rule::kFullDepthMoves,
                                          Rule::kClampMaxReduction, Rule::kClampDepth,
                                          Rule::kClampExtension, Rule::kClampExtensionPly}));
}

TEST(RuleTable, NamesReadBackAndSayWhereTheRuleIsConfigured) {
    std::set<std::string_view> names;
    for (const RuleSpec& spec : rule_specs()) {
        EXPECT_TRUE(names.insert(spec.name).second) << spec.name;
        EXPECT_EQ(rule_from_name(spec.name), spec.rule) << spec.name;
        EXPECT_EQ(rule_name(spec.rule), spec.name);
        EXPECT_EQ(spec.name.find(' '), std::string_view::npos) << spec.name;
        const std::string_view group = spec.name.substr(0, spec.name.find('.'));
        switch (rule_kind(spec.rule)) {
            case RuleKind::kStep:
                EXPECT_EQ(group, "steps") << spec.name;
                break;
            case RuleKind::kTerm:
            case RuleKind::kScaling:
                EXPECT_EQ(group, "terms") << spec.name;
                break;
            default:
                EXPECT_NE(group, "steps") << spec.name;
        }
    }
    // REBEL's twelve steps come first, in the seed's order; a step of another source added
    // after them is its own table rows and tests, not an edit of this list.
    std::vector<std::string_view> steps;
    for (const RuleSpec& spec : rule_specs())
        if (rule_kind(spec.rule) == RuleKind::kStep) steps.push_back(spec.name);
    ASSERT_GE(steps.size(), 12U);
    steps.resize(12);
    EXPECT_EQ(steps, (std::vector<std::string_view>{
                         "steps.table", "steps.history", "steps.eval_margin", "steps.positional",
                         "steps.new_threat", "steps.threat_escape", "steps.passed_pawn_gain",
                         "steps.king_safety_gain", "steps.eval_rise", "steps.eval_drop",
                         "steps.killer", "steps.pst_gain"}));
    EXPECT_FALSE(rule_from_name("steps.nonsense"));
    EXPECT_EQ(rule_name(Rule::kCount), "?");
}

TEST(RuleInputs, AreThoseOfTheRulesSwitchedOn) {
    EXPECT_EQ(rule_inputs(with_every_switch(false).lmr), kInputNone);
    unsigned all = kInputNone;
    for (const RuleSpec& spec : rule_specs()) {
        const FieldDesc* field = switch_of(spec);
        if (!field) continue;
        LmrConfig config = with_every_switch(false);
        field->bool_ref(config) = true;
        EXPECT_EQ(rule_inputs(config.lmr), spec.inputs) << spec.name;
        all |= spec.inputs;
    }
    EXPECT_EQ(all, kInputEvalDeltas | kInputNewThreat | kInputThreatEscape | kInputOrderingScore);
    // The eval deltas are asked for by the steps that read them, not by step 3 (static eval
    // against alpha, known at the node).
    EXPECT_EQ(rule_spec(Rule::kStepEvalMargin).inputs, kInputNone);
    EXPECT_EQ(rule_spec(Rule::kStepEvalDrop).inputs, kInputEvalDeltas);
    // LMR switched off asks for nothing.
    LmrConfig off = with_every_switch(true);
    off.lmr.enabled = false;
    EXPECT_EQ(rule_inputs(off.lmr), kInputNone);
}

}  // namespace
}  // namespace lmr::reduction
