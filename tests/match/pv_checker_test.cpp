// The PV checks of harness/match/pv_checker.hpp on positions built here: every rule fastchess
// applies with -check-mate-pvs (its own test cases among them), the game history in repetitions,
// the bestmove against the last PV, and the position left as it was.
#include "harness/match/pv_checker.hpp"

#include <gtest/gtest.h>

#include <initializer_list>
#include <string>

#include "engine/chess/notation.hpp"

namespace lmr::match {
namespace {

chess::Position position(const std::string& fen = chess::Position::kStartFen,
                         std::initializer_list<const char*> moves = {}) {
    std::string error;
    auto pos = chess::Position::from_fen(fen, &error);
    EXPECT_TRUE(pos) << error;
    for (const char* uci : moves) {
        const chess::Move move = chess::parse_uci(*pos, uci, &error);
        EXPECT_FALSE(move.is_none()) << uci << ": " << error;
        pos->make_move(move);
    }
    return *pos;
}

uci_client::SearchInfo parse(const std::string& line) {
    const auto info = uci_client::parse_info(line);
    EXPECT_TRUE(info) << line;
    return info.value_or(uci_client::SearchInfo{});
}

// The first rule the info line's PV breaks in `pos`, as "kind move" ("" when it is sound).
std::string finding(chess::Position pos, const std::string& line) {
    const auto info = parse(line);
    std::vector<chess::Move> made;
    const auto found = check_pv(pos, info.pv, info.score, made);
    if (!found) return "";
    std::string text(core::pv_violation_name(found->kind));
    if (!found->move.empty()) text += " " + std::string(found->move);
    return text;
}

constexpr const char* kStart = chess::Position::kStartFen;

TEST(PvCheck, ASoundLineIsAccepted) {
    EXPECT_EQ(finding(position(), "info depth 1 score cp 10 pv e2e4 e7e5"), "");
    EXPECT_EQ(finding(position(), "info depth 1 score cp 10"), "") << "no PV, nothing to check";
}

TEST(PvCheck, AnIllegalMoveIsNamedWhereItIsPlayed) {
    EXPECT_EQ(finding(position(), "info depth 1 score cp 10 pv e2e5"), "illegal-move e2e5");
    EXPECT_EQ(finding(position(), "info depth 2 score cp 10 pv e2e4 e7e5 e4e6"),
              "illegal-move e4e6");
    EXPECT_EQ(finding(position(), "info depth 2 score cp 10 pv e2e4 xyz"), "illegal-move xyz");
    EXPECT_EQ(finding(position(), "info depth 2 score cp 10 pv e2e4 e2e4"), "illegal-move e2e4")
        << "legal for White, not for Black who moves second";
}

TEST(PvCheck, ALineMustStopAtCheckmate) {
    EXPECT_EQ(finding(position(), "info depth 1 score cp 10 pv f2f3 e7e5 g2g4 d8h4 a2a3"),
              "after-checkmate a2a3");
    // Mate on the hundredth half-move is mate, not a fifty-move draw.
    EXPECT_EQ(finding(position("7k/8/6K1/8/8/8/8/R7 w - - 99 80"),
                      "info depth 3 score cp 900 pv a1a8 h8g8"),
              "after-checkmate h8g8");
}

TEST(PvCheck, ALineMustStopAtStalemate) {
    EXPECT_EQ(
        finding(position("k7/8/8/1Q6/8/8/8/7K w - - 0 1"), "info depth 2 score cp 0 pv b5b6 a8b8"),
        "after-stalemate a8b8");
}

TEST(PvCheck, ALineMustStopAtAThreefoldRepetitionCountingTheGame) {
    const char* shuffle = "info depth 9 score cp 0 pv g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8 e2e4";
    EXPECT_EQ(finding(position(), shuffle), "after-repetition e2e4");
    // The start position occurred twice in the game already: four plies of PV make it three.
    const auto twice = position(kStart, {"g1f3", "g8f6", "f3g1", "f6g8"});
    EXPECT_EQ(finding(twice, "info depth 5 score cp 0 pv g1f3 g8f6 f3g1 f6g8 e2e4"),
              "after-repetition e2e4");
    EXPECT_EQ(finding(position(), "info depth 5 score cp 0 pv g1f3 g8f6 f3g1 f6g8 e2e4"), "")
        << "twice is not a draw";
}

TEST(PvCheck, ALineMustStopWhenTheFiftyMoveRuleApplies) {
    EXPECT_EQ(finding(position("7k/8/8/8/8/8/8/R6K w - - 99 80"),
                      "info depth 2 score cp 500 pv a1a2 h8g8"),
              "after-fifty-move h8g8");
    EXPECT_EQ(finding(position("7k/8/8/8/8/8/P7/R6K w - - 99 80"),
                      "info depth 2 score cp 500 pv a2a3 h8g8"),
              "")
        << "a pawn move starts the count again";
}

// fastchess leaves insufficient material out of its PV checks, and so do we.
TEST(PvCheck, InsufficientMaterialDoesNotEndALine) {
    EXPECT_EQ(finding(position("7k/8/8/8/8/8/6r1/6NK w - - 0 1"),
                      "info depth 3 score cp 0 pv h1g2 h8g8 g2f3"),
              "");
}

// The cases of fastchess's own tests (app/tests/match_test.cpp, "PV checks"), and a real mate.
TEST(PvCheck, AnExactMateScoreNeedsTheWholeLineEndingInMate) {
    EXPECT_EQ(finding(position(), "info depth 1 score mate 3 pv e2e4"), "mate-short");
    EXPECT_EQ(finding(position(), "info depth 1 score mate -1 pv f2f3 e7e5 g2g4"), "mate-long");
    EXPECT_EQ(finding(position(), "info depth 1 score mate -1 pv f2f3 e7e5"), "mate-not-mate");
    EXPECT_EQ(finding(position(), "info depth 1 score mate -2 pv f2f3 e7e5 g2g4 d8h4"), "");
    EXPECT_EQ(finding(position("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1"),
                      "info depth 1 score mate 1 pv a1a8"),
              "");
    EXPECT_EQ(finding(position("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1"),
                      "info depth 1 score mate 1 pv a1a7"),
              "mate-not-mate");
}

TEST(PvCheck, ABoundOrACentipawnScorePromisesNoWholeLine) {
    EXPECT_EQ(finding(position(), "info depth 1 score mate 3 lowerbound pv e2e4"), "");
    EXPECT_EQ(finding(position(), "info depth 1 score mate -3 upperbound pv e2e4"), "");
    EXPECT_EQ(finding(position(), "info depth 9 score cp 20000 pv e2e4"), "");
}

TEST(PvCheck, ThePositionIsLeftAsItWas) {
    auto pos = position(kStart, {"g1f3", "g8f6", "f3g1", "f6g8"});
    const std::string fen = pos.fen();
    const auto key = pos.key();
    for (const char* line : {"info depth 5 score cp 0 pv g1f3 g8f6 f3g1 f6g8 e2e4",
                             "info depth 3 score mate 2 pv e2e4 e7e5 d1h5",
                             "info depth 3 score cp 0 pv e2e4 e7e5 e4e6 a7a6"}) {
        const auto info = parse(line);
        std::vector<chess::Move> made;
        check_pv(pos, info.pv, info.score, made);
        EXPECT_EQ(pos.fen(), fen) << line;
        EXPECT_EQ(pos.key(), key) << line;
    }
    // The history is intact: two more knight tours still make the threefold repetition.
    EXPECT_EQ(finding(pos, "info depth 5 score cp 0 pv g1f3 g8f6 f3g1 f6g8 e2e4"),
              "after-repetition e2e4");
}

TEST(PvChecker, CountsEachSideAndKeepsTheFirstOccurrence) {
    PvChecker checker;
    auto pos = position();
    const std::string bad = "info depth 2 score cp 10 pv e2e4 e2e4";
    checker.start_search(chess::kWhite);
    checker.check_info(pos, parse(bad), bad);
    checker.check_info(pos, parse(bad + " d7d5"), bad + " d7d5");
    checker.finish_search(pos, "e2e4");
    const core::PvTally& white = checker.tally(chess::kWhite);
    EXPECT_EQ(white.searches, 1);
    EXPECT_EQ(white.pvs, 2);
    EXPECT_EQ(white.count(core::PvViolation::kIllegalMove), 2);
    EXPECT_EQ(white.violations(), 2);
    EXPECT_EQ(white.first[static_cast<int>(core::PvViolation::kIllegalMove)],
              "Illegal PV move - move e2e4; info: " + bad + "; fen: " + pos.fen());

    pos = position(kStart, {"e2e4"});
    const std::string line = "info depth 1 score cp -10 pv e7e5";
    checker.start_search(chess::kBlack);
    checker.check_info(pos, parse(line), line);
    checker.finish_search(pos, "d7d5");
    const core::PvTally& black = checker.tally(chess::kBlack);
    EXPECT_EQ(black.count(core::PvViolation::kBestmoveNotPv), 1);
    EXPECT_EQ(black.first[static_cast<int>(core::PvViolation::kBestmoveNotPv)],
              "Bestmove does not match beginning of last PV - move d7d5; info: " + line +
                  "; fen: " + pos.fen());
    EXPECT_EQ(checker.tally(chess::kWhite).violations(), 2) << "Black's lines are Black's";
}

// The bestmove against the last PV of the principal line, as fastchess compares them.
int bestmove_violations(std::initializer_list<const char*> lines, const std::string& bestmove,
                        bool check_bestmove = true) {
    PvChecker checker;
    auto pos = position();
    checker.start_search(chess::kWhite, check_bestmove);
    for (const char* line : lines) checker.check_info(pos, parse(line), line);
    checker.finish_search(pos, bestmove);
    return checker.tally(chess::kWhite).count(core::PvViolation::kBestmoveNotPv);
}

// An engine with UCI_LimitStrength plays moves below its best on purpose: its bestmove is not
// held to its PV (the game passes check_bestmove = !limits_strength(its options)).
TEST(PvChecker, AWeakenedEnginesBestmoveIsNotHeldToItsPv) {
    EXPECT_EQ(bestmove_violations({"info depth 2 score cp 9 pv d2d4"}, "e2e4", false), 0);
    EXPECT_EQ(bestmove_violations({"info depth 2 score cp 9 pv d2d4"}, "e2e4", true), 1);
    using Options = std::vector<std::pair<std::string, std::string>>;
    EXPECT_TRUE(limits_strength(Options{{"Hash", "16"}, {"UCI_LimitStrength", "true"}}));
    EXPECT_TRUE(limits_strength(Options{{"uci_limitstrength", "True"}}));
    EXPECT_FALSE(limits_strength(Options{{"UCI_LimitStrength", "false"}, {"UCI_Elo", "1500"}}));
    EXPECT_FALSE(limits_strength(Options{}));
}

TEST(PvChecker, TheBestmoveMustStartTheLastPrincipalPv) {
    EXPECT_EQ(bestmove_violations(
                  {"info depth 1 score cp 5 pv d2d4", "info depth 2 score cp 9 pv e2e4"}, "e2e4"),
              0);
    EXPECT_EQ(bestmove_violations(
                  {"info depth 1 score cp 5 pv e2e4", "info depth 2 score cp 9 pv d2d4"}, "e2e4"),
              1);
    EXPECT_EQ(bestmove_violations({"info depth 3 multipv 1 score cp 9 pv e2e4",
                                   "info depth 3 multipv 2 score cp 5 pv d2d4"},
                                  "e2e4"),
              0)
        << "another multipv rank is another move's line";
    EXPECT_EQ(bestmove_violations({"info depth 3 score cp 9 pv e2e4",
                                   "info depth 4 score cp 40 lowerbound pv d2d4"},
                                  "e2e4"),
              0)
        << "a bound's line is not the search's last word (fastchess skips it)";
    EXPECT_EQ(
        bestmove_violations({"info depth 3 score cp 9 pv e2e4", "info depth 4 nodes 900"}, "d2d4"),
        1)
        << "a line without a PV leaves the last PV in force";
    EXPECT_EQ(bestmove_violations({"info depth 3 score cp 9"}, "d2d4"), 0) << "no PV at all";
    EXPECT_EQ(bestmove_violations({"info depth 3 score cp 9 pv e2e4"}, ""), 0)
        << "no bestmove (a crash or a timeout): nothing to compare";
}

TEST(PvChecker, LinesOutsideASearchAreNotChecked) {
    PvChecker checker;
    auto pos = position();
    const std::string bad = "info depth 1 score cp 10 pv e2e5";
    checker.check_info(pos, parse(bad), bad);
    checker.finish_search(pos, "a2a3");
    EXPECT_EQ(checker.tally(chess::kWhite).pvs, 0);
    EXPECT_EQ(checker.tally(chess::kWhite).violations(), 0);
}

TEST(PvViolationNames, RoundTripAndSpeakFastchessWords) {
    for (core::PvViolation kind : core::kPvViolations) {
        EXPECT_EQ(core::parse_pv_violation(core::pv_violation_name(kind)), kind);
        EXPECT_FALSE(core::fastchess_warning(kind).empty());
    }
    EXPECT_EQ(core::parse_pv_violation("after-mate"), std::nullopt);
    EXPECT_EQ(core::fastchess_warning(core::PvViolation::kAfterCheckmate),
              "PV continues after checkmate");
    EXPECT_EQ(core::fastchess_warning(core::PvViolation::kMateShort), "Incomplete mating PV");
}

}  // namespace
}  // namespace lmr::match
