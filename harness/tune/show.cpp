#include "harness/tune/show.hpp"

#include <algorithm>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <ostream>
#include <sstream>

#include "harness/process/shell_word.hpp"
#include "harness/tune/export.hpp"
#include "harness/tune/tuner.hpp"

namespace lmr::tune {
namespace {

std::string fixed(double value, int decimals) {
    char text[64];
    std::snprintf(text, sizeof text, "%.*f", decimals, value);
    return text;
}

std::string general(double value) {
    std::ostringstream out;
    out << value;
    return out.str();
}

std::string pad_left(const std::string& text, std::size_t width) {
    return text.size() >= width ? text : std::string(width - text.size(), ' ') + text;
}

std::string pad_right(const std::string& text, std::size_t width) {
    return text.size() >= width ? text : text + std::string(width - text.size(), ' ');
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
    const auto settings = store.tune_settings(run_id);
    const auto stored_params = store.tune_params(run_id);
    std::vector<SpsaParam> params;
    for (const auto& p : stored_params) params.push_back(to_spsa(p));
    const auto iterations = store.tune_iterations(run_id);
    const auto plan = tournament::plan_from_json(nlohmann::json::parse(run.plan_json));
    const auto theta = final_theta(store, run_id);

    long wins = 0, draws = 0, losses = 0;
    for (const auto& it : iterations) {
        wins += it.wins;
        draws += it.draws;
        losses += it.losses;
    }
    out << "Tune run " << run_id << " (" << store::to_string(run.status) << ")\n";
    const tournament::EnginePlan& engine = plan.engines.at(0);
    if (!engine.config_path.empty()) out << "  base config:  " << engine.config_path << '\n';
    out << "  engine:       " << process::shell_line(engine.argv) << '\n';
    if (!engine.options.empty()) {
        out << "  options:     ";
        for (const auto& [name, value] : engine.options)
            out << ' ' << process::shell_word(name + "=" + value);
        out << '\n';
    }
    out << "  games:        " << plan.time_control.to_string() << ", book "
        << (plan.book.path.empty()
                ? std::string("none")
                : plan.book.path + " (" + std::string(openings::to_string(plan.book.order)) + ")")
        << ", " << settings.pairs_per_iteration << " pair"
        << (settings.pairs_per_iteration == 1 ? "" : "s") << " per iteration, concurrency "
        << plan.concurrency << '\n';
    out << "  SPSA:         " << iterations.size() << "/" << settings.iterations
        << " iterations, alpha " << general(settings.alpha) << ", gamma " << general(settings.gamma)
        << ", A " << general(settings.big_a) << ", seed " << run.seed << '\n';
    out << "  played:       " << wins + draws + losses << " games, theta+ W " << wins << " D "
        << draws << " L " << losses << '\n';
    if (!run.error_message.empty()) out << "  error:        " << run.error_message << '\n';

    // Parameters.
    std::size_t name_width = 9;
    for (const auto& p : params) name_width = std::max(name_width, p.name.size());
    out << '\n'
        << pad_right("parameter", name_width) << "  type " << pad_left("start", 9)
        << pad_left("min", 9) << pad_left("max", 9) << pad_left("c_end", 8) << pad_left("r_end", 8)
        << pad_left("final", 10) << "  sent\n";
    for (std::size_t i = 0; i < params.size(); ++i) {
        const auto& p = params[i];
        out << pad_right(p.name, name_width) << "  " << pad_right(p.is_integer ? "int" : "float", 5)
            << pad_left(general(p.start), 9) << pad_left(general(p.min), 9)
            << pad_left(general(p.max), 9) << pad_left(general(p.c_end), 8)
            << pad_left(general(p.r_end), 8) << pad_left(fixed(theta[i], 2), 10) << "  "
            << send_value(p, theta[i]) << '\n';
    }

    // Trajectory.
    if (!iterations.empty()) {
        out << "\nTrajectory: theta after each iteration (a_k, c_k: schedule factors; a "
               "parameter's gains are a_end*a_k, c_end*c_k)\n";
        std::vector<std::string> heads;
        std::vector<std::size_t> widths;
        for (const auto& p : params) {
            heads.push_back(short_name(p.name));
            widths.push_back(std::max<std::size_t>(heads.back().size(), 9));
        }
        const std::size_t k_width =
            std::max<std::size_t>(3, std::to_string(iterations.size() - 1).size());
        out << pad_left("k", k_width) << pad_left("W", 5) << pad_left("D", 5) << pad_left("L", 5)
            << pad_left("W-L", 5) << pad_left("a_k", 8) << pad_left("c_k", 7);
        for (std::size_t i = 0; i < heads.size(); ++i) out << "  " << pad_left(heads[i], widths[i]);
        out << '\n';
        const auto ks = shown_iterations(static_cast<int>(iterations.size()), options.max_rows,
                                         options.all_rows);
        for (const int k : ks) {
            const auto& it = iterations[static_cast<std::size_t>(k)];
            out << pad_left(std::to_string(it.k), k_width) << pad_left(std::to_string(it.wins), 5)
                << pad_left(std::to_string(it.draws), 5) << pad_left(std::to_string(it.losses), 5)
                << pad_left((it.wins >= it.losses ? "+" : "") + std::to_string(it.wins - it.losses),
                            5)
                << pad_left(fixed(it.a_k, 3), 8) << pad_left(fixed(it.c_k, 3), 7);
            for (std::size_t i = 0; i < params.size(); ++i)
                out << "  " << pad_left(fixed(it.theta_after[i], 2), widths[i]);
            out << '\n';
        }
        if (ks.size() < iterations.size())
            out << "(" << ks.size() << " of " << iterations.size()
                << " iterations shown; --all shows every one)\n";
    }

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
