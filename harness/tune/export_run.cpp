#include "harness/tune/export_run.hpp"

#include <nlohmann/json.hpp>

#include "harness/core/atomic_file.hpp"
#include "harness/tournament/engine_identity.hpp"
#include "harness/tournament/session.hpp"
#include "harness/tune/show.hpp"
#include "harness/tune/tuner.hpp"

namespace lmr::tune {

namespace fs = std::filesystem;

tournament::RunPlan stored_tune_plan(const store::Store& store, std::int64_t run_id) {
    const auto run = store.load_run(run_id);
    if (run.kind != store::RunKind::kTune)
        throw tournament::PlanError("run " + std::to_string(run_id) + " is a " +
                                    std::string(store::to_string(run.kind)) + " run, not a tune");
    return tournament::plan_from_json(nlohmann::json::parse(run.plan_json));
}

ExportPlan plan_export(const store::Store& store, const fs::path& db, std::int64_t run_id,
                       std::optional<ExportFormat> format, std::optional<fs::path> file) {
    ExportPlan plan;
    plan.run_id = run_id;
    plan.plan = stored_tune_plan(store, run_id);
    plan.format = format.value_or(default_export_format(plan.plan));
    const auto& engine = plan.plan.engines.at(0);
    if (plan.format == ExportFormat::kConfig && engine.config_path.empty())
        throw tournament::PlanError("run " + std::to_string(run_id) +
                                    " tunes the UCI options of '" + engine.name +
                                    "', not an LMR config: --format openbench or setoption "
                                    "writes them");
    plan.file = file.value_or(default_export_path(db, run_id, plan.format));
    return plan;
}

ExportResult write_export(const store::Store& store, const fs::path& db, const ExportPlan& plan,
                          const fs::path& cwd) {
    const std::int64_t run_id = plan.run_id;
    const auto& engine = plan.plan.engines.at(0);
    std::vector<SpsaParam> params;
    for (const auto& p : store.tune_params(run_id)) params.push_back(to_spsa(p));
    const auto theta = final_theta(store, run_id);
    ExportResult result;
    result.iterations_done = store.tune_iterations(run_id).size();
    result.iterations_total = store.tune_settings(run_id).iterations;
    const std::string origin = "SPSA tune run " + std::to_string(run_id) + " of lmr-harness (" +
                               std::to_string(result.iterations_done) + " of " +
                               std::to_string(result.iterations_total) + " iterations)";
    const bool to_stdout = plan.file == "-";
    if (plan.format == ExportFormat::kConfig) {
        ExportRequest request;
        request.base_config = engine.config_path;
        request.out_file = to_stdout ? cwd / "tuned.json" : plan.file;
        request.params = params;
        request.theta = theta;
        request.name =
            fs::path(request.base_config).stem().string() + "-spsa-" + std::to_string(run_id);
        request.description = origin + " from " + fs::path(request.base_config).filename().string();
        if (needs_resolved_base(request.params))
            request.resolved_base = nlohmann::json::parse(
                tournament::resolved_config_text(engine.argv.at(0), request.base_config.string()));
        result.text = exported_config(request).dump(2) + "\n";
    } else {
        // '#' lines: OpenBench's format and `tune --params-file` skip them.
        result.text = "# " + origin + " of " + engine.name + "\n" +
                      (plan.format == ExportFormat::kOpenBench ? openbench_lines(params, theta)
                                                               : setoption_lines(params, theta));
    }
    if (to_stdout) return result;
    core::write_file_atomically(plan.file, result.text);
    result.verify_command = sprt_command(plan.plan, params, theta, plan.file, db.string(), cwd);
    return result;
}

}  // namespace lmr::tune
