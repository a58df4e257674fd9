// Randomised robustness test: mutated and garbage FEN, UCI and SAN text fed to the
// parsers, and random legal games played and unwound. Run under ASan/UBSan by
// scripts/test (ctest label "fuzz"); a crash or sanitizer report is a failure. The
// generator is seeded so every run checks the same ~100k inputs.
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "engine/chess/game_end.hpp"
#include "engine/chess/movegen.hpp"
#include "engine/chess/notation.hpp"
#include "engine/chess/perft.hpp"
#include "tests/chess/test_positions.hpp"

namespace lmr::chess {
namespace {

class Fuzzer {
  public:
    explicit Fuzzer(std::uint64_t seed) : rng_(seed) {}

    int below(int n) { return int(rng_() % std::uint64_t(n)); }
    char random_char() {
        static constexpr char kAlphabet[] =
            "pnbrqkPNBRQK12345678/ -wbKQkqabcdefgh0123456789xX=+#!?O-;e.p \t";
        if (below(8) == 0) return char(below(256));  // any byte, including NUL
        return kAlphabet[below(int(sizeof kAlphabet) - 1)];
    }
    std::string mutate(std::string s) {
        int edits = 1 + below(4);
        for (int i = 0; i < edits; ++i) {
            int op = below(6);
            std::size_t at = s.empty() ? 0 : std::size_t(below(int(s.size())));
            switch (op) {
                case 0:
                    if (!s.empty()) s[at] = random_char();
                    break;
                case 1:
                    s.insert(s.begin() + long(at), random_char());
                    break;
                case 2:
                    if (!s.empty()) s.erase(at, 1);
                    break;
                case 3:
                    if (!s.empty()) s.resize(at);
                    break;
                case 4:
                    if (s.size() > 1) std::swap(s[at], s[std::size_t(below(int(s.size())))]);
                    break;
                default:
                    s.insert(at, s.substr(at, std::size_t(below(6))));
                    break;
            }
        }
        return s;
    }
    std::string garbage(int max_len) {
        std::string s(std::size_t(below(max_len + 1)), ' ');
        for (char& c : s) c = random_char();
        return s;
    }

  private:
    std::mt19937_64 rng_;
};

std::vector<std::string> seed_fens() {
    std::vector<std::string> fens;
    for (const auto& c : testing::kPerftCases) fens.emplace_back(c.fen);
    fens.emplace_back("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3");
    fens.emplace_back("8/8/8/K2pP2q/8/8/8/7k w - d6 0 1");
    fens.emplace_back("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -");
    return fens;
}

TEST(ParsersFuzz, FenParserNeverCrashes) {
    Fuzzer fuzz(1);
    auto fens = seed_fens();
    int accepted = 0;
    for (int i = 0; i < 40000; ++i) {
        std::string text =
            i % 5 == 0 ? fuzz.garbage(100) : fuzz.mutate(fens[std::size_t(i) % fens.size()]);
        std::string error;
        auto pos = Position::from_fen(text, &error);
        if (!pos) {
            ASSERT_FALSE(error.empty()) << text;
            continue;
        }
        ++accepted;
        // An accepted position is fully usable: it round-trips and supports generation.
        std::string fen = pos->fen();
        auto again = Position::from_fen(fen, &error);
        ASSERT_TRUE(again) << fen << ": " << error;
        ASSERT_EQ(again->fen(), fen);
        ASSERT_EQ(again->key(), pos->key());
        ASSERT_EQ(perft(*pos, 2), perft(*again, 2));
        MoveList list;
        generate(*pos, list);
        for (Move m : list) {
            ASSERT_TRUE(pos->is_legal(m));
            (void)to_san(*pos, m);
            (void)pos->see(m);
        }
        (void)game_end(*pos);
        (void)pos->is_draw(0);
    }
    EXPECT_GT(accepted, 100);  // the mutations also produce valid positions
}

TEST(ParsersFuzz, MoveParsersNeverCrash) {
    Fuzzer fuzz(2);
    std::vector<Position> positions;
    for (const auto& fen : seed_fens()) positions.push_back(*Position::from_fen(fen));
    for (int i = 0; i < 60000; ++i) {
        const Position& pos = positions[std::size_t(i) % positions.size()];
        MoveList list;
        generate(pos, list);
        std::string base = list.empty() ? "e2e4" : to_uci(list[fuzz.below(list.size())]);
        std::string san_base = list.empty() ? "Nf3" : to_san(pos, list[fuzz.below(list.size())]);
        std::string uci_text = i % 4 == 0 ? fuzz.garbage(8) : fuzz.mutate(base);
        std::string san_text = i % 4 == 0 ? fuzz.garbage(10) : fuzz.mutate(san_base);

        std::string error;
        Move m = parse_uci(pos, uci_text, &error);
        if (m.is_none()) {
            ASSERT_FALSE(error.empty()) << uci_text;
        } else {
            ASSERT_TRUE(pos.is_legal(m)) << uci_text;
        }
        error.clear();
        m = parse_san(pos, san_text, &error);
        if (m.is_none()) {
            ASSERT_FALSE(error.empty()) << san_text;
        } else {
            ASSERT_TRUE(pos.is_legal(m)) << san_text;
            ASSERT_EQ(parse_san(pos, to_san(pos, m)), m);
        }
        // Raw 16-bit values (as from a corrupted transposition table).
        Move raw = Move::from_raw(std::uint16_t(fuzz.below(65536)));
        (void)to_san(pos, raw);  // illegal moves come back as UCI text, never UB
        if (pos.is_legal(raw)) {
            ASSERT_TRUE(list.contains(raw));
            (void)pos.gives_check(raw);
            (void)pos.see_ge(raw, 0);
        }
    }
}

TEST(ParsersFuzz, RandomGamesMakeUnmakeRestoreEverything) {
    Fuzzer fuzz(3);
    auto fens = seed_fens();
    for (int game = 0; game < 300; ++game) {
        Position pos = *Position::from_fen(fens[std::size_t(game) % fens.size()]);
        std::string start_fen = pos.fen();
        std::vector<Move> played;
        std::vector<std::string> fens_before;
        std::vector<Key> keys_before;
        int max_plies = game == 0 ? 1500 : 200;  // one long game exceeds the reserved history
        for (int ply = 0; ply < max_plies; ++ply) {
            MoveList list;
            generate(pos, list);
            if (list.empty()) break;
            if (game != 0 && game_end(pos) != GameEnd::kNone) break;
            Move m = list[fuzz.below(list.size())];
            fens_before.push_back(pos.fen());
            keys_before.push_back(pos.key());
            pos.make_move(m);
            played.push_back(m);
            auto fresh = Position::from_fen(pos.fen());
            ASSERT_TRUE(fresh) << pos.fen();
            ASSERT_EQ(fresh->key(), pos.key()) << pos.fen();
        }
        for (std::size_t i = played.size(); i-- > 0;) {
            pos.unmake_move(played[i]);
            ASSERT_EQ(pos.fen(), fens_before[i]);
            ASSERT_EQ(pos.key(), keys_before[i]);
        }
        ASSERT_EQ(pos.fen(), start_fen);
    }
}

}  // namespace
}  // namespace lmr::chess
