#include "harness/cli/engine_flags.hpp"

#include <cstdlib>
#include <filesystem>

#include "engine/text/text.hpp"
#include "harness/match/time_control.hpp"

namespace lmr::cli {

std::filesystem::path default_engine_binary() {
    if (const char* env = std::getenv("LMR_ENGINE")) return env;
    std::error_code ec;
    const auto self = std::filesystem::read_symlink("/proc/self/exe", ec);
    if (!ec) {
        // Build tree: build/<preset>/harness/lmr-harness beside build/<preset>/engine/lmr-engine;
        // installed: both in one directory.
        for (const auto& candidate : {self.parent_path().parent_path() / "engine" / "lmr-engine",
                                      self.parent_path() / "lmr-engine"})
            if (std::filesystem::exists(candidate)) return candidate;
    }
    return "lmr-engine";
}

std::vector<tournament::EnginePlan> take_engine_flags(CommandContext& context) {
    std::vector<tournament::EnginePlan> engines;
    std::vector<std::string> rest;
    auto& args = context.args;
    for (std::size_t i = 0; i < args.size(); ++i) {
        if (args[i] != "--engine") {
            rest.push_back(args[i]);
            continue;
        }
        tournament::EnginePlan engine;
        std::string command;
        // the engine's own tc=, st=, nodes=, depth=, nodestime=, in --tc's grammar
        std::string limits;
        const std::string expected =
            "name=, cmd=, arg=, option.NAME=, tc=, st=, nodes=, depth=, "
            "nodestime= or timemargin=";
        while (i + 1 < args.size() && args[i + 1].rfind("--", 0) != 0) {
            const std::string& word = args[++i];
            const auto eq = word.find('=');
            if (eq == std::string::npos) throw flag_error("--engine", word, "expected " + expected);
            const std::string key = word.substr(0, eq), value = word.substr(eq + 1);
            // One engine has one name, one program and one value per UCI option: a second one
            // is a mistake that would otherwise replace the first without a word.
            if (key == "name" || key == "cmd") {
                std::string& field = key == "name" ? engine.name : command;
                if (!field.empty()) throw flag_error("--engine", word, key + "= is given twice");
                if (value.empty()) throw flag_error("--engine", word, "has no value after '='");
                field = value;
            } else if (key == "arg") {
                engine.argv.push_back(value);
            } else if (key.rfind("option.", 0) == 0 && key.size() > 7) {
                const std::string name = key.substr(7);
                for (const auto& option : engine.options)
                    if (text::iequals(option.first, name))
                        throw flag_error("--engine", word, "option." + name + " is given twice");
                engine.options.emplace_back(name, value);
            } else if (key == "tc" || key == "st" || key == "nodes" || key == "depth" ||
                       key == "nodestime") {
                limits += (limits.empty() ? "" : " ") + word;
            } else if (key == "timemargin") {
                if (engine.time_margin_ms)
                    throw flag_error("--engine", word, "timemargin= is given twice");
                engine.time_margin_ms = parse_count("--engine timemargin", value);
            } else {
                throw flag_error("--engine", word,
                                 "unknown key '" + key + "' (expected " + expected + ")");
            }
        }
        if (command.empty()) throw UsageError("--engine needs cmd=PROGRAM");
        if (!limits.empty()) {
            try {
                engine.time_control = match::parse_time_control(limits);
            } catch (const match::TimeControlError& e) {
                throw flag_error("--engine", limits, e.problem());
            }
        }
        engine.argv.insert(engine.argv.begin(), command);
        if (engine.name.empty()) engine.name = std::filesystem::path(command).filename().string();
        engines.push_back(std::move(engine));
    }
    args = std::move(rest);
    return engines;
}

tournament::EnginePlan config_engine(const po::variables_map& values, const std::string& path,
                                     store::EngineRole role) {
    if (!std::filesystem::exists(path))
        throw UsageError("config file '" + path + "' does not exist");
    // A device or a FIFO would never end or never open; the engine refuses them too.
    if (!std::filesystem::is_regular_file(path))
        throw UsageError("config file '" + path + "' is not a regular file");
    tournament::EnginePlan engine;
    engine.name = std::filesystem::path(path).stem().string();
    const std::string binary = values.count("engine-binary")
                                   ? values["engine-binary"].as<std::string>()
                                   : default_engine_binary().string();
    engine.argv = {binary, "--config", path};
    engine.config_path = path;
    engine.role = role;
    return engine;
}

std::vector<tournament::EnginePlan> head_to_head_engines(
    const po::variables_map& values, std::vector<tournament::EnginePlan> engines) {
    if (values.count("base") || values.count("test")) {
        if (!values.count("base") || !values.count("test") || !engines.empty())
            throw UsageError("give --base and --test (configs), or two --engine specs");
        engines.push_back(
            config_engine(values, values["base"].as<std::string>(), store::EngineRole::kBase));
        engines.push_back(
            config_engine(values, values["test"].as<std::string>(), store::EngineRole::kTest));
        if (engines[0].name == engines[1].name) {
            engines[0].name += "-base";
            engines[1].name += "-test";
        }
        return engines;
    }
    if (engines.size() != 2)
        throw UsageError("give --base and --test (configs), or exactly two --engine specs");
    // The engine under test is the first, as in cutechess-cli, fastchess, fishtest and
    // OpenBench: a command line ported from them keeps its sign and its exit code's meaning.
    engines[0].role = store::EngineRole::kTest;
    engines[1].role = store::EngineRole::kBase;
    return engines;
}

}  // namespace lmr::cli
