// Hand-written tapered evaluation with separable terms.
//
// Every term is computed on its own so that the LMR steps (eval minus material, the
// passed-pawn term, the king-safety term, PST[to] - PST[from]) can read it without a second
// evaluation. Values are centipawns tapered between a middlegame and an endgame weight by the
// game phase (24 = all minor and major pieces on the board, 0 = bare kings and pawns).
#pragma once

#include <iosfwd>
#include <string_view>

#include "engine/chess/position.hpp"
#include "engine/chess/types.hpp"

namespace lmr::eval {

enum Term : int {
    kMaterial,       // piece values (tapered), the "board material" of LMR step 4
    kPst,            // piece-square tables (from PeSTO's, fitted)
    kMobility,       // safe squares reachable by knights, bishops, rooks, queens
    kPawnStructure,  // doubled, isolated, backward, connected / phalanx pawns
    kPassedPawns,    // passed pawns: rank, free path, king distances, unstoppable runners
    kKingSafety,     // attack units on the king zone, pawn shield / storm, open files
    kBishopPair,     // both bishops (one on each square colour)
    kRooks,          // rooks on open / semi-open files and on the 7th rank
    kThreats,        // pieces attacked by pawns or lower-valued pieces, hanging pieces
    kTempo,          // bonus for the side to move
    kPieces,         // minor-piece placement: outposts, minors shielded by a pawn, bad bishop
    kScaling,        // endgame scaling (drawish material, opposite bishops) as a correction
    kTermCount
};

// Short lower-case name used in tables and logs ("material", "passed_pawns", ...).
std::string_view term_name(Term term);

// All values are tapered centipawns from the side to move's point of view.
// total == sum of terms[] (kScaling carries the difference made by endgame scaling).
struct Breakdown {
    int terms[kTermCount];
    int phase;  // 0..24, see game_phase()
    int total;
};

inline constexpr int kMaxPhase = 24;

// Static evaluation, side to move's view, in centipawns.
int evaluate(const chess::Position& pos);
// Same total as evaluate(pos); also fills every term. No allocation, cheap enough per node.
int evaluate(const chess::Position& pos, Breakdown& out);

// 0 = no pieces but kings and pawns ... 24 = opening material (N,B = 1, R = 2, Q = 4; capped).
int game_phase(const chess::Position& pos);

// Tapered piece-square value in cp for the piece's owner (no material included); 0 for
// kNoPiece. sq must be a square and phase a game_phase (0..24): the search calls it per
// move, so only debug builds check them.
int pst_value(chess::Piece piece, chess::Square sq, int phase);
// pst_value(piece, to, phase) - pst_value(piece, from, phase): what moving there gains (LMR
// step 12, REBEL's ordering score), in one call for the search's per-move use.
int pst_gain(chess::Piece piece, chess::Square from, chess::Square to, int phase);

// The term table printed by `lmr-engine eval [--fen FEN]`: each term's middlegame and endgame
// value and its tapered value from White's view, the tapered value from the side to move's
// view, then phase and total.
void print_breakdown(const chess::Position& pos, std::ostream& out);

}  // namespace lmr::eval
