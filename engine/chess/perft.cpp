// Perft (move-path enumeration) for verifying move generation and measuring its speed.
#include "engine/chess/perft.hpp"

#include <chrono>
#include <cstdio>

#include "engine/chess/movegen.hpp"
#include "engine/chess/notation.hpp"

namespace lmr::chess {

namespace {

// depth >= 2; the last ply is bulk-counted without making the moves.
std::uint64_t perft_recursive(Position& pos, int depth) {
    MoveList list;
    generate(pos, list);
    std::uint64_t nodes = 0;
    if (depth == 2) {
        for (Move m : list) {
            pos.make_move(m);
            nodes += std::uint64_t(count_legal_moves(pos));
            pos.unmake_move(m);
        }
    } else {
        for (Move m : list) {
            pos.make_move(m);
            nodes += perft_recursive(pos, depth - 1);
            pos.unmake_move(m);
        }
    }
    return nodes;
}

void print_speed(std::ostream& out, std::uint64_t nodes, double seconds) {
    char line[128];
    double mnps = seconds > 0 ? double(nodes) / seconds / 1e6 : 0.0;
    std::snprintf(line, sizeof line, "nodes %llu  time %.0f ms  Mnps %.1f",
                  static_cast<unsigned long long>(nodes), seconds * 1000.0, mnps);
    out << line << '\n';
}

}  // namespace

std::uint64_t perft(Position& pos, int depth) {
    if (depth <= 0) return 1;
    if (depth == 1) return std::uint64_t(count_legal_moves(pos));
    return perft_recursive(pos, depth);
}

std::vector<std::pair<Move, std::uint64_t>> perft_divide(Position& pos, int depth) {
    std::vector<std::pair<Move, std::uint64_t>> result;
    if (depth < 1) return result;
    MoveList list;
    generate(pos, list);
    for (Move m : list) {
        pos.make_move(m);
        result.emplace_back(m, perft(pos, depth - 1));
        pos.unmake_move(m);
    }
    return result;
}

void run_perft_command(Position& pos, int depth, bool divide, std::ostream& out) {
    auto start = std::chrono::steady_clock::now();
    std::uint64_t nodes = 0;
    if (divide) {
        for (const auto& [move, count] : perft_divide(pos, depth)) {
            out << to_uci(move) << ": " << count << '\n';
            nodes += count;
        }
        out << "\nNodes searched: " << nodes << "\n\n";
    } else {
        nodes = perft(pos, depth);
    }
    double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    print_speed(out, nodes, seconds);
    out.flush();
}

}  // namespace lmr::chess
