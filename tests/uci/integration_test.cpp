// Drives the lmr-engine binary over pipes as a GUI would and checks the protocol: every
// bestmove legal in the position sent, every info line well formed, stop obeyed, garbage
// ignored, node-limited searches reproducible across processes.
#include <gtest/gtest.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <optional>
#include <regex>
#include <string>
#include <vector>

#include "engine/chess/notation.hpp"
#include "engine/chess/position.hpp"

namespace {

using Clock = std::chrono::steady_clock;

// A child process with stdin/stdout pipes; lines are read with a deadline.
class EngineProcess {
  public:
    EngineProcess() {
        signal(SIGPIPE, SIG_IGN);
        int to_child[2];
        int from_child[2];
        if (pipe(to_child) != 0 || pipe(from_child) != 0) throw std::runtime_error("pipe");
        pid_ = fork();
        if (pid_ == 0) {
            dup2(to_child[0], 0);
            dup2(from_child[1], 1);
            close(to_child[0]);
            close(to_child[1]);
            close(from_child[0]);
            close(from_child[1]);
            execl(LMR_ENGINE_PATH, LMR_ENGINE_PATH, static_cast<char*>(nullptr));
            _exit(127);
        }
        close(to_child[0]);
        close(from_child[1]);
        in_ = to_child[1];
        out_ = from_child[0];
    }
    ~EngineProcess() {
        if (in_ >= 0) close(in_);
        if (pid_ > 0 && !reaped_) {
            kill(pid_, SIGKILL);
            waitpid(pid_, nullptr, 0);
        }
        close(out_);
    }

    void send(const std::string& line) {
        const std::string data = line + "\n";
        ASSERT_EQ(write(in_, data.data(), data.size()), static_cast<ssize_t>(data.size()));
    }

    // Next line, or nullopt at the deadline / end of output.
    std::optional<std::string> read_line(std::chrono::milliseconds timeout) {
        const auto deadline = Clock::now() + timeout;
        while (true) {
            const auto nl = buffer_.find('\n');
            if (nl != std::string::npos) {
                std::string line = buffer_.substr(0, nl);
                buffer_.erase(0, nl + 1);
                all_lines_.push_back(line);
                return line;
            }
            const auto left =
                std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now())
                    .count();
            if (left <= 0) return std::nullopt;
            pollfd p{out_, POLLIN, 0};
            if (poll(&p, 1, static_cast<int>(left)) <= 0) continue;
            char chunk[4096];
            const ssize_t n = read(out_, chunk, sizeof(chunk));
            if (n <= 0) return std::nullopt;
            buffer_.append(chunk, static_cast<std::size_t>(n));
        }
    }

    // Reads until a line starting with prefix; returns it (nullopt on timeout).
    std::optional<std::string> wait_for(
        const std::string& prefix, std::chrono::milliseconds timeout = std::chrono::seconds(60)) {
        const auto deadline = Clock::now() + timeout;
        while (Clock::now() < deadline) {
            auto line = read_line(
                std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()));
            if (!line) return std::nullopt;
            if (line->rfind(prefix, 0) == 0) return line;
        }
        return std::nullopt;
    }

    // Waits for the process to exit by itself.
    bool exited(std::chrono::milliseconds timeout) {
        const auto deadline = Clock::now() + timeout;
        while (Clock::now() < deadline) {
            int status = 0;
            if (waitpid(pid_, &status, WNOHANG) == pid_) {
                reaped_ = true;
                return WIFEXITED(status) && WEXITSTATUS(status) == 0;
            }
            usleep(10000);
        }
        return false;
    }

    const std::vector<std::string>& all_lines() const { return all_lines_; }
    void close_input() {
        close(in_);
        in_ = -1;
    }

  private:
    pid_t pid_ = -1;
    int in_ = -1;
    int out_ = -1;
    bool reaped_ = false;
    std::string buffer_;
    std::vector<std::string> all_lines_;
};

const std::regex kInfoSearch(
    R"(info depth \d+ seldepth \d+ multipv 1 score (cp -?\d+|mate -?\d+)( lowerbound| upperbound)? )"
    R"(nodes \d+ nps \d+ hashfull \d+ time \d+ pv( [a-h][1-8][a-h][1-8][nbrq]?)+)");

void expect_info_lines_well_formed(const std::vector<std::string>& lines) {
    for (const auto& l : lines) {
        if (l.rfind("info", 0) != 0) continue;
        if (l.rfind("info string ", 0) == 0) continue;
        EXPECT_TRUE(std::regex_match(l, kInfoSearch)) << "malformed: " << l;
    }
}

std::string dump(const std::vector<std::string>& lines) {
    std::string text;
    for (const auto& l : lines) text += "  > " + l.substr(0, 100) + "\n";
    return text;
}

// Sends "go ...", waits for bestmove and checks that it is legal in pos.
std::string go_and_check(EngineProcess& e, const lmr::chess::Position& pos, const std::string& go,
                         std::chrono::milliseconds timeout = std::chrono::seconds(60)) {
    e.send(go);
    const auto best = e.wait_for("bestmove ", timeout);
    EXPECT_TRUE(best.has_value()) << go;
    if (!best) return "";
    const std::string move = best->substr(9, best->find(' ', 9) - 9);
    EXPECT_NE(lmr::chess::parse_uci(pos, move), lmr::chess::Move::none())
        << "illegal bestmove '" << move << "' after " << go << " in " << pos.fen() << "\n"
        << dump(e.all_lines());
    return move;
}

lmr::chess::Position after(const std::string& fen, const std::vector<std::string>& moves) {
    auto pos =
        fen == "startpos" ? lmr::chess::Position::startpos() : *lmr::chess::Position::from_fen(fen);
    for (const auto& m : moves) pos.make_move(lmr::chess::parse_uci(pos, m));
    return pos;
}

TEST(UciIntegration, HandshakeAndOptions) {
    EngineProcess e;
    e.send("uci");
    ASSERT_TRUE(e.wait_for("uciok", std::chrono::seconds(10)));
    bool saw_name = false;
    for (const auto& l : e.all_lines()) {
        if (l == "id name LMR Lab engine") saw_name = true;
        if (l.rfind("option ", 0) == 0) {
            EXPECT_TRUE(std::regex_match(
                l,
                std::regex(
                    R"(option name .+ type (spin default -?\d+ min -?\d+ max -?\d+|check default (true|false)|string default .+|button))")))
                << l;
        }
    }
    EXPECT_TRUE(saw_name);
    e.send("isready");
    EXPECT_TRUE(e.wait_for("readyok", std::chrono::seconds(10)));
    e.send("quit");
    EXPECT_TRUE(e.exited(std::chrono::seconds(10)));
}

TEST(UciIntegration, GoInAllItsForms) {
    EngineProcess e;
    e.send("uci");
    ASSERT_TRUE(e.wait_for("uciok", std::chrono::seconds(10)));
    e.send("setoption name Hash value 8");
    e.send("ucinewgame");
    e.send("isready");
    ASSERT_TRUE(e.wait_for("readyok", std::chrono::seconds(10)));

    e.send("position startpos");
    go_and_check(e, after("startpos", {}), "go depth 6");

    e.send("position startpos moves e2e4 c7c5 g1f3");
    const auto p2 = after("startpos", {"e2e4", "c7c5", "g1f3"});
    go_and_check(e, p2, "go nodes 20000");
    go_and_check(e, p2, "go movetime 150");
    go_and_check(e, p2, "go wtime 2000 btime 2000 winc 20 binc 20");
    go_and_check(e, p2, "go wtime 3000 btime 3000 movestogo 3");
    go_and_check(e, p2, "go btime 100 wtime 100");  // low clock: must still answer

    const std::string kiwipete =
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    e.send("position fen " + kiwipete + " moves e1g1");
    const auto p3 = after(kiwipete, {"e1g1"});
    e.send("go infinite");
    e.send("isready");
    EXPECT_TRUE(e.wait_for("readyok", std::chrono::seconds(10)));  // answered during search
    e.send("stop");
    const auto best = e.wait_for("bestmove ", std::chrono::seconds(10));
    ASSERT_TRUE(best);
    EXPECT_NE(lmr::chess::parse_uci(p3, best->substr(9, best->find(' ', 9) - 9)),
              lmr::chess::Move::none());

    // Stop right after go.
    e.send("position startpos");
    e.send("go infinite");
    e.send("stop");
    ASSERT_TRUE(e.wait_for("bestmove ", std::chrono::seconds(10)));
    e.send("go wtime 100000 btime 100000");
    e.send("stop");
    ASSERT_TRUE(e.wait_for("bestmove ", std::chrono::seconds(10)));

    // One legal move at a depth limit; no legal move at all.
    e.send("position fen R6k/8/5K2/8/8/8/8/8 b - - 0 1");
    EXPECT_EQ(go_and_check(e, after("R6k/8/5K2/8/8/8/8/8 b - - 0 1", {}), "go depth 8"), "h8h7");
    e.send("position fen 7k/6Q1/6K1/8/8/8/8/8 b - - 0 1");
    e.send("go depth 5");
    EXPECT_EQ(e.wait_for("bestmove ", std::chrono::seconds(10)).value_or(""), "bestmove 0000");

    e.send("position startpos");
    e.send("go perft 3");
    EXPECT_EQ(e.wait_for("Nodes searched", std::chrono::seconds(10)).value_or(""),
              "Nodes searched: 8902");

    expect_info_lines_well_formed(e.all_lines());
    e.send("quit");
    EXPECT_TRUE(e.exited(std::chrono::seconds(10)));
}

TEST(UciIntegration, GarbageIsIgnored) {
    EngineProcess e;
    for (const char* line :
         {"hello", "position", "position fen garbage", "position startpos moves e2e5", "stop",
          "setoption name Nope value 1", "setoption name Hash value 0",
          "setoption name Config value /no/such.json", "\t\t", "moves e2e4", "isready extra"}) {
        e.send(line);
    }
    e.send("isready");
    ASSERT_TRUE(e.wait_for("readyok", std::chrono::seconds(10)));
    // A go with only bad values names them and answers from a depth-1 search, without stop.
    e.send("go depth -3 nodes x");
    ASSERT_TRUE(e.wait_for("bestmove ", std::chrono::seconds(10)));
    int named = 0;
    for (const auto& l : e.all_lines()) {
        if (l == "info string go depth -3 ignored: expected a depth >= 1" ||
            l == "info string go nodes x ignored: not a whole number" ||
            l == "info string go: no valid limit left, searching to depth 1") {
            ++named;
        }
    }
    EXPECT_EQ(named, 3) << dump(e.all_lines());
    // Still a working engine: the bad position commands left the start position in place.
    go_and_check(e, lmr::chess::Position::startpos(), "go depth 4");
    expect_info_lines_well_formed(e.all_lines());
    e.send("quit");
    EXPECT_TRUE(e.exited(std::chrono::seconds(10)));
}

TEST(UciIntegration, NodeLimitedSearchIsReproducible) {
    std::string first_best;
    std::string first_info;
    for (int run = 0; run < 2; ++run) {
        EngineProcess e;
        e.send("ucinewgame");
        e.send("position startpos moves d2d4 g8f6 c2c4 e7e6");
        e.send("go nodes 30000");
        ASSERT_TRUE(e.wait_for("bestmove ", std::chrono::seconds(30)));
        std::string last_info;
        std::string best;
        for (const auto& l : e.all_lines()) {
            if (l.rfind("info depth", 0) == 0) last_info = l.substr(0, l.find(" nps"));
            if (l.rfind("bestmove", 0) == 0) best = l;
        }
        if (run == 0) {
            first_best = best;
            first_info = last_info;
        } else {
            EXPECT_EQ(best, first_best);
            EXPECT_EQ(last_info, first_info);
        }
        e.send("quit");
        EXPECT_TRUE(e.exited(std::chrono::seconds(10)));
    }
}

TEST(UciIntegration, EndOfInputFinishesTheSearch) {
    EngineProcess e;
    e.send("position startpos");
    e.send("go depth 5");
    e.close_input();  // the GUI goes away: the bounded search still answers, then exit
    ASSERT_TRUE(e.wait_for("bestmove ", std::chrono::seconds(30)));
    EXPECT_TRUE(e.exited(std::chrono::seconds(10)));
}

}  // namespace

namespace {

struct CommandResult {
    int exit_code;
    std::string output;
};

// Runs lmr-engine with arguments (stderr folded into the output).
CommandResult run_engine(const std::string& args) {
    const std::string cmd = std::string(LMR_ENGINE_PATH) + " " + args + " 2>&1 </dev/null";
    FILE* pipe = popen(cmd.c_str(), "r");
    if (pipe == nullptr) return {-1, ""};
    std::string out;
    char buf[4096];
    while (std::size_t n = fread(buf, 1, sizeof(buf), pipe)) out.append(buf, n);
    const int status = pclose(pipe);
    return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, out};
}

std::string line_starting(const std::string& text, const std::string& prefix) {
    const auto at = text.find("\n" + prefix);
    if (at == std::string::npos) return "";
    return text.substr(at + 1, text.find('\n', at + 1) - at - 1);
}

TEST(EngineCli, BenchIsDeterministic) {
    const CommandResult a = run_engine("bench 6");
    const CommandResult b = run_engine("bench 6");
    ASSERT_EQ(a.exit_code, 0) << a.output;
    const std::string nodes = line_starting(a.output, "Nodes searched: ");
    EXPECT_FALSE(nodes.empty()) << a.output;
    EXPECT_EQ(nodes, line_starting(b.output, "Nodes searched: "));
    EXPECT_FALSE(line_starting(a.output, "Nodes/second: ").empty());
    EXPECT_NE(a.output.find("re-search rate"), std::string::npos);
}

TEST(EngineCli, BenchWithConfigAndBadConfig) {
    const CommandResult none =
        run_engine(std::string("--config ") + LMR_SOURCE_DIR + "/configs/none.json bench 5");
    EXPECT_EQ(none.exit_code, 0) << none.output;
    EXPECT_NE(none.output.find("config none"), std::string::npos);
    const CommandResult bad = run_engine("--config /nonexistent/lmr.json bench 5");
    EXPECT_EQ(bad.exit_code, 2);
    EXPECT_NE(bad.output.find("/nonexistent/lmr.json"), std::string::npos) << bad.output;
}

TEST(EngineCli, PerftEvalHelpAndUsageErrors) {
    const CommandResult perft = run_engine("perft 3");
    EXPECT_EQ(perft.exit_code, 0);
    EXPECT_NE(perft.output.find("nodes 8902 "), std::string::npos) << perft.output;
    const CommandResult divide =
        run_engine("perft 2 --fen 8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1 --divide");
    EXPECT_NE(divide.output.find("Nodes searched: 191"), std::string::npos) << divide.output;
    const CommandResult eval = run_engine("eval --fen 4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
    EXPECT_EQ(eval.exit_code, 0);
    EXPECT_NE(eval.output.find("material"), std::string::npos);
    EXPECT_EQ(run_engine("--help").exit_code, 0);
    EXPECT_EQ(run_engine("frobnicate").exit_code, 2);
    EXPECT_EQ(run_engine("perft").exit_code, 2);
    EXPECT_EQ(run_engine("eval --fen not-a-fen").exit_code, 2);
    EXPECT_EQ(run_engine("bench 0").exit_code, 2);
}

}  // namespace
