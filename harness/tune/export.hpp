#pragma once

// The result of a tune, written by `tune export`. For a tune of an LMR config, a config: a JSON
// file that `extends` the base config (by a path relative to where the file is written, as the
// config loader resolves it) and sets each tuned parameter at its config path, e.g.
// lmr.steps.history.weight = 14 becomes
// {"lmr": {"steps": {"history": {"weight": 14}}}}. Integers are rounded as they were sent.
//
// List entries ("<path>.<i>", "<path>.count") cannot be set alone: `extends` replaces arrays
// whole. For those the base's resolved array (`lmr-engine --config BASE config`) is copied and
// the tuned entries changed; a count shortens the list (raising it beyond the entries the file
// holds is refused: a file has no hidden slots). For a tune of any other engine's UCI options,
// OpenBench's params lines or `setoption` lines (ExportFormat).

#include <filesystem>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "harness/tournament/run_plan.hpp"
#include "harness/tune/spsa.hpp"

namespace lmr::tune {

// True when a parameter names a list entry or a list's count, which needs the resolved base.
bool is_list_param(const std::string& name);
bool needs_resolved_base(const std::vector<SpsaParam>& params);

// `base` relative to the directory of `out_file` (both made absolute first); absolute when no
// relative path exists.
std::string relative_extends(const std::filesystem::path& base,
                             const std::filesystem::path& out_file);

struct ExportRequest {
    std::filesystem::path base_config;  // as stored in the plan (absolute in tunes)
    std::filesystem::path out_file;
    std::vector<SpsaParam> params;
    std::vector<double> theta;
    std::string name;
    std::string description;
    // The base config resolved (extends merged); needed only for list parameters.
    std::optional<nlohmann::json> resolved_base;
};

// Throws std::runtime_error naming the parameter when a value cannot be placed. Keys keep their
// insertion order: extends, name, description, then the parameters.
nlohmann::ordered_json exported_config(const ExportRequest& request);

// The forms `tune export` writes.
//   kConfig     an LMR config that extends the base (tunes of lmr-engine with --base only)
//   kOpenBench  one line per parameter, "NAME, TYPE, VALUE, MIN, MAX, C_END, R_END": OpenBench's
//               params format with the tuned value in START's place, so `tune --params-file`
//               reads it back and a further tune starts where this one ended
//   kSetoption  one "setoption name NAME value VALUE" line per parameter, the value as sent
enum class ExportFormat { kConfig, kOpenBench, kSetoption };
std::optional<ExportFormat> parse_export_format(std::string_view text);  // "config", ...
std::string_view to_string(ExportFormat format);
// kConfig for a tune of an LMR config, kOpenBench for any other engine's.
ExportFormat default_export_format(const tournament::RunPlan& plan);

// The text of the kOpenBench and kSetoption forms (integers rounded as sent).
std::string openbench_lines(const std::vector<SpsaParam>& params, const std::vector<double>& theta);
std::string setoption_lines(const std::vector<SpsaParam>& params, const std::vector<double>& theta);

// The `lmr-harness sprt` command line that tests the tuned values against the start with the
// tune's time control, book, adjudication and concurrency: for a tune of an LMR config, the
// exported config (`exported`) against the base config; for any other engine, two --engine
// specs of the tuned engine, the first with each parameter set to its tuned value
// (option.NAME=VALUE), the second as the tune started it. Paths are shown relative to `cwd`
// when shorter.
std::string sprt_command(const tournament::RunPlan& plan, const std::vector<SpsaParam>& params,
                         const std::vector<double>& theta, const std::filesystem::path& exported,
                         const std::string& db_path, const std::filesystem::path& cwd);

}  // namespace lmr::tune
