#include "harness/cli/engine_flags.hpp"

#include <algorithm>
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

tournament::EnginePlan engine_from_settings(const EngineSettings& settings,
                                            const SettingProblem& problem) {
    tournament::EnginePlan engine;
    std::string command;
    std::string limits;  // the engine's own tc=, st=, nodes=, depth=, nodestime=, in --tc's grammar
    std::vector<std::string> seen;
    for (const auto& [key, value] : settings) {
        const std::string word = key + "=" + value;
        // One engine has one name, one program and one value per UCI option and limit: a second
        // one is a mistake that would otherwise replace the first without a word.
        const bool option = key.rfind("option.", 0) == 0 && key.size() > 7;
        const std::string once = option ? text::lower(key) : key;  // UCI names ignore case
        if (key != "arg") {
            if (std::find(seen.begin(), seen.end(), once) != seen.end())
                throw problem(word, key + (option ? "" : "=") + " is given twice");
            seen.push_back(once);
        }
        if (value.empty() && key != "arg" && !option) throw problem(word, "has no value after '='");
        if (key == "name") {
            engine.name = value;
        } else if (key == "cmd") {
            command = value;
        } else if (key == "arg") {
            engine.argv.push_back(value);
        } else if (option) {
            engine.options.emplace_back(key.substr(7), value);
        } else if (key == "tc" || key == "st" || key == "nodes" || key == "depth" ||
                   key == "nodestime") {
            limits += (limits.empty() ? "" : " ") + word;
        } else if (key == "timemargin") {
            long margin = 0;
            if (auto wrong = text::count_problem(value, margin)) throw problem(word, *wrong);
            engine.time_margin_ms = margin;
        } else {
            throw problem(word,
                          "unknown key '" + key +
                              "' (expected name=, cmd=, arg=, option.NAME=, tc=, st=, nodes=, "
                              "depth=, nodestime= or timemargin=)");
        }
    }
    if (command.empty()) throw problem("", "the engine has no cmd=PROGRAM");
    if (!limits.empty()) {
        try {
            engine.time_control = match::parse_time_control(limits);
        } catch (const match::TimeControlError& e) {
            throw problem(limits, e.problem());
        }
    }
    engine.argv.insert(engine.argv.begin(), command);
    if (engine.name.empty()) engine.name = std::filesystem::path(command).filename().string();
    return engine;
}

std::vector<tournament::EnginePlan> take_engine_flags(CommandContext& context) {
    std::vector<tournament::EnginePlan> engines;
    std::vector<std::string> rest;
    auto& args = context.args;
    const SettingProblem problem = [](const std::string& word, const std::string& what) {
        return word.empty() ? UsageError("--engine: " + what) : flag_error("--engine", word, what);
    };
    for (std::size_t i = 0; i < args.size(); ++i) {
        if (args[i] != "--engine") {
            rest.push_back(args[i]);
            continue;
        }
        EngineSettings settings;
        while (i + 1 < args.size() && args[i + 1].rfind("--", 0) != 0) {
            const std::string& word = args[++i];
            auto setting = split_setting(word);
            if (!setting)
                throw problem(word,
                              "expected name=, cmd=, arg=, option.NAME=, tc=, st=, nodes=, "
                              "depth=, nodestime= or timemargin=");
            settings.push_back(std::move(*setting));
        }
        engines.push_back(engine_from_settings(settings, problem));
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

void add_head_to_head_options(po::options_description& options) {
    options.add_options()("base", po::value<std::string>(), "base LMR config (JSON)")(
        "test", po::value<std::string>(),
        "test LMR config (JSON); the statistics are its point of view");
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
