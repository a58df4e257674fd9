// Colour-flipped mirror of a FEN, for symmetry tests: ranks reversed, piece colours swapped,
// side to move swapped, castling rights and en passant square mirrored. The mirrored
// position is the same position from the other side, so every evaluation term, seen from the
// side to move, must be equal.
#pragma once

#include <algorithm>
#include <cctype>
#include <sstream>
#include <string>
#include <vector>

namespace lmr::eval::test {

inline std::string swap_case(std::string s) {
    for (char& c : s) {
        if (std::isupper(static_cast<unsigned char>(c)))
            c = char(std::tolower(static_cast<unsigned char>(c)));
        else if (std::islower(static_cast<unsigned char>(c)))
            c = char(std::toupper(static_cast<unsigned char>(c)));
    }
    return s;
}

inline std::string mirror_fen(const std::string& fen) {
    std::istringstream in(fen);
    std::string board, side, castling, ep, halfmove = "0", fullmove = "1";
    in >> board >> side >> castling >> ep >> halfmove >> fullmove;

    std::vector<std::string> ranks;
    std::string rank;
    std::istringstream board_in(board);
    while (std::getline(board_in, rank, '/')) ranks.push_back(swap_case(rank));
    std::reverse(ranks.begin(), ranks.end());
    std::string mirrored_board;
    for (size_t i = 0; i < ranks.size(); ++i) mirrored_board += (i ? "/" : "") + ranks[i];

    std::string mirrored_castling = "-";
    if (castling != "-") {
        const std::string swapped = swap_case(castling);
        mirrored_castling.clear();
        for (char c : std::string("KQkq"))
            if (swapped.find(c) != std::string::npos) mirrored_castling += c;
    }
    std::string mirrored_ep = ep;
    if (ep != "-" && ep.size() == 2) mirrored_ep[1] = ep[1] == '3' ? '6' : '3';

    return mirrored_board + " " + (side == "w" ? "b" : "w") + " " + mirrored_castling + " " +
           mirrored_ep + " " + halfmove + " " + fullmove;
}

}  // namespace lmr::eval::test
