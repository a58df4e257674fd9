// Evaluation speed: evaluates a set of varied positions many times and prints evals/s.
// Usage: eval_bench [iterations]   (a command that prints a figure; never a timed test)
// Speeds are per CPU second of this process (std::clock), so a busy machine that shares the
// cores with other work still gives a fair figure; wall time is printed too.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <string>
#include <vector>

#include "engine/chess/movegen.hpp"
#include "engine/chess/position.hpp"
#include "engine/eval/eval.hpp"

int main(int argc, char** argv) {
    using namespace lmr;
    const long iterations = argc > 1 ? std::atol(argv[1]) : 200;
    const std::vector<std::string> fens = {
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        "r1bq1rk1/pppnn1bp/3p2p1/3Ppp2/2P1P3/2N2P2/PP2BBPP/R2QNRK1 w - - 0 11",
        "8/5pk1/6p1/7p/7P/6P1/5PK1/8 b - - 0 45",
    };
    // Every position one legal move away from the set: a search-like mix of pawn structures.
    std::vector<chess::Position> positions;
    for (const std::string& fen : fens) {
        chess::Position pos = *chess::Position::from_fen(fen);
        chess::MoveList moves;
        chess::generate(pos, moves);
        for (chess::Move m : moves) {
            chess::Position child = pos;
            child.make_move(m);
            positions.push_back(child);
        }
        positions.push_back(pos);
    }
    eval::Breakdown b;
    long long checksum = 0;
    for (int with_breakdown = 0; with_breakdown < 2; ++with_breakdown) {
        const auto wall_start = std::chrono::steady_clock::now();
        const std::clock_t cpu_start = std::clock();
        for (long i = 0; i < iterations; ++i) {
            for (const chess::Position& pos : positions)
                checksum += with_breakdown ? eval::evaluate(pos, b) + b.terms[eval::kPassedPawns]
                                           : eval::evaluate(pos);
        }
        const double cpu = double(std::clock() - cpu_start) / CLOCKS_PER_SEC;
        const double wall =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - wall_start).count();
        const double evals = double(iterations) * double(positions.size());
        std::printf("%-22s %zu positions x %ld: %.0f evals/s (cpu %.3f s, wall %.3f s)\n",
                    with_breakdown ? "evaluate(pos, b):" : "evaluate(pos):", positions.size(),
                    iterations, evals / cpu, cpu, wall);
    }
    std::printf("checksum %lld\n", checksum);
    return 0;
}
