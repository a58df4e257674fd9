#include "harness/stats/format.hpp"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <sstream>
#include <stdexcept>

#include "tests/support/text.hpp"

namespace lmr::stats {
namespace {

using test::contains;

const Pentanomial kVector1{.ll = 2, .ld = 18, .wl = 10, .dd = 40, .wd = 24, .ww = 6};

TEST(Format, BlockOfWorkedVector1) {
    const Summary s = summarize(kVector1, SprtParams{});
    EXPECT_EQ(format_block(s),
              "Games:        200 (W 46, D 122, L 32)\n"
              "Pentanomial:  [2, 18, 50, 24, 6] (WL 10, DD 40), 100 pairs\n"
              "Score:        53.50 % (statistics per pair)\n"
              "Elo:          24.36 +/- 29.11 (95 %)\n"
              "nElo:         40.52 +/- 48.15 (95 %)\n"
              "LOS:          95.05 %\n"
              "Draw ratio:   50.00 %\n"
              "LLR:          0.314 (-2.944, 2.944) [0, 5] normalized, 10.7 % of the way to H1\n"
              "Verdict:      continue\n");
    std::ostringstream out;
    write_block(out, s);
    EXPECT_EQ(out.str(), format_block(s));
}

TEST(Format, OneLineSummary) {
    const Summary s = summarize(kVector1, SprtParams{});
    EXPECT_EQ(format_line(s),
              "Games 200 W46 D122 L32 | Ptnml [2,18,50,24,6] | Elo 24.36 +/- 29.11 | "
              "nElo 40.52 +/- 48.15 | LOS 95.05 % | DR 50.00 % | LLR 0.31 (-2.94,2.94) "
              "10.7 % to H1 | continue");
}

TEST(Format, WithoutSprtThereIsNoLlr) {
    const Summary s = summarize(kVector1, std::nullopt);
    EXPECT_FALSE(contains(format_block(s), "LLR"));
    EXPECT_FALSE(contains(format_line(s), "LLR"));
    EXPECT_TRUE(to_json(s)["sprt"].is_null());
}

TEST(Format, TrinomialOnlyIsPerGame) {
    const Summary s =
        summarize(MatchCounts{.games = Trinomial{.wins = 46, .draws = 122, .losses = 32}},
                  SprtParams{.model = EloModel::kLogistic});
    const std::string block = format_block(s);
    EXPECT_FALSE(contains(block, "Pentanomial"));
    EXPECT_TRUE(contains(block, "(statistics per game)"));
    EXPECT_TRUE(contains(block, "Draw ratio:   61.00 %"));
    EXPECT_TRUE(contains(block, "LLR:          0.464 "));
    EXPECT_TRUE(contains(block, "logistic"));
}

TEST(Format, BayesEloLlrComesFromTheGamesOfThePairs) {
    const Summary s = summarize(kVector1, SprtParams{.model = EloModel::kBayesElo});
    // Statistics per pair as always; the LLR of the 46/122/32 games (bayeselo_reference.py).
    EXPECT_TRUE(contains(format_block(s), "(statistics per pair)"));
    EXPECT_TRUE(contains(format_block(s), "LLR:          0.301 (-2.944, 2.944) [0, 5] bayesian"));
    EXPECT_EQ(to_json(s)["sprt"]["model"], "bayesian");
    EXPECT_THROW(summarize(MatchCounts{.pairs = Pentanomial{.ll = 2, .dd = 50, .ww = 6},
                                       .wl_dd_split_known = false},
                           SprtParams{.model = EloModel::kBayesElo}),
                 std::invalid_argument);
}

TEST(Format, FiveBinInputHidesTheSplit) {
    const Summary s =
        summarize(MatchCounts{.pairs = Pentanomial{.ll = 2, .ld = 18, .dd = 50, .wd = 24, .ww = 6},
                              .wl_dd_split_known = false},
                  SprtParams{});
    const std::string block = format_block(s);
    EXPECT_TRUE(contains(block, "Games:        200 (W/D/L unknown"));
    EXPECT_TRUE(contains(block, "Pentanomial:  [2, 18, 50, 24, 6], 100 pairs\n"));
    EXPECT_TRUE(contains(block, "Elo:          24.36 +/- 29.11"));
    const auto j = to_json(s);
    EXPECT_TRUE(j["games"].is_null());
    EXPECT_TRUE(j["pentanomial"]["wl"].is_null());
    EXPECT_TRUE(j["pentanomial"]["dd"].is_null());
    EXPECT_EQ(j["pentanomial"]["bins"][2], 50);
}

TEST(Format, JsonCarriesEveryValue) {
    const Summary s = summarize(kVector1, SprtParams{});
    const auto j = nlohmann::json::parse(format_json(s));
    EXPECT_EQ(j["games"]["total"], 200);
    EXPECT_EQ(j["games"]["wins"], 46);
    EXPECT_EQ(j["pentanomial"]["wl"], 10);
    EXPECT_EQ(j["pentanomial"]["dd"], 40);
    EXPECT_EQ(j["pentanomial"]["pairs"], 100);
    EXPECT_EQ(j["unit"], "pair");
    EXPECT_EQ(j["units"], 100);
    EXPECT_NEAR(j["elo"].get<double>(), 24.36, 0.005);
    EXPECT_NEAR(j["elo_error95"].get<double>(), 29.11, 0.005);
    EXPECT_NEAR(j["nelo"].get<double>(), 40.52, 0.005);
    EXPECT_NEAR(j["nelo_error95"].get<double>(), 48.15, 0.005);
    EXPECT_NEAR(j["los"].get<double>(), 0.9505, 0.00005);
    EXPECT_DOUBLE_EQ(j["draw_ratio"].get<double>(), 0.5);
    EXPECT_NEAR(j["sprt"]["llr"].get<double>(), 0.313636, 1e-6);
    EXPECT_NEAR(j["sprt"]["upper_bound"].get<double>(), 2.944439, 1e-6);
    EXPECT_EQ(j["sprt"]["model"], "normalized");
    EXPECT_EQ(j["sprt"]["verdict"], "continue");
    EXPECT_EQ(j["sprt"]["toward"], "H1");
}

TEST(FormatEdge, InfinitiesAreStringsInJsonAndSignedInText) {
    const Summary wins = summarize(Pentanomial{.ww = 20}, SprtParams{});
    const std::string block = format_block(wins);
    EXPECT_TRUE(contains(block, "Elo:          +inf +/- inf (95 %)")) << block;
    EXPECT_TRUE(contains(block, "nElo:         +inf +/- "));
    EXPECT_FALSE(contains(block, "nan"));
    const auto j = nlohmann::json::parse(format_json(wins));
    EXPECT_EQ(j["elo"], "+inf");
    EXPECT_EQ(j["elo_error95"], "+inf");
    EXPECT_EQ(j["nelo"], "+inf");
    EXPECT_DOUBLE_EQ(j["los"].get<double>(), 1.0);

    const Summary losses = summarize(MatchCounts{.games = Trinomial{.losses = 9}}, SprtParams{});
    EXPECT_TRUE(contains(format_block(losses), "Elo:          -inf +/- inf"));
    EXPECT_EQ(to_json(losses)["elo"], "-inf");
    EXPECT_FALSE(contains(format_line(losses), "nan"));
}

TEST(FormatEdge, NoGamesIsNotApplicableAndNullInJson) {
    const Summary empty = summarize(MatchCounts{}, SprtParams{});
    const std::string block = format_block(empty);
    EXPECT_TRUE(contains(block, "Games:        0\n"));
    EXPECT_TRUE(contains(block, "Elo:          n/a (no games)"));
    EXPECT_TRUE(contains(block, "Verdict:      continue"));
    EXPECT_FALSE(contains(block, "nan"));
    const auto j = nlohmann::json::parse(format_json(empty));
    EXPECT_EQ(j["units"], 0);
    for (const char* key :
         {"score", "elo", "elo_error95", "nelo", "nelo_error95", "los", "draw_ratio"}) {
        EXPECT_TRUE(j[key].is_null()) << key;
    }
    EXPECT_EQ(j["sprt"]["llr"], 0.0);
}

TEST(FormatEdge, AllDrawsPrintZeros) {
    const Summary s = summarize(Pentanomial{.dd = 40}, SprtParams{});
    const std::string block = format_block(s);
    EXPECT_TRUE(contains(block, "Elo:          0.00 +/- 0.00 (95 %)")) << block;
    EXPECT_TRUE(contains(block, "LOS:          50.00 %"));
    EXPECT_TRUE(contains(block, "Draw ratio:   100.00 %"));
    EXPECT_FALSE(contains(block, "nan"));
}

TEST(Format, NumberFormatting) {
    EXPECT_EQ(format_number(1.23456, 2), "1.23");
    EXPECT_EQ(format_number(-0.001, 2), "0.00");  // no "-0.00"
    EXPECT_EQ(format_number(-1.5, 1), "-1.5");
    EXPECT_EQ(format_number(INFINITY, 2), "+inf");
    EXPECT_EQ(format_number(-INFINITY, 2), "-inf");
    EXPECT_EQ(format_number(NAN, 2), "n/a");
}

}  // namespace
}  // namespace lmr::stats
