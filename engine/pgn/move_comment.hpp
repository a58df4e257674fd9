#pragma once

// The comment an engine's move carries in a PGN game, as cutechess-cli, fastchess and
// `lmr-harness` write it, and as the evaluation tuner reads it back:
//
//   {+0.35/12 0.120s}                               score/depth time
//   {-M2/9 0.5s}                                    mated in 2 (cutechess shortens the time)
//   {+1.05/14 2.104s, n=48213, sd=17, nps=401775}   fastchess's optional figures
//   {+0.20/9 0.101s, tl=9.899s, latency=0.001s, hashfull=12, tbhits=0, pv="e2e4 e7e5"}
//   {+0.20/9 0.101s, line="info string eval 0.21"}  an engine line kept by match_line=
//   {0.007s, game cancelled (interrupted)}          no score; a remark after the figures
//
// The score is the mover's: pawns with two decimals and a sign (none for 0.00), or +M<n>/-M<n>
// for a mate in n moves; "/depth" follows when the depth is known. Writer and reader are here
// side by side so that what one writes the other reads (tests/pgn/move_comment_test.cpp).

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace lmr::pgn {

struct MoveComment {
    // Centipawns, or with `mate` the moves to mate as UCI's `score mate N` gives them: N > 0
    // the mover mates, N <= 0 the mover is mated.
    std::optional<int> score;
    bool mate = false;
    int depth = 0;                            // 0: not given
    std::optional<std::int64_t> time_ms;      // the time the move took
    std::optional<std::int64_t> timeleft_ms;  // tl=: the mover's clock after the move
    std::optional<std::int64_t> latency_ms;   // latency=: the time taken beyond the engine's own
    std::optional<std::uint64_t> nodes;       // n=
    std::optional<int> seldepth;              // sd=
    std::optional<std::uint64_t> nps;         // nps=
    std::optional<int> hashfull;              // hashfull=: per mille
    std::optional<std::uint64_t> tbhits;      // tbhits=
    std::optional<std::string> pv;            // pv="e2e4 e7e5": the principal variation (UCI)
    // line="info string …": engine output lines kept by fastchess's -pgnout match_line=, in the
    // order of the patterns. Written with '"' as '\'' and '}' as ')', which a PGN comment or the
    // quotes could not hold.
    std::vector<std::string> lines;
    std::string remark;  // what follows the figures, e.g. "Black mates"

    bool operator==(const MoveComment&) const = default;
};

// "+0.35", "-1.20", "0.00", "+M3", "-M2".
std::string score_text(int score, bool mate);

// The comment's text, without the braces: "+0.35/12 0.120s, n=48213" (each figure that is set,
// in the order above — fastchess's —, times in seconds with three decimals).
std::string format_move_comment(const MoveComment& comment);

// What a comment says, or nullopt when it starts with neither a score nor a time ("book",
// "[%clk 0:03:00]", a word). The score is read as "score/depth" or before a time: a lone
// number is no score. Whitespace around and between the parts may be any, line breaks too.
std::optional<MoveComment> parse_move_comment(std::string_view text);

}  // namespace lmr::pgn
