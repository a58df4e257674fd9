#include "harness/tournament/pgn_output.hpp"

#include <stdexcept>
#include <utility>

#include "harness/match/line_patterns.hpp"
#include "harness/tournament/game_pgn.hpp"

namespace lmr::tournament {

namespace {

// The comment switches, by key, in the order both front ends list them.
constexpr std::pair<std::string_view, bool match::PgnCommentFields::*> kCommentSwitches[] = {
    {"nodes", &match::PgnCommentFields::nodes},
    {"seldepth", &match::PgnCommentFields::seldepth},
    {"nps", &match::PgnCommentFields::nps},
    {"timeleft", &match::PgnCommentFields::timeleft},
    {"latency", &match::PgnCommentFields::latency},
    {"hashfull", &match::PgnCommentFields::hashfull},
    {"tbhits", &match::PgnCommentFields::tbhits},
    {"pv", &match::PgnCommentFields::pv},
};

}  // namespace

const std::vector<PgnSetting>& pgn_settings() {
    using Kind = PgnSetting::Kind;
    static const std::vector<PgnSetting> settings = {
        {"nodes", "--pgnout: each move's nodes in its comment (n=)"},
        {"seldepth", "--pgnout: each move's selective depth (sd=)"},
        {"nps", "--pgnout: each move's nodes per second (nps=)"},
        {"timeleft", "--pgnout: the mover's clock after the move (tl=)"},
        {"latency", "--pgnout: reply time beyond the engine's reported time (latency=)"},
        {"hashfull", "--pgnout: the engine's hash use (hashfull=)"},
        {"tbhits", "--pgnout: tablebase hits (tbhits=)"},
        {"pv", "--pgnout: the principal variation (pv=\"...\")"},
        {"min", "--pgnout: the Seven Tag Roster and moves only, no comment"},
        {"notation", "--pgnout: san (default), lan or uci", Kind::kValue},
        {"match_line",
         "--pgnout: REGEX (repeatable): of each search, the last info line it matches goes into "
         "the move's comment as line=\"...\" (fastchess's match_line=)",
         Kind::kRepeatable},
    };
    return settings;
}

std::optional<std::string> set_pgn_setting(PgnOutputOptions& options, std::string_view key,
                                           std::string_view value) {
    if (key == "notation") {
        const auto notation = match::parse_pgn_notation(value);
        if (!notation) return "expected san, lan or uci";
        options.style.notation = *notation;
        return std::nullopt;
    }
    if (key == "match_line") {
        if (auto error = match::LinePatterns::error(std::string(value))) return error;
        options.match_lines.emplace_back(value);
        return std::nullopt;
    }
    if (value != "true" && value != "false") return "expected true or false";
    const bool on = value == "true";
    if (key == "min") {
        options.style.minimal = on;
        return std::nullopt;
    }
    for (const auto& [name, field] : kCommentSwitches)
        if (name == key) {
            options.style.fields.*field = on;
            return std::nullopt;
        }
    throw std::invalid_argument("set_pgn_setting: no PGN setting '" + std::string(key) + "'");
}

PgnOutput::PgnOutput(const PgnOutputOptions& options)
    : file_(options.file, options.append, "PGN file"), style_(options.style) {}

void PgnOutput::run_started(std::int64_t run_id, const RunPlan& plan) {
    run_id_ = run_id;
    plan_ = plan;
}

void PgnOutput::game_finished(const GameTask& task, const core::GameRecord& game) {
    // The runner says which run this is before its first game; without it the tags would lie.
    if (!plan_) throw OutputFileError("PGN file '" + file_.path().string() + "': no run started");
    // to_pgn ends the game with an empty line, which separates it from the next one.
    file_.append(match::to_pgn(game, game_pgn_tags(*plan_, run_id_, task), style_));
}

}  // namespace lmr::tournament
