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
LMR_EVAL_WEIGHT Score kKnightMobility[9] = {{-45, -55}, {-28, -35}, {-12, -18}, {-4, -8}, {2, 2},
                                            {8, 8},     {14, 12},   {18, 15},   {22, 17}};
LMR_EVAL_WEIGHT Score kBishopMobility[14] = {{-35, -45}, {-20, -28}, {-8, -14}, {0, -4},  {6, 4},
                                             {12, 11},   {17, 17},   {21, 22},  {24, 26}, {27, 29},
                                             {30, 32},   {33, 34},   {35, 36},  {37, 38}};
LMR_EVAL_WEIGHT Score kRookMobility[15] = {{-30, -50}, {-18, -30}, {-8, -15}, {-4, -5}, {-1, 4},
                                           {2, 12},    {5, 20},    {9, 27},   {13, 33}, {16, 38},
                                           {18, 42},   {20, 45},   {22, 48},  {24, 50}, {25, 51}};
LMR_EVAL_WEIGHT Score kQueenMobility[28] = {
    {-20, -35}, {-14, -25}, {-9, -17}, {-5, -10}, {-2, -4}, {0, 0},   {2, 5},
    {4, 10},    {6, 14},    {8, 18},   {10, 21},  {11, 24}, {12, 27}, {13, 30},
    {14, 32},   {15, 34},   {16, 36},  {17, 38},  {18, 40}, {19, 41}, {20, 42},
    {21, 43},   {22, 44},   {23, 45},  {24, 46},  {25, 47}, {26, 48}, {27, 49}};

// --- Pawn structure ---
LMR_EVAL_WEIGHT Score kDoubled = {-8, -22};
LMR_EVAL_WEIGHT Score kIsolated = {-5, -12};
LMR_EVAL_WEIGHT Score kIsolatedHalfOpen = {-7, -4};  // extra when no enemy pawn blocks the file
LMR_EVAL_WEIGHT Score kBackward = {-7, -15};
LMR_EVAL_WEIGHT Score kBackwardHalfOpen = {-6, -2};
// Connected (supported or side by side) pawns, by relative rank; doubled for a phalanx,
// halved when an enemy pawn stands ahead on the same file.
LMR_EVAL_WEIGHT int kConnected[8] = {0, 3, 4, 6, 12, 22, 40, 0};
LMR_EVAL_WEIGHT int kSupporterBonus = 5;

// --- Passed pawns, by relative rank (index 1 = second rank ... 6 = seventh) ---
LMR_EVAL_WEIGHT Score kPassedRank[8] = {{0, 0},   {2, 5},   {4, 8},   {6, 12},
                                        {12, 20}, {25, 35}, {40, 50}, {0, 0}};
// Weight of the dynamic passed-pawn factors (king distances, free path) by relative rank.
LMR_EVAL_WEIGHT int kPassedWeight[8] = {0, 0, 0, 2, 5, 9, 14, 0};
LMR_EVAL_WEIGHT int kPassedTheirKing = 5;  // per square the enemy king is from the stop square
LMR_EVAL_WEIGHT int kPassedOurKing = 2;    // per square our king is from the stop square
LMR_EVAL_WEIGHT int kPassedPathFree = 18;  // no square ahead attacked or occupied by the enemy
LMR_EVAL_WEIGHT int kPassedStopFree = 9;   // only the stop square is safe
LMR_EVAL_WEIGHT int kPassedStopDefended = 4;
LMR_EVAL_WEIGHT Score kPassedBlocked = {-2, -8};  // an enemy piece stands on the stop square
inline constexpr Score kUnstoppable = {0, 300};   // rule of the square, pawn endings only

// --- King safety ---
// Attack units per piece that attacks the enemy king zone; the sum is multiplied by the
// number of attackers, so several attackers count far more than one.
LMR_EVAL_WEIGHT int kKingAttackWeight[6] = {0, 45, 30, 25, 12, 0};
LMR_EVAL_WEIGHT int kKingAdjacentAttack = 40;  // per attack on a square next to the king
LMR_EVAL_WEIGHT int kKingWeakZoneSquare = 100;
LMR_EVAL_WEIGHT int kSafeCheck[6] = {0, 450, 350, 550, 450, 0};
LMR_EVAL_WEIGHT int kUnsafeCheck = 60;
LMR_EVAL_WEIGHT int kNoQueenDanger = -500;
inline constexpr int kDangerThreshold = 100;
inline constexpr int kDangerMgDivisor = 4000;  // mg penalty = danger^2 / this
inline constexpr int kDangerEgDivisor = 20;    // eg penalty = danger / this
inline constexpr int kDangerMgCap = 500;
// Pawn shelter by the relative rank of our most backward pawn on a file next to the king
// (0 = no pawn on that file, 1 = second rank); storm by the relative rank (our view) of the
// nearest enemy pawn (0 = none).
LMR_EVAL_WEIGHT int kShelter[8] = {-28, 22, 12, 2, -5, -10, -10, 0};
LMR_EVAL_WEIGHT int kStorm[8] = {0, -10, -32, -30, -16, -6, 0, 0};
LMR_EVAL_WEIGHT int kStormBlocked[8] = {0, 0, -12, -6, -2, 0, 0, 0};
LMR_EVAL_WEIGHT int kKingOpenFile = -18;     // no pawns at all on a file near the king
LMR_EVAL_WEIGHT int kKingPawnDistance = -6;  // eg, per square to the nearest pawn
// Mop-up against a bare king (eg): per step nearer the centre, per step nearer the enemy
// king, and per step nearer the corner a bishop and knight can mate in.
inline constexpr int kLoneKingCenter = 20;
inline constexpr int kLoneKingNear = 8;
inline constexpr int kLoneKingWrongCorner = 12;

// --- Bishop pair, rooks, minor pieces ---
LMR_EVAL_WEIGHT Score kBishopPairBonus = {30, 55};
LMR_EVAL_WEIGHT Score kRookOpenFile = {25, 10};
LMR_EVAL_WEIGHT Score kRookSemiOpenFile = {12, 6};
LMR_EVAL_WEIGHT Score kRookOnSeventh = {10, 22};
LMR_EVAL_WEIGHT Score kRookTrapped = {-30, -4};
LMR_EVAL_WEIGHT Score kKnightOutpost = {28, 16};
LMR_EVAL_WEIGHT Score kBishopOutpost = {14, 6};
LMR_EVAL_WEIGHT Score kMinorBehindPawn = {8, 2};
LMR_EVAL_WEIGHT Score kBishopPawnSameColour = {-1, -3};  // per own pawn on the bishop's colour
LMR_EVAL_WEIGHT Score kBishopLongDiagonal = {12, 0};

// --- Threats ---
LMR_EVAL_WEIGHT Score kThreatBySafePawn = {55, 30};
// Indexed by the attacked piece type.
LMR_EVAL_WEIGHT Score kThreatByMinor[6] = {{2, 12}, {20, 18}, {22, 20}, {35, 45}, {35, 60}, {0, 0}};
LMR_EVAL_WEIGHT Score kThreatByRook[6] = {{1, 15}, {12, 20}, {12, 20}, {0, 15}, {25, 20}, {0, 0}};
LMR_EVAL_WEIGHT Score kThreatByKing = {8, 30};
LMR_EVAL_WEIGHT Score kHanging = {30, 18};

// --- Tempo ---
LMR_EVAL_WEIGHT Score kTempoBonus = {20, 10};

}  // namespace lmr::eval::detail
