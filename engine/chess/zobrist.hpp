// Zobrist keys, generated at compile time from a fixed seed (so they need no start-up
// initialisation and are identical in every build).
#pragma once

#include <array>

#include "engine/chess/types.hpp"

namespace lmr::chess::zobrist {

struct Keys {
    Key piece_square[12][64];
    Key castling[16];  // indexed by the full rights set
    Key ep_file[8];
    Key side;  // xored in when black is to move
};

inline constexpr Keys make_keys() {
    Keys keys{};
    std::uint64_t state = 0x9E3779B97F4A7C15ULL;
    auto next = [&state]() {  // splitmix64
        state += 0x9E3779B97F4A7C15ULL;
        std::uint64_t z = state;
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
        return z ^ (z >> 31);
    };
    for (auto& piece : keys.piece_square)
        for (auto& k : piece) k = next();
    Key single[4] = {next(), next(), next(), next()};
    for (int rights = 0; rights < 16; ++rights) {
        keys.castling[rights] = 0;
        for (int bit = 0; bit < 4; ++bit)
            if (rights & (1 << bit)) keys.castling[rights] ^= single[bit];
    }
    for (auto& k : keys.ep_file) k = next();
    keys.side = next();
    return keys;
}

inline constexpr Keys kKeys = make_keys();

}  // namespace lmr::chess::zobrist
