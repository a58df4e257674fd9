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
    for (const auto& spec : lmr::tunable_params()) {
        EXPECT_NE(text.find("option name " + spec.name + " type"), std::string::npos) << spec.name;
    }
    const auto lines = lines_of(text);
    ASSERT_GE(lines.size(), 2u);
    EXPECT_EQ(lines[lines.size() - 2], "uciok");
    EXPECT_EQ(lines.back(), "readyok");
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
    const auto* spec = lmr::find_param("lmr.min_depth");
    ASSERT_NE(spec, nullptr);
    s.send("setoption name lmr.min_depth value " + std::to_string(spec->max + 1));
    EXPECT_NE(s.finish().find("info string"), std::string::npos);  // out of range: rejected
}

TEST(Engine, LmrStatsPrintedAfterSearch) {
    Session s;
    s.send("setoption name LmrStats value true");
    s.send("position startpos");
    s.send("go depth 7");
    const std::string text = s.finish();
    EXPECT_NE(text.find("info string lmr re-search rate"), std::string::npos);
    EXPECT_NE(text.find("info string lmr fail-high on first move"), std::string::npos);
}

TEST(Engine, GarbageIsIgnored) {
    Session s;
    for (const char* line :
         {"", "   ", "xyzzy", "go depth", "position", "position fen", "position startpos moves zz",
          "setoption", "setoption name", "setoption name Hash value lots", "go nodes -1",
          "go movetime abc", "debug on", "register later", "ponderhit", "\x01\x02\xff"}) {
        EXPECT_TRUE(s.engine.execute(line)) << line;
        s.engine.execute("stop");  // "go depth" with a missing number searches until stop
        s.engine.wait_for_search();
    }
    s.send("isready");
    const std::string text = s.finish();
    EXPECT_EQ(lines_of(text).back(), "readyok");
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
