// Deterministic mutation fuzzing of the book readers: whatever the bytes,
// the readers return openings or throw BookError — no crash, no other
// exception, no hang. Run under ASan/UBSan by scripts/test (label "fuzz").

#include <gtest/gtest.h>

#include <random>
#include <sstream>
#include <string>

#include "harness/openings/epd_reader.hpp"
#include "harness/openings/pgn_reader.hpp"

namespace lmr::openings {
namespace {

const std::string kPgnSeed =
    "[Event \"Braces {x} ; y\"]\n[Site \"q \\\"z\\\"\"]\n[ECO \"C60\"]\n"
    "[FEN \"r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 2 3\"]\n"
    "[SetUp \"1\"]\n\n3... Nf6 {c (} 4. d3 $1 (4. Nc3 Bb4 (4... Bc5!?)) 4... d5 ; eol\n"
    "5. exd5 Nxd5 6. O-O 1-0\n\n% escape\n1.e4 e5 2.Nf3 Nc6 3.Bb5 a6 4.Ba4 Nf6 5.O-O Be7 *\n"
    "1. d4 d5 2. c4 e6 3. Nc3 Nf6 4. Bg5 Be7 5. e3 O-O 6. Nf3 h6 7. Bh4 b6 8. cxd5 exd5 1/2-1/2\n"
    "1. e4 d5 2. exd5 Qxd5 3. Nc3 Qa5 4. d4 c6 5. Nf3 Bf5 6. Bd2 e6 7. Qe2 Bb4 8. a3 Bxc3 9. "
    "Bxc3 Qc7 10. d5 cxd5 11. Qb5+ Nd7 12. Qxb7 Qxb7 13. O-O-O Rb8 14. Bxg7 e5 *\n"
    "1. e4 e5 2. f4 exf4 3. g3 fxg3 4. Nf3 gxh2 5. Rg1 hxg1=Q 6. d3 Qg4 *\n";

const std::string kEpdSeed =
    "r1bq1rk1/ppp2ppp/5n2/2bp4/2NPP3/2P5/PP3PPP/RNBQK2R w KQ d6 bm e5; id \"a;b\";\n"
    "# comment\n\n8/8/4k3/8/8/4K3/4P3/8 w - - 3 25 hmvc 9; fmvn 99;\n"
    "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3\r\n"
    "4k3/8/8/8/8/8/4P3/4K2R w K - 0 1\n";

std::string mutate(const std::string& seed, std::mt19937_64& rng) {
    static const std::string kSpecial =
        "{}()[]\";%$.!?-+=#/\n\r\t 0123456789abcdefghKQRBNPkqrbnpOx\xff\x80";
    std::string text = seed;
    const int edits = 1 + static_cast<int>(rng() % 8);
    for (int e = 0; e < edits && !text.empty(); ++e) {
        const std::size_t at = rng() % text.size();
        switch (rng() % 6) {
            case 0:
                text[at] = kSpecial[rng() % kSpecial.size()];
                break;
            case 1:
                text.insert(at, 1, kSpecial[rng() % kSpecial.size()]);
                break;
            case 2:
                text.erase(at, 1 + rng() % 8);
                break;
            case 3:
                text.resize(at);
                break;
            case 4:
                text.insert(at, text.substr(rng() % text.size(), 1 + rng() % 40));
                break;
            default:
                text[at] = static_cast<char>(rng() & 0xff);
                break;
        }
    }
    return text;
}

template <typename Read>
void fuzz(const std::string& seed, Read read, int iterations, std::uint64_t rng_seed) {
    std::mt19937_64 rng(rng_seed);
    std::size_t accepted = 0, rejected = 0;
    for (int i = 0; i < iterations; ++i) {
        const std::string text = mutate(seed, rng);
        for (bool skip : {false, true}) {
            ReadOptions options;
            options.skip_invalid = skip;
            if (i % 3 == 0) options.plies = static_cast<int>(rng() % 12);
            try {
                const ReadResult result = read(text, options);
                ++accepted;
                for (const Opening& opening : result.openings) {
                    ASSERT_FALSE(opening.fen.empty());
                    ASSERT_FALSE(opening.start_fen.empty());
                }
            } catch (const BookError&) {
                ++rejected;
            } catch (const std::exception& e) {
                FAIL() << "unexpected exception " << e.what() << " for input:\n" << text;
            }
        }
    }
    EXPECT_GT(accepted, 0u);
    EXPECT_GT(rejected, 0u);
}

TEST(OpeningsFuzz, PgnReaderSurvivesMutations) {
    fuzz(
        kPgnSeed,
        [](const std::string& text, const ReadOptions& options) {
            return read_pgn(std::string_view(text), "fuzz.pgn", options);
        },
        4000, 1);
}

TEST(OpeningsFuzz, EpdReaderSurvivesMutations) {
    fuzz(
        kEpdSeed,
        [](const std::string& text, ReadOptions options) {
            std::istringstream in(text);
            options.plies.reset();
            return read_epd(in, "fuzz.epd", options);
        },
        4000, 2);
}

}  // namespace
}  // namespace lmr::openings
