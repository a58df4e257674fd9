#include "harness/stats/format.hpp"

#include <cmath>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <ostream>
#include <stdexcept>

namespace lmr::stats {
namespace {

std::string printf_string(const char* format, double value) {
    char buf[64];
    std::snprintf(buf, sizeof buf, format, value);
    return buf;
}

// An error half-width is never negative, so an unbounded one reads better without the sign.
std::string format_error(double value, int decimals) {
    return std::isinf(value) ? "inf" : format_number(value, decimals);
}

std::string percent(double fraction, int decimals) {
    return format_number(100.0 * fraction, decimals) + " %";
}

std::string games_text(const MatchCounts& counts) {
    if (counts.games) {
        const Trinomial& g = *counts.games;
        return std::to_string(g.games()) + " (W " + std::to_string(g.wins) + ", D " +
               std::to_string(g.draws) + ", L " + std::to_string(g.losses) + ")";
    }
    if (counts.pairs) {
        return std::to_string(2 * counts.pairs->pairs()) +
               " (W/D/L unknown: WL and DD not given apart)";
    }
    return "0";
}

std::string bins_text(const Pentanomial& p, const char* separator) {
    const auto bins = p.bins();
    std::string text = "[";
    for (std::size_t i = 0; i < bins.size(); ++i) {
        if (i > 0) text += separator;
        text += std::to_string(static_cast<long>(bins[i]));
    }
    return text + "]";
}

std::string pentanomial_text(const MatchCounts& counts) {
    const Pentanomial& p = *counts.pairs;
    std::string text = bins_text(p, ", ");
    if (counts.wl_dd_split_known) {
        text += " (WL " + std::to_string(p.wl) + ", DD " + std::to_string(p.dd) + ")";
    }
    return text + ", " + std::to_string(p.pairs()) + " pairs";
}

std::string elo_text(double value, double error) {
    return format_number(value, 2) + " +/- " + format_error(error, 2);
}

std::string bound_text(const SprtParams& params) {
    char buf[96];
    std::snprintf(buf, sizeof buf, "[%g, %g] %s", params.elo0, params.elo1,
                  std::string(model_name(params.model)).c_str());
    return buf;
}

std::string progress_text(const SprtResult& r) {
    return format_number(r.percent, 1) + " % of the way to " + (r.toward_h1 ? "H1" : "H0");
}

std::string verdict_text(Verdict verdict) {
    switch (verdict) {
        case Verdict::kAcceptH1:
            return "accept H1 (pass)";
        case Verdict::kAcceptH0:
            return "accept H0 (fail)";
        case Verdict::kContinue:
            break;
    }
    return "continue";
}

// JSON value of a statistic: a number, "+inf"/"-inf", or null when undefined.
nlohmann::ordered_json json_value(double value, bool defined) {
    if (!defined || std::isnan(value)) return nullptr;
    if (std::isinf(value)) return value > 0 ? "+inf" : "-inf";
    return value;
}

}  // namespace

std::string format_number(double value, int decimals) {
    if (std::isnan(value)) return "n/a";
    if (std::isinf(value)) return value > 0 ? "+inf" : "-inf";
    char format[16];
    std::snprintf(format, sizeof format, "%%.%df", decimals);
    std::string text = printf_string(format, value);
    // "-0.00" says nothing "0.00" does not.
    if (text[0] == '-' && text.find_first_not_of("-0.") == std::string::npos) text.erase(0, 1);
    return text;
}

Summary summarize(const MatchCounts& counts, const std::optional<SprtParams>& params) {
    Summary s;
    s.counts = counts;
    const Trinomial games = counts.games.value_or(Trinomial{});
    if (counts.pairs) {
        s.estimate = estimate(*counts.pairs);
    } else {
        s.estimate = estimate(games);
    }
    if (!params) return s;
    if (params->model == EloModel::kBayesElo) {
        // A model of single games: its LLR is that of the W/D/L, which five bins cannot give.
        if (counts.pairs && !counts.games) {
            throw std::invalid_argument(
                "summarize: the BayesElo model needs W/D/L (WL and DD given apart)");
        }
        s.sprt = sprt(games, *params);
    } else if (counts.pairs) {
        s.sprt = sprt(*counts.pairs, *params);
    } else {
        s.sprt = sprt(games, *params);
    }
    return s;
}

Summary summarize(const Pentanomial& pairs, const std::optional<SprtParams>& params) {
    return summarize(MatchCounts{.games = to_trinomial(pairs), .pairs = pairs}, params);
}

std::string format_block(const Summary& s) {
    std::string out;
    auto line = [&out](const char* label, const std::string& value) {
        char head[32];
        std::snprintf(head, sizeof head, "%-14s", label);
        out += head;
        out += value;
        out += '\n';
    };
    const EloEstimate& e = s.estimate;
    line("Games:", games_text(s.counts));
    if (s.counts.pairs) line("Pentanomial:", pentanomial_text(s.counts));
    if (e.defined()) {
        line("Score:", percent(e.score, 2) + " (statistics per " +
                           (e.unit == Unit::kPair ? "pair)" : "game)"));
        line("Elo:", elo_text(e.elo, e.elo_error) + " (95 %)");
        line("nElo:", elo_text(e.nelo, e.nelo_error) + " (95 %)");
        line("LOS:", percent(e.los, 2));
        line("Draw ratio:", percent(e.draw_ratio, 2));
    } else {
        for (const char* label : {"Score:", "Elo:", "nElo:", "LOS:", "Draw ratio:"}) {
            line(label, "n/a (no games)");
        }
    }
    if (s.sprt) {
        const SprtResult& r = *s.sprt;
        line("LLR:", format_number(r.llr, 3) + " (" + format_number(r.bounds.lower, 3) + ", " +
                         format_number(r.bounds.upper, 3) + ") " + bound_text(r.params) + ", " +
                         progress_text(r));
        line("Verdict:", verdict_text(r.verdict));
    }
    return out;
}

void write_block(std::ostream& out, const Summary& summary) {
    out << format_block(summary);
}

std::string format_line(const Summary& s) {
    const EloEstimate& e = s.estimate;
    std::string out = "Games ";
    if (s.counts.games) {
        const Trinomial& g = *s.counts.games;
        out += std::to_string(g.games()) + " W" + std::to_string(g.wins) + " D" +
               std::to_string(g.draws) + " L" + std::to_string(g.losses);
    } else {
        out += std::to_string(s.counts.pairs ? 2 * s.counts.pairs->pairs() : 0);
    }
    if (s.counts.pairs) out += " | Ptnml " + bins_text(*s.counts.pairs, ",");
    if (e.defined()) {
        out += " | Elo " + elo_text(e.elo, e.elo_error) + " | nElo " +
               elo_text(e.nelo, e.nelo_error) + " | LOS " + percent(e.los, 2) + " | DR " +
               percent(e.draw_ratio, 2);
    } else {
        out += " | Elo n/a";
    }
    if (s.sprt) {
        const SprtResult& r = *s.sprt;
        out += " | LLR " + format_number(r.llr, 2) + " (" + format_number(r.bounds.lower, 2) + "," +
               format_number(r.bounds.upper, 2) + ") " + format_number(r.percent, 1) + " % to " +
               (r.toward_h1 ? "H1" : "H0") + " | " + verdict_text(r.verdict);
    }
    return out;
}

nlohmann::ordered_json to_json(const Summary& s) {
    using json = nlohmann::ordered_json;
    json j = json::object();
    if (s.counts.games) {
        const Trinomial& g = *s.counts.games;
        j["games"] = {
            {"total", g.games()}, {"wins", g.wins}, {"draws", g.draws}, {"losses", g.losses}};
    } else {
        j["games"] = nullptr;
    }
    if (s.counts.pairs) {
        const Pentanomial& p = *s.counts.pairs;
        const bool split = s.counts.wl_dd_split_known;
        const auto bins = p.bins();
        json bin_array = json::array();
        for (double b : bins) bin_array.push_back(static_cast<long>(b));
        j["pentanomial"] = {{"pairs", p.pairs()},
                            {"ll", p.ll},
                            {"ld", p.ld},
                            {"wl", split ? json(p.wl) : json(nullptr)},
                            {"dd", split ? json(p.dd) : json(nullptr)},
                            {"wd", p.wd},
                            {"ww", p.ww},
                            {"bins", bin_array}};
    } else {
        j["pentanomial"] = nullptr;
    }
    const EloEstimate& e = s.estimate;
    const bool defined = e.defined();
    j["unit"] = e.unit == Unit::kPair ? "pair" : "game";
    j["units"] = e.units;
    j["score"] = json_value(e.score, defined);
    j["elo"] = json_value(e.elo, defined);
    j["elo_error95"] = json_value(e.elo_error, defined);
    j["nelo"] = json_value(e.nelo, defined);
    j["nelo_error95"] = json_value(e.nelo_error, defined);
    j["los"] = json_value(e.los, defined);
    j["draw_ratio"] = json_value(e.draw_ratio, defined);
    if (s.sprt) {
        const SprtResult& r = *s.sprt;
        const char* verdict = r.verdict == Verdict::kAcceptH1   ? "accept_h1"
                              : r.verdict == Verdict::kAcceptH0 ? "accept_h0"
                                                                : "continue";
        j["sprt"] = {{"model", model_name(r.params.model)},
                     {"elo0", r.params.elo0},
                     {"elo1", r.params.elo1},
                     {"alpha", r.params.alpha},
                     {"beta", r.params.beta},
                     {"llr", json_value(r.llr, true)},
                     {"lower_bound", r.bounds.lower},
                     {"upper_bound", r.bounds.upper},
                     {"percent", json_value(r.percent, true)},
                     {"toward", r.toward_h1 ? "H1" : "H0"},
                     {"verdict", verdict}};
    } else {
        j["sprt"] = nullptr;
    }
    return j;
}

std::string format_json(const Summary& summary, int indent) {
    return to_json(summary).dump(indent);
}

}  // namespace lmr::stats
