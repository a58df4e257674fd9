#pragma once
// Staged move picker: moves come out in the order TT move, good captures and queen
// promotions (MVV-LVA + capture history, SEE >= 0), killers (two of this ply, then REBEL's
// two from two plies back), countermove, quiets by history, then losing captures and
// under-promotions. Generation is lazy: a cutoff on the TT move costs no movegen.
#include <cstdint>

#include "engine/chess/movegen.hpp"
#include "engine/chess/position.hpp"
#include "engine/search/history.hpp"

namespace lmr::search {

// Centipawn values used by ordering (same scale as SEE).
inline constexpr int kPieceValue[7] = {100, 320, 330, 500, 900, 0, 0};

// Everything the picker reads besides the position; owned by the search.
struct OrderingTables {
    const ButterflyHistory* butterfly = nullptr;
    const CaptureHistory* captures = nullptr;
    const ContinuationRow* cont[3] = {nullptr, nullptr, nullptr};  // 1, 2 and 4 plies back
};

class MovePicker {
  public:
    enum class Stage : std::uint8_t {
        kTtMove,
        kGenCaptures,
        kGoodCaptures,
        kKiller1,
        kKiller2,
        kOldKiller1,
        kOldKiller2,
        kCounter,
        kGenQuiets,
        kQuiets,
        kBadCaptures,
        kEvasionTt,
        kGenEvasions,
        kEvasions,
        kQsTt,
        kQsGenCaptures,
        kQsCaptures,
        kDone,
    };

    // Main search. killers: this ply's two, then the two of ply - 2.
    MovePicker(const chess::Position& pos, chess::Move tt_move, const chess::Move killers[4],
               chess::Move counter, const OrderingTables& tables);
    // Quiescence: captures and queen promotions only (all evasions when in check).
    MovePicker(const chess::Position& pos, chess::Move tt_move, const OrderingTables& tables);

    chess::Move next();

  private:
    // Trivially constructible on purpose: the 256-entry array stays uninitialised until
    // generation fills it (chess::Move zero-initialises, which cost ~6% of search time).
    struct ScoredMove {
        std::uint16_t raw;
        int score;
        chess::Move move() const { return chess::Move::from_raw(raw); }
    };

    void score_captures(int begin, int end);
    void score_quiets(int begin, int end);
    void score_evasions(int begin, int end);
    int pick_best(int begin, int end);  // moves the best of [begin,end) to begin; returns begin
    bool is_special(chess::Move m) const;
    bool usable_quiet(chess::Move m) const;

    const chess::Position& pos_;
    const OrderingTables& tables_;
    chess::Move tt_move_;
    chess::Move killers_[4] = {};
    chess::Move counter_ = chess::Move::none();
    chess::Move emitted_[6] = {};  // TT move, killers and countermove already returned
    int emitted_count_ = 0;
    Stage stage_;
    int cur_ = 0, end_ = 0, bad_end_ = 0, quiet_begin_ = 0, bad_cur_ = 0;
    ScoredMove moves_[256];
};

}  // namespace lmr::search
