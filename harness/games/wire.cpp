#include "harness/games/wire.hpp"

#include <limits>
#include <optional>
#include <utility>
#include <vector>

#include "engine/lmr/stats.hpp"
#include "harness/match/adjudication_json.hpp"

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

// ---- A finished game and a game job, compactly. Rank 0 of an MPI job encodes a job and decodes
// a finished game for every game its workers play; as JSON a 100-ply game (~23 kB) took ~0.4 ms
// to decode, more than storing it. Both ends run the same build (every rank checks the
// binaries' SHA-256), so the layout carries no version and no names: the fields in a fixed
// order, integers as LEB128 varints (signed ones zigzagged, so a small negative score stays one
// byte), text as its length then its bytes, an optional value as a presence byte (0 or 1)
// before it. Decoding checks every length against what is left and every enum against its
// range, and names the message, the field (and the move) it could not read.

// First in each message: a message of another kind is refused.
constexpr std::string_view kRecordMark = "LMRgame";
constexpr std::string_view kJobMark = "LMRjob";

class Writer {
  public:
    explicit Writer(std::string& out) : out_(out) {}

    void count(std::uint64_t value) {
        while (value >= 0x80) {
            out_.push_back(static_cast<char>(value | 0x80));
            value >>= 7;
        }
        out_.push_back(static_cast<char>(value));
    }
    void number(std::int64_t value) {
        count((static_cast<std::uint64_t>(value) << 1) ^ static_cast<std::uint64_t>(value >> 63));
    }
    void flag(bool value) { out_.push_back(value ? 1 : 0); }
    void text(std::string_view value) {
        count(value.size());
        out_.append(value);
    }
    void texts(const std::vector<std::string>& values) {
        count(values.size());
        for (const auto& value : values) text(value);
    }
    void optional_number(const std::optional<std::int64_t>& value) {
        flag(value.has_value());
        if (value) number(*value);
    }

  private:
    std::string& out_;
};

class Reader {
  public:
    // `what` names the message in errors: "game record".
    Reader(std::string_view data, std::string_view mark, const char* what)
        : data_(data), what_(what) {
        if (!data_.starts_with(mark))
            throw WireError(std::string(what_) + ": not one (it does not start with '" +
                            std::string(mark) + "')");
        at_ = mark.size();
    }

    // The move being read (1-based) names the place in a message; 0 outside the moves.
    void at_move(std::size_t move) { move_ = move; }

    std::uint64_t count(const char* field) {
        std::uint64_t value = 0;
        for (int shift = 0;; shift += 7) {
            if (at_ == data_.size()) fail(field, "the message ends inside it (truncated)");
            if (shift > 63) fail(field, "a number longer than 64 bits");
            const auto byte = static_cast<unsigned char>(data_[at_++]);
            value |= static_cast<std::uint64_t>(byte & 0x7f) << shift;
            if ((byte & 0x80) == 0) return value;
        }
    }
    std::int64_t number(const char* field) {
        const std::uint64_t zigzag = count(field);
        return static_cast<std::int64_t>(zigzag >> 1) ^ -static_cast<std::int64_t>(zigzag & 1);
    }
    int integer(const char* field) {
        const std::int64_t value = number(field);
        if (value < std::numeric_limits<int>::min() || value > std::numeric_limits<int>::max())
            fail(field, std::to_string(value) + " is out of range");
        return static_cast<int>(value);
    }
    // A small enum's value: below `limit`.
    int choice(const char* field, int limit) {
        const std::uint64_t value = count(field);
        if (value >= static_cast<std::uint64_t>(limit))
            fail(field, std::to_string(value) + " is none of the " + std::to_string(limit) +
                            " values it may take");
        return static_cast<int>(value);
    }
    bool flag(const char* field) { return choice(field, 2) == 1; }
    std::string_view text(const char* field) {
        const std::uint64_t size = count(field);
        if (size > left())
            fail(field, std::to_string(size) + " bytes announced, " + std::to_string(left()) +
                            " left (truncated)");
        const std::string_view value = data_.substr(at_, size);
        at_ += size;
        return value;
    }
    std::vector<std::string> texts(const char* field) {
        std::vector<std::string> values(items(field));
        for (auto& value : values) value = text(field);
        return values;
    }
    // A list's length, each item taking a byte at least: a corrupt length never reserves more.
    std::size_t items(const char* field) {
        const std::uint64_t size = count(field);
        if (size > left())
            fail(field, std::to_string(size) + " items announced, " + std::to_string(left()) +
                            " bytes left (truncated)");
        return static_cast<std::size_t>(size);
    }
    std::optional<std::int64_t> optional_number(const char* field) {
        if (!flag(field)) return std::nullopt;
        return number(field);
    }
    void end() {
        move_ = 0;
        if (left() != 0) fail("its end", std::to_string(left()) + " bytes after the last field");
    }

    [[noreturn]] void fail(const char* field, const std::string& why) const {
        std::string where = std::string(what_) + ": ";
        if (move_ > 0) where += "move " + std::to_string(move_) + ": ";
        throw WireError(where + field + ": " + why + " (byte " + std::to_string(at_) + " of " +
                        std::to_string(data_.size()) + ")");
    }

  private:
    std::size_t left() const { return data_.size() - at_; }

    std::string_view data_;
    const char* what_;
    std::size_t at_ = 0;
    std::size_t move_ = 0;
};

std::int64_t ticks(SystemClock::time_point t) {
    return static_cast<std::int64_t>(t.time_since_epoch().count());
}

SystemClock::time_point time_point(std::int64_t ticks) {
    return SystemClock::time_point(SystemClock::duration(ticks));
}

// The score: 0 none, 1 centipawns, 2 mate; then its bound and value.
void write_score(Writer& w, const std::optional<core::Score>& score) {
    w.count(!score ? 0 : score->is_mate() ? 2 : 1);
    if (!score) return;
    w.count(static_cast<std::uint64_t>(score->bound));
    w.number(score->value);
}

std::optional<core::Score> read_score(Reader& r) {
    const int kind = r.choice("score", 3);
    if (kind == 0) return std::nullopt;
    constexpr int kBounds = static_cast<int>(core::Score::Bound::kUpper) + 1;
    const auto bound = static_cast<core::Score::Bound>(r.choice("score bound", kBounds));
    core::Score score =
        kind == 2 ? core::Score::mate(r.integer("score")) : core::Score::cp(r.integer("score"));
    score.bound = bound;
    return score;
}

void write_move(Writer& w, const core::MoveRecord& m) {
    w.number(m.ply);
    w.text(m.uci);
    w.text(m.san);
    write_score(w, m.score);
    w.number(m.depth);
    w.number(m.seldepth);
    w.count(m.nodes);
    w.count(m.nps);
    w.number(m.time_ms);
    w.optional_number(m.clock_left_ms);
    w.number(m.hashfull);
    w.count(m.tbhits);
    w.optional_number(m.engine_time_ms);
    w.texts(m.pv);
    w.texts(m.kept_lines);
}

void read_move(Reader& r, core::MoveRecord& m) {
    m.ply = r.integer("ply");
    m.uci = r.text("uci");
    m.san = r.text("san");
    m.score = read_score(r);
    m.depth = r.integer("depth");
    m.seldepth = r.integer("seldepth");
    m.nodes = r.count("nodes");
    m.nps = r.count("nps");
    m.time_ms = r.number("time_ms");
    m.clock_left_ms = r.optional_number("clock_left_ms");
    m.hashfull = r.integer("hashfull");
    m.tbhits = r.count("tbhits");
    m.engine_time_ms = r.optional_number("engine_time_ms");
    m.pv = r.texts("pv");
    m.kept_lines = r.texts("kept_lines");
}

// lmr-engine's own line form carries every counter (engine/lmr/stats.hpp).
void write_lmr(Writer& w, const std::optional<core::LmrGameStats>& stats) {
    w.flag(stats.has_value());
    if (!stats) return;
    w.number(stats->reports);
    w.text(reduction::format_report_line(stats->total));
}

std::optional<core::LmrGameStats> read_lmr(Reader& r) {
    if (!r.flag("LMR statistics")) return std::nullopt;
    const int reports = r.integer("LMR statistics reports");
    const std::string_view line = r.text("LMR statistics line");
    auto total = reduction::parse_report_line(line);
    if (!total) r.fail("LMR statistics line", "'" + std::string(line) + "' does not parse");
    return core::LmrGameStats{reports, *total};
}

void write_pv(Writer& w, const core::PvTally& tally) {
    w.number(tally.searches);
    w.number(tally.pvs);
    w.count(tally.counts.size());
    for (const int count : tally.counts) w.number(count);
    for (const auto& first : tally.first) w.text(first);
}

core::PvTally read_pv(Reader& r) {
    core::PvTally tally;
    tally.searches = r.integer("PV checks searches");
    tally.pvs = r.integer("PV checks pvs");
    const std::uint64_t kinds = r.count("PV checks kinds");
    if (kinds != tally.counts.size())
        r.fail("PV checks kinds", std::to_string(kinds) + " kinds, this build has " +
                                      std::to_string(tally.counts.size()));
    for (int& count : tally.counts) count = r.integer("PV checks count");
    for (auto& first : tally.first) first = r.text("PV checks first");
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
    std::string out(kJobMark);
    Writer w(out);
    w.number(job.id);
    w.number(job.white);
    w.number(job.black);
    w.text(job.opening.fen);
    w.texts(job.opening.moves);
    return out;
}

GameJob decode_game_job(std::string_view text) {
    Reader r(text, kJobMark, "game job");
    GameJob job;
    job.id = r.number("id");
    job.white = r.integer("white");
    job.black = r.integer("black");
    job.opening.fen = r.text("fen");
    job.opening.moves = r.texts("moves");
    r.end();
    return job;
}

std::string encode(const core::GameRecord& game) {
    std::string out(kRecordMark);
    out.reserve(512 + 48 * game.moves.size());  // a move takes ~30 bytes without a PV
    Writer w(out);
    w.text(game.white);
    w.text(game.black);
    w.text(game.start_fen);
    w.texts(game.opening_moves);
    w.text(game.opening_fen);
    w.count(game.moves.size());
    for (const auto& m : game.moves) write_move(w, m);
    for (const auto& stats : game.lmr_stats) write_lmr(w, stats);
    for (const auto& tally : game.pv_checks) write_pv(w, tally);
    w.text(game.final_fen);
    w.text(core::result_token(game.result));
    w.text(core::termination_name(game.termination));
    w.text(game.reason);
    w.text(game.time_control);
    w.text(game.white_time_control);
    w.text(game.black_time_control);
    w.number(ticks(game.started));
    w.number(ticks(game.finished));
    return out;
}

core::GameRecord decode_game_record(std::string_view text) {
    Reader r(text, kRecordMark, "game record");
    core::GameRecord game;
    game.white = r.text("white");
    game.black = r.text("black");
    game.start_fen = r.text("start_fen");
    game.opening_moves = r.texts("opening_moves");
    game.opening_fen = r.text("opening_fen");
    game.moves.resize(r.items("moves"));
    for (std::size_t i = 0; i < game.moves.size(); ++i) {
        r.at_move(i + 1);
        read_move(r, game.moves[i]);
    }
    r.at_move(0);
    for (auto& stats : game.lmr_stats) stats = read_lmr(r);
    for (auto& tally : game.pv_checks) tally = read_pv(r);
    game.final_fen = r.text("final_fen");
    const std::string_view result = r.text("result");
    game.result = core::parse_result(result);
    if (!game.result && result != "*") r.fail("result", "'" + std::string(result) + "'");
    const std::string_view termination = r.text("termination");
    const auto parsed = core::parse_termination(termination);
    if (!parsed) r.fail("termination", "'" + std::string(termination) + "'");
    game.termination = *parsed;
    game.reason = r.text("reason");
    game.time_control = r.text("time_control");
    game.white_time_control = r.text("white_time_control");
    game.black_time_control = r.text("black_time_control");
    game.started = time_point(r.number("started"));
    game.finished = time_point(r.number("finished"));
    r.end();
    return game;
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
                {"adjudication", match::adjudication_to_json(game.adjudication)},
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
