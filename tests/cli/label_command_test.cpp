// `lmr-harness label` through the real binary (labelling engine: the lmr-engine beside it):
// a PGN in, the same games out with a score on every move after --skip-plies; a bad game is
// exit 2 naming the file and line, and nothing is written.

#include <gtest/gtest.h>

#include <string>

#include "tests/cli/run_binary.hpp"
#include "tests/support/temp_dir.hpp"
#include "tests/support/text.hpp"

namespace lmr {
namespace {

using test::contains;

TEST(LabelCommand, WritesTheGamesWithAScoreOnEveryMoveAfterTheSkippedPlies) {
    const test::TempDir dir("lmr-label");
    const std::string in = (dir.path() / "in.pgn").string();
    test::write_file(in,
                     "[White \"x\"]\n[Black \"y\"]\n[Result \"1-0\"]\n"
                     "1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n");
    const auto out = dir.path() / "out.pgn";
    const auto r = test::run_binary(LMR_HARNESS_BINARY,
                                    {"label", "--pgn", in, "--out", out.string(), "--nodes", "2000",
                                     "--skip-plies", "2", "--concurrency", "1"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_TRUE(contains(r.out, "Labelled 5 positions of 1 games")) << r.out;
    const std::string pgn = test::read_file(out);
    EXPECT_TRUE(contains(pgn, "[White \"x\"]")) << pgn;
    EXPECT_TRUE(contains(pgn, "[Result \"1-0\"]")) << pgn;
    EXPECT_TRUE(contains(pgn, "1. e4 {book} 1... e5 {book} 2. Bc4 {")) << pgn;
    EXPECT_TRUE(contains(pgn, "Qxf7# {+M1/")) << pgn;
}

TEST(LabelCommand, ABadGameNamesTheFileAndLineAndWritesNothing) {
    const test::TempDir dir("lmr-label");
    const std::string in = (dir.path() / "bad.pgn").string();
    test::write_file(in,
                     "[Result \"1-0\"]\n1. e4 e5 1-0\n\n[Result \"1-0\"]\n1. e4 e5 2. Ke3 1-0\n");
    const auto out = dir.path() / "out.pgn";
    const auto r =
        test::run_binary(LMR_HARNESS_BINARY, {"label", "--pgn", in, "--out", out.string()});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_TRUE(contains(r.err, "bad.pgn:5")) << r.err;
    EXPECT_TRUE(contains(r.err, "illegal SAN 'Ke3'")) << r.err;
    EXPECT_FALSE(std::filesystem::exists(out));
}

TEST(LabelCommand, MoreThanOneEngineIsAUsageError) {
    const auto r = test::run_binary(
        LMR_HARNESS_BINARY,
        {"label", "--pgn", "x.pgn", "--out", "y.pgn", "--engine", "cmd=a", "--engine", "cmd=b"});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_TRUE(contains(r.err, "at most one")) << r.err;
}

}  // namespace
}  // namespace lmr
