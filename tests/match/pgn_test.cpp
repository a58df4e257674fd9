#include "harness/match/pgn.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/chess/movegen.hpp"
#include "engine/chess/notation.hpp"
#include "engine/chess/position.hpp"
#include "engine/pgn/move_comment.hpp"
#include "engine/pgn/reader.hpp"
#include "engine/text/text.hpp"

namespace lmr::match {
namespace {

using core::Score;
using core::Termination;

// 2024-05-01T10:00:00Z
const auto kMay1 = std::chrono::system_clock::time_point(std::chrono::seconds(1714557600));

core::MoveRecord engine_move(std::string uci, std::optional<Score> score, int depth,
                             std::int64_t ms) {
    core::MoveRecord m;
    m.uci = std::move(uci);
    m.score = score;
    m.depth = depth;
    m.time_ms = ms;
    return m;
}

core::GameRecord fools_mate() {
    core::GameRecord g;
    g.white = "Alpha";
    g.black = "Beta";
    g.started = kMay1;
    g.time_control = "10+0.1";
    g.moves = {
        engine_move("f2f3", Score::cp(10), 5, 50), engine_move("e7e5", Score::cp(-20), 6, 120),
        engine_move("g2g4", Score::cp(-150), 7, 200), engine_move("d8h4", Score::mate(1), 1, 10)};
    g.result = core::GameResult::kBlackWins;
    g.termination = Termination::kMate;
    g.reason = "Black mates";
    return g;
}

TEST(Pgn, FoolsMateExactText) {
    PgnTags tags;
    tags.event = "Test";
    tags.round = "1";
    const std::string expected =
        "[Event \"Test\"]\n"
        "[Site \"?\"]\n"
        "[Date \"2024.05.01\"]\n"
        "[Round \"1\"]\n"
        "[White \"Alpha\"]\n"
        "[Black \"Beta\"]\n"
        "[Result \"0-1\"]\n"
        "[TimeControl \"10+0.1\"]\n"
        "[Termination \"normal\"]\n"
        "[TerminationDetail \"mate\"]\n"
        "[PlyCount \"4\"]\n"
        "\n"
        "1. f3 {+0.10/5 0.050s} 1... e5 {-0.20/6 0.120s} 2. g4 {-1.50/7 0.200s} 2...\n"
        "Qh4# {+M1/1 0.010s, Black mates} 0-1\n"
        "\n";
    EXPECT_EQ(to_pgn(fools_mate(), tags), expected);
}

core::GameRecord from_fen_game() {
    core::GameRecord g;
    g.white = "Eng \"quoted\" \\ slash";
    g.black = "Other";
    g.start_fen = "4k3/8/8/8/8/8/4P3/4K3 b - - 3 40";
    g.opening_moves = {"e8d7", "e1d2"};
    g.moves = {engine_move("d7e6", Score::cp(-310), 9, 1500),
               engine_move("e2e4", Score::cp(320), 11, 2250),
               engine_move("e6e5", std::nullopt, 0, 7)};
    g.result = std::nullopt;
    g.termination = Termination::kUnterminated;
    g.reason = "game cancelled {interrupted}";
    g.time_control = "-";
    return g;
}

TEST(Pgn, GameFromFenWithBookMovesExactText) {
    const std::string expected =
        "[Event \"?\"]\n"
        "[Site \"?\"]\n"
        "[Date \"????.??.??\"]\n"
        "[Round \"?\"]\n"
        "[White \"Eng \\\"quoted\\\" \\\\ slash\"]\n"
        "[Black \"Other\"]\n"
        "[Result \"*\"]\n"
        "[SetUp \"1\"]\n"
        "[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 3 40\"]\n"
        "[TimeControl \"-\"]\n"
        "[Termination \"unterminated\"]\n"
        "[TerminationDetail \"unterminated\"]\n"
        "[PlyCount \"5\"]\n"
        "[Opening \"test\"]\n"
        "\n"
        "40... Kd7 {book} 41. Kd2 {book} 41... Ke6 {-3.10/9 1.500s} 42. e4\n"
        "{+3.20/11 2.250s} 42... Ke5 {0.007s, game cancelled (interrupted)} *\n"
        "\n";
    PgnTags tags;
    tags.extra = {{"Opening", "test"}};
    EXPECT_EQ(to_pgn(from_fen_game(), tags), expected);
}

TEST(Pgn, RejectsIllegalMovesAndBadFen) {
    core::GameRecord g = fools_mate();
    g.moves[2].uci = "g2g5";
    EXPECT_THROW(to_pgn(g), std::invalid_argument);
    g = fools_mate();
    g.start_fen = "not a fen";
    EXPECT_THROW(to_pgn(g), std::invalid_argument);
}

// fastchess's -pgnout nodes=true seldepth=true nps=true: `n=`, `sd=` and `nps=` after the time,
// in that order and joined by ", ", and the reason after them on the last move.
TEST(Pgn, CommentFieldsInFastchessSpellingWithTheReasonLast) {
    core::GameRecord g = fools_mate();
    for (auto& m : g.moves) {
        m.nodes = 1000 * static_cast<std::uint64_t>(m.depth);
        m.seldepth = m.depth + 3;
    }
    g.moves[0].nps = 250000;  // the engine's own figure wins over nodes / reply time
    const std::string text =
        to_pgn(g, {}, {.fields = {.nodes = true, .seldepth = true, .nps = true}});
    const std::string movetext =
        "\n\n"
        "1. f3 {+0.10/5 0.050s, n=5000, sd=8, nps=250000} 1... e5\n"
        "{-0.20/6 0.120s, n=6000, sd=9, nps=50000} 2. g4\n"
        "{-1.50/7 0.200s, n=7000, sd=10, nps=35000} 2... Qh4#\n"
        "{+M1/1 0.010s, n=1000, sd=4, nps=100000, Black mates} 0-1\n"
        "\n";
    ASSERT_GE(text.size(), movetext.size());
    EXPECT_EQ(text.substr(text.size() - movetext.size()), movetext) << text;
}

TEST(Pgn, EachCommentFieldOnlyWhenAsked) {
    core::GameRecord g = fools_mate();
    g.moves[0].nodes = 5000;
    g.moves[0].seldepth = 8;
    EXPECT_NE(to_pgn(g, {}, {.fields = {.nodes = true}}).find("f3 {+0.10/5 0.050s, n=5000} "),
              std::string::npos);
    EXPECT_NE(to_pgn(g, {}, {.fields = {.seldepth = true}}).find("f3 {+0.10/5 0.050s, sd=8} "),
              std::string::npos);
    EXPECT_NE(to_pgn(g, {}, {.fields = {.nps = true}}).find("f3 {+0.10/5 0.050s, nps=100000} "),
              std::string::npos);
    const std::string plain = to_pgn(g);
    for (const char* item : {"n=", "sd=", "nps="})
        EXPECT_EQ(plain.find(item), std::string::npos) << item << " in\n" << plain;
    // A move answered within the millisecond by an engine that prints no nps: no figure to give.
    g.moves[0].time_ms = 0;
    EXPECT_NE(to_pgn(g, {}, {.fields = {.nps = true}}).find("f3 {+0.10/5 0.000s, nps=0} "),
              std::string::npos);
}

// Every comment item of fastchess's -pgnout.
PgnStyle every_item() {
    PgnStyle style;
    style.fields = {.timeleft = true,
                    .latency = true,
                    .nodes = true,
                    .seldepth = true,
                    .nps = true,
                    .hashfull = true,
                    .tbhits = true,
                    .pv = true};
    return style;
}

PgnStyle style_of(PgnNotation notation, bool minimal) {
    PgnStyle style;
    style.notation = notation;
    style.minimal = minimal;
    return style;
}

// Each move with a clock, the engine's own time, hash use, tablebase hits and a PV that starts
// with the move.
core::GameRecord with_search_figures(core::GameRecord g) {
    std::int64_t clock = 10'000;
    for (std::size_t i = 0; i < g.moves.size(); ++i) {
        auto& m = g.moves[i];
        clock -= m.time_ms;
        m.clock_left_ms = clock;
        m.engine_time_ms = m.time_ms - 2;
        m.nodes = 1000;
        m.hashfull = static_cast<int>(10 * i);
        m.tbhits = i;
        m.pv = {m.uci};
        if (i + 1 < g.moves.size()) m.pv.push_back(g.moves[i + 1].uci);
    }
    return g;
}

// The comments of the first game of `text`, read by the project's PGN reader.
std::vector<std::string> read_comments(const std::string& text) {
    struct Comments : pgn::GameVisitor {
        std::vector<std::string> seen;
        void tag(pgn::Tag) override {}
        void move(std::string_view, std::size_t) override {}
        void comment(std::string_view comment, std::size_t) override { seen.emplace_back(comment); }
        void game_end(const pgn::GameEnd&) override {}
    } visitor;
    pgn::read_games(text, visitor);
    return visitor.seen;
}

// fastchess's -pgnout timeleft= latency= hashfull= tbhits= pv=: each item in fastchess's order
// after `score/depth time`, read back to the move's figures.
TEST(Pgn, EveryFastchessCommentItemInItsOrderReadsBack) {
    const core::GameRecord g = with_search_figures(fools_mate());
    const std::string text = to_pgn(g, {}, every_item());
    std::string one_line = text;
    std::replace(one_line.begin(), one_line.end(), '\n', ' ');
    EXPECT_NE(one_line.find("1. f3 {+0.10/5 0.050s, tl=9.950s, latency=0.002s, n=1000, sd=0, "
                            "nps=20000, hashfull=0, tbhits=0, pv=\"f2f3 e7e5\"} 1... e5"),
              std::string::npos)
        << text;
    const auto comments = read_comments(text);
    ASSERT_EQ(comments.size(), g.moves.size());
    for (std::size_t i = 0; i < g.moves.size(); ++i) {
        const auto& m = g.moves[i];
        const auto read = pgn::parse_move_comment(comments[i]);
        ASSERT_TRUE(read) << comments[i];
        EXPECT_EQ(read->timeleft_ms, m.clock_left_ms) << comments[i];
        EXPECT_EQ(read->latency_ms, 2) << comments[i];
        EXPECT_EQ(read->hashfull, m.hashfull) << comments[i];
        EXPECT_EQ(read->tbhits, m.tbhits) << comments[i];
        EXPECT_EQ(read->pv, text::joined(m.pv, " ")) << comments[i];
        EXPECT_EQ(read->nodes, m.nodes) << comments[i];
    }
    EXPECT_EQ(pgn::parse_move_comment(comments.back())->remark, "Black mates");
    // A PV longer than a line is broken over lines and still reads back whole.
    core::GameRecord long_pv = g;
    long_pv.moves[0].pv.assign(30, "e2e4");
    const auto wrapped = read_comments(to_pgn(long_pv, {}, every_item()));
    EXPECT_EQ(pgn::parse_move_comment(wrapped.at(0))->pv, text::joined(long_pv.moves[0].pv, " "));
}

// tl= only under a clock and latency= only when the engine said how long it searched: neither
// is made up.
TEST(Pgn, TimeleftAndLatencyOnlyWhenKnown) {
    core::GameRecord g = fools_mate();  // no clock, no reported time
    const std::string text = to_pgn(g, {}, every_item());
    EXPECT_EQ(text.find("tl="), std::string::npos) << text;
    EXPECT_EQ(text.find("latency="), std::string::npos) << text;
    EXPECT_NE(text.find("hashfull=0, tbhits=0, pv=\"\""), std::string::npos) << text;
}

// notation=lan: the origin square always (pawns too), captures with 'x', checks; notation=uci.
TEST(Pgn, LongAlgebraicAndUciMovetext) {
    core::GameRecord g = fools_mate();
    g.moves.insert(g.moves.begin() + 2,
                   {engine_move("b1c3", {}, 1, 1), engine_move("b8c6", {}, 1, 1)});
    g.moves.back().uci = "d8h4";
    const auto movetext = [](const std::string& pgn) {
        std::string text = pgn.substr(pgn.find("\n\n") + 2);
        text.erase(std::remove(text.begin(), text.end(), '\n'), text.end());
        return text;
    };
    PgnStyle style;
    style.minimal = true;  // moves only
    style.notation = PgnNotation::kLan;
    EXPECT_EQ(movetext(to_pgn(g, {}, style)), "1. f2f3 e7e5 2. Nb1c3 Nb8c6 3. g2g4 Qd8h4# 0-1");
    style.notation = PgnNotation::kUci;
    EXPECT_EQ(movetext(to_pgn(g, {}, style)), "1. f2f3 e7e5 2. b1c3 b8c6 3. g2g4 d8h4 0-1");
    const chess::Position pos =
        *chess::Position::from_fen("r3k2r/1P6/8/3p4/4P3/8/8/R3K2R w KQkq - 0 1");
    EXPECT_EQ(chess::to_lan(pos, chess::parse_uci(pos, "e4d5")), "e4xd5");
    EXPECT_EQ(chess::to_lan(pos, chess::parse_uci(pos, "b7a8q")), "b7xa8=Q+");
    EXPECT_EQ(chess::to_lan(pos, chess::parse_uci(pos, "e1c1")), "O-O-O");
    EXPECT_EQ(chess::to_lan(pos, chess::parse_uci(pos, "a1a8")), "Ra1xa8+");
}

// min=true: the Seven Tag Roster (and SetUp/FEN off the standard start), no comment at all.
TEST(Pgn, MinimalFormHasTheRosterAndNoComment) {
    const std::string text =
        to_pgn(with_search_figures(fools_mate()), {}, style_of(PgnNotation::kSan, true));
    EXPECT_EQ(text.find('{'), std::string::npos) << text;
    for (const char* tag : {"TimeControl", "Termination", "PlyCount"})
        EXPECT_EQ(text.find(tag), std::string::npos) << tag << " in\n" << text;
    EXPECT_NE(text.find("[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 0-1"), std::string::npos) << text;
    const std::string from_fen = to_pgn(from_fen_game(), {}, style_of(PgnNotation::kSan, true));
    EXPECT_NE(from_fen.find("[SetUp \"1\"]\n[FEN "), std::string::npos) << from_fen;
}

// The game ended in the book position: the reason joins the last book move's comment.
core::GameRecord mate_in_the_book() {
    core::GameRecord g;
    g.white = "Alpha";
    g.black = "Beta";
    g.started = kMay1;
    g.time_control = "10+0.1";
    g.opening_moves = {"f2f3", "e7e5", "g2g4", "d8h4"};
    g.result = core::GameResult::kBlackWins;
    g.termination = Termination::kMate;
    g.reason = "Black mates";
    return g;
}

TEST(Pgn, WithoutEngineMovesTheReasonJoinsTheLastBookMove) {
    const std::string text = to_pgn(mate_in_the_book());
    EXPECT_NE(text.find("\n\n1. f3 {book} 1... e5 {book} 2. g4 {book} 2... Qh4# {book, Black "
                        "mates} 0-1\n\n"),
              std::string::npos)
        << text;
}

// The game ended where it started (a stalemate from the book): the reason is its one comment.
core::GameRecord stalemate_at_the_start() {
    core::GameRecord g;
    g.white = "Alpha";
    g.black = "Beta";
    g.start_fen = "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1";
    g.result = core::GameResult::kDraw;
    g.termination = Termination::kStalemate;
    g.reason = "stalemate";
    return g;
}

TEST(Pgn, WithoutAnyMoveTheReasonIsTheOnlyComment) {
    const std::string text = to_pgn(stalemate_at_the_start());
    EXPECT_NE(text.find("[PlyCount \"0\"]\n\n{stalemate} 1/2-1/2\n\n"), std::string::npos) << text;
}

// A long game of random legal moves (fixed seed), so lines wrap many times.
core::GameRecord random_game(unsigned seed) {
    core::GameRecord g;
    g.white = "Random A";
    g.black = "Random B";
    g.started = kMay1;
    g.time_control = "40/60+0.6";
    chess::Position pos = chess::Position::startpos();
    std::mt19937 rng(seed);
    for (int ply = 0; ply < 160; ++ply) {
        chess::MoveList list;
        chess::generate(pos, list);
        if (list.empty()) break;
        const chess::Move m = list[static_cast<int>(rng() % list.size())];
        core::MoveRecord r =
            engine_move(chess::to_uci(m), Score::cp(static_cast<int>(rng() % 2001) - 1000),
                        static_cast<int>(rng() % 30) + 1, static_cast<std::int64_t>(rng() % 5000));
        if (ply % 7 == 3) r.score = Score::mate(static_cast<int>(rng() % 21) - 10);
        g.moves.push_back(r);
        pos.make_move(m);
    }
    chess::MoveList replies;
    chess::generate(pos, replies);
    if (replies.empty() && pos.in_check()) {
        g.result = pos.side_to_move() == chess::kWhite ? core::GameResult::kBlackWins
                                                       : core::GameResult::kWhiteWins;
        g.termination = Termination::kMate;
        g.reason = pos.side_to_move() == chess::kWhite ? "Black mates" : "White mates";
    } else if (replies.empty()) {
        g.result = core::GameResult::kDraw;
        g.termination = Termination::kStalemate;
        g.reason = "stalemate";
    } else {
        g.result = core::GameResult::kDraw;
        g.termination = Termination::kAdjudication;
        g.reason = "draw adjudication: |score| <= 10 cp for 8 moves of both sides";
    }
    return g;
}

// Never two comments in a row: some widely used PGN readers reject them.
TEST(Pgn, OneCommentPerMove) {
    for (unsigned seed : {1u, 2u, 3u, 7u}) {
        for (const PgnStyle& style : {PgnStyle{}, every_item()}) {
            std::string text = to_pgn(random_game(seed), {}, style);
            std::replace(text.begin(), text.end(), '\n', ' ');
            EXPECT_EQ(text.find("} {"), std::string::npos) << text;
        }
    }
}

TEST(Pgn, LinesAtMost79Characters) {
    const std::string text = to_pgn(random_game(7));
    std::istringstream in(text);
    std::string line;
    int lines = 0;
    while (std::getline(in, line)) {
        ++lines;
        if (line.starts_with("[")) continue;
        EXPECT_LE(line.size(), 79u) << line;
    }
    EXPECT_GT(lines, 20);
}

// A played game's records carry their SAN (match::Game writes it); the PGN made with it is the
// PGN made from the moves alone, checks, mates, castling and promotions included.
TEST(Pgn, TheRecordsSanGivesTheSamePgn) {
    for (unsigned seed : {1u, 2u, 3u, 7u, 11u}) {
        const core::GameRecord plain = random_game(seed);
        core::GameRecord with_san = plain;
        chess::Position pos = chess::Position::startpos();
        for (core::MoveRecord& m : with_san.moves) {
            const chess::Move move = chess::parse_uci(pos, m.uci);
            m.san = chess::to_san(pos, move);
            pos.make_move(move);
        }
        for (const PgnStyle& style : {PgnStyle{}, every_item(), style_of(PgnNotation::kLan, false),
                                      style_of(PgnNotation::kSan, true)})
            EXPECT_EQ(to_pgn(with_san, {}, style), to_pgn(plain, {}, style)) << seed;
    }
}

// --- pgn-extract (Debian package pgn-extract) must read our PGN without complaint ---

std::string find_pgn_extract() {
    for (const char* path :
         {"/usr/games/pgn-extract", "/usr/bin/pgn-extract", "/usr/local/bin/pgn-extract"})
        if (access(path, X_OK) == 0) return path;
    return {};
}

std::string read_file(const std::filesystem::path& path) {
    std::ifstream in(path);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

struct ExtractResult {
    int status = -1;
    std::string output;       // pgn-extract's re-export (UCI moves)
    std::string diagnostics;  // its stderr / log
};

ExtractResult run_pgn_extract(const std::string& tool, const std::string& pgn) {
    const auto dir =
        std::filesystem::temp_directory_path() / ("lmr_pgn_test_" + std::to_string(getpid()));
    std::filesystem::create_directories(dir);
    const auto in = dir / "in.pgn", out = dir / "out.pgn", log = dir / "log.txt";
    std::ofstream(in) << pgn;
    // -s: no per-game chatter; --nobadresults: reject a Result that contradicts the game;
    // -Wuci: re-export the moves in UCI form so we can compare them with ours.
    const std::string command = tool + " -s --nobadresults -Wuci -o" + out.string() + " -l" +
                                log.string() + " " + in.string();
    ExtractResult r;
    r.status = std::system(command.c_str());
    r.output = read_file(out);
    r.diagnostics = read_file(log);
    std::filesystem::remove_all(dir);
    return r;
}

// The moves of one game in the order pgn-extract wrote them (-Wuci: "e2e4 e7e5 ...").
std::vector<std::string> exported_moves(const std::string& output) {
    std::vector<std::string> moves;
    std::istringstream in(output);
    std::string line;
    while (std::getline(in, line)) {
        if (line.empty() || line[0] == '[') continue;
        std::istringstream words(line);
        std::string w;
        while (words >> w) {
            if (w == "1-0" || w == "0-1" || w == "1/2-1/2" || w == "*") continue;
            // pgn-extract writes the promotion piece in upper case (e7e8Q); UCI uses lower case.
            for (char& c : w) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
            moves.push_back(w);
        }
    }
    return moves;
}

void expect_pgn_extract_accepts(const core::GameRecord& game, const PgnStyle& style = {}) {
    const std::string tool = find_pgn_extract();
    if (tool.empty()) GTEST_SKIP() << "pgn-extract is not installed (Debian package pgn-extract)";
    const std::string pgn = to_pgn(game, {}, style);
    const ExtractResult r = run_pgn_extract(tool, pgn);
    EXPECT_EQ(r.status, 0);
    EXPECT_EQ(r.diagnostics, "") << "pgn-extract complained about:\n" << pgn;
    std::vector<std::string> ours = game.opening_moves;
    for (const auto& m : game.moves) ours.push_back(m.uci);
    EXPECT_EQ(exported_moves(r.output), ours) << r.output;
    EXPECT_NE(r.output.find("[Result \"" + std::string(core::result_token(game.result)) + "\"]"),
              std::string::npos);
}

// Proves the check has teeth: pgn-extract does report an illegal move on its log.
TEST(PgnExtract, FlagsABrokenGame) {
    const std::string tool = find_pgn_extract();
    if (tool.empty()) GTEST_SKIP() << "pgn-extract is not installed (Debian package pgn-extract)";
    std::string pgn = to_pgn(fools_mate());
    pgn.replace(pgn.find("g4"), 2, "g5");
    EXPECT_NE(run_pgn_extract(tool, pgn).diagnostics, "");
}

TEST(PgnExtract, AcceptsFoolsMate) {
    expect_pgn_extract_accepts(fools_mate());
}
TEST(PgnExtract, AcceptsGameFromFen) {
    expect_pgn_extract_accepts(from_fen_game());
}
TEST(PgnExtract, AcceptsLongRandomGames) {
    for (unsigned seed : {1u, 2u, 3u, 4u, 5u, 6u}) expect_pgn_extract_accepts(random_game(seed));
}
TEST(PgnExtract, AcceptsEveryCommentField) {
    expect_pgn_extract_accepts(with_search_figures(random_game(8)), every_item());
}
// pgn-extract reads the long algebraic and the UCI movetext back to the same moves, and the
// minimal form.
TEST(PgnExtract, AcceptsEachNotationAndTheMinimalForm) {
    for (const auto notation : {PgnNotation::kLan, PgnNotation::kUci})
        for (unsigned seed : {9u, 10u, 11u})
            expect_pgn_extract_accepts(random_game(seed), style_of(notation, false));
    expect_pgn_extract_accepts(from_fen_game(), style_of(PgnNotation::kLan, true));
}
TEST(PgnExtract, AcceptsAGameThatEndedInTheBook) {
    expect_pgn_extract_accepts(mate_in_the_book());
}
TEST(PgnExtract, AcceptsAGameWithoutMoves) {
    expect_pgn_extract_accepts(stalemate_at_the_start());
}

}  // namespace
}  // namespace lmr::match
