#pragma once
// The UCI front end: reads commands, owns the searcher, runs each search on its own thread
// so that "stop", "isready" and "quit" are answered at once, and writes every line through
// one lock so info and bestmove lines never interleave.
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
    void search_thread(chess::Position pos, GoCommand go);
    bool load_config_option(const std::string& path, std::string* error);

    std::ostream& out_;
    std::mutex out_mutex_;
    search::Searcher searcher_;
    chess::Position position_ = chess::Position::startpos();
    reduction::LmrConfig config_;
    OptionSet options_;
    bool lmr_stats_ = false;        // LmrStats: the machine-readable line after each search
    bool lmr_stats_table_ = false;  // LmrStatsTable: the table for people after each search

    std::thread thread_;
    std::atomic<bool> searching_{false};
    std::atomic<bool> infinite_{false};  // the running search waits for stop
    std::mutex stop_mutex_;
    std::condition_variable stop_cv_;
    bool stop_requested_ = false;
};

}  // namespace lmr::uci
