// The study's claims and their computed verdicts (claims.hpp).

#include "harness/report/claims.hpp"

#include <cmath>
#include <filesystem>
#include <map>
#include <set>
#include <sstream>

#include "harness/report/cells.hpp"
#include "harness/report/csv_records.hpp"
#include "harness/report/figures.hpp"
#include "harness/report/render.hpp"
#include "harness/report/verdict_rule.hpp"
#include "harness/stats/holm.hpp"

namespace lmr::report {
namespace {

constexpr const char* kClaimsForm = "a claims file (id, family, figures, row, low, high, …)";
constexpr double kAlpha = 0.05;  // the page's rule: a 95 % interval, family-wise under Holm

bool is_slug(const std::string& text) {
    if (text.empty()) return false;
    for (const char c : text)
        if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-')) return false;
    return true;
}

// "+13.6 ± 8.3", "−51.4 ± 18.0": the page's form of an Elo interval.
std::string elo_interval(double elo, double error) {
    return (elo < 0 ? "−" : "+") + fixed(std::fabs(elo), 1) + " ± " + fixed(error, 1);
}

// "0" for 0, "15" for 15, "2.5" for 2.5: an SPRT bound as its command line gave it.
std::string bound(double value) {
    std::ostringstream out;
    out << value;
    return out.str();
}

// Where the Elo lies against the region: the distance to its nearest edge and whether inside.
struct Placement {
    double distance = 0;
    bool inside = false;
};

Placement place(double elo, const Claim& claim) {
    if (elo < claim.low) return {claim.low - elo, false};
    if (elo > claim.high) return {elo - claim.high, false};
    return {std::min(elo - claim.low, claim.high - elo), true};
}

long games_of(const stats::EloEstimate& e) {
    return e.unit == stats::Unit::kPair ? 2 * e.units : e.units;
}

// The 1-based line of byte `at` in `text`.
std::size_t line_of(std::string_view text, std::size_t at) {
    std::size_t line = 1;
    for (std::size_t i = 0; i < at && i < text.size(); ++i)
        if (text[i] == '\n') ++line;
    return line;
}

}  // namespace

std::vector<Claim> read_claims(const std::string& path) {
    const std::vector<CsvRecord> records = read_csv_file(path);
    const CsvColumns columns(path, records.front());
    columns.require({"id", "family", "figures", "row", "low", "high", "refuted_as", "claim"},
                    kClaimsForm);
    std::vector<Claim> claims;
    std::set<std::string> ids;
    for (std::size_t r = 1; r < records.size(); ++r) {
        const CsvRecord& record = records[r];
        columns.check_width(record);
        Claim claim;
        claim.line = record.line;
        claim.id = columns.cell(record, "id");
        claim.family = columns.cell(record, "family");
        for (const char* slug : {"id", "family"})
            if (!is_slug(columns.cell(record, slug)))
                throw columns.bad_cell(record, slug, "is not a name of a-z, 0-9 and '-'");
        if (!ids.insert(claim.id).second) throw columns.bad_cell(record, "id", "names two claims");
        claim.figures = columns.cell(record, "figures");
        if (claim.figures.empty()) throw columns.bad_cell(record, "figures", "names no file");
        claim.row = columns.count(record, "row");
        claim.low = columns.number(record, "low");
        claim.high = columns.number(record, "high");
        if (!(claim.low < claim.high))
            throw columns.bad_cell(record, "high", "is not above low: the region is empty");
        claim.refuted_as = columns.cell(record, "refuted_as");
        claim.statement = columns.cell(record, "claim");
        if (claim.statement.empty()) throw columns.bad_cell(record, "claim", "says nothing");
        claims.push_back(std::move(claim));
    }
    return claims;
}

std::vector<JudgedClaim> judge_claims(const std::string& claims_path,
                                      const std::vector<Claim>& claims,
                                      const std::vector<Figures>& figures) {
    std::map<std::string, const MeasuredSource*> by_file;
    for (const Figures& f : figures)
        by_file[std::filesystem::path(f.path).filename().string()] = &f.measured;
    std::vector<JudgedClaim> judged;
    for (const Claim& claim : claims) {
        const auto file = by_file.find(claim.figures);
        if (file == by_file.end())
            throw ReportError(csv_where(claims_path, claim.line) + "claim '" + claim.id +
                              "' reads " + claim.figures +
                              ", which is not among the figures given");
        const MeasuredRun* run = nullptr;
        for (const MeasuredRun& r : file->second->runs)
            if (r.id == claim.row) run = &r;
        if (!run)
            throw ReportError(csv_where(claims_path, claim.line) + "claim '" + claim.id +
                              "': " + claim.figures + " has no row " + std::to_string(claim.row) +
                              " with completed pairs");
        JudgedClaim j;
        j.claim = claim;
        j.run = *run;
        const auto& sprt = run->stats.sprt;
        j.sprt = sprt && sprt->verdict != stats::Verdict::kContinue;
        judged.push_back(std::move(j));
    }

    // Holm inside each family, over its interval claims.
    std::map<std::string, std::vector<std::size_t>> families;
    for (std::size_t i = 0; i < judged.size(); ++i)
        if (!judged[i].sprt) families[judged[i].claim.family].push_back(i);
    for (const auto& [family, members] : families) {
        std::vector<double> p;
        std::vector<Placement> placed;  // each member's, in `members` order
        for (const std::size_t i : members) {
            JudgedClaim& j = judged[i];
            const stats::EloEstimate& e = j.run.stats.estimate;
            const double sigma = e.elo_error / stats::kZ95;
            placed.push_back(place(e.elo, j.claim));
            // An unbounded error resolves nothing; a zero one resolves any distance.
            j.z = !std::isfinite(sigma) ? 0 : sigma > 0 ? placed.back().distance / sigma : INFINITY;
            p.push_back(stats::two_sided_p(j.z));
        }
        const std::vector<stats::HolmStep> steps = stats::holm(p, kAlpha);
        for (std::size_t k = 0; k < members.size(); ++k) {
            JudgedClaim& j = judged[members[k]];
            j.family_size = static_cast<int>(members.size());
            j.z_needed = stats::two_sided_z(steps[k].level);
            if (steps[k].rejected) {
                j.verdict = placed[k].inside             ? "confirmed"
                            : j.claim.refuted_as.empty() ? "refuted"
                                                         : j.claim.refuted_as;
                continue;
            }
            j.verdict = "not resolved";
            const stats::EloEstimate& e = j.run.stats.estimate;
            const double sigma = e.elo_error / stats::kZ95;
            const std::string games =
                games_phrase(games_to_resolve(placed[k].distance, sigma * j.z_needed, games_of(e)));
            if (!games.empty()) j.reading = games + " would resolve it at this spread";
        }
    }

    for (JudgedClaim& j : judged) {
        if (!j.sprt) continue;
        const stats::SprtResult& s = *j.run.stats.sprt;
        const std::string hypotheses = "nElo [" + bound(s.params.elo0) + ", " +
                                       bound(s.params.elo1) + "], α = " + bound(s.params.alpha) +
                                       ", β = " + bound(s.params.beta);
        if (s.verdict == stats::Verdict::kAcceptH1) {
            j.verdict = "SPRT H1";
            j.reading =
                (s.params.elo0 == 0 ? std::string("better")
                                    : "more than " + bound(s.params.elo0) + " nElo better") +
                " (" + hypotheses + "); its Elo, biased by the early stop, sizes nothing";
        } else {
            j.verdict = "SPRT H0";
            j.reading = "not " + bound(s.params.elo1) + " nElo better (" + hypotheses +
                        "): neither worse nor equal";
        }
    }
    return judged;
}

std::vector<JudgedClaim> judge_claims_file(const std::string& claims_path) {
    const std::vector<Claim> claims = read_claims(claims_path);
    const std::filesystem::path folder = std::filesystem::path(claims_path).parent_path();
    std::vector<Figures> figures;
    std::set<std::string> read;
    for (const Claim& claim : claims)
        if (read.insert(claim.figures).second)
            figures.push_back(read_figures((folder / claim.figures).string()));
    return judge_claims(claims_path, claims, figures);
}

Table claims_table(const std::vector<JudgedClaim>& judged, bool anchors) {
    Table table;
    table.key = "claims";
    table.columns = {{"id", "Claim", Align::kLeft},       {"claim", "Says", Align::kLeft},
                     {"row", "Row", Align::kLeft},        {"elo", "Elo ± 95 %", Align::kRight},
                     {"z", "z", Align::kRight},           {"held_to", "Held to", Align::kLeft},
                     {"verdict", "Verdict", Align::kLeft}};
    for (const JudgedClaim& j : judged) {
        const stats::EloEstimate& e = j.run.stats.estimate;
        const std::string id =
            anchors ? "<a id=\"claim-" + j.claim.id + "\"></a>" + j.claim.id : j.claim.id;
        const std::string row = j.claim.figures + " row " + std::to_string(j.claim.row) + ": " +
                                j.run.test + " vs " + j.run.base + ", " + j.run.time_control +
                                ", " + integer(games_of(e)) + " games";
        const std::string z = j.sprt ? "—" : fixed(j.z, 2);
        const std::string held_to = j.sprt
                                        ? "the SPRT's own α and β"
                                        : "z ≥ " + fixed(j.z_needed, 2) + " (" + j.claim.family +
                                              ", " + std::to_string(j.family_size) +
                                              (j.family_size == 1 ? " claim)" : " claims, Holm)");
        table.rows.push_back({id, j.claim.statement, row, elo_interval(e.elo, e.elo_error), z,
                              held_to, j.verdict + (j.reading.empty() ? "" : ": " + j.reading)});
    }
    return table;
}

std::string claims_markdown(const std::vector<JudgedClaim>& judged) {
    Document doc;
    Section section;
    section.tables.push_back(claims_table(judged, true));
    doc.sections.push_back(std::move(section));
    std::ostringstream out;
    render_markdown(out, doc);
    return out.str();
}

std::string page_with_claims(std::string_view page, const std::string& page_path,
                             const std::vector<JudgedClaim>& judged) {
    const std::size_t begin = page.find(kClaimsBegin);
    const std::size_t end = page.find(kClaimsEnd);
    if (begin == std::string_view::npos || end == std::string_view::npos || end < begin)
        throw ReportError(page_path + ": no claims table: the page needs the lines '" +
                          std::string(kClaimsBegin) + "' and, after it, '" +
                          std::string(kClaimsEnd) + "'");
    const std::size_t body = begin + kClaimsBegin.size();
    return std::string(page.substr(0, body)) + "\n" + claims_markdown(judged) +
           std::string(page.substr(end));
}

std::vector<std::string> page_problems(std::string_view page, const std::string& page_path,
                                       const std::vector<JudgedClaim>& judged) {
    std::map<std::string, const JudgedClaim*> by_id;
    for (const JudgedClaim& j : judged) by_id[j.claim.id] = &j;
    std::vector<std::string> problems;
    constexpr std::string_view kLink = "](#claim-";
    for (std::size_t at = page.find(kLink); at != std::string_view::npos;
         at = page.find(kLink, at + 1)) {
        const std::size_t open = page.rfind('[', at);
        const std::size_t close = page.find(')', at);
        const std::string where = csv_where(page_path, line_of(page, at));
        if (open == std::string_view::npos || close == std::string_view::npos) {
            problems.push_back(where + "a claim link that is not [VERDICT](#claim-ID)");
            continue;
        }
        const std::string word(page.substr(open + 1, at - open - 1));
        const std::string id(page.substr(at + kLink.size(), close - at - kLink.size()));
        const auto claim = by_id.find(id);
        if (claim == by_id.end()) {
            problems.push_back(where + "cites claim '" + id + "', which the claims file lacks");
        } else if (word != claim->second->verdict) {
            problems.push_back(where + "says '" + word + "' of claim '" + id +
                               "', whose computed verdict is '" + claim->second->verdict + "' (" +
                               elo_interval(claim->second->run.stats.estimate.elo,
                                            claim->second->run.stats.estimate.elo_error) +
                               ")");
        }
    }
    const std::size_t begin = page.find(kClaimsBegin);
    if (page_with_claims(page, page_path, judged) != page)
        problems.push_back(csv_where(page_path, line_of(page, begin)) +
                           "the claims table is not the one the claims compute (write it with "
                           "scripts/study --claims --write)");
    return problems;
}

}  // namespace lmr::report
