// The one-line LMR report the engine prints after a search and the harness stores.
#include <gtest/gtest.h>

#include "engine/lmr/stats.hpp"

namespace lmr::reduction {
namespace {

TEST(ReportLine, AHandWrittenLineIsReadExactly) {
    const auto report = parse_report_line(
        "info string lmrstats late=120 searches=40 researches=7 plies=-1:2,1:30,3:10 "
        "steps.table=90/12/2700 gates.tt_move=5/5/0 clamp.depth=4/1/0");
    ASSERT_TRUE(report.has_value());
    const LmrStats& s = report->stats;
    EXPECT_EQ(s.calls, 120u);
    EXPECT_EQ(report->reduced_searches, 40u);
    EXPECT_EQ(report->re_searches, 7u);
    EXPECT_EQ(s.reductions_of(1), 30u);
    EXPECT_EQ(s.reductions_of(3), 10u);
    EXPECT_EQ(s.reduced(), 40u);
    EXPECT_EQ(s.extended(), 2u);
    EXPECT_EQ(s.count(Rule::kStepTable), 90u);
    EXPECT_EQ(s.changes(Rule::kStepTable), 12u);
    EXPECT_EQ(s.contributed(Rule::kStepTable), 2700);
    EXPECT_EQ(s.count(Rule::kGateTtMove), 5u);
    EXPECT_EQ(s.changes(Rule::kClampDepth), 1u);
    EXPECT_EQ(s.count(Rule::kStepHistory), 0u);
}

TEST(ReportLine, WhatIsFormattedIsReadBack) {
    LmrReport report;
    report.stats.record(Rule::kStepEvalDrop, 10);
    report.stats.record(Rule::kStepEvalDrop, 10);
    report.stats.record_changed(Rule::kStepEvalDrop);
    report.stats.record(Rule::kStepKiller, -10);
    report.stats.record_result(2);
    report.stats.record_result(0);
    report.stats.record_result(-1);
    report.reduced_searches = 1;
    report.re_searches = 1;
    const std::string line = format_report_line(report);
    EXPECT_EQ(line.rfind("lmrstats ", 0), 0u) << line;
    const auto back = parse_report_line(line);
    ASSERT_TRUE(back.has_value()) << line;
    EXPECT_EQ(format_report_line(*back), line);
    EXPECT_EQ(back->stats.contributed(Rule::kStepEvalDrop), 20);
    EXPECT_EQ(back->stats.changes(Rule::kStepEvalDrop), 1u);
    EXPECT_EQ(back->stats.calls, 3u);
}

TEST(ReportLine, AnythingElseIsNotMisread) {
    for (const char* text : {"", "info string lmr re-search rate 12.0%", "lmrstats",
                             "lmrstats late=1 searches=0 researches=0",  // no plies
                             "lmrstats late=x searches=0 researches=0 plies=-",
                             "lmrstats late=1 late=2 searches=0 researches=0 plies=-",
                             "lmrstats late=1 searches=0 researches=0 plies=99:1",
                             "lmrstats late=1 searches=0 researches=0 plies=- steps.nope=1/0/0",
                             "lmrstats late=1 searches=0 researches=0 plies=- steps.table=1/0",
                             "lmrstatsx late=1 searches=0 researches=0 plies=-"})
        EXPECT_FALSE(parse_report_line(text).has_value()) << text;
    EXPECT_TRUE(parse_report_line("lmrstats late=0 searches=0 researches=0 plies=-").has_value());
}

TEST(ReportLine, EveryRuleNameIsOneWordAndFindsItsRule) {
    for (int i = 0; i < kRuleCount; ++i) {
        const auto rule = static_cast<Rule>(i);
        const std::string_view name = rule_name(rule);
        EXPECT_EQ(name.find_first_of(" =/"), std::string_view::npos) << name;
        EXPECT_EQ(rule_from_name(name), rule) << name;
    }
}

}  // namespace
}  // namespace lmr::reduction
