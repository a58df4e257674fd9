#include "harness/tournament/engine_identity.hpp"

#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <sstream>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "harness/process/child_process.hpp"
#include "harness/store/sha256.hpp"

namespace lmr::tournament {

std::filesystem::path find_executable(const std::string& program) {
    if (program.find('/') != std::string::npos)
        return ::access(program.c_str(), X_OK) == 0 ? std::filesystem::path(program)
                                                    : std::filesystem::path();
    const char* path_env = std::getenv("PATH");
    std::stringstream dirs(path_env ? path_env : "/usr/bin:/bin");
    std::string dir;
    while (std::getline(dirs, dir, ':')) {
        auto candidate = std::filesystem::path(dir.empty() ? "." : dir) / program;
        if (::access(candidate.c_str(), X_OK) == 0) return candidate;
    }
    return {};
}

std::string resolved_config_text(const std::filesystem::path& engine_binary,
                                 const std::string& config_path) {
    process::ChildProcess child;
    // The engine explains a bad config on its stderr, which stays the user's stderr.
    child.spawn({engine_binary.string(), "--config", config_path, "config"});
    std::string text, line;
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
    while (child.read_line(line, deadline) == process::ReadStatus::kLine) text += line + "\n";
    child.wait_exit(deadline);
    const bool ok = child.exit_code() == 0;
    child.terminate();
    if (!ok || text.empty())
        throw std::runtime_error("config " + config_path + " is not usable by " +
                                 engine_binary.string() + " (see its message above)");
    // Canonical form: the hash must not depend on the engine's spacing.
    return nlohmann::json::parse(text).dump();
}

store::EngineRecord engine_record(const EnginePlan& engine) {
    store::EngineRecord row;
    row.name = engine.name;
    for (const auto& arg : engine.argv) row.command += (row.command.empty() ? "" : " ") + arg;
    nlohmann::json options = nlohmann::json::object();
    for (const auto& [name, value] : engine.options) options[name] = value;
    row.options_json = options.dump();
    const auto binary = find_executable(engine.argv.at(0));
    if (binary.empty())
        throw std::runtime_error("engine '" + engine.name + "': cannot find the program '" +
                                 engine.argv.at(0) + "'");
    row.binary_sha256 = store::sha256_file_hex(binary);
    if (!engine.config_path.empty())
        row.config_json = resolved_config_text(binary, engine.config_path);
    return row;
}

}  // namespace lmr::tournament
