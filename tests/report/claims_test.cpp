// The study's claims (harness/report/claims.hpp) judged on the committed figures of results/:
// the ablation's fifteen rows under Holm's correction resolve exactly the two the audit of
// issue 61 found by its own computation (the table and the history step; the threat escape's
// −38…−3 does not survive), an SPRT's row is read only as its own hypotheses, a refutation of a
// claim about REBEL is worded as the claim asks, a page that cites another verdict, a claim that
// does not exist or a stale claims table is named by line, and the committed page itself says
// only what its claims compute.

#include "harness/report/claims.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "harness/report/figures.hpp"
#include "harness/report/load.hpp"
#include "tests/report/support.hpp"

namespace lmr::report {
namespace {

using testing::TempDir;

const std::string kResults = std::string(LMR_SOURCE_DIR) + "/results/";
const char* kHeader = "id,family,figures,row,low,high,refuted_as,claim\n";

std::string written(const TempDir& dir, const std::string& name, const std::string& text) {
    const std::string path = (dir.path() / name).string();
    std::ofstream(path, std::ios::binary) << text;
    return path;
}

std::string file_text(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

std::vector<JudgedClaim> judged(const std::string& claims_path) {
    const std::vector<Claim> claims = read_claims(claims_path);
    std::vector<Figures> figures;
    for (const char* name : {"ablation.csv", "default.csv", "schemes-full.csv", "combine.csv"})
        figures.push_back(read_figures(kResults + name));
    return judge_claims(claims_path, claims, figures);
}

const JudgedClaim& find(const std::vector<JudgedClaim>& all, const std::string& id) {
    for (const JudgedClaim& j : all)
        if (j.claim.id == id) return j;
    throw std::runtime_error("no claim " + id);
}

// Every ablation row claims that switching its step off costs Elo (the row's Elo below 0).
std::string ablation_claims() {
    std::string text = kHeader;
    for (int row = 1; row <= 15; ++row)
        text += "row-" + std::to_string(row) + ",ablation,ablation.csv," + std::to_string(row) +
                ",-inf,0,,\"switching off the step of row " + std::to_string(row) +
                " costs Elo\"\n";
    return text;
}

TEST(StudyClaims, HolmOverTheAblationResolvesOnlyTheTableAndTheHistoryStep) {
    TempDir dir;
    const auto all = judged(written(dir, "claims.csv", ablation_claims()));
    ASSERT_EQ(all.size(), 15u);
    std::vector<std::string> resolved;
    for (const JudgedClaim& j : all) {
        EXPECT_EQ(j.family_size, 15);
        if (j.verdict != "not resolved") resolved.push_back(j.run.test + ": " + j.verdict);
    }
    EXPECT_EQ(resolved, (std::vector<std::string>{"rebel-expert-no-history: confirmed",
                                                  "rebel-expert-no-table: confirmed"}));
    // The threat escape: −20.9 ± 17.4, z = 20.87 / (17.40 / 1.96) = 2.35, below the third
    // step's 0.05 / 13 (|z| ≥ 2.89), though its interval alone excludes 0.
    const JudgedClaim& threat = find(all, "row-15");
    EXPECT_NEAR(threat.z, 2.35, 0.01);
    EXPECT_NEAR(threat.z_needed, 2.89, 0.01);
    EXPECT_NE(threat.reading.find("games would resolve it"), std::string::npos) << threat.reading;
    // The first step is Bonferroni's: 0.05 / 15.
    EXPECT_NEAR(find(all, "row-14").z_needed, 2.94, 0.01);
}

TEST(StudyClaims, AClaimAloneInItsFamilyIsThePlainRule) {
    TempDir dir;
    const auto all = judged(written(
        dir, "claims.csv",
        std::string(kHeader) +
            "threat,threat-alone,ablation.csv,15,-inf,0,,\"the threat escape costs Elo\"\n"));
    EXPECT_EQ(all.at(0).verdict, "confirmed");
    EXPECT_NEAR(all.at(0).z_needed, 1.96, 0.01);
}

// default.csv row 1 stopped on H1 over nElo [0, 15] after 424 games (+54.5 ± 27.7), row 2 on H0
// after 1,130 (−10.8 ± 15.8): verdicts on the SPRTs' hypotheses, whatever the claim's region.
TEST(StudyClaims, AnSprtThatDecidedIsReadAsItsOwnHypotheses) {
    TempDir dir;
    const auto all = judged(written(
        dir, "claims.csv",
        std::string(kHeader) +
            "h1,default,default.csv,1,0,+inf,,\"default.json is better than the textbook\"\n"
            "h0,default,default.csv,2,0,+inf,,\"default.json is better than the tuned expert\"\n"));
    EXPECT_EQ(all.at(0).verdict, "SPRT H1");
    EXPECT_TRUE(all.at(0).sprt);
    EXPECT_EQ(all.at(0).reading.rfind("better (nElo [0, 15]", 0), 0u) << all.at(0).reading;
    EXPECT_EQ(all.at(1).verdict, "SPRT H0");
    EXPECT_EQ(all.at(1).reading.rfind("not 15 nElo better", 0), 0u) << all.at(1).reading;
}

// Mediocre's "at least 100 Elo" against +78.4 ± 19.6 (up to 98.0): refuted. REBEL edition 3's
// "30–50 Elo" against +98.8 ± 19.6 (79.2…118.4): outside, in the words the claim asks for.
TEST(StudyClaims, ARefutationIsWordedAsTheClaimAsks) {
    TempDir dir;
    const auto all = judged(written(
        dir, "claims.csv",
        std::string(kHeader) +
            "mediocre,seeds,schemes-full.csv,6,100,+inf,,\"Mediocre: at least 100 Elo\"\n"
            "ed3,seeds,schemes-full.csv,2,30,50,not reproduced in this engine,\"ed3: 30-50\"\n"));
    EXPECT_EQ(all.at(0).verdict, "refuted");
    EXPECT_EQ(all.at(1).verdict, "not reproduced in this engine");
}

TEST(StudyClaims, APageIsCheckedCitationByCitationAndItsTableAsAWhole) {
    TempDir dir;
    const auto all = judged(
        written(dir, "claims.csv",
                std::string(kHeader) +
                    "history,combine,combine.csv,1,0,+inf,,\"REBEL's history step adds Elo\"\n"
                    "threat,combine,combine.csv,2,0,+inf,,\"the threat escape adds Elo\"\n"));
    const std::string current = page_with_claims(
        "# Page\n\nHistory: [confirmed](#claim-history), threat: [not resolved](#claim-threat).\n"
        "<!-- claims:begin -->\n<!-- claims:end -->\n",
        "page.md", all);
    EXPECT_TRUE(page_problems(current, "page.md", all).empty());
    EXPECT_NE(current.find("<a id=\"claim-history\"></a>history"), std::string::npos) << current;

    std::string drifted = current;
    drifted.replace(drifted.find("[not resolved](#claim-threat)"), 29,
                    "[confirmed](#claim-threat)");
    drifted.insert(drifted.find("<!-- claims:begin"), "Gone: [refuted](#claim-gone).\n");
    drifted.replace(drifted.find("+17.2"), 5, "+18.0");
    const auto problems = page_problems(drifted, "page.md", all);
    ASSERT_EQ(problems.size(), 3u);
    EXPECT_EQ(problems[0].rfind("page.md:3: says 'confirmed' of claim 'threat', whose computed "
                                "verdict is 'not resolved'",
                                0),
              0u)
        << problems[0];
    EXPECT_EQ(problems[1], "page.md:4: cites claim 'gone', which the claims file lacks");
    EXPECT_EQ(problems[2].rfind("page.md:5: the claims table is not the one", 0), 0u)
        << problems[2];

    EXPECT_THROW((void)page_with_claims("no markers\n", "page.md", all), ReportError);
}

// The message of the ReportError that reading `text` as a claims file raises ("" if none).
std::string refusal(const std::string& text) {
    TempDir dir;
    try {
        (void)read_claims(written(dir, "bad.csv", text));
    } catch (const ReportError& e) {
        const std::string message = e.what();
        return message.substr(message.find("bad.csv"));
    }
    return "";
}

TEST(StudyClaims, ABadClaimsFileIsRefusedNamingItsLineAndColumn) {
    const std::string ok = "a,f,ablation.csv,1,-inf,0,,\"x\"\n";
    EXPECT_EQ(refusal(std::string(kHeader) + ok + ok),
              "bad.csv:3: column 'id': 'a' names two claims");
    EXPECT_EQ(refusal(std::string(kHeader) + "a,f,ablation.csv,1,0,0,,\"x\"\n"),
              "bad.csv:2: column 'high': '0' is not above low: the region is empty");
    EXPECT_EQ(refusal(std::string(kHeader) + "A b,f,ablation.csv,1,0,1,,\"x\"\n"),
              "bad.csv:2: column 'id': 'A b' is not a name of a-z, 0-9 and '-'");
    EXPECT_EQ(refusal("id,family,figures,row,low,high,claim\n"),
              "bad.csv:1: no column 'refuted_as' in a claims file (id, family, figures, row, "
              "low, high, …)");
    TempDir dir;
    const std::string path =
        written(dir, "claims.csv", std::string(kHeader) + "a,f,ablation.csv,99,-inf,0,,\"x\"\n");
    try {
        (void)judged(path);
        FAIL() << "a row the figures lack was accepted";
    } catch (const ReportError& e) {
        EXPECT_NE(std::string(e.what()).find("claims.csv:2: claim 'a': ablation.csv has no row 99"),
                  std::string::npos)
            << e.what();
    }
}

// The committed page cites only verdicts its claims compute, and holds their current table:
// what `scripts/study --claims` checks, here so that scripts/test fails on a drifted sentence.
TEST(StudyClaims, TheCommittedPageSaysOnlyWhatItsClaimsCompute) {
    const auto all = judge_claims_file(kResults + "claims.csv");
    const std::string page_path = kResults + "README.md";
    for (const std::string& problem : page_problems(file_text(page_path), page_path, all))
        ADD_FAILURE() << problem;
}

}  // namespace
}  // namespace lmr::report
