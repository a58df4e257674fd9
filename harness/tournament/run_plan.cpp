#include "harness/tournament/run_plan.hpp"

#include <algorithm>
#include <filesystem>
#include <stdexcept>

#include "engine/text/text.hpp"

namespace lmr::tournament {

std::string_view to_string(Pairing pairing) {
    switch (pairing) {
        case Pairing::kHeadToHead:
            return "head-to-head";
        case Pairing::kRoundRobin:
            return "round-robin";
        case Pairing::kGauntlet:
            return "gauntlet";
    }
    return "head-to-head";
}

std::optional<Pairing> parse_pairing(std::string_view text) {
    for (Pairing p : {Pairing::kHeadToHead, Pairing::kRoundRobin, Pairing::kGauntlet})
        if (to_string(p) == text) return p;
    return std::nullopt;
}

uci_client::EngineSpec engine_spec(const EnginePlan& engine) {
    uci_client::EngineSpec spec;
    spec.name = engine.name;
    spec.argv = engine.argv;
    spec.options = engine.options;
    return spec;
}

namespace {

// The engine's own value of the nodestime option, if its options name it (any case, as UCI).
const std::string* own_nodes_time(const EnginePlan& engine) {
    for (const auto& [name, value] : engine.options)
        if (text::iequals(name, match::kNodesTimeOption)) return &value;
    return nullptr;
}

}  // namespace

uci_client::EngineSpec engine_spec(const RunPlan& plan, const EnginePlan& engine) {
    uci_client::EngineSpec spec = engine_spec(engine);
    const auto& rate = engine_limits(plan, engine).time_control.nodes_time;
    if (rate && !own_nodes_time(engine))
        spec.options.emplace_back(match::kNodesTimeOption, std::to_string(*rate));
    return spec;
}

match::GameSettings game_settings(const RunPlan& plan) {
    for (const EnginePlan& engine : plan.engines) {
        const auto& rate = engine_limits(plan, engine).time_control.nodes_time;
        const std::string* own = own_nodes_time(engine);
        if (rate && own && *own != std::to_string(*rate))
            throw std::invalid_argument(
                "engine '" + engine.name + "': option nodestime=" + *own +
                " differs from its clock's nodestime=" + std::to_string(*rate) +
                " (the clock gives the engine that option: leave it out)");
    }
    match::GameSettings settings;
    settings.time_control = plan.time_control;
    settings.time_margin = std::chrono::milliseconds(plan.time_margin_ms);
    settings.stall_timeout = std::chrono::milliseconds(plan.stall_timeout_ms);
    plan.adjudication.validate();
    settings.adjudication = plan.adjudication;
    return settings;
}

match::SideLimits engine_limits(const RunPlan& plan, const EnginePlan& engine) {
    return {engine.time_control.value_or(plan.time_control),
            std::chrono::milliseconds(engine.time_margin_ms.value_or(plan.time_margin_ms))};
}

std::map<int, match::SideLimits> own_limits(const RunPlan& plan) {
    std::map<int, match::SideLimits> own;
    for (std::size_t i = 0; i < plan.engines.size(); ++i) {
        const EnginePlan& engine = plan.engines[i];
        if (engine.time_control || engine.time_margin_ms)
            own.emplace(static_cast<int>(i), engine_limits(plan, engine));
    }
    return own;
}

std::string time_control_text(const RunPlan& plan) {
    const bool odds =
        std::any_of(plan.engines.begin(), plan.engines.end(), [&plan](const EnginePlan& e) {
            return e.time_control && *e.time_control != plan.time_control;
        });
    if (!odds) return plan.time_control.to_string();
    std::string text;
    for (const EnginePlan& engine : plan.engines)
        text += (text.empty() ? "" : "; ") + engine.name + " " +
                engine.time_control.value_or(plan.time_control).to_string();
    return text;
}

uci_client::UciTimeouts engine_timeouts(const RunPlan& plan) {
    uci_client::UciTimeouts timeouts;
    timeouts.handshake = std::chrono::milliseconds(plan.startup_timeout_ms);
    timeouts.ready = std::chrono::milliseconds(plan.ready_timeout_ms);
    return timeouts;
}

RunPlan with_absolute_paths(RunPlan plan) {
    const auto absolute = [](const std::string& path) {
        return std::filesystem::absolute(path).lexically_normal().string();
    };
    if (!plan.book.path.empty()) plan.book.path = absolute(plan.book.path);
    for (EnginePlan& engine : plan.engines) {
        if (!engine.argv.empty() && engine.argv[0].find('/') != std::string::npos)
            engine.argv[0] = absolute(engine.argv[0]);
        if (!engine.config_path.empty()) {
            const std::string config = absolute(engine.config_path);
            std::replace(engine.argv.begin() + 1, engine.argv.end(), engine.config_path, config);
            engine.config_path = config;
        }
    }
    return plan;
}

}  // namespace lmr::tournament
