// The stored form of a run plan (run_plan.hpp: to_json, plan_from_json): the JSON a run keeps in
// runs.plan_json so that `resume` rebuilds the very same plan. It is a format of its own, apart
// from the MPI wire (harness/games/wire), because the two must change differently: the wire
// joins two processes of one build and is strict, a stored plan must stay readable by every
// later build. So a field added to RunPlan is written from then on and read with its default
// when absent (a plan stored before the field existed played that default); the fields that
// say which games a run is (kind, pairing, engines, time control, book, seed, pairs) are
// required; a key this build does not know (a plan of a newer build) or a value of the wrong
// type is an error naming the field, never skipped. Version 1 is every plan stored so far.

#include <optional>
#include <set>
#include <stdexcept>

#include "harness/match/adjudication_json.hpp"
#include "harness/tournament/run_plan.hpp"
#include "harness/tournament/run_settings.hpp"

namespace lmr::tournament {
namespace {

constexpr int kVersion = 1;

[[noreturn]] void unreadable(const std::string& problem) {
    throw std::runtime_error("stored run plan: " + problem);
}

// One object of a stored plan, read key by key: `path` names it in messages
// ("adjudication.draw.").
class StoredObject {
  public:
    StoredObject(const nlohmann::json& json, std::string path)
        : json_(json), path_(std::move(path)) {
        if (!json_.is_object())
            unreadable(
                (path_.empty() ? std::string("the plan") : path_.substr(0, path_.size() - 1)) +
                " is " + json_.dump() + ", not an object");
    }

    // The value of `key`, or `fallback` when the plan was stored before the field existed.
    template <typename T>
    T get(const char* key, T fallback) {
        const nlohmann::json* value = find(key);
        return value ? convert<T>(*value, key) : fallback;
    }
    template <typename T>
    T require(const char* key) {
        return convert<T>(required(key), key);
    }
    // The value of `key` when the plan has it (an optional field: no default to fall back on).
    template <typename T>
    std::optional<T> value_if_present(const char* key) {
        const nlohmann::json* value = find(key);
        if (!value) return std::nullopt;
        return convert<T>(*value, key);
    }
    // A time control written as --tc takes it; a bad one is named by its path.
    match::TimeControl time_control(const std::string& text, const char* key) const {
        try {
            return match::parse_time_control(text);
        } catch (const match::TimeControlError& e) {
            unreadable(path_ + key + " '" + text + "': " + e.what());
        }
    }
    // A nested object or array; nullptr when absent.
    const nlohmann::json* find(const char* key) {
        read_.insert(key);
        const auto it = json_.find(key);
        return it == json_.end() ? nullptr : &*it;
    }
    const nlohmann::json& required(const char* key) {
        const nlohmann::json* value = find(key);
        if (!value) unreadable(path_ + key + " is missing");
        return *value;
    }
    std::string path_of(const char* key) const { return path_ + key; }
    // Every key was asked for: one that was not is a field this build does not know.
    void check_known() const {
        for (const auto& [key, value] : json_.items())
            if (read_.count(key) == 0U)
                unreadable(path_ + key +
                           " is not a field this build knows (stored by a newer "
                           "build?)");
    }

  private:
    template <typename T>
    T convert(const nlohmann::json& value, const char* key) const {
        try {
            return value.get<T>();
        } catch (const nlohmann::json::exception&) {
            unreadable(path_ + key + " is " + value.dump() + ", of the wrong type");
        }
    }

    const nlohmann::json& json_;
    std::string path_;
    std::set<std::string> read_;
};

// Where a setting is kept: its object ("book", or "" for the plan itself) and its key there.
std::pair<std::string, std::string> stored_place(const RunSetting& setting) {
    const std::size_t dot = setting.key.find('.');
    if (dot == std::string_view::npos) return {"", std::string(setting.key)};
    return {std::string(setting.key.substr(0, dot)), std::string(setting.key.substr(dot + 1))};
}

nlohmann::json options_to_json(const std::vector<std::pair<std::string, std::string>>& options) {
    nlohmann::json list = nlohmann::json::array();
    for (const auto& [name, value] : options) list.push_back({name, value});
    return list;
}

std::vector<std::pair<std::string, std::string>> options_from_json(const nlohmann::json& list,
                                                                   const std::string& path) {
    std::vector<std::pair<std::string, std::string>> options;
    if (!list.is_array()) unreadable(path + " is " + list.dump() + ", not a list");
    for (const auto& pair : list) {
        if (!pair.is_array() || pair.size() != 2 || !pair[0].is_string() || !pair[1].is_string())
            unreadable(path + " holds " + pair.dump() + ", not a [name, value] pair");
        options.emplace_back(pair[0].get<std::string>(), pair[1].get<std::string>());
    }
    return options;
}

match::AdjudicationConfig adjudication_from_json(const nlohmann::json& json) {
    match::AdjudicationConfig adj;
    StoredObject object(json, "adjudication.");
    if (const nlohmann::json* draw_json = object.find("draw")) {
        StoredObject draw(*draw_json, "adjudication.draw.");
        adj.draw.enabled = draw.get("enabled", adj.draw.enabled);
        adj.draw.move_number = draw.get("move_number", adj.draw.move_number);
        adj.draw.move_count = draw.get("move_count", adj.draw.move_count);
        adj.draw.score_cp = draw.get("score_cp", adj.draw.score_cp);
        draw.check_known();
    }
    if (const nlohmann::json* resign_json = object.find("resign")) {
        StoredObject resign(*resign_json, "adjudication.resign.");
        adj.resign.enabled = resign.get("enabled", adj.resign.enabled);
        adj.resign.move_count = resign.get("move_count", adj.resign.move_count);
        adj.resign.score_cp = resign.get("score_cp", adj.resign.score_cp);
        adj.resign.two_sided = resign.get("two_sided", adj.resign.two_sided);
        resign.check_known();
    }
    adj.max_moves = object.get("max_moves", adj.max_moves);
    object.check_known();
    return adj;
}

nlohmann::json engine_to_json(const EnginePlan& engine) {
    nlohmann::json json = {{"name", engine.name},
                           {"argv", engine.argv},
                           {"options", options_to_json(engine.options)},
                           {"config_path", engine.config_path},
                           {"role", store::to_string(engine.role)}};
    if (engine.time_control) json["time_control"] = engine.time_control->to_string();
    if (engine.time_margin_ms) json["time_margin_ms"] = *engine.time_margin_ms;
    return json;
}

EnginePlan engine_from_json(const nlohmann::json& json, std::size_t index) {
    const std::string path = "engines[" + std::to_string(index) + "].";
    StoredObject object(json, path);
    EnginePlan engine;
    engine.name = object.require<std::string>("name");
    engine.argv = object.require<std::vector<std::string>>("argv");
    if (const nlohmann::json* options = object.find("options"))
        engine.options = options_from_json(*options, object.path_of("options"));
    engine.config_path = object.get("config_path", engine.config_path);
    const auto role_text = object.get("role", std::string(store::to_string(engine.role)));
    const auto role = store::parse_engine_role(role_text);
    if (!role) unreadable(object.path_of("role") + " '" + role_text + "' is no engine role");
    engine.role = *role;
    if (const auto text = object.value_if_present<std::string>("time_control"))
        engine.time_control = object.time_control(*text, "time_control");
    engine.time_margin_ms = object.value_if_present<std::int64_t>("time_margin_ms");
    object.check_known();
    return engine;
}

}  // namespace

nlohmann::json to_json(const RunPlan& plan) {
    nlohmann::json engines = nlohmann::json::array();
    for (const auto& engine : plan.engines) engines.push_back(engine_to_json(engine));
    nlohmann::json json = {
        {"version", kVersion},
        {"kind", store::to_string(plan.kind)},
        {"pairing", to_string(plan.pairing)},
        {"engines", engines},
        {"time_control", plan.time_control.to_string()},
        {"adjudication", match::adjudication_to_json(plan.adjudication)},
        {"book", {{"path", plan.book.path}}},
        // Kept as text: JSON numbers cannot carry every 64-bit seed exactly.
        {"seed", std::to_string(plan.seed)},
        {"pairs", plan.pairs},
    };
    for (const RunSetting& setting : run_settings()) {
        const nlohmann::json value = setting.get(plan);
        if (setting.kind == RunSetting::Kind::kText && value.get<std::string>().empty()) continue;
        const auto [object, key] = stored_place(setting);
        (object.empty() ? json : json[object])[key] = value;
    }
    if (plan.sprt)
        json["sprt"] = {{"elo0", plan.sprt->elo0},
                        {"elo1", plan.sprt->elo1},
                        {"alpha", plan.sprt->alpha},
                        {"beta", plan.sprt->beta},
                        {"model", stats::model_name(plan.sprt->model)}};
    return json;
}

RunPlan plan_from_json(const nlohmann::json& json) {
    StoredObject object(json, "");
    const int version = object.require<int>("version");
    if (version != kVersion)
        unreadable("plan version " + std::to_string(version) + " is not known to this build");
    RunPlan plan;
    const auto kind_text = object.require<std::string>("kind");
    const auto kind = store::parse_run_kind(kind_text);
    if (!kind) unreadable("kind '" + kind_text + "' is no run kind");
    plan.kind = *kind;
    const auto pairing_text = object.require<std::string>("pairing");
    const auto pairing = parse_pairing(pairing_text);
    if (!pairing) unreadable("pairing '" + pairing_text + "' is no pairing");
    plan.pairing = *pairing;
    const nlohmann::json& engines = object.required("engines");
    if (!engines.is_array()) unreadable("engines is " + engines.dump() + ", not a list");
    for (std::size_t i = 0; i < engines.size(); ++i)
        plan.engines.push_back(engine_from_json(engines[i], i));
    plan.time_control =
        object.time_control(object.require<std::string>("time_control"), "time_control");
    if (const nlohmann::json* adjudication = object.find("adjudication"))
        plan.adjudication = adjudication_from_json(*adjudication);
    StoredObject book(object.required("book"), "book.");
    plan.book.path = book.require<std::string>("path");
    const auto seed_text = object.require<std::string>("seed");
    std::size_t used = 0;
    try {
        plan.seed = std::stoull(seed_text, &used);
    } catch (const std::logic_error&) {
        used = 0;
    }
    if (used == 0 || used != seed_text.size())
        unreadable("seed '" + seed_text + "' is not a 64-bit number");
    plan.pairs = object.require<std::int64_t>("pairs");
    if (const nlohmann::json* sprt_json = object.find("sprt")) {
        StoredObject sprt(*sprt_json, "sprt.");
        stats::SprtParams params;
        params.elo0 = sprt.require<double>("elo0");
        params.elo1 = sprt.require<double>("elo1");
        params.alpha = sprt.require<double>("alpha");
        params.beta = sprt.require<double>("beta");
        const auto model_text = sprt.get("model", std::string(stats::model_name(params.model)));
        const auto model = stats::parse_model(model_text);
        if (!model) unreadable("sprt.model '" + model_text + "' is no SPRT model");
        params.model = *model;
        sprt.check_known();
        plan.sprt = params;
    }
    // The settings of the table, each read with its default when the plan has none.
    for (const RunSetting& setting : run_settings()) {
        const auto [place, key] = stored_place(setting);
        StoredObject& from = place.empty() ? object : book;
        if (const nlohmann::json* value = from.find(key.c_str())) {
            try {
                setting.set(plan, *value);
            } catch (const nlohmann::json::exception&) {
                unreadable(std::string(setting.key) + " is " + value->dump() +
                           ", of the wrong type");
            }
        }
    }
    book.check_known();
    object.check_known();
    return plan;
}

}  // namespace lmr::tournament
