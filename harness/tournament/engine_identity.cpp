#include "harness/tournament/engine_identity.hpp"

#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <nlohmann/json.hpp>
#include <sstream>
#include <stdexcept>

#include "engine/text/text.hpp"
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

namespace {

std::string size_text(std::size_t bytes) {
    if (bytes % (std::size_t{1} << 20) == 0) return std::to_string(bytes >> 20) + " MiB";
    if (bytes % (std::size_t{1} << 10) == 0) return std::to_string(bytes >> 10) + " KiB";
    return std::to_string(bytes) + " bytes";
}

}  // namespace

std::string resolved_config_text(const std::filesystem::path& engine_binary,
                                 const std::string& config_path, std::size_t max_output) {
    process::ChildProcess child;
    process::SpawnOptions options;
    // The engine prints the config as JSON; a long free-text value (a description) is one line,
    // which must arrive whole: cut into pieces, the JSON would no longer parse.
    options.max_line_length = max_output;
    // The engine explains a bad config on its stderr, which stays the user's stderr.
    child.spawn({engine_binary.string(), "--config", config_path, "config"}, options);
    const auto too_long = [&] {
        return std::runtime_error("config " + config_path + ": " + engine_binary.string() +
                                  " printed more than " + size_text(max_output) +
                                  " for it, the most lmr-harness reads of a resolved config");
    };
    std::string text, line;
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
    while (child.read_line(line, deadline) == process::ReadStatus::kLine) {
        if (child.line_was_cut() || text.size() + line.size() + 1 > max_output) {
            child.kill();
            throw too_long();
        }
        text += line;
        text += '\n';
    }
    child.wait_exit(deadline);
    const bool ok = child.exit_code() == 0;
    child.terminate();
    if (!ok || text.empty())
        throw std::runtime_error("config " + config_path + " is not usable by " +
                                 engine_binary.string() + " (see its message above)");
    // Canonical form: the hash must not depend on the engine's spacing.
    try {
        return nlohmann::json::parse(text).dump();
    } catch (const nlohmann::json::exception& e) {
        // The parser quotes what it read last, which may be a whole long line.
        throw std::runtime_error("config " + config_path + ": " + engine_binary.string() +
                                 " printed it resolved as something that is not JSON (" +
                                 std::string(e.what()).substr(0, 300) + ")");
    }
}

store::EngineRecord engine_record(const EnginePlan& engine) {
    store::EngineRecord row;
    row.name = engine.name;
    row.command = text::joined(engine.argv, " ");
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

void guard_binary(uci_client::EngineSpec& spec) {
    const auto program = find_executable(spec.argv.at(0));
    if (program.empty()) return;
    const std::string recorded = store::sha256_file_hex_cached(program);
    spec.before_start = [name = spec.name, program, recorded] {
        std::string now;
        try {
            now = store::sha256_file_hex_cached(program);
        } catch (const std::exception& e) {
            now = std::string("unreadable (") + e.what() + ")";
        }
        if (now != recorded)
            throw std::runtime_error("engine '" + name +
                                     "' changed on disk during the run: " + program.string() +
                                     " had SHA-256 " + recorded + ", now " + now +
                                     "; the run stops (resume it with --allow-changed to go on "
                                     "with the new binary)");
    };
}

}  // namespace lmr::tournament
