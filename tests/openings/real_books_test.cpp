// The readers on the real books in ../shared/books (never copied into the
// project): unzipped into a temporary directory, loaded whole, counted and
// spot-checked. Skipped where the books are absent. Load times are printed
// (and recorded as test properties), never asserted.
//
// Expected FENs were checked with Stockfish's `d` command.

#include <gtest/gtest.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <iostream>
#include <string>
#include <vector>

#include "harness/openings/book.hpp"
#include "harness/openings/epd_reader.hpp"
#include "harness/openings/pgn_reader.hpp"

namespace lmr::openings {
namespace {

using Moves = std::vector<std::string>;

const std::filesystem::path kBooksDir = LMR_SHARED_BOOKS_DIR;
const std::string kUnzip = LMR_UNZIP_PROGRAM;

class RealBooks : public ::testing::Test {
  protected:
    static void SetUpTestSuite() {
        if (!std::filesystem::exists(kBooksDir / "8moves_v3.pgn.zip") ||
            !std::filesystem::exists(kBooksDir / "UHO_4060_v2.epd.zip")) {
            return;
        }
        if (kUnzip.empty() || kUnzip.find("NOTFOUND") != std::string::npos ||
            !std::filesystem::exists(kUnzip)) {
            unzip_error_ =
                "the books exist but 'unzip' was not found when CMake ran: install "
                "the Debian package 'unzip' (scripts/setup) and reconfigure";
            return;
        }
        dir_ = std::filesystem::temp_directory_path() /
               ("lmr-real-books-" + std::to_string(::getpid()));
        std::filesystem::create_directories(dir_);
        for (const char* zip : {"8moves_v3.pgn.zip", "UHO_4060_v2.epd.zip"}) {
            const std::string command = "'" + kUnzip + "' -o -q '" + (kBooksDir / zip).string() +
                                        "' -d '" + dir_.string() + "'";
            if (std::system(command.c_str()) != 0) {
                unzip_error_ = "failed: " + command;
                return;
            }
        }
        available_ = true;
    }

    static void TearDownTestSuite() {
        if (!dir_.empty()) {
            std::error_code ec;
            std::filesystem::remove_all(dir_, ec);
        }
    }

    void SetUp() override {
        if (!unzip_error_.empty()) GTEST_FAIL() << unzip_error_;
        if (!available_) GTEST_SKIP() << "no books at " << kBooksDir;
    }

    template <typename F>
    static auto timed(const std::string& what, F&& f) {
        // Wall time depends on what else the machine runs; CPU time less so.
        const auto start = std::chrono::steady_clock::now();
        const std::clock_t cpu_start = std::clock();
        auto result = f();
        const double cpu = static_cast<double>(std::clock() - cpu_start) / CLOCKS_PER_SEC;
        const double seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        std::cout << "[ time     ] " << what << ": " << seconds << " s wall, " << cpu << " s CPU\n";
        ::testing::Test::RecordProperty(what + " wall seconds", std::to_string(seconds));
        ::testing::Test::RecordProperty(what + " cpu seconds", std::to_string(cpu));
        return result;
    }

    static inline std::filesystem::path dir_;
    static inline bool available_ = false;
    static inline std::string unzip_error_;
};

TEST_F(RealBooks, PgnEightMovesV3) {
    const auto result =
        timed("read 8moves_v3.pgn", [] { return read_pgn_file(dir_ / "8moves_v3.pgn"); });
    ASSERT_EQ(result.openings.size(), 34700u);
    EXPECT_EQ(result.skipped, 0u);
    for (const Opening& opening : result.openings) {
        ASSERT_EQ(opening.moves.size(), 16u) << "game at line " << opening.line;
        ASSERT_EQ(opening.start_fen, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    }

    const Opening& first = result.openings.front();
    EXPECT_EQ(first.line, 1u);
    EXPECT_EQ(first.name, "A07");
    EXPECT_EQ(first.moves, (Moves{"g1f3", "d7d5", "g2g3", "c7c6", "f1g2", "g8f6", "d2d3", "c8g4",
                                  "h2h3", "g4h5", "b2b3", "e7e6", "c1b2", "d8a5", "d1d2", "a5d2"}));
    EXPECT_EQ(first.fen, "rn2kb1r/pp3ppp/2p1pn2/3p3b/8/1P1P1NPP/PBPqPPB1/RN2K2R w KQkq - 0 9");

    const Opening& last = result.openings.back();
    EXPECT_EQ(last.line, 416389u);
    EXPECT_EQ(last.name, "E11");
    EXPECT_EQ(last.moves, (Moves{"d2d4", "g8f6", "c2c4", "e7e6", "g1f3", "f8b4", "b1d2", "e8g8",
                                 "a2a3", "b4d2", "c1d2", "d7d6", "d2g5", "d8e7", "e2e3", "e6e5"}));
    EXPECT_EQ(last.fen, "rnb2rk1/ppp1qppp/3p1n2/4p1B1/2PP4/P3PN2/1P3PPP/R2QKB1R w KQ - 0 9");
}

TEST_F(RealBooks, PgnWithPliesLimitThroughBook) {
    BookOptions options;
    options.plies = 8;
    options.order = BookOrder::kRandom;
    options.seed = 2024;
    const Book book = timed("Book::load 8moves_v3.pgn plies=8",
                            [&] { return Book::load(dir_ / "8moves_v3.pgn", options); });
    ASSERT_EQ(book.size(), 34700u);
    const Opening& first = book.entries().front();
    EXPECT_EQ(first.moves, (Moves{"g1f3", "d7d5", "g2g3", "c7c6", "f1g2", "g8f6", "d2d3", "c8g4"}));
    EXPECT_EQ(first.fen, "rn1qkb1r/pp2pppp/2p2n2/3p4/6b1/3P1NP1/PPP1PPBP/RNBQK2R w KQkq - 1 5");
    EXPECT_EQ(position_command(first),
              "position startpos moves g1f3 d7d5 g2g3 c7c6 f1g2 g8f6 d2d3 c8g4");
    EXPECT_EQ(book.index_of(0), shuffled_order(34700, 2024)[0]);
}

TEST_F(RealBooks, EpdUho4060V2) {
    const auto result =
        timed("read UHO_4060_v2.epd", [] { return read_epd_file(dir_ / "UHO_4060_v2.epd"); });
    ASSERT_EQ(result.openings.size(), 242201u);
    EXPECT_EQ(result.skipped, 0u);
    for (const Opening& opening : result.openings) {
        ASSERT_TRUE(opening.moves.empty());
        ASSERT_EQ(opening.fen, opening.start_fen);
    }
    EXPECT_EQ(result.openings[0].fen,
              "r1bq1rk1/ppp2ppp/5n2/2bp4/2NPP3/2P5/PP3PPP/RNBQK2R w KQ d6 0 1");
    EXPECT_EQ(result.openings[1].fen,
              "r2q1rk1/ppp1ppbp/2np1npB/8/2PP4/2N2P2/PP1Q1PPP/R3KB1R w KQ - 0 1");
    EXPECT_EQ(result.openings.back().fen,
              "rnbqnrk1/ppp2ppp/4p3/3p2P1/3P1b1P/2N1PQ2/PPP2P2/R3KBNR w KQ - 0 1");
    EXPECT_EQ(result.openings.back().line, 242201u);
    EXPECT_EQ(position_command(result.openings[0]),
              "position fen r1bq1rk1/ppp2ppp/5n2/2bp4/2NPP3/2P5/PP3PPP/RNBQK2R w KQ d6 0 1");
}

}  // namespace
}  // namespace lmr::openings
