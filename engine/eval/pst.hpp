// Material values and piece-square tables. They started from the published PeSTO numbers
// (Ronald Friederich's middlegame/endgame tables, as documented on the Chess Programming Wiki)
// and were then fitted to game results by lmr-eval-tune (docs/engine.md, "Tuning the
// evaluation"), which rewrites the values below in place. The tables are written as a board
// diagram seen from White (rank 8 on the first line), which is how PeSTO's are published;
// kPstTable converts them to a1 = 0 indexing for both colours. Internal to engine/eval.
#pragma once

#include <array>

#include "engine/chess/types.hpp"
#include "engine/eval/score.hpp"
#include "engine/eval/weight_storage.hpp"

namespace lmr::eval::detail {

// Piece values in centipawns, indexed by PieceType (king 0: both sides always have one).
LMR_EVAL_WEIGHT Score kMaterialValue[6] = {{71, 101},  {329, 318},  {350, 333},
                                           {477, 562}, {1053, 988}, {0, 0}};

// Phase weight per piece type: N, B = 1, R = 2, Q = 4; 24 with the opening material.
inline constexpr int kPhaseWeight[6] = {0, 1, 1, 2, 4, 0};

// clang-format off
inline constexpr int kMgDiagram[6][64] = {
    {   0,   0,   0,   0,   0,   0,   0,   0,   // pawn
       94, 129,  60, 101,  71, 127,  35, -10,
      -12,   9,  20,  38,  67,  53,  19, -12,
      -16,  14,   2,  17,  25,   1,   9, -17,
      -23,   2,  -6,  11,  11,   6,   9, -19,
      -22, -13,  -9, -13,  -4,  -4,  14, -13,
      -16,   0, -10, -13,  -6,  15,  33,  -8,
        0,   0,   0,   0,   0,   0,   0,   0},
    {-166, -90, -33, -47,  59, -97, -15,-105,   // knight
      -66, -35,  67,  34,  25,  63,   6, -14,
      -47,  51,  37,  60,  81, 126,  68,  46,
      -13,  22,  18,  44,  25,  49,  14,  26,
       -6,   6,  19,  17,  18,  27,  24,  -6,
      -19,  -4,   2,   9,  15,  12,  -1, -16,
      -29, -54, -13,  -5,   5,  14,  -2,   2,
     -105, -24, -54, -29,  -8, -15, -18, -22},
    { -28,   2, -83, -37, -26, -42,   8,  -9,   // bishop
      -22,   9, -20, -12,  26,  58,  16, -46,
       -5,  40,  37,  38,  34,  46,  43,   3,
        1,  -1,  18,  38,  32,  34,   1,  -1,
       -5,  10,   4,  24,  28,   9,  16,   6,
       -4,  34,  12,   9,  11,  28,  21,  16,
        9,   2,  19,   2,   7,  16,  25,  12,
      -29,  -1,  -5, -20,  -9, -17, -38, -18},
    {  30,  41,  31,  51,  62,   8,  33,  43,   // rook
       21,  30,  55,  55,  79,  61,  24,  46,
       -4,  21,  21,  39,  20,  48,  59,  13,
      -19,   1,   5,  28,  20,  33, -10, -16,
      -29, -21, -11,   1,  12, -10,   8, -18,
      -34, -21, -16, -12,  -7,   0,  -5, -29,
      -37, -13, -22, -15,  -4,   0,  -9, -62,
      -16,  -5,  -9,   2,   3,  -2, -23, -18},
    { -28,   1,  29,  11,  59,  45,  42,  45,   // queen
      -19, -32,  -4,   0, -16,  52,  27,  51,
      -13,  -3,   8,   7,  29,  61,  47,  48,
      -22, -20, -15, -21,  -7,   8,   3,   8,
      -10, -25,  -8, -10,  -6,  -3,   1,   8,
      -14,   0,  -8,   0, -11,   4,  22,   4,
      -30, -12,   8,   2,   6,  17,  -4,   0,
      -10,  -3,  -5,  -4, -11, -27, -30, -48},
    { -65,  23,  16, -15, -56, -34,   2,  12,   // king
       29,  -2, -20,  -7,  -9,  -4, -37, -30,
      -10,  22,   1, -16, -21,   4,  20, -22,
      -17, -21, -14, -30, -31, -25, -14, -36,
      -48,  -1, -27, -42, -45, -42, -31, -50,
      -13, -16, -21, -44, -44, -27,  -9, -26,
       11,   0, -11, -56, -41, -11,  11,  11,
      -13,  21,  17, -39,  -1, -20,  12,   4},
};

inline constexpr int kEgDiagram[6][64] = {
    {   0,   0,   0,   0,   0,   0,   0,   0,   // pawn
      156, 165, 159, 139, 149, 136, 161, 176,
       98,  90,  79,  67,  63,  40,  72,  84,
       33,  20,   9, -12,  -7,  12,  16,  13,
       20,  10,  -2,  -6,  -7,  -6,   4,   1,
        8,   8,   6,   8,  12,   0,  -1,   0,
       19,  16,  16,   4,  16,   8,   3,  -4,
        0,   0,   0,   0,   0,   0,   0,   0},
    { -57, -38, -10, -24, -31, -26, -63, -96,   // knight
      -16,  -3, -23,  -5,  -4, -21, -25, -49,
      -25, -21,  10,   5,  -1, -15, -16, -39,
      -15,   5,  18,  22,  11,   7,   5, -22,
      -10,   3,  13,  23,  19,  16,   3, -13,
      -24,  -9, -16,   9,   4,  -9, -10, -27,
      -42, -18,  -5,  -2,   3, -17, -17, -37,
      -28, -54, -20, -16, -17, -11, -50, -63},
    { -13, -21, -10,  -6,  -8,  -8, -15, -25,   // bishop
       -6,  -5,   6,  -7,  -5, -14,  -4, -13,
        1,  -3,  -4,  -3,  -2,   3,  -3,   7,
        3,  11,  10,   4,   8,   2,  13,   2,
       -4,   7,  16,  17,   0,   9,  -2, -11,
       -1,   0,   2,   5,  -6,  -3, -11, -13,
      -16, -10, -13,   7,  -1,  -3,  -6, -26,
      -17, -14, -14,  -2,   5,  -7,  -1, -15},
    {   4,  10,  16,  13,  11,  12,  11,   8,   // rook
        9,  17,   5,   0,  -4,  -2,   8,   3,
       20,   8,   8,   4,   6,   1,  -7,  -4,
       16,  17,  12,   5,   3,  -1,   2,   5,
       12,  14,  10,   8,  -3,  -3,  -6,  -8,
        3,   2,  -1,  -1, -10, -10, -12, -10,
        2,  -4,   2,   6,  -8, -13, -11,   0,
        1, -11,   0, -12, -17, -18,   6, -22},
    {  -6,  22,  22,  27,  27,  20,  10,  20,   // queen
      -13,  23,  35,  43,  59,  24,  29,  -1,
      -17,  12,  11,  47,  46,  38,  20,   8,
        6,  26,  28,  46,  56,  38,  58,  39,
      -14,  28,  20,  47,  29,  35,  39,  26,
      -17, -22,  18,   5,  11,  12,   8,   5,
      -20, -24, -21, -14, -15, -25, -37, -34,
      -36, -24, -22, -42,  -7, -34, -19, -40},
    { -74, -36, -18, -18, -11,  14,   5, -20,   // king
      -12,  16,  16,  18,  16,  41,  28,  11,
        8,  15,  21,  19,  24,  46,  43,  15,
       -7,  21,  22,  24,  28,  34,  23,   8,
      -19,  -2,  20,  19,  26,  22,   9, -13,
      -17,  -6,   6,  22,  18,  17,   1, -15,
      -19, -14,   4,  18,   8,   3, -11, -21,
      -53, -28, -19,   3, -26,  -8, -24, -41},
};
// clang-format on

// kPstTable[piece][square]: the owner's PST bonus (no material) with a1 = 0. A white piece on sq
// reads the diagram at sq ^ 56 (the diagram's first line is rank 8); a black piece reads it at
// sq itself, which is the vertically mirrored square.
LMR_EVAL_WEIGHT auto kPstTable = [] {
    std::array<std::array<Score, 64>, 12> table{};
    for (int pt = 0; pt < 6; ++pt) {
        for (int sq = 0; sq < 64; ++sq) {
            table[pt][sq] = Score(kMgDiagram[pt][sq ^ 56], kEgDiagram[pt][sq ^ 56]);
            table[pt + 6][sq] = Score(kMgDiagram[pt][sq], kEgDiagram[pt][sq]);
        }
    }
    return table;
}();

}  // namespace lmr::eval::detail
