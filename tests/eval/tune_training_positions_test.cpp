// read_pgn_positions: which positions of a PGN collection become training positions, with
// which label, and how malformed games are reported.
#include <gtest/gtest.h>

#include <cmath>
#include <initializer_list>
#include <sstream>
#include <string>
#include <vector>

#include "engine/chess/notation.hpp"
#include "engine/chess/position.hpp"
#include "engine/eval/tune/training_positions.hpp"
#include "tests/eval/tune_test_util.hpp"

namespace lmr::eval::tune::test {
namespace {

// Game 1 (start position, 1-0), 16 plies; the kept plies are marked K:
//   0 e4 K, 1 e5 K, 2 Nf3 K, 3 Nc6 K, 4 Bb5 K, 5 a6 K, 6 Bxc6 (capture), 7 dxc6 (capture),
//   8 Nxe5 (capture), 9 Qd4 K, 10 Nf3 K, 11 Qxe4+ (capture), 12 Qe2 (White in check),
//   13 Qxe2+ (capture), 14 Kxe2 (in check, capture), 15 Bd6 K.
const std::vector<std::string> kGame1 = {"e4",   "e5",    "Nf3",  "Nc6", "Bb5", "a6",
                                         "Bxc6", "dxc6",  "Nxe5", "Qd4", "Nf3", "Qxe4+",
                                         "Qe2",  "Qxe2+", "Kxe2", "Bd6"};
const std::vector<int> kGame1Kept = {0, 1, 2, 3, 4, 5, 9, 10, 15};

// Game 2 (from a FEN tag, Black to move, 1/2-1/2), 7 plies:
//   0 ...Kd7 K, 1 a8=Q (promotion), 2 ...Ke6 K, 3 Qe8+ K (gives check: still quiet),
//   4 ...Kd5 (Black in check), 5 Kd2 K, 6 ...Kd4 K.
const std::string kGame2Fen = "4k3/P7/8/8/8/8/8/4K3 b - - 0 12";
const std::vector<std::string> kGame2 = {"Kd7", "a8=Q", "Ke6", "Qe8+", "Kd5", "Kd2", "Kd4"};
const std::vector<int> kGame2Kept = {0, 2, 3, 5, 6};

// Game 1, an unfinished game ("*") whose moves would be illegal if they were read, then
// game 2. Movetext with move numbers, "12..." numbers (also glued to the move), comments
// spanning lines, ';' comments, nested variations, NAGs, annotations and result tokens.
const char* const kPgn = R"([Event "Casual game"]
[Site "?"]
[White "Alpha"]
[Black "Beta"]
[Result "1-0"]

1. e4 {[%clk 0:03:00]} e5 2. Nf3 {a comment that
spans two lines, with moves like 2... Nf6 in it} Nc6 3. Bb5 a6 (3... Nf6 4. O-O
(4. d3 {inside}) Be7 $6) 4. Bxc6 $1 dxc6
5. Nxe5 ; the pawn falls 5... Nf6
5... Qd4 6. Nf3 Qxe4+ 7. Qe2 Qxe2+! 8. Kxe2 Bd6 1-0

[Event "Unfinished"]
[White "Gamma"]
[Black "Delta"]
[Result "*"]

1. Nf3 Nf6 2. Ke3 *

[Event "From a position"]
[White "Epsilon"]
[Black "Zeta"]
[Result "1/2-1/2"]
[FEN "4k3/P7/8/8/8/8/8/4K3 b - - 0 12"]
[SetUp "1"]

12... Kd7 13. a8=Q 13...Ke6 $2 (13... Kc7 14. Qb7+) 14. Qe8+ {check} Kd5
15.Kd2 Kd4 1/2-1/2
)";

// The FEN before each ply of `moves` played from `fen`.
std::vector<std::string> fens_before(const std::string& fen,
                                     const std::vector<std::string>& moves) {
    chess::Position pos = position_from_fen(fen);
    std::vector<std::string> out;
    for (const std::string& san : moves) {
        out.push_back(pos.fen());
        std::string error;
        const chess::Move m = chess::parse_san(pos, san, &error);
        EXPECT_FALSE(m.is_none()) << "test game: " << san << ": " << error;
        if (m.is_none()) break;
        pos.make_move(m);
    }
    return out;
}

// The expected training positions: the kept plies (from ply `skip` on) of both games.
std::vector<std::string> expected_fens(int skip) {
    std::vector<std::string> out;
    const auto game1 = fens_before(chess::Position::kStartFen, kGame1);
    for (int ply : kGame1Kept)
        if (ply >= skip) out.push_back(game1[ply]);
    const auto game2 = fens_before(kGame2Fen, kGame2);
    for (int ply : kGame2Kept)
        if (ply >= skip) out.push_back(game2[ply]);
    return out;
}

ReadStats read(const std::string& text, int skip, std::vector<TrainingPosition>& out,
               const std::string& source = "games.pgn") {
    std::istringstream in(text);
    return read_pgn_positions(in, source, skip, out);
}

std::vector<std::string> fens_of(const std::vector<TrainingPosition>& positions) {
    std::vector<std::string> out;
    for (const TrainingPosition& p : positions) out.push_back(p.fen);
    return out;
}

TEST(TunePgn, KeepsTheQuietPositionsOfFinishedGames) {
    std::vector<TrainingPosition> out;
    const ReadStats stats = read(kPgn, 0, out);
    EXPECT_EQ(stats.games, 2u);
    EXPECT_EQ(stats.skipped_games, 1u);  // the "*" game
    EXPECT_EQ(stats.positions, 14u);
    ASSERT_EQ(out.size(), 14u);
    EXPECT_EQ(fens_of(out), expected_fens(0));

    // Exact FEN of the first kept positions (the en passant square is written after every
    // double push, as Position::fen() does).
    EXPECT_EQ(out[0].fen, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    EXPECT_EQ(out[1].fen, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
    EXPECT_EQ(out[9].fen, kGame2Fen);  // game 2 starts from its FEN tag
    EXPECT_EQ(out.back().fen, "4Q3/8/8/3k4/8/8/3K4/8 b - - 4 15");

    // Each position knows its game (0 = the first finished game of the read).
    for (std::size_t i = 0; i < out.size(); ++i) EXPECT_EQ(out[i].game, i < 9 ? 0u : 1u) << i;
}

TEST(TunePgn, ResultIsWhitesScore) {
    std::vector<TrainingPosition> out;
    read(kPgn, 0, out);
    ASSERT_EQ(out.size(), 14u);
    for (int i = 0; i < 9; ++i) EXPECT_EQ(out[i].result, 1.0f) << i;
    for (int i = 9; i < 14; ++i) EXPECT_EQ(out[i].result, 0.5f) << i;

    const std::string pgn =
        "[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n\n"
        "[Result \"1-0\"]\n\n1. e4 1-0\n\n"
        "[Result \"1/2-1/2\"]\n\n1. Nf3 Nf6 2. Ng1 Ng8 1/2-1/2\n";
    std::vector<TrainingPosition> three;
    const ReadStats stats = read(pgn, 0, three);
    EXPECT_EQ(stats.games, 3u);
    EXPECT_EQ(stats.skipped_games, 0u);
    ASSERT_EQ(three.size(), 9u);
    for (int i = 0; i < 4; ++i) EXPECT_EQ(three[i].result, 0.0f) << i;
    EXPECT_EQ(three[4].result, 1.0f);
    for (int i = 5; i < 9; ++i) EXPECT_EQ(three[i].result, 0.5f) << i;
}

TEST(TunePgn, NoKeptPositionIsInCheckOrBeforeACaptureOrPromotion) {
    std::vector<TrainingPosition> out;
    read(kPgn, 0, out);
    const auto kept = fens_of(out);
    auto is_kept = [&](const std::string& fen) {
        for (const std::string& k : kept)
            if (k == fen) return true;
        return false;
    };
    for (const std::string& fen : kept) EXPECT_FALSE(position_from_fen(fen).in_check()) << fen;

    const auto game1 = fens_before(chess::Position::kStartFen, kGame1);
    for (int ply : {6, 7, 8, 11, 13, 14})  // captures
        EXPECT_FALSE(is_kept(game1[ply])) << "game 1 ply " << ply << " (" << kGame1[ply] << ")";
    EXPECT_TRUE(position_from_fen(game1[12]).in_check());  // Qe2 answers a check
    EXPECT_FALSE(is_kept(game1[12]));

    const auto game2 = fens_before(kGame2Fen, kGame2);
    EXPECT_FALSE(is_kept(game2[1])) << "before the promotion a8=Q";
    EXPECT_TRUE(position_from_fen(game2[4]).in_check());
    EXPECT_FALSE(is_kept(game2[4])) << "Black in check after Qe8+";
    EXPECT_TRUE(is_kept(game2[3])) << "a quiet move that gives check is kept";
}

TEST(TunePgn, SkipPliesDropsTheOpeningOfEachGame) {
    std::vector<TrainingPosition> out;
    const ReadStats stats = read(kPgn, 4, out);
    EXPECT_EQ(stats.games, 2u);
    EXPECT_EQ(stats.positions, 7u);  // game 1 plies 4, 5, 9, 10, 15; game 2 plies 5, 6
    EXPECT_EQ(fens_of(out), expected_fens(4));

    std::vector<TrainingPosition> none;
    read(kPgn, 100, none);
    EXPECT_TRUE(none.empty());
}

TEST(TunePgn, AppendsToTheOutput) {
    std::vector<TrainingPosition> out = {{"8/8/8/8/8/8/8/K6k w - - 0 1", 0.5f}};
    const ReadStats stats = read(kPgn, 0, out);
    EXPECT_EQ(stats.positions, 14u);
    ASSERT_EQ(out.size(), 15u);
    EXPECT_EQ(out[0].fen, "8/8/8/8/8/8/8/K6k w - - 0 1");
}

TEST(TunePgn, GamesWithoutResultTagOrMovesAreSkipped) {
    const std::string pgn =
        "[Event \"no result tag\"]\n\n1. e4 e5 1-0\n\n"
        "[Event \"no moves\"]\n[Result \"1-0\"]\n\n1-0\n\n"
        "[Result \"0-1\"]\n\n1. d4 0-1\n";
    std::vector<TrainingPosition> out;
    const ReadStats stats = read(pgn, 0, out);
    EXPECT_EQ(stats.games, 1u);
    EXPECT_EQ(stats.skipped_games, 2u);
    ASSERT_EQ(out.size(), 1u);
    EXPECT_EQ(out[0].fen, chess::Position::kStartFen);
    EXPECT_EQ(out[0].result, 0.0f);
}

TEST(TunePgn, IllegalMoveNamesSourceAndLine) {
    const std::string pgn =
        "[Event \"fine\"]\n"          // 1
        "[Result \"1-0\"]\n"          // 2
        "\n"                          // 3
        "1. e4 e5 1-0\n"              // 4
        "\n"                          // 5
        "[Event \"broken\"]\n"        // 6
        "[Result \"0-1\"]\n"          // 7
        "\n"                          // 8
        "1. d4 {fine so far\n"        // 9
        "still a comment} d5\n"       // 10
        "2. c4 e6 3. Ke3 Nf6 0-1\n";  // 11: the king cannot reach e3
    std::vector<TrainingPosition> out;
    try {
        read(pgn, 0, out, "collection.pgn");
        FAIL() << "an illegal move must throw";
    } catch (const PgnError& e) {
        const std::string what = e.what();
        EXPECT_NE(what.find("collection.pgn:11"), std::string::npos) << what;
        EXPECT_NE(what.find("Ke3"), std::string::npos) << what;
    }
}

TEST(TunePgn, UnreadableMoveThrows) {
    std::vector<TrainingPosition> out;
    EXPECT_THROW(read("[Result \"1-0\"]\n\n1. e4 Xz9 1-0\n", 0, out), PgnError);
}

TEST(TunePgn, BadFenTagThrows) {
    const std::string pgn =
        "[Event \"bad\"]\n[FEN \"rnbqkbnr/pppppppp/8/8 w KQkq\"]\n[Result \"1-0\"]\n\n1. e4 1-0\n";
    std::vector<TrainingPosition> out;
    try {
        read(pgn, 0, out, "setup.pgn");
        FAIL() << "an invalid FEN tag must throw";
    } catch (const PgnError& e) {
        const std::string what = e.what();
        EXPECT_NE(what.find("setup.pgn:"), std::string::npos) << what;
        EXPECT_NE(what.find("FEN"), std::string::npos) << what;
    }
    EXPECT_TRUE(out.empty());
}

// Disabled: fails with the current reader (see the report of the tuner's tests). A comment
// wrapped over lines (as PGN tools that wrap at 80 columns write them) whose continuation
// line begins with '[' ("[%clk ...]") is taken for the tag section of a new game: the game is
// cut after 1. e4 and its remaining moves are silently dropped (1 position instead of 3).
TEST(TunePgn, CommentLineStartingWithBracketIsStillAComment) {
    const std::string pgn =
        "[Result \"1-0\"]\n\n1. e4 { [%eval 0.2]\n[%clk 0:02:58] } e5 2. Nf3 1-0\n";
    std::vector<TrainingPosition> out;
    const ReadStats stats = read(pgn, 0, out);
    EXPECT_EQ(stats.games, 1u);
    EXPECT_EQ(stats.skipped_games, 0u);
    EXPECT_EQ(out.size(), 3u);  // before e4, e5 and Nf3
}

TEST(TunePgn, SearchScoresFromMoveCommentsInWhitesView) {
    // lmr-harness writes the mover's score first in each comment: pawns with a sign (none for
    // 0.00) or M<n> for mates. Kept positions carry it from White's point of view.
    const std::string pgn =
        "[Result \"1-0\"]\n\n"
        "1. e4 {+0.35/12 0.101s} 1... e5 {-1.20/10 0.090s} 2. Nf3 {0.00/9 0.050s} 2... Nc6\n"
        "{-M5/20 0.010s} 3. Bb5 {book} 3... a6 4. Ba4 {+M3/7 0.001s} 1-0\n";
    std::vector<TrainingPosition> out;
    read(pgn, 0, out);
    ASSERT_EQ(out.size(), 7u);
    EXPECT_FLOAT_EQ(out[0].searched, 35.0f);    // White's +0.35
    EXPECT_FLOAT_EQ(out[1].searched, 120.0f);   // Black's -1.20 is +1.20 for White
    EXPECT_FLOAT_EQ(out[2].searched, 0.0f);     // "0.00" has no sign
    EXPECT_FLOAT_EQ(out[3].searched, 2000.0f);  // Black is mated: a won score for White
    EXPECT_TRUE(std::isnan(out[4].searched));   // {book}: no score
    EXPECT_TRUE(std::isnan(out[5].searched));   // no comment
    EXPECT_FLOAT_EQ(out[6].searched, 2000.0f);  // White mates
}

}  // namespace
}  // namespace lmr::eval::tune::test
