// lmr-harness itself: command list, per-command help, unknown commands.

#include <gtest/gtest.h>

#include "tests/cli/run_binary.hpp"

namespace lmr {
namespace {

test::RunResult harness(const std::vector<std::string>& args) {
    return test::run_binary(LMR_HARNESS_BINARY, args);
}

TEST(HarnessCli, HelpListsTheSubCommands) {
    for (const char* flag : {"--help", "-h", "help"}) {
        const auto r = harness({flag});
        EXPECT_EQ(r.exit_code, 0) << flag;
        EXPECT_NE(r.out.find("Usage: lmr-harness <command>"), std::string::npos) << r.out;
        EXPECT_NE(r.out.find("  stats "), std::string::npos) << r.out;
    }
}

TEST(HarnessCli, NoCommandIsAUsageError) {
    const auto r = harness({});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_NE(r.err.find("Usage: lmr-harness"), std::string::npos) << r.err;
}

TEST(HarnessCli, UnknownCommandExitsWithTwo) {
    const auto r = harness({"frobnicate", "--fast"});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_NE(r.err.find("unknown command 'frobnicate'"), std::string::npos) << r.err;
    EXPECT_TRUE(r.out.empty());
}

TEST(HarnessCli, PerCommandHelp) {
    for (const std::vector<std::string>& args :
         {std::vector<std::string>{"stats", "--help"}, {"help", "stats"}}) {
        const auto r = harness(args);
        EXPECT_EQ(r.exit_code, 0);
        EXPECT_NE(r.out.find("Usage: lmr-harness stats"), std::string::npos) << r.out;
        EXPECT_NE(r.out.find("--ptnml"), std::string::npos);
        EXPECT_NE(r.out.find("--wdl"), std::string::npos);
        EXPECT_NE(r.out.find("--model"), std::string::npos);
    }
}

// Which of two --engine specs is under test: the first, as in fastchess and cutechess-cli
// (run_options.cpp's head_to_head_engines). The help and the docs once said the second.
TEST(HarnessCli, HelpAndDocsSayTheFirstEngineIsTheOneUnderTest) {
    for (const char* command : {"sprt", "match"}) {
        const auto r = harness({command, "--help"});
        EXPECT_EQ(r.exit_code, 0) << command;
        EXPECT_NE(r.out.find("the FIRST"), std::string::npos) << command << ":\n" << r.out;
        EXPECT_EQ(r.out.find("SECOND"), std::string::npos) << command << ":\n" << r.out;
    }
    const std::string source = LMR_SOURCE_DIR;
    EXPECT_NE(test::read_file(source + "/docs/engine.md")
                  .find("**The first `--engine` is the one under test**"),
              std::string::npos);
    for (const char* doc : {"/README.md", "/docs/engine.md", "/docs/fastchess.md"}) {
        const std::string text = test::read_file(source + doc);
        EXPECT_EQ(text.find("second `--engine` is the one under test"), std::string::npos) << doc;
        EXPECT_EQ(text.find("candidate goes second"), std::string::npos) << doc;
    }
}

TEST(HarnessCli, Version) {
    const auto r = harness({"--version"});
    EXPECT_EQ(r.exit_code, 0);
    EXPECT_EQ(r.out.rfind("lmr-harness ", 0), 0U) << r.out;
}

}  // namespace
}  // namespace lmr
