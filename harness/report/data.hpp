#pragma once

// What a report shows, read from the results database: the list of runs, one run in depth,
// and the Elo of every config against a baseline. Plain structs filled by load.hpp; the
// renderers (text, CSV, markdown, JSON, HTML) only format them.
//
// Every statistic is computed by harness/stats from the stored counts, exactly as
// `lmr-harness stats` computes it, so a report and `stats --ptnml` agree to the last digit.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "harness/stats/format.hpp"
#include "harness/store/records.hpp"

namespace lmr::report {

// A stored run's SPRT parameters when the statistics can use them (nullopt: no SPRT, or bounds
// validate() rejects).
std::optional<stats::SprtParams> usable_sprt(const std::optional<stats::SprtParams>& params);

// One run, as the list shows it.
struct RunRow {
    store::RunRecord run;
    store::RunSummary summary;  // the run_summary view
    // A base and a test engine: W/D/L, pentanomial and statistics are the test engine's.
    bool head_to_head = false;
    std::optional<stats::Summary> stats;  // head-to-head runs, over the completed pairs
};

// The verdict a reader should see: the stored one when the run has it, else for an SPRT in
// progress (or interrupted) the current state of the test ("continue"); "" when none applies.
std::string verdict_text(const RunRow& row);

// One run in the study form of the list (`report --columns study`): the list's row and what its
// test engine's searches and LMR did (nullopt for a run without a test engine: tournaments, tunes).
struct StudyRow {
    RunRow row;
    std::optional<store::TestEngineTotals> test;
};

// What one engine's searches looked like in a run (engine_move_stats), with its name and role.
struct SideRow : store::EngineMoveStats {
    std::string name;
    store::EngineRole role = store::EngineRole::kParticipant;
};

// One engine of a tournament: its completed pairs against every engine it met, pooled from its
// own side (harness/stats/standings.hpp), with their statistics (no SPRT).
struct StandingRow {
    std::optional<int> rank;  // nullopt: a gauntlet's first engine, which is not ranked
    std::string name;
    stats::Summary stats;  // its pairs and their games; the Elo of its score against the field
};

// One pairing of a tournament: its completed pairs from the first engine's side (the earlier
// seat: a gauntlet's first engine, or the engine given first).
struct PairingRow {
    std::string first, second;
    stats::Summary stats;
};

// A tournament's table and its pairings, as `report --run N` and the end of `tournament` show
// them. Empty for other kinds of run (a head-to-head run's statistics block says it all).
struct Standings {
    bool gauntlet = false;
    std::string first_engine;          // the gauntlet's first engine
    std::vector<StandingRow> rows;     // best score first (a gauntlet's first engine on top)
    std::vector<PairingRow> pairings;  // every pairing of the plan, in seat order
};

struct TuneData {
    store::TuneSettings settings;
    std::vector<store::TuneParam> params;
    std::vector<store::TuneIteration> iterations;
};

struct RunDetail {
    RunRow row;
    std::vector<store::RunEngine> engines;               // in seat order
    std::vector<store::TerminationTotals> terminations;  // most frequent first
    std::vector<store::GameFault> faults;                // by game id
    std::vector<store::OpeningResult> openings;          // by opening index
    std::vector<SideRow> sides;
    Standings standings;
    std::vector<store::StatsRecord> history;  // run_stats in order: LLR and Elo against pairs
    std::vector<store::EngineLmrStats> lmr;   // engines that reported LMR statistics, seat order
    std::vector<store::EnginePvChecks> pv;    // engines whose PVs were checked, seat order
    std::vector<store::RunChange> changes;    // inputs changed at a resume (--allow-changed)
    std::optional<TuneData> tune;             // tune runs with stored settings
};

// The runs of one database a list pooled that were played at one time control.
struct PooledTimeControl {
    std::string time_control;  // "nodes=20000", "tc=5+0.05"
    std::string database;      // set when the list pools several databases
    std::string run_ids;       // "1,4,7"
};

// One config against the baseline.
enum class Relation {
    kDirect,          // played the baseline: pooled counts of every meeting
    kCommonOpponent,  // never played it, but both played someone else (not chained)
    kUnconnected,     // no meeting with the baseline nor with any of its opponents
};
std::string_view to_string(Relation relation);  // "direct", "common opponent", "unconnected"

struct BaselineEntry {
    std::string config;
    Relation relation = Relation::kUnconnected;
    // kDirect: the config's pentanomial against the baseline, pooled over runs, and its
    // statistics (no SPRT); how many runs and engine set-ups (rows of the name) were pooled.
    std::optional<stats::Summary> stats;
    long runs = 0;
    std::string run_ids;  // "1,4,7"
    long setups = 0;
    std::vector<std::string> time_controls;  // kDirect: of the runs pooled, in run order
    // kCommonOpponent: the configs both played.
    std::vector<std::string> common_opponents;
};

struct BaselineReport {
    std::string baseline;
    std::optional<std::string> time_control;       // the runs of this one only (--tc)
    std::vector<PooledTimeControl> time_controls;  // of the runs the direct entries pooled
    std::vector<std::string> opponents;            // every config the baseline played
    std::vector<BaselineEntry> entries;  // direct by Elo (best first), then the others by name
};

// One config of a rating list (stats::ratings): its Elo relative to the anchor, and the pairs
// it played, pooled from its side over every opponent and run but tunes.
struct RatingEntry {
    std::string config;
    double elo = 0;
    double elo_error = 0;  // 95 %, relative to the anchor (0 for the anchor)
    stats::Pentanomial pairs;
    std::vector<std::string> opponents;
};

// A rating list's input from one database (report::load_rating_source).
struct RatingSource {
    std::string database;  // the path as given
    std::vector<store::ConfigMeeting> meetings;
    std::vector<store::RunRecord> runs;
};

struct RatingsReport {
    std::string anchor;
    std::vector<std::string> databases;            // the sources, as given
    std::vector<RatingEntry> rated;                // best first
    std::vector<std::string> unconnected;          // no chain of meetings to the anchor, by name
    std::vector<PooledTimeControl> time_controls;  // of the runs pooled, by database, first run
};

// One head-to-head measurement of a test config against its base, wherever it was read from: a
// run of a database or a row of a study's figures (a CSV `report --columns study` wrote).
struct MeasuredRun {
    std::int64_t id = 0;  // the run id, or the figures' row number
    std::string test, base, time_control;
    stats::Summary stats;  // over the completed pairs, with the run's SPRT when it was one
    // The test engine's average nodes a move, when the figures file gives it (avg_nodes).
    std::optional<double> nodes_per_move;
};

// The measurements of one database or one figures file, named for the page ("schemes-full").
struct MeasuredSource {
    std::string name;
    std::vector<MeasuredRun> runs;
};

// A study's figures file read back (report::read_figures): the runs of a phase, or a rating
// list, as `report` wrote them in CSV.
struct Figures {
    std::string path;         // as given
    MeasuredSource measured;  // named by the file's stem; a runs list's rows with completed pairs
    std::optional<RatingsReport> ratings;  // a rating list
};

// Everything the HTML page draws.
struct PageData {
    std::string database;  // the path as given
    std::string generated_at;
    std::vector<RunDetail> runs;             // the runs shown (all, or the one of --run)
    std::optional<BaselineReport> baseline;  // with --baseline
    std::optional<RatingsReport> ratings;    // with --ratings
    bool single_run = false;
};

}  // namespace lmr::report
