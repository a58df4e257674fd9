#pragma once

// How a game ended: its result and, in detail, why. The match records them, the store keeps
// them, the report and the outputs print them; each converts to text at its own edge only
// (result_name / termination_name are the database's and the outputs' words).

#include <optional>
#include <string_view>

namespace lmr::core {

enum class GameResult { kWhiteWins, kBlackWins, kDraw };

// "1-0", "0-1", "1/2-1/2" (PGN's result tokens, also the stored text).
std::string_view result_name(GameResult result);
// Inverse of result_name; nullopt for any other text ("*" included).
std::optional<GameResult> parse_result(std::string_view text);
// PGN's game termination marker: result_name, or "*" for a game without a result.
std::string_view result_token(std::optional<GameResult> result);

enum class Termination {
    kUnterminated,  // "unterminated": cancelled (Ctrl-C) or not finished; never stored
    kMate,          // "mate"
    kStalemate,     // "stalemate"
    kRepetition,    // "repetition" (threefold)
    kFiftyMove,     // "fifty-move"
    kMaterial,      // "material" (insufficient material)
    kAdjudication,  // "adjudication" (draw or resign by the engines' scores)
    kMaxLength,     // "max length" (drawn at the maximum game length)
    kTimeForfeit,   // "time forfeit"
    kIllegalMove,   // "illegal move" (illegal or unparsable bestmove, or garbage instead)
    kCrash,         // "crash" (the engine exited or closed its pipe)
    kStall,         // "stall" (no bestmove to a node/depth-limited search by the stall timeout)
};

// The words above: the stored text (schema.cpp's CHECK list) and the reports' wording.
std::string_view termination_name(Termination termination);
// Inverse of termination_name; nullopt for an unknown string.
std::optional<Termination> parse_termination(std::string_view name);
// The PGN standard's Termination tag value (9.8.1): "normal" (the rules ended the game),
// "adjudication", "time forfeit", "rules infraction" (illegal move), "abandoned" (crash, stall:
// the player stopped playing), "unterminated".
std::string_view pgn_termination(Termination termination);
// True when the termination is an engine fault after which that engine must be restarted.
bool is_engine_fault(Termination termination);

}  // namespace lmr::core
