#include "harness/tune/show.hpp"

#include <nlohmann/json.hpp>
#include <ostream>
#include <sstream>

#include "harness/process/shell_word.hpp"
#include "harness/report/render.hpp"
#include "harness/report/tables.hpp"
#include "harness/tune/export.hpp"
#include "harness/tune/tuner.hpp"

namespace lmr::tune {
namespace {

std::string general(double value) {
    std::ostringstream out;
    out << value;
    return out.str();
}

}  // namespace

std::vector<int> shown_iterations(int count, std::size_t max_rows, bool all_rows) {
    std::vector<int> ks;
    if (count <= 0) return ks;
    const int step = all_rows || static_cast<std::size_t>(count) <= max_rows
                         ? 1
                         : static_cast<int>((count + max_rows - 2) / (max_rows - 1));
    for (int k = 0; k < count; k += step) ks.push_back(k);
    if (ks.back() != count - 1) ks.push_back(count - 1);
    return ks;
}

std::filesystem::path default_export_path(const std::filesystem::path& db_path, std::int64_t run_id,
                                          ExportFormat format) {
    const std::string stem = "tune-" + std::to_string(run_id);
    return db_path.parent_path() / (format == ExportFormat::kConfig
                                        ? stem + ".json"
                                        : stem + "-" + std::string(to_string(format)) + ".txt");
}

void write_tune_report(std::ostream& out, const store::Store& store, std::int64_t run_id,
                       const ShowOptions& options) {
    const auto run = store.load_run(run_id);
    if (run.kind != store::RunKind::kTune)
        throw std::runtime_error("run " + std::to_string(run_id) + " is a " +
                                 std::string(store::to_string(run.kind)) + " run, not a tune");
    report::TuneData tune{store.tune_settings(run_id), store.tune_params(run_id),
                          store.tune_iterations(run_id)};
    std::vector<SpsaParam> params;
    for (const auto& p : tune.params) params.push_back(to_spsa(p));
    const auto plan = tournament::plan_from_json(nlohmann::json::parse(run.plan_json));
    const auto theta = final_theta(store, run_id);
    const auto& settings = tune.settings;

    long wins = 0, draws = 0, losses = 0;
    for (const auto& it : tune.iterations) {
        wins += it.wins;
        draws += it.draws;
        losses += it.losses;
    }
    report::Section head;
    head.title = "Tune run " + std::to_string(run_id) + " (" +
                 std::string(store::to_string(run.status)) + ")";
    const tournament::EnginePlan& engine = plan.engines.at(0);
    if (!engine.config_path.empty()) head.fields.emplace_back("Base config", engine.config_path);
    head.fields.emplace_back("Engine", process::shell_line(engine.argv));
    if (!engine.options.empty()) {
        std::string words;
        for (const auto& [name, value] : engine.options)
            words += (words.empty() ? "" : " ") + process::shell_word(name + "=" + value);
        head.fields.emplace_back("Options", words);
    }
    head.fields.emplace_back(
        "Games",
        plan.time_control.to_string() + ", book " +
            (plan.book.path.empty() ? std::string("none")
                                    : plan.book.path + " (" +
                                          std::string(openings::to_string(plan.book.order)) + ")") +
            ", " + std::to_string(settings.pairs_per_iteration) + " pair" +
            (settings.pairs_per_iteration == 1 ? "" : "s") + " per iteration, concurrency " +
            std::to_string(plan.concurrency));
    head.fields.emplace_back(
        "SPSA", std::to_string(tune.iterations.size()) + "/" + std::to_string(settings.iterations) +
                    " iterations, alpha " + general(settings.alpha) + ", gamma " +
                    general(settings.gamma) + ", A " + general(settings.big_a) + ", seed " +
                    std::to_string(run.seed));
    head.fields.emplace_back("Played", std::to_string(wins + draws + losses) + " games, theta+ W " +
                                           std::to_string(wins) + " D " + std::to_string(draws) +
                                           " L " + std::to_string(losses));
    if (!run.error_message.empty()) head.fields.emplace_back("Error", run.error_message);

    // The tables are the report's (report --run N shows the same parameters).
    std::vector<std::string> sent, headings;
    for (std::size_t i = 0; i < params.size(); ++i) {
        sent.push_back(send_value(params[i], theta[i]));
        headings.push_back(short_name(params[i].name));
    }
    const auto shown = shown_iterations(static_cast<int>(tune.iterations.size()), options.max_rows,
                                        options.all_rows);
    head.tables.push_back(report::tune_params_table(tune, report::Audience::kHuman, sent));
    head.tables.push_back(
        report::tune_trajectory_table(tune, report::Audience::kHuman, shown, headings));
    if (shown.size() < tune.iterations.size())
        head.notes.push_back(std::to_string(shown.size()) + " of " +
                             std::to_string(tune.iterations.size()) +
                             " iterations shown; --all shows every one.");
    report::Document doc;
    doc.sections.push_back(std::move(head));
    report::render_text(out, doc);

    // What to do next.
    const ExportFormat format = default_export_format(plan);
    const auto exported = options.export_path.empty()
                              ? default_export_path(options.db_path, run_id, format)
                              : options.export_path;
    out << "\nExport theta:   lmr-harness tune export --run " << run_id << " --db "
        << process::shell_word(options.db_path) << " --format " << to_string(format) << " --out "
        << process::shell_word(exported.string()) << '\n';
    out << "Verify by SPRT: "
        << sprt_command(plan, params, theta, exported, options.db_path,
                        options.cwd.empty() ? std::filesystem::current_path() : options.cwd)
        << '\n';
}

}  // namespace lmr::tune
