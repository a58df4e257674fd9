#pragma once
// The statistics block that `lmr-harness stats` and a live run print, as text (multi-line
// block or one-line summary) and as JSON. Pure: writes to strings and streams only.
//
// Non-finite values: text shows "+inf" / "-inf" (never "nan"), and "n/a" where a value is
// undefined (no games). JSON keeps documents valid: finite values are numbers, infinities are
// the strings "+inf" / "-inf", undefined values are null. Fractions in JSON (score, los,
// draw_ratio) are 0..1; the text shows them in percent.

#include <iosfwd>
#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <string>

#include "harness/stats/counts.hpp"
#include "harness/stats/elo.hpp"
#include "harness/stats/sprt.hpp"

namespace lmr::stats {

// What a run has counted so far. With pairs present the statistics are per pair
// (pentanomial); otherwise per game (trinomial).
struct MatchCounts {
    std::optional<Trinomial> games{};    // W/D/L of the games, when known
    std::optional<Pentanomial> pairs{};  // when the games were played in colour-reversed pairs
    // False when only WL+DD is known (five-bin input): then pairs->dd holds WL+DD, pairs->wl is 0,
    // and the split is not shown.
    bool wl_dd_split_known = true;
};

// Counts with every statistic worked out, ready to print.
struct Summary {
    MatchCounts counts{};
    EloEstimate estimate{};            // per pair when counts.pairs, else per game
    std::optional<SprtResult> sprt{};  // when an SPRT is being run
};

// Builds the summary; params must pass validate() (SPRT is omitted when params is empty).
// The BayesElo model's LLR comes from counts.games; pairs without games (five bins) throw
// std::invalid_argument with that model.
Summary summarize(const MatchCounts& counts, const std::optional<SprtParams>& params);
// Convenience for the common case of a paired run: W/D/L derived from the pentanomial.
Summary summarize(const Pentanomial& pairs, const std::optional<SprtParams>& params);

// Multi-line block, one "Label:  value" line each, ending in a newline:
//   Games:        200 (W 46, D 122, L 32)
//   Pentanomial:  [2, 18, 50, 24, 6] (WL 10, DD 40), 100 pairs
//   Score:        53.50 % (statistics per pair)
//   Elo:          24.36 +/- 29.11 (95 %)
//   nElo:         40.52 +/- 48.15 (95 %)
//   LOS:          95.05 %
//   Draw ratio:   50.00 %
//   LLR:          0.314 (-2.944, 2.944) [0, 5] normalized, 10.7 % of the way to H1
//   Verdict:      continue
std::string format_block(const Summary& summary);
void write_block(std::ostream& out, const Summary& summary);

// The same on one line (no trailing newline), for progress output:
//   Games 200 W46 D122 L32 | Ptnml [2,18,50,24,6] | Elo 24.36 +/- 29.11 | nElo 40.52 +/- 48.15
//   | LOS 95.05 % | DR 50.00 % | LLR 0.31 (-2.94,2.94) 10.7 % to H1 | continue
std::string format_line(const Summary& summary);

// JSON object (keys in this order, hence ordered_json) with keys: games {total, wins, draws,
// losses} or null; pentanomial {pairs, ll, ld, wl, dd, wd, ww, bins[5]} or null (wl and dd null
// when the split is unknown); unit ("pair" / "game"); units; score; elo; elo_error95; nelo;
// nelo_error95; los; draw_ratio; sprt {model, elo0, elo1, alpha, beta, llr, lower_bound,
// upper_bound, percent, toward ("H1" / "H0"), verdict ("continue" / "accept_h1" / "accept_h0")} or
// null.
// (To embed it in an nlohmann::json: nlohmann::json::parse(format_json(summary)).)
nlohmann::ordered_json to_json(const Summary& summary);
std::string format_json(const Summary& summary, int indent = 2);

// Number formatting shared by the text outputs: fixed with `decimals`, "+inf"/"-inf" for
// infinities, "n/a" for NaN (which the statistics never produce).
std::string format_number(double value, int decimals);

}  // namespace lmr::stats
