#pragma once

// The result of a tune as an LMR config: a JSON file that `extends` the base config (by a path
// relative to where the file is written, as the config loader resolves it) and sets each tuned
// parameter at its config path, e.g. lmr.steps.history.weight = 14 becomes
// {"lmr": {"steps": {"history": {"weight": 14}}}}. Integers are rounded as they were sent.
//
// List entries ("<path>.<i>", "<path>.count") cannot be set alone: `extends` replaces arrays
// whole. For those the base's resolved array (`lmr-engine --config BASE config`) is copied and
// the tuned entries changed; a count shortens the list (raising it beyond the entries the file
// holds is refused: a file has no hidden slots).

#include <filesystem>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
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

// The `lmr-harness sprt` command line that tests the exported config against its base with the
// tune's time control, book and concurrency. Paths are shown relative to `cwd` when shorter.
std::string sprt_command(const tournament::RunPlan& plan, const std::filesystem::path& base_config,
                         const std::filesystem::path& exported, const std::string& db_path,
                         const std::filesystem::path& cwd);

}  // namespace lmr::tune
