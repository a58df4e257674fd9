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
LMR_EVAL_WEIGHT Score kKnightMobility[9] = {{-27, -39}, {-24, -32}, {-14, 0}, {-5, 8}, {0, 12},
                                            {6, 17},    {13, 17},   {13, 17}, {13, 17}};
LMR_EVAL_WEIGHT Score kBishopMobility[14] = {{-30, -25}, {-16, -20}, {-2, 1},  {0, 8},   {8, 9},
                                             {12, 16},   {14, 20},   {19, 23}, {22, 23}, {22, 23},
                                             {24, 23},   {24, 23},   {33, 28}, {33, 28}};
LMR_EVAL_WEIGHT Score kRookMobility[15] = {{-32, -54}, {-11, -20}, {2, -4},  {2, 10},  {2, 18},
                                           {2, 21},    {3, 27},    {8, 29},  {8, 33},  {11, 37},
                                           {11, 42},   {14, 46},   {15, 50}, {25, 50}, {25, 50}};
LMR_EVAL_WEIGHT Score kQueenMobility[28] = {
    {-19, -35}, {-13, -23}, {-13, -18}, {-3, -10}, {-2, -6}, {1, -1},  {7, 2},
    {7, 16},    {12, 18},   {13, 18},   {13, 24},  {15, 31}, {15, 37}, {15, 37},
    {15, 38},   {15, 38},   {17, 41},   {17, 41},  {17, 41}, {19, 41}, {19, 41},
    {19, 41},   {21, 42},   {21, 42},   {23, 44},  {23, 44}, {26, 47}, {26, 47}};

// --- Pawn structure ---
LMR_EVAL_WEIGHT Score kDoubled = {-9, -20};
LMR_EVAL_WEIGHT Score kIsolated = {-3, -2};
LMR_EVAL_WEIGHT Score kIsolatedHalfOpen = {-3, -14};  // extra when no enemy pawn blocks the file
LMR_EVAL_WEIGHT Score kBackward = {-5, -6};
LMR_EVAL_WEIGHT Score kBackwardHalfOpen = {-11, -11};
// Connected (supported or side by side) pawns, by relative rank; doubled for a phalanx,
// halved when an enemy pawn stands ahead on the same file.
LMR_EVAL_WEIGHT int kConnected[8] = {0, 1, 6, 9, 14, 21, 39, 0};
LMR_EVAL_WEIGHT int kSupporterBonus = 8;

// --- Passed pawns, by relative rank (index 1 = second rank ... 6 = seventh) ---
LMR_EVAL_WEIGHT Score kPassedRank[8] = {{0, 0},   {-13, 11}, {-8, 11}, {-8, 33},
                                        {20, 51}, {38, 51},  {38, 51}, {0, 0}};
// Weight of the dynamic passed-pawn factors (king distances, free path) by relative rank.
LMR_EVAL_WEIGHT int kPassedWeight[8] = {0, 0, 1, 3, 6, 10, 12, 0};
LMR_EVAL_WEIGHT int kPassedTheirKing = 8;  // per square the enemy king is from the stop square
LMR_EVAL_WEIGHT int kPassedOurKing = 7;    // per square our king is from the stop square
LMR_EVAL_WEIGHT int kPassedPathFree = 11;  // no square ahead attacked or occupied by the enemy
LMR_EVAL_WEIGHT int kPassedStopFree = 6;   // only the stop square is safe
LMR_EVAL_WEIGHT int kPassedStopDefended = 7;
LMR_EVAL_WEIGHT Score kPassedBlocked = {-9, 3};  // an enemy piece stands on the stop square
inline constexpr Score kUnstoppable = {0, 300};  // rule of the square, pawn endings only

// --- King safety ---
// Attack units per piece that attacks the enemy king zone; the sum is multiplied by the
// number of attackers, so several attackers count far more than one.
LMR_EVAL_WEIGHT int kKingAttackWeight[6] = {0, 15, 27, 19, 19, 0};
LMR_EVAL_WEIGHT int kKingAdjacentAttack = 23;  // per attack on a square next to the king
LMR_EVAL_WEIGHT int kKingWeakZoneSquare = 64;
LMR_EVAL_WEIGHT int kSafeCheck[6] = {0, 428, 337, 532, 415, 0};
LMR_EVAL_WEIGHT int kUnsafeCheck = 75;
LMR_EVAL_WEIGHT int kNoQueenDanger = -498;
inline constexpr int kDangerThreshold = 100;
inline constexpr int kDangerMgDivisor = 4000;  // mg penalty = danger^2 / this
inline constexpr int kDangerEgDivisor = 20;    // eg penalty = danger / this
inline constexpr int kDangerMgCap = 500;
// Pawn shelter by the relative rank of our most backward pawn on a file next to the king
// (0 = no pawn on that file, 1 = second rank); storm by the relative rank (our view) of the
// nearest enemy pawn (0 = none).
LMR_EVAL_WEIGHT int kShelter[8] = {-3, 24, 10, 1, 1, 1, 2, 0};
LMR_EVAL_WEIGHT int kStorm[8] = {0, -6, -29, -12, 2, 5, 7, 0};
LMR_EVAL_WEIGHT int kStormBlocked[8] = {0, 0, -15, 1, 11, 3, -5, 0};
LMR_EVAL_WEIGHT int kKingOpenFile = -10;      // no pawns at all on a file near the king
LMR_EVAL_WEIGHT int kKingPawnDistance = -16;  // eg, per square to the nearest pawn
// Mop-up against a bare king (eg): per step nearer the centre, per step nearer the enemy
// king, and per step nearer the corner a bishop and knight can mate in.
inline constexpr int kLoneKingCenter = 20;
inline constexpr int kLoneKingNear = 8;
inline constexpr int kLoneKingWrongCorner = 12;

// --- Bishop pair, rooks, minor pieces ---
LMR_EVAL_WEIGHT Score kBishopPairBonus = {27, 55};
LMR_EVAL_WEIGHT Score kRookOpenFile = {23, 0};
LMR_EVAL_WEIGHT Score kRookSemiOpenFile = {10, 8};
LMR_EVAL_WEIGHT Score kRookOnSeventh = {-15, -2};
LMR_EVAL_WEIGHT Score kRookTrapped = {-13, 2};
LMR_EVAL_WEIGHT Score kKnightOutpost = {23, 6};
LMR_EVAL_WEIGHT Score kBishopOutpost = {22, 12};
LMR_EVAL_WEIGHT Score kMinorBehindPawn = {8, 15};
LMR_EVAL_WEIGHT Score kBishopPawnSameColour = {-3, -3};  // per own pawn on the bishop's colour
LMR_EVAL_WEIGHT Score kBishopLongDiagonal = {13, 7};

// --- Threats ---
LMR_EVAL_WEIGHT Score kThreatBySafePawn = {60, 30};
// Indexed by the attacked piece type.
LMR_EVAL_WEIGHT Score kThreatByMinor[6] = {{0, 14}, {24, 18}, {32, 24}, {46, 27}, {33, 57}, {0, 0}};
LMR_EVAL_WEIGHT Score kThreatByRook[6] = {{5, 20}, {18, 20}, {23, 18}, {4, 17}, {37, 21}, {0, 0}};
LMR_EVAL_WEIGHT Score kThreatByKing = {7, 24};
LMR_EVAL_WEIGHT Score kHanging = {15, 20};

// --- Tempo ---
LMR_EVAL_WEIGHT Score kTempoBonus = {27, 13};

}  // namespace lmr::eval::detail
