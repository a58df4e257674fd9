#pragma once

// A run plan: everything that decides which games a run plays and how. It is stored as JSON
// in the run's row, so `resume` rebuilds the very same plan (same engines, openings, seed)
// from the database alone.

#include <cstdint>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "harness/match/adjudication.hpp"
#include "harness/match/game.hpp"
#include "harness/openings/book.hpp"
#include "harness/store/records.hpp"
#include "harness/uci/uci_engine.hpp"

namespace lmr::tournament {

struct EnginePlan {
    std::string name;
    std::vector<std::string> argv;                             // argv[0] is the program
    std::vector<std::pair<std::string, std::string>> options;  // UCI options, sent in order
    std::string config_path;  // the LMR config played by lmr-engine; empty for other engines
    store::EngineRole role = store::EngineRole::kParticipant;
    // The engine's own limits (time odds: fastchess's per-engine tc=, st=, nodes=, depth=,
    // timemargin=); nullopt: the run's (RunPlan::time_control, RunPlan::time_margin_ms).
    std::optional<match::TimeControl> time_control;
    std::optional<std::int64_t> time_margin_ms;
};

struct BookPlan {
    std::string path;  // empty: every game starts from the initial position
    openings::BookOrder order = openings::BookOrder::kRandom;
    std::optional<int> plies;  // PGN: keep at most this many plies
    std::int64_t start = 0;    // first opening index (after ordering)
};

// Who meets whom. kHeadToHead: the two engines (base first). kRoundRobin: every engine meets
// every other one. kGauntlet: the first engine meets each of the others.
enum class Pairing { kHeadToHead, kRoundRobin, kGauntlet };

struct RunPlan {
    store::RunKind kind = store::RunKind::kMatch;
    Pairing pairing = Pairing::kHeadToHead;
    std::vector<EnginePlan> engines;
    match::TimeControl time_control;
    std::int64_t time_margin_ms = 100;
    // How long a search without a clock (nodes=/depth= only) may take before the engine is
    // declared stalled.
    std::int64_t stall_timeout_ms = 60'000;
    // How long an engine may take to answer `uci` (when it starts) and `isready`.
    std::int64_t startup_timeout_ms = 10'000;
    std::int64_t ready_timeout_ms = 10'000;
    // A new engine process for every game (cutechess-cli's and fastchess's `restart=on`), for
    // engines that leak state between games; by default a slot keeps its engines across games.
    bool restart_engines = false;
    match::AdjudicationConfig adjudication;
    BookPlan book;
    std::uint64_t seed = 0;
    std::optional<stats::SprtParams> sprt;  // sprt runs only
    // Pairs per engine pairing (match, tournament) or the SPRT's limit.
    std::int64_t pairs = 0;
    int concurrency = 1;
    int report_every = 10;  // pairs between progress lines when not on a terminal
    // The PGN Event and Site of the run's games (--event, --site); empty: "LMR Lab run N" and
    // "LMR Lab". In the plan because the stored PGN carries them.
    std::string event;
    std::string site;
};

// The plan as a run stores it (runs.plan_json; stored_plan.cpp): a format of its own, apart from
// the MPI wire, that every later build reads — a field added since is read with its default.
nlohmann::json to_json(const RunPlan& plan);
// Throws std::runtime_error naming the field ("stored run plan: adjudication.draw.move_count is
// \"eight\", of the wrong type") when a required field is missing, a value does not parse, or
// a key is not one this build knows (a plan stored by a newer build).
RunPlan plan_from_json(const nlohmann::json& json);

// The plan as a run stores it: the book, each LMR config and each engine program given by a
// relative path (with a '/'; a bare name is looked up in PATH) made absolute from the current
// directory, so that `resume` works from any directory.
RunPlan with_absolute_paths(RunPlan plan);

// A plan as the engine-games service (harness/games) takes it, converted here and nowhere
// else: an engine's spec (name, argv, options), the games' settings (time control, margin,
// stall timeout, adjudication) and the engines' startup and isready timeouts.
uci_client::EngineSpec engine_spec(const EnginePlan& engine);
// The spec of `engine` in this run: under a clock counted in nodes (tc=… nodestime=N) it is also
// given the UCI option nodestime=N, so that the engine counts its own time in the same nodes as
// the harness's clock, unless its options name that option already (game_settings refuses a
// value of its own that differs).
uci_client::EngineSpec engine_spec(const RunPlan& plan, const EnginePlan& engine);
// What `engine` plays under: its own limits where it has them, the run's otherwise.
match::SideLimits engine_limits(const RunPlan& plan, const EnginePlan& engine);
// The engines (by index) whose limits are their own, for games::EngineSettings::own_limits.
std::map<int, match::SideLimits> own_limits(const RunPlan& plan);
// The run's time control as runs.time_control stores it and reports group runs by it:
// "tc=10+0.1", or with time odds every engine's, "NAME tc=10+0.1; NAME tc=20+0.2".
std::string time_control_text(const RunPlan& plan);
// Throws match::TimeControlError or std::invalid_argument (adjudication, an engine's own
// nodestime option that differs from its clock's) for a bad plan.
match::GameSettings game_settings(const RunPlan& plan);
uci_client::UciTimeouts engine_timeouts(const RunPlan& plan);

std::string_view to_string(Pairing pairing);
std::optional<Pairing> parse_pairing(std::string_view text);

}  // namespace lmr::tournament
