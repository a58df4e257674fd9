// Draw rules (fifty-move, repetition, insufficient material) and game-end detection.
#include "engine/chess/game_end.hpp"

#include <algorithm>

#include "engine/chess/movegen.hpp"

namespace lmr::chess {

bool Position::is_insufficient_material() const {
    if (pieces(kPawn) | pieces(kRook) | pieces(kQueen)) return false;
    Bitboard minors = pieces(kKnight) | pieces(kBishop);
    if (!more_than_one(minors)) return true;  // KvK or K+minor vs K
    // Only bishops, all on squares of one colour: no mate is possible.
    if (pieces(kKnight)) return false;
    Bitboard bishops = pieces(kBishop);
    return !(bishops & kDarkSquares) || !(bishops & kLightSquares);
}

bool Position::is_draw(int ply_from_root) const {
    const StateInfo& s = st();
    if (s.rule50 >= 100 && (!s.checkers || count_legal_moves(*this) > 0)) return true;
    if (is_insufficient_material()) return true;

    // Repetitions can only occur since the last irreversible move or null move, and only
    // with the same side to move (every second ply).
    int end = std::min({s.rule50, s.plies_from_null, int(states_.size()) - 1});
    int last = int(states_.size()) - 1;
    int found = 0;
    for (int i = 4; i <= end; i += 2) {
        if (states_[last - i].key != s.key) continue;
        if (i < ply_from_root) return true;  // repeated inside the search tree
        if (++found >= 2) return true;       // threefold counting earlier history
    }
    return false;
}

bool Position::is_repetition_threefold() const {
    const StateInfo& s = st();
    int end = std::min({s.rule50, s.plies_from_null, int(states_.size()) - 1});
    int last = int(states_.size()) - 1;
    int found = 0;
    for (int i = 4; i <= end; i += 2)
        if (states_[last - i].key == s.key && ++found >= 2) return true;
    return false;
}

GameEnd game_end(const Position& pos) {
    if (count_legal_moves(pos) == 0)
        return pos.in_check() ? GameEnd::kCheckmate : GameEnd::kStalemate;
    if (pos.is_repetition_threefold()) return GameEnd::kRepetition;
    if (pos.halfmove_clock() >= 100) return GameEnd::kFiftyMove;
    if (pos.is_insufficient_material()) return GameEnd::kInsufficientMaterial;
    return GameEnd::kNone;
}

std::string_view game_end_name(GameEnd end) {
    switch (end) {
        case GameEnd::kCheckmate:
            return "checkmate";
        case GameEnd::kStalemate:
            return "stalemate";
        case GameEnd::kRepetition:
            return "threefold repetition";
        case GameEnd::kFiftyMove:
            return "fifty-move rule";
        case GameEnd::kInsufficientMaterial:
            return "insufficient material";
        case GameEnd::kNone:
            break;
    }
    return "none";
}

}  // namespace lmr::chess
