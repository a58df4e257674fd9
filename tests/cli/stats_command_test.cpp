// `lmr-harness stats`: the worked vectors of statistics.md through the real binary, its JSON,
// and the exit code 2 with a message naming the flag for every kind of bad input.

#include <gtest/gtest.h>

#include <cmath>
#include <nlohmann/json.hpp>

#include "tests/cli/run_binary.hpp"
#include "tests/support/text.hpp"

namespace lmr {
namespace {

using test::contains;

test::RunResult stats(std::vector<std::string> args) {
    args.insert(args.begin(), "stats");
    return test::run_binary(LMR_HARNESS_BINARY, args);
}

nlohmann::json stats_json(std::vector<std::string> args) {
    args.push_back("--json");
    const auto r = stats(args);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_TRUE(nlohmann::json::accept(r.out)) << r.out;
    return nlohmann::json::parse(r.out, nullptr, false);
}

TEST(StatsCommand, WorkedVector1Text) {
    const auto r = stats({"--ptnml", "2,18,10,40,24,6"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_TRUE(r.err.empty());
    EXPECT_TRUE(contains(r.out, "Games:        200 (W 46, D 122, L 32)")) << r.out;
    EXPECT_TRUE(contains(r.out, "[2, 18, 50, 24, 6] (WL 10, DD 40), 100 pairs"));
    EXPECT_TRUE(contains(r.out, "Elo:          24.36 +/- 29.11"));
    EXPECT_TRUE(contains(r.out, "nElo:         40.52 +/- 48.15"));
    EXPECT_TRUE(contains(r.out, "LOS:          95.05 %"));
    EXPECT_TRUE(contains(r.out, "Draw ratio:   50.00 %"));
    EXPECT_TRUE(contains(r.out, "LLR:          0.314 (-2.944, 2.944) [0, 5] normalized"));
    EXPECT_TRUE(contains(r.out, "Verdict:      continue"));
}

TEST(StatsCommand, WorkedVector1Json) {
    const auto j = stats_json({"--ptnml", "2,18,10,40,24,6"});
    EXPECT_EQ(j["games"]["wins"], 46);
    EXPECT_EQ(j["games"]["draws"], 122);
    EXPECT_EQ(j["games"]["losses"], 32);
    EXPECT_NEAR(j["elo"].get<double>(), 24.36, 0.005);
    EXPECT_NEAR(j["nelo"].get<double>(), 40.52, 0.005);
    EXPECT_NEAR(j["los"].get<double>(), 0.9505, 0.00005);
    EXPECT_NEAR(j["sprt"]["llr"].get<double>(), 0.313636, 1e-6);
    EXPECT_NEAR(j["sprt"]["lower_bound"].get<double>(), -2.944439, 1e-6);
    EXPECT_NEAR(j["sprt"]["upper_bound"].get<double>(), 2.944439, 1e-6);

    const auto logistic = stats_json({"--ptnml", "2,18,10,40,24,6", "--model", "logistic"});
    EXPECT_NEAR(logistic["sprt"]["llr"].get<double>(), 0.498753, 1e-6);
    EXPECT_EQ(logistic["sprt"]["model"], "logistic");
}

TEST(StatsCommand, WorkedVector1Trinomial) {
    const auto normalized = stats_json({"--wdl", "46,122,32"});
    EXPECT_NEAR(normalized["sprt"]["llr"].get<double>(), 0.302010, 1e-6);
    EXPECT_EQ(normalized["unit"], "game");
    EXPECT_TRUE(normalized["pentanomial"].is_null());
    const auto logistic = stats_json({"--wdl", "46,122,32", "--model", "logistic"});
    EXPECT_NEAR(logistic["sprt"]["llr"].get<double>(), 0.464335, 1e-6);
}

TEST(StatsCommand, WorkedVector2) {
    const auto r = stats({"--ptnml", "120,1900,1100,4300,2050,130"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_TRUE(contains(r.out, "Games:        19200 (W 3410, D 12550, L 3240)")) << r.out;
    EXPECT_TRUE(contains(r.out, "Elo:          3.08 +/- 2.49"));
    EXPECT_TRUE(contains(r.out, "nElo:         6.06 +/- 4.91"));
    EXPECT_TRUE(contains(r.out, "LOS:          99.22 %"));
    EXPECT_TRUE(contains(r.out, "LLR:          2.830 "));
    const auto logistic =
        stats_json({"--ptnml", "120,1900,1100,4300,2050,130", "--model", "logistic"});
    EXPECT_NEAR(logistic["sprt"]["llr"].get<double>(), 1.778, 0.0005);
}

TEST(StatsCommand, FiveBinFormGivesTheSameStatistics) {
    const auto six = stats_json({"--ptnml", "2,18,10,40,24,6"});
    const auto five = stats_json({"--ptnml", "2,18,50,24,6"});
    EXPECT_EQ(five["sprt"]["llr"], six["sprt"]["llr"]);
    EXPECT_EQ(five["elo"], six["elo"]);
    EXPECT_TRUE(five["games"].is_null());
    EXPECT_TRUE(five["pentanomial"]["wl"].is_null());
}

// The BayesElo model (fastchess's `-sprt model=bayesian`): tests/stats/bayeselo_reference.py
// gives 0.3011438439 for these games; pairs count the games inside them.
TEST(StatsCommand, BayesEloModel) {
    const auto games = stats_json({"--wdl", "46,122,32", "--model", "bayesian"});
    EXPECT_NEAR(games["sprt"]["llr"].get<double>(), 0.3011438439, 1e-8);
    EXPECT_EQ(games["sprt"]["model"], "bayesian");
    const auto pairs = stats_json({"--ptnml", "2,18,10,40,24,6", "--model", "BayesElo"});
    EXPECT_EQ(pairs["sprt"]["llr"], games["sprt"]["llr"]);
    EXPECT_EQ(pairs["sprt"]["model"], "bayesian");
    EXPECT_EQ(pairs["unit"], "pair");  // Elo and the rest stay per pair
    const auto text = stats({"--wdl", "46,122,32", "--model", "bayeselo"});
    EXPECT_TRUE(contains(text.out, "LLR:          0.301 (-2.944, 2.944) [0, 5] bayesian"))
        << text.out;

    // Five bins do not say how many games were won: no W/D/L, no BayesElo LLR.
    const auto five = stats({"--ptnml", "2,18,50,24,6", "--model", "bayesian"});
    EXPECT_EQ(five.exit_code, 2);
    EXPECT_TRUE(contains(five.err, "--model 'bayesian'")) << five.err;
    EXPECT_TRUE(contains(five.err, "W/D/L")) << five.err;
    const auto range = stats({"--wdl", "1,2,3", "--model", "bayesian", "--elo1", "1001"});
    EXPECT_EQ(range.exit_code, 2);
    EXPECT_TRUE(contains(range.err, "--elo1 '1001'")) << range.err;
}

TEST(StatsCommand, SprtOptions) {
    const auto j = stats_json({"--ptnml", "2,18,10,40,24,6", "--elo0", "-5", "--elo1", "-1",
                               "--alpha", "0.01", "--beta=0.1"});
    EXPECT_EQ(j["sprt"]["elo0"], -5.0);
    EXPECT_EQ(j["sprt"]["elo1"], -1.0);
    EXPECT_NEAR(j["sprt"]["upper_bound"].get<double>(), std::log(0.9 / 0.01), 1e-9);
    EXPECT_NEAR(j["sprt"]["lower_bound"].get<double>(), std::log(0.1 / 0.99), 1e-9);
    // The sample scores well above -1 nElo: far on the way to H1.
    EXPECT_EQ(j["sprt"]["toward"], "H1");
}

TEST(StatsCommand, DecidedVerdicts) {
    const auto pass = stats({"--ptnml", "0,0,0,0,0,1000"});
    EXPECT_TRUE(contains(pass.out, "Verdict:      accept H1")) << pass.out;
    const auto fail = stats({"--wdl", "0,0,3000"});
    EXPECT_TRUE(contains(fail.out, "Verdict:      accept H0")) << fail.out;
}

TEST(StatsCommand, EdgeCasesStayValid) {
    const auto wins = stats_json({"--ptnml", "0,0,0,0,0,25"});
    EXPECT_EQ(wins["elo"], "+inf");
    EXPECT_EQ(wins["nelo"], "+inf");
    const auto losses = stats_json({"--wdl", "0,0,12"});
    EXPECT_EQ(losses["elo"], "-inf");
    const auto draws = stats_json({"--wdl", "0,50,0"});
    EXPECT_EQ(draws["elo"], 0.0);
    EXPECT_EQ(draws["los"], 0.5);
    const auto empty = stats_json({"--ptnml", "0,0,0,0,0,0"});
    EXPECT_TRUE(empty["elo"].is_null());
    EXPECT_EQ(empty["sprt"]["llr"], 0.0);
    for (const char* counts : {"0,0,0,0,0,25", "25,0,0,0,0,0", "0,0,0,40,0,0", "0,0,0,0,0,0"}) {
        const auto r = stats({"--ptnml", counts});
        EXPECT_EQ(r.exit_code, 0);
        EXPECT_FALSE(contains(r.out, "nan")) << r.out;
    }
    const auto text = stats({"--ptnml", "0,0,0,0,0,25"});
    EXPECT_TRUE(contains(text.out, "Elo:          +inf")) << text.out;
}

struct BadInput {
    std::vector<std::string> args;
    std::vector<std::string> expected;  // each must appear in the error message
};

TEST(StatsCommand, BadInputExitsWithTwoAndNamesTheFlag) {
    const BadInput cases[] = {
        {{}, {"--ptnml", "--wdl"}},
        {{"--ptnml", "1,2,3"}, {"--ptnml", "'1,2,3'", "got 3"}},
        {{"--ptnml", "1,2,3,4,5,6,7"}, {"--ptnml", "got 7"}},
        {{"--ptnml", "1,2,x,4,5"}, {"--ptnml", "'x'", "not a whole number"}},
        {{"--ptnml", "1,-2,3,4,5"}, {"--ptnml", "'-2'", "negative"}},
        {{"--ptnml", "1.5,2,3,4,5"}, {"--ptnml", "'1.5'"}},
        {{"--wdl", "1,2"}, {"--wdl", "'1,2'", "got 2"}},
        {{"--wdl", "a,b,c"}, {"--wdl", "'a'"}},
        {{"--wdl", "1,2,3", "--ptnml", "1,2,3,4,5"}, {"--ptnml", "--wdl", "not both"}},
        {{"--wdl", "1,2,3", "--elo0", "abc"}, {"--elo0", "'abc'", "not a number"}},
        {{"--wdl", "1,2,3", "--elo1", "nan"}, {"--elo1", "'nan'"}},
        {{"--wdl", "1,2,3", "--elo0", "5", "--elo1", "3"}, {"--elo0 '5'", "--elo1 '3'"}},
        {{"--wdl", "1,2,3", "--elo0", "5", "--elo1", "5"}, {"--elo0 '5'", "--elo1 '5'"}},
        {{"--wdl", "1,2,3", "--alpha", "1.5"}, {"--alpha", "'1.5'", "between 0 and 1"}},
        {{"--wdl", "1,2,3", "--alpha", "0"}, {"--alpha", "'0'"}},
        {{"--wdl", "1,2,3", "--beta", "-0.05"}, {"--beta", "'-0.05'"}},
        {{"--wdl", "1,2,3", "--beta", "1"}, {"--beta", "'1'"}},
        {{"--wdl", "1,2,3", "--alpha", "0.6", "--beta", "0.5"}, {"--alpha '0.6'", "--beta '0.5'"}},
        {{"--wdl", "1,2,3", "--model", "bayes"}, {"--model", "'bayes'", "normalized", "logistic"}},
        {{"--wdl", "1,2,3", "--elo1", "500"}, {"--elo1", "'500'", "range"}},
        {{"--wdl", "1,2,3", "--frobnicate"}, {"--frobnicate"}},
        {{"--wdl"}, {"--wdl"}},
    };
    for (const BadInput& c : cases) {
        const auto r = stats(c.args);
        std::string joined;
        for (const auto& a : c.args) joined += a + ' ';
        EXPECT_EQ(r.exit_code, 2) << joined;
        EXPECT_TRUE(r.out.empty()) << joined << "\n" << r.out;
        for (const std::string& needle : c.expected) {
            EXPECT_TRUE(contains(r.err, needle)) << joined << "\nmissing: " << needle << "\n"
                                                 << r.err;
        }
    }
}

}  // namespace
}  // namespace lmr
