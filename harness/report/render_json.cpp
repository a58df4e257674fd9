// Report data as JSON (json.hpp).

#include <cmath>

#include "harness/report/json.hpp"

namespace lmr::report {
namespace {

using json = nlohmann::ordered_json;

json text_or_null(const std::string& text) {
    return text.empty() ? json(nullptr) : json(text);
}

json number_or_null(const std::optional<double>& value) {
    if (!value || std::isnan(*value)) return nullptr;
    if (std::isinf(*value)) return *value > 0 ? "+inf" : "-inf";
    return *value;
}

json pv_checks_json(const std::vector<store::EnginePvChecks>& engines) {
    json list = json::array();
    for (const auto& e : engines) {
        json kinds = json::array();
        for (const auto& k : e.kinds) {
            kinds.push_back(
                {{"kind", k.kind}, {"count", k.count}, {"games", k.games}, {"example", k.example}});
        }
        list.push_back({{"engine", e.name},
                        {"role", store::to_string(e.role)},
                        {"games", e.games},
                        {"searches", e.searches},
                        {"pvs", e.pvs},
                        {"violations", e.violations},
                        {"games_with_violations", e.games_with_violations},
                        {"kinds", kinds}});
    }
    return list;
}

json history_json(const std::vector<store::StatsRecord>& history) {
    json rows = json::array();
    for (const auto& r : history) {
        rows.push_back({{"pairs", r.pairs},
                        {"wins", r.wins},
                        {"draws", r.draws},
                        {"losses", r.losses},
                        {"elo", number_or_null(r.elo)},
                        {"elo_error", number_or_null(r.elo_error)},
                        {"nelo", number_or_null(r.nelo)},
                        {"nelo_error", number_or_null(r.nelo_error)},
                        {"los", number_or_null(r.los)},
                        {"llr", number_or_null(r.llr)},
                        {"lower_bound", number_or_null(r.lower_bound)},
                        {"upper_bound", number_or_null(r.upper_bound)},
                        {"recorded_at", r.recorded_at}});
    }
    return rows;
}

json lmr_json(const std::vector<store::EngineLmrStats>& engines) {
    json list = json::array();
    for (const auto& e : engines) {
        json rules = json::array();
        for (const auto& r : e.rules) {
            rules.push_back({{"rule", r.rule},
                             {"fired", r.fired},
                             {"changed", r.changed},
                             {"units", r.units},
                             {"fired_rate", number_or_null(r.fired_rate)},
                             {"changed_rate", number_or_null(r.changed_rate)}});
        }
        list.push_back({{"engine", e.name},
                        {"role", store::to_string(e.role)},
                        {"games", e.games},
                        {"reports", e.reports},
                        {"late", e.late},
                        {"reduced", e.reduced},
                        {"extended", e.extended},
                        {"searches", e.searches},
                        {"researches", e.researches},
                        {"plies", e.plies},
                        {"reduced_rate", number_or_null(e.reduced_rate)},
                        {"research_rate", number_or_null(e.research_rate)},
                        {"avg_plies", number_or_null(e.avg_plies)},
                        {"rules", rules}});
    }
    return list;
}

json tune_json(const TuneData& tune) {
    json params = json::array();
    for (const auto& p : tune.params) {
        params.push_back({{"name", p.name},
                          {"start", p.start},
                          {"min", p.min},
                          {"max", p.max},
                          {"c_end", p.c_end},
                          {"r_end", p.r_end},
                          {"is_integer", p.is_integer}});
    }
    json iterations = json::array();
    for (const auto& it : tune.iterations) {
        iterations.push_back({{"k", it.k},
                              {"a_k", it.a_k},
                              {"c_k", it.c_k},
                              {"wins", it.wins},
                              {"draws", it.draws},
                              {"losses", it.losses},
                              {"theta_after", it.theta_after}});
    }
    return {{"iterations_planned", tune.settings.iterations},
            {"pairs_per_iteration", tune.settings.pairs_per_iteration},
            {"params", params},
            {"iterations", iterations}};
}

}  // namespace

json run_row_json(const RunRow& row) {
    const auto& run = row.run;
    const auto& s = row.summary;
    json sprt = nullptr;
    if (run.sprt) {
        sprt = {{"elo0", run.sprt->elo0},
                {"elo1", run.sprt->elo1},
                {"alpha", run.sprt->alpha},
                {"beta", run.sprt->beta},
                {"model", stats::model_name(run.sprt->model)}};
    }
    return {{"id", run.id},
            {"kind", store::to_string(run.kind)},
            {"status", store::to_string(run.status)},
            {"verdict", text_or_null(std::string(store::to_string(run.verdict)))},
            {"verdict_text", text_or_null(verdict_text(row))},
            {"created_at", run.created_at},
            {"started_at", text_or_null(run.started_at)},
            {"finished_at", text_or_null(run.finished_at)},
            {"time_control", run.time_control},
            {"base", text_or_null(s.base_name)},
            {"test", text_or_null(s.test_name)},
            {"engines", s.engines},
            {"head_to_head", row.head_to_head},
            {"pairs_completed", s.pairs_completed},
            {"games", s.games},
            {"max_pairs", run.max_pairs ? json(*run.max_pairs) : json(nullptr)},
            {"sprt_bounds", sprt},
            {"stats", row.stats ? stats::to_json(*row.stats) : json(nullptr)}};
}

json runs_json(const std::vector<RunRow>& runs, const std::string& database) {
    json list = json::array();
    for (const auto& row : runs) list.push_back(run_row_json(row));
    return {{"database", database}, {"runs", list}};
}

json study_json(const std::vector<StudyRow>& rows, const std::string& database) {
    json list = json::array();
    for (const auto& r : rows) {
        const auto& run = r.row.run;
        const auto& s = r.row.summary;
        json row = {{"id", run.id},
                    {"test", text_or_null(s.test_name)},
                    {"base", text_or_null(s.base_name)},
                    {"time_control", run.time_control},
                    {"status", store::to_string(run.status)}};
        const bool counted = r.row.head_to_head && r.row.stats;
        const stats::Trinomial games = counted ? *r.row.stats->counts.games : stats::Trinomial{};
        const stats::Pentanomial pairs =
            counted ? *r.row.stats->counts.pairs : stats::Pentanomial{};
        const std::pair<const char*, long> counts[] = {
            {"games", games.games()}, {"wins", games.wins},   {"draws", games.draws},
            {"losses", games.losses}, {"penta_ll", pairs.ll}, {"penta_ld", pairs.ld},
            {"penta_wl", pairs.wl},   {"penta_dd", pairs.dd}, {"penta_wd", pairs.wd},
            {"penta_ww", pairs.ww}};
        for (const auto& [key, value] : counts) row[key] = counted ? json(value) : json(nullptr);
        const bool defined = counted && r.row.stats->estimate.defined();
        const auto& e = r.row.stats ? r.row.stats->estimate : stats::EloEstimate{};
        const std::pair<const char*, double> estimates[] = {{"elo", e.elo},
                                                            {"elo_error", e.elo_error},
                                                            {"nelo", e.nelo},
                                                            {"nelo_error", e.nelo_error},
                                                            {"los", e.los}};
        for (const auto& [key, value] : estimates)
            row[key] = defined ? number_or_null(value) : json(nullptr);
        const auto& t = r.test;
        row["avg_depth"] = number_or_null(t ? t->avg_depth : std::nullopt);
        row["avg_nodes"] = number_or_null(t ? t->avg_nodes : std::nullopt);
        row["reduced_rate"] = number_or_null(t ? t->reduced_rate : std::nullopt);
        row["research_rate"] = number_or_null(t ? t->research_rate : std::nullopt);
        row["command_line"] = text_or_null(run.command_line);
        list.push_back(std::move(row));
    }
    return {{"database", database}, {"columns", "study"}, {"runs", list}};
}

json run_json(const RunDetail& d) {
    json engines = json::array();
    for (const auto& e : d.engines) {
        engines.push_back({{"name", e.engine.name},
                           {"role", store::to_string(e.role)},
                           {"command", e.engine.command},
                           {"options", json::parse(e.engine.options_json, nullptr, false)},
                           {"config_sha256", text_or_null(e.engine.config_sha256)},
                           {"binary_sha256", text_or_null(e.engine.binary_sha256)}});
    }
    json terminations = json::array();
    for (const auto& t : d.terminations) {
        terminations.push_back({{"termination", t.termination},
                                {"games", t.games},
                                {"white_wins", t.white_wins},
                                {"black_wins", t.black_wins},
                                {"draws", t.draws}});
    }
    json faults = json::array();
    for (const auto& f : d.faults) {
        faults.push_back({{"game_id", f.game_id},
                          {"pair_index", f.pair_index},
                          {"round_in_pair", f.round_in_pair},
                          {"white", f.white},
                          {"black", f.black},
                          {"result", f.result},
                          {"termination", f.termination},
                          {"lost_by", text_or_null(f.loser)},
                          {"detail", f.detail}});
    }
    json search = json::array();
    for (const auto& s : d.sides) {
        search.push_back({{"engine", s.name},
                          {"role", store::to_string(s.role)},
                          {"moves", s.moves},
                          {"avg_depth", number_or_null(s.avg_depth)},
                          {"avg_seldepth", number_or_null(s.avg_seldepth)},
                          {"avg_nodes", number_or_null(s.avg_nodes)},
                          {"avg_time_ms", number_or_null(s.avg_time_ms)},
                          {"total_nodes", s.total_nodes},
                          {"total_time_ms", s.total_time_ms}});
    }
    // Tournaments: each engine's pooled pairs and each pairing's, as `stats --json` objects.
    json standings = json::array();
    for (const auto& row : d.standings.rows) {
        standings.push_back({{"rank", row.rank ? json(*row.rank) : json(nullptr)},
                             {"engine", row.name},
                             {"stats", stats::to_json(row.stats)}});
    }
    json pairings = json::array();
    for (const auto& pairing : d.standings.pairings) {
        pairings.push_back({{"first", pairing.first},
                            {"second", pairing.second},
                            {"stats", stats::to_json(pairing.stats)}});
    }
    json openings = json::array();
    for (const auto& o : d.openings) {
        openings.push_back(
            {{"opening_index", o.opening_index ? json(*o.opening_index) : json(nullptr)},
             {"opening_fen", o.opening_fen},
             {"pairs", o.pairs},
             {"wins", o.wins},
             {"draws", o.draws},
             {"losses", o.losses},
             {"half_points", o.half_points},
             {"score", o.score}});
    }
    json out = {{"run", run_row_json(d.row)},
                {"engines", engines},
                {"terminations", terminations},
                {"faults", faults},
                {"search", search},
                {"standings", standings},
                {"pairings", pairings},
                {"openings", openings},
                {"history", history_json(d.history)},
                {"lmr", lmr_json(d.lmr)},
                {"pv_checks", pv_checks_json(d.pv)},
                {"tune", d.tune ? tune_json(*d.tune) : json(nullptr)}};
    out["run"]["command_line"] = d.row.run.command_line;
    out["run"]["seed"] = d.row.run.seed;
    out["run"]["book"] = text_or_null(d.row.run.book_path);
    out["run"]["error_message"] = text_or_null(d.row.run.error_message);
    return out;
}

json baseline_json(const BaselineReport& report) {
    json configs = json::array();
    for (const auto& e : report.entries) {
        configs.push_back({{"config", e.config},
                           {"relation", to_string(e.relation)},
                           {"pairs", e.stats ? json(e.stats->counts.pairs->pairs()) : json(0)},
                           {"runs", e.runs},
                           {"run_ids", e.run_ids},
                           {"setups", e.setups},
                           {"stats", e.stats ? stats::to_json(*e.stats) : json(nullptr)},
                           {"common_opponents", e.common_opponents},
                           {"time_controls", e.time_controls}});
    }
    return {{"baseline", report.baseline},
            {"time_control", report.time_control ? json(*report.time_control) : json(nullptr)},
            {"opponents", report.opponents},
            {"configs", configs}};
}

json ratings_json(const RatingsReport& report) {
    json configs = json::array();
    long rank = 0;
    for (const auto& e : report.rated) {
        configs.push_back({{"rank", ++rank},
                           {"config", e.config},
                           {"elo", e.elo},
                           {"elo_error", e.elo_error},
                           {"pairs", e.pairs.pairs()},
                           {"stats", stats::to_json(stats::summarize(e.pairs, std::nullopt))},
                           {"opponents", e.opponents}});
    }
    json time_controls = json::array();
    for (const auto& p : report.time_controls) {
        time_controls.push_back(
            {{"time_control", p.time_control},
             {"database", p.database.empty() ? json(nullptr) : json(p.database)},
             {"runs", p.run_ids}});
    }
    return {{"anchor", report.anchor},
            {"databases", report.databases},
            {"configs", configs},
            {"unconnected", report.unconnected},
            {"time_controls", time_controls}};
}

}  // namespace lmr::report
