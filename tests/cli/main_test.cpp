// lmr-harness itself: command list, per-command help, unknown commands.

#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

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

TEST(HarnessCli, AnUnknownCommandGetsTheNearestOneWhenItLooksLikeATypo) {
    const auto typo = harness({"matc", "--pairs", "1"});
    EXPECT_EQ(typo.exit_code, 2);
    EXPECT_NE(typo.err.find("unknown command 'matc' (did you mean 'match'?)"), std::string::npos)
        << typo.err;
    const auto unlike = harness({"frobnicate"});
    EXPECT_EQ(unlike.err.find("did you mean"), std::string::npos) << unlike.err;
}

// The command line is read strictly: a flag is never an abbreviation of another one, and a
// misspelt flag is named with the flag it probably meant.
TEST(HarnessCli, FlagsAreNotAbbreviationsAndATypoGetsTheNearestFlag) {
    const auto prefix = harness(
        {"match", "--base", "configs/none.json", "--test", "configs/none.json", "--pair", "1"});
    EXPECT_EQ(prefix.exit_code, 2);
    EXPECT_NE(prefix.err.find("unrecognised option '--pair' (did you mean '--pairs'?)"),
              std::string::npos)
        << prefix.err;
    for (const char* command : {"match", "sprt", "tournament", "tune", "resume", "label"}) {
        const auto typo = harness({command, "--concurency", "2"});
        EXPECT_EQ(typo.exit_code, 2) << command;
        EXPECT_NE(typo.err.find("'--concurency' (did you mean '--concurrency'?)"),
                  std::string::npos)
            << command << ": " << typo.err;
    }
}

// The "Examples:" block of a --help text (up to the options list after a blank line), or "".
std::string examples_of(const std::string& help) {
    const std::size_t start = help.find("\nExamples:\n");
    if (start == std::string::npos) return "";
    return help.substr(start, help.find("\n\n", start + 1) - start);
}

// Every command's --help has examples, and every flag an example uses is one that the command's
// own --help names outside its examples (an example left behind by a renamed flag fails here).
TEST(HarnessCli, EveryHelpHasExamplesThatUseItsOwnFlags) {
    const std::vector<std::vector<std::string>> commands{
        {"sprt"},  {"match"},  {"tournament"}, {"resume"},   {"pgn"},
        {"stats"}, {"report"}, {"tune"},       {"openings"}, {"openings", "generate"},
        {"label"}};
    const auto help_of = [](std::vector<std::string> command) {
        command.push_back("--help");
        return harness(command);
    };
    for (const auto& command : commands) {
        const auto help = help_of(command);
        ASSERT_EQ(help.exit_code, 0) << command.back();
        std::istringstream lines(examples_of(help.out));
        std::vector<std::string> example;  // the words of the example being read
        int example_count = 0;
        for (std::string line; std::getline(lines, line);) {
            std::istringstream words(line);
            std::vector<std::string> in_line;
            for (std::string w; words >> w;) in_line.push_back(w);
            if (!in_line.empty() && in_line.front() == "lmr-harness") {
                ++example_count;
                example.clear();
            }
            example.insert(example.end(), in_line.begin(), in_line.end());
            // The command the example runs: its words before the first flag ("tune export").
            std::vector<std::string> its_command;
            for (std::size_t i = 1; i < example.size() && example[i][0] != '-'; ++i)
                its_command.push_back(example[i]);
            std::string its_help = help_of(its_command).out;
            const std::string its_examples = examples_of(its_help);
            its_help.erase(its_help.find(its_examples), its_examples.size());
            for (const std::string& w : in_line) {
                if (w.rfind("--", 0) == 0) {
                    EXPECT_NE(its_help.find(w + " "), std::string::npos)
                        << "an example of " << command.back() << " uses " << w << ":\n"
                        << line;
                }
            }
        }
        EXPECT_GE(example_count, 1) << command.back() << ":\n" << help.out;
    }
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

// scripts/run's help is its own: what it runs and its defaults, not lmr-harness sprt's.
TEST(HarnessCli, ScriptsRunHelpGivesTheWrappersOwnDefaults) {
    const auto r = test::run_binary(std::string(LMR_SOURCE_DIR) + "/scripts/run", {"--help"});
    EXPECT_EQ(r.exit_code, 0) << r.err;
    for (const char* line :
         {"  --tc           tc=10+0.1\n", "  --elo1         10\n", "  --max-pairs    2000\n",
          "  --test         configs/rebel-expert.json\n"})
        EXPECT_NE(r.out.find(line), std::string::npos) << line << "\n" << r.out;
    EXPECT_EQ(r.out.find("Usage: lmr-harness sprt"), std::string::npos) << r.out;
}

TEST(HarnessCli, Version) {
    const auto r = harness({"--version"});
    EXPECT_EQ(r.exit_code, 0);
    EXPECT_EQ(r.out.rfind("lmr-harness ", 0), 0U) << r.out;
}

}  // namespace
}  // namespace lmr
