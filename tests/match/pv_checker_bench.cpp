// What reading and checking every PV costs the game loop: info lines as lmr-engine prints them (a
// 20-ply PV in a middlegame reached after 40 plies of game) parsed into the reused SearchInfo
// (uci_client::parse_info, as UciEngine reads them) and passed through PvChecker::check_info,
// timed, with every heap allocation counted. Exits 1 when either allocates in the steady state,
// which ctest runs as a test; the time per line is the figure docs/pv-checks.md quotes.
//
//   pv_checker_bench [lines]
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "engine/chess/movegen.hpp"
#include "engine/chess/notation.hpp"
#include "harness/match/pv_checker.hpp"
#include "tests/support/counted_new.hpp"

using lmr::test::g_allocations;

namespace {

using namespace lmr;

// A reproducible walk: the first legal move after the ply-th, ply by ply.
chess::Position walk(chess::Position pos, int plies, std::string* moves = nullptr) {
    for (int ply = 0; ply < plies; ++ply) {
        chess::MoveList list;
        chess::generate(pos, list);
        if (list.empty()) break;
        const chess::Move move = list[(ply * 7 + 3) % list.size()];
        if (moves) *moves += " " + chess::to_uci(move);
        pos.make_move(move);
    }
    return pos;
}

}  // namespace

int main(int argc, char** argv) {
    const long lines = argc > 1 ? std::atol(argv[1]) : 200000;
    chess::Position game = walk(chess::Position::startpos(), 40);
    std::string pv_text;
    walk(game, 20, &pv_text);
    const std::string line =
        "info depth 14 seldepth 22 multipv 1 score cp 31 nodes 181022 nps 903200 hashfull 112 "
        "time 200 pv" +
        pv_text;
    const auto info = uci_client::parse_info(line);
    if (!info || info->pv.size() != 20) {
        std::fprintf(stderr, "bad benchmark line: %s\n", line.c_str());
        return 2;
    }

    match::PvChecker checker;
    checker.start_search(game.side_to_move());
    uci_client::SearchInfo parsed;
    uci_client::parse_info(line, parsed);  // the first line may size the buffers
    checker.check_info(game, parsed, line);
    const long before = g_allocations;
    const auto start = std::chrono::steady_clock::now();
    for (long i = 0; i < lines; ++i) {
        uci_client::parse_info(line, parsed);
        checker.check_info(game, parsed, line);
    }
    const auto elapsed = std::chrono::steady_clock::now() - start;
    const long allocations = g_allocations - before;
    checker.finish_search(game, info->pv.front());

    const double ns =
        std::chrono::duration<double, std::nano>(elapsed).count() / static_cast<double>(lines);
    std::printf(
        "%ld info lines with a 20-ply PV parsed and checked: %.0f ns per line (%.1f ns per ply), "
        "%ld allocations, %d violations\n",
        lines, ns, ns / 20.0, allocations, checker.tally(game.side_to_move()).violations());
    return allocations == 0 ? 0 : 1;
}
