// Report data as JSON (json.hpp).

#include "harness/report/json.hpp"
#include "harness/report/tables.hpp"

namespace lmr::report {
namespace {

using json = nlohmann::ordered_json;

// Each engine's object with its kinds of violation nested in it.
json pv_checks_json(const std::vector<store::EnginePvChecks>& engines) {
    json list = view_json(pv_checks_view(), engines);
    for (std::size_t i = 0; i < engines.size(); ++i)
        list[i]["kinds"] = view_json(pv_violations_view(), engines[i].kinds);
    return list;
}

json history_json(const std::vector<store::StatsRecord>& history) {
    json rows = json::array();
    for (const auto& r : history) {
        rows.push_back({{"pairs", r.pairs},
                        {"wins", r.wins},
                        {"draws", r.draws},
                        {"losses", r.losses},
                        {"elo", number_value(r.elo)},
                        {"elo_error", number_value(r.elo_error)},
                        {"nelo", number_value(r.nelo)},
                        {"nelo_error", number_value(r.nelo_error)},
                        {"los", number_value(r.los)},
                        {"llr", number_value(r.llr)},
                        {"lower_bound", number_value(r.lower_bound)},
                        {"upper_bound", number_value(r.upper_bound)},
                        {"recorded_at", r.recorded_at}});
    }
    return rows;
}

// Each engine's object with its rules nested in it.
json lmr_json(const std::vector<store::EngineLmrStats>& engines) {
    json list = view_json(lmr_view(), engines);
    for (std::size_t i = 0; i < engines.size(); ++i)
        list[i]["rules"] = view_json(lmr_rules_view(), engines[i].rules);
    return list;
}

json tune_json(const TuneData& tune) {
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
            {"params", view_json(tune_params_view(tune), tune_param_rows(tune))},
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
            {"verdict", text_or_null(std::string(store::run_verdict_name(run.verdict)))},
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
    return {{"database", database}, {"columns", "study"}, {"runs", view_json(study_view(), rows)}};
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
    json out = {{"run", run_row_json(d.row)},
                {"engines", engines},
                {"terminations", view_json(terminations_view(d.terminations), d.terminations)},
                {"faults", view_json(faults_view(), d.faults)},
                {"search", view_json(search_view(), d.sides)},
                {"standings", standings},
                {"pairings", pairings},
                {"openings", view_json(openings_view(), d.openings)},
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
