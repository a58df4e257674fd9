// The tunable-parameter registry: one entry per bool/int field, named by its JSON path.
#include "engine/lmr/params.hpp"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <set>

#include "engine/lmr/fields.hpp"
#include "test_util.hpp"

namespace lmr::reduction {
namespace {

TEST(Params, NamesAreJsonPathsAndUnique) {
    std::set<std::string> names;
    for (const ParamSpec& p : tunable_params()) {
        EXPECT_TRUE(names.insert(p.name).second) << p.name;
        EXPECT_LE(p.min, p.max) << p.name;
        EXPECT_GE(p.default_value, p.min) << p.name;
        EXPECT_LE(p.default_value, p.max) << p.name;
    }
    EXPECT_TRUE(names.count("lmr.steps.history.weight"));
    EXPECT_TRUE(names.count("lmr.percentage"));
    EXPECT_TRUE(names.count("lmr.gates.tt_move"));
    EXPECT_TRUE(names.count("search.null_move"));
    EXPECT_TRUE(names.count("lmr.steps.history.more_below.count"));
    EXPECT_TRUE(names.count("lmr.steps.history.more_below.3"));
    EXPECT_TRUE(names.count("lmr.terms.ordering_score.no_double_min_score.7"));
    EXPECT_FALSE(names.count("lmr.terms.ordering_score.no_double_min_score.count"));  // fixed
    EXPECT_FALSE(names.count("lmr.research"));  // enums are file-only
    EXPECT_EQ(find_param("lmr.gates.tt_move")->kind, ParamSpec::kCheck);
    EXPECT_EQ(find_param("lmr.steps.history.weight")->kind, ParamSpec::kSpin);
}

TEST(Params, EveryBoolAndIntFieldIsAParameter) {
    for (const FieldDesc& f : config_fields()) {
        if (f.kind == FieldKind::kBool || f.kind == FieldKind::kInt) {
            const ParamSpec* p = find_param(f.path);
            ASSERT_NE(p, nullptr) << f.path;
            if (f.kind == FieldKind::kInt) {
                EXPECT_EQ(p->min, f.min);
                EXPECT_EQ(p->max, f.max);
            }
        }
    }
}

TEST(Params, DefaultsComeFromDefaultConfig) {
    const LmrConfig d = default_config();
    for (const ParamSpec& p : tunable_params()) EXPECT_EQ(p.get(d), p.default_value) << p.name;
}

// set -> resolved_json -> parse -> get gives the value back, for every parameter.
TEST(Params, RoundTripThroughJson) {
    for (const ParamSpec& p : tunable_params()) {
        SCOPED_TRACE(p.name);
        for (int value : {p.min, p.max, (p.min + p.max) / 2}) {
            LmrConfig c = test::load_preset("rebel-expert");
            // List entries only reach the JSON while the list is long enough.
            c.lmr.steps.history.less_above.count = 8;
            c.lmr.steps.history.more_below.count = 8;
            p.set(c, value);
            EXPECT_EQ(p.get(c), value);
            const LmrConfig back = parse_config(resolved_json(c), "round-trip");
            EXPECT_EQ(p.get(back), value);
        }
    }
}

TEST(Params, ValueAppearsUnderItsPathInResolvedJson) {
    LmrConfig c = default_config();
    set_param(c, "lmr.steps.history.weight", 7);
    set_param(c, "lmr.gates.killers", 1);
    const auto j = nlohmann::json::parse(resolved_json(c));
    EXPECT_EQ(j["lmr"]["steps"]["history"]["weight"], 7);
    EXPECT_EQ(j["lmr"]["gates"]["killers"], true);
}

TEST(Params, SetParamChecksNameAndRange) {
    LmrConfig c = default_config();
    try {
        set_param(c, "lmr.steps.histroy.weight", 3);
        FAIL();
    } catch (const ConfigError& e) {
        EXPECT_NE(std::string(e.what()).find("did you mean 'lmr.steps.history.weight'"),
                  std::string::npos)
            << e.what();
    }
    try {
        set_param(c, "lmr.percentage", 1001);
        FAIL();
    } catch (const ConfigError& e) {
        EXPECT_NE(std::string(e.what()).find("lmr.percentage: 1001 is out of range [0, 1000]"),
                  std::string::npos)
            << e.what();
    }
    EXPECT_EQ(c.lmr.percentage, default_config().lmr.percentage);  // unchanged
}

TEST(Params, ListCountGrowsTheListBackWithItsSlots) {
    LmrConfig c = test::load_preset("rebel-ed3-history");
    ASSERT_EQ(c.lmr.steps.history.more_below.count, 2);
    set_param(c, "lmr.steps.history.more_below.count", 3);
    set_param(c, "lmr.steps.history.more_below.2", -1800);
    const LmrConfig back = parse_config(resolved_json(c), "round-trip");
    ASSERT_EQ(back.lmr.steps.history.more_below.count, 3);
    EXPECT_EQ(back.lmr.steps.history.more_below.values[0], -500);
    EXPECT_EQ(back.lmr.steps.history.more_below.values[2], -1800);
}

}  // namespace
}  // namespace lmr::reduction
