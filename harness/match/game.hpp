#pragma once

// Plays one game between two running UCI engines, the harness keeping the clock and the rules.
//
// Per move: `position startpos|fen <start> moves …` (the whole game so far, opening included)
// and `go` with the clock's limits, the reply timed from the `go` write to the `bestmove` read.
// The reply is validated with engine/chess against the current position. The game ends by the
// rules (engine/chess game_end: mate, stalemate, threefold repetition, fifty-move rule,
// insufficient material), by adjudication (adjudication.hpp), or by a fault of the engine to
// move, which loses:
//   crash         the engine exited or closed its pipe (also when `ucinewgame`/`isready` fails
//                 that way before the first move)
//   time forfeit  no `bestmove` within its remaining time + margin (tc=), or move time + margin
//                 (st=)
//   stall         no `bestmove` within GameSettings::stall_timeout to a search without a reply
//                 deadline (nodes=/depth= only, or a clock counted in nodes) and within a
//                 second stall timeout that does not count the time the engine waited for a
//                 CPU, or no `readyok` before the game
//   illegal move  an illegal or unparsable move, or `bestmove` without a move
//
// Engine processes: an engine that crashed, timed out or stalled is killed at once (it may
// still be burning CPU, and its next output would be out of step). play_game() restarts any
// engine that is not running at the START of a game (UciEngine::restart: process, handshake,
// options), so the scheduler only has to call play_game again; a restart that fails throws
// uci_client::UciError — the engine can no longer be started, an infrastructure failure for the
// caller to report. An engine that played an illegal move keeps running (`ucinewgame` resets it).
//
// Cancellation: GameSettings::cancel is read before every move; once it is true the game stops
// without a result (core::Termination::kUnterminated), which must not be stored as finished. A
// search already under way is waited for (at most its deadline) because UciEngine offers no way to
// resume reading a pending search; the engines are then idle.

#include <atomic>
#include <chrono>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "harness/core/game_record.hpp"
#include "harness/match/adjudication.hpp"
#include "harness/match/clock.hpp"
#include "harness/match/time_control.hpp"
#include "harness/uci/uci_engine.hpp"

namespace lmr::match {

// The UCI option that makes lmr-engine print its LMR statistics after each search, as the
// `lmrstats` info string that play_game sums into GameRecord::lmr_stats.
inline constexpr std::string_view kLmrStatsOption = "LmrStats";

// Where a game starts: a position and book moves played from it before the engines take over.
struct Opening {
    std::string fen;                 // empty: the standard starting position
    std::vector<std::string> moves;  // UCI moves from `fen`
};

struct GameSettings {
    // Both sides' limits, unless own_limits gives a side limits of its own.
    TimeControl time_control;
    std::chrono::milliseconds time_margin = kDefaultTimeMargin;
    // By colour, for the next game: the limits of an engine that has its own (time odds). The
    // engine-games service sets them per game from its engines' (games::EngineSettings).
    std::optional<SideLimits> own_limits[2];
    // fastchess's -pgnout match_line=REGEX (see LinePatterns): of each search, the last info
    // line each pattern matches is kept with the move (kept_lines).
    std::vector<std::string> kept_line_patterns;
    AdjudicationConfig adjudication;
    // How long a search without a clock (nodes=/depth= only) may take before the engine is
    // declared stalled. Generous: it only has to catch an engine that will never answer.
    std::chrono::milliseconds stall_timeout{60'000};
    const std::atomic<bool>* cancel = nullptr;  // set (e.g. by SIGINT) to abort the game
    // Called after every engine move with the record so far (progress display, logging).
    std::function<void(const core::GameRecord&)> on_move;
};

// Thrown for a bad opening (unparsable FEN, illegal book move) or bad settings (a time control
// without any limit, invalid adjudication values): the game cannot be played at all.
class GameSetupError : public std::invalid_argument {
  public:
    using std::invalid_argument::invalid_argument;
};

// Plays one game. Names in the record are white.name() / black.name(). The two engines must be
// different objects (the same engine program twice is fine: two processes). Each engine's
// `lmrstats` info strings are summed into the record; other info strings are ignored.
core::GameRecord play_game(uci_client::UciEngine& white, uci_client::UciEngine& black,
                           const Opening& opening, const GameSettings& settings);

}  // namespace lmr::match
