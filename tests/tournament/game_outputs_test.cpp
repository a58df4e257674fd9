// Unit tests of a run's live output files (harness/tournament: output_file, pgn_output,
// epd_output, game_pgn) and of the plan's PGN Event and Site: the file opened up front with an
// error naming it, each game added whole the moment it is reported, appending or emptying, the
// tags the stored PGN carries too, and the EPD lines that read back as a book.

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <string>

#include "harness/match/pgn.hpp"
#include "harness/openings/epd_reader.hpp"
#include "harness/tournament/epd_output.hpp"
#include "harness/tournament/game_pgn.hpp"
#include "harness/tournament/output_file.hpp"
#include "harness/tournament/pgn_output.hpp"
#include "harness/tournament/run_plan.hpp"
#include "tests/support/temp_dir.hpp"

namespace lmr::tournament {
namespace {

using test::read_file;
using test::TempDir;

core::MoveRecord engine_move(std::string uci, int depth, std::uint64_t nodes) {
    core::MoveRecord m;
    m.uci = std::move(uci);
    m.score = core::Score::cp(25);
    m.depth = depth;
    m.seldepth = depth + 4;
    m.nodes = nodes;
    m.time_ms = 40;
    return m;
}

// Fool's mate: the last move mates.
core::GameRecord fools_mate() {
    core::GameRecord g;
    g.white = "alpha";
    g.black = "beta";
    g.moves = {engine_move("f2f3", 5, 4000), engine_move("e7e5", 6, 5000),
               engine_move("g2g4", 7, 6000), engine_move("d8h4", 1, 100)};
    g.final_fen = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3";
    g.result = core::GameResult::kBlackWins;
    g.termination = core::Termination::kMate;
    g.reason = "Black mates";
    g.time_control = "-";
    return g;
}

GameTask task(std::int64_t pair, int round) {
    GameTask t;
    t.pair.pair_index = pair;
    t.round = round;
    return t;
}

PgnOutputOptions pgn_options(std::string path, bool append = true, match::PgnStyle style = {}) {
    PgnOutputOptions options;
    options.file = std::move(path);
    options.append = append;
    options.style = style;
    return options;
}

RunPlan plan_named(std::string event, std::string site) {
    RunPlan plan;
    plan.time_control = match::parse_time_control("nodes=1000");
    plan.event = std::move(event);
    plan.site = std::move(site);
    return plan;
}

int count_of(const std::string& text, const std::string& what) {
    int n = 0;
    for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
    return n;
}

TEST(GamePgnTags, DefaultsNameTheRunAndRoundIsPairDotGame) {
    const auto tags = game_pgn_tags(RunPlan{}, 7, task(2, 1));
    EXPECT_EQ(tags.event, "LMR Lab run 7");
    EXPECT_EQ(tags.site, "LMR Lab");
    EXPECT_EQ(tags.round, "3.2");
}

TEST(GamePgnTags, ThePlansEventAndSiteWin) {
    const auto tags = game_pgn_tags(plan_named("LMR Cup", "Lab server"), 7, task(0, 0));
    EXPECT_EQ(tags.event, "LMR Cup");
    EXPECT_EQ(tags.site, "Lab server");
    EXPECT_EQ(tags.round, "1.1");
}

TEST(RunPlanPgnTags, StoredWithThePlanAndAbsentFromOldPlans) {
    const RunPlan named = plan_named("LMR Cup", "Lab server");
    const RunPlan back = plan_from_json(to_json(named));
    EXPECT_EQ(back.event, "LMR Cup");
    EXPECT_EQ(back.site, "Lab server");
    // A plan stored before runs could name them has neither key: the defaults.
    nlohmann::json old = to_json(plan_named("", ""));
    EXPECT_FALSE(old.contains("event"));
    EXPECT_FALSE(old.contains("site"));
    const RunPlan defaults = plan_from_json(old);
    EXPECT_EQ(defaults.event, "");
    EXPECT_EQ(defaults.site, "");
}

TEST(OutputFile, AMissingDirectoryIsAnErrorNamingTheFile) {
    TempDir dir;
    const std::string path = dir / "no-such-dir/games.pgn";
    try {
        OutputFile file(path, true, "PGN file");
        FAIL() << "opened " << path;
    } catch (const OutputFileError& e) {
        EXPECT_NE(std::string(e.what()).find("PGN file '" + path + "'"), std::string::npos)
            << e.what();
    }
}

TEST(OutputFile, ADirectoryIsAnErrorNamingIt) {
    TempDir dir;
    try {
        OutputFile file(dir.path(), true, "EPD file");
        FAIL() << "opened a directory";
    } catch (const OutputFileError& e) {
        EXPECT_NE(std::string(e.what()).find("EPD file '" + dir.path().string() + "'"),
                  std::string::npos)
            << e.what();
    }
}

// Root writes read-only files, so as root the opening is tried in a child that has dropped to
// uid/gid 65534 first (permissions then bind it as they bind a user); the child's exit code
// says what happened: 0 refused with OutputFileError, 1 opened, 2 could not drop root.
TEST(OutputFile, AReadOnlyFileIsAnError) {
    TempDir dir;
    const auto path = dir.write("games.pgn", "");
    ::chmod(path.c_str(), 0444);
    ::chmod(dir.path().c_str(), 0755);  // the file is reachable, not writable
    if (::geteuid() != 0) {
        EXPECT_THROW(OutputFile(path, true, "PGN file"), OutputFileError);
        return;
    }
    const pid_t child = ::fork();
    ASSERT_GE(child, 0);
    if (child == 0) {
        if (::setgid(65534) != 0 || ::setuid(65534) != 0) ::_exit(2);
        try {
            OutputFile file(path, true, "PGN file");
        } catch (const OutputFileError&) {
            ::_exit(0);
        }
        ::_exit(1);
    }
    int status = 0;
    ASSERT_EQ(::waitpid(child, &status, 0), child);
    ASSERT_TRUE(WIFEXITED(status));
    EXPECT_EQ(WEXITSTATUS(status), 0) << "1: a read-only file was opened; 2: could not drop root";
}

TEST(OutputFile, AppendsOrEmptiesWhatIsThere) {
    TempDir dir;
    const auto path = dir.write("games.txt", "earlier\n");
    {
        OutputFile file(path, /*append=*/true, "file");
        file.append("one\n");
        EXPECT_EQ(read_file(path), "earlier\none\n");  // nothing waits in a buffer
    }
    OutputFile file(path, /*append=*/false, "file");
    EXPECT_EQ(read_file(path), "");
    file.append("two\n");
    EXPECT_EQ(read_file(path), "two\n");
}

TEST(PgnOutput, EachGameIsInTheFileAsSoonAsItIsReported) {
    TempDir dir;
    const std::string path = dir / "live.pgn";
    PgnOutput output(pgn_options(path));
    const RunPlan plan = plan_named("LMR Cup", "");
    output.run_started(4, plan);
    for (int game = 0; game < 3; ++game) {
        output.game_finished(task(game / 2, game % 2), fools_mate());
        const std::string text = read_file(path);
        EXPECT_EQ(count_of(text, "[Event \"LMR Cup\"]"), game + 1) << text;
    }
    // The same text as the stored PGN of those games: to_pgn with the run's tags.
    const std::string expected = match::to_pgn(fools_mate(), game_pgn_tags(plan, 4, task(0, 0))) +
                                 match::to_pgn(fools_mate(), game_pgn_tags(plan, 4, task(0, 1))) +
                                 match::to_pgn(fools_mate(), game_pgn_tags(plan, 4, task(1, 0)));
    EXPECT_EQ(read_file(path), expected);
    EXPECT_NE(expected.find("[Site \"LMR Lab\"]"), std::string::npos);
    EXPECT_NE(expected.find("[Round \"2.1\"]"), std::string::npos);
}

TEST(PgnOutput, WritesTheCommentFieldsAskedFor) {
    TempDir dir;
    const std::string path = dir / "fields.pgn";
    PgnOutput output(
        pgn_options(path, true, {.fields = {.nodes = true, .seldepth = true, .nps = true}}));
    output.run_started(1, RunPlan{});
    output.game_finished(task(0, 0), fools_mate());
    std::string text = read_file(path);
    std::replace(text.begin(), text.end(), '\n', ' ');
    EXPECT_NE(text.find("f3 {+0.25/5 0.040s, n=4000, sd=9, nps=100000}"), std::string::npos)
        << text;
    EXPECT_NE(text.find("Qh4# {+0.25/1 0.040s, n=100, sd=5, nps=2500, Black mates} 0-1"),
              std::string::npos)
        << text;
}

TEST(PgnOutput, AppendsToAnExistingFileUnlessToldNotTo) {
    TempDir dir;
    const auto path = dir.write("old.pgn", "[Event \"earlier\"]\n\n1. e4 *\n\n");
    {
        PgnOutput output(pgn_options(path));
        output.run_started(1, RunPlan{});
        output.game_finished(task(0, 0), fools_mate());
    }
    EXPECT_EQ(read_file(path).rfind("[Event \"earlier\"]", 0), 0u);
    EXPECT_EQ(count_of(read_file(path), "[Event "), 2);
    PgnOutput fresh(pgn_options(path, /*append=*/false));
    EXPECT_EQ(read_file(path), "");
}

TEST(PgnOutput, OpensTheFileWhenBuilt) {
    TempDir dir;
    const std::string path = dir / "created.pgn";
    PgnOutput output(pgn_options(path));
    EXPECT_TRUE(std::filesystem::exists(path));
    EXPECT_THROW(PgnOutput(pgn_options(dir / "missing/x.pgn")), OutputFileError);
}

TEST(EpdOutput, LineInFastchessForm) {
    EXPECT_EQ(epd_line("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"),
              "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - hmvc 1; fmvn 3;");
    EXPECT_THROW(epd_line("8/8/8/8/8/8/8/8 w -"), std::invalid_argument);
}

TEST(EpdOutput, FinalPositionsReadBackAsABook) {
    TempDir dir;
    const std::string path = dir / "final.epd";
    EpdOutputOptions options;
    options.file = path;
    EpdOutput output(options);
    core::GameRecord drawn = fools_mate();
    drawn.final_fen = "8/8/4k3/8/8/4K3/8/8 b - - 12 71";
    output.game_finished(task(0, 0), drawn);
    EXPECT_EQ(read_file(path), "8/8/4k3/8/8/4K3/8/8 b - - hmvc 12; fmvn 71;\n");
    drawn.final_fen = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 40";
    output.game_finished(task(0, 1), drawn);
    const auto book = openings::read_epd_file(path);
    ASSERT_EQ(book.openings.size(), 2u);
    EXPECT_EQ(book.openings[0].start_fen, "8/8/4k3/8/8/4K3/8/8 b - - 12 71");
    EXPECT_EQ(book.openings[1].start_fen, "4k3/8/8/8/8/8/4P3/4K3 w - - 0 40");
}

}  // namespace
}  // namespace lmr::tournament
