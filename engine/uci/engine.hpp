#pragma once
// The UCI front end: reads commands, owns the searcher, runs the searches on a thread of
// their own so that "stop", "isready" and "quit" are answered at once, and writes every line
// through one lock so info and bestmove lines never interleave. The search thread lives as
// long as the engine and waits for each "go": a thread started for every search cost a tenth
// of the engine's CPU in matches at 100 nodes a move (its creation and its stack's release).
#include <atomic>
#include <condition_variable>
#include <iosfwd>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>

#include "engine/chess/position.hpp"
#include "engine/lmr/config.hpp"
#include "engine/search/search.hpp"
#include "engine/uci/command.hpp"
#include "engine/uci/options.hpp"

namespace lmr::uci {

inline constexpr std::string_view kEngineName = "LMR Lab engine";
inline constexpr std::string_view kEngineAuthor = "the LMR Lab developers";
inline constexpr int kDefaultHashMb = 16;
inline constexpr int kMaxHashMb = 8192;  // the table is cleared (touched) at once: stay in RAM
inline constexpr int kDefaultMoveOverheadMs = 30;

class Engine {
  public:
    explicit Engine(std::ostream& out);
    ~Engine();
    Engine(const Engine&) = delete;
    Engine& operator=(const Engine&) = delete;

    // The config in force (e.g. from --config); the tunable options start from it.
    void set_config(const reduction::LmrConfig& config);
    const reduction::LmrConfig& config() const { return config_; }

    // Reads commands until "quit" or end of input. At end of input a running timed search
    // is finished (an infinite one stopped) so piped scripts still get their bestmove.
    void run(std::istream& in);
    // One command line; returns false when it was "quit".
    bool execute(std::string_view line);
    // Blocks until the running search (if any) has printed its bestmove.
    void wait_for_search();

  private:
    void build_options();
    void emit(std::string_view line);
    void emit_info_string(std::string_view text);  // one "info string" per line of text
    void cmd_uci();
    void cmd_setoption(const std::vector<std::string_view>& args);
    void cmd_position(const std::vector<std::string_view>& args);
    void cmd_go(const std::vector<std::string_view>& args);
    void stop_search();
    void search_loop();  // the search thread: each search handed over by go, until quit_
    void run_search(const chess::Position& pos, const GoCommand& go);
    bool load_config_option(const std::string& path, std::string* error);

    std::ostream& out_;
    std::mutex out_mutex_;
    search::Searcher searcher_;
    chess::Position position_ = chess::Position::startpos();
    reduction::LmrConfig config_;
    OptionSet options_;
    bool lmr_stats_ = false;        // LmrStats: the machine-readable line after each search
    bool lmr_stats_table_ = false;  // LmrStatsTable: the table for people after each search

    // The search handed over by go (job_ready_), busy_ until its bestmove is out. Guarded by
    // job_mutex_; job_cv_ wakes the search thread for a job or quit_, and waiters of busy_.
    std::mutex job_mutex_;
    std::condition_variable job_cv_;
    chess::Position job_position_;
    GoCommand job_go_;
    bool job_ready_ = false;
    bool busy_ = false;
    bool quit_ = false;
    std::thread thread_;  // started last in the constructor, joined in the destructor
    std::atomic<bool> searching_{false};
    std::atomic<bool> infinite_{false};  // the running search waits for stop
    std::mutex stop_mutex_;
    std::condition_variable stop_cv_;
    bool stop_requested_ = false;
};

}  // namespace lmr::uci
