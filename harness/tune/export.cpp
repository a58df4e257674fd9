#include "harness/tune/export.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <stdexcept>
#include <string_view>

#include "engine/text/text.hpp"
#include "harness/process/shell_word.hpp"

namespace lmr::tune {
namespace {

// "lmr.steps.history.weight" → {"lmr", "steps", "history", "weight"}.
std::vector<std::string> split_path(const std::string& name) {
    const std::vector<std::string_view> parts = text::split(name, '.');
    return {parts.begin(), parts.end()};
}

bool is_index(const std::string& part) {
    return !part.empty() &&
           std::all_of(part.begin(), part.end(), [](char c) { return c >= '0' && c <= '9'; });
}

nlohmann::ordered_json json_value(const SpsaParam& param, double value) {
    if (param.is_integer) return std::llround(value);
    return value;
}

// The object at `parts[0..count)` in `root`, created on the way.
nlohmann::ordered_json& object_at(nlohmann::ordered_json& root,
                                  const std::vector<std::string>& parts, std::size_t count,
                                  const std::string& name) {
    nlohmann::ordered_json* node = &root;
    for (std::size_t i = 0; i < count; ++i) {
        if (!node->is_object())
            throw std::runtime_error("parameter '" + name + "': '" + parts[i] +
                                     "' lies under a value that is not an object");
        node = &(*node)[parts[i]];
        if (node->is_null()) *node = nlohmann::ordered_json::object();
    }
    return *node;
}

const nlohmann::json* find_at(const nlohmann::json& root, const std::vector<std::string>& parts,
                              std::size_t count) {
    const nlohmann::json* node = &root;
    for (std::size_t i = 0; i < count; ++i) {
        if (!node->is_object() || !node->contains(parts[i])) return nullptr;
        node = &(*node)[parts[i]];
    }
    return node;
}

// The array a list parameter lives in, copied from the resolved base the first time.
nlohmann::ordered_json& list_at(nlohmann::ordered_json& out, const ExportRequest& request,
                                const std::vector<std::string>& parts, const std::string& name) {
    const std::size_t list_depth = parts.size() - 1;
    nlohmann::ordered_json& parent = object_at(out, parts, list_depth - 1, name);
    nlohmann::ordered_json& list = parent[parts[list_depth - 1]];
    if (list.is_null()) {
        if (!request.resolved_base)
            throw std::runtime_error(
                "parameter '" + name +
                "' is a list entry: the base config's resolved list is needed");
        const nlohmann::json* base_list = find_at(*request.resolved_base, parts, list_depth);
        if (!base_list || !base_list->is_array())
            throw std::runtime_error("parameter '" + name + "': the base config has no list at '" +
                                     name.substr(0, name.rfind('.')) + "'");
        list = nlohmann::ordered_json::parse(base_list->dump());
    }
    if (!list.is_array())
        throw std::runtime_error("parameter '" + name + "': '" + parts[list_depth - 1] +
                                 "' is set both as a list and as a value");
    return list;
}

std::string relative_or_absolute(const std::filesystem::path& path,
                                 const std::filesystem::path& dir) {
    const auto rel = path.lexically_relative(dir);
    return rel.empty() ? path.string() : rel.generic_string();
}

}  // namespace

bool is_list_param(const std::string& name) {
    const auto parts = split_path(name);
    return parts.size() >= 2 && (is_index(parts.back()) || parts.back() == "count");
}

bool needs_resolved_base(const std::vector<SpsaParam>& params) {
    return std::any_of(params.begin(), params.end(),
                       [](const SpsaParam& p) { return is_list_param(p.name); });
}

std::string relative_extends(const std::filesystem::path& base,
                             const std::filesystem::path& out_file) {
    const auto abs_base = std::filesystem::weakly_canonical(std::filesystem::absolute(base));
    const auto abs_dir =
        std::filesystem::weakly_canonical(std::filesystem::absolute(out_file)).parent_path();
    return relative_or_absolute(abs_base, abs_dir);
}

nlohmann::ordered_json exported_config(const ExportRequest& request) {
    if (request.theta.size() != request.params.size())
        throw std::runtime_error("export: " + std::to_string(request.theta.size()) +
                                 " values for " + std::to_string(request.params.size()) +
                                 " parameters");
    nlohmann::ordered_json out = nlohmann::ordered_json::object();
    out["extends"] = relative_extends(request.base_config, request.out_file);
    out["name"] = request.name;
    out["description"] = request.description;

    // Entries before counts, so a shortened list is cut after its entries are set.
    std::vector<std::size_t> order(request.params.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::stable_partition(order.begin(), order.end(), [&](std::size_t i) {
        return split_path(request.params[i].name).back() != "count";
    });
    for (const std::size_t i : order) {
        const SpsaParam& param = request.params[i];
        const auto parts = split_path(param.name);
        const nlohmann::ordered_json value = json_value(param, request.theta[i]);
        if (!is_list_param(param.name)) {
            nlohmann::ordered_json& parent = object_at(out, parts, parts.size() - 1, param.name);
            if (!parent.is_object())
                throw std::runtime_error("parameter '" + param.name + "' lies under a list");
            parent[parts.back()] = value;
            continue;
        }
        nlohmann::ordered_json& list = list_at(out, request, parts, param.name);
        if (parts.back() == "count") {
            const long long count = value.get<long long>();
            if (count < 0 || count > static_cast<long long>(list.size()))
                throw std::runtime_error("parameter '" + param.name +
                                         "' = " + std::to_string(count) +
                                         ": the base list has only " + std::to_string(list.size()) +
                                         " entries, a config file cannot raise the count");
            list.erase(list.begin() + count, list.end());
        } else {
            const std::size_t index = std::stoul(parts.back());
            if (index >= list.size())
                throw std::runtime_error("parameter '" + param.name + "': the base list has only " +
                                         std::to_string(list.size()) + " entries");
            list[index] = value;
        }
    }
    return out;
}

std::optional<ExportFormat> parse_export_format(std::string_view text) {
    for (const auto format :
         {ExportFormat::kConfig, ExportFormat::kOpenBench, ExportFormat::kSetoption})
        if (text == to_string(format)) return format;
    return std::nullopt;
}

std::string_view to_string(ExportFormat format) {
    switch (format) {
        case ExportFormat::kConfig:
            return "config";
        case ExportFormat::kOpenBench:
            return "openbench";
        case ExportFormat::kSetoption:
            return "setoption";
    }
    return "";
}

ExportFormat default_export_format(const tournament::RunPlan& plan) {
    return !plan.engines.empty() && !plan.engines[0].config_path.empty() ? ExportFormat::kConfig
                                                                         : ExportFormat::kOpenBench;
}

std::string openbench_lines(const std::vector<SpsaParam>& params,
                            const std::vector<double>& theta) {
    // MIN, MAX, C_END and R_END read back as they were given (the shortest exact form).
    SpsaParam real;
    real.is_integer = false;
    const auto number = [&real](double value) { return send_value(real, value); };
    std::string lines;
    for (std::size_t i = 0; i < params.size(); ++i) {
        const SpsaParam& p = params[i];
        lines += p.name + ", " + (p.is_integer ? "int" : "float") + ", " +
                 send_value(p, theta.at(i)) + ", " + number(p.min) + ", " + number(p.max) + ", " +
                 number(p.c_end) + ", " + number(p.r_end) + "\n";
    }
    return lines;
}

std::string setoption_lines(const std::vector<SpsaParam>& params,
                            const std::vector<double>& theta) {
    std::string lines;
    for (std::size_t i = 0; i < params.size(); ++i)
        lines += "setoption name " + params[i].name + " value " +
                 send_value(params[i], theta.at(i)) + "\n";
    return lines;
}

std::string sprt_command(const tournament::RunPlan& plan, const std::vector<SpsaParam>& params,
                         const std::vector<double>& theta, const std::filesystem::path& exported,
                         const std::string& db_path, const std::filesystem::path& cwd) {
    const auto shown = [&](const std::filesystem::path& path) {
        const auto abs = std::filesystem::weakly_canonical(std::filesystem::absolute(path));
        const auto rel = abs.lexically_relative(cwd);
        return rel.empty() || rel.string().size() > abs.string().size() ? abs.string()
                                                                        : rel.generic_string();
    };
    const tournament::EnginePlan& engine = plan.engines.at(0);
    const std::string& binary = engine.argv.at(0);
    const std::string binary_shown = binary.find('/') == std::string::npos ? binary : shown(binary);
    std::string command = "lmr-harness sprt";
    if (!engine.config_path.empty()) {
        command += " --base " + process::shell_word(shown(engine.config_path)) + " --test " +
                   process::shell_word(shown(exported));
    } else {
        // The same engine twice, the tuned values on the first (the engine under test).
        const auto engine_words = [&](const std::string& name, bool tuned) {
            std::string words = " --engine " + process::shell_word("name=" + name) + " " +
                                process::shell_word("cmd=" + binary_shown);
            for (std::size_t i = 1; i < engine.argv.size(); ++i)
                words += " " + process::shell_word("arg=" + engine.argv[i]);
            for (const auto& [option, value] : engine.options)
                words += " " + process::shell_word("option." + option + "=" + value);
            if (tuned)
                for (std::size_t i = 0; i < params.size(); ++i)
                    words += " " + process::shell_word("option." + params[i].name + "=" +
                                                       send_value(params[i], theta.at(i)));
            return words;
        };
        command += engine_words(engine.name + "-tuned", true) + engine_words(engine.name, false);
    }
    command += " --tc " + process::shell_word(plan.time_control.to_string());
    command += " --book " + (plan.book.path.empty() ? std::string("none")
                                                    : process::shell_word(shown(plan.book.path)));
    if (!plan.book.path.empty() && plan.book.plies)
        command += " --book-plies " + std::to_string(*plan.book.plies);
    const auto& adj = plan.adjudication;
    if (adj.draw.enabled)
        command += " --draw movenumber=" + std::to_string(adj.draw.move_number) +
                   ",movecount=" + std::to_string(adj.draw.move_count) +
                   ",score=" + std::to_string(adj.draw.score_cp);
    if (adj.resign.enabled)
        command += " --resign movecount=" + std::to_string(adj.resign.move_count) +
                   ",score=" + std::to_string(adj.resign.score_cp) +
                   (adj.resign.two_sided ? ",twosided=true" : "");
    if (adj.max_moves > 0) command += " --maxmoves " + std::to_string(adj.max_moves);
    command += " --concurrency " + std::to_string(plan.concurrency);
    // The binary that played the tune, so the test measures the same engine.
    if (!engine.config_path.empty())
        command += " --engine-binary " + process::shell_word(binary_shown);
    command += " --db " + process::shell_word(db_path);
    return command;
}

}  // namespace lmr::tune
