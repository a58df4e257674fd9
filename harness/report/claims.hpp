#pragma once

// The study's claims and their verdicts (results/claims.csv, results/README.md "Every claim and
// its verdict"): each claim reads one row of a figures file and states where that row's Elo lies
// (a region [low, high], open ends ±inf). The verdict is computed, never typed: by the page's
// rule on the 95 % interval, with Holm's correction inside the claim's family (stats/holm.hpp),
// or, for an SPRT that stopped on a decision, the SPRT's own H1 / H0 on its two hypotheses. The
// page cites each verdict it states as a link [VERDICT](#claim-ID), and holds the claims table
// between two marker lines; page_problems() says where the page and the computation differ.

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "harness/report/data.hpp"
#include "harness/report/document.hpp"

namespace lmr::report {

struct Claim {
    std::size_t line = 0;      // in the claims file
    std::string id;            // [a-z0-9-]+, unique: the page's anchor is claim-ID
    std::string family;        // Holm's correction runs over the interval claims of one family
    std::string figures;       // the figures file read, named as in the claims file's folder
    std::int64_t row = 0;      // its `id` column
    double low = 0, high = 0;  // the region the claim puts the row's Elo in
    std::string refuted_as;    // the word for a refutation ("" → "refuted")
    std::string statement;     // the claim in words
};

// The claims file at `path`: columns id, family, figures, row, low, high, refuted_as, claim.
// ReportError naming the file, line and column of a cell that does not parse, a repeated id or
// an empty region.
std::vector<Claim> read_claims(const std::string& path);

struct JudgedClaim {
    Claim claim;
    MeasuredRun run;
    std::string verdict;  // confirmed, refuted (or refuted_as), not resolved, SPRT H1, SPRT H0
    std::string reading;  // what the verdict may be read as, and the games that would resolve it
    double z = 0;  // distance of the Elo from the region's nearest edge, in σ (interval claims)
    double z_needed = 0;  // the |z| Holm held it to; 0 for an SPRT's claim
    int family_size = 0;  // interval claims in its family
    bool sprt = false;    // judged by an SPRT that stopped on a decision
};

// Judges every claim on the rows of `figures` (a claim's file found by its file name). ReportError
// naming the claims file and line when a claim's file was not given or has no such row.
std::vector<JudgedClaim> judge_claims(const std::string& claims_path,
                                      const std::vector<Claim>& claims,
                                      const std::vector<Figures>& figures);

// The claims of the file at `claims_path` judged on the figures files they name, each read from
// the claims file's folder: read_claims, read_figures, judge_claims.
std::vector<JudgedClaim> judge_claims_file(const std::string& claims_path);

// The claims table, one row per claim in the claims file's order: its id (with `anchors`, after
// the HTML anchor claim-ID the page's links point to), statement, row read, Elo ± 95 %, z, the
// |z| it was held to in its family, and the verdict with what it may be read as.
Table claims_table(const std::vector<JudgedClaim>& judged, bool anchors);
// That table as the page holds it, in markdown, anchored.
std::string claims_markdown(const std::vector<JudgedClaim>& judged);

// The lines the page holds its claims table between.
inline constexpr std::string_view kClaimsBegin = "<!-- claims:begin -->";
inline constexpr std::string_view kClaimsEnd = "<!-- claims:end -->";

// `page` with its claims table (between the marker lines) replaced by claims_markdown(judged).
// ReportError naming `page_path` when the markers are missing or out of order.
std::string page_with_claims(std::string_view page, const std::string& page_path,
                             const std::vector<JudgedClaim>& judged);

// Where the page differs from the computation, one message per place, "PAGE:LINE: …": a cited
// verdict that is not the computed one, a citation of no claim, a claims table that is not the
// one the claims compute. Empty when the page says what its intervals say.
std::vector<std::string> page_problems(std::string_view page, const std::string& page_path,
                                       const std::vector<JudgedClaim>& judged);

}  // namespace lmr::report
