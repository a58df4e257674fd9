#include "harness/core/outcome.hpp"

#include <gtest/gtest.h>

#include <set>
#include <string>

namespace lmr::core {
namespace {

constexpr Termination kEveryTermination[] = {
    Termination::kUnterminated, Termination::kMate,      Termination::kStalemate,
    Termination::kRepetition,   Termination::kFiftyMove, Termination::kMaterial,
    Termination::kAdjudication, Termination::kMaxLength, Termination::kTimeForfeit,
    Termination::kIllegalMove,  Termination::kCrash,     Termination::kStall,
};

// PGN standard 8.2.6: the game termination markers.
TEST(GameResult, NamesAreThePgnTerminationMarkers) {
    EXPECT_EQ(result_name(GameResult::kWhiteWins), "1-0");
    EXPECT_EQ(result_name(GameResult::kBlackWins), "0-1");
    EXPECT_EQ(result_name(GameResult::kDraw), "1/2-1/2");
    EXPECT_EQ(result_token(std::nullopt), "*");
    EXPECT_EQ(result_token(GameResult::kDraw), "1/2-1/2");
    for (GameResult r : {GameResult::kWhiteWins, GameResult::kBlackWins, GameResult::kDraw})
        EXPECT_EQ(parse_result(result_name(r)), r);
    for (const char* text : {"*", "", "1/2", "1-0 ", "draw"})
        EXPECT_FALSE(parse_result(text).has_value()) << text;
}

TEST(Termination, EveryValueHasItsOwnWordAndReadsBack) {
    std::set<std::string> words;
    for (Termination t : kEveryTermination) {
        const std::string word(termination_name(t));
        EXPECT_TRUE(words.insert(word).second) << word << " names two terminations";
        EXPECT_EQ(parse_termination(word), t) << word;
    }
    EXPECT_EQ(termination_name(Termination::kFiftyMove), "fifty-move");
    EXPECT_EQ(termination_name(Termination::kTimeForfeit), "time forfeit");
    EXPECT_FALSE(parse_termination("Mate").has_value());
    EXPECT_FALSE(parse_termination("").has_value());
}

// PGN standard 9.8.1 lists the Termination tag's values.
TEST(Termination, PgnTagValuesAreTheStandardsOwn) {
    const std::set<std::string> standard = {"abandoned",    "adjudication", "death",
                                            "emergency",    "normal",       "rules infraction",
                                            "time forfeit", "unterminated"};
    for (Termination t : kEveryTermination)
        EXPECT_TRUE(standard.count(std::string(pgn_termination(t)))) << termination_name(t);
    EXPECT_EQ(pgn_termination(Termination::kMate), "normal");
    EXPECT_EQ(pgn_termination(Termination::kRepetition), "normal");
    EXPECT_EQ(pgn_termination(Termination::kMaxLength), "adjudication");
    EXPECT_EQ(pgn_termination(Termination::kTimeForfeit), "time forfeit");
    EXPECT_EQ(pgn_termination(Termination::kIllegalMove), "rules infraction");
    EXPECT_EQ(pgn_termination(Termination::kCrash), "abandoned");
    EXPECT_EQ(pgn_termination(Termination::kUnterminated), "unterminated");
}

TEST(Termination, EngineFaultsAreTheFourThatNeedARestart) {
    std::set<Termination> faults;
    for (Termination t : kEveryTermination)
        if (is_engine_fault(t)) faults.insert(t);
    EXPECT_EQ(faults, (std::set<Termination>{Termination::kTimeForfeit, Termination::kIllegalMove,
                                             Termination::kCrash, Termination::kStall}));
}

}  // namespace
}  // namespace lmr::core
