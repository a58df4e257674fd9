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
LMR_EVAL_WEIGHT Score kMaterialValue[6] = {{71, 95},   {332, 334},  {339, 342},
                                           {462, 574}, {1048, 986}, {0, 0}};

// Phase weight per piece type: N, B = 1, R = 2, Q = 4; 24 with the opening material.
inline constexpr int kPhaseWeight[6] = {0, 1, 1, 2, 4, 0};

// clang-format off
inline constexpr int kMgDiagram[6][64] = {
    {   0,   0,   0,   0,   0,   0,   0,   0,   // pawn
       90, 125,  61, 101,  72, 128,  33,  -8,
        -6,  1,  5,  27,  52,  55,  20,  -11,
       -6,   6,   2,  14,  29,  11,   3,   -5,
       -8,  -6,  -2,  10,  18,  11,  9,  -11,
      -17, -14, -12, -13,  -9,   0,   6,  -7,
       -8,  -4, -10,  -9,  -5,   10,  23, -11,
        0,   0,   0,   0,   0,   0,   0,   0},
    {-165, -90, -33, -46,  58, -96, -15,-105,   // knight
      -59, -34,  59,  35,  25,  63,   6, -12,
      -43,  44,  36,  50,  74, 118,  70,  42,
       -7,  16,  19,  33,  26,  41,  13,  22,
       -3,   7,  18,  13,  18,  22,  23,   -2,
      -21,  -6,   5,   7,  21,  12,   7,   -6,
      -31, -50, -11,  -3,   4,  12,   2,   2,
     -105, -18, -49, -21,  -3, -12, -20, -22},
    { -29,   3, -82, -36, -25, -43,  9, -10,   // bishop
      -21,   5, -16,  -10,  25,  55,  14, -42,
        -2,  37,  30,  36,  35,  44,  40,   7,
        1,  -3,  15,  34,  20,  29,   2,  -2,
       -7,   6,  9,  20,  21,  10,  15,  11,
       -2,  21,   7,  15,  18,   9,  30,  17,
       13,   1,  22,   6,   4,  20,  17,  16,
      -25,   4,   0, -14,  -5, -11, -35, -16},
    {  27,  36,  27,  48,  58,  10,  34,  41,   // rook
       21,  26,  53,  53,  73,  57,  24,  48,
       -3,  16,  20,  33,  20,  44,  58,   11,
      -17,  -1,   5,  27,  19,  30,  -8,  -10,
      -26, -17,  -9,  -1,  16,  -8,   7, -15,
      -30, -19, -15, -12,  -4,  -2,   3, -28,
      -35, -14, -18, -19, -8,  -1,  -6, -57,
      -13,  -9,  -8,  -5,  -3,  -4, -16, -12},
    { -28,   2,  28,  11,  57,  44,  41,  43,   // queen
      -16, -31,  -4,   1, -17,  47,  24,  48,
       -6,  -3,   7,   4,  25,  53,  45,  45,
      -19, -17, -15, -16,  -7,  11,   3,   8,
       -7, -21,  -8,  -7,  -3,  -5,   1,   4,
      -14,  -1,  -9,   1,  -9,   5,  17,   4,
      -27, -11,   5,   3,   5,  19,  -4,   0,
      -11, -8,  -5,  -3,  -10, -26, -30, -47},
    { -65,  24,  17, -15, -55, -34,   2,  11,   // king
       29,   -1, -19,  -8, -10,  -5, -36, -31,
       -9,  21,   2, -18, -23,  0,  17, -22,
      -17, -21, -15, -33, -35, -28, -16, -35,
      -47,  -1, -27, -41, -49, -43, -29, -49,
      -13,  -11, -18, -43, -38, -25,  -6, -23,
        9,   3,  -8, -46, -26, -15,   6,   3,
      -16,  16,  15, -33, -14, -13,  13,   2},
};

inline constexpr int kEgDiagram[6][64] = {
    {   0,   0,   0,   0,   0,   0,   0,   0,   // pawn
      141, 154, 160, 142, 150, 141, 161, 171,
       77,  67,  71,  69,  60,  44,  72,  71,
       26,  17,  12,   -3, -11,  12,  16,  12,
       17,  13,   0,  -6,   -3,   0,   1,   5,
       17,  10,   3,  9,  15,  8,   0,   4,
       25,  18,  18,  17,  19,  11,  7,  7,
        0,   0,   0,   0,   0,   0,   0,   0},
    { -57, -36,  -9, -21, -31, -23, -62, -95,   // knight
      -14,  -5, -23,  -4,  -4, -20, -23, -49,
      -22, -20,   9,  0,  -5, -22, -16, -39,
       -11,  1,  14,  16,   9,   4,  1, -24,
      -10,   2,   11,  15,  17,   7,  7, -11,
      -21,  -7,  -9,  10,  9,  -4,  -8, -25,
      -42, -17,  -5,   3,  -2, -19, -18, -36,
      -27, -42, -15, -13,  -12, -12, -47, -63},
    { -13, -19,   -5,   -3,  -6,  -8, -15, -25,   // bishop
       -4,   -2,  10,  -5,   -2,  -11,  -3,  -11,
        2,  -4,  -7,  -6,   5,  -2,  -5,   8,
        4,   8,   8,   6,   7,  -2,   11,  -1,
       -7,   7,   12,  15,  -6,   8, -7,  -10,
       -3,  -6,   2,  1,  11,  -8,  -9,  -9,
      -15, -11, -17,   4,   2,  -2, -16, -26,
      -14,  -10,   -2,   2,   3,  -5,   2, -16},
    {  -1,   5,  13,  11,   7,  16,  11,   7,   // rook
       11,   8,  1,  -6, -9, -9,   7,  1,
       21,   3,   7,  0,   8,  -4, -9,  -4,
       20,  19,  14,   6,   3,  -4,   4,  9,
       17,  18,  13,   7,  -1,   -1,  -3,   -3,
       10,   5,   4,   1,  -4,   -3,  -8,  -6,
        5,  -5,   3,   4,  -7,  -10, -10,   3,
       -3, -11,  -5, -13, -17, -17, -4, -12},
    {  -6,  23,  22,  26,  24,  19,   9,  19,   // queen
       -11,  26,  37,  43,  58,  22,  28,  -2,
      -13,  13,  13,  45,  45,  33,  20,   7,
       9,  28,  29,  47,  55,  37,  57,  40,
       -11,  30,  21,  47,  29,  33,  39,  25,
      -17, -19,  18,   5,   10,   8,   5,   6,
      -20, -23, -19, -15, -17, -28, -38, -33,
      -36, -25, -20, -40,  -7, -33, -19, -39},
    { -75, -36, -17, -18,  -10,  15,   6, -23,   // king
      -13,  17,  20,  17,  15,  40,  32,   9,
        8,  12,  23,  18,  22,  47,  42,  17,
       -8,  19,  24,  24,  30,  33,  19,  12,
      -15,  -3,  18,  23,  25,  24,  15,  -9,
      -17,  -3,  9,  21,  20,  14,  -4,   -3,
      -18, -17,  1,   13,   8,   3,  -7, -24,
      -53, -33, -19,  0, -25, -14, -33, -42},
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
