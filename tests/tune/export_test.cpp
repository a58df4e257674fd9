// The exported config: extends the base by a path relative to the written file, sets each
// parameter at its config path (integers rounded as sent), and handles list entries.

#include "harness/tune/export.hpp"

#include <gtest/gtest.h>

#include "harness/tune/params.hpp"
#include "harness/tune/show.hpp"

namespace lmr::tune {
namespace {

SpsaParam int_param(const std::string& name) {
    return {name, true, 0, -1000, 1000, 2, 0.002};
}

ExportRequest request(std::vector<SpsaParam> params, std::vector<double> theta) {
    ExportRequest r;
    r.base_config = "/work/cfg/configs/rebel-expert.json";
    r.out_file = "/work/cfg/results/tuned.json";
    r.params = std::move(params);
    r.theta = std::move(theta);
    r.name = "rebel-expert-spsa-1";
    r.description = "SPSA tune run 1";
    return r;
}

TEST(Export, NestedByPathAndRounded) {
    auto r = request({int_param("lmr.steps.history.weight"),
                      int_param("lmr.steps.eval_margin.weight"),
                      {"search.something", false, 0, 0, 1, 0.1, 0.002}},
                     {13.5, -2.4, 0.25});
    const auto json = exported_config(r);
    EXPECT_EQ(json.begin().key(), "extends");  // first, as people write configs
    EXPECT_EQ(json["extends"], "../configs/rebel-expert.json");
    EXPECT_EQ(json["name"], "rebel-expert-spsa-1");
    EXPECT_EQ(json["lmr"]["steps"]["history"]["weight"], 14);
    EXPECT_EQ(json["lmr"]["steps"]["eval_margin"]["weight"], -2);
    EXPECT_TRUE(json["lmr"]["steps"]["history"]["weight"].is_number_integer());
    EXPECT_EQ(json["search"]["something"], 0.25);
}

TEST(Export, ExtendsIsRelativeToTheWrittenFile) {
    EXPECT_EQ(relative_extends("/a/configs/base.json", "/a/configs/tuned.json"), "base.json");
    EXPECT_EQ(relative_extends("/a/configs/base.json", "/a/b/c/tuned.json"),
              "../../configs/base.json");
    EXPECT_EQ(relative_extends("/a/configs/x/../base.json", "/a/out.json"), "configs/base.json");
}

TEST(Export, ListEntriesStartFromTheResolvedBase) {
    auto r = request(
        {int_param("lmr.steps.history.more_below.1"),
         int_param("lmr.steps.history.less_above.count"), int_param("lmr.steps.history.weight")},
        {-1200.2, 2, 11});
    r.resolved_base = nlohmann::json::parse(
        R"({"lmr": {"steps": {"history": {"weight": 10, "more_below": [0, -500, -1000, -1500],
            "less_above": [0, 500, 1000, 1500]}}}})");
    const auto json = exported_config(r);
    EXPECT_EQ(json["lmr"]["steps"]["history"]["more_below"],
              nlohmann::ordered_json::parse("[0, -1200, -1000, -1500]"));
    EXPECT_EQ(json["lmr"]["steps"]["history"]["less_above"],
              nlohmann::ordered_json::parse("[0, 500]"));
    EXPECT_EQ(json["lmr"]["steps"]["history"]["weight"], 11);
    EXPECT_TRUE(is_list_param("a.b.3"));
    EXPECT_TRUE(is_list_param("a.b.count"));
    EXPECT_FALSE(is_list_param("a.b.weight"));
    EXPECT_TRUE(needs_resolved_base(r.params));
}

TEST(Export, ListProblemsAreNamed) {
    auto r = request({int_param("lmr.steps.history.more_below.count")}, {6});
    EXPECT_THROW(exported_config(r), std::runtime_error);  // no resolved base
    r.resolved_base =
        nlohmann::json::parse(R"({"lmr": {"steps": {"history": {"more_below": [0, 1]}}}})");
    try {
        exported_config(r);
        FAIL() << "a count above the stored entries was accepted";
    } catch (const std::runtime_error& e) {
        EXPECT_NE(std::string(e.what()).find("only 2 entries"), std::string::npos) << e.what();
    }
}

TEST(Export, SprtCommandVerifiesAgainstTheBase) {
    tournament::RunPlan plan;
    plan.time_control = match::parse_time_control("tc=10+0.1 nodes=5000");
    plan.book.path = "/work/cfg/openings/book.epd";
    plan.concurrency = 3;
    tournament::EnginePlan engine;
    engine.argv = {"/work/cfg/build/lmr-engine", "--config", "/work/cfg/configs/rebel-expert.json"};
    engine.config_path = "/work/cfg/configs/rebel-expert.json";
    plan.engines = {engine};
    const auto command =
        sprt_command(plan, {int_param("lmr.steps.history.weight")}, {12},
                     "/work/cfg/results/tuned.json", "results/lmrlab.db", "/work/cfg");
    EXPECT_EQ(command,
              "lmr-harness sprt --base configs/rebel-expert.json --test results/tuned.json --tc "
              "'tc=10+0.1 nodes=5000' --book openings/book.epd --concurrency 3 --engine-binary "
              "build/lmr-engine --db results/lmrlab.db");
}

// Any engine: the tuned values go on the first --engine (the engine under test), the second is
// the engine as the tune started it; names with spaces and parentheses are quoted once whole.
TEST(Export, SprtCommandOfAnyEngineSetsTheTunedOptionsOnTheFirst) {
    tournament::RunPlan plan;
    plan.time_control = match::parse_time_control("nodes=10000");
    plan.concurrency = 2;
    tournament::EnginePlan engine;
    engine.name = "glaurung";
    engine.argv = {"/usr/games/glaurung", "-x"};
    engine.options = {{"Threads", "1"}};
    plan.engines = {engine};
    SpsaParam mobility{"Mobility (Middle Game)", true, 100, 0, 200, 10, 0.002};
    SpsaParam margin{"Margin", false, 0.5, 0, 1, 0.1, 0.002};
    const auto command =
        sprt_command(plan, {mobility, margin}, {112.4, 0.25}, "unused.txt", "/tmp/t.db", "/work");
    EXPECT_EQ(command,
              "lmr-harness sprt --engine name=glaurung-tuned cmd=/usr/games/glaurung arg=-x "
              "option.Threads=1 'option.Mobility (Middle Game)=112' option.Margin=0.25 "
              "--engine name=glaurung cmd=/usr/games/glaurung arg=-x option.Threads=1 --tc "
              "nodes=10000 --book none --concurrency 2 --db /tmp/t.db");
}

// OpenBench's params format, read back by the parser `tune --params-file` uses: each
// parameter with the tuned value as its start (an int rounded as sent), its range and gains.
TEST(Export, OpenBenchLinesReadBackAsTheTunedParameters) {
    const std::vector<SpsaParam> params{{"Mobility (Middle Game)", true, 100, 0, 200, 10, 0.002},
                                        {"Aggressiveness", true, 100, 0, 200, 7.5, 0.0025},
                                        {"Scale", false, 1, 0.5, 2, 0.05, 0.001}};
    const std::vector<double> theta{112.6, 87.49, 1.3125};
    const std::string text = openbench_lines(params, theta);
    EXPECT_EQ(text,
              "Mobility (Middle Game), int, 113, 0, 200, 10, 0.002\n"
              "Aggressiveness, int, 87, 0, 200, 7.5, 0.0025\n"
              "Scale, float, 1.3125, 0.5, 2, 0.05, 0.001\n");
    const auto back = parse_params_text(text, "export");
    ASSERT_EQ(back.size(), params.size());
    const std::vector<double> starts{113, 87, 1.3125};
    for (std::size_t i = 0; i < params.size(); ++i) {
        EXPECT_EQ(back[i].name, params[i].name);
        EXPECT_EQ(back[i].is_integer, params[i].is_integer);
        EXPECT_EQ(back[i].start, starts[i]);
        EXPECT_EQ(back[i].min, params[i].min);
        EXPECT_EQ(back[i].max, params[i].max);
        EXPECT_EQ(back[i].c_end, params[i].c_end);
        EXPECT_EQ(back[i].r_end, params[i].r_end);
    }
    EXPECT_EQ(setoption_lines(params, theta),
              "setoption name Mobility (Middle Game) value 113\n"
              "setoption name Aggressiveness value 87\n"
              "setoption name Scale value 1.3125\n");
}

TEST(Export, FormatNamesAndDefaults) {
    for (const auto format :
         {ExportFormat::kConfig, ExportFormat::kOpenBench, ExportFormat::kSetoption})
        EXPECT_EQ(parse_export_format(to_string(format)), format);
    EXPECT_FALSE(parse_export_format("json"));
    tournament::RunPlan plan;
    plan.engines.resize(1);
    EXPECT_EQ(default_export_format(plan), ExportFormat::kOpenBench);
    plan.engines[0].config_path = "configs/default.json";
    EXPECT_EQ(default_export_format(plan), ExportFormat::kConfig);
}

TEST(Show, ThinnedRowsKeepFirstAndLast) {
    EXPECT_EQ(shown_iterations(5, 40, false), (std::vector<int>{0, 1, 2, 3, 4}));
    const auto ks = shown_iterations(1000, 40, false);
    EXPECT_LE(ks.size(), 41u);
    EXPECT_EQ(ks.front(), 0);
    EXPECT_EQ(ks.back(), 999);
    EXPECT_EQ(shown_iterations(1000, 40, true).size(), 1000u);
    EXPECT_TRUE(shown_iterations(0, 40, false).empty());
    EXPECT_EQ(default_export_path("results/lmrlab.db", 7, ExportFormat::kConfig),
              std::filesystem::path("results/tune-7.json"));
    EXPECT_EQ(default_export_path("results/lmrlab.db", 7, ExportFormat::kOpenBench),
              std::filesystem::path("results/tune-7-openbench.txt"));
    EXPECT_EQ(default_export_path("db", 7, ExportFormat::kSetoption),
              std::filesystem::path("tune-7-setoption.txt"));
}

}  // namespace
}  // namespace lmr::tune
