// The PVs lmr-engine prints, checked as fastchess checks them (its PV verification, read
// from its source; this checker is our own): every move of every "info ... pv" line is legal
// when replayed on the position searched, with its game history; no move follows a position
// where the game is over (checkmate, stalemate, threefold repetition, fifty-move rule); the
// last PV printed before "bestmove" starts with the bestmove; and, as -check-mate-pvs adds,
// an exact mate score comes with a PV of exactly that many plies that ends in checkmate.
// Real searches (depth, nodes, movetime, stop mid-search) from mate and ordinary positions.
#include <gtest/gtest.h>

#include <chrono>
#include <sstream>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "engine/chess/movegen.hpp"
#include "engine/chess/notation.hpp"
#include "engine/chess/position.hpp"
#include "engine/uci/command.hpp"
#include "engine/uci/engine.hpp"

namespace lmr::uci {
namespace {

std::vector<std::string> split_lines(const std::string& text) {
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    return lines;
}

std::vector<std::string> split_words(const std::string& line) {
    std::vector<std::string> words;
    std::istringstream in(line);
    for (std::string w; in >> w;) words.push_back(w);
    return words;
}

// The legal move of pos spelled `text` in UCI, found by generating every legal move (not by
// the engine's own parser); none() if there is none.
chess::Move find_legal(const chess::Position& pos, const std::string& text) {
    chess::MoveList list;
    chess::generate(pos, list);
    for (const chess::Move m : list) {
        if (chess::to_uci(m) == text) return m;
    }
    return chess::Move::none();
}

// Why the game is over in pos ("" if it is not), as fastchess decides it for PVs:
// insufficient material is not counted.
std::string game_over(const chess::Position& pos) {
    chess::MoveList list;
    chess::generate(pos, list);
    if (list.empty()) return pos.in_check() ? "checkmate" : "stalemate";
    if (pos.is_repetition_threefold()) return "threefold repetition";
    if (pos.halfmove_clock() >= 100) return "fifty-move rule";
    return "";
}

struct InfoPv {
    std::vector<std::string> pv;
    bool mate = false;
    int score = 0;
    bool bound = false;
};

InfoPv parse_info(const std::vector<std::string>& words) {
    InfoPv info;
    for (std::size_t i = 0; i < words.size(); ++i) {
        if (words[i] == "score" && i + 2 < words.size()) {
            info.mate = words[i + 1] == "mate";
            info.score = std::stoi(words[i + 2]);
        } else if (words[i] == "lowerbound" || words[i] == "upperbound") {
            info.bound = true;
        } else if (words[i] == "pv") {
            info.pv.assign(words.begin() + static_cast<std::ptrdiff_t>(i) + 1, words.end());
            break;
        }
    }
    return info;
}

// Every violation in the output of one search from root (a position with its game history).
std::vector<std::string> pv_violations(const chess::Position& root, const std::string& output) {
    std::vector<std::string> problems;
    std::vector<std::string> last_pv;
    std::string bestmove;
    int pv_lines = 0;
    for (const std::string& line : split_lines(output)) {
        const auto words = split_words(line);
        if (words.empty()) continue;
        if (words[0] == "bestmove") {
            bestmove = words.size() > 1 ? words[1] : "";
            continue;
        }
        if (words[0] != "info" || (words.size() > 1 && words[1] == "string")) continue;
        const InfoPv info = parse_info(words);
        if (info.pv.empty()) continue;
        ++pv_lines;
        last_pv = info.pv;
        chess::Position pos = root;
        bool complete = true;
        for (const std::string& text : info.pv) {
            const std::string over = game_over(pos);
            if (!over.empty()) {
                problems.push_back("PV continues after " + over + " (" + text + "): " + line);
                complete = false;
                break;
            }
            const chess::Move m = find_legal(pos, text);
            if (m == chess::Move::none()) {
                problems.push_back("illegal PV move " + text + ": " + line);
                complete = false;
                break;
            }
            pos.make_move(m);
        }
        if (complete && info.mate && !info.bound) {
            const int plies = info.score > 0 ? 2 * info.score - 1 : -2 * info.score;
            if (static_cast<int>(info.pv.size()) != plies) {
                problems.push_back("mating PV of " + std::to_string(info.pv.size()) +
                                   " plies for " + std::to_string(plies) + ": " + line);
            } else if (game_over(pos) != "checkmate") {
                problems.push_back("mating PV does not end in checkmate: " + line);
            }
        }
    }
    if (bestmove.empty()) {
        problems.push_back("no bestmove");
    } else if (bestmove != "0000" && find_legal(root, bestmove) == chess::Move::none()) {
        problems.push_back("illegal bestmove " + bestmove);
    } else if (pv_lines > 0 && last_pv.front() != bestmove) {
        problems.push_back("bestmove " + bestmove + " does not start the last PV (" +
                           last_pv.front() + ")");
    }
    return problems;
}

// An in-process engine; each search's output is checked on its own.
class PvSession {
  public:
    explicit PvSession(const std::vector<std::string>& setup = {"setoption name Hash value 8"}) {
        for (const std::string& command : setup) engine_.execute(command);
    }

    void position(const std::string& args) {
        engine_.execute("position " + args);
        const auto pos = parse_position(tokenize(args));
        if (!pos) throw std::invalid_argument("bad test position: " + args);
        root_ = *pos;
    }
    void new_game() { engine_.execute("ucinewgame"); }

    // Runs "go ..." (then "stop" after stop_after_ms when given) and returns the violations.
    std::vector<std::string> go(const std::string& args, int stop_after_ms = -1) {
        const std::size_t from = out_.str().size();
        engine_.execute("go " + args);
        if (stop_after_ms >= 0) {
            std::this_thread::sleep_for(std::chrono::milliseconds(stop_after_ms));
            engine_.execute("stop");
        }
        engine_.wait_for_search();
        last_output_ = out_.str().substr(from);
        return pv_violations(root_, last_output_);
    }
    const std::string& last_output() const { return last_output_; }
    const chess::Position& root() const { return root_; }

  private:
    std::ostringstream out_;
    Engine engine_{out_};
    chess::Position root_ = chess::Position::startpos();
    std::string last_output_;
};

std::string describe(const std::string& where, const std::vector<std::string>& problems,
                     const std::string& output) {
    std::string text = where + ":\n";
    for (const auto& p : problems) text += "  " + p + "\n";
    return text + output;
}

#define EXPECT_CLEAN(session, where, problems)                                             \
    do {                                                                                   \
        const auto found_ = (problems);                                                    \
        EXPECT_TRUE(found_.empty()) << describe((where), found_, (session).last_output()); \
    } while (false)

// The checker itself: it must see what fastchess sees.
TEST(PvChecker, FlagsEveryKindOfViolation) {
    const auto root = *parse_position(tokenize("fen 6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1"));
    const std::string good =
        "info depth 3 seldepth 2 multipv 1 score mate 1 nodes 10 nps 10 hashfull 0 time 1 pv "
        "d1d8\nbestmove d1d8\n";
    EXPECT_TRUE(pv_violations(root, good).empty());
    const auto after_mate = pv_violations(
        root,
        "info depth 3 seldepth 2 multipv 1 score mate 1 nodes 1 nps 1 hashfull 0 time 1 pv d1d8 "
        "g8h8\nbestmove d1d8\n");
    ASSERT_EQ(after_mate.size(), 1u);
    EXPECT_NE(after_mate[0].find("after checkmate"), std::string::npos);
    const auto illegal =
        pv_violations(root, "info depth 1 score cp 5 pv g1f1 e2e4\nbestmove g1f1\n");
    ASSERT_EQ(illegal.size(), 1u);
    EXPECT_NE(illegal[0].find("illegal PV move e2e4"), std::string::npos);
    const auto mismatch =
        pv_violations(root, "info depth 1 score cp 5 pv g1f1 g8f8\nbestmove d1d8\n");
    ASSERT_EQ(mismatch.size(), 1u);
    EXPECT_NE(mismatch[0].find("does not start the last PV"), std::string::npos);
    EXPECT_EQ(pv_violations(root, "info depth 1 score mate 2 pv d1d8\nbestmove d1d8\n").size(), 1u);
    EXPECT_EQ(pv_violations(root, "info depth 1 score cp 0\n").size(), 1u);  // no bestmove
    const auto stalemate =
        pv_violations(*parse_position(tokenize("fen 7k/8/8/8/8/8/6Q1/K7 w - - 0 1")),
                      "info depth 1 score cp 0 pv g2g6 h8h7\nbestmove g2g6\n");
    ASSERT_EQ(stalemate.size(), 1u);
    EXPECT_NE(stalemate[0].find("after stalemate"), std::string::npos);
    // Threefold repetition with the game history, and the fifty-move rule.
    const auto rep = *parse_position(tokenize("startpos moves g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1"));
    EXPECT_EQ(pv_violations(rep, "info depth 1 score cp 0 pv f6g8 g1f3\nbestmove f6g8\n").size(),
              1u);
    const auto fifty = *parse_position(tokenize("fen 8/8/3k4/8/8/4K3/8/R7 w - - 99 80"));
    EXPECT_EQ(
        pv_violations(fifty, "info depth 1 score cp 500 pv a1a2 d6d5\nbestmove a1a2\n").size(), 1u);
}

struct MateCase {
    const char* fen;
    int mate;  // moves, negative when the side to move is mated
};

const MateCase kMates[] = {
    {"6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", 1},  // back rank: Rd8#
    {"6rk/6pp/8/6N1/8/8/8/1Q4K1 w - - 0 1", 1},    // Qh7#
    {"r2qk2r/pb4pp/1n2Pb2/2B2Q2/p1p5/2P5/2B2PPP/RN2R1K1 w - - 1 1", 2},
    {"k7/8/2K5/8/8/8/8/7R w - - 0 1", 2},
    {"6k1/6pp/8/8/8/8/1Q3PPP/1R4K1 w - - 0 1", 3},
    {"k7/8/8/3K4/8/8/8/7R w - - 0 1", 3},
    {"k7/8/1K6/8/8/8/8/7R b - - 0 1", -1},
    {"2k5/8/2K5/8/8/8/8/7R b - - 0 1", -2},
};

TEST(PvOutput, MatePositionsAtEveryDepthAndNodeCount) {
    PvSession s;
    for (const MateCase& c : kMates) {
        s.new_game();
        s.position(std::string("fen ") + c.fen);
        for (int depth = 1; depth <= 12; ++depth) {
            EXPECT_CLEAN(s, std::string(c.fen) + " depth " + std::to_string(depth),
                         s.go("depth " + std::to_string(depth)));
        }
        // The deepest search finds the mate and prints it complete.
        const std::string mate = "score mate " + std::to_string(c.mate) + " ";
        EXPECT_NE(s.last_output().find(mate), std::string::npos) << c.fen << "\n"
                                                                 << s.last_output();
        s.new_game();
        for (const int nodes : {1, 50, 200, 700, 2500, 9000, 30000}) {
            EXPECT_CLEAN(s, std::string(c.fen) + " nodes " + std::to_string(nodes),
                         s.go("nodes " + std::to_string(nodes)));
        }
        for (const int ms : {1, 5, 20}) {
            EXPECT_CLEAN(s, std::string(c.fen) + " movetime " + std::to_string(ms),
                         s.go("movetime " + std::to_string(ms)));
        }
        EXPECT_CLEAN(s, std::string(c.fen) + " infinite, stop", s.go("infinite", 30));
    }
}

const char* const kOrdinary[] = {
    "startpos",
    "fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "fen r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 8",
    "fen 2r3k1/pp3pp1/4p2p/3pP3/3P1P2/P1R3P1/1P4KP/8 b - - 0 30",
    "fen 8/5pk1/6p1/3R4/7P/6P1/r4P2/6K1 w - - 3 45",
    "fen r1b2rk1/ppq2ppp/2n1p3/3pP3/3P4/P1PB1N2/5PPP/R2QK2R w KQ - 1 12",
};

// Node limits end iterations at every stage (deterministic); stop and movetime at random ones.
TEST(PvOutput, InterruptedSearchesFromOrdinaryPositions) {
    PvSession s;
    for (const char* position : kOrdinary) {
        s.new_game();
        s.position(position);
        for (const int nodes : {300, 1100, 2600, 4700, 8100, 13000, 21000, 34000, 55000}) {
            EXPECT_CLEAN(s, std::string(position) + " nodes " + std::to_string(nodes),
                         s.go("nodes " + std::to_string(nodes)));
        }
        for (const int ms : {2, 10, 40}) {
            EXPECT_CLEAN(s, std::string(position) + " stop after " + std::to_string(ms),
                         s.go("infinite", ms));
            EXPECT_CLEAN(s, std::string(position) + " movetime " + std::to_string(ms),
                         s.go("movetime " + std::to_string(ms)));
        }
        EXPECT_CLEAN(s, std::string(position) + " clock",
                     s.go("wtime 400 btime 400 winc 10 binc 10"));
    }
}

// Game history counts: a PV must stop at a threefold repetition or the fifty-move rule that
// the game's own moves make possible.
TEST(PvOutput, RepetitionAndFiftyMoveRuleEndThePv) {
    PvSession s;
    s.position("startpos moves g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1");
    for (const int depth : {1, 4, 8}) {
        EXPECT_CLEAN(s, "repetition depth " + std::to_string(depth),
                     s.go("depth " + std::to_string(depth)));
    }
    s.position("fen 8/8/3k4/8/8/4K3/8/R7 w - - 97 80");
    for (const int depth : {1, 4, 8}) {
        EXPECT_CLEAN(s, "fifty-move depth " + std::to_string(depth),
                     s.go("depth " + std::to_string(depth)));
    }
}

// Whole games of node-limited self-play, every search checked with the game so far.
TEST(PvOutput, SelfPlayGames) {
    PvSession s;
    const char* const openings[] = {"startpos moves e2e4 e7e5 g1f3 b8c6 f1b5 a7a6",
                                    "startpos moves d2d4 d7d5 c2c4 e7e6 b1c3 g8f6",
                                    "fen 8/5pk1/6p1/3R4/7P/6P1/r4P2/6K1 w - - 3 45"};
    for (const char* opening : openings) {
        s.new_game();
        std::string moves = opening;
        if (moves.find(" moves ") == std::string::npos) moves += " moves";
        for (int ply = 0; ply < 80; ++ply) {
            s.position(moves);
            if (!game_over(s.root()).empty()) break;
            EXPECT_CLEAN(s, moves, s.go(ply % 3 == 0 ? "nodes 6000" : "nodes 2500"));
            std::string best;
            for (const auto& line : split_lines(s.last_output())) {
                if (line.rfind("bestmove ", 0) == 0) best = split_words(line)[1];
            }
            ASSERT_FALSE(best.empty());
            moves += " " + best;
        }
    }
}

// A game lmr-harness's PV checks caught (docs/pv-checks.md): rebel-expert as Black at 30,000
// nodes a move, the default hash. At ply 127 the node limit stopped the depth-18 iteration after
// its first pass had failed high with mate 15 and before the re-search returned; the extra last
// line gave that score as exact, with the fail high's one-move PV (fastchess: "Incomplete mating
// PV"). It is a lower bound. Every search of the game is replayed as the harness played it, with
// the search that played it: rebel-expert as it was then, step 5 read as first_attack.
TEST(PvOutput, AFailHighCaughtByTheNodeLimitStaysABound) {
    PvSession s({"setoption name Config value " + std::string(LMR_SOURCE_DIR) +
                 "/tests/uci/rebel-expert-first-attack.json"});
    const auto moves = split_words(
        "g7g5 h4g3 e6d5 h2h4 f6e4 c3e4 d5e4 f3d2 g5g4 d1c2 c8f5 e1c1 e7d6 f1c4 b8c6 c4f7 g8f7 "
        "c2c6 d6g3 f2g3 d8d6 c6d6 c7d6 h1f1 a8c8 c1b1 f7e6 f1f4 d6d5 h4h5 f8f7 d1f1 c8g8 d2b3 "
        "g8g5 f1h1 e6d6 b3c1 b6b5 c1b3 b5b4 f4f1 d6c6 f1c1 c6b6 b3c5 b6a5 b1c2 a5b5 c2b3 f7c7 "
        "c1g1 a7a5 h1h2 c7f7 g1c1 f7c7 a2a4 b5b6 c1c2 c7f7 h2h4 f5c8 b3a2 f7f1 c5e4 c8f5 c2f2 "
        "f1e1 e4c5 f5b1 a2a1 b1h7 a1a2 g5f5 f2f4 f5f4 e3f4 h7b1 a2a1 b1f5 a1a2 e1g1 h4h2 g1d1 "
        "c5b3 f5b1 a2a1 b1d3 a1a2 d3c4 f4f5 d1d4 f5f6 d4d3 a2b1 c4b3 h2h1 d5d4 h1f1 b3f7 f1e1 "
        "b4b3 b1c1 d3e3 e1f1 e3g3 f1f2 b6c6 c1d1 c6d5 d1e1 d5e4 e1d1 g3d3 d1c1 d3e3 c1d2 d4d3 "
        "g2g3 e3g3 f2h2 g3g1 h2h4 g1g2 d2d1 e4e3");
    std::string game = "fen rnbq1rk1/p1p1bpp1/1p2pn1p/3P4/3P3B/2N1PN2/PP3PPP/R2QKB1R b KQ - 0 8";
    s.new_game();
    bool caught = false;
    for (std::size_t ply = 0; ply < moves.size(); ++ply) {
        if (ply % 2 == 0) {  // Black's move: the engine's
            s.position(game);
            EXPECT_CLEAN(s, game, s.go("nodes 30000"));
            caught =
                caught || s.last_output().find("score mate 15 lowerbound") != std::string::npos;
        }
        game += (ply == 0 ? " moves " : " ") + moves[ply];
    }
    // A test that skipped here would hide exactly the change that matters: fail, so that a
    // change to the search that loses the scenario replaces it with another on purpose.
    EXPECT_TRUE(caught) << "the search has changed and no longer stops in that fail high: the "
                           "game still passed, but no longer tests the case; find another game";
}

}  // namespace
}  // namespace lmr::uci
