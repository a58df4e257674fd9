// The UCI Engine driven in-process: every answer read after the search thread is joined.
#include "engine/uci/engine.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "engine/chess/notation.hpp"
#include "engine/lmr/params.hpp"
#include "engine/uci/command.hpp"

namespace lmr::uci {
namespace {

std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    return lines;
}

std::string last_bestmove(const std::string& text) {
    std::string best;
    for (const auto& l : lines_of(text)) {
        if (l.rfind("bestmove ", 0) == 0) best = l;
    }
    return best;
}

struct Session {
    std::ostringstream out;
    Engine engine{out};
    void send(const std::string& line) { engine.execute(line); }
    std::string finish() {
        engine.wait_for_search();
        return out.str();
    }
};

// UCI: "If the engine or the GUI receives an unknown command or token it should just ignore it
// and try to parse the rest of the string in this line." Ignored, but said, as Stockfish does.
TEST(Engine, AnUnknownCommandIsSaidAndTheRestOfItsLineParsed) {
    Session s;
    s.send("frobnicate now");
    s.send("joho isready");
    s.send("debug on");
    s.send("register later");
    const auto lines = lines_of(s.finish());
    const std::vector<std::string> expected{"info string unknown command: frobnicate now",
                                            "info string unknown command: joho", "readyok"};
    EXPECT_EQ(lines, expected);
}

TEST(Engine, UciHandshakeListsEveryOption) {
    Session s;
    s.send("uci");
    s.send("isready");
    const std::string text = s.finish();
    EXPECT_NE(text.find("id name LMR Lab engine\n"), std::string::npos);
    EXPECT_NE(text.find("id author "), std::string::npos);
    for (const char* name :
         {"Hash", "Threads", "Clear Hash", "Move Overhead", "Config", "LmrStats"}) {
        EXPECT_NE(text.find(std::string("option name ") + name + " type"), std::string::npos)
            << name;
    }
    for (const auto& spec : reduction::tunable_params()) {
        EXPECT_NE(text.find("option name " + spec.name + " type"), std::string::npos) << spec.name;
    }
    // Stockfish's declaration, so that a manager setting it for Stockfish sets it here too
    EXPECT_NE(text.find("option name nodestime type spin default 0 min 0 max 10000\n"),
              std::string::npos);
    const auto lines = lines_of(text);
    ASSERT_GE(lines.size(), 2u);
    EXPECT_EQ(lines[lines.size() - 2], "uciok");
    EXPECT_EQ(lines.back(), "readyok");
}

// The nodes that `info` lines report last before `bestmove`, and the bestmove, of each search.
std::vector<std::string> searches_of(const std::string& text) {
    std::vector<std::string> searches;
    std::string nodes;
    for (const auto& l : lines_of(text)) {
        if (const auto at = l.find(" nodes "); l.rfind("info ", 0) == 0 && at != std::string::npos)
            nodes = tokenize(l.substr(at))[1];
        if (l.rfind("bestmove ", 0) == 0) searches.push_back(nodes + " " + l);
    }
    return searches;
}

// With nodestime the clocks a manager sends after the first search are not read: a manager on a
// loaded machine (small clocks) and one on an idle machine (large) get the same searches.
TEST(Engine, NodestimePlaysTheSameWhateverClocksFollowTheFirst) {
    auto play = [](const std::vector<std::string>& later_clocks) {
        Session s;
        s.send("setoption name nodestime value 200");
        s.send("ucinewgame");
        s.send("position startpos");
        s.send("go wtime 3000 btime 3000 winc 30 binc 30");
        s.finish();
        std::string moves = "position startpos moves e2e4 e7e5";
        for (const std::string& clock : later_clocks) {
            s.send(moves);
            s.send("go " + clock);
            s.engine.wait_for_search();
        }
        return searches_of(s.finish());
    };
    const auto idle =
        play({"wtime 2990 btime 3000 winc 30 binc 30", "wtime 2985 btime 3000 winc 30 binc 30"});
    const auto loaded =
        play({"wtime 400 btime 3000 winc 30 binc 30", "wtime 60000 btime 3000 winc 30 binc 30"});
    ASSERT_EQ(idle.size(), 3u);
    EXPECT_EQ(idle, loaded);
}

// The budget is the first clock times the rate: 3 s at 200 nodes/ms are 600,000 nodes for the
// game, and the first move of a 40-move horizon gets a share of them, not of the wall clock.
TEST(Engine, NodestimeSpendsAShareOfTheNodeBudget) {
    Session s;
    s.send("setoption name nodestime value 200");
    s.send("position startpos");
    s.send("go wtime 3000 btime 3000");
    const auto searches = searches_of(s.finish());
    ASSERT_EQ(searches.size(), 1u);
    const long nodes = std::stol(std::string(tokenize(searches[0])[0]));
    EXPECT_GT(nodes, 600'000 / 100) << searches[0];
    EXPECT_LT(nodes, 600'000 / 4) << searches[0];  // at most the hard limit, a quarter
}

// A manager reads a move's nodes from the last info line before bestmove: to record them, and to
// charge a clock counted in nodes (nodestime), which must be what the engine's own nodestime
// budget spent. A search stopped inside an iteration by its node limit searched on after its
// last iteration's line: its last line counts the whole search, so at least the limit (the
// search stops at the first node past it), and when it only brings the count up to date it
// repeats the line before in all else (depth, score, PV: what a manager adjudicates on).
TEST(Engine, TheLastInfoLineCountsTheWholeSearch) {
    const auto without_counts = [](const std::string& line) {
        std::string kept;
        const auto words = tokenize(line);
        for (std::size_t i = 0; i < words.size(); ++i) {
            if (words[i] == "nodes" || words[i] == "nps" || words[i] == "time" ||
                words[i] == "hashfull") {
                ++i;
                continue;
            }
            kept += std::string(words[i]) + " ";
        }
        return kept;
    };
    int repeats = 0;
    for (const char* position :
         {"startpos", "fen r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N2N2/PP2BPPP/R2QKB1R w KQ - 0 9"}) {
        for (const long limit : {5'000L, 30'000L, 137'000L}) {
            Session s;
            s.send(std::string("position ") + position);
            s.send("go nodes " + std::to_string(limit));
            std::vector<std::string> info;
            for (const auto& l : lines_of(s.finish()))
                if (l.rfind("info depth ", 0) == 0) info.push_back(l);
            const std::string where = std::string(position) + " nodes " + std::to_string(limit);
            ASSERT_GE(info.size(), 2u) << where;
            const std::string& last = info.back();
            const std::string& before = info[info.size() - 2];
            const auto nodes_of = [](const std::string& line) {
                return std::stol(std::string(tokenize(line.substr(line.find(" nodes ")))[1]));
            };
            EXPECT_GE(nodes_of(last), limit) << where << "\n" << last;
            const auto pv_of = [](const std::string& line) {
                return line.substr(line.find(" pv "));
            };
            if (pv_of(last).substr(0, 9) == pv_of(before).substr(0, 9)) {
                EXPECT_EQ(without_counts(last), without_counts(before)) << where;
                EXPECT_GT(nodes_of(last), nodes_of(before)) << where;
                ++repeats;
            }
        }
    }
    EXPECT_GT(repeats, 0) << "no search ended inside an iteration on its old best move: the case "
                             "this test exists for was not played; choose other limits";
}

TEST(Engine, GoDepthGivesLegalBestmove) {
    Session s;
    s.send("position startpos moves e2e4 e7e5");
    s.send("go depth 6");
    const std::string text = s.finish();
    const std::string best = last_bestmove(text);
    ASSERT_FALSE(best.empty());
    auto pos = parse_position(tokenize("startpos moves e2e4 e7e5"));
    const auto move = tokenize(best)[1];
    EXPECT_NE(chess::parse_uci(*pos, move), chess::Move::none()) << best;
    EXPECT_NE(text.find("info depth 6 "), std::string::npos);
}

TEST(Engine, NoLegalMoveGivesNullBestmove) {
    Session s;
    s.send("position fen 7k/6Q1/6K1/8/8/8/8/8 b - - 0 1");
    s.send("go depth 3");
    EXPECT_EQ(last_bestmove(s.finish()), "bestmove 0000");
}

TEST(Engine, InfiniteWaitsForStop) {
    Session s;
    s.send("position startpos");
    s.send("go infinite");
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    s.send("stop");
    EXPECT_EQ(last_bestmove(s.finish()).rfind("bestmove ", 0), 0u);
}

TEST(Engine, BadConfigKeepsPreviousOne) {
    Session s;
    const std::string before = s.engine.config().name;
    s.send("setoption name Config value /nonexistent/config.json");
    const std::string text = s.finish();
    EXPECT_NE(text.find("info string "), std::string::npos);
    EXPECT_EQ(s.engine.config().name, before);
}

TEST(Engine, GoodConfigIsLoadedAndAnnounced) {
    Session s;
    s.send(std::string("setoption name Config value ") + LMR_SOURCE_DIR + "/configs/none.json");
    const std::string text = s.finish();
    EXPECT_NE(text.find("info string config none loaded"), std::string::npos) << text;
    EXPECT_FALSE(s.engine.config().lmr.enabled);
}

TEST(Engine, TunableOptionChangesTheConfig) {
    Session s;
    s.send("setoption name lmr.enabled value false");
    EXPECT_FALSE(s.engine.config().lmr.enabled);
    s.send("setoption name lmr.enabled value true");
    EXPECT_TRUE(s.engine.config().lmr.enabled);
    const auto* spec = reduction::find_param("lmr.min_depth");
    ASSERT_NE(spec, nullptr);
    s.send("setoption name lmr.min_depth value " + std::to_string(spec->max + 1));
    EXPECT_NE(s.finish().find("info string"), std::string::npos);  // out of range: rejected
}

// LmrStats: one machine-readable line per search and no table (a manager reads every line).
TEST(Engine, LmrStatsPrintsTheReportLineOnly) {
    Session s;
    s.send("setoption name LmrStats value true");
    s.send("position startpos");
    s.send("go depth 7");
    const std::string text = s.finish();
    EXPECT_NE(text.find("info string lmrstats late="), std::string::npos) << text;
    EXPECT_EQ(text.find("info string LMR moves"), std::string::npos) << text;
    EXPECT_EQ(text.find("info string lmr re-search rate"), std::string::npos) << text;
}

TEST(Engine, LmrStatsTablePrintsTheTableOnly) {
    Session s;
    s.send("setoption name LmrStatsTable value true");
    s.send("position startpos");
    s.send("go depth 7");
    const std::string text = s.finish();
    EXPECT_NE(text.find("info string LMR moves"), std::string::npos) << text;
    EXPECT_NE(text.find("info string lmr re-search rate"), std::string::npos) << text;
    EXPECT_NE(text.find("info string lmr fail-high on first move"), std::string::npos) << text;
    EXPECT_EQ(text.find("lmrstats"), std::string::npos) << text;
}

TEST(Engine, GarbageIsIgnored) {
    Session s;
    for (const char* line :
         {"", "   ", "xyzzy", "position", "position fen", "position startpos moves zz", "setoption",
          "setoption name", "setoption name Hash value lots", "debug on", "register later",
          "ponderhit", "stop", "\x01\x02\xff"}) {
        EXPECT_TRUE(s.engine.execute(line)) << line;
        s.engine.wait_for_search();
    }
    s.send("isready");
    const std::string text = s.finish();
    EXPECT_EQ(lines_of(text).back(), "readyok");
    EXPECT_EQ(text.find("bestmove"), std::string::npos);  // nothing above starts a search
}

// Waits up to `seconds` for a bestmove line in the session's output; if none comes, stops
// the search (so the test ends) and returns false.
bool bestmove_within(Session& s, int seconds) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(seconds);
    while (std::chrono::steady_clock::now() < deadline) {
        if (s.out.str().find("bestmove ") != std::string::npos) return true;
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    s.send("stop");
    s.engine.wait_for_search();
    return false;
}

// A go with bad values never starts a silent endless search: each bad token is named in one
// info string, and with nothing else to bound it the search goes to depth 1 and answers at
// once, without "stop".
TEST(Engine, BadGoValuesAreNamedAndStillAnswered) {
    struct Case {
        const char* go;
        std::vector<std::string> messages;
    };
    const std::string depth1 = "info string go: no valid limit left, searching to depth 1";
    const Case cases[] = {
        {"go nodes -5", {"info string go nodes -5 ignored: expected a number of nodes >= 1"}},
        {"go wtime abc", {"info string go wtime abc ignored: not a whole number"}},
        {"go mate -3", {"info string go mate -3 ignored: expected a number of moves >= 1"}},
        {"go depth 0", {"info string go depth 0 ignored: expected a depth >= 1"}},
        {"go movetime -1", {"info string go movetime -1 ignored: expected milliseconds >= 0"}},
        {"go nodes", {"info string go nodes ignored: no value"}},
        {"go depth", {"info string go depth ignored: no value"}},
        {"go movetime abc", {"info string go movetime abc ignored: not a whole number"}},
        {"go nodes 184467440737095516160",
         {"info string go nodes 184467440737095516160 ignored: number out of range"}},
        {"go depth -3 nodes x",
         {"info string go depth -3 ignored: expected a depth >= 1",
          "info string go nodes x ignored: not a whole number"}},
    };
    for (const Case& c : cases) {
        Session s;
        s.send("position startpos moves e2e4");
        s.send(c.go);
        ASSERT_TRUE(bestmove_within(s, 20)) << c.go << " started an endless search";
        const std::string text = s.finish();
        std::vector<std::string> messages;
        std::string last_depth;
        for (const auto& l : lines_of(text)) {
            if (l.rfind("info string ", 0) == 0) messages.push_back(l);
            if (l.rfind("info depth ", 0) == 0) last_depth = l.substr(0, l.find(" seldepth"));
        }
        std::vector<std::string> expected = c.messages;
        expected.push_back(depth1);
        EXPECT_EQ(messages, expected) << c.go;
        EXPECT_EQ(last_depth, "info depth 1") << c.go;  // no deeper search than depth 1
        const auto pos = parse_position(tokenize("startpos moves e2e4"));
        const auto best = tokenize(last_bestmove(text));
        ASSERT_GE(best.size(), 2u) << text;
        EXPECT_NE(chess::parse_uci(*pos, best[1]), chess::Move::none()) << text;
    }
}

// A bad token beside a good limit: the good limit decides, the bad one is named.
TEST(Engine, BadGoValueBesideAGoodLimit) {
    Session s;
    s.send("position startpos");
    s.send("go nodes -5 depth 5");
    ASSERT_TRUE(bestmove_within(s, 30));
    const std::string text = s.finish();
    EXPECT_NE(text.find("info string go nodes -5 ignored: expected a number of nodes >= 1\n"),
              std::string::npos)
        << text;
    EXPECT_EQ(text.find("no valid limit left"), std::string::npos);
    EXPECT_NE(text.find("info depth 5 "), std::string::npos) << text;
    EXPECT_EQ(text.find("info depth 6 "), std::string::npos) << text;
}

// "go perft" with a bad depth is refused like any other value (and does not run perft).
TEST(Engine, BadPerftDepthIsNamed) {
    Session s;
    s.send("position startpos");
    s.send("go perft x");
    ASSERT_TRUE(bestmove_within(s, 20));
    const std::string text = s.finish();
    EXPECT_NE(text.find("info string go perft x ignored: not a whole number\n"), std::string::npos)
        << text;
    EXPECT_EQ(text.find("Nodes searched"), std::string::npos);
}

TEST(Engine, QuitReturnsFalse) {
    Session s;
    s.send("position startpos");
    s.send("go infinite");
    EXPECT_FALSE(s.engine.execute("quit"));
    EXPECT_FALSE(last_bestmove(s.finish()).empty());
}

TEST(Engine, GoPerft) {
    Session s;
    s.send("position startpos");
    s.send("go perft 3");
    EXPECT_NE(s.finish().find("Nodes searched: 8902"), std::string::npos);
}

}  // namespace
}  // namespace lmr::uci
