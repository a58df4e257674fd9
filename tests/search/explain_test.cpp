// `lmr-engine explain` (lmr::search::explain_reduction) checked gate by gate and step by step.
// Every gate a preset uses and every one of REBEL's twelve steps (seed 003, "LMR expert") is
// shown a real position and move where it must fire and one where it must not, and the input
// that decides it is checked against a figure found here without the explain: evaluation
// deltas from eval::evaluate with a Breakdown of the position before and of a copy after
// Position::make_move (tempo taken out here), exchanges counted by hand in the comments,
// threats and checks by looking at the board (also in the comments), the table with std::log.
// Most cases use a config with only the rule under test switched on plus a constant of a few
// plies, so that whether the rule fired shows in the plies themselves.
#include "engine/search/explain.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "engine/chess/notation.hpp"
#include "engine/chess/position.hpp"
#include "engine/eval/eval.hpp"
#include "engine/lmr/config.hpp"
#include "tests/search/support.hpp"
#include "tests/support/temp_dir.hpp"

namespace lmr::search {
namespace {

using Json = nlohmann::json;

const std::filesystem::path kConfigs = LMR_CONFIG_DIR;

// --- Positions ----------------------------------------------------------------------------

const std::string kStart = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
// 1.e4: Black to move, the mirror image of the start position with White's e-pawn moved.
const std::string kAfterE4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
// 1.e4 e5.
const std::string kAfterE4E5 = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";
// 1.e4 f6 2.Qh5+: the queen checks e8 along h5-g6-f7-e8 (g6 and f7 are empty); g7-g6 is the
// only way out (Kf7 walks into the queen's diagonal).
const std::string kQh5Check = "rnbqkbnr/ppppp1pp/5p2/7Q/4P3/8/PPPP1PPP/RNB1KBNR b KQkq - 1 2";
// 1.e4 f6 2.Nf3: the same black camp, nothing attacks e8.
const std::string kNf3NoCheck = "rnbqkbnr/ppppp1pp/5p2/8/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2";
// A pawn on e7 about to promote; the black king on c3 is on no line or knight jump from e8.
const std::string kPromotion = "8/4P3/8/8/8/2k5/6P1/4K3 w - - 0 1";
// Pawns on both sides: e5 and a4 for White, d4 and h6 for Black.
const std::string kPawnsWhite = "4k3/8/7p/4P3/P2p4/8/8/4K3 w - - 0 1";
const std::string kPawnsBlack = "4k3/8/7p/4P3/P2p4/8/8/4K3 b - - 0 1";
// Bird's Defence, 1.e4 e5 2.Nf3 Nc6 3.Bb5 Nd4, White to move.
const std::string kBird = "r1bqkbnr/pppp1ppp/8/1B2p3/3nP3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4";
// Two Knights with d3: the e5 pawn is defended by the knight on c6, f7 only by the king.
const std::string kTwoKnightsD3 =
    "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/3P1N2/PPP2PPP/RNBQK2R w KQkq - 1 5";
// Two Knights Defence, 1.e4 e5 2.Nf3 Nc6 3.Bc4 Nf6, White to move (4.Ng5 is the classic).
const std::string kTwoKnights =
    "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4";
// Rook against pawns: d8 is reached by nothing black (the king on g8 covers f8, h8, f7, g7,
// h7), so Rd8+ is a safe check.
const std::string kRookCheckSafe = "6k1/5pp1/7p/8/8/8/5PPP/3R2K1 w - - 0 1";
// The same with a black bishop on e7: it covers d8 (and d6) along its diagonals.
const std::string kRookCheckCovered = "6k1/4bpp1/7p/8/8/8/5PPP/3R2K1 w - - 0 1";
// REBEL's step-5 example: a black knight on g4 that no white piece attacks yet (Nf3 jumps to
// g5/h4/e5/d4/..., the Bc4 diagonals are d5-e6-f7, b5-a6, b3-a2, the queen's d1-e2-f3-g4
// diagonal is shut by the knight on f3, the Bc1 diagonal runs d2-e3-f4-g5-h6).
const std::string kKnightOnG4 =
    "r1bqkb1r/pppp1ppp/2n5/4p3/2B1P1n1/3P1N2/PPP2PPP/RNBQK2R w KQkq - 1 5";
// The same with h3 played and White to move again: the h3 pawn already attacks g4.
const std::string kKnightOnG4PawnOnH3 =
    "r1bqkb1r/pppp1ppp/2n5/4p3/2B1P1n1/3P1N1P/PPP2PP1/RNBQK2R w KQkq - 0 6";
// The same after 5.h3: the knight on g4 is attacked by a pawn (REBEL's step-6 example).
const std::string kAfterH3 =
    "r1bqkb1r/pppp1ppp/2n5/4p3/2B1P1n1/3P1N1P/PPP2PP1/RNBQK2R b KQkq - 0 5";
// Ra1-e1 lines up with the knight on e5 over the empty e2-e4, which the d6 pawn defends: a rook
// on a defended knight is no threat (it would lose the exchange). Nothing of White's reached e5
// before; e1 is safe (the a-file is shut by a7, the knight jumps to c4/c6/d3/d7/f3/f7/g4/g6).
const std::string kRookOnDefendedKnight = "r5k1/ppp2ppp/3p4/4n3/8/8/PPP2PPP/R5K1 w - - 0 1";
// The same without the d6 pawn: the knight on e5 is undefended, so Re1 threatens it.
const std::string kRookOnLooseKnight = "r5k1/ppp2ppp/8/4n3/8/8/PPP2PPP/R5K1 w - - 0 1";
// O-O-O (e1c1) puts the rook on d1, facing the undefended knight on d5 over d2-d4; before it
// nothing of White's reached d5 (the a1 rook's file and rank, the c2 pawn's b3/d3).
const std::string kLongCastlingFacesKnight = "6k1/ppp2ppp/8/3n4/8/8/PPP2PPP/R3K3 w Q - 0 1";
// e5xd6 en passant empties d5 and e5: the a5 rook then sees the undefended knight on h5 along
// the fifth rank (the g8 king reaches f7, f8, g7, h7, h8; the knight does not guard d6).
const std::string kEnPassantOpensRank = "6k1/8/8/R2pP2n/8/8/8/6K1 w - d6 0 1";
// e7-e8=N attacks the rook on f6 (a knight on e8 reaches c7, d6, f6, g7); the e7 pawn attacked
// d8 and f8 only, and the rook does not see e8.
const std::string kUnderpromotionForksRook = "8/4P3/5r2/8/8/8/8/k5K1 w - - 0 1";
// White's b-pawn can hit the knight on c6 from b5, but a6 takes it and nothing retakes (the
// f1 bishop is shut in by e2).
const std::string kB5Loses = "r1bqkbnr/1ppp1ppp/p1n5/4p3/1P6/5N2/P1PPPPPP/RNBQKB1R w KQkq - 0 4";
// Rook ending: White's passed d6 pawn, its stop square d7, the rooks behind and in front.
const std::string kRookEnding = "3r4/5pk1/3P2p1/7p/7P/6P1/5PK1/3R4 w - - 0 1";
// The same mirrored (ranks flipped, colours swapped), Black to move.
const std::string kRookEndingMirrored = "3r4/5pk1/6p1/7p/7P/3p2P1/5PK1/3R4 b - - 0 1";
// A passed d6 pawn against a knight stuck in the corner on h8: White's edge is positional.
const std::string kKnightInCorner = "7n/5pk1/3P2p1/7p/7P/6P1/5PK1/8 w - - 0 1";

// Step 6 read broadly, Black to move. In (b) and (c) Black has exactly one knight, bishop,
// rook or queen that White wins material by taking, in (d) two, and nothing else of Black's
// is attacked.
// (b) The knight on e5 is attacked by the rook on e1 (e2-e4 empty) and nothing defends it
//     (d7 and f7 guard c6/e6/g6). A rook is worth more than a knight, so a defender settles it.
const std::string kKnightUndefended = "r4rk1/pppp1ppp/8/4n3/8/8/PPP2PPP/RNB1R1K1 b - - 0 1";
// (c) The bishop on e7 is attacked by the rook on e1 down the open file and nothing defends it
//     (the knight on d7 covers b6, b8, c5, e5, f6, f8; the king on g8 is two files away).
const std::string kBishopOnOpenFile = "r4rk1/pppnbppp/3p4/8/8/8/PPP2PPP/RNB1R1K1 b - - 0 1";
// (d) The pawn on e5 forks the bishop on d6 and the knight on f6; nothing of White's defends
//     e5 (no pawn on d4 or f4, and the rooks, king, Nb1 and Bc1 do not reach it).
const std::string kPawnFork = "r4rk1/ppp2ppp/2nb1n2/4P3/8/8/PPP2PPP/RNB2RK1 b - - 0 1";

// Two pieces hanging: the knight on e5 to the rook on e1 (undefended), the rook on f8 to the
// bishop on b4 (a lower-valued attacker, over the empty c5-d6-e7). d6 is guarded by nothing
// of Black's (no c-pawn; the knight on e5 jumps to d7/f7/c6/c4/d3/f3/g4/g6).
const std::string kTwoHanging = "r4rk1/pp1p1ppp/8/4n3/1B6/8/PPP2PPP/RN2R1K1 b - - 0 1";

// --- Helpers ------------------------------------------------------------------------------

reduction::LmrConfig preset(const std::string& file) {
    return reduction::load_config(kConfigs / file);
}

// Every rule off but the plain machinery (LMR from depth 3, the first three moves at full
// depth, scale 10, P 100, truncation, reductions down to depth 0) and a constant term of
// `plies` plies: a late move that no rule touches is reduced by exactly `plies`.
reduction::LmrConfig bare(int plies) {
    reduction::LmrConfig c = preset("rebel-expert.json");
    c.name = "bare";
    c.lmr.enabled = true;
    c.lmr.min_depth = 3;
    c.lmr.full_depth_moves = 3;
    c.lmr.scale = 10;
    c.lmr.percentage = 100;
    c.lmr.rounding = reduction::Rounding::kTruncate;
    c.lmr.max_reduction = 63;
    c.lmr.min_child_depth = 0;
    c.lmr.allow_extension = false;
    c.lmr.gates = reduction::Gates{};
    c.lmr.steps = reduction::Steps{};
    c.lmr.terms = reduction::Terms{};
    c.lmr.terms.constant.enabled = plies != 0;
    c.lmr.terms.constant.weight = 10 * plies;
    return c;
}

template <class Edit>
reduction::LmrConfig bare_with(int plies, Edit edit) {
    reduction::LmrConfig c = bare(plies);
    edit(c);
    reduction::validate(c);
    return c;
}

chess::Move move_of(const chess::Position& pos, const std::string& uci) {
    std::string error;
    const chess::Move m = chess::parse_uci(pos, uci, &error);
    EXPECT_FALSE(m.is_none()) << uci << ": " << error;
    return m;
}

Json explain(const reduction::LmrConfig& config, const std::string& fen, const std::string& uci,
             const ExplainRequest& request = {}) {
    const chess::Position pos = test::position_from_fen(fen);
    return Json::parse(explain_reduction(config, pos, move_of(pos, uci), request));
}

ExplainRequest with_sets(std::vector<std::string> sets) {
    ExplainRequest r;
    r.sets = std::move(sets);
    return r;
}

int input(const Json& j, const char* name) {
    return j.at("inputs").at(name).get<int>();
}
bool flag(const Json& j, const char* name) {
    return j.at("inputs").at(name).get<bool>();
}
bool gate(const Json& j, const std::string& name) {
    return j.at("gates").at(name).get<bool>();
}
bool fired(const Json& j, const char* step) {
    return j.at("steps").at(step).at("fired").get<bool>();
}
bool changed(const Json& j, const char* step) {
    return j.at("steps").at(step).at("changed").get<bool>();
}
long long units(const Json& j, const char* step) {
    return j.at("steps").at(step).at("units").get<long long>();
}
int plies(const Json& j) {
    return j.at("plies").get<int>();
}
std::string blocked_by(const Json& j) {
    const Json& b = j.at("blocked_by");
    return b.is_null() ? "(none)" : b.get<std::string>();
}

// The evaluation figures the steps read, computed from eval::evaluate directly: the position
// before the move, and a copy after Position::make_move. The child is evaluated for the
// opponent, so its terms are negated to get the mover's view; the tempo bonus belongs to
// whoever is to move in each position and is taken out of both totals here.
struct EvalFigures {
    int static_eval = 0;  // the whole evaluation at the node, tempo included
    // The mover's evaluation before and after the move, tempo out.
    int before = 0;
    int after = 0;
    int material = 0;  // the material term before the move (mover's view)
    // Terms before and after the move, mover's view.
    int passed_before = 0;
    int passed_after = 0;
    int king_before = 0;
    int king_after = 0;
    int pst_before = 0;
    int pst_after = 0;
    // The tempo term of each position: the bonus of its side to move.
    int tempo_before = 0;
    int tempo_after = 0;
    int phase = 0;
};

EvalFigures eval_figures(const std::string& fen, const std::string& uci) {
    const chess::Position pos = test::position_from_fen(fen);
    chess::Position child = pos;
    child.make_move(move_of(pos, uci));
    eval::Breakdown b{};
    eval::Breakdown a{};
    EvalFigures f;
    f.static_eval = eval::evaluate(pos, b);
    eval::evaluate(child, a);
    f.tempo_before = b.terms[eval::kTempo];
    f.tempo_after = a.terms[eval::kTempo];
    f.before = b.total - f.tempo_before;
    f.after = -(a.total - f.tempo_after);
    f.material = b.terms[eval::kMaterial];
    f.passed_before = b.terms[eval::kPassedPawns];
    f.passed_after = -a.terms[eval::kPassedPawns];
    f.king_before = b.terms[eval::kKingSafety];
    f.king_after = -a.terms[eval::kKingSafety];
    f.pst_before = b.terms[eval::kPst];
    f.pst_after = -a.terms[eval::kPst];
    f.phase = b.phase;
    return f;
}

// A "no LMR" gate in a bare config (`alone`) with a constant of one ply: when it fires, the
// explain names it in "gates" and "blocked_by" and reduces by 0; otherwise by the constant.
void expect_no_lmr_gate(const reduction::LmrConfig& alone, const std::string& name, const Json& j,
                        bool fires) {
    EXPECT_EQ(gate(j, name), fires) << name;
    if (fires) {
        EXPECT_EQ(blocked_by(j), name);
        EXPECT_EQ(plies(j), 0) << name;
    } else {
        EXPECT_EQ(blocked_by(j), "(none)") << name;
        EXPECT_EQ(plies(j), alone.lmr.terms.constant.weight / 10) << name;
    }
}

// =========================================================================================
// Gates
// =========================================================================================

TEST(ExplainGates, RootBestOnlyFromTheSetSinceExplainRunsNoSearch) {
    // ply 0 is a root move. No iteration has run in an explain, so no root move can have been
    // best: root_best is false whatever the move, and the gate needs --set root_best=true.
    ExplainRequest root;
    root.ply = 0;
    root.depth = 8;
    const Json plain = explain(preset("rebel-expert.json"), kStart, "b1c3", root);
    EXPECT_TRUE(flag(plain, "is_root"));
    EXPECT_FALSE(flag(plain, "root_best"));
    EXPECT_FALSE(gate(plain, "gates.root_best"));

    root.sets = {"root_best=true"};
    const Json best = explain(preset("rebel-expert.json"), kStart, "b1c3", root);
    EXPECT_TRUE(gate(best, "gates.root_best"));
    EXPECT_EQ(blocked_by(best), "gates.root_best");
    EXPECT_EQ(plies(best), 0);

    const auto alone = bare_with(1, [](reduction::LmrConfig& c) { c.lmr.gates.root_best = true; });
    expect_no_lmr_gate(alone, "gates.root_best", explain(alone, kStart, "b1c3", root), true);
    root.sets = {"root_best=false"};
    expect_no_lmr_gate(alone, "gates.root_best", explain(alone, kStart, "b1c3", root), false);
}

TEST(ExplainGates, TtMoveOnlyFromTheSetSinceExplainHasNoTable) {
    // The explain's transposition table is empty: no move is the TT move unless set.
    const auto alone = bare_with(1, [](reduction::LmrConfig& c) { c.lmr.gates.tt_move = true; });
    const Json plain = explain(alone, kStart, "g1f3");
    EXPECT_FALSE(flag(plain, "is_tt_move"));
    expect_no_lmr_gate(alone, "gates.tt_move", plain, false);
    const Json tt = explain(alone, kStart, "g1f3", with_sets({"is_tt_move=true"}));
    EXPECT_TRUE(flag(tt, "is_tt_move"));
    expect_no_lmr_gate(alone, "gates.tt_move", tt, true);
    for (const char* file : {"rebel-expert.json", "rebel-ed3-history.json"}) {
        const Json p = explain(preset(file), kStart, "g1f3", with_sets({"is_tt_move=true"}));
        EXPECT_EQ(blocked_by(p), "gates.tt_move") << file;
    }
}

TEST(ExplainGates, InCheck) {
    const auto alone = bare_with(1, [](reduction::LmrConfig& c) { c.lmr.gates.in_check = true; });
    // g7-g6 blocks the queen's check from h5 (see kQh5Check).
    const Json checked = explain(alone, kQh5Check, "g7g6");
    EXPECT_TRUE(flag(checked, "in_check"));
    expect_no_lmr_gate(alone, "gates.in_check", checked, true);
    // The same move with the queen still on d1: no check.
    const Json quiet = explain(alone, kNf3NoCheck, "g7g6");
    EXPECT_FALSE(flag(quiet, "in_check"));
    expect_no_lmr_gate(alone, "gates.in_check", quiet, false);
    for (const char* file : {"rebel-expert.json", "rebel-ed3-history.json", "textbook-log.json"}) {
        EXPECT_EQ(blocked_by(explain(preset(file), kQh5Check, "g7g6")), "gates.in_check") << file;
        EXPECT_FALSE(gate(explain(preset(file), kNf3NoCheck, "g7g6"), "gates.in_check")) << file;
    }
}

TEST(ExplainGates, QueenPromotion) {
    const auto alone =
        bare_with(1, [](reduction::LmrConfig& c) { c.lmr.gates.queen_promotion = true; });
    const Json queen = explain(alone, kPromotion, "e7e8q");
    EXPECT_TRUE(flag(queen, "is_queen_promotion"));
    expect_no_lmr_gate(alone, "gates.queen_promotion", queen, true);
    // An under-promotion is a promotion but not to a queen.
    const Json knight = explain(alone, kPromotion, "e7e8n");
    EXPECT_TRUE(flag(knight, "is_promotion"));
    EXPECT_FALSE(flag(knight, "is_queen_promotion"));
    expect_no_lmr_gate(alone, "gates.queen_promotion", knight, false);
    // rebel-expert: the queen-promotion gate comes before the advanced-pawn gate; e8=N is
    // still stopped, by the advanced-pawn gate (a pawn to the 8th rank).
    EXPECT_EQ(blocked_by(explain(preset("rebel-expert.json"), kPromotion, "e7e8q")),
              "gates.queen_promotion");
    EXPECT_EQ(blocked_by(explain(preset("rebel-expert.json"), kPromotion, "e7e8n")),
              "gates.advanced_pawn");
}

TEST(ExplainGates, Promotion) {
    const auto alone = bare_with(1, [](reduction::LmrConfig& c) { c.lmr.gates.promotion = true; });
    expect_no_lmr_gate(alone, "gates.promotion", explain(alone, kPromotion, "e7e8n"), true);
    expect_no_lmr_gate(alone, "gates.promotion", explain(alone, kPromotion, "e7e8q"), true);
    // g2-g3 is a pawn move but no promotion.
    const Json push = explain(alone, kPromotion, "g2g3");
    EXPECT_FALSE(flag(push, "is_promotion"));
    expect_no_lmr_gate(alone, "gates.promotion", push, false);
    EXPECT_EQ(blocked_by(explain(preset("textbook-log.json"), kPromotion, "e7e8n")),
              "gates.promotion");
}

TEST(ExplainGates, AdvancedPawn) {
    const auto alone =
        bare_with(1, [](reduction::LmrConfig& c) { c.lmr.gates.advanced_pawn = true; });
    // White e5-e6 reaches the 6th rank; a4-a5 only the 5th.
    const Json sixth = explain(alone, kPawnsWhite, "e5e6");
    EXPECT_TRUE(flag(sixth, "pawn_to_advanced_rank"));
    expect_no_lmr_gate(alone, "gates.advanced_pawn", sixth, true);
    const Json fifth = explain(alone, kPawnsWhite, "a4a5");
    EXPECT_FALSE(flag(fifth, "pawn_to_advanced_rank"));
    expect_no_lmr_gate(alone, "gates.advanced_pawn", fifth, false);
    // Black d4-d3 reaches the 3rd rank (Black's 6th); h6-h5 the 5th (Black's 4th).
    const Json third = explain(alone, kPawnsBlack, "d4d3");
    EXPECT_TRUE(flag(third, "pawn_to_advanced_rank"));
    expect_no_lmr_gate(alone, "gates.advanced_pawn", third, true);
    const Json black_fifth = explain(alone, kPawnsBlack, "h6h5");
    EXPECT_FALSE(flag(black_fifth, "pawn_to_advanced_rank"));
    expect_no_lmr_gate(alone, "gates.advanced_pawn", black_fifth, false);
    for (const char* file :
         {"rebel-expert.json", "rebel-ed3-history.json", "rebel-ed2-ordering.json"}) {
        EXPECT_EQ(blocked_by(explain(preset(file), kPawnsWhite, "e5e6")), "gates.advanced_pawn")
            << file;
        EXPECT_EQ(blocked_by(explain(preset(file), kPawnsBlack, "d4d3")), "gates.advanced_pawn")
            << file;
    }
}

TEST(ExplainGates, GoodCapture) {
    const auto alone =
        bare_with(1, [](reduction::LmrConfig& c) { c.lmr.gates.good_capture = true; });
    // Bird: Nf3xd4 exd4: +320 - 320 = 0 >= 0, an even trade is a good capture.
    const Json even = explain(alone, kBird, "f3d4");
    EXPECT_TRUE(flag(even, "is_capture"));
    EXPECT_TRUE(flag(even, "see_ge0"));
    expect_no_lmr_gate(alone, "gates.good_capture", even, true);
    // Bird: Nf3xe5 wins a pawn nobody guards (Nd4, Qd8, Bf8 do not reach e5): +100.
    const Json pawn = explain(alone, kBird, "f3e5");
    EXPECT_TRUE(flag(pawn, "see_ge0"));
    expect_no_lmr_gate(alone, "gates.good_capture", pawn, true);
    // Two Knights d3: Nf3xe5 Nc6xe5: +100 - 320 = -220 < 0, not a good capture.
    const Json losing = explain(alone, kTwoKnightsD3, "f3e5");
    EXPECT_TRUE(flag(losing, "is_capture"));
    EXPECT_FALSE(flag(losing, "see_ge0"));
    expect_no_lmr_gate(alone, "gates.good_capture", losing, false);
    // A quiet move is no capture at all.
    expect_no_lmr_gate(alone, "gates.good_capture", explain(alone, kBird, "a2a3"), false);
    EXPECT_EQ(blocked_by(explain(preset("rebel-expert.json"), kBird, "f3d4")),
              "gates.good_capture");
}

TEST(ExplainGates, Captures) {
    const auto alone = bare_with(1, [](reduction::LmrConfig& c) { c.lmr.gates.captures = true; });
    // Good (Bird Nxd4, SEE 0) and bad (Two Knights d3 Nxe5, SEE -220) captures alike.
    expect_no_lmr_gate(alone, "gates.captures", explain(alone, kBird, "f3d4"), true);
    expect_no_lmr_gate(alone, "gates.captures", explain(alone, kTwoKnightsD3, "f3e5"), true);
    const Json quiet = explain(alone, kTwoKnightsD3, "a2a3");
    EXPECT_FALSE(flag(quiet, "is_capture"));
    expect_no_lmr_gate(alone, "gates.captures", quiet, false);
    for (const char* file : {"cpw-simple.json", "mediocre.json", "rebel-ed3-history.json",
                             "rebel-ed2-ordering.json", "textbook-log.json"}) {
        EXPECT_EQ(blocked_by(explain(preset(file), kTwoKnightsD3, "f3e5")), "gates.captures")
            << file;
        EXPECT_EQ(blocked_by(explain(preset(file), kBird, "f3d4")), "gates.captures") << file;
    }
}

TEST(ExplainGates, BadCaptureOnePly) {
    // A constant of three plies: the gate replaces it by its fixed one ply.
    const auto alone =
        bare_with(3, [](reduction::LmrConfig& c) { c.lmr.gates.bad_capture_one_ply = true; });
    // Two Knights d3: Nf3xe5 Nc6xe5: +100 - 320 = -220 < 0; the knight on e5 gives no check.
    const Json bad = explain(alone, kTwoKnightsD3, "f3e5");
    EXPECT_FALSE(flag(bad, "see_ge0"));
    EXPECT_FALSE(flag(bad, "gives_check"));
    EXPECT_TRUE(gate(bad, "gates.bad_capture_one_ply"));
    EXPECT_EQ(blocked_by(bad), "(none)");  // a one-ply gate reduces, it does not block
    EXPECT_EQ(plies(bad), 1);
    // Bird: Nf3xd4 exd4: +320 - 320 = 0, not bad: the constant's three plies.
    const Json even = explain(alone, kBird, "f3d4");
    EXPECT_FALSE(gate(even, "gates.bad_capture_one_ply"));
    EXPECT_EQ(plies(even), 3);
    // A quiet move onto a covered square (Rd6, Bxd6: 0 - 500) is no capture: not this gate.
    const Json quiet = explain(alone, kRookCheckCovered, "d1d6");
    EXPECT_FALSE(flag(quiet, "see_ge0"));
    EXPECT_FALSE(gate(quiet, "gates.bad_capture_one_ply"));
    EXPECT_EQ(plies(quiet), 3);
    // rebel-expert: Bc4xf7+ Kxf7: +100 - 330 = -230, a bad capture that checks; the bad
    // capture gate comes first.
    const Json expert = explain(preset("rebel-expert.json"), kTwoKnightsD3, "c4f7");
    EXPECT_TRUE(flag(expert, "gives_check"));
    EXPECT_FALSE(flag(expert, "see_ge0"));
    EXPECT_TRUE(gate(expert, "gates.bad_capture_one_ply"));
    EXPECT_FALSE(gate(expert, "gates.check_bad_one_ply"));
    EXPECT_EQ(plies(expert), 1);
}

TEST(ExplainGates, GivesCheck) {
    const auto alone =
        bare_with(1, [](reduction::LmrConfig& c) { c.lmr.gates.gives_check = true; });
    // Rd8+: the rook on d8 sees e8, f8, g8 along the empty back rank.
    const Json safe = explain(alone, kRookCheckSafe, "d1d8");
    EXPECT_TRUE(flag(safe, "gives_check"));
    expect_no_lmr_gate(alone, "gates.gives_check", safe, true);
    // Rd8+ into the bishop's cover is still a check.
    expect_no_lmr_gate(alone, "gates.gives_check", explain(alone, kRookCheckCovered, "d1d8"), true);
    // Rd7 attacks along the 7th rank, not the king on g8.
    const Json seventh = explain(alone, kRookCheckSafe, "d1d7");
    EXPECT_FALSE(flag(seventh, "gives_check"));
    expect_no_lmr_gate(alone, "gates.gives_check", seventh, false);
    for (const char* file : {"cpw-simple.json", "rebel-ed3-history.json", "rebel-ed2-ordering.json",
                             "mediocre.json"}) {
        EXPECT_EQ(blocked_by(explain(preset(file), kRookCheckSafe, "d1d8")), "gates.gives_check")
            << file;
    }
}

TEST(ExplainSeedExamples, MediocreSparesChecksNotEvasions) {
    // 002 tests !isInCheck(board) after making the move: Rd8+ is not reduced, while g7-g6, which
    // answers the queen's check from h5 and gives none, is reduced like any quiet late move.
    const auto mediocre = preset("mediocre.json");
    const Json check = explain(mediocre, kRookCheckSafe, "d1d8");
    EXPECT_EQ(blocked_by(check), "gates.gives_check");
    EXPECT_EQ(plies(check), 0);
    const Json evasion = explain(mediocre, kQh5Check, "g7g6");
    EXPECT_TRUE(flag(evasion, "in_check"));
    EXPECT_FALSE(flag(evasion, "gives_check"));
    EXPECT_EQ(blocked_by(evasion), "(none)");
    EXPECT_EQ(plies(evasion), 1);
    EXPECT_EQ(plies(explain(mediocre, kRookCheckSafe, "d1d7")), 1);  // no check: reduced
}

TEST(ExplainGates, CheckGoodNoReduction) {
    const auto alone =
        bare_with(1, [](reduction::LmrConfig& c) { c.lmr.gates.check_good_no_reduction = true; });
    // Rd8+ where nothing black reaches d8: SEE 0 >= 0, a good check.
    const Json good = explain(alone, kRookCheckSafe, "d1d8");
    EXPECT_TRUE(flag(good, "gives_check"));
    EXPECT_TRUE(flag(good, "see_ge0"));
    expect_no_lmr_gate(alone, "gates.check_good_no_reduction", good, true);
    // Rd8+ Bxd8: 0 - 500 = -500 < 0, a bad check.
    const Json bad = explain(alone, kRookCheckCovered, "d1d8");
    EXPECT_TRUE(flag(bad, "gives_check"));
    EXPECT_FALSE(flag(bad, "see_ge0"));
    expect_no_lmr_gate(alone, "gates.check_good_no_reduction", bad, false);
    // Rd7 is safe but no check.
    expect_no_lmr_gate(alone, "gates.check_good_no_reduction",
                       explain(alone, kRookCheckSafe, "d1d7"), false);
    EXPECT_EQ(blocked_by(explain(preset("rebel-expert.json"), kRookCheckSafe, "d1d8")),
              "gates.check_good_no_reduction");
}

TEST(ExplainGates, CheckBadOnePly) {
    const auto alone =
        bare_with(3, [](reduction::LmrConfig& c) { c.lmr.gates.check_bad_one_ply = true; });
    // Rd8+ Bxd8: 0 - 500 = -500 < 0: one ply instead of the constant's three.
    const Json bad = explain(alone, kRookCheckCovered, "d1d8");
    EXPECT_TRUE(gate(bad, "gates.check_bad_one_ply"));
    EXPECT_EQ(blocked_by(bad), "(none)");
    EXPECT_EQ(plies(bad), 1);
    // Rd6 Bxd6: 0 - 500, just as bad, but no check.
    const Json no_check = explain(alone, kRookCheckCovered, "d1d6");
    EXPECT_FALSE(flag(no_check, "gives_check"));
    EXPECT_FALSE(flag(no_check, "see_ge0"));
    EXPECT_FALSE(gate(no_check, "gates.check_bad_one_ply"));
    EXPECT_EQ(plies(no_check), 3);
    // Rd8+ on the safe back rank is a good check.
    const Json good = explain(alone, kRookCheckSafe, "d1d8");
    EXPECT_FALSE(gate(good, "gates.check_bad_one_ply"));
    EXPECT_EQ(plies(good), 3);
    const Json expert = explain(preset("rebel-expert.json"), kRookCheckCovered, "d1d8");
    EXPECT_TRUE(gate(expert, "gates.check_bad_one_ply"));
    EXPECT_EQ(plies(expert), 1);
}

TEST(ExplainGates, KillersOnlyFromTheSetSinceExplainHasNoKillers) {
    const auto alone = bare_with(1, [](reduction::LmrConfig& c) { c.lmr.gates.killers = true; });
    const Json plain = explain(alone, kTwoKnights, "d2d3");
    EXPECT_FALSE(flag(plain, "is_killer1"));
    EXPECT_FALSE(flag(plain, "is_killer2"));
    expect_no_lmr_gate(alone, "gates.killers", plain, false);
    expect_no_lmr_gate(alone, "gates.killers",
                       explain(alone, kTwoKnights, "d2d3", with_sets({"is_killer1=true"})), true);
    expect_no_lmr_gate(alone, "gates.killers",
                       explain(alone, kTwoKnights, "d2d3", with_sets({"is_killer2=true"})), true);
}

TEST(ExplainGates, MinDepth) {
    // rebel-expert: "if (depth < 3) return;".
    ExplainRequest shallow;
    shallow.depth = 2;
    const Json two = explain(preset("rebel-expert.json"), kTwoKnights, "d2d3", shallow);
    EXPECT_TRUE(gate(two, "lmr.min_depth"));
    EXPECT_EQ(blocked_by(two), "lmr.min_depth");
    EXPECT_EQ(plies(two), 0);
    shallow.depth = 3;
    const Json three = explain(preset("rebel-expert.json"), kTwoKnights, "d2d3", shallow);
    EXPECT_FALSE(gate(three, "lmr.min_depth"));
    // The bare config (min_depth 3) shows it in the plies: 0 at depth 2, the constant at 3.
    const reduction::LmrConfig b = bare(1);
    shallow.depth = 2;
    expect_no_lmr_gate(b, "lmr.min_depth", explain(b, kTwoKnights, "d2d3", shallow), true);
    shallow.depth = 3;
    expect_no_lmr_gate(b, "lmr.min_depth", explain(b, kTwoKnights, "d2d3", shallow), false);
    // cpw-simple starts at depth 2.
    shallow.depth = 2;
    EXPECT_FALSE(
        gate(explain(preset("cpw-simple.json"), kTwoKnights, "d2d3", shallow), "lmr.min_depth"));
    shallow.depth = 1;
    EXPECT_TRUE(
        gate(explain(preset("cpw-simple.json"), kTwoKnights, "d2d3", shallow), "lmr.min_depth"));
}

TEST(ExplainGates, FullDepthMoves) {
    ExplainRequest r;
    // rebel-expert keeps only the first move at full depth.
    r.move_number = 1;
    const Json first = explain(preset("rebel-expert.json"), kTwoKnights, "d2d3", r);
    EXPECT_EQ(blocked_by(first), "lmr.full_depth_moves");
    r.move_number = 2;
    EXPECT_FALSE(
        gate(explain(preset("rebel-expert.json"), kTwoKnights, "d2d3", r), "lmr.full_depth_moves"));
    // cpw-simple: "every move after the first four": the 4th is not reduced, the 5th is.
    r.move_number = 4;
    const Json fourth = explain(preset("cpw-simple.json"), kTwoKnights, "d2d3", r);
    EXPECT_EQ(blocked_by(fourth), "lmr.full_depth_moves");
    EXPECT_EQ(plies(fourth), 0);
    r.move_number = 5;
    const Json fifth = explain(preset("cpw-simple.json"), kTwoKnights, "d2d3", r);
    EXPECT_FALSE(gate(fifth, "lmr.full_depth_moves"));
    EXPECT_EQ(plies(fifth), 1);
}

TEST(ExplainGates, DisabledConfigNeverReduces) {
    const Json none = explain(preset("none.json"), kTwoKnights, "d2d3");
    EXPECT_EQ(blocked_by(none), "lmr.disabled");
    EXPECT_EQ(plies(none), 0);
}

// =========================================================================================
// Steps 1-12 (seed 003), each alone with a constant of three plies: an R-- step that fires
// gives 2 plies, an R++ step 4, a step that does not fire leaves 3.
// =========================================================================================

template <class Edit>
reduction::LmrConfig step_alone(Edit edit) {
    return bare_with(3, edit);
}

// A margin step is decided by the figure computed here and nothing else: with the margin at
// `fires_at` it fires, one above it does not. `set` enables the step with a given margin.
template <class Set>
void expect_edge(const std::string& fen, const std::string& uci, const char* step, int fires_at,
                 Set set) {
    const auto at = step_alone([&](reduction::LmrConfig& c) { set(c, fires_at); });
    const auto above = step_alone([&](reduction::LmrConfig& c) { set(c, fires_at + 1); });
    EXPECT_TRUE(fired(explain(at, fen, uci), step)) << step << " margin " << fires_at;
    EXPECT_FALSE(fired(explain(above, fen, uci), step)) << step << " margin " << fires_at + 1;
}

TEST(ExplainSteps, Step1Table) {
    // rebel-expert's table, T = (int)(ln d * ln m), alone (no constant), every move late.
    const auto alone = bare_with(0, [](reduction::LmrConfig& c) {
        c.lmr.full_depth_moves = 1;
        c.lmr.steps.table = preset("rebel-expert.json").lmr.steps.table;
    });
    struct Case {
        int depth, move_number;
    };
    for (const Case& k : {Case{8, 5}, Case{3, 3}, Case{3, 2}, Case{4, 2}, Case{12, 20}}) {
        const int t = static_cast<int>(std::log(double(k.depth)) * std::log(double(k.move_number)));
        ExplainRequest r;
        r.depth = k.depth;
        r.move_number = k.move_number;
        const Json j = explain(alone, kTwoKnights, "d2d3", r);
        EXPECT_EQ(fired(j, "table"), t != 0) << k.depth << "/" << k.move_number;
        EXPECT_EQ(units(j, "table"), 10 * t) << k.depth << "/" << k.move_number;
        EXPECT_EQ(plies(j), std::min(t, k.depth - 1)) << k.depth << "/" << k.move_number;
    }
    // By hand: ln 8 * ln 5 = 2.079 * 1.609 = 3.35 -> 3; ln 3 * ln 2 = 0.76 -> 0.
    ExplainRequest r;
    r.depth = 8;
    r.move_number = 5;
    EXPECT_EQ(plies(explain(alone, kTwoKnights, "d2d3", r)), 3);
    r.depth = 3;
    r.move_number = 2;
    EXPECT_FALSE(fired(explain(alone, kTwoKnights, "d2d3", r), "table"));
}

TEST(ExplainSteps, Step2History) {
    const auto alone = step_alone([](reduction::LmrConfig& c) {
        c.lmr.steps.history = preset("rebel-expert.json").lmr.steps.history;
    });
    // Empty tables: the explain's history is 0, which is neither > 0 nor < 0.
    const Json empty = explain(alone, kTwoKnights, "d2d3");
    EXPECT_EQ(input(empty, "rebel_history"), 0);
    EXPECT_FALSE(fired(empty, "history"));
    EXPECT_EQ(plies(empty), 3);
    // -600: below 0 and below -500 -> R += 2.
    const Json bad = explain(alone, kTwoKnights, "d2d3", with_sets({"rebel_history=-600"}));
    EXPECT_TRUE(fired(bad, "history"));
    EXPECT_EQ(units(bad, "history"), 20);
    EXPECT_EQ(plies(bad), 5);
    // 1200: above 0, 500 and 1000 -> R -= 3.
    const Json good = explain(alone, kTwoKnights, "d2d3", with_sets({"rebel_history=1200"}));
    EXPECT_EQ(units(good, "history"), -30);
    EXPECT_EQ(plies(good), 0);
}

TEST(ExplainSteps, Step3EvalMargin) {
    const auto alone = step_alone([](reduction::LmrConfig& c) {
        c.lmr.steps.eval_margin.enabled = true;
        c.lmr.steps.eval_margin.margin = 25;
    });
    // The start position is level, so its evaluation is White's tempo bonus alone.
    const EvalFigures f = eval_figures(kStart, "g1f3");
    EXPECT_EQ(f.before, 0);
    EXPECT_EQ(f.static_eval, f.tempo_before);
    ExplainRequest r;
    r.alpha = f.static_eval - 26;  // static eval > alpha + 25
    r.beta = r.alpha + 1;
    const Json above = explain(alone, kStart, "g1f3", r);
    EXPECT_EQ(input(above, "static_eval"), f.static_eval);
    EXPECT_TRUE(fired(above, "eval_margin"));
    EXPECT_EQ(plies(above), 2);
    r.alpha = f.static_eval - 25;  // equal: not better
    r.beta = r.alpha + 1;
    const Json equal = explain(alone, kStart, "g1f3", r);
    EXPECT_FALSE(fired(equal, "eval_margin"));
    EXPECT_EQ(plies(equal), 3);
    // The default window (alpha 0): the tempo bonus alone (27 cp) clears 0 + 25.
    EXPECT_EQ(fired(explain(alone, kStart, "g1f3"), "eval_margin"), f.static_eval > 25);
}

TEST(ExplainSteps, Step4Positional) {
    const auto alone = step_alone([](reduction::LmrConfig& c) {
        c.lmr.steps.positional.enabled = true;
        c.lmr.steps.positional.margin = 50;
    });
    // White's d6 pawn against a knight in the corner: far more than its material.
    const EvalFigures corner = eval_figures(kKnightInCorner, "g2h2");
    const int corner_positional = corner.before - corner.material;
    ASSERT_GT(corner_positional, 50);
    const Json fires = explain(alone, kKnightInCorner, "g2h2");
    EXPECT_EQ(input(fires, "eval_minus_material"), corner_positional);
    EXPECT_TRUE(fired(fires, "positional"));
    EXPECT_EQ(plies(fires), 2);
    // eval - material > margin: strict, so the last margin that fires is one below.
    expect_edge(kKnightInCorner, "g2h2", "positional", corner_positional - 1,
                [](reduction::LmrConfig& c, int m) {
                    c.lmr.steps.positional.enabled = true;
                    c.lmr.steps.positional.margin = m;
                });
    // The start position without the tempo is exactly level: 0 - 0.
    const EvalFigures start = eval_figures(kStart, "g1f3");
    EXPECT_EQ(start.before - start.material, 0);
    const Json level = explain(alone, kStart, "g1f3");
    EXPECT_EQ(input(level, "eval_minus_material"), 0);
    EXPECT_FALSE(fired(level, "positional"));
    EXPECT_EQ(plies(level), 3);
}

TEST(ExplainSteps, Step5NewThreat) {
    const auto alone =
        step_alone([](reduction::LmrConfig& c) { c.lmr.steps.new_threat.enabled = true; });
    // REBEL's own example: h3 attacks the knight on g4, which nothing attacked before; h3 is
    // safe (the knight jumps to e3, e5, f2, f6, h2, h6, not h3; c8's diagonal is shut by d7).
    const Json h3 = explain(alone, kKnightOnG4, "h2h3");
    EXPECT_TRUE(flag(h3, "creates_threat"));
    EXPECT_TRUE(fired(h3, "new_threat"));
    EXPECT_EQ(plies(h3), 2);
    // Nf3-d2 uncovers the queen's d1-g4 diagonal onto the knight: a new threat too.
    EXPECT_TRUE(flag(explain(alone, kKnightOnG4, "f3d2"), "creates_threat"));
    // The same Nf3-d2 once h3 already attacks g4: nothing new is attacked.
    const Json again = explain(alone, kKnightOnG4PawnOnH3, "f3d2");
    EXPECT_TRUE(flag(again, "see_ge0"));
    EXPECT_FALSE(flag(again, "creates_threat"));
    EXPECT_EQ(plies(again), 3);
    // a2-a3 attacks b4, where nothing stands.
    const Json a3 = explain(alone, kKnightOnG4, "a2a3");
    EXPECT_FALSE(flag(a3, "creates_threat"));
    EXPECT_FALSE(fired(a3, "new_threat"));
    EXPECT_EQ(plies(a3), 3);
    // b4-b5 hits the knight on c6 but a6xb5 wins the pawn: SEE 0 - 100 = -100 < 0, "the move
    // itself should not be bad".
    const Json b5 = explain(alone, kB5Loses, "b4b5");
    EXPECT_FALSE(flag(b5, "see_ge0"));
    EXPECT_FALSE(flag(b5, "creates_threat"));
    EXPECT_EQ(plies(b5), 3);
}

// Step 5 read both ways: each case gives whether the threatened reading (the seed's, the
// default) and the first_attack reading fire. The two differ only where a piece is attacked
// by an equal or greater piece and defended; the special moves (castling, en passant, an
// underpromotion) move pieces the first_attack reading tracks by hand.
TEST(ExplainSteps, Step5NewThreatBothReadings) {
    const auto step5 = [](reduction::NewThreatMode mode) {
        return step_alone([mode](reduction::LmrConfig& c) {
            c.lmr.steps.new_threat.enabled = true;
            c.lmr.steps.new_threat.mode = mode;
        });
    };
    const auto threatened = step5(reduction::NewThreatMode::kThreatened);
    const auto first_attack = step5(reduction::NewThreatMode::kFirstAttack);
    struct Case {
        const std::string& fen;
        const char* move;
        bool threatened, first_attack;
    };
    for (const Case& k : {Case{kKnightOnG4, "h2h3", true, true},
                          Case{kKnightOnG4, "f3d2", true, true},  // the queen on a loose knight
                          Case{kKnightOnG4PawnOnH3, "f3d2", false, false},
                          Case{kRookOnDefendedKnight, "a1e1", false, true},
                          Case{kRookOnLooseKnight, "a1e1", true, true},
                          Case{kLongCastlingFacesKnight, "e1c1", true, true},
                          Case{kEnPassantOpensRank, "e5d6", true, true},
                          Case{kUnderpromotionForksRook, "e7e8n", true, true},
                          Case{kKnightOnG4, "a2a3", false, false}}) {
        const Json t = explain(threatened, k.fen, k.move);
        const Json f = explain(first_attack, k.fen, k.move);
        EXPECT_TRUE(flag(t, "see_ge0")) << k.move;
        EXPECT_EQ(flag(t, "creates_threat"), k.threatened) << k.fen << " " << k.move;
        EXPECT_EQ(flag(f, "creates_threat"), k.first_attack) << k.fen << " " << k.move;
        EXPECT_EQ(plies(t), k.threatened ? 2 : 3) << k.move;
        EXPECT_EQ(plies(f), k.first_attack ? 2 : 3) << k.move;
    }
    // The preset reads it the seed's way.
    EXPECT_FALSE(flag(explain(preset("rebel-expert.json"), kRookOnDefendedKnight, "a1e1"),
                      "creates_threat"));
    EXPECT_TRUE(
        flag(explain(preset("rebel-expert.json"), kRookOnLooseKnight, "a1e1"), "creates_threat"));
}

TEST(ExplainSteps, Step6ThreatEscape) {
    const auto alone =
        step_alone([](reduction::LmrConfig& c) { c.lmr.steps.threat_escape.enabled = true; });
    // After h3 the knight on g4 is attacked by a pawn; Ng4-f6 takes it to a square no white
    // piece or pawn reaches (e4-e5 is still a move away): SEE 0.
    const Json nf6 = explain(alone, kAfterH3, "g4f6");
    EXPECT_TRUE(flag(nf6, "escapes_threat"));
    EXPECT_TRUE(fired(nf6, "threat_escape"));
    EXPECT_EQ(plies(nf6), 2);
    // a7-a6 leaves the knight where the pawn takes it.
    const Json a6 = explain(alone, kAfterH3, "a7a6");
    EXPECT_FALSE(flag(a6, "escapes_threat"));
    EXPECT_EQ(plies(a6), 3);
    EXPECT_TRUE(fired(explain(preset("rebel-expert.json"), kAfterH3, "g4f6"), "threat_escape"));
}

TEST(ExplainSteps, Step7PassedPawnGain) {
    const auto alone = step_alone([](reduction::LmrConfig& c) {
        c.lmr.steps.passed_pawn_gain.enabled = true;
        c.lmr.steps.passed_pawn_gain.margin = 25;
    });
    // Kg2-f3 brings the king one square nearer to d7, the stop square of the passed d6 pawn
    // (g2-d7 is 5 king moves, f3-d7 is 4).
    const EvalFigures f = eval_figures(kRookEnding, "g2f3");
    const int gain = f.passed_after - f.passed_before;
    ASSERT_GE(gain, 25);
    const Json king_up = explain(alone, kRookEnding, "g2f3");
    EXPECT_EQ(input(king_up, "passed_pawn_delta"), gain);
    EXPECT_TRUE(fired(king_up, "passed_pawn_gain"));
    EXPECT_EQ(plies(king_up), 2);
    expect_edge(kRookEnding, "g2f3", "passed_pawn_gain", gain, [](reduction::LmrConfig& c, int m) {
        c.lmr.steps.passed_pawn_gain.enabled = true;
        c.lmr.steps.passed_pawn_gain.margin = m;
    });
    // Kg2-h2 stays 5 king moves from d7: no change.
    const EvalFigures g = eval_figures(kRookEnding, "g2h2");
    EXPECT_EQ(g.passed_after - g.passed_before, 0);
    const Json aside = explain(alone, kRookEnding, "g2h2");
    EXPECT_EQ(input(aside, "passed_pawn_delta"), 0);
    EXPECT_FALSE(fired(aside, "passed_pawn_gain"));
    EXPECT_EQ(plies(aside), 3);
    // The mirrored position with Black to move: the same gain, from Black's side.
    const Json mirrored = explain(alone, kRookEndingMirrored, "g7f6");
    EXPECT_EQ(input(mirrored, "passed_pawn_delta"), gain);
    EXPECT_TRUE(fired(mirrored, "passed_pawn_gain"));
}

TEST(ExplainSteps, Step8KingSafetyGain) {
    const auto alone = step_alone([](reduction::LmrConfig& c) {
        c.lmr.steps.king_safety_gain.enabled = true;
        c.lmr.steps.king_safety_gain.margin = 25;
    });
    // 4.Ng5 in the Two Knights: the knight joins the bishop on f7, next to the black king.
    const EvalFigures f = eval_figures(kTwoKnights, "f3g5");
    const int gain = f.king_after - f.king_before;
    ASSERT_GE(gain, 25);
    const Json ng5 = explain(alone, kTwoKnights, "f3g5");
    EXPECT_EQ(input(ng5, "king_safety_delta"), gain);
    EXPECT_TRUE(fired(ng5, "king_safety_gain"));
    EXPECT_EQ(plies(ng5), 2);
    expect_edge(kTwoKnights, "f3g5", "king_safety_gain", gain, [](reduction::LmrConfig& c, int m) {
        c.lmr.steps.king_safety_gain.enabled = true;
        c.lmr.steps.king_safety_gain.margin = m;
    });
    // h2-h3 changes nothing around either king.
    const EvalFigures g = eval_figures(kTwoKnights, "h2h3");
    EXPECT_LT(g.king_after - g.king_before, 25);
    const Json h3 = explain(alone, kTwoKnights, "h2h3");
    EXPECT_EQ(input(h3, "king_safety_delta"), g.king_after - g.king_before);
    EXPECT_FALSE(fired(h3, "king_safety_gain"));
    EXPECT_EQ(plies(h3), 3);
}

TEST(ExplainSteps, Step9EvalRise) {
    const auto alone = step_alone([](reduction::LmrConfig& c) {
        c.lmr.steps.eval_rise.enabled = true;
        c.lmr.steps.eval_rise.margin = 50;
    });
    const EvalFigures nf3 = eval_figures(kStart, "g1f3");
    ASSERT_GE(nf3.after - nf3.before, 50);
    const Json rises = explain(alone, kStart, "g1f3");
    EXPECT_EQ(input(rises, "eval_change"), nf3.after - nf3.before);
    EXPECT_TRUE(fired(rises, "eval_rise"));
    EXPECT_EQ(plies(rises), 2);
    expect_edge(kStart, "g1f3", "eval_rise", nf3.after - nf3.before,
                [](reduction::LmrConfig& c, int m) {
                    c.lmr.steps.eval_rise.enabled = true;
                    c.lmr.steps.eval_rise.margin = m;
                });
    const EvalFigures a3 = eval_figures(kStart, "a2a3");
    ASSERT_LT(a3.after - a3.before, 50);
    const Json flat = explain(alone, kStart, "a2a3");
    EXPECT_EQ(input(flat, "eval_change"), a3.after - a3.before);
    EXPECT_FALSE(fired(flat, "eval_rise"));
    EXPECT_EQ(plies(flat), 3);
}

TEST(ExplainSteps, Step10EvalDrop) {
    const auto alone = step_alone([](reduction::LmrConfig& c) {
        c.lmr.steps.eval_drop.enabled = true;
        c.lmr.steps.eval_drop.margin = 50;
    });
    // 1.e4 e5 2.Ba6?? puts the bishop where b7xa6 (or Nb8xa6) takes it: SEE 0 - 330 = -330.
    const EvalFigures ba6 = eval_figures(kAfterE4E5, "f1a6");
    ASSERT_GE(ba6.before - ba6.after, 50);
    const Json drops = explain(alone, kAfterE4E5, "f1a6");
    EXPECT_FALSE(flag(drops, "see_ge0"));
    EXPECT_EQ(input(drops, "eval_change"), ba6.after - ba6.before);
    EXPECT_TRUE(fired(drops, "eval_drop"));
    EXPECT_EQ(units(drops, "eval_drop"), 10);
    EXPECT_EQ(plies(drops), 4);
    expect_edge(kAfterE4E5, "f1a6", "eval_drop", ba6.before - ba6.after,
                [](reduction::LmrConfig& c, int m) {
                    c.lmr.steps.eval_drop.enabled = true;
                    c.lmr.steps.eval_drop.margin = m;
                });
    // 2.Nf3 attacks e5 and develops: the evaluation rises.
    const EvalFigures nf3 = eval_figures(kAfterE4E5, "g1f3");
    ASSERT_LT(nf3.before - nf3.after, 50);
    const Json develops = explain(alone, kAfterE4E5, "g1f3");
    EXPECT_EQ(input(develops, "eval_change"), nf3.after - nf3.before);
    EXPECT_FALSE(fired(develops, "eval_drop"));
    EXPECT_EQ(plies(develops), 3);
}

TEST(ExplainSteps, Step11Killer) {
    const auto alone =
        step_alone([](reduction::LmrConfig& c) { c.lmr.steps.killer.enabled = true; });
    const Json plain = explain(alone, kTwoKnights, "d2d3");
    EXPECT_FALSE(fired(plain, "killer"));
    EXPECT_EQ(plies(plain), 3);
    for (const char* set : {"is_killer1=true", "is_killer2=true"}) {
        const Json k = explain(alone, kTwoKnights, "d2d3", with_sets({set}));
        EXPECT_TRUE(fired(k, "killer")) << set;
        EXPECT_EQ(plies(k), 2) << set;
    }
}

TEST(ExplainSteps, Step12PstGain) {
    const auto alone = step_alone([](reduction::LmrConfig& c) {
        c.lmr.steps.pst_gain.enabled = true;
        c.lmr.steps.pst_gain.margin = 20;
    });
    const int phase = eval_figures(kStart, "g1f3").phase;
    const int nf3 = eval::pst_value(chess::kWhiteKnight, chess::kF3, phase) -
                    eval::pst_value(chess::kWhiteKnight, chess::kG1, phase);
    ASSERT_GE(nf3, 20);
    const Json knight = explain(alone, kStart, "g1f3");
    EXPECT_EQ(input(knight, "pst_delta"), nf3);
    EXPECT_TRUE(fired(knight, "pst_gain"));
    EXPECT_EQ(plies(knight), 2);
    expect_edge(kStart, "g1f3", "pst_gain", nf3, [](reduction::LmrConfig& c, int m) {
        c.lmr.steps.pst_gain.enabled = true;
        c.lmr.steps.pst_gain.margin = m;
    });
    // The whole-board PST term moves by the same amount (up to one for rounding the taper of
    // a sum instead of a difference).
    const EvalFigures f = eval_figures(kStart, "g1f3");
    EXPECT_NEAR(f.pst_after - f.pst_before, nf3, 1);
    const int a3 = eval::pst_value(chess::kWhitePawn, chess::kA3, phase) -
                   eval::pst_value(chess::kWhitePawn, chess::kA2, phase);
    ASSERT_LT(a3, 20);
    const Json pawn = explain(alone, kStart, "a2a3");
    EXPECT_EQ(input(pawn, "pst_delta"), a3);
    EXPECT_FALSE(fired(pawn, "pst_gain"));
    EXPECT_EQ(plies(pawn), 3);
    // Black's Ng8-f6 after 1.e4 is White's Ng1-f3 in the mirror: the same gain for Black.
    const Json black = explain(alone, kAfterE4, "g8f6");
    EXPECT_EQ(input(black, "pst_delta"), nf3);
    EXPECT_TRUE(fired(black, "pst_gain"));
}

// =========================================================================================
// Step 6: "hanging piece resolved" read broadly (mode "resolved") and narrowly ("moved_away").
// =========================================================================================

class ExplainThreatEscape : public ::testing::Test {
  protected:
    // The two readings as config files, step 6 alone with a constant of three plies.
    static std::string config_text(const char* mode) {
        return std::string(R"({"name": "step6-)") + mode + R"(", "lmr": {
            "min_depth": 3, "full_depth_moves": 3, "scale": 10, "percentage": 100,
            "steps": {"threat_escape": {"enabled": true, "weight": 10, "mode": ")" +
               mode + R"("}},
            "terms": {"constant": {"enabled": true, "weight": 30}}}})";
    }
    void SetUp() override {
        resolved_ = reduction::load_config(dir_.write("resolved.json", config_text("resolved")));
        moved_away_ = reduction::load_config(dir_.write("moved.json", config_text("moved_away")));
    }
    // Fires in the resolved reading? In the moved-away one? Checked through the plies too.
    void expect(const std::string& fen, const std::string& uci, bool resolved, bool moved_away) {
        const Json r = explain(resolved_, fen, uci);
        EXPECT_EQ(flag(r, "escapes_threat"), resolved) << uci << " resolved";
        EXPECT_EQ(fired(r, "threat_escape"), resolved) << uci << " resolved";
        EXPECT_EQ(plies(r), resolved ? 2 : 3) << uci << " resolved";
        const Json m = explain(moved_away_, fen, uci);
        EXPECT_EQ(flag(m, "escapes_threat"), moved_away) << uci << " moved_away";
        EXPECT_EQ(plies(m), moved_away ? 2 : 3) << uci << " moved_away";
    }

    ::lmr::test::TempDir dir_{"explain-step6"};
    reduction::LmrConfig resolved_;
    reduction::LmrConfig moved_away_;
};

TEST_F(ExplainThreatEscape, TheConfigFilesSayWhatTheyMean) {
    EXPECT_EQ(resolved_.lmr.steps.threat_escape.mode, reduction::ThreatEscapeMode::kResolved);
    EXPECT_EQ(moved_away_.lmr.steps.threat_escape.mode, reduction::ThreatEscapeMode::kMovedAway);
    EXPECT_EQ(preset("rebel-expert.json").lmr.steps.threat_escape.mode,
              reduction::ThreatEscapeMode::kResolved);
}

TEST_F(ExplainThreatEscape, MovingAway) {
    // The knight on e5 leaves the rook's file for c6, which no white piece reaches.
    expect(kKnightUndefended, "e5c6", true, true);
    // REBEL's Nf6 (kAfterH3): nothing of White's reaches f6. Nh6: the Bc1 reaches h6 over the
    // empty d2-e3-f4-g5, but g7 guards h6 (Bxh6 gxh6 is +320 - 330 for White), and a bishop
    // is no lower-valued attacker of a defended knight.
    expect(kAfterH3, "g4f6", true, true);
    expect(kAfterH3, "g4h6", true, true);
}

TEST_F(ExplainThreatEscape, Defending) {
    // d7-d6 (or f7-f6) guards e5; a rook taking a defended knight loses 500 for 320, so the
    // knight is no longer threatened. d6 itself is reached by nothing of White's: SEE 0.
    expect(kKnightUndefended, "d7d6", true, false);
    expect(kKnightUndefended, "f7f6", true, false);
}

TEST_F(ExplainThreatEscape, BlockingTheLine) {
    // Nd7-e5 stands between the rook on e1 and the bishop on e7. The knight on e5 is guarded
    // by the d6 pawn: Rxe5 dxe5 is +320 - 500 for White, so SEE(Ne5) = 0 and the knight is not
    // threatened either.
    expect(kBishopOnOpenFile, "d7e5", true, false);
    // The bishop moving off the file (Be7-f6, out of every white piece's reach) is (a).
    expect(kBishopOnOpenFile, "e7f6", true, true);
}

TEST_F(ExplainThreatEscape, CapturingTheAttacker) {
    // Nc6xe5 removes the pawn that forks d6 and f6: +100, and nothing of White's can take
    // back on e5 (SEE +100). The knight then on e5 is guarded by the bishop on d6.
    expect(kPawnFork, "c6e5", true, false);
}

TEST_F(ExplainThreatEscape, OneMoveSettlingTwoThreats) {
    // Rf8-e8 takes the rook off the bishop's diagonal and guards e5 down the e-file (e7, e6
    // empty); e8 is reached by nothing of White's.
    expect(kTwoHanging, "f8e8", true, true);
    // Ne5-c6 saves the knight but leaves the rook to the bishop.
    expect(kTwoHanging, "e5c6", false, true);
}

TEST_F(ExplainThreatEscape, ResolvingWithABadMoveDoesNotCount) {
    // d7-d6 shuts the bishop's diagonal to f8 and guards e5, so nothing is hanging after it,
    // but Bxd6 wins the pawn: SEE 0 - 100 = -100 < 0, "the move itself should not be bad".
    const Json j = explain(resolved_, kTwoHanging, "d7d6");
    EXPECT_FALSE(flag(j, "see_ge0"));
    expect(kTwoHanging, "d7d6", false, false);
}

TEST_F(ExplainThreatEscape, LeavingThePieceHangingNeverFires) {
    expect(kKnightUndefended, "a7a6", false, false);
    expect(kBishopOnOpenFile, "a7a6", false, false);
    expect(kPawnFork, "a7a6", false, false);
    expect(kAfterH3, "a7a6", false, false);
    // Ng4-e3 runs into f2xe3 (or Bc1xe3): SEE 0 - 320 < 0, the knight is lost anyway.
    expect(kAfterH3, "g4e3", false, false);
    // Bd6-e7 saves the bishop but leaves the knight on f6 to the pawn: the narrow reading
    // counts the bishop's escape, the broad one sees a piece still hanging.
    expect(kPawnFork, "d6e7", false, true);
}

// =========================================================================================
// The start position (rebel-expert)
// =========================================================================================

TEST(ExplainStartPosition, KnightToF3RaisesTheEvaluationWithoutTempo) {
    const EvalFigures f = eval_figures(kStart, "g1f3");
    // The tempo bonus goes to the side to move: White before, Black after.
    EXPECT_GT(f.tempo_before, 0);
    EXPECT_GT(f.tempo_after, 0);
    EXPECT_EQ(f.before, 0);  // the start position is level once the tempo is out
    const int change = f.after - f.before;
    EXPECT_NEAR(change, 57, 10);
    const Json j = explain(preset("rebel-expert.json"), kStart, "g1f3");
    EXPECT_EQ(input(j, "eval_change"), change);
    EXPECT_TRUE(fired(j, "eval_rise"));  // margin 50
    EXPECT_FALSE(fired(j, "eval_drop"));
    EXPECT_EQ(units(j, "eval_rise"), -10);
    // With the tempo left in, both bonuses would have counted against the move: the raw
    // totals differ by (after - tempo_after) - (before + tempo_before).
    EXPECT_NE(input(j, "eval_change"), change - f.tempo_after - f.tempo_before);
}

TEST(ExplainStartPosition, HangingTheBishopDropsTheEvaluation) {
    // 1.e4 e5 2.Ba6??: b7xa6 wins the bishop (SEE 0 - 330).
    const EvalFigures f = eval_figures(kAfterE4E5, "f1a6");
    const int change = f.after - f.before;
    ASSERT_LE(change, -50);
    const Json j = explain(preset("rebel-expert.json"), kAfterE4E5, "f1a6");
    EXPECT_EQ(input(j, "eval_change"), change);
    EXPECT_TRUE(fired(j, "eval_drop"));
    EXPECT_EQ(units(j, "eval_drop"), 10);
    EXPECT_FALSE(fired(j, "eval_rise"));
}

// =========================================================================================
// The seeds' worked examples
// =========================================================================================

TEST(ExplainSeedExamples, RebelEdition3History) {
    // 003 "LMR for starters": one ply, another below -500, another below -1500.
    ExplainRequest r;
    r.depth = 6;
    struct Case {
        int history, plies;
    };
    for (const Case& k : {Case{-600, 1 + 1}, Case{-1600, 1 + 2}, Case{-400, 1}, Case{0, 1}}) {
        r.sets = {"rebel_history=" + std::to_string(k.history)};
        const Json j = explain(preset("rebel-ed3-history.json"), kTwoKnights, "d2d3", r);
        EXPECT_EQ(plies(j), k.plies) << k.history;
    }
}

TEST(ExplainSeedExamples, RebelEdition4Quad) {
    // 000 edition 4: below -500, -1000 and -1500 each add a ply to the first.
    ExplainRequest r;
    r.depth = 6;
    struct Case {
        int history, plies;
    };
    for (const Case& k : {Case{-1200, 1 + 2}, Case{-1600, 1 + 3}, Case{-600, 1 + 1}}) {
        r.sets = {"rebel_history=" + std::to_string(k.history)};
        const Json j = explain(preset("rebel-ed4-quad.json"), kTwoKnights, "d2d3", r);
        EXPECT_EQ(plies(j), k.plies) << k.history;
    }
}

TEST(ExplainSeedExamples, CpwSimple) {
    // 004: every move after the first four, if not a capture or a check, loses one ply.
    const auto cpw = preset("cpw-simple.json");
    ExplainRequest r;
    r.move_number = 5;
    EXPECT_EQ(plies(explain(cpw, kTwoKnights, "d2d3", r)), 1);
    EXPECT_EQ(plies(explain(cpw, kBird, "f3d4", r)), 0);           // a capture
    EXPECT_EQ(plies(explain(cpw, kRookCheckSafe, "d1d8", r)), 0);  // a check
    r.move_number = 4;
    EXPECT_EQ(plies(explain(cpw, kTwoKnights, "d2d3", r)), 0);
}

TEST(ExplainSeedExamples, TextbookLog) {
    // 001: (int)(ln d * ln m / 2), +1 at non-PV nodes, +1 when not improving (never below ply
    // 2), -1 for a killer, -history/5000, at most new_depth - 1.
    const auto textbook = preset("textbook-log.json");
    const int d = 10;
    const int m = 12;
    const int table = static_cast<int>(std::log(double(d)) * std::log(double(m)) / 2);
    EXPECT_EQ(table, 2);  // ln 10 * ln 12 / 2 = 2.303 * 2.485 / 2 = 2.86
    ExplainRequest r;
    r.depth = d;
    r.move_number = m;
    r.ply = 1;
    const Json non_pv = explain(textbook, kTwoKnights, "d2d3", r);
    EXPECT_FALSE(flag(non_pv, "improving"));
    EXPECT_EQ(plies(non_pv), table + 1 + 1);
    r.pv = true;
    EXPECT_EQ(plies(explain(textbook, kTwoKnights, "d2d3", r)), table + 0 + 1);
    r.pv = false;
    r.sets = {"is_killer1=true"};
    EXPECT_EQ(plies(explain(textbook, kTwoKnights, "d2d3", r)), table + 1 + 1 - 1);
    r.sets = {"butterfly_history=-12000"};  // -(-12000 / 5000) = +2
    EXPECT_EQ(plies(explain(textbook, kTwoKnights, "d2d3", r)), table + 1 + 1 + 2);
    r.sets = {"butterfly_history=4999"};  // 4999 / 5000 = 0
    EXPECT_EQ(plies(explain(textbook, kTwoKnights, "d2d3", r)), table + 1 + 1);
    // Depth 4, move 60: (int)(ln 4 * ln 60 / 2) = (int)2.84 = 2, + 2 = 4 plies, but the
    // reduced search keeps depth 1 (min_child_depth 1): at most 4 - 1 - 1 = 2.
    r.sets = {};
    r.depth = 4;
    r.move_number = 60;
    const int shallow = static_cast<int>(std::log(4.0) * std::log(60.0) / 2) + 2;
    EXPECT_EQ(shallow, 4);
    EXPECT_EQ(plies(explain(textbook, kTwoKnights, "d2d3", r)), 4 - 1 - 1);
}

// =========================================================================================
// "changed": a rule that fired but left the plies as they were
// =========================================================================================

TEST(ExplainChanged, AStepCanFireWithoutChangingThePlies) {
    // rebel-expert's table and the killer step, P 50: plies = R * 50 / 1000, truncated.
    const auto config = bare_with(0, [](reduction::LmrConfig& c) {
        c.lmr.steps.table = preset("rebel-expert.json").lmr.steps.table;
        c.lmr.steps.killer.enabled = true;
        c.lmr.percentage = 50;
    });
    ExplainRequest r;
    r.sets = {"is_killer1=true"};
    // Depth 8, move 5: T = (int)(ln 8 * ln 5) = 3. With the killer R = 30 - 10 = 20 -> 1 ply;
    // without it 30 -> 1 ply (1.5 truncated): fired, not changed.
    r.depth = 8;
    r.move_number = 5;
    const int t5 = static_cast<int>(std::log(8.0) * std::log(5.0));
    ASSERT_EQ(t5, 3);
    const Json same = explain(config, kTwoKnights, "d2d3", r);
    EXPECT_EQ(plies(same), (10 * t5 - 10) * 50 / 1000);
    EXPECT_TRUE(fired(same, "killer"));
    EXPECT_FALSE(changed(same, "killer"));
    EXPECT_TRUE(changed(same, "table"));  // without the table R = -10: no reduction
    // Depth 8, move 8: T = (int)(ln 8 * ln 8) = 4. With the killer 30 -> 1 ply, without 40 -> 2.
    r.move_number = 8;
    const int t8 = static_cast<int>(std::log(8.0) * std::log(8.0));
    ASSERT_EQ(t8, 4);
    const Json differs = explain(config, kTwoKnights, "d2d3", r);
    EXPECT_EQ(plies(differs), (10 * t8 - 10) * 50 / 1000);
    EXPECT_TRUE(fired(differs, "killer"));
    EXPECT_TRUE(changed(differs, "killer"));
    // A step that does not fire never changes anything.
    EXPECT_FALSE(fired(differs, "history"));
    EXPECT_FALSE(changed(differs, "history"));
}

// =========================================================================================
// Bad requests
// =========================================================================================

std::string error_of(const ExplainRequest& r) {
    try {
        explain(preset("rebel-expert.json"), kStart, "g1f3", r);
    } catch (const ExplainError& e) {
        return e.what();
    }
    return "(no error)";
}

TEST(ExplainErrors, UnknownFieldIsNamedWithTheNearest) {
    const std::string e = error_of(with_sets({"histroy=5"}));
    EXPECT_NE(e.find("'histroy'"), std::string::npos) << e;
    EXPECT_NE(e.find("did you mean 'history'"), std::string::npos) << e;
    const std::string k = error_of(with_sets({"static_evl=5"}));
    EXPECT_NE(k.find("'static_evl'"), std::string::npos) << k;
    EXPECT_NE(k.find("did you mean 'static_eval'"), std::string::npos) << k;
}

TEST(ExplainErrors, ValuesMustFitTheField) {
    for (const char* set :
         {"rebel_history=abc", "rebel_history=1.5", "rebel_history=12x", "rebel_history="}) {
        const std::string e = error_of(with_sets({set}));
        EXPECT_NE(e.find("rebel_history takes an integer"), std::string::npos) << set << ": " << e;
    }
    const std::string b = error_of(with_sets({"is_pv=1"}));
    EXPECT_NE(b.find("is_pv takes true or false"), std::string::npos) << b;
    const std::string eq = error_of(with_sets({"depth"}));
    EXPECT_NE(eq.find("expected FIELD=VALUE"), std::string::npos) << eq;
    // A good value is taken as it is.
    EXPECT_EQ(error_of(with_sets({"rebel_history=-600", "is_pv=true"})), "(no error)");
}

TEST(ExplainErrors, RangesOfTheRequest) {
    for (int depth : {0, -1, 64}) {
        ExplainRequest r;
        r.depth = depth;
        EXPECT_NE(error_of(r).find("--depth must be 1..63"), std::string::npos) << depth;
    }
    for (int depth : {1, 63}) {
        ExplainRequest r;
        r.depth = depth;
        EXPECT_EQ(error_of(r), "(no error)") << depth;
    }
    for (int n : {0, 256}) {
        ExplainRequest r;
        r.move_number = n;
        EXPECT_NE(error_of(r).find("--move-number"), std::string::npos) << n;
    }
    ExplainRequest r;
    r.ply = -1;
    EXPECT_NE(error_of(r).find("--ply"), std::string::npos);
}

}  // namespace
}  // namespace lmr::search
