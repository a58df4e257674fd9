#pragma once

// Game adjudication from the engines' own scores: pure logic, fed one engine move at a time.
// All rules are off by default, as in cutechess-cli and fastchess (their users turn them on
// per run: `-draw movenumber=40 movecount=8 score=10`, `-resign movecount=3 score=1000`,
// `-maxmoves 200`); the defaults of the fields are those anchors' usual values. The rules count
// as both of them do, so a fishtest or OpenBench setting adjudicates the same games here:
//
//  - Draw: once `move_number` full moves have been played, when |score| <= `score_cp` for
//    `move_count` consecutive moves of both sides (2 * move_count plies in a row). The run may
//    begin before move `move_number`; only the verdict waits for it. A capture or a pawn move
//    starts the run afresh (that move itself counts as its first ply when its score is within
//    the window); a mate score, or a move without a score, breaks it.
//  - Resign: a side loses when its own score was <= -`score_cp` for `move_count` consecutive
//    moves of its own (one-sided, the default). With `two_sided`, the opponent's score must
//    also have been >= +`score_cp` for its last `move_count` moves. Mate scores count as beyond
//    any threshold.
//  - Maximum length: after `max_moves` full moves (2 * max_moves plies of the game, opening
//    moves included) the game is a draw.

#include <optional>
#include <string>

#include "engine/chess/position.hpp"
#include "engine/chess/types.hpp"
#include "harness/core/score.hpp"

namespace lmr::match {

struct DrawAdjudication {
    bool enabled = false;
    int move_number = 40;
    int move_count = 8;
    int score_cp = 10;
};

struct ResignAdjudication {
    bool enabled = false;
    int move_count = 3;
    int score_cp = 1000;
    // cutechess-cli's and fastchess's `twosided`, off there as here.
    bool two_sided = false;
};

struct AdjudicationConfig {
    DrawAdjudication draw;
    ResignAdjudication resign;
    int max_moves = 0;  // full moves; 0 = no limit

    // Throws std::invalid_argument naming the bad field (negative or zero counts, etc.).
    void validate() const;
};

struct AdjudicationVerdict {
    enum class Kind { kNone, kDraw, kResign, kMaxLength };
    Kind kind = Kind::kNone;
    std::optional<chess::Color> winner;  // set for kResign
    std::string reason;                  // e.g. "draw adjudication: |score| <= 10 cp for 8 moves"

    explicit operator bool() const { return kind != Kind::kNone; }
};

// One engine move as the adjudicator sees it.
struct AdjudicationInput {
    chess::Color mover = chess::kWhite;
    int move_number = 1;  // the full-move number of this move (1 for the first move of a game)
    int game_plies = 1;   // plies played in the game after this move, opening moves included
    std::optional<core::Score> score;  // the mover's score; nullopt when the engine sent none
    // The move captured or moved a pawn (the halfmove clock went back to 0): the game entered
    // a position that cannot repeat an earlier one, so a run of quiet scores before it says
    // nothing about the new one.
    bool capture_or_pawn_move = false;
};

// Whether `move`, about to be played in `before`, is a capture (en passant included) or a pawn
// move: the moves that restart the draw count (AdjudicationInput::capture_or_pawn_move), as
// they reset the fifty-move counter. Castling is neither.
bool is_capture_or_pawn_move(const chess::Position& before, chess::Move move);

class Adjudicator {
  public:
    explicit Adjudicator(const AdjudicationConfig& config);

    // Feeds one engine move (after it was made and the game is not over by the rules).
    AdjudicationVerdict on_move(const AdjudicationInput& move);

    const AdjudicationConfig& config() const { return config_; }

  private:
    AdjudicationConfig config_;
    int draw_plies_ = 0;      // consecutive plies with |score| <= draw score, since the last
                              // capture or pawn move
    int losing_moves_[2]{};   // consecutive own moves with score <= -resign score
    int winning_moves_[2]{};  // consecutive own moves with score >= +resign score
};

}  // namespace lmr::match
