#pragma once

// The results database: runs, engines, games with their moves, statistics
// history and tuning iterations (docs/database.md describes the schema).
//
// Threading: a Store is one SQLite connection and is NOT safe for concurrent
// use. The harness has one writer — a single Store used by one thread at a
// time (the scheduler hands finished games to it; it may move between
// threads, never be used by two at once). Any number of readers (reports,
// `stats`) may open the same file through their own Store, typically
// OpenMode::kReadOnly, while the writer works: WAL gives each read a
// consistent snapshot and readers never block the writer.
//
// Every write is atomic: a method either stores everything it was given or
// throws StoreError and leaves the database as it was.

#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "harness/store/database_file.hpp"
#include "harness/store/error.hpp"
#include "harness/store/records.hpp"
#include "harness/store/sqlite.hpp"

namespace lmr::store {

class ReadSnapshot;

// The default database of the product, relative to the working directory.
inline constexpr std::string_view kDefaultDatabasePath = "results/lmrlab.db";

class Store {
  public:
    static Store open(const std::filesystem::path& path, const OpenOptions& options = {});

    Store(Store&&) noexcept = default;
    Store& operator=(Store&&) noexcept = default;
    Store(const Store&) = delete;
    Store& operator=(const Store&) = delete;
    ~Store() = default;

    const std::filesystem::path& path() const { return path_; }
    OpenMode mode() const { return mode_; }
    int schema_version() const;

    // ---- runs
    // Stores the run (status, created_at and harness_version are filled in if
    // empty) and returns its id.
    std::int64_t create_run(const RunRecord& run);
    // kRunning sets started_at (first time only) and clears finished_at;
    // kFinished/kInterrupted/kFailed set finished_at; kFinished also drops the run's claim,
    // in the same transaction. error_message is kept unless a non-empty one is given.
    void set_run_status(std::int64_t run_id, RunStatus status,
                        std::optional<stats::Verdict> verdict = std::nullopt,
                        std::string_view error_message = {});
    RunRecord load_run(std::int64_t run_id) const;  // kNotFound when absent
    std::vector<RunRecord> list_runs() const;       // oldest first

    // ---- who plays a run, and what changed under it
    // The claim of the process playing the run, if any.
    std::optional<RunClaim> run_claim(std::int64_t run_id) const;
    // Claims the run for `mine` unless a claim that is_stale() rejects holds it; the check and
    // the write are one transaction. Returns the holder when refused, nullopt when claimed.
    std::optional<RunClaim> claim_run(std::int64_t run_id, const RunClaim& mine,
                                      const std::function<bool(const RunClaim&)>& is_stale);
    // Moves the heartbeat to `now`; false when the claim is no longer `mine` (taken over).
    bool renew_claim(std::int64_t run_id, const RunClaim& mine, double now);
    // Deletes the claim if it is still `mine`.
    void release_claim(std::int64_t run_id, const RunClaim& mine);
    void record_run_change(std::int64_t run_id, const RunChange& change);
    std::vector<RunChange> run_changes(std::int64_t run_id) const;  // oldest first

    // ---- engines
    // Returns the id of the row with the same name, command, options, config
    // hash and binary hash, inserting it when new. options_json is normalised
    // (keys sorted, no spaces) so equal options match; config_sha256 is
    // computed from config_json when empty.
    std::int64_t upsert_engine(const EngineRecord& engine);
    EngineRecord load_engine(std::int64_t engine_id) const;
    // Seats follow attachment order. One base and one test per run at most;
    // an engine appears once per run (give the two sides of a self-play
    // match different names).
    void attach_engine(std::int64_t run_id, std::int64_t engine_id, EngineRole role);
    std::vector<RunEngine> run_engines(std::int64_t run_id) const;

    // ---- games
    // A finished game (it has a result) at its place, with its PGN text: the game, its moves, the
    // LMR statistics of each side that reported them and the PV checks of each side that was
    // asked to move, in ONE transaction. Returns the game id. The record's times are stored as
    // its started and finished.
    std::int64_t record_game(const GamePlace& place, const core::GameRecord& game,
                             std::string_view pgn);
    // The run's games by pair and round (StoredGame says what of each record is read back).
    std::vector<StoredGame> games_of_run(std::int64_t run_id, bool with_moves = false) const;
    std::vector<core::MoveRecord> moves_of_game(std::int64_t game_id) const;
    std::int64_t game_count(std::int64_t run_id) const;
    // Pair indexes (ascending) whose two games are both stored.
    std::vector<std::int64_t> completed_pairs(std::int64_t run_id) const;
    // The completed pairs scored as in the pair_results view (test engine's
    // view), to rebuild W/D/L and pentanomial counts on resume.
    std::vector<PairOutcome> pair_outcomes(std::int64_t run_id) const;
    stats::Pentanomial pentanomial(std::int64_t run_id) const;
    // Deletes the lone games of pairs whose partner is missing (with their
    // moves), so resume can replay those pairs whole. Returns games deleted.
    int delete_incomplete_pairs(std::int64_t run_id);

    // ---- LMR statistics (written by record_game with their game)
    // The engine_lmr_stats and engine_lmr_rules views for one run: one entry per engine with
    // LMR statistics, in seat order; engines that reported none are left out.
    std::vector<EngineLmrStats> lmr_stats(std::int64_t run_id) const;

    // ---- PV checks (written by record_game with their game)
    // The engine_pv_checks and engine_pv_violations views for one run: one entry per engine
    // whose PVs were checked, in seat order (games stored before schema version 6 have none).
    std::vector<EnginePvChecks> pv_checks(std::int64_t run_id) const;

    // ---- statistics history (a row per completed pair or per update)
    std::int64_t record_stats(std::int64_t run_id, const StatsRecord& stats);
    std::vector<StatsRecord> stats_history(std::int64_t run_id) const;  // in insertion order
    std::optional<StatsRecord> latest_stats(std::int64_t run_id) const;
    std::vector<RunSummary> run_summaries() const;  // the run_summary view, oldest run first
    RunSummary run_summary(std::int64_t run_id) const;
    // One entry per run with a test engine, by run id: that engine's search and LMR totals.
    std::vector<TestEngineTotals> test_engine_totals() const;

    // ---- tuning
    // The settings and the parameters (in order) in one transaction.
    void create_tune(std::int64_t run_id, const TuneSettings& settings,
                     const std::vector<TuneParam>& params);
    TuneSettings tune_settings(std::int64_t run_id) const;
    std::vector<TuneParam> tune_params(std::int64_t run_id) const;
    // Iterations must arrive in order: k equals the number already stored
    // (no iteration lost or repeated). Vectors must have one entry per param.
    void record_tune_iteration(std::int64_t run_id, const TuneIteration& iteration);
    std::vector<TuneIteration> tune_iterations(std::int64_t run_id) const;
    std::optional<TuneIteration> last_tune_iteration(std::int64_t run_id) const;

    // ---- results, as the report views total them (docs/database.md, "Views")
    // How the run's games ended: most frequent termination first (run_terminations).
    std::vector<TerminationTotals> run_terminations(std::int64_t run_id) const;
    // The run's games lost to an engine fault, by game id (game_faults).
    std::vector<GameFault> game_faults(std::int64_t run_id) const;
    // The run's completed pairs per opening, by opening index then FEN (opening_results).
    std::vector<OpeningResult> opening_results(std::int64_t run_id) const;
    // One entry per engine that made a move in the run, in no particular order
    // (engine_move_stats).
    std::vector<EngineMoveStats> engine_move_stats(std::int64_t run_id) const;
    // The run's completed pairs per ordered pair of engines (pair_results), in no particular
    // order; a pairing whose pairs were seen from both sides has two entries.
    std::vector<EnginePairing> pairing_counts(std::int64_t run_id) const;
    // Every config's completed pairs against each opponent over all runs but tunes, each
    // meeting once from either side (as the config_results view pools them), in no particular
    // order; with a time control ("nodes=20000", "tc=10+0.1": runs.time_control), over the
    // runs at that time control only.
    std::vector<ConfigMeeting> config_meetings(
        const std::optional<std::string>& time_control = std::nullopt) const;
    // The time controls of the runs config_meetings pools (every run but tunes), sorted.
    std::vector<std::string> meeting_time_controls() const;

    // The connection itself, for tests that look at the file with SQL of their own. The harness
    // reads and writes only through the methods above.
    const sqlite::Database& database() const { return db_; }

  private:
    friend class ReadSnapshot;
    friend class WriteBatch;
    Store(sqlite::Database db, std::filesystem::path path, OpenMode mode);
    // A cached statement, reset when the lease ends: a statement left
    // mid-result would pin an old WAL snapshot for every later read.
    class Lease {
      public:
        explicit Lease(sqlite::Statement& stmt) : stmt_(stmt) {}
        Lease(const Lease&) = delete;
        Lease& operator=(const Lease&) = delete;
        ~Lease() { stmt_.reset(); }
        sqlite::Statement* operator->() const { return &stmt_; }
        sqlite::Statement& operator*() const { return stmt_; }

      private:
        sqlite::Statement& stmt_;
    };
    // Statements are prepared once per connection and reused.
    Lease statement(std::string_view sql) const;
    void require_writable(std::string_view operation) const;
    // The path still names the file opened: a database deleted (or replaced) under a run would
    // take every later game with it while the run reported success.
    void require_same_file() const;
    void require_run(std::int64_t run_id) const;
    // Inside record_game's transaction: one side's game_lmr_stats row and its rules.
    void insert_lmr_stats(std::int64_t game_id, chess::Color side, const core::LmrGameStats& stats);
    // Inside record_game's transaction: one side's game_pv_checks row and its violations.
    void insert_pv_checks(std::int64_t game_id, chess::Color side, const core::PvTally& tally);

    sqlite::Database db_;
    std::filesystem::path path_;
    OpenMode mode_ = OpenMode::kReadWrite;
    std::optional<std::pair<std::uint64_t, std::uint64_t>> file_id_;  // device, inode when opened
    mutable std::unordered_map<std::string, sqlite::Statement> statements_;
};

// Several writes as one transaction: what record_game, record_stats and the other writes of the
// Store do while a batch is open joins it (their own transactions become savepoints inside it),
// so all of it is stored at commit() or, when the batch ends without it (a failure), none.
// The coordinator of an MPI job stores the games waiting for it this way, one COMMIT for many
// (docs/scale-out.md); a single machine stores one game per transaction. One batch at a time;
// the Store must outlive it.
class WriteBatch {
  public:
    explicit WriteBatch(Store& store);
    WriteBatch(const WriteBatch&) = delete;
    WriteBatch& operator=(const WriteBatch&) = delete;
    void commit() { transaction_.commit(); }

  private:
    sqlite::Transaction transaction_;
};

// One read transaction over several queries of a Store, so all their rows come from the same WAL
// snapshot even while a writer keeps committing games (a report's numbers then agree with each
// other). Ends on scope exit; the Store must outlive it.
class ReadSnapshot {
  public:
    explicit ReadSnapshot(const Store& store);
    ~ReadSnapshot();
    ReadSnapshot(const ReadSnapshot&) = delete;
    ReadSnapshot& operator=(const ReadSnapshot&) = delete;

  private:
    const Store& store_;
};

}  // namespace lmr::store
