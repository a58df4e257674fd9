#include "harness/games/wire.hpp"

#include <utility>

#include "engine/lmr/stats.hpp"

namespace lmr::games {
namespace {

using nlohmann::json;
using SystemClock = std::chrono::system_clock;

// UCI options in their order, as [[name, value], …].
json options_to_json(const std::vector<std::pair<std::string, std::string>>& options) {
    json list = json::array();
    for (const auto& [name, value] : options) list.push_back({name, value});
    return list;
}

std::vector<std::pair<std::string, std::string>> options_from_json(const json& list) {
    std::vector<std::pair<std::string, std::string>> options;
    for (const auto& pair : list)
        options.emplace_back(pair.at(0).get<std::string>(), pair.at(1).get<std::string>());
    return options;
}

json adjudication_to_json(const match::AdjudicationConfig& adj) {
    return {{"draw",
             {{"enabled", adj.draw.enabled},
              {"move_number", adj.draw.move_number},
              {"move_count", adj.draw.move_count},
              {"score_cp", adj.draw.score_cp}}},
            {"resign",
             {{"enabled", adj.resign.enabled},
              {"move_count", adj.resign.move_count},
              {"score_cp", adj.resign.score_cp},
              {"two_sided", adj.resign.two_sided}}},
            {"max_moves", adj.max_moves}};
}

match::AdjudicationConfig adjudication_from_json(const json& j) {
    match::AdjudicationConfig adj;
    const auto& draw = j.at("draw");
    adj.draw.enabled = draw.at("enabled").get<bool>();
    adj.draw.move_number = draw.at("move_number").get<int>();
    adj.draw.move_count = draw.at("move_count").get<int>();
    adj.draw.score_cp = draw.at("score_cp").get<int>();
    const auto& resign = j.at("resign");
    adj.resign.enabled = resign.at("enabled").get<bool>();
    adj.resign.move_count = resign.at("move_count").get<int>();
    adj.resign.score_cp = resign.at("score_cp").get<int>();
    adj.resign.two_sided = resign.at("two_sided").get<bool>();
    adj.max_moves = j.at("max_moves").get<int>();
    return adj;
}

json parse(std::string_view text, std::string_view what) {
    try {
        return json::parse(text);
    } catch (const json::exception& e) {
        throw WireError(std::string(what) + ": not JSON: " + e.what());
    }
}

// Runs `read` on a parsed message; a missing or mistyped field becomes a WireError that names
// the message and nlohmann's path to the field.
template <typename Read>
auto decode(std::string_view text, std::string_view what, Read read) {
    const json message = parse(text, what);
    try {
        return read(message);
    } catch (const json::exception& e) {
        throw WireError(std::string(what) + ": " + e.what());
    }
}

json score_to_json(const std::optional<core::Score>& score) {
    if (!score) return nullptr;
    return {{"mate", score->is_mate()},
            {"value", score->value},
            {"bound", static_cast<int>(score->bound)}};
}

std::optional<core::Score> score_from_json(const json& j) {
    if (j.is_null()) return std::nullopt;
    core::Score score = j.at("mate").get<bool>() ? core::Score::mate(j.at("value").get<int>())
                                                 : core::Score::cp(j.at("value").get<int>());
    const int bound = j.at("bound").get<int>();
    if (bound < 0 || bound > static_cast<int>(core::Score::Bound::kUpper))
        throw WireError("score bound " + std::to_string(bound) + " is none of the three");
    score.bound = static_cast<core::Score::Bound>(bound);
    return score;
}

std::int64_t ticks(SystemClock::time_point t) {
    return static_cast<std::int64_t>(t.time_since_epoch().count());
}

SystemClock::time_point time_point(const json& j) {
    return SystemClock::time_point(SystemClock::duration(j.get<std::int64_t>()));
}

template <typename T>
json optional_to_json(const std::optional<T>& value) {
    return value ? json(*value) : json(nullptr);
}

template <typename T>
std::optional<T> optional_from_json(const json& j) {
    if (j.is_null()) return std::nullopt;
    return j.get<T>();
}

json move_to_json(const match::MoveRecord& m) {
    json j = {{"ply", m.ply},
              {"uci", m.uci},
              {"san", m.san},
              {"score", score_to_json(m.score)},
              {"depth", m.depth},
              {"seldepth", m.seldepth},
              {"nodes", m.nodes},
              {"nps", m.nps},
              {"time_ms", m.time_ms},
              {"clock_left_ms", optional_to_json(m.clock_left_ms)},
              {"hashfull", m.hashfull},
              {"tbhits", m.tbhits},
              {"engine_time_ms", optional_to_json(m.engine_time_ms)},
              {"pv", m.pv}};
    if (!m.kept_lines.empty()) j["kept_lines"] = m.kept_lines;  // only under match_line=
    return j;
}

match::MoveRecord move_from_json(const json& j) {
    match::MoveRecord m;
    m.ply = j.at("ply").get<int>();
    m.uci = j.at("uci").get<std::string>();
    m.san = j.at("san").get<std::string>();
    m.score = score_from_json(j.at("score"));
    m.depth = j.at("depth").get<int>();
    m.seldepth = j.at("seldepth").get<int>();
    m.nodes = j.at("nodes").get<std::uint64_t>();
    m.nps = j.at("nps").get<std::uint64_t>();
    m.time_ms = j.at("time_ms").get<std::int64_t>();
    m.clock_left_ms = optional_from_json<std::int64_t>(j.at("clock_left_ms"));
    m.hashfull = j.at("hashfull").get<int>();
    m.tbhits = j.at("tbhits").get<std::uint64_t>();
    m.engine_time_ms = optional_from_json<std::int64_t>(j.at("engine_time_ms"));
    m.pv = j.at("pv").get<std::vector<std::string>>();
    if (j.contains("kept_lines")) m.kept_lines = j.at("kept_lines").get<std::vector<std::string>>();
    return m;
}

// lmr-engine's own line form carries every counter (engine/lmr/stats.hpp).
json lmr_to_json(const std::optional<match::LmrGameStats>& stats) {
    if (!stats) return nullptr;
    return {{"reports", stats->reports}, {"line", lmr::format_report_line(stats->total)}};
}

std::optional<match::LmrGameStats> lmr_from_json(const json& j) {
    if (j.is_null()) return std::nullopt;
    const std::string line = j.at("line").get<std::string>();
    auto total = lmr::parse_report_line(line);
    if (!total) throw WireError("LMR statistics line '" + line + "' does not parse");
    return match::LmrGameStats{j.at("reports").get<int>(), *total};
}

json pv_to_json(const match::PvTally& tally) {
    return {{"searches", tally.searches},
            {"pvs", tally.pvs},
            {"counts", tally.counts},
            {"first", tally.first}};
}

match::PvTally pv_from_json(const json& j) {
    match::PvTally tally;
    tally.searches = j.at("searches").get<int>();
    tally.pvs = j.at("pvs").get<int>();
    tally.counts = j.at("counts").get<decltype(tally.counts)>();
    tally.first = j.at("first").get<decltype(tally.first)>();
    return tally;
}

json spec_to_json(const uci_client::EngineSpec& spec) {
    return {{"name", spec.name},
            {"argv", spec.argv},
            {"options", options_to_json(spec.options)},
            {"options_if_offered", options_to_json(spec.options_if_offered)},
            {"working_dir", spec.working_dir},
            {"strict_options", spec.strict_options},
            {"discard_stderr", spec.discard_stderr}};
}

uci_client::EngineSpec spec_from_json(const json& j) {
    uci_client::EngineSpec spec;
    spec.name = j.at("name").get<std::string>();
    spec.argv = j.at("argv").get<std::vector<std::string>>();
    spec.options = options_from_json(j.at("options"));
    spec.options_if_offered = options_from_json(j.at("options_if_offered"));
    spec.working_dir = j.at("working_dir").get<std::string>();
    spec.strict_options = j.at("strict_options").get<bool>();
    spec.discard_stderr = j.at("discard_stderr").get<bool>();
    return spec;
}

std::chrono::milliseconds ms(const json& j) {
    return std::chrono::milliseconds(j.get<std::int64_t>());
}

}  // namespace

std::string encode(const GameJob& job) {
    return json{{"id", job.id},
                {"white", job.white},
                {"black", job.black},
                {"fen", job.opening.fen},
                {"moves", job.opening.moves}}
        .dump();
}

GameJob decode_game_job(std::string_view text) {
    return decode(text, "game job", [](const json& j) {
        GameJob job;
        job.id = j.at("id").get<std::int64_t>();
        job.white = j.at("white").get<int>();
        job.black = j.at("black").get<int>();
        job.opening.fen = j.at("fen").get<std::string>();
        job.opening.moves = j.at("moves").get<std::vector<std::string>>();
        return job;
    });
}

std::string encode(const match::GameRecord& game) {
    json moves = json::array();
    for (const auto& m : game.moves) moves.push_back(move_to_json(m));
    return json{{"white", game.white},
                {"black", game.black},
                {"start_fen", game.start_fen},
                {"opening_moves", game.opening_moves},
                {"opening_fen", game.opening_fen},
                {"moves", std::move(moves)},
                {"lmr_stats", {lmr_to_json(game.lmr_stats[0]), lmr_to_json(game.lmr_stats[1])}},
                {"pv_checks", {pv_to_json(game.pv_checks[0]), pv_to_json(game.pv_checks[1])}},
                {"final_fen", game.final_fen},
                {"result", core::result_token(game.result)},
                {"termination", core::termination_name(game.termination)},
                {"reason", game.reason},
                {"time_control", game.time_control},
                {"white_time_control", game.white_time_control},
                {"black_time_control", game.black_time_control},
                {"started", ticks(game.started)},
                {"finished", ticks(game.finished)}}
        .dump();
}

match::GameRecord decode_game_record(std::string_view text) {
    return decode(text, "game record", [](const json& j) {
        match::GameRecord game;
        game.white = j.at("white").get<std::string>();
        game.black = j.at("black").get<std::string>();
        game.start_fen = j.at("start_fen").get<std::string>();
        game.opening_moves = j.at("opening_moves").get<std::vector<std::string>>();
        game.opening_fen = j.at("opening_fen").get<std::string>();
        for (const auto& m : j.at("moves")) game.moves.push_back(move_from_json(m));
        for (int side = 0; side < 2; ++side) {
            game.lmr_stats[side] = lmr_from_json(j.at("lmr_stats").at(side));
            game.pv_checks[side] = pv_from_json(j.at("pv_checks").at(side));
        }
        game.final_fen = j.at("final_fen").get<std::string>();
        const std::string result = j.at("result").get<std::string>();
        game.result = core::parse_result(result);
        if (!game.result && result != "*") throw WireError("game result '" + result + "'");
        const std::string termination = j.at("termination").get<std::string>();
        const auto parsed = core::parse_termination(termination);
        if (!parsed) throw WireError("game termination '" + termination + "'");
        game.termination = *parsed;
        game.reason = j.at("reason").get<std::string>();
        game.time_control = j.at("time_control").get<std::string>();
        game.white_time_control = j.at("white_time_control").get<std::string>();
        game.black_time_control = j.at("black_time_control").get<std::string>();
        game.started = time_point(j.at("started"));
        game.finished = time_point(j.at("finished"));
        return game;
    });
}

std::string encode(const EngineSettings& settings) {
    json engines = json::array();
    for (const auto& spec : settings.engines) engines.push_back(spec_to_json(spec));
    const match::GameSettings& game = settings.game;
    json own_limits = json::array();
    for (const auto& [engine, limits] : settings.own_limits)
        own_limits.push_back({{"engine", engine},
                              {"time_control", limits.time_control.to_string()},
                              {"time_margin_ms", limits.margin.count()}});
    return json{{"engines", std::move(engines)},
                {"timeouts",
                 {{"handshake_ms", settings.timeouts.handshake.count()},
                  {"ready_ms", settings.timeouts.ready.count()},
                  {"quit_grace_ms", settings.timeouts.quit_grace.count()}}},
                {"time_control", game.time_control.to_string()},
                {"time_margin_ms", game.time_margin.count()},
                {"own_limits", std::move(own_limits)},
                {"kept_line_patterns", game.kept_line_patterns},
                {"adjudication", adjudication_to_json(game.adjudication)},
                {"stall_timeout_ms", game.stall_timeout.count()},
                {"restart_after_game", settings.restart_after_game}}
        .dump();
}

EngineSettings decode_engine_settings(std::string_view text) {
    return decode(text, "engine settings", [](const json& j) {
        EngineSettings settings;
        for (const auto& spec : j.at("engines")) settings.engines.push_back(spec_from_json(spec));
        const auto& timeouts = j.at("timeouts");
        settings.timeouts.handshake = ms(timeouts.at("handshake_ms"));
        settings.timeouts.ready = ms(timeouts.at("ready_ms"));
        settings.timeouts.quit_grace = ms(timeouts.at("quit_grace_ms"));
        try {
            settings.game.time_control =
                match::parse_time_control(j.at("time_control").get<std::string>());
            for (const auto& own : j.at("own_limits"))
                settings.own_limits[own.at("engine").get<int>()] = {
                    match::parse_time_control(own.at("time_control").get<std::string>()),
                    ms(own.at("time_margin_ms"))};
        } catch (const match::TimeControlError& e) {
            throw WireError(std::string("engine settings: ") + e.what());
        }
        settings.game.time_margin = ms(j.at("time_margin_ms"));
        settings.game.kept_line_patterns =
            j.at("kept_line_patterns").get<std::vector<std::string>>();
        settings.game.adjudication = adjudication_from_json(j.at("adjudication"));
        settings.game.stall_timeout = ms(j.at("stall_timeout_ms"));
        settings.restart_after_game = j.at("restart_after_game").get<bool>();
        return settings;
    });
}

}  // namespace lmr::games
