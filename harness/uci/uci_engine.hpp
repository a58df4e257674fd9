#pragma once

// A UCI engine driven by the harness: one child process, the protocol, fault detection.
// One UciEngine belongs to one thread at a time; many run concurrently (no shared state).
//
// Faults are results, not exceptions, once the engine has started: go() reports kTimeout,
// kCrashed or kIllegalOutput and the caller decides (a lost game, then kill()/restart()).
// Only start()/restart() throw, because an engine that cannot start or rejects its
// configuration is a setup error to report before the first game.

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "harness/process/child_process.hpp"
#include "harness/uci/engine_option.hpp"
#include "harness/uci/search_info.hpp"

namespace lmr::uci_client {

using Clock = std::chrono::steady_clock;

struct EngineSpec {
    std::string name;               // for messages and records; the `id name` is kept apart
    std::vector<std::string> argv;  // argv[0] is the program (PATH is searched without a '/')
    std::vector<std::pair<std::string, std::string>> options;  // sent in this order
    // Sent after `options`, each only when the engine offers it and `options` does not name it
    // (any case): a feature the harness turns on where there is one, the user's value winning.
    std::vector<std::pair<std::string, std::string>> options_if_offered;
    std::string working_dir;  // empty = the harness's directory
    // An option the engine does not advertise, or a value it would not accept (spin out of
    // range, check not true/false, combo not a var), is an error by default: a misspelt
    // "Hahs" would otherwise silently measure something else. When false, such an option is
    // still sent and a warning is recorded (warnings()).
    bool strict_options = true;
    bool discard_stderr = false;  // default: the engine's stderr goes to the harness's stderr
    // Called before every start of the process (the first and each restart); what it throws
    // comes out of start() with the engine stopped, so a caller can refuse to start a binary
    // that changed on disk. Not sent to other ranks: each sets its own.
    std::function<void()> before_start;
};

struct UciTimeouts {
    std::chrono::milliseconds handshake{10'000};  // `uci` → `uciok`
    std::chrono::milliseconds ready{10'000};      // `isready` → `readyok`, `stop` → `bestmove`
    std::chrono::milliseconds quit_grace{1'000};  // after `quit`, before SIGTERM (then SIGKILL)
};

// Limits of one `go`. Unset fields are not sent; they combine (e.g. nodes and depth).
// Times in milliseconds, as the protocol has them.
struct GoLimits {
    std::optional<std::int64_t> wtime, btime, winc, binc;
    std::optional<int> movestogo;
    std::optional<std::int64_t> movetime;
    std::optional<std::uint64_t> nodes;
    std::optional<int> depth;
    bool infinite = false;  // search until stop()

    static GoLimits with_nodes(std::uint64_t n) {
        GoLimits l;
        l.nodes = n;
        return l;
    }
    static GoLimits with_depth(int d) {
        GoLimits l;
        l.depth = d;
        return l;
    }
    static GoLimits with_movetime(std::int64_t ms) {
        GoLimits l;
        l.movetime = ms;
        return l;
    }
};

// "go wtime 1000 btime 1000 winc 10 binc 10" etc.
std::string go_command(const GoLimits& limits);
// The same appended to `command` (a buffer a caller reuses from move to move).
void append_go_command(std::string& command, const GoLimits& limits);

enum class Status {
    kOk,
    kTimeout,  // no answer by the deadline; the engine may still be searching
    kCrashed,  // the engine closed its output or its input (exited, crashed) or is not running
    kIllegalOutput,  // `bestmove` without a move
    kCancelled,      // the caller's cancel flag came first; the search is still pending
};
std::string_view to_string(Status status);

struct GoResult {
    Status status = Status::kOk;
    std::string bestmove;  // as the engine wrote it; legality is the caller's business
    std::string ponder;    // empty when none
    SearchInfo info;       // latest value of every field over the search's info lines (multipv 1)
    // From the moment the `go` line was written to the moment the `bestmove` line was read
    // (on kTimeout: to the moment the deadline passed).
    Clock::duration elapsed{};
    std::string error;  // why, when status != kOk
};

class UciError : public std::runtime_error {
  public:
    enum class Kind {
        kCannotStart,       // exec failed, missing working directory…
        kHandshakeTimeout,  // no `uciok` in time
        kNotReady,          // no `readyok` in time after the options
        kExited,            // exited during start-up
        kBadOption,         // unknown option or unacceptable value (strict_options)
    };
    UciError(Kind kind, const std::string& message) : std::runtime_error(message), kind_(kind) {}
    Kind kind() const { return kind_; }

  private:
    Kind kind_;
};

class UciEngine {
  public:
    explicit UciEngine(EngineSpec spec, UciTimeouts timeouts = {});
    UciEngine(const UciEngine&) = delete;
    UciEngine& operator=(const UciEngine&) = delete;
    UciEngine(UciEngine&&) noexcept = default;
    UciEngine& operator=(UciEngine&&) noexcept = default;
    ~UciEngine();  // quit()

    // Spawns the engine, `uci` → `uciok` (captures id name/author and the options), sends the
    // configured options, `isready` → `readyok`. Throws UciError; the process is killed on
    // failure. Starting a running engine quits it first. An engine that dies or falls silent
    // while starting is started once more before that counts: a kill from outside (the OOM
    // killer) or a start on a starved machine is no broken engine, and one failed start must not
    // end a run of thousands of games; a broken engine fails the second start too.
    void start();
    // The CPU the engine's process is held on from its next start (fastchess's -use-affinity;
    // process::SpawnOptions::cpu); nullopt: not held.
    void set_cpu(std::optional<int> cpu) { cpu_ = cpu; }
    // kill() then start() again (options are sent again). Throws like start().
    void restart();

    // `isready` → `readyok` within timeouts.ready. Finishes a search left pending by a timed-out
    // go() first (`stop`, then waits for its `bestmove`).
    Status is_ready();
    // `ucinewgame` then is_ready().
    Status new_game();

    // Writes the position command (e.g. "position startpos moves e2e4"; skipped when empty)
    // and the go command, then reads until `bestmove` or the deadline. Engine output is never
    // a reason to throw. After kTimeout the search is still pending: call stop(), or
    // kill()/restart(); a later go()/is_ready() stops it first.
    GoResult go(std::string_view position_command, const GoLimits& limits,
                Clock::time_point deadline);
    // go(), looking at `cancel` (when not null) every kCancelPoll until the `bestmove`:
    // kCancelled when it is set first, so that a Ctrl-C need not wait for the deadline of a
    // search that may never end. The search is then left pending, as after kTimeout.
    GoResult go(std::string_view position_command, const GoLimits& limits,
                Clock::time_point deadline, const std::atomic<bool>* cancel);
    static constexpr std::chrono::milliseconds kCancelPoll{50};
    // Goes on reading the search a go() left pending at its kTimeout, until `bestmove` or the
    // new deadline (the result is as go()'s, its info gathered since the go): a caller that
    // waits in short steps, e.g. to notice a Ctrl-C in between. kOk with an empty bestmove when
    // no search was pending.
    GoResult wait(Clock::time_point deadline);
    // Sends `stop` and waits for the pending search's `bestmove` until the deadline; the result
    // carries the info gathered since the go (elapsed still counts from the go write).
    // kOk with an empty bestmove when no search was pending.
    GoResult stop(Clock::time_point deadline);

    // `quit`, wait timeouts.quit_grace, then SIGTERM, then SIGKILL; always reaps.
    void quit();
    // SIGKILL now, reap.
    void kill();

    // Started and not known to have died (a crash is noticed by the next read or write).
    bool running() const { return state_ == State::kRunning; }
    bool searching() const { return search_pending_; }
    const EngineSpec& spec() const { return spec_; }
    const std::string& name() const;  // spec.name, or else the id name, or else argv[0]
    const std::string& id_name() const { return id_name_; }
    const std::string& id_author() const { return id_author_; }
    const std::vector<EngineOption>& options() const { return options_; }
    const std::vector<std::string>& warnings() const { return warnings_; }
    int restarts() const { return restarts_; }
    // Why the last is_ready()/new_game() did not return kOk.
    const std::string& last_error() const { return last_error_; }
    pid_t pid() const { return process_.pid(); }
    // "exited with code 3", "killed by signal 9 (Killed)", "running", "not started".
    std::string exit_description() const { return process_.exit_description(); }

    // Sees every line written to (to_engine = true) or read from the engine; for debugging and
    // protocol logs. Called on the engine's thread, up to and including the destructor's `quit`,
    // so whatever it captures must outlive the engine.
    using ProtocolLog = std::function<void(bool to_engine, std::string_view line)>;
    void set_protocol_log(ProtocolLog log) { log_ = std::move(log); }
    // Sees the text of every `info string` line read while a search is pending (what follows
    // "info string "), e.g. statistics an engine prints before its `bestmove`. Called on the
    // engine's thread; an empty handler removes it.
    using InfoStringHandler = std::function<void(std::string_view text)>;
    void set_info_string_handler(InfoStringHandler handler) {
        info_string_handler_ = std::move(handler);
    }
    // Sees every `info` line read while a search is pending (info strings and other multipv
    // ranks included), parsed and as written, e.g. to check each PV against the position. Called
    // on the engine's thread, before the line is folded into the search's GoResult::info; an
    // empty handler removes it.
    using InfoHandler = std::function<void(const SearchInfo& info, std::string_view line)>;
    void set_info_handler(InfoHandler handler) { info_handler_ = std::move(handler); }

  private:
    enum class State { kStopped, kRunning, kDead };
    enum class LineKind { kOther, kInfo, kBestmove, kReadyok };

    bool send(std::string_view line);
    // Stops a pending search, then sends `command`; kOk when sent, else the reason in last_error_.
    Status send_when_idle(std::string_view command);
    // One line from the engine; keeps the readyok/bestmove bookkeeping.
    process::ReadStatus receive(std::string& line, Clock::time_point deadline, LineKind& kind);
    GoResult read_search(Clock::time_point deadline);
    GoResult not_running_result() const;
    Status wait_ready(Clock::time_point deadline);
    void start_once();
    void handshake(Clock::time_point deadline);
    void send_options();
    [[noreturn]] void fail_start(UciError::Kind kind, const std::string& what);
    std::string crash_text(std::string_view while_doing);
    std::string describe() const;  // "engine 'sf' (/usr/games/stockfish)"

    EngineSpec spec_;
    std::optional<int> cpu_;
    UciTimeouts timeouts_;
    process::ChildProcess process_;
    State state_ = State::kStopped;
    std::string id_name_;
    std::string id_author_;
    std::vector<EngineOption> options_;
    std::vector<std::string> warnings_;
    int restarts_ = 0;
    int readyok_pending_ = 0;  // isready lines not yet answered
    bool search_pending_ = false;
    Clock::time_point go_written_{};
    GoResult pending_{};             // info gathered for the pending search
    Clock::time_point last_read_{};  // when the latest line was read
    std::string last_error_;
    ProtocolLog log_;
    InfoStringHandler info_string_handler_;
    InfoHandler info_handler_;
    std::string line_;                     // reused read buffer
    std::vector<std::string_view> words_;  // line_'s words, storage reused from line to line
    SearchInfo line_info_;                 // the last info line parsed, its storage reused
    std::string go_command_;               // the last `go` sent, its storage reused
};

}  // namespace lmr::uci_client
