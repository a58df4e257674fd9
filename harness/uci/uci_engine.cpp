#include "harness/uci/uci_engine.hpp"

#include <algorithm>
#include <charconv>
#include <unordered_map>

#include "engine/text/text.hpp"

namespace lmr::uci_client {
namespace {

using process::ReadStatus;

std::string milliseconds_text(std::chrono::milliseconds duration) {
    return std::to_string(duration.count()) + " ms";
}

// Text after the token at `index`, trimmed; for "id name Stockfish 15.1".
std::string rest_of_line(std::string_view line, const std::vector<std::string_view>& tokens,
                         std::size_t index) {
    if (index >= tokens.size()) return {};
    std::string_view rest =
        line.substr(static_cast<std::size_t>(tokens[index].data() - line.data()));
    while (!rest.empty() && (rest.back() == ' ' || rest.back() == '\t')) rest.remove_suffix(1);
    return std::string(rest);
}

}  // namespace

std::string go_command(const GoLimits& limits) {
    std::string command;
    append_go_command(command, limits);
    return command;
}

void append_go_command(std::string& command, const GoLimits& limits) {
    command += "go";
    const auto add = [&command](std::string_view key, auto value) {
        char digits[24];
        const auto [end, ec] = std::to_chars(digits, digits + sizeof digits, value);
        command += ' ';
        command += key;
        command += ' ';
        command.append(digits, end);
    };
    // A clock that ran out is sent as 0: some engines misbehave on negative times, and the
    // caller has already decided whether the game goes on.
    const auto time = [](std::int64_t ms) { return std::max<std::int64_t>(ms, 0); };
    if (limits.wtime) add("wtime", time(*limits.wtime));
    if (limits.btime) add("btime", time(*limits.btime));
    if (limits.winc) add("winc", time(*limits.winc));
    if (limits.binc) add("binc", time(*limits.binc));
    if (limits.movestogo) add("movestogo", *limits.movestogo);
    if (limits.movetime) add("movetime", time(*limits.movetime));
    if (limits.nodes) add("nodes", *limits.nodes);
    if (limits.depth) add("depth", *limits.depth);
    if (limits.infinite) command += " infinite";
}

std::string_view to_string(Status status) {
    switch (status) {
        case Status::kOk:
            return "ok";
        case Status::kTimeout:
            return "timeout";
        case Status::kCrashed:
            return "crashed";
        case Status::kIllegalOutput:
            return "illegal output";
        case Status::kCancelled:
            return "cancelled";
    }
    return "unknown";
}

UciEngine::UciEngine(EngineSpec spec, UciTimeouts timeouts)
    : spec_(std::move(spec)), timeouts_(timeouts) {}

UciEngine::~UciEngine() {
    try {
        quit();
    } catch (...) {
        // Destructors must not throw; the ChildProcess destructor still reaps the child.
    }
}

const std::string& UciEngine::name() const {
    if (!spec_.name.empty()) return spec_.name;
    if (!id_name_.empty()) return id_name_;
    static const std::string kNone = "engine";
    return spec_.argv.empty() ? kNone : spec_.argv.front();
}

std::string UciEngine::describe() const {
    std::string command = process_.command();
    if (command.empty()) {
        for (const std::string& arg : spec_.argv) {
            if (!command.empty()) command += ' ';
            command += arg;
        }
    }
    return "engine '" + name() + "' (" + command + ")";
}

bool UciEngine::send(std::string_view line) {
    if (log_) log_(true, line);
    return process_.write_line(line);
}

ReadStatus UciEngine::receive(std::string& line, Clock::time_point deadline, LineKind& kind) {
    const ReadStatus status = process_.read_line(line, deadline);
    kind = LineKind::kOther;
    if (status != ReadStatus::kLine) return status;
    last_read_ = Clock::now();
    if (log_) log_(false, line);
    std::size_t start = line.find_first_not_of(" \t");
    if (start == std::string::npos) return status;
    const std::size_t end = line.find_first_of(" \t", start);
    const std::string_view first = std::string_view(line).substr(
        start, end == std::string::npos ? std::string::npos : end - start);
    if (first == "info") {
        kind = LineKind::kInfo;
    } else if (first == "bestmove" && search_pending_) {
        // A bestmove nobody asked for (no search pending) is noise, not an answer.
        kind = LineKind::kBestmove;
        search_pending_ = false;
    } else if (first == "readyok" && readyok_pending_ > 0) {
        kind = LineKind::kReadyok;
        --readyok_pending_;
    }
    return status;
}

std::string UciEngine::crash_text(std::string_view while_doing) {
    // The pipe closes a moment before the process is gone; wait briefly for a useful status.
    process_.wait_exit(Clock::now() + std::chrono::milliseconds(200));
    return describe() + " closed its pipe while " + std::string(while_doing) + " (" +
           process_.exit_description() + ")";
}

void UciEngine::fail_start(UciError::Kind kind, const std::string& what) {
    process_.kill();
    state_ = State::kStopped;
    search_pending_ = false;
    readyok_pending_ = 0;
    throw UciError(kind, what);
}

void UciEngine::start() {
    try {
        start_once();
    } catch (const UciError& first) {
        const bool may_pass = first.kind() == UciError::Kind::kExited ||
                              first.kind() == UciError::Kind::kHandshakeTimeout ||
                              first.kind() == UciError::Kind::kNotReady;
        if (!may_pass) throw;
        try {
            start_once();
        } catch (const UciError& second) {
            throw UciError(second.kind(),
                           std::string(second.what()) +
                               "; it was the second start, the first failed too: " + first.what());
        }
    }
}

void UciEngine::start_once() {
    if (state_ == State::kRunning) quit();
    process_.kill();  // a dead engine's process may still linger
    state_ = State::kStopped;
    id_name_.clear();
    id_author_.clear();
    options_.clear();
    warnings_.clear();
    last_error_.clear();
    readyok_pending_ = 0;
    search_pending_ = false;
    pending_ = GoResult{};

    if (spec_.argv.empty() || spec_.argv.front().empty()) {
        throw UciError(UciError::Kind::kCannotStart, "engine '" + name() + "': no command given");
    }
    if (spec_.before_start) spec_.before_start();
    process::SpawnOptions spawn_options;
    spawn_options.working_dir = spec_.working_dir;
    spawn_options.cpu = cpu_;
    spawn_options.stderr_mode =
        spec_.discard_stderr ? process::StderrMode::kDiscard : process::StderrMode::kInherit;
    try {
        process_.spawn(spec_.argv, spawn_options);
    } catch (const process::ProcessError& error) {
        throw UciError(UciError::Kind::kCannotStart, "engine '" + name() + "': " + error.what());
    }
    state_ = State::kRunning;

    handshake(Clock::now() + timeouts_.handshake);
    send_options();
    if (!send("isready")) fail_start(UciError::Kind::kExited, crash_text("starting up"));
    ++readyok_pending_;
    const Status ready = wait_ready(Clock::now() + timeouts_.ready);
    if (ready == Status::kTimeout) {
        fail_start(UciError::Kind::kNotReady,
                   describe() + " did not answer 'isready' with 'readyok' within " +
                       milliseconds_text(timeouts_.ready));
    }
    if (ready != Status::kOk) fail_start(UciError::Kind::kExited, last_error_);
}

void UciEngine::restart() {
    kill();
    ++restarts_;
    start();
}

void UciEngine::handshake(Clock::time_point deadline) {
    if (!send("uci")) fail_start(UciError::Kind::kExited, crash_text("starting up"));
    std::unordered_map<std::string, std::size_t> option_index;  // lower-case name → options_
    for (;;) {
        LineKind kind;
        const ReadStatus status = receive(line_, deadline, kind);
        if (status == ReadStatus::kTimeout) {
            fail_start(UciError::Kind::kHandshakeTimeout,
                       describe() + " did not answer 'uci' with 'uciok' within " +
                           milliseconds_text(timeouts_.handshake));
        }
        if (status == ReadStatus::kClosed) {
            fail_start(UciError::Kind::kExited, crash_text("answering 'uci'"));
        }
        text::split_words(line_, words_);
        const std::vector<std::string_view>& tokens = words_;
        if (tokens.empty()) continue;
        if (tokens[0] == "uciok") return;
        if (tokens[0] == "id" && tokens.size() >= 3) {  // a bare "id name" says nothing
            if (tokens[1] == "name")
                id_name_ = rest_of_line(line_, tokens, 2);
            else if (tokens[1] == "author")
                id_author_ = rest_of_line(line_, tokens, 2);
        } else if (tokens[0] == "option") {
            if (auto option = parse_option_line(line_)) {
                // An option announced twice: the later announcement wins, in the place of the
                // first. Found through the index, so 10,000 options take linear time.
                const auto [at, added] =
                    option_index.try_emplace(text::lower(option->name), options_.size());
                if (added)
                    options_.push_back(std::move(*option));
                else
                    options_[at->second] = std::move(*option);
            }
        }
    }
}

void UciEngine::send_options() {
    for (const auto& [option_name, value] : spec_.options) {
        const EngineOption* option = find_option(options_, option_name);
        std::string command;
        if (option == nullptr) {
            std::string offered;
            for (const EngineOption& o : options_)
                offered += (offered.empty() ? "" : ", ") + o.name;
            const std::string message = describe() + " has no option '" + option_name +
                                        "' (it offers: " + (offered.empty() ? "none" : offered) +
                                        ")";
            if (spec_.strict_options) fail_start(UciError::Kind::kBadOption, message);
            warnings_.push_back(message + "; sent anyway");
            command = setoption_command(option_name, value);
        } else {
            const std::string problem = check_option_value(*option, value);
            if (!problem.empty()) {
                const std::string message =
                    describe() + " option '" + option->name + "': " + problem;
                if (spec_.strict_options) fail_start(UciError::Kind::kBadOption, message);
                warnings_.push_back(message + "; sent anyway");
            }
            command = setoption_command(*option, value);
        }
        if (!send(command)) fail_start(UciError::Kind::kExited, crash_text("setting options"));
    }
    for (const auto& [option_name, value] : spec_.options_if_offered) {
        const auto named = [&](const auto& given) {
            return text::iequals(given.first, option_name);
        };
        if (std::any_of(spec_.options.begin(), spec_.options.end(), named)) continue;
        const EngineOption* option = find_option(options_, option_name);
        if (option == nullptr) continue;
        // An option of that name taking other values belongs to some other engine: leave it.
        if (const std::string problem = check_option_value(*option, value); !problem.empty()) {
            warnings_.push_back(describe() + " option '" + option->name + "': " + problem +
                                "; not set");
            continue;
        }
        if (!send(setoption_command(*option, value)))
            fail_start(UciError::Kind::kExited, crash_text("setting options"));
    }
}

Status UciEngine::wait_ready(Clock::time_point deadline) {
    while (readyok_pending_ > 0) {
        LineKind kind;
        const ReadStatus status = receive(line_, deadline, kind);
        if (status == ReadStatus::kTimeout) {
            last_error_ = describe() + " did not answer 'isready' with 'readyok' within " +
                          milliseconds_text(timeouts_.ready);
            return Status::kTimeout;
        }
        if (status == ReadStatus::kClosed) {
            last_error_ = crash_text("waiting for 'readyok'");
            state_ = State::kDead;
            search_pending_ = false;
            return Status::kCrashed;
        }
    }
    return Status::kOk;
}

Status UciEngine::send_when_idle(std::string_view command) {
    last_error_.clear();
    if (state_ != State::kRunning) {
        last_error_ = not_running_result().error;
        return Status::kCrashed;
    }
    if (search_pending_) {
        const GoResult stopped = stop(Clock::now() + timeouts_.ready);
        if (stopped.status != Status::kOk) {
            last_error_ = "the previous search did not end: " + stopped.error;
            return stopped.status;
        }
    }
    if (!send(command)) {
        last_error_ = crash_text("sending '" + std::string(command) + "'");
        state_ = State::kDead;
        return Status::kCrashed;
    }
    return Status::kOk;
}

Status UciEngine::is_ready() {
    if (const Status sent = send_when_idle("isready"); sent != Status::kOk) return sent;
    ++readyok_pending_;
    return wait_ready(Clock::now() + timeouts_.ready);
}

Status UciEngine::new_game() {
    if (const Status sent = send_when_idle("ucinewgame"); sent != Status::kOk) return sent;
    return is_ready();
}

GoResult UciEngine::not_running_result() const {
    GoResult result;
    result.status = Status::kCrashed;
    result.error = describe() + " is not running (" + process_.exit_description() + ")";
    return result;
}

GoResult UciEngine::go(std::string_view position_command, const GoLimits& limits,
                       Clock::time_point deadline) {
    if (state_ != State::kRunning) return not_running_result();
    if (search_pending_) {
        GoResult stopped = stop(Clock::now() + timeouts_.ready);
        if (stopped.status != Status::kOk) {
            stopped.error = "the previous search did not end: " + stopped.error;
            stopped.bestmove.clear();
            stopped.ponder.clear();
            return stopped;
        }
    }
    const auto write_failed = [this](std::string_view what) {
        GoResult result;
        result.status = Status::kCrashed;
        result.error = crash_text(what);
        state_ = State::kDead;
        return result;
    };
    go_command_.clear();
    append_go_command(go_command_, limits);
    if (position_command.empty()) {
        if (!send(go_command_)) return write_failed("sending 'go'");
    } else {
        // One write for both lines: the engine wakes once per move, not twice.
        if (log_) log_(true, position_command);
        if (log_) log_(true, go_command_);
        if (!process_.write_lines({position_command, go_command_}))
            return write_failed("sending the position and 'go'");
    }
    go_written_ = Clock::now();
    search_pending_ = true;
    pending_ = GoResult{};
    return read_search(deadline);
}

GoResult UciEngine::go(std::string_view position_command, const GoLimits& limits,
                       Clock::time_point deadline, const std::atomic<bool>* cancel) {
    if (!cancel) return go(position_command, limits, deadline);
    const auto step = [&] { return std::min(deadline, Clock::now() + kCancelPoll); };
    GoResult result = go(position_command, limits, step());
    while (result.status == Status::kTimeout && Clock::now() < deadline) {
        if (*cancel) {
            result.status = Status::kCancelled;
            result.error = "cancelled while the engine searched";
            return result;
        }
        result = wait(step());
    }
    return result;
}

GoResult UciEngine::wait(Clock::time_point deadline) {
    if (!search_pending_) return GoResult{};
    if (state_ != State::kRunning) return not_running_result();
    return read_search(deadline);
}

GoResult UciEngine::stop(Clock::time_point deadline) {
    if (!search_pending_) return GoResult{};
    if (state_ != State::kRunning) return not_running_result();
    if (!send("stop")) {
        GoResult result = std::move(pending_);
        pending_ = GoResult{};
        search_pending_ = false;
        state_ = State::kDead;
        result.status = Status::kCrashed;
        result.error = crash_text("sending 'stop'");
        return result;
    }
    return read_search(deadline);
}

GoResult UciEngine::read_search(Clock::time_point deadline) {
    for (;;) {
        LineKind kind;
        const ReadStatus status = receive(line_, deadline, kind);
        if (status == ReadStatus::kLine) {
            if (kind == LineKind::kInfo) {
                if (parse_info(line_, line_info_)) {
                    const SearchInfo& info = line_info_;
                    if (info.text && info_string_handler_) info_string_handler_(*info.text);
                    if (info_handler_) info_handler_(info, line_);
                    if (info.multipv.value_or(1) == 1) merge_info(pending_.info, info);
                }
            } else if (kind == LineKind::kBestmove) {
                GoResult result = std::move(pending_);
                pending_ = GoResult{};
                result.elapsed = last_read_ - go_written_;
                text::split_words(line_, words_);
                const std::vector<std::string_view>& tokens = words_;
                if (tokens.size() >= 2 && tokens[1] != "ponder") {
                    result.bestmove = std::string(tokens[1]);
                    if (tokens.size() >= 4 && tokens[2] == "ponder")
                        result.ponder = std::string(tokens[3]);
                    result.status = Status::kOk;
                } else {
                    result.status = Status::kIllegalOutput;
                    result.error = describe() + " sent 'bestmove' without a move: '" + line_ + "'";
                }
                return result;
            }
            continue;  // anything else is noise while searching
        }
        if (status == ReadStatus::kTimeout) {
            // The search stays pending (pending_ keeps its info) for stop() or a restart.
            GoResult result = pending_;
            result.status = Status::kTimeout;
            result.elapsed = Clock::now() - go_written_;
            result.error = describe() + " sent no 'bestmove' before the deadline";
            return result;
        }
        GoResult result = std::move(pending_);
        pending_ = GoResult{};
        search_pending_ = false;
        state_ = State::kDead;
        result.status = Status::kCrashed;
        result.elapsed = Clock::now() - go_written_;
        result.error = crash_text("searching");
        return result;
    }
}

void UciEngine::quit() {
    if (process_.running()) {
        if (state_ == State::kRunning) send("quit");
        process_.terminate(timeouts_.quit_grace);
    }
    state_ = State::kStopped;
    search_pending_ = false;
    readyok_pending_ = 0;
}

void UciEngine::kill() {
    process_.kill();
    state_ = State::kStopped;
    search_pending_ = false;
    readyok_pending_ = 0;
}

}  // namespace lmr::uci_client
