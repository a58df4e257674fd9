#pragma once

// Checks an engine's principal variations as fastchess does with -check-mate-pvs (the rules and
// their sources: docs/pv-checks.md): every PV of every info line is replayed on the position the
// engine searched, and the bestmove is compared with the first move of the last PV.
//
// The game loop reads many info lines per move, so checking allocates nothing once the
// checker's buffers have grown to the longest PV and info line seen; only the first violation
// of each kind and side puts its text together.

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/chess/position.hpp"
#include "harness/core/pv_violation.hpp"
#include "harness/uci/search_info.hpp"

namespace lmr::match {

// What is wrong with one PV: the first rule it breaks.
struct PvFinding {
    core::PvViolation kind = core::PvViolation::kIllegalMove;
    std::string_view move;  // the PV move at fault (a view into the PV); empty for the mate rules
};

// Replays `pv` on `pos` (the position searched) and returns the first rule the line breaks, or
// nullopt when it is sound. In the order fastchess checks them: before each move, that the game
// is not over (checkmate, stalemate, threefold repetition with the game's history in `pos`, the
// fifty-move rule; insufficient material is not counted, as in fastchess) and that the move is
// legal; then, only for an exact mate score (not a bound), that the PV has the announced length
// (2N-1 plies for mate N, 2N for mate -N) and ends in checkmate. `pos` is changed while the line
// is replayed and is as it was on return; `made` is scratch space for the moves made.
std::optional<PvFinding> check_pv(chess::Position& pos, const std::vector<std::string>& pv,
                                  const std::optional<core::Score>& score,
                                  std::vector<chess::Move>& made);

// The PV checks of one game, for both sides. The game calls start_search before each `go`,
// check_info for every info line the engine prints during that search, and finish_search with
// its bestmove; lines outside a search are ignored.
// Whether an engine set up with these options plays weakened on purpose: UCI_LimitStrength
// true makes Stockfish and others pick moves below their best, off the PV they print.
bool limits_strength(const std::vector<std::pair<std::string, std::string>>& options);

class PvChecker {
  public:
    PvChecker();

    // check_bestmove false: the engine plays moves off its PV on purpose (UCI_LimitStrength,
    // limits_strength()), so a bestmove that is not the PV's first move is not counted.
    void start_search(chess::Color side, bool check_bestmove = true);
    // `pos` is the position searched (the game's position, side to move = the searching side):
    // changed while the PV is replayed, restored before returning.
    void check_info(chess::Position& pos, const uci_client::SearchInfo& info,
                    std::string_view line);
    // `bestmove` as the engine wrote it; empty when the search ended without one (crash,
    // timeout), which leaves nothing to compare.
    void finish_search(const chess::Position& pos, std::string_view bestmove);

    const core::PvTally& tally(chess::Color side) const { return tallies_[side]; }

  private:
    void record(core::PvViolation kind, std::string_view move, std::string_view line,
                const chess::Position& pos);

    std::array<core::PvTally, 2> tallies_;
    std::vector<chess::Move> made_;  // check_pv's scratch space, kept between lines
    bool searching_ = false;
    chess::Color side_ = chess::kWhite;
    // The last PV of the search's principal line (multipv 1), for the bestmove check: fastchess
    // skips the check when that line's score is a bound (the search had not settled on it).
    bool have_last_pv_ = false;
    bool check_bestmove_ = true;
    bool last_pv_bound_ = false;
    std::string last_pv_first_;
    std::string last_pv_line_;
};

}  // namespace lmr::match
