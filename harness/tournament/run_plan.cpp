#include "harness/tournament/run_plan.hpp"

#include <algorithm>
#include <filesystem>
#include <stdexcept>

#include "harness/games/wire.hpp"

namespace lmr::tournament {
namespace {

nlohmann::json engine_to_json(const EnginePlan& engine) {
    nlohmann::json json = {{"name", engine.name},
                           {"argv", engine.argv},
                           {"options", games::options_to_json(engine.options)},
                           {"config_path", engine.config_path},
                           {"role", store::to_string(engine.role)}};
    if (engine.time_control) json["time_control"] = engine.time_control->to_string();
    if (engine.time_margin_ms) json["time_margin_ms"] = *engine.time_margin_ms;
    return json;
}

EnginePlan engine_from_json(const nlohmann::json& json) {
    EnginePlan engine;
    engine.name = json.at("name").get<std::string>();
    engine.argv = json.at("argv").get<std::vector<std::string>>();
    engine.options = games::options_from_json(json.at("options"));
    engine.config_path = json.value("config_path", "");
    auto role = store::parse_engine_role(json.at("role").get<std::string>());
    if (!role) throw std::runtime_error("unknown engine role " + json.at("role").dump());
    engine.role = *role;
    // Absent from the engines of plans stored before engines could have limits of their own.
    if (json.contains("time_control"))
        engine.time_control = match::parse_time_control(json.at("time_control").get<std::string>());
    if (json.contains("time_margin_ms"))
        engine.time_margin_ms = json.at("time_margin_ms").get<std::int64_t>();
    return engine;
}

}  // namespace

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

nlohmann::json to_json(const RunPlan& plan) {
    nlohmann::json engines = nlohmann::json::array();
    for (const auto& engine : plan.engines) engines.push_back(engine_to_json(engine));
    nlohmann::json json = {
        {"version", 1},
        {"kind", store::to_string(plan.kind)},
        {"pairing", to_string(plan.pairing)},
        {"engines", engines},
        {"time_control", plan.time_control.to_string()},
        {"time_margin_ms", plan.time_margin_ms},
        {"stall_timeout_ms", plan.stall_timeout_ms},
        {"startup_timeout_ms", plan.startup_timeout_ms},
        {"ready_timeout_ms", plan.ready_timeout_ms},
        {"restart_engines", plan.restart_engines},
        {"adjudication", games::adjudication_to_json(plan.adjudication)},
        {"book",
         {{"path", plan.book.path},
          {"order", openings::to_string(plan.book.order)},
          {"plies", plan.book.plies ? nlohmann::json(*plan.book.plies) : nlohmann::json()},
          {"start", plan.book.start}}},
        // Kept as text: JSON numbers cannot carry every 64-bit seed exactly.
        {"seed", std::to_string(plan.seed)},
        {"pairs", plan.pairs},
        {"concurrency", plan.concurrency},
        {"report_every", plan.report_every},
    };
    if (!plan.event.empty()) json["event"] = plan.event;
    if (!plan.site.empty()) json["site"] = plan.site;
    if (plan.sprt)
        json["sprt"] = {{"elo0", plan.sprt->elo0},
                        {"elo1", plan.sprt->elo1},
                        {"alpha", plan.sprt->alpha},
                        {"beta", plan.sprt->beta},
                        {"model", stats::model_name(plan.sprt->model)}};
    return json;
}

RunPlan plan_from_json(const nlohmann::json& json) {
    try {
        if (json.at("version").get<int>() != 1)
            throw std::runtime_error("plan version " + json.at("version").dump() +
                                     " is not known to this build");
        RunPlan plan;
        auto kind = store::parse_run_kind(json.at("kind").get<std::string>());
        auto pairing = parse_pairing(json.at("pairing").get<std::string>());
        if (!kind || !pairing) throw std::runtime_error("unknown run kind or pairing");
        plan.kind = *kind;
        plan.pairing = *pairing;
        for (const auto& engine : json.at("engines"))
            plan.engines.push_back(engine_from_json(engine));
        plan.time_control = match::parse_time_control(json.at("time_control").get<std::string>());
        plan.time_margin_ms = json.at("time_margin_ms").get<std::int64_t>();
        plan.stall_timeout_ms = json.value("stall_timeout_ms", plan.stall_timeout_ms);
        // Plans stored before these settings existed played with the defaults.
        plan.startup_timeout_ms = json.value("startup_timeout_ms", plan.startup_timeout_ms);
        plan.ready_timeout_ms = json.value("ready_timeout_ms", plan.ready_timeout_ms);
        plan.restart_engines = json.value("restart_engines", plan.restart_engines);
        plan.adjudication = games::adjudication_from_json(json.at("adjudication"));
        const auto& book = json.at("book");
        plan.book.path = book.at("path").get<std::string>();
        const auto order_text = book.at("order").get<std::string>();
        const auto order = openings::parse_book_order(order_text);
        if (!order) throw std::runtime_error("book.order '" + order_text + "' is no book order");
        plan.book.order = *order;
        if (!book.at("plies").is_null()) plan.book.plies = book.at("plies").get<int>();
        plan.book.start = book.at("start").get<std::int64_t>();
        plan.seed = std::stoull(json.at("seed").get<std::string>());
        plan.pairs = json.at("pairs").get<std::int64_t>();
        plan.concurrency = json.at("concurrency").get<int>();
        plan.report_every = json.at("report_every").get<int>();
        // Absent from plans stored before the runs could name them: the defaults.
        plan.event = json.value("event", "");
        plan.site = json.value("site", "");
        if (json.contains("sprt")) {
            const auto& sprt = json.at("sprt");
            stats::SprtParams params;
            params.elo0 = sprt.at("elo0").get<double>();
            params.elo1 = sprt.at("elo1").get<double>();
            params.alpha = sprt.at("alpha").get<double>();
            params.beta = sprt.at("beta").get<double>();
            const auto model_text = sprt.at("model").get<std::string>();
            const auto model = stats::parse_model(model_text);
            if (!model)
                throw std::runtime_error("sprt.model '" + model_text + "' is no SPRT model");
            params.model = *model;
            plan.sprt = params;
        }
        return plan;
    } catch (const nlohmann::json::exception& e) {
        throw std::runtime_error(std::string("stored run plan is not readable: ") + e.what());
    } catch (const match::TimeControlError& e) {
        throw std::runtime_error(std::string("stored run plan: time_control: ") + e.what());
    }
}

uci_client::EngineSpec engine_spec(const EnginePlan& engine) {
    uci_client::EngineSpec spec;
    spec.name = engine.name;
    spec.argv = engine.argv;
    spec.options = engine.options;
    return spec;
}

match::GameSettings game_settings(const RunPlan& plan) {
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
