#pragma once

// Plain records exchanged with the Store. The match runner, tournament
// scheduler and tuner fill them; the report reads them back. Ids are 0 until
// the Store assigns them. Timestamps are ISO-8601 UTC text
// ("2024-05-01T12:00:00.123Z"); an empty timestamp means "not yet" on reads
// and "now" where the Store fills it on writes.

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "harness/core/game_record.hpp"
#include "harness/core/outcome.hpp"
#include "harness/core/score.hpp"
#include "harness/stats/counts.hpp"
#include "harness/stats/sprt.hpp"

namespace lmr::store {

enum class RunKind { kSprt, kMatch, kTournament, kTune };
enum class RunStatus { kPlanned, kRunning, kFinished, kInterrupted, kFailed };
enum class EngineRole { kBase, kTest, kParticipant };
// The text stored in the database (and shown in reports) for each value.
std::string_view to_string(RunKind);
std::string_view to_string(RunStatus);
// A run's verdict is the state of its SPRT when the run ended (stats::Verdict): H1 or H0
// accepted, or kContinue — "undecided", the pair limit reached first (exit code 3); nullopt for a
// run without one (not finished, or a kind without an SPRT). "H1", "H0", "undecided"; "" for
// nullopt (stored as NULL).
std::string_view run_verdict_name(const std::optional<stats::Verdict>& verdict);
std::string_view to_string(EngineRole);

// Inverse mappings; std::nullopt for text that names no value.
std::optional<RunKind> parse_run_kind(std::string_view);
std::optional<RunStatus> parse_run_status(std::string_view);
// Inverse of run_verdict_name for a stored verdict ("H1", "H0", "undecided"); nullopt for any
// other text.
std::optional<stats::Verdict> parse_run_verdict(std::string_view);
std::optional<EngineRole> parse_engine_role(std::string_view);

// "2024-05-01T12:00:00.123Z" (UTC, milliseconds).
std::string format_timestamp(std::chrono::system_clock::time_point);
std::string now_timestamp();

struct RunRecord {
    std::int64_t id = 0;
    RunKind kind = RunKind::kMatch;
    std::string command_line;
    std::string plan_json = "{}";   // the full run plan, so resume needs nothing else
    std::uint64_t seed = 0;         // stored bit-for-bit as a signed 64-bit integer
    std::string time_control;       // as given: "10+0.1", "40/60+0.6", "nodes=20000", …
    std::string book_path;          // empty: no book (games start from the initial position)
    std::string book_format;        // "epd" or "pgn" (empty without a book)
    std::string book_order;         // "sequential" or "random" (empty without a book)
    std::optional<int> book_plies;  // PGN truncation; nullopt: all moves
    std::int64_t book_start = 0;    // 0-based index of the first opening used
    std::string book_sha256;        // hex of the book file's content (empty without a book)
    std::optional<stats::SprtParams> sprt;
    std::optional<std::int64_t> max_pairs;
    int concurrency = 1;
    RunStatus status = RunStatus::kPlanned;
    std::optional<stats::Verdict> verdict;
    std::string error_message;    // why a run failed (empty otherwise)
    std::string harness_version;  // empty on create: the Store writes its own LMR_VERSION
    std::string created_at, started_at, finished_at;  // filled by the Store
};

// The process playing a run (run_claims). Times are Unix seconds.
struct RunClaim {
    std::string host;
    std::int64_t pid = 0;
    double claimed_at = 0;
    double heartbeat_at = 0;
};

// An input found changed when a run was resumed with --allow-changed (run_changes).
struct RunChange {
    std::string subject;     // what changed: "engine 'A' binary", "book"
    std::string file;        // the file as the run names it
    std::string recorded;    // its SHA-256 when the run started (hex)
    std::string current;     // its SHA-256 at the resume (hex)
    std::string changed_at;  // filled by the Store
};

struct EngineRecord {
    std::int64_t id = 0;
    std::string name;
    std::string command;              // the command line that starts the engine
    std::string options_json = "{}";  // UCI options sent at start, as a JSON object
    std::string config_json;          // resolved LMR config text; empty for foreign engines
    std::string config_sha256;        // hex; computed by the Store from config_json when empty
    std::string binary_sha256;        // hex of the engine executable; empty when unknown
    std::string created_at;
};

struct RunEngine {
    EngineRecord engine;
    EngineRole role = EngineRole::kParticipant;
};

// Where a game belongs: its run, its pair and round, who sat where and the opening it began from.
struct GamePlace {
    std::int64_t run_id = 0;
    std::int64_t pair_index = 0;  // 0-based; both games of a pair share the opening
    int round_in_pair = 0;        // 0: first game, 1: colours reversed
    std::int64_t white_engine_id = 0;
    std::int64_t black_engine_id = 0;
    std::optional<std::int64_t> opening_index;  // index in the book (file order); nullopt: no book
};

// A game as the database holds it (games_of_run). The record is the one the match filled, with
// what the games and moves tables keep of it: the opening, the result, the termination and its
// reason, and the moves when asked for (their ply, text, score, depth, seldepth, nodes, reply
// time and clock; a figure the engine did not report reads back as the record's "not reported").
// The engine names, time controls, final FEN, LMR statistics and PV checks stay where the
// database keeps them (the engines and runs tables, lmr_stats(), pv_checks()).
struct StoredGame {
    std::int64_t id = 0;
    GamePlace place;
    std::string pgn;
    std::string started_at, finished_at;
    core::GameRecord record;
};

// A pair's outcome from one engine's point of view, named by the two game results: LL = lost
// both … WW = won both (the bins of stats::Pentanomial).
enum class PairBin { kLL, kLD, kWL, kDD, kWD, kWW };
std::string_view to_string(PairBin);  // "LL", "LD", "WL", "DD", "WD", "WW"

struct PairOutcome {
    std::int64_t pair_index = 0;
    std::int64_t view_engine_id = 0;  // the test engine, else the engine white in round 0
    std::int64_t other_engine_id = 0;
    core::GameResult results[2] = {core::GameResult::kDraw,
                                   core::GameResult::kDraw};  // round 0, round 1
    int points = 0;  // half-points of view_engine over the pair, 0…4
    PairBin bin = PairBin::kDD;
};

void add(stats::Pentanomial& counts, PairBin bin);

// One row of the run_stats history: the state after `pairs` completed pairs.
// Statistics are NaN when undefined (stored as NULL).
struct StatsRecord {
    std::int64_t id = 0;
    std::int64_t pairs = 0;
    long wins = 0, draws = 0, losses = 0;  // games, from the test engine's view
    stats::Pentanomial penta;
    double elo = 0, elo_error = 0, nelo = 0, nelo_error = 0, los = 0;
    double llr = 0, lower_bound = 0, upper_bound = 0;
    std::string recorded_at;
};

struct RunSummary {
    std::int64_t run_id = 0;
    RunKind kind = RunKind::kMatch;
    RunStatus status = RunStatus::kPlanned;
    std::optional<stats::Verdict> verdict;
    std::string time_control;
    std::string created_at;
    std::string engines;               // "base:a, test:b" in attachment order
    std::string base_name, test_name;  // empty when the run has no such role
    std::int64_t pairs_completed = 0;
    std::int64_t games = 0;  // every stored game, including a lone game of an unfinished pair
    long wins = 0, draws = 0, losses = 0;  // over completed pairs, from the pair view engine
    stats::Pentanomial penta;
    double llr = 0, lower_bound = 0, upper_bound = 0, elo = 0,
           elo_error = 0;  // latest; NaN if none
};

// One rule's LMR statistics over a run, for one engine (the engine_lmr_rules view).
struct LmrRuleTotals {
    std::string rule;  // as the engine names it: "steps.table", "gates.tt_move", …
    std::int64_t fired = 0, changed = 0;
    std::int64_t units = 0;                   // R contributed, in the config's units (1/scale ply)
    double fired_rate = 0, changed_rate = 0;  // per late move of the engine; NaN without any
};

// One engine's LMR statistics over a run (the engine_lmr_stats view).
struct EngineLmrStats {
    std::int64_t engine_id = 0;
    std::string name;
    EngineRole role = EngineRole::kParticipant;
    std::int64_t games = 0;    // stored games with LMR statistics of this engine
    std::int64_t reports = 0;  // `lmrstats` lines summed (one per search)
    std::int64_t late = 0, reduced = 0, extended = 0, searches = 0, researches = 0;
    std::int64_t plies = 0;  // sum of the final reductions (extensions negative)
    // reduced / late, researches / searches, plies / late; NaN when the denominator is 0.
    double reduced_rate = 0, research_rate = 0, avg_plies = 0;
    std::vector<LmrRuleTotals> rules;  // in the policy's order of evaluation
};

// What the test engine of a run did over the run's stored games (every game, a lone game of an
// unfinished pair included): its searches (the engine_move_stats view) and its LMR statistics
// (engine_lmr_stats), as `report --run N` shows them. A missing average or rate is nullopt.
struct TestEngineTotals {
    std::int64_t run_id = 0;
    std::int64_t engine_id = 0;
    std::string name;
    std::int64_t moves = 0;                      // its stored moves
    std::optional<double> avg_depth, avg_nodes;  // per move; nullopt: no move reported one
    std::int64_t lmr_games = 0;                  // games with its LMR statistics (0: none)
    // reduced / late and researches / searches; nullopt without statistics or a denominator.
    std::optional<double> reduced_rate, research_rate;
};

// How a run's games ended, for one termination (the run_terminations view).
struct TerminationTotals {
    std::string termination;  // "mate", "time forfeit", …
    long games = 0, white_wins = 0, black_wins = 0, draws = 0;
};

// A game lost to an engine fault: crash, time forfeit, illegal move, stall (the game_faults view).
struct GameFault {
    std::int64_t game_id = 0, pair_index = 0;
    int round_in_pair = 0;
    std::string termination, detail, result;
    std::string white, black;
    std::string loser;  // the engine that failed; empty when the game was drawn
};

// A run's completed pairs played from one opening, from the test engine's side (the
// opening_results view).
struct OpeningResult {
    std::optional<std::int64_t> opening_index;  // nullopt: no book (the initial position)
    std::string opening_fen;
    long pairs = 0, wins = 0, draws = 0, losses = 0, half_points = 0;
    double score = 0;  // 0…1
};

// What one engine's searches looked like over a run's stored moves (the engine_move_stats view).
struct EngineMoveStats {
    std::int64_t engine_id = 0;
    long moves = 0;
    std::optional<double> avg_depth, avg_seldepth, avg_nodes, avg_time_ms;  // nullopt: none said
    std::int64_t total_nodes = 0, total_time_ms = 0;
};

// The completed pairs of a run between two engine rows, from view_engine's side (pair_results);
// stats::PairingCounts is the same by engine index, as the statistics take it.
struct EnginePairing {
    std::int64_t view_engine_id = 0, other_engine_id = 0;
    stats::Pentanomial penta;
};

// Every completed pair outside tunes of one config (engine name) against one opponent, pooled
// from the config's side (the config_results view).
struct ConfigMeeting {
    std::string config, opponent;
    long runs = 0;
    std::string run_ids;  // "1,4,7"
    long setups = 0;      // engine rows of the config's name that were pooled
    stats::Pentanomial penta;
};

// One kind of PV violation by one engine over a run (the engine_pv_violations view).
struct PvViolationTotals {
    std::string kind;
    std::int64_t games = 0;  // stored games in which it occurred
    std::int64_t count = 0;
    std::string example;  // the first occurrence in the earliest of those games
};

// One engine's PV checks over a run (the engine_pv_checks and engine_pv_violations views).
struct EnginePvChecks {
    std::int64_t engine_id = 0;
    std::string name;
    EngineRole role = EngineRole::kParticipant;
    std::int64_t games = 0;  // stored games in which its PVs were checked
    std::int64_t searches = 0, pvs = 0;
    std::int64_t violations = 0;             // all kinds together
    std::int64_t games_with_violations = 0;  // games with at least one
    std::vector<PvViolationTotals> kinds;    // those that occurred, in core::kPvViolations order
};

struct TuneSettings {
    int iterations = 0;
    int pairs_per_iteration = 1;
    double alpha = 0.602;
    double gamma = 0.101;
    double big_a = 0.0;  // the stability constant A (about 10 % of the iterations)
};

struct TuneParam {
    std::string name;  // config path, e.g. "lmr.steps.history.weight"
    double start = 0, min = 0, max = 0, c_end = 0, r_end = 0;
    bool is_integer = true;
};

// Vectors are in the order of the run's tune parameters.
struct TuneIteration {
    int k = 0;
    double a_k = 0, c_k = 0;
    std::vector<double> delta;  // ±1 per parameter
    std::vector<double> theta_plus, theta_minus, theta_after;
    long wins = 0, draws = 0, losses = 0;  // θ+ against θ−
    std::string rng_state;                 // the tuner's generator state after this iteration
    std::string finished_at;
};

}  // namespace lmr::store
