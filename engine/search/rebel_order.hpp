#pragma once
// REBEL editions 1-2 move ordering (seed 000): every move gets a score 0..255 (TT move 255,
// mate killer 252, winning captures 246/244/242, ... quiet moves by PST gain and history) and
// moves are searched best score first. Editions 1-2 decide their LMR on that score and on the
// move count in that order, so the search can play in this order (search.rebel_ordering).
#include <cstdint>

#include "engine/chess/bitboard.hpp"
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

// What the ordering asks of one position for each of its moves, answered from bitboards taken
// once: the same answers as the Position / lmr functions named below, for less work per move.
// Valid while the position is unchanged (as it is again after make_move + unmake_move).
class RebelNodeFacts {
  public:
    RebelNodeFacts() = default;  // reset() before use
    explicit RebelNodeFacts(const chess::Position& pos) { reset(pos); }
    void reset(const chess::Position& pos);
    int phase() const { return phase_; }  // eval::game_phase(pos)
    // pos.see_ge(m, 0) for a legal move m: true without a SEE when no enemy piece can reach
    // the destination, even through the square the mover leaves.
    bool see_ge0(chess::Move m) const {
        // Most moves go to a square no enemy piece attacks, through no line they open.
        const chess::Bitboard to = chess::square_bb(m.to()), from = chess::square_bb(m.from());
        if (!(enemy_attacks_ & to) && !(slider_seen_ & from) && !m.is_en_passant()) return true;
        return see_ge0_worked_out(m);
    }
    // reduction::is_threatened(pos, sq) for a square holding a piece of the side to move; each
    // square is worked out once.
    bool threatened(chess::Square sq);

  private:
    bool see_ge0_worked_out(chess::Move m) const;

    const chess::Position* pos_ = nullptr;
    chess::Bitboard enemy_attacks_ = 0;  // squares an enemy piece attacks
    chess::Bitboard slider_seen_ = 0;    // squares an enemy bishop, rook or queen attacks
    // Squares that an enemy piece not pinned to its king attacks, by that piece's type
    // (pawn, knight, bishop, rook: the attackers cheaper than some mover).
    chess::Bitboard free_attacks_[4] = {};
    chess::Bitboard threat_known_ = 0;  // squares threatened() has worked out
    chess::Bitboard threatened_ = 0;    // ... and those of them that are threatened
    int phase_ = 0;
};

// Every legal move of a node in REBEL's order. No allocation; equal scores go out in the
// order of a generation of all moves. The moves are generated and scored when first asked
// for, in stages: the TT move (255, always first) is handed out before anything is
// generated; then the captures and promotions are generated, the killers, the mate killer
// and castling added where legal, all of them scored, and those above 200 go out best first
// (they never tie across the two kinds); the plain quiet moves, which score 200 at most, are
// generated and scored only when a move of 200 or less is asked for (about half the nodes
// never ask). Everything the scores read besides the position (history, killers) is taken at
// start(), so a later scoring gives the same order whatever the search of the first moves
// changed.
class RebelMoveList {
  public:
    // A legal TT move goes out before any move is generated, as the engine's own picker
    // does, and a cutoff on it costs no generation. history_unchanged: nothing updates
    // tables.history while this node is searched (RebelHistory::unchanged_from), so the
    // scores read the table itself rather than a copy taken now.
    void start(const chess::Position& pos, const RebelOrderingTables& tables,
               bool history_unchanged);
    // none() after the last move. Most calls hand out the sorted moves one after another:
    // that path is inline, the stages before it are not.
    chess::Move next() {
        if (stage_ != Stage::kRest) return next_stage();
        if (cur_ >= count_) return chess::Move::none();
        return hand_out(cur_++);
    }
    int last_score() const { return last_score_; }  // score of the move next() returned

  private:
    enum class Stage { kTtMove, kGenerate, kScoreSpecial, kSpecial, kRest };
    void generate_specials();  // captures, promotions, slot moves, castling
    void score_special();
    void score_quiet();
    int score(chess::Move m, int see, int rank);
    chess::Move next_stage();
    chess::Move hand_out(int at) {
        const int key = keys_[at];
        last_score_ = key >> 8;
        return chess::Move::from_raw(raw_[255 - (key & 255)]);
    }

    // Arrays stay uninitialised until generate_specials() (no work for nodes that do not use
    // them).
    // keys_ holds one key per move still to order, score * 256 + (255 - index into raw_):
    // unique, the larger one searched first; before a move is scored its key is just
    // 255 - index. Until score_quiet() raw_ holds the specials (captures in generation order,
    // then the slot moves and castling), from then on every move in generation order.
    static_assert(chess::kMaxMoves <= 256, "a key holds an index into raw_ in 8 bits");
    std::uint16_t raw_[chess::kMaxMoves];
    int keys_[chess::kMaxMoves];  // [0, special_end_): the specials; then plain quiets
    const chess::Position* pos_ = nullptr;
    const std::int8_t (*history_terms_)[64] = nullptr;  // RebelHistory::ordering_terms, or ...
    RebelHistory::OrderingTerms history_snapshot_;      // ... a copy taken at start()
    RebelNodeFacts facts_;
    chess::Move tt_move_;
    chess::Move killers_[4];
    chess::Move mate_killer_;
    int tt_index_ = -1;  // index of the TT move among the specials, -1 if it is not a capture
    int count_ = 0;      // keys (the TT move has none)
    int special_end_ = 0;
    int cur_ = 0;
    int last_score_ = 0;
    bool facts_ready_ = false;
    bool generated_ = false;
    Stage stage_ = Stage::kScoreSpecial;
};

}  // namespace lmr::search
