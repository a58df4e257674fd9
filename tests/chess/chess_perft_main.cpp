// chess-perft: a small test-support tool for scripts/perft-suite and scripts/bench-perft.
//   chess-perft <depth> [--fen FEN] [--divide]
// Prints the same output as `lmr-engine perft` (run_perft_command).
#include <cstdlib>
#include <iostream>
#include <string>

#include "engine/chess/perft.hpp"
#include "engine/chess/position.hpp"

int main(int argc, char** argv) {
    using namespace lmr::chess;
    int depth = -1;
    bool divide = false;
    std::string fen = Position::kStartFen;
    for (int i = 1; i < argc; ++i) {
        std::string arg = argv[i];
        if (arg == "--divide") {
            divide = true;
        } else if (arg == "--fen" && i + 1 < argc) {
            fen = argv[++i];
        } else if (depth < 0 && !arg.empty() &&
                   arg.find_first_not_of("0123456789") == std::string::npos && arg.size() < 3) {
            depth = std::atoi(arg.c_str());
        } else {
            std::cerr << "usage: chess-perft <depth> [--fen FEN] [--divide]\n";
            return 2;
        }
    }
    if (depth < 0) {
        std::cerr << "usage: chess-perft <depth> [--fen FEN] [--divide]\n";
        return 2;
    }
    std::string error;
    auto pos = Position::from_fen(fen, &error);
    if (!pos) {
        std::cerr << "chess-perft: " << error << '\n';
        return 2;
    }
    run_perft_command(*pos, depth, divide, std::cout);
    return 0;
}
