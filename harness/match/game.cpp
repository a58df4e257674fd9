#include "harness/match/game.hpp"

#include <algorithm>
#include <optional>
#include <string_view>
#include <utility>

#include "engine/chess/game_end.hpp"
#include "engine/chess/notation.hpp"
#include "engine/chess/position.hpp"
#include "engine/lmr/stats.hpp"
#include "harness/match/line_patterns.hpp"
#include "harness/match/pv_checker.hpp"
#include "harness/match/rules_ending.hpp"
#include "harness/process/cpu_wait.hpp"

namespace lmr::match {
namespace {

using std::chrono::duration_cast;
using std::chrono::milliseconds;
using std::chrono::nanoseconds;
using SteadyClock = std::chrono::steady_clock;
using uci_client::GoResult;
using uci_client::Status;
using uci_client::UciEngine;

// The reply deadline is set this much past the time budget, so a reply that arrives right at
// the limit is read and judged by its measured time (Clock::charge) rather than by a race
// between the deadline and the pipe.
constexpr milliseconds kDeadlineSlack{10};

std::string side_name(chess::Color c) {
    return c == chess::kWhite ? "White" : "Black";
}

std::string seconds_text(nanoseconds d) {
    return format_seconds(duration_cast<milliseconds>(d < nanoseconds(0) ? -d : d)) + " s";
}

// The whole game so far as one `position` command.
class PositionCommand {
  public:
    explicit PositionCommand(const std::string& start_fen)
        : base_(start_fen == chess::Position::startpos().fen() ? "position startpos"
                                                               : "position fen " + start_fen) {}
    void add(const std::string& uci) { moves_ += " " + uci; }
    std::string text() const { return moves_.empty() ? base_ : base_ + " moves" + moves_; }

  private:
    std::string base_;
    std::string moves_;
};

// Hands an engine's info lines and info strings to handlers for as long as the route lives:
// the engine outlives the game, the handlers must not.
class InfoStringRoute {
  public:
    InfoStringRoute(UciEngine& engine, UciEngine::InfoStringHandler handler,
                    UciEngine::InfoHandler info_handler)
        : engine_(engine) {
        engine_.set_info_string_handler(std::move(handler));
        engine_.set_info_handler(std::move(info_handler));
    }
    ~InfoStringRoute() {
        engine_.set_info_string_handler(nullptr);
        engine_.set_info_handler(nullptr);
    }
    InfoStringRoute(const InfoStringRoute&) = delete;
    InfoStringRoute& operator=(const InfoStringRoute&) = delete;

  private:
    UciEngine& engine_;
};

class GameRunner {
  public:
    GameRunner(UciEngine& white, UciEngine& black, const Opening& opening,
               const GameSettings& settings)
        : settings_(settings),
          engines_{&white, &black},
          pos_(start_position(opening)),
          command_(pos_.fen()),
          clock_(make_clock(settings)),
          adjudicator_(make_adjudicator(settings)),
          kept_patterns_(compile_patterns(settings)),
          kept_lines_(kept_patterns_.size()) {
        record_.start_fen = pos_.fen();
        apply_opening(opening);
        const TimeControl& white_tc = clock_.time_control(chess::kWhite);
        const TimeControl& black_tc = clock_.time_control(chess::kBlack);
        if (white_tc == black_tc) {
            record_.time_control = white_tc.to_pgn_tag();
        } else {
            record_.white_time_control = white_tc.to_pgn_tag();
            record_.black_time_control = black_tc.to_pgn_tag();
        }
        for (chess::Color side : {chess::kWhite, chess::kBlack})
            check_bestmove_[side] = !limits_strength(engines_[side]->spec().options);
    }

    core::GameRecord run() {
        // Only the side to move searches, so pos_ is the position its info lines speak of.
        const auto check_pv = [this](const uci_client::SearchInfo& info, std::string_view line) {
            pv_checker_.check_info(pos_, info, line);
            keep_matching_line(line);
        };
        const InfoStringRoute white_route(
            *engines_[chess::kWhite],
            [this](std::string_view text) { add_lmr_report(chess::kWhite, text); }, check_pv);
        const InfoStringRoute black_route(
            *engines_[chess::kBlack],
            [this](std::string_view text) { add_lmr_report(chess::kBlack, text); }, check_pv);
        record_.started = std::chrono::system_clock::now();
        play();
        for (chess::Color side : {chess::kWhite, chess::kBlack})
            record_.pv_checks[side] = pv_checker_.tally(side);
        record_.white = engines_[chess::kWhite]->name();
        record_.black = engines_[chess::kBlack]->name();
        return std::move(record_);
    }

  private:
    void play() {
        if (cancelled())
            return finish(std::nullopt, core::Termination::kUnterminated,
                          "game cancelled before it started");
        // Engines that faulted in an earlier game were killed then; bring them back now.
        for (UciEngine* engine : engines_)
            if (!engine->running()) engine->restart();
        if (ended_by_rules()) return;  // the book ended the game
        for (chess::Color side : {chess::kWhite, chess::kBlack}) {
            UciEngine& engine = *engines_[side];
            const Status status = engine.new_game();
            if (status == Status::kOk) continue;
            engine.kill();
            return lose(
                side,
                status == Status::kTimeout ? core::Termination::kStall : core::Termination::kCrash,
                who(side) + " failed before the game: " + engine.last_error());
        }
        for (;;) {
            if (cancelled())
                return finish(std::nullopt, core::Termination::kUnterminated, "game cancelled");
            if (play_one_move()) return;
        }
    }

    static chess::Position start_position(const Opening& opening) {
        const std::string fen =
            opening.fen.empty() ? std::string(chess::Position::kStartFen) : opening.fen;
        std::string error;
        auto pos = chess::Position::from_fen(fen, &error);
        if (!pos) throw GameSetupError("opening FEN \"" + fen + "\": " + error);
        return *pos;
    }

    static Clock make_clock(const GameSettings& settings) {
        const auto side_limits = [&settings](chess::Color side) {
            return settings.own_limits[side].value_or(
                SideLimits{settings.time_control, settings.time_margin});
        };
        try {
            return Clock(side_limits(chess::kWhite), side_limits(chess::kBlack));
        } catch (const std::invalid_argument& e) {
            throw GameSetupError(e.what());
        }
    }

    static Adjudicator make_adjudicator(const GameSettings& settings) {
        try {
            return Adjudicator(settings.adjudication);
        } catch (const std::invalid_argument& e) {
            throw GameSetupError(e.what());
        }
    }

    void apply_opening(const Opening& opening) {
        for (std::size_t i = 0; i < opening.moves.size(); ++i) {
            std::string error;
            const chess::Move move = chess::parse_uci(pos_, opening.moves[i], &error);
            if (move.is_none())
                throw GameSetupError("opening move " + std::to_string(i + 1) + " \"" +
                                     opening.moves[i] + "\" in " + pos_.fen() + ": " + error);
            const std::string uci = chess::to_uci(move);
            record_.opening_moves.push_back(uci);
            command_.add(uci);
            pos_.make_move(move);
        }
        record_.opening_fen = pos_.fen();
    }

    // Sums a side's `lmrstats` line into the record; any other info string is not ours to read.
    void add_lmr_report(chess::Color side, std::string_view text) {
        const std::optional<reduction::LmrReport> report = reduction::parse_report_line(text);
        if (!report) return;
        std::optional<core::LmrGameStats>& stats = record_.lmr_stats[side];
        if (!stats) stats.emplace();
        ++stats->reports;
        stats->total.add(*report);
    }

    bool cancelled() const { return settings_.cancel && settings_.cancel->load(); }

    static LinePatterns compile_patterns(const GameSettings& settings) {
        try {
            return LinePatterns(settings.kept_line_patterns);
        } catch (const std::invalid_argument& e) {
            throw GameSetupError(e.what());
        }
    }

    // Of the search under way, the last line each pattern matches (match_line=). The time it
    // takes is the harness's, not the engine's: it is given back when the move is charged.
    void keep_matching_line(std::string_view line) {
        if (kept_patterns_.empty()) return;
        const auto start = SteadyClock::now();
        for (std::size_t i = 0; i < kept_patterns_.size(); ++i)
            if (kept_patterns_.found_in(i, line)) kept_lines_[i].assign(line);
        matching_time_ += SteadyClock::now() - start;
    }

    std::string who(chess::Color side) const {
        return side_name(side) + " (" + engines_[side]->name() + ")";
    }

    void finish(std::optional<core::GameResult> result, core::Termination termination,
                std::string reason) {
        record_.result = result;
        record_.termination = termination;
        record_.reason = std::move(reason);
        record_.final_fen = pos_.fen();
        record_.finished = std::chrono::system_clock::now();
    }

    void lose(chess::Color loser, core::Termination termination, std::string reason) {
        finish(loser == chess::kWhite ? core::GameResult::kBlackWins : core::GameResult::kWhiteWins,
               termination, std::move(reason));
    }

    // Ends the game when the rules say it is over; true if it did.
    bool ended_by_rules() {
        auto ending = rules_ending(chess::game_end(pos_), pos_.side_to_move());
        if (!ending) return false;
        finish(ending->result, ending->termination, std::move(ending->reason));
        return true;
    }

    // A search without a reply deadline (nodes=, depth=, a clock counted in nodes) that outlasts
    // the stall timeout is not stalled yet if its engine spent that time waiting for a CPU: on a
    // loaded machine (a study at low priority beside builds) a search of a fixed size only takes
    // longer, and declaring it stalled would make its games depend on the load. It gets a second
    // stall timeout in which the time its threads wait for a CPU does not count; an engine that
    // hangs, asleep or busy on a free core, does not wait for a CPU and stalls at its end. Where
    // the kernel keeps no such figure (process::cpu_wait), the first timeout stands; `outwaited`
    // says whether the second one was given.
    GoResult outwait_starvation(UciEngine& engine, GoResult reply, bool& outwaited) {
        const auto start = SteadyClock::now();
        const std::optional<nanoseconds> waited_before = process::cpu_wait(engine.pid());
        outwaited = waited_before.has_value();
        if (!outwaited) return reply;
        for (;;) {
            if (cancelled()) {
                reply.status = Status::kCancelled;
                return reply;
            }
            const std::optional<nanoseconds> waited = process::cpu_wait(engine.pid());
            if (!waited) return reply;
            const auto deadline = start + duration_cast<SteadyClock::duration>(
                                              settings_.stall_timeout + (*waited - *waited_before));
            const auto now = SteadyClock::now();
            if (now >= deadline) return reply;
            reply = engine.wait(std::min(deadline, now + UciEngine::kCancelPoll));
            if (reply.status != Status::kTimeout) return reply;
        }
    }

    // Asks the side to move for its move and plays it; true when the game is over.
    bool play_one_move() {
        const chess::Color side = pos_.side_to_move();
        UciEngine& engine = *engines_[side];
        const uci_client::GoLimits limits = clock_.go_limits(side);
        const std::optional<nanoseconds> budget = clock_.time_budget(side);
        const std::optional<nanoseconds> remaining_before = clock_.remaining(side);
        const nanoseconds wait =
            budget ? *budget + kDeadlineSlack : nanoseconds(settings_.stall_timeout);
        pv_checker_.start_search(side, check_bestmove_[side]);
        for (std::string& kept : kept_lines_) kept.clear();
        matching_time_ = nanoseconds(0);
        GoResult reply = engine.go(command_.text(), limits,
                                   SteadyClock::now() + duration_cast<SteadyClock::duration>(wait),
                                   settings_.cancel);
        bool outwaited = false;
        if (!budget && reply.status == Status::kTimeout)
            reply = outwait_starvation(engine, std::move(reply), outwaited);
        // Before the move is judged: fastchess compares even an illegal bestmove with the PV.
        pv_checker_.finish_search(pos_, reply.status == Status::kOk ? reply.bestmove : "");

        switch (reply.status) {
            case Status::kOk:
                break;
            case Status::kCancelled:
                return false;  // play() ends the game as cancelled
            case Status::kCrashed:
                engine.kill();
                lose(side, core::Termination::kCrash, who(side) + " crashed: " + reply.error);
                return true;
            case Status::kTimeout:
                // It may still be searching (or be stuck for good): stop it burning CPU now.
                engine.kill();
                if (budget) {
                    lose(side, core::Termination::kTimeForfeit,
                         who(side) + " lost on time: no bestmove within " + seconds_text(*budget) +
                             " (its time + " + seconds_text(clock_.margin(side)) + " margin)");
                } else {
                    lose(side, core::Termination::kStall,
                         who(side) + " stalled: no bestmove within " +
                             seconds_text(settings_.stall_timeout) + " to '" +
                             uci_client::go_command(limits) + "'" +
                             (outwaited
                                  ? ", nor in a further " + seconds_text(settings_.stall_timeout) +
                                        " not spent waiting for a CPU"
                                  : ""));
                }
                return true;
            case Status::kIllegalOutput:
                lose(side, core::Termination::kIllegalMove,
                     who(side) + " sent no move: " + reply.error);
                return true;
        }

        const nanoseconds elapsed = reply.elapsed - std::min(reply.elapsed, matching_time_);
        nanoseconds used = elapsed;
        if (const auto& rate = clock_.time_control(side).nodes_time) {
            if (!reply.info.nodes) {
                lose(side, core::Termination::kIllegalMove,
                     who(side) + " reported no nodes: its clock is counted in nodes (nodestime=" +
                         std::to_string(*rate) + ")");
                return true;
            }
            used = nodes_as_time(*reply.info.nodes, *rate);
        }
        if (!clock_.charge(side, used)) {
            std::string detail = who(side) + " lost on time: took " + seconds_text(used);
            if (clock_.time_control(side).counts_nodes())
                detail += " (" + std::to_string(*reply.info.nodes) + " nodes)";
            if (remaining_before)
                detail += " with " + seconds_text(*remaining_before) + " left";
            else if (const auto& move_time = clock_.time_control(side).move_time)
                detail += " for a move time of " + seconds_text(*move_time);
            detail += " (margin " + seconds_text(clock_.margin(side)) + ")";
            lose(side, core::Termination::kTimeForfeit, detail);
            return true;
        }

        std::string error;
        const chess::Move move = chess::parse_uci(pos_, reply.bestmove, &error);
        if (move.is_none()) {
            lose(side, core::Termination::kIllegalMove,
                 who(side) + " played the illegal move '" + reply.bestmove + "' in " + pos_.fen() +
                     ": " + error);
            return true;
        }

        core::MoveRecord m;
        m.ply = static_cast<int>(record_.moves.size()) + 1;
        m.uci = chess::to_uci(move);
        m.san = chess::to_san(pos_, move);
        m.score = reply.info.score;
        m.depth = reply.info.depth.value_or(0);
        m.seldepth = reply.info.seldepth.value_or(0);
        m.nodes = reply.info.nodes.value_or(0);
        m.nps = reply.info.nps.value_or(0);
        m.time_ms = duration_cast<milliseconds>(elapsed).count();
        if (const auto left = clock_.remaining(side))
            m.clock_left_ms = duration_cast<milliseconds>(*left).count();
        m.hashfull = reply.info.hashfull.value_or(0);
        m.tbhits = reply.info.tbhits.value_or(0);
        m.engine_time_ms = reply.info.time_ms;
        m.pv = std::move(reply.info.pv);  // the reply's own vector: no copy
        for (const std::string& kept : kept_lines_)
            if (!kept.empty()) m.kept_lines.push_back(kept);
        const int move_number = pos_.fullmove_number();
        const bool capture_or_pawn_move = is_capture_or_pawn_move(pos_, move);
        pos_.make_move(move);
        command_.add(m.uci);
        record_.moves.push_back(std::move(m));
        if (settings_.on_move) settings_.on_move(record_);

        if (ended_by_rules()) return true;
        const AdjudicationVerdict verdict = adjudicator_.on_move(
            {side, move_number,
             static_cast<int>(record_.opening_moves.size() + record_.moves.size()),
             record_.moves.back().score, capture_or_pawn_move});
        switch (verdict.kind) {
            case AdjudicationVerdict::Kind::kNone:
                return false;
            case AdjudicationVerdict::Kind::kResign:
                lose(~*verdict.winner, core::Termination::kAdjudication, verdict.reason);
                return true;
            case AdjudicationVerdict::Kind::kDraw:
                finish(core::GameResult::kDraw, core::Termination::kAdjudication, verdict.reason);
                return true;
            case AdjudicationVerdict::Kind::kMaxLength:
                finish(core::GameResult::kDraw, core::Termination::kMaxLength, verdict.reason);
                return true;
        }
        return false;
    }

    const GameSettings& settings_;
    UciEngine* engines_[2];
    chess::Position pos_;
    PositionCommand command_;
    Clock clock_;
    Adjudicator adjudicator_;
    PvChecker pv_checker_;
    bool check_bestmove_[2] = {true, true};  // by colour: false for a weakened engine
    LinePatterns kept_patterns_;             // GameSettings::kept_line_patterns
    std::vector<std::string> kept_lines_;    // by pattern: the search's last matching line
    nanoseconds matching_time_{0};           // this search's so far, in keep_matching_line
    core::GameRecord record_;
};

}  // namespace

core::GameRecord play_game(UciEngine& white, UciEngine& black, const Opening& opening,
                           const GameSettings& settings) {
    if (&white == &black)
        throw GameSetupError("play_game needs two engine objects (one process per side)");
    GameRunner runner(white, black, opening, settings);
    return runner.run();
}

}  // namespace lmr::match
