#include "engine/uci/engine.hpp"

#include <algorithm>
#include <chrono>
#include <istream>
#include <ostream>
#include <sstream>

#include "engine/chess/notation.hpp"
#include "engine/chess/perft.hpp"
#include "engine/eval/eval.hpp"
#include "engine/lmr/params.hpp"
#include "engine/lmr/stats.hpp"
#include "engine/search/bench.hpp"

namespace lmr::uci {
namespace {

// Each non-empty line of text as an "info string" line, the lines joined by newlines.
std::string info_string_lines(std::string_view text) {
    std::string lines;
    std::size_t start = 0;
    while (start <= text.size()) {
        std::size_t end = text.find('\n', start);
        if (end == std::string_view::npos) end = text.size();
        const std::string_view line = text.substr(start, end - start);
        if (!line.empty()) {
            if (!lines.empty()) lines += '\n';
            lines.append("info string ").append(line);
        }
        start = end + 1;
    }
    return lines;
}

}  // namespace

Engine::Engine(std::ostream& out) : out_(out) {
    config_ = reduction::default_config();
    searcher_.set_hash_mb(kDefaultHashMb);
    searcher_.set_move_overhead(kDefaultMoveOverheadMs);
    searcher_.set_config(config_);
    searcher_.set_info_callback(
        [this](const search::IterationInfo& info) { emit(format_info(info)); });
    build_options();
    thread_ = std::thread(&Engine::search_loop, this);
}

Engine::~Engine() {
    stop_search();
    wait_for_search();
    {
        std::lock_guard<std::mutex> lock(job_mutex_);
        quit_ = true;
    }
    job_cv_.notify_all();
    thread_.join();
}

void Engine::search_loop() {
    std::unique_lock<std::mutex> lock(job_mutex_);
    for (;;) {
        job_cv_.wait(lock, [this] { return job_ready_ || quit_; });
        if (quit_) return;
        job_ready_ = false;
        // go waits for busy_ to fall before it writes the next job: this one stays as it is.
        lock.unlock();
        run_search(job_position_, job_go_);
        lock.lock();
        busy_ = false;
        job_cv_.notify_all();
    }
}

void Engine::set_config(const reduction::LmrConfig& config) {
    config_ = config;
    searcher_.set_config(config_);
}

void Engine::emit(std::string_view line) {
    std::lock_guard<std::mutex> lock(out_mutex_);
    out_ << line << '\n';
    out_.flush();
}

void Engine::emit_info_string(std::string_view text) {
    const std::string lines = info_string_lines(text);
    if (!lines.empty()) emit(lines);
}

bool Engine::load_config_option(const std::string& path, std::string* error) {
    try {
        const reduction::LmrConfig loaded =
            path.empty() ? reduction::default_config() : reduction::load_config(path);
        set_config(loaded);
        emit("info string config " + loaded.name + " loaded");
        return true;
    } catch (const std::exception& e) {
        // The previous config stays in force.
        if (error) *error = e.what();
        return false;
    }
}

void Engine::build_options() {
    using Type = Option::Type;
    options_.add(Option("Hash", Type::kSpin, std::to_string(kDefaultHashMb), 1, kMaxHashMb,
                        [this](const std::string& v, std::string* error) {
                            try {
                                searcher_.set_hash_mb(std::stoul(v));
                            } catch (const std::exception&) {
                                if (error) *error = "cannot allocate " + v + " MB of hash";
                                searcher_.set_hash_mb(kDefaultHashMb);
                                return false;
                            }
                            return true;
                        }));
    options_.add(Option("Threads", Type::kSpin, "1", 1, 1, nullptr));
    options_.add(
        Option("Clear Hash", Type::kButton, "", 0, 0, [this](const std::string&, std::string*) {
            searcher_.clear_hash();
            return true;
        }));
    options_.add(Option("Move Overhead", Type::kSpin, std::to_string(kDefaultMoveOverheadMs), 0,
                        5000, [this](const std::string& v, std::string*) {
                            searcher_.set_move_overhead(std::stoll(v));
                            return true;
                        }));
    // Stockfish's `nodestime` (its range too): time counted as nodes searched, N a millisecond.
    options_.add(
        Option("nodestime", Type::kSpin, "0", 0, 10000, [this](const std::string& v, std::string*) {
            searcher_.set_nodes_time(std::stoll(v));
            return true;
        }));
    options_.add(Option(
        "Config", Type::kString, "", 0, 0,
        [this](const std::string& v, std::string* error) { return load_config_option(v, error); }));
    options_.add(
        Option("LmrStats", Type::kCheck, "false", 0, 0, [this](const std::string& v, std::string*) {
            lmr_stats_ = v == "true";
            return true;
        }));
    options_.add(Option("LmrStatsTable", Type::kCheck, "false", 0, 0,
                        [this](const std::string& v, std::string*) {
                            lmr_stats_table_ = v == "true";
                            return true;
                        }));
    // One option per tunable LMR parameter, named like its JSON path.
    for (const reduction::ParamSpec& spec : reduction::tunable_params()) {
        const bool check = spec.kind == reduction::ParamSpec::kCheck;
        const int def = spec.get(config_);
        options_.add(
            Option(spec.name, check ? Type::kCheck : Type::kSpin,
                   check ? (def ? "true" : "false") : std::to_string(def), spec.min, spec.max,
                   [this, name = spec.name, check](const std::string& v, std::string* error) {
                       try {
                           reduction::LmrConfig changed = config_;
                           const int value = check ? (v == "true" ? 1 : 0) : std::stoi(v);
                           reduction::set_param(changed, name, value);
                           reduction::validate(changed);
                           set_config(changed);
                       } catch (const std::exception& e) {
                           if (error) *error = e.what();
                           return false;
                       }
                       return true;
                   }));
    }
}

void Engine::cmd_uci() {
    std::ostringstream s;
    s << "id name " << kEngineName << '\n' << "id author " << kEngineAuthor << '\n';
    for (const Option& o : options_.all()) {
        std::string decl = o.declaration();
        // Tunable options advertise the value of the config now in force.
        if (const reduction::ParamSpec* spec = reduction::find_param(o.name())) {
            const int v = spec->get(config_);
            const std::string current = spec->kind == reduction::ParamSpec::kCheck
                                            ? (v ? "true" : "false")
                                            : std::to_string(v);
            Option copy(o.name(), o.type(), current, spec->min, spec->max, nullptr);
            decl = copy.declaration();
        }
        s << decl << '\n';
    }
    s << "uciok";
    emit(s.str());
}

void Engine::cmd_setoption(const std::vector<std::string_view>& args) {
    const auto opt = parse_setoption(args);
    if (!opt) {
        emit("info string setoption: expected 'setoption name <name> [value <value>]'");
        return;
    }
    if (searching_.load()) {
        emit("info string setoption ignored while searching: " + opt->name);
        return;
    }
    Option* option = options_.find(opt->name);
    if (option == nullptr) {
        emit("info string unknown option: " + opt->name);
        return;
    }
    if (option->type() != Option::Type::kButton && !opt->has_value) {
        emit("info string setoption " + option->name() + ": missing value");
        return;
    }
    std::string error;
    if (!option->set(opt->value, &error)) emit_info_string("error: " + error);
}

void Engine::cmd_position(const std::vector<std::string_view>& args) {
    std::string error;
    auto pos = parse_position(args, &error);
    if (!pos) {
        emit("info string position ignored: " + error);
        return;
    }
    position_ = std::move(*pos);
}

void Engine::stop_search() {
    {
        std::lock_guard<std::mutex> lock(stop_mutex_);
        stop_requested_ = true;
    }
    stop_cv_.notify_all();
    searcher_.stop();
}

void Engine::wait_for_search() {
    std::unique_lock<std::mutex> lock(job_mutex_);
    job_cv_.wait(lock, [this] { return !busy_; });
}

void Engine::cmd_go(const std::vector<std::string_view>& args) {
    const auto received = std::chrono::steady_clock::now();
    stop_search();  // a GUI should not send go during a search; finish the old one cleanly
    wait_for_search();
    GoCommand go = parse_go(args, position_);
    go.limits.start = received;
    for (const std::string& error : go.errors) emit("info string " + error);
    if (go.perft_depth > 0) {
        chess::Position pos = position_;
        std::ostringstream s;
        chess::run_perft_command(pos, go.perft_depth, true, s);
        emit(s.str());
        return;
    }
    {
        std::lock_guard<std::mutex> lock(stop_mutex_);
        stop_requested_ = false;
    }
    searcher_.reset_stop();
    searcher_.reset_stats();
    searching_.store(true);
    infinite_.store(go.limits.infinite);
    {
        std::lock_guard<std::mutex> lock(job_mutex_);
        job_position_ = position_;
        job_go_ = std::move(go);
        job_ready_ = busy_ = true;
    }
    job_cv_.notify_all();
}

void Engine::run_search(const chess::Position& pos, const GoCommand& go) {
    const search::SearchResult result = searcher_.search(pos, go.limits);
    if (go.limits.infinite) {
        // UCI: after "go infinite" the bestmove waits for "stop" even if the search ended.
        std::unique_lock<std::mutex> lock(stop_mutex_);
        stop_cv_.wait(lock, [this] { return stop_requested_; });
    }
    // What follows the search goes out in one write, bestmove last: a manager reading the
    // engine wakes once for it, not once a line.
    const search::SearchStats& st = searcher_.stats();
    std::string report;
    // The machine-readable line for a tournament manager, which stores it; the table only
    // when asked for: ten lines a move that a manager would read for nothing.
    if (lmr_stats_)
        report = reduction::format_report_line(
            {searcher_.lmr_stats(), st.reduced_searches, st.re_searches});
    if (lmr_stats_table_) {
        std::ostringstream s;
        reduction::print_stats(searcher_.lmr_stats(), s, config_.lmr.scale);
        s.setf(std::ios::fixed);
        s.precision(1);
        s << "lmr re-search rate " << 100.0 * st.re_search_rate() << "% (" << st.re_searches
          << " of " << st.reduced_searches << ")\n";
        s << "lmr fail-high on first move " << 100.0 * st.fail_high_first_rate() << "% ("
          << st.fail_highs_first << " of " << st.fail_highs << ")\n";
        report += '\n' + s.str();
    }
    std::string out = info_string_lines(report);
    if (!out.empty()) out += '\n';
    out += "bestmove " + chess::to_uci(result.best_move);
    if (result.best_move != chess::Move::none() && result.ponder_move != chess::Move::none()) {
        out += " ponder " + chess::to_uci(result.ponder_move);
    }
    searching_.store(false);
    emit(out);
}

bool Engine::execute(std::string_view line) {
    std::vector<std::string_view> tokens = tokenize(line);
    if (tokens.empty()) return true;
    // UCI: an unknown token is skipped and the rest of the line parsed ("joho debug on" is
    // "debug on"). What is skipped is said, as Stockfish does, so that a typo is seen.
    static constexpr std::string_view kCommands[] = {
        "uci", "debug", "isready",   "setoption", "register", "ucinewgame", "position",
        "go",  "stop",  "ponderhit", "quit",      "d",        "eval"};
    const auto known = [](std::string_view word) {
        return std::find(std::begin(kCommands), std::end(kCommands), word) != std::end(kCommands);
    };
    const auto first_known = std::find_if(tokens.begin(), tokens.end(), known);
    if (first_known != tokens.begin()) {
        std::string skipped;
        for (auto t = tokens.begin(); t != first_known; ++t)
            skipped += (skipped.empty() ? "" : " ") + std::string(*t);
        emit("info string unknown command: " + skipped);
        tokens.erase(tokens.begin(), first_known);
        if (tokens.empty()) return true;
    }
    const std::string_view cmd = tokens[0];
    const std::vector<std::string_view> args(tokens.begin() + 1, tokens.end());
    if (cmd == "uci") {
        cmd_uci();
    } else if (cmd == "isready") {
        emit("readyok");
    } else if (cmd == "ucinewgame") {
        stop_search();
        wait_for_search();
        searcher_.new_game();
    } else if (cmd == "setoption") {
        cmd_setoption(args);
    } else if (cmd == "position") {
        cmd_position(args);
    } else if (cmd == "go") {
        cmd_go(args);
    } else if (cmd == "stop" || cmd == "ponderhit") {
        // No Ponder option is offered; should a GUI ponder anyway, "ponderhit" answers at once
        // instead of leaving it waiting for a bestmove that an infinite search never sends.
        stop_search();
    } else if (cmd == "quit") {
        stop_search();
        wait_for_search();
        return false;
    } else if (cmd == "d") {
        emit("info string fen " + position_.fen());
    } else if (cmd == "eval") {
        std::ostringstream s;
        eval::print_breakdown(position_, s);
        emit(s.str());
    }
    // "debug" and "register" need nothing from this engine.
    return true;
}

void Engine::run(std::istream& in) {
    // A tied output stream would be flushed by every read on this thread, outside emit()'s
    // lock, racing with the search thread (duplicated or torn lines).
    in.tie(nullptr);
    std::string line;
    while (std::getline(in, line)) {
        if (!execute(line)) return;
    }
    // End of input: let a bounded search finish, stop an unbounded one.
    {
        std::lock_guard<std::mutex> lock(stop_mutex_);
        stop_requested_ = true;  // releases an infinite search once it is done or stopped
    }
    stop_cv_.notify_all();
    if (infinite_.load()) searcher_.stop();
    wait_for_search();
}

}  // namespace lmr::uci
