#pragma once
// REBEL editions 1-2 move ordering (seed 000): every move gets a score 0..255 (TT move 255,
// mate killer 252, winning captures 246/244/242, ... quiet moves by PST gain and history) and
// moves are searched best score first. Editions 1-2 decide their LMR on that score and on the
// move count in that order, so the search can play in this order (search.rebel_ordering).
#include <cstdint>

#include "engine/chess/movegen.hpp"
#include "engine/chess/position.hpp"
#include "engine/search/history.hpp"

namespace lmr::search {

// What the score of one move depends on besides the position.
struct RebelOrderingTables {
    chess::Move tt_move = chess::Move::none();
    const chess::Move* killers = nullptr;           // this ply's two, then the two of ply - 2
    chess::Move mate_killer = chess::Move::none();  // a quiet move that refuted with a mate here
    const RebelHistory* history = nullptr;
};

// The 0..255 score of m. winning_rank: 0 for the winning capture (SEE > 0) with the highest
// SEE, 1 for the next, ... (seed 000's 246 / 244 / 242).
int rebel_move_score(const chess::Position& pos, chess::Move m, const RebelOrderingTables& tables,
                     int winning_rank);

// Every legal move of a node in REBEL's order. No allocation; ties keep generation order.
class RebelMoveList {
  public:
    void generate(const chess::Position& pos, const RebelOrderingTables& tables);
    chess::Move next();                             // none() after the last move
    int last_score() const { return last_score_; }  // score of the move next() returned

  private:
    struct Entry {  // trivially constructible: the array stays uninitialised until generate()
        std::uint16_t raw;
        int score;
    };
    Entry moves_[chess::kMaxMoves];
    int count_ = 0;
    int cur_ = 0;
    int last_score_ = 0;
};

}  // namespace lmr::search
