// Every preset against its seed's pseudo-code: hand-checked cases from the seeds, then the
// pseudo-code transcribed literally (below) compared with the policy on many random moves.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <random>

#include "engine/lmr/policy.hpp"
#include "test_util.hpp"

namespace lmr::reduction {
namespace {

using test::load_preset;
using test::quiet_move;

int reduce(const LmrConfig& c, const MoveContext& m) {
    return LmrPolicy(c).reduction(m, nullptr);
}

// Our engine never searches below depth 0: every scheme's plies are capped at depth - 1.
int cap(int plies, const MoveContext& m) {
    return std::min(plies, std::max(0, m.depth - 1));
}

// ---- the seeds' pseudo-code, transcribed -------------------------------------------------

// Seed 000, editions 1 & 2. `score` is the 0..255 move-ordering score.
int rebel_ed2(const MoveContext& m) {
    const int depth = m.depth, score = m.ordering_score;
    if (depth < 3) return 0;
    if (m.move_number <= 3) return 0;
    if (score >= 231) return 0;
    if (m.in_check) return 0;
    if (m.gives_check) return 0;
    if (m.is_capture) return 0;
    if (m.pawn_to_advanced_rank) return 0;
    int r = 1;
    if (m.is_root) return r;
    if (score >= 121) return r;
    if (score >= 120 && depth >= 7) return r;
    if (score >= 115 && depth == 6) return r;
    if (score >= 110 && depth == 5) return r;
    if (score >= 105 && depth == 4) return r;
    if (score >= 100 && depth == 3) return r;
    ++r;
    if (score < 90) ++r;
    return r;
}

// Seed 003 "LMR for starters" (= seed 000 edition 3); edition 4 adds the -1000 step.
int rebel_history_scheme(const MoveContext& m, bool edition4) {
    if (m.depth < 3) return 0;
    if (m.move_number <= 3) return 0;
    if (m.is_tt_move) return 0;
    if (m.is_capture) return 0;
    if (m.is_queen_promotion) return 0;
    if (m.in_check) return 0;
    if (m.gives_check) return 0;
    if (m.pawn_to_advanced_rank) return 0;
    int r = 1;
    if (m.is_root) return r;
    const int value = m.rebel_history;
    if (value < -500) ++r;
    if (edition4) {
        if (value < -1000) ++r;
        if (value < -1500 && m.depth >= 1) ++r;
    } else {
        if (value < -1500) ++r;
    }
    return r;
}

// Seed 004: every move after the first four, not a capture or a check, one ply.
int cpw_simple(const MoveContext& m) {
    if (m.move_number <= 4) return 0;
    if (m.is_capture || m.gives_check) return 0;
    return 1;
}

// Seed 002: movesSearched >= 4 && ply >= 3 && !capture && !isInCheck(board) -> ply - 2.
// movesSearched counts the moves searched before this one; the condition is tested after the
// move is made, so isInCheck(board) is whether the move gives check.
int mediocre(const MoveContext& m) {
    const int moves_searched = m.move_number - 1;
    if (moves_searched >= 4 && m.depth >= 3 && !m.is_capture && !m.gives_check) return 1;
    return 0;
}

// Seed 001, "Complete Implementation".
int textbook(const MoveContext& m) {
    if (!(m.move_number > 3 && m.depth >= 3 && !m.in_check && !m.is_capture && !m.is_promotion))
        return 0;
    const int d = std::min(m.depth, 63), n = std::min(m.move_number, 63);
    int reduction = static_cast<int>(std::log(d) * std::log(n) / 2.0);
    if (!m.is_pv) reduction++;
    if (!m.improving) reduction++;
    if (m.gives_check) reduction--;
    if (m.is_killer1 || m.is_killer2) reduction--;
    reduction -= m.butterfly_history / 5000;  // history_score: one table
    const int new_depth = m.depth - 1;
    return std::clamp(reduction, 0, new_depth - 1);
}

// Seed 003 "LMR expert" with every step on, weights w (REBEL: all 10), P percent.
struct ExpertWeights {
    int table = 10, history = 10, eval_margin = 10, positional = 10, new_threat = 10,
        threat_escape = 10, passed_pawn = 10, king_safety = 10, eval_rise = 10, eval_drop = 10,
        killer = 10, pst = 10;
};
int rebel_expert(const MoveContext& m, const ExpertWeights& w = {}, int P = 50) {
    if (m.depth < 3) return 0;
    if (m.move_number <= 1) return 0;  // the first move is never a late move
    if (m.is_root && m.root_best) return 0;
    if (m.is_tt_move) return 0;
    if (m.in_check) return 0;
    if (m.is_queen_promotion) return 0;
    if (m.pawn_to_advanced_rank) return 0;
    if (m.is_capture && m.see_ge0) return 0;
    if (m.is_capture && !m.see_ge0) return 1;
    if (m.gives_check && m.see_ge0) return 0;
    if (m.gives_check && !m.see_ge0) return 1;
    const int a = m.depth, b = std::min(m.move_number, 63);
    int R = w.table * static_cast<int>(std::log(std::min(a, 63)) * std::log(b));  // lmr_tab
    const int value = m.rebel_history;
    if (value > 0) R -= w.history;
    if (value > 500) R -= w.history;
    if (value > 1000) R -= w.history;
    if (value > 1500) R -= w.history;
    if (value < 0) R += w.history;
    if (value < -500) R += w.history;
    if (value < -1000) R += w.history;
    if (value < -1500) R += w.history;
    if (m.static_eval > m.alpha + 25) R -= w.eval_margin;
    if (m.eval_minus_material > 50) R -= w.positional;
    if (m.creates_threat) R -= w.new_threat;
    if (m.escapes_threat) R -= w.threat_escape;
    if (m.passed_pawn_delta >= 25) R -= w.passed_pawn;
    if (m.king_safety_delta >= 25) R -= w.king_safety;
    if (m.eval_change >= 50) R -= w.eval_rise;
    if (-m.eval_change >= 50) R += w.eval_drop;
    if (m.is_killer1 || m.is_killer2) R -= w.killer;
    if (m.pst_delta >= 20) R -= w.pst;
    if (R > 0) return (R * P) / 1000;
    return 0;
}

// ---- random move contexts ----------------------------------------------------------------

MoveContext random_move(std::mt19937& rng) {
    auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
    auto chance = [&](int percent) { return pick(1, 100) <= percent; };
    MoveContext m;
    m.depth = pick(1, 30);
    m.ply = pick(0, 20);
    m.is_root = m.ply == 0;
    m.move_number = pick(1, 70);
    m.is_pv = chance(30);
    m.in_check = chance(10);
    m.improving = chance(50);
    m.root_best = m.is_root && chance(30);
    m.is_tt_move = chance(5);
    m.is_capture = chance(20);
    m.see_ge0 = chance(60);
    m.is_promotion = chance(5);
    m.is_queen_promotion = m.is_promotion && chance(70);
    m.pawn_to_advanced_rank = m.is_promotion || chance(5);
    m.gives_check = chance(10);
    m.is_killer1 = chance(10);
    m.is_killer2 = !m.is_killer1 && chance(10);
    m.rebel_history = pick(-1999, 1999);
    if (chance(20)) m.rebel_history = 500 * pick(-3, 3);  // exactly on a threshold
    m.history = pick(-16384, 16384);
    if (chance(10)) m.history = 5000 * pick(-3, 3);
    m.butterfly_history = pick(-16384, 16384);
    if (chance(10)) m.butterfly_history = 5000 * pick(-3, 3);
    m.ordering_score = pick(0, 255);
    if (chance(20)) m.ordering_score = pick(85, 125);
    m.static_eval = pick(-300, 300);
    m.alpha = pick(-300, 300);
    m.beta = m.alpha + 1;
    m.eval_minus_material = pick(-100, 100);
    m.passed_pawn_delta = pick(-40, 40);
    m.king_safety_delta = pick(-40, 40);
    m.eval_change = pick(-80, 80);
    m.pst_delta = pick(-40, 40);
    m.creates_threat = chance(15);
    m.escapes_threat = chance(15);
    return m;
}

void expect_matches(const char* preset, const std::function<int(const MoveContext&)>& seed) {
    const LmrPolicy policy(load_preset(preset));
    std::mt19937 rng(20240601);
    int reduced = 0;
    for (int i = 0; i < 50000; ++i) {
        const MoveContext m = random_move(rng);
        const int expected = cap(seed(m), m);
        const int got = policy.reduction(m, nullptr);
        reduced += got > 0;
        ASSERT_EQ(got, expected) << preset << " sample " << i << ": depth " << m.depth << " move "
                                 << m.move_number << " root " << m.is_root << " score "
                                 << m.ordering_score << " H " << m.rebel_history << " hist "
                                 << m.history;
    }
    EXPECT_GT(reduced, 1000) << preset;  // the samples really exercise the reductions
}

TEST(PresetsMatchSeeds, RebelEd2Ordering) {
    expect_matches("rebel-ed2-ordering", rebel_ed2);
}
TEST(PresetsMatchSeeds, RebelEd3History) {
    expect_matches("rebel-ed3-history",
                   [](const MoveContext& m) { return rebel_history_scheme(m, false); });
}
TEST(PresetsMatchSeeds, RebelEd4Quad) {
    expect_matches("rebel-ed4-quad",
                   [](const MoveContext& m) { return rebel_history_scheme(m, true); });
}
TEST(PresetsMatchSeeds, CpwSimple) {
    expect_matches("cpw-simple", cpw_simple);
}
TEST(PresetsMatchSeeds, Mediocre) {
    expect_matches("mediocre", mediocre);
}
TEST(PresetsMatchSeeds, Textbook) {
    expect_matches("textbook-log", textbook);
}
TEST(PresetsMatchSeeds, RebelExpert) {
    expect_matches("rebel-expert", [](const MoveContext& m) { return rebel_expert(m); });
}
TEST(PresetsMatchSeeds, NoneNeverReduces) {
    const LmrPolicy none(load_preset("none"));
    std::mt19937 rng(7);
    for (int i = 0; i < 5000; ++i) ASSERT_EQ(none.reduction(random_move(rng), nullptr), 0);
}

// REBEL's priorities: "Instead of using R-- or R++ one can use R+=10 or R-=6 ... (R*P)/1000".
TEST(PresetsMatchSeeds, RebelExpertWithOtherWeightsAndPercentage) {
    LmrConfig c = load_preset("rebel-expert");
    ExpertWeights w;
    w.history = 6;
    w.killer = 25;
    w.eval_drop = 14;
    w.new_threat = 3;
    c.lmr.steps.history.weight = w.history;
    c.lmr.steps.killer.weight = w.killer;
    c.lmr.steps.eval_drop.weight = w.eval_drop;
    c.lmr.steps.new_threat.weight = w.new_threat;
    c.lmr.percentage = 70;
    const LmrPolicy policy(c);
    std::mt19937 rng(99);
    for (int i = 0; i < 50000; ++i) {
        const MoveContext m = random_move(rng);
        ASSERT_EQ(policy.reduction(m, nullptr), cap(rebel_expert(m, w, 70), m)) << i;
    }
}

// The chapter's other snippets are variants of the same model: "Full Window Re-Search"
// (can_reduce gates, history < 0 -> ++, improving -> --, clamp(0, depth - 2)) and
// "History-Based Reductions" with "LMR at PV Nodes" (reduction * 2 / 3).
int textbook_can_reduce_variant(const MoveContext& m) {
    if (m.move_number <= 3 || m.depth < 3 || m.in_check || m.gives_check) return 0;
    if (m.is_capture && m.see_ge0) return 0;
    if (m.is_promotion || m.is_killer1 || m.is_killer2) return 0;
    int reduction = static_cast<int>(std::log(std::min(m.depth, 63)) *
                                     std::log(std::min(m.move_number, 63)) / 2.0);
    if (!m.is_pv) reduction++;
    if (m.history < 0) reduction++;
    if (m.improving) reduction--;
    return std::clamp(reduction, 0, m.depth - 2);
}

int textbook_history_pv_variant(const MoveContext& m) {
    if (m.move_number <= 3 || m.depth < 3 || m.in_check || m.is_capture || m.is_promotion) return 0;
    int reduction = static_cast<int>(std::log(std::min(m.depth, 63)) *
                                     std::log(std::min(m.move_number, 63)) / 2.0);
    const int hist = m.history;
    if (hist < -1000)
        reduction += 2;
    else if (hist < 0)
        reduction += 1;
    if (hist > 5000) reduction -= 1;
    if (m.is_pv) reduction = reduction * 2 / 3;
    return std::clamp(reduction, 0, m.depth - 2);
}

TEST(PresetsMatchSeeds, TextbookVariantsAreConfigsToo) {
    test::TempDir dir;
    const std::string base = "\"extends\": \"" + test::preset("textbook-log").string() + "\", ";
    const LmrConfig can_reduce = load_config(dir.write("can_reduce.json", "{" + base + R"(
        "lmr": {"gates": {"gives_check": true, "captures": false, "good_capture": true,
                          "killers": true},
                "steps": {"killer": {"enabled": false},
                          "history": {"enabled": true, "source": "engine",
                                      "less_above": [], "more_below": [0]}},
                "terms": {"not_improving": {"enabled": false},
                          "improving": {"enabled": true, "weight": 10},
                          "gives_check": {"enabled": false},
                          "history_divisor": {"enabled": false}}}})"));
    const LmrConfig history_pv = load_config(dir.write("history_pv.json", "{" + base + R"(
        "lmr": {"steps": {"killer": {"enabled": false},
                          "history": {"enabled": true, "source": "engine",
                                      "less_above": [5000], "more_below": [0, -1000]}},
                "terms": {"non_pv_node": {"enabled": false},
                          "not_improving": {"enabled": false},
                          "gives_check": {"enabled": false},
                          "history_divisor": {"enabled": false},
                          "pv_scale": {"enabled": true, "numerator": 2, "denominator": 3}}}})"));
    const LmrPolicy a(can_reduce), b(history_pv);
    std::mt19937 rng(5);
    int reduced = 0;
    for (int i = 0; i < 50000; ++i) {
        const MoveContext m = random_move(rng);
        ASSERT_EQ(a.reduction(m, nullptr), textbook_can_reduce_variant(m)) << i;
        const int r = b.reduction(m, nullptr);
        ASSERT_EQ(r, textbook_history_pv_variant(m)) << i;
        reduced += r > 0;
    }
    EXPECT_GT(reduced, 1000);
}

// ---- hand-checked cases named in the issue -------------------------------------------------

TEST(RebelEd3, HistoryMinus600AtDepth6IsTwoPlies) {
    const LmrConfig c = load_preset("rebel-ed3-history");
    MoveContext m = quiet_move(6, 8);
    m.rebel_history = -600;
    EXPECT_EQ(reduce(c, m), 2);
    m.rebel_history = -500;  // not below -500
    EXPECT_EQ(reduce(c, m), 1);
    m.rebel_history = -1600;
    EXPECT_EQ(reduce(c, m), 3);
    m.is_root = true;  // root moves reduced once
    EXPECT_EQ(reduce(c, m), 1);
    m.is_root = false;
    m.is_tt_move = true;
    EXPECT_EQ(reduce(c, m), 0);
    EXPECT_EQ(reduce(c, quiet_move(6, 3)), 0);   // the first three moves
    EXPECT_EQ(reduce(c, quiet_move(2, 10)), 0);  // the last plies
}

TEST(RebelEd4, QuadBelowMinus1500) {
    const LmrConfig c = load_preset("rebel-ed4-quad");
    MoveContext m = quiet_move(8, 8);
    m.rebel_history = -1200;
    EXPECT_EQ(reduce(c, m), 3);
    m.rebel_history = -1600;
    EXPECT_EQ(reduce(c, m), 4);
}

TEST(RebelEd2, DepthDependentThresholdsForDoubleReduction) {
    const LmrConfig c = load_preset("rebel-ed2-ordering");
    struct Case {
        int depth, score, plies;
    };
    const Case cases[] =
        {
            {3, 99, 2},   {3, 100, 1},  {4, 104, 2}, {4, 105, 1}, {5, 109, 2},
            {5, 110, 1},  {6, 114, 2},  {6, 115, 1}, {7, 119, 2}, {7, 120, 1},
            {12, 119, 2}, {12, 120, 1}, {9, 121, 1}, {9, 89, 3},  {9, 90, 2},
            {9, 230, 1},  {9, 231, 0},  {9, 255, 0}, {3, 50, 2},  // triple at depth 3 would search
                                                                  // below the horizon: capped at
                                                                  // depth - 1
        };
    for (const Case& k : cases) {
        MoveContext m = quiet_move(k.depth, 10);
        m.ordering_score = k.score;
        EXPECT_EQ(reduce(c, m), k.plies) << "depth " << k.depth << " score " << k.score;
    }
    MoveContext root = quiet_move(9, 10);
    root.is_root = true;
    root.ordering_score = 50;
    EXPECT_EQ(reduce(c, root), 1);
}

TEST(Textbook, TableAdjustmentsAndClamp) {
    const LmrConfig c = load_preset("textbook-log");
    MoveContext m = quiet_move(6, 5);  // (int)(ln 6 * ln 5 / 2) = 1, +1 non-PV, +1 not improving
    EXPECT_EQ(reduce(c, m), 3);
    m.improving = true;
    EXPECT_EQ(reduce(c, m), 2);
    m.is_pv = true;
    EXPECT_EQ(reduce(c, m), 1);
    m.is_killer1 = true;
    EXPECT_EQ(reduce(c, m), 0);
    m = quiet_move(10, 10);  // 2 + 1 + 1
    EXPECT_EQ(reduce(c, m), 4);
    m.butterfly_history = 12000;  // -= 12000 / 5000 = 2 (history_score: one table)
    EXPECT_EQ(reduce(c, m), 2);
    m.history = 40000;  // the engine's three-table sum is not what the textbook divides
    EXPECT_EQ(reduce(c, m), 2);
    m.butterfly_history = -4999;  // integer division: 0
    EXPECT_EQ(reduce(c, m), 4);
    m = quiet_move(3, 40);  // 1 + 1 + 1 = 3, clamp(.., 0, new_depth - 1 = 1)
    EXPECT_EQ(reduce(c, m), 1);
    m.is_capture = true;
    EXPECT_EQ(reduce(c, m), 0);
}

TEST(Cpw, OnePlyAfterFourMovesNotCapturesOrChecks) {
    const LmrConfig c = load_preset("cpw-simple");
    EXPECT_EQ(reduce(c, quiet_move(8, 4)), 0);
    EXPECT_EQ(reduce(c, quiet_move(8, 5)), 1);
    EXPECT_EQ(reduce(c, quiet_move(8, 40)), 1);
    MoveContext m = quiet_move(8, 5);
    m.is_capture = true;
    EXPECT_EQ(reduce(c, m), 0);
    m = quiet_move(8, 5);
    m.gives_check = true;
    EXPECT_EQ(reduce(c, m), 0);
}

TEST(Mediocre, OneExtraPlyFromTheFifthMoveAtDepthThree) {
    const LmrConfig c = load_preset("mediocre");
    EXPECT_EQ(reduce(c, quiet_move(3, 4)), 0);
    EXPECT_EQ(reduce(c, quiet_move(3, 5)), 1);
    EXPECT_EQ(reduce(c, quiet_move(2, 9)), 0);
    MoveContext m = quiet_move(6, 9);
    m.gives_check = true;  // isInCheck(board) after the move: a check is not reduced
    EXPECT_EQ(reduce(c, m), 0);
    m = quiet_move(6, 9);
    m.in_check = true;  // an evasion that gives no check is reduced: the code has no such gate
    EXPECT_EQ(reduce(c, m), 1);
}

TEST(RebelExpert, WeightedStepsWithPercentage50) {
    const LmrConfig c = load_preset("rebel-expert");
    MoveContext m = quiet_move(10, 20);  // table (int)(ln 10 * ln 20) = 6 -> R = 60
    EXPECT_EQ(reduce(c, m), 3);          // 60 * 50 / 1000
    m.rebel_history = -600;              // < 0, < -500: R = 80
    EXPECT_EQ(reduce(c, m), 4);
    m.is_killer2 = true;  // R = 70 -> 3.5 -> 3
    EXPECT_EQ(reduce(c, m), 3);
    m.creates_threat = m.escapes_threat = true;  // R = 50
    EXPECT_EQ(reduce(c, m), 2);
    m.rebel_history = 1600;  // four times less: R = 60 - 40 - 30 = -10 -> none
    EXPECT_EQ(reduce(c, m), 0);
    m = quiet_move(10, 20);
    m.is_capture = true;
    m.see_ge0 = false;  // bad capture: exactly one ply
    EXPECT_EQ(reduce(c, m), 1);
    m.see_ge0 = true;
    EXPECT_EQ(reduce(c, m), 0);
}

TEST(Default, IsAWorkingLogScheme) {
    const LmrPolicy p(default_config());
    EXPECT_EQ(p.reduction(quiet_move(2, 30), nullptr), 0);
    EXPECT_EQ(p.reduction(quiet_move(10, 1), nullptr), 0);
    const int shallow = p.reduction(quiet_move(6, 6), nullptr);
    const int deep = p.reduction(quiet_move(20, 30), nullptr);
    EXPECT_GT(shallow, 0);
    EXPECT_GT(deep, shallow);
    EXPECT_LE(deep, 18);
    MoveContext capture = quiet_move(20, 30);
    capture.is_capture = true;
    EXPECT_EQ(p.reduction(capture, nullptr), 0);
}

}  // namespace
}  // namespace lmr::reduction
