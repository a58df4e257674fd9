#pragma once

// What the database records about an engine so a result can be traced to exactly what played:
// its command, options, the SHA-256 of its binary, and — for lmr-engine configs — the resolved
// config text (extends merged) with its SHA-256, as the engine itself resolves it.

#include <cstddef>
#include <filesystem>
#include <string>

#include "harness/store/records.hpp"
#include "harness/tournament/run_plan.hpp"
#include "harness/uci/uci_engine.hpp"

namespace lmr::tournament {

// The executable argv[0] names (searched on PATH when it has no '/'); empty when not found.
std::filesystem::path find_executable(const std::string& program);

// The most output (and so the longest line) read from `lmr-engine --config FILE config`: far
// above any real config (a 10 MB one is read whole), low enough that an engine printing
// without end cannot exhaust the harness's memory.
inline constexpr std::size_t kMaxConfigOutput = std::size_t{256} << 20;

// Runs `<lmr-engine> --config FILE config`, which prints the resolved config as JSON.
// Throws std::runtime_error with the engine's own message when the config is bad, and one
// naming the file and the limit when the output exceeds max_output.
std::string resolved_config_text(const std::filesystem::path& engine_binary,
                                 const std::string& config_path,
                                 std::size_t max_output = kMaxConfigOutput);

// Builds the engines row; throws std::runtime_error when the engine binary is missing or the
// config is bad.
store::EngineRecord engine_record(const EnginePlan& engine);

// Makes `spec` refuse to start its program once the file is no longer what it is now (the
// binary the run recorded, or accepted with --allow-changed): a rebuild or a copy over it
// during the run stops the run, naming the engine and both SHA-256s, instead of playing on
// under the old name. A program that cannot be found is left to fail when it is started.
void guard_binary(uci_client::EngineSpec& spec);

}  // namespace lmr::tournament
