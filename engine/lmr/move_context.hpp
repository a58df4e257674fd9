// Everything a reduction rule may read about one late move. The search fills it per move;
// LmrPolicy only reads it. Plain data so it can live on the search stack.
#pragma once

#include <string_view>
#include <variant>

namespace lmr::reduction {

struct MoveContext {
    // --- the node ---------------------------------------------------------------------
    int depth = 0;        // remaining plies at the node (before the move's own ply)
    int ply = 0;          // distance from the root
    int move_number = 0;  // 1-based count of moves searched at this node, this one included
    bool is_root = false;
    bool is_pv = false;               // PV node (open window)
    bool cut_node = false;            // non-PV node expected to fail high (parent's late move)
    bool tt_move_is_capture = false;  // the node's TT move is a capture
    bool in_check = false;            // side to move at the node is in check
    bool improving = false;           // by the config's lmr.improving rule
    int root_iteration = 0;           // iterative-deepening iteration that runs this search
    bool root_best = false;           // root move in the list of best moves (gates.root_best_*)

    // --- the move ---------------------------------------------------------------------
    bool is_tt_move = false;
    bool is_capture = false;  // en passant included
    bool see_ge0 = false;     // SEE(move) >= 0
    bool is_promotion = false;
    bool is_queen_promotion = false;
    bool pawn_to_advanced_rank = false;  // white pawn to rank 6+, black pawn to rank 3-
    bool gives_check = false;
    bool is_killer1 = false;
    bool is_killer2 = false;
    bool is_castling = false;

    // --- scores -----------------------------------------------------------------------
    int rebel_history = 0;      // REBEL H[piece][to], kept in -2000..2000
    int history = 0;            // the engine's ordering history (butterfly + continuations)
    int butterfly_history = 0;  // the butterfly [from][to] table alone
    int ordering_score = 0;     // REBEL ed1-2 ordering score 0..255 (kInputOrderingScore)
    int static_eval = 0;        // side to move, at the node
    int alpha = 0;
    int beta = 0;

    // --- eval terms (kInputEvalDeltas); mover's point of view -----------------------
    // The side-to-move tempo bonus is taken out of both evaluations: it belongs to whoever
    // moves, so "after minus before" would otherwise count it twice against every move.
    int eval_minus_material = 0;  // at the node: static eval minus material balance
    int passed_pawn_delta = 0;    // passed-pawn term after the move minus before
    int king_safety_delta = 0;    // king-safety term after minus before
    int eval_change = 0;          // whole static eval after minus before
    int pst_delta = 0;            // PST[piece][to] - PST[piece][from]

    // --- threat features (kInputNewThreat, kInputThreatEscape) -------------------------
    bool creates_threat = false;  // step 5, by steps.new_threat.mode
    bool escapes_threat = false;  // step 6, by steps.threat_escape.mode
};

// Every field by name, in declaration order: `lmr-engine explain` prints them as "inputs" and
// sets them with --set. A new field gets its row here.
struct MoveContextField {
    std::string_view name;
    std::variant<int MoveContext::*, bool MoveContext::*> member;
};
inline constexpr MoveContextField kMoveContextFields[] = {
    {"depth", &MoveContext::depth},
    {"ply", &MoveContext::ply},
    {"move_number", &MoveContext::move_number},
    {"is_root", &MoveContext::is_root},
    {"is_pv", &MoveContext::is_pv},
    {"cut_node", &MoveContext::cut_node},
    {"tt_move_is_capture", &MoveContext::tt_move_is_capture},
    {"in_check", &MoveContext::in_check},
    {"improving", &MoveContext::improving},
    {"root_iteration", &MoveContext::root_iteration},
    {"root_best", &MoveContext::root_best},
    {"is_tt_move", &MoveContext::is_tt_move},
    {"is_capture", &MoveContext::is_capture},
    {"see_ge0", &MoveContext::see_ge0},
    {"is_promotion", &MoveContext::is_promotion},
    {"is_queen_promotion", &MoveContext::is_queen_promotion},
    {"pawn_to_advanced_rank", &MoveContext::pawn_to_advanced_rank},
    {"gives_check", &MoveContext::gives_check},
    {"is_killer1", &MoveContext::is_killer1},
    {"is_killer2", &MoveContext::is_killer2},
    {"is_castling", &MoveContext::is_castling},
    {"rebel_history", &MoveContext::rebel_history},
    {"history", &MoveContext::history},
    {"butterfly_history", &MoveContext::butterfly_history},
    {"ordering_score", &MoveContext::ordering_score},
    {"static_eval", &MoveContext::static_eval},
    {"alpha", &MoveContext::alpha},
    {"beta", &MoveContext::beta},
    {"eval_minus_material", &MoveContext::eval_minus_material},
    {"passed_pawn_delta", &MoveContext::passed_pawn_delta},
    {"king_safety_delta", &MoveContext::king_safety_delta},
    {"eval_change", &MoveContext::eval_change},
    {"pst_delta", &MoveContext::pst_delta},
    {"creates_threat", &MoveContext::creates_threat},
    {"escapes_threat", &MoveContext::escapes_threat},
};

}  // namespace lmr::reduction
