// The weights of every evaluation term other than material and PST (see pst.hpp).
// Centipawns, as middlegame/endgame pairs. Hand-set at first, then fitted to game results by
// lmr-eval-tune (docs/engine.md, "Tuning the evaluation"), which rewrites the initializers of
// the LMR_EVAL_WEIGHT definitions in place; the constexpr ones are structural and not tuned.
// Mobility tables are centred near a piece's typical mobility so that they shift piece values as
// little as possible (PeSTO's values were tuned without a mobility term). Internal to engine/eval.
#pragma once

#include "engine/eval/score.hpp"
#include "engine/eval/weight_storage.hpp"

namespace lmr::eval::detail {

// --- Mobility: indexed by the number of safe squares attacked ---
LMR_EVAL_WEIGHT Score kKnightMobility[9] = {{-33, -44}, {-24, -36}, {-14, -6}, {-8, -3}, {-5, 10},
                                            {5, 12},    {10, 18},   {19, 18},  {19, 18}};
LMR_EVAL_WEIGHT Score kBishopMobility[14] = {{-33, -36}, {-14, -23}, {-4, 1},  {1, 8},   {9, 10},
                                             {14, 13},   {14, 20},   {18, 24}, {18, 24}, {22, 24},
                                             {28, 24},   {28, 24},   {35, 30}, {35, 31}};
LMR_EVAL_WEIGHT Score kRookMobility[15] = {{-31, -52}, {-5, -24}, {-1, -13}, {1, -3},  {2, 10},
                                           {2, 22},    {5, 30},   {7, 30},   {7, 36},  {14, 40},
                                           {14, 41},   {17, 45},  {17, 49},  {24, 54}, {28, 57}};
LMR_EVAL_WEIGHT Score kQueenMobility[28] = {
    {-20, -35}, {-13, -24}, {-13, -18}, {-4, -10}, {0, -6},  {6, -2},  {6, 1},
    {6, 13},    {6, 17},    {9, 17},    {11, 23},  {13, 31}, {14, 36}, {15, 37},
    {17, 37},   {17, 38},   {17, 40},   {17, 41},  {17, 41}, {22, 44}, {22, 44},
    {22, 44},   {22, 44},   {22, 45},   {23, 45},  {24, 45}, {26, 48}, {26, 48}};

// --- Pawn structure ---
LMR_EVAL_WEIGHT Score kDoubled = {-5, -24};
LMR_EVAL_WEIGHT Score kIsolated = {-7, -4};
LMR_EVAL_WEIGHT Score kIsolatedHalfOpen = {1, -7};  // extra when no enemy pawn blocks the file
LMR_EVAL_WEIGHT Score kBackward = {-4, -13};
LMR_EVAL_WEIGHT Score kBackwardHalfOpen = {-4, 0};
// Connected (supported or side by side) pawns, by relative rank; doubled for a phalanx,
// halved when an enemy pawn stands ahead on the same file.
LMR_EVAL_WEIGHT int kConnected[8] = {0, 1, 6, 7, 12, 24, 34, 0};
LMR_EVAL_WEIGHT int kSupporterBonus = 10;

// --- Passed pawns, by relative rank (index 1 = second rank ... 6 = seventh) ---
LMR_EVAL_WEIGHT Score kPassedRank[8] = {{0, 0},   {-10, 13}, {-10, 13}, {-10, 25},
                                        {16, 44}, {34, 44},  {42, 44},  {0, 0}};
// Weight of the dynamic passed-pawn factors (king distances, free path) by relative rank.
LMR_EVAL_WEIGHT int kPassedWeight[8] = {0, 0, 1, 3, 7, 10, 13, 0};
LMR_EVAL_WEIGHT int kPassedTheirKing = 7;  // per square the enemy king is from the stop square
LMR_EVAL_WEIGHT int kPassedOurKing = 6;    // per square our king is from the stop square
LMR_EVAL_WEIGHT int kPassedPathFree = 15;  // no square ahead attacked or occupied by the enemy
LMR_EVAL_WEIGHT int kPassedStopFree = 6;   // only the stop square is safe
LMR_EVAL_WEIGHT int kPassedStopDefended = 8;
LMR_EVAL_WEIGHT Score kPassedBlocked = {-5, -2};  // an enemy piece stands on the stop square
inline constexpr Score kUnstoppable = {0, 300};   // rule of the square, pawn endings only

// --- King safety ---
// Attack units per piece that attacks the enemy king zone; the sum is multiplied by the
// number of attackers, so several attackers count far more than one.
LMR_EVAL_WEIGHT int kKingAttackWeight[6] = {0, 23, 24, 24, 11, 0};
LMR_EVAL_WEIGHT int kKingAdjacentAttack = 30;  // per attack on a square next to the king
LMR_EVAL_WEIGHT int kKingWeakZoneSquare = 78;
LMR_EVAL_WEIGHT int kSafeCheck[6] = {0, 441, 342, 542, 429, 0};
LMR_EVAL_WEIGHT int kUnsafeCheck = 66;
LMR_EVAL_WEIGHT int kNoQueenDanger = -497;
inline constexpr int kDangerThreshold = 100;
inline constexpr int kDangerMgDivisor = 4000;  // mg penalty = danger^2 / this
inline constexpr int kDangerEgDivisor = 20;    // eg penalty = danger / this
inline constexpr int kDangerMgCap = 500;
// Pawn shelter by the relative rank of our most backward pawn on a file next to the king
// (0 = no pawn on that file, 1 = second rank); storm by the relative rank (our view) of the
// nearest enemy pawn (0 = none).
LMR_EVAL_WEIGHT int kShelter[8] = {-15, 21, 15, 0, -10, -12, -5, 0};
LMR_EVAL_WEIGHT int kStorm[8] = {0, -7, -26, -15, -3, 3, 4, 0};
LMR_EVAL_WEIGHT int kStormBlocked[8] = {0, 0, -13, 4, 0, 6, -6, 0};
LMR_EVAL_WEIGHT int kKingOpenFile = -17;      // no pawns at all on a file near the king
LMR_EVAL_WEIGHT int kKingPawnDistance = -21;  // eg, per square to the nearest pawn
// Mop-up against a bare king (eg): per step nearer the centre, per step nearer the enemy
// king, and per step nearer the corner a bishop and knight can mate in.
inline constexpr int kLoneKingCenter = 20;
inline constexpr int kLoneKingNear = 8;
inline constexpr int kLoneKingWrongCorner = 12;

// --- Bishop pair, rooks, minor pieces ---
LMR_EVAL_WEIGHT Score kBishopPairBonus = {22, 62};
LMR_EVAL_WEIGHT Score kRookOpenFile = {14, 7};
LMR_EVAL_WEIGHT Score kRookSemiOpenFile = {8, 13};
LMR_EVAL_WEIGHT Score kRookOnSeventh = {-7, 2};
LMR_EVAL_WEIGHT Score kRookTrapped = {-18, -2};
LMR_EVAL_WEIGHT Score kKnightOutpost = {27, 1};
LMR_EVAL_WEIGHT Score kBishopOutpost = {20, 13};
LMR_EVAL_WEIGHT Score kMinorBehindPawn = {6, 13};
LMR_EVAL_WEIGHT Score kBishopPawnSameColour = {-3, -2};  // per own pawn on the bishop's colour
LMR_EVAL_WEIGHT Score kBishopLongDiagonal = {7, 7};

// --- Threats ---
LMR_EVAL_WEIGHT Score kThreatBySafePawn = {59, 32};
// Indexed by the attacked piece type.
LMR_EVAL_WEIGHT Score kThreatByMinor[6] = {{-1, 21}, {14, 22}, {29, 20},
                                           {44, 36}, {29, 57}, {0, 0}};
LMR_EVAL_WEIGHT Score kThreatByRook[6] = {{3, 22}, {14, 24}, {16, 21}, {2, 18}, {34, 21}, {0, 0}};
LMR_EVAL_WEIGHT Score kThreatByKing = {11, 27};
LMR_EVAL_WEIGHT Score kHanging = {15, 19};

// --- Tempo ---
LMR_EVAL_WEIGHT Score kTempoBonus = {18, 13};

}  // namespace lmr::eval::detail
