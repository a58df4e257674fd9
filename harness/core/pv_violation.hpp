#pragma once

// The ways an engine's principal variations can be wrong, as fastchess warns about them (with
// -check-mate-pvs; docs/pv-checks.md has the list and where each rule comes from), and one
// side's tally of them over a game. play_game checks every PV of every info line
// (pv_checker.hpp); the store keeps the tallies (game_pv_checks, game_pv_violations).

#include <array>
#include <optional>
#include <string>
#include <string_view>

namespace lmr::core {

enum class PvViolation {
    kIllegalMove,      // "illegal-move": a PV move that is not legal where it is played
    kAfterCheckmate,   // "after-checkmate": the PV goes on from a checkmate
    kAfterStalemate,   // "after-stalemate": … from a stalemate
    kAfterRepetition,  // "after-repetition": … from a threefold repetition (game history counts)
    kAfterFiftyMove,   // "after-fifty-move": … once the fifty-move rule applies
    kMateShort,        // "mate-short": an exact mate score whose PV is shorter than the mate
    kMateLong,         // "mate-long": … longer than the mate
    kMateNotMate,      // "mate-not-mate": … as long as the mate, but not ending in checkmate
    kBestmoveNotPv,    // "bestmove-not-pv": the bestmove is not the first move of the last PV
};

inline constexpr int kPvViolationKinds = 9;
inline constexpr std::array<PvViolation, kPvViolationKinds> kPvViolations = {
    PvViolation::kIllegalMove,     PvViolation::kAfterCheckmate, PvViolation::kAfterStalemate,
    PvViolation::kAfterRepetition, PvViolation::kAfterFiftyMove, PvViolation::kMateShort,
    PvViolation::kMateLong,        PvViolation::kMateNotMate,    PvViolation::kBestmoveNotPv};

// The name stored in the database and shown in reports: "illegal-move", "after-checkmate", …
std::string_view pv_violation_name(PvViolation kind);
// Inverse of pv_violation_name; nullopt for a name that is none of them.
std::optional<PvViolation> parse_pv_violation(std::string_view name);
// fastchess's words for it, without its "Warning; " prefix: "PV continues after checkmate",
// "Incomplete mating PV", "Bestmove does not match beginning of last PV", …
std::string_view fastchess_warning(PvViolation kind);

// One side's PV checks over one game.
struct PvTally {
    int searches = 0;  // searches whose output was checked (one per move the side was asked for)
    int pvs = 0;       // PVs checked: the side's info lines that carried a pv
    std::array<int, kPvViolationKinds> counts{};
    // The first occurrence of each kind in words: the warning, the info line and the position
    // searched (empty while the count is 0).
    std::array<std::string, kPvViolationKinds> first;

    int count(PvViolation kind) const { return counts[static_cast<int>(kind)]; }
    int violations() const;  // all kinds together
};

}  // namespace lmr::core
