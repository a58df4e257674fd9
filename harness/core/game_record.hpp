#pragma once

// What one played game leaves behind: the opening, every engine move with the engine's search
// figures, the result from White's point of view and how the game ended. One plain record from
// the board to the disk: the match fills it, the MPI wire carries it, the store writes it
// (store::Store::record_game) and reads its stored part back, the outputs print it (PGN, EPD,
// the live game lines).

#include <array>
#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/chess/types.hpp"
#include "engine/lmr/stats.hpp"
#include "harness/core/outcome.hpp"
#include "harness/core/pv_violation.hpp"
#include "harness/core/score.hpp"

namespace lmr::core {

struct MoveRecord {
    int ply = 0;      // 1-based index among the engines' moves (1 = first move after the book)
    std::string uci;  // canonical UCI text ("e1g1" for castling)
    std::string san;  // SAN in the position before the move
    std::optional<Score> score;  // the mover's last reported score (mover's point of view)
    int depth = 0;               // 0 when not reported
    int seldepth = 0;
    std::uint64_t nodes = 0;
    std::uint64_t nps = 0;                      // as the engine reported it; 0 when it did not
    std::int64_t time_ms = 0;                   // reply time: `go` write to `bestmove` read
    std::optional<std::int64_t> clock_left_ms;  // the mover's clock after the move (tc= only)
    // The rest of the engine's last word on its search, for fastchess's PGN comment items
    // (`-pgnout hashfull= tbhits= latency= pv=`); not stored in the database.
    int hashfull = 0;                            // per mille; 0 when not reported
    std::uint64_t tbhits = 0;                    // 0 when not reported
    std::optional<std::int64_t> engine_time_ms;  // the search time the engine reported
    std::vector<std::string> pv;                 // UCI moves; empty when not reported
    // The search's last info line matching each of GameSettings::kept_line_patterns that one
    // matched (fastchess's -pgnout match_line=), in the patterns' order.
    std::vector<std::string> kept_lines;
};

// What an engine said about its LMR over one game: the `lmrstats` lines it printed after its
// searches (engine/lmr/stats.hpp), summed.
struct LmrGameStats {
    int reports = 0;  // lines summed: one per search that reported
    reduction::LmrReport total;
};

struct GameRecord {
    std::string white;  // engine names as given to the runner
    std::string black;
    std::string start_fen;  // where the game starts: the book position (before the opening moves)
    std::vector<std::string> opening_moves;  // book moves (UCI) played from start_fen
    std::string opening_fen;        // where the engines took over (after the opening moves)
    std::vector<MoveRecord> moves;  // the engines' moves, from opening_fen on
    // Indexed by chess::Color: the LMR statistics of a side whose engine reports them
    // (lmr-engine with its UCI option LmrStats on); nullopt for any other engine.
    std::array<std::optional<LmrGameStats>, 2> lmr_stats;
    // Indexed by chess::Color: what the checks of the side's PVs found (match/pv_checker.hpp); a
    // side that never searched has searches == 0.
    std::array<PvTally, 2> pv_checks;
    std::string final_fen;
    std::optional<GameResult> result;  // nullopt: unfinished (PGN's "*")
    Termination termination = Termination::kUnterminated;
    std::string reason;  // in words: "Black mates", "White's engine crashed (exited with code 3)"
    std::string time_control;  // the PGN TimeControl value, when both sides play under it
    // The PGN WhiteTimeControl and BlackTimeControl values (fastchess's tags), instead of
    // time_control when the sides' time controls differ (time odds); empty otherwise.
    std::string white_time_control;
    std::string black_time_control;
    std::chrono::system_clock::time_point started{};
    std::chrono::system_clock::time_point finished{};

    // False for an unfinished game: it does not count and is not stored.
    bool finished_normally() const { return result.has_value(); }
    // The side that lost, if any (from the result).
    std::optional<chess::Color> loser() const;
};

}  // namespace lmr::core
