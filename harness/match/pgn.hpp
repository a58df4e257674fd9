#pragma once

// PGN export of a played game, in the standard's export format (PGN Standard 1994, section 8):
//  - the Seven Tag Roster in order (Event, Site, Date, Round, White, Black, Result), then
//    SetUp "1" + FEN when the game did not start from the standard position, TimeControl,
//    Termination (the standard's value; our detailed termination goes into the extra tag
//    TerminationDetail and a closing comment with the reason in words), PlyCount, and any
//    extra tags the caller adds;
//  - SAN movetext with move numbers ("12..." before a Black move that follows a comment or
//    starts the game), each engine move commented `{+0.35/12 0.120s}` (mover's score in pawns or
//    +M3/-M2, depth, time used; engine/pgn/move_comment.hpp, which reads it back too) and each
//    opening move `{book}`, lines of at most 79 characters, the result at the end, and an empty
//    line after the game.
// One comment per move, as cutechess-cli and fastchess write it: the reason the game ended is
// joined to the last move's comment (`{+M1/7 0.010s, Black mates}`), since a second comment in
// a row is rejected by some widely used PGN readers; a game without a move has the reason as
// its only comment. PgnStyle adds fastchess's optional comment items (`tl=`, `n=`, `pv=`, …), its
// other notations and its minimal form.
// pgn-extract reads the output without complaint (tests/match/pgn_test.cpp checks that).

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "harness/core/game_record.hpp"

namespace lmr::match {

struct PgnTags {
    std::string event = "?";
    std::string site = "?";
    std::string round = "?";  // "3" or "3.1"; "?" unknown
    // Further tags printed after the standard ones, e.g. {"Opening", "…"}. Names must be PGN
    // symbols (letters, digits, '_'); they are not checked against the standard ones.
    std::vector<std::pair<std::string, std::string>> extra;
};

// Search figures an engine move's comment adds after `score/depth time`, in fastchess's
// spelling and order (its -pgnout timeleft=true latency=true nodes=true seldepth=true nps=true
// hashfull=true tbhits=true pv=true):
// `{+0.35/12 0.120s, tl=9.880s, latency=0.002s, n=48213, sd=17, nps=401775, hashfull=3,
// tbhits=0, pv="e2e4 e7e5"}`.
struct PgnCommentFields {
    bool timeleft = false;  // tl=: the mover's clock after the move (only under a clock)
    bool latency = false;   // latency=: reply time minus the engine's reported search time
                            // (only when the engine reported one)
    bool nodes = false;     // n=: nodes searched (0 when the engine did not say)
    bool seldepth = false;  // sd=: selective depth (0 when the engine did not say)
    bool nps = false;       // nps=: the engine's nodes per second, else nodes / reply time
    bool hashfull = false;  // hashfull=: per mille (0 when the engine did not say)
    bool tbhits = false;    // tbhits= (0 when the engine did not say)
    bool pv = false;        // pv="…": the engine's last principal variation, UCI moves
};

// How the movetext writes moves (fastchess's -pgnout notation=): SAN (the standard's), long
// algebraic (Ng1f3, e2e4, e4xd5) or UCI (g1f3).
enum class PgnNotation { kSan, kLan, kUci };
std::optional<PgnNotation> parse_pgn_notation(std::string_view text);  // "san", "lan", "uci"

// What the PGN of a game holds beyond its moves. `minimal` (fastchess's min=true): only the
// Seven Tag Roster and SetUp/FEN, and no comment at all.
struct PgnStyle {
    PgnCommentFields fields;
    PgnNotation notation = PgnNotation::kSan;
    bool minimal = false;
};

inline constexpr int kPgnMaxLineLength = 79;

// Throws std::invalid_argument when the record is inconsistent (bad start FEN, a move that is
// not legal in its position): PGN that no reader could replay is never written. An engine
// move's SAN is the record's `san` when it has one (match::Game writes it as the game is
// played), else worked out here.
std::string to_pgn(const core::GameRecord& game, const PgnTags& tags = {},
                   const PgnStyle& style = {});

// "2024.05.31" in UTC; "????.??.??" for a default (epoch) time point.
std::string pgn_date(std::chrono::system_clock::time_point when);

}  // namespace lmr::match
