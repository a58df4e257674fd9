// The fastchess front end's option parsers, in-process: every value of -sprt, -draw, -resign,
// -openings, -pgnout and -each lands in the field it names (asymmetric values, so a swap of two
// keys shows), and every key left out takes the default fastchess's manual gives it.

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "harness/cli/command.hpp"
#include "harness/fastchess/command_line.hpp"

namespace lmr::fastchess {
namespace {

namespace fs = std::filesystem;
using Args = std::vector<std::string>;

// Two engines (any program: nothing is started) and `extra`.
Run parse(const Args& extra) {
    Args args{"-engine",     "cmd=/bin/sh", "name=A", "-engine",
              "cmd=/bin/sh", "name=B",      "-each",  "tc=10+0.1"};
    args.insert(args.end(), extra.begin(), extra.end());
    return parse_command_line(args);
}

// A book file that exists, with the given extension.
std::string book(const std::string& extension) {
    const fs::path file = fs::temp_directory_path() / ("fastchess_command_line_test." + extension);
    std::ofstream(file) << "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n";
    return file.string();
}

TEST(FastchessOptions, SprtTakesEachValueWhereItsKeySays) {
    const auto run =
        parse({"-sprt", "elo0=-1.5", "elo1=3.5", "alpha=0.1", "beta=0.02", "model=logistic"});
    ASSERT_TRUE(run.plan.sprt);
    const auto& sprt = *run.plan.sprt;
    EXPECT_EQ(sprt.elo0, -1.5);
    EXPECT_EQ(sprt.elo1, 3.5);
    EXPECT_EQ(sprt.alpha, 0.1);
    EXPECT_EQ(sprt.beta, 0.02);
    EXPECT_EQ(sprt.model, stats::EloModel::kLogistic);
    EXPECT_EQ(run.plan.kind, store::RunKind::kSprt);
    EXPECT_EQ(parse({"-sprt", "elo0=0", "elo1=5", "model=bayesian"}).plan.sprt->model,
              stats::EloModel::kBayesElo);
}

// -use-affinity alone holds the slots on every CPU the process may use, with a list on those;
// the list itself is read (and refused) where lmr-harness's --affinity reads it.
// A key given twice would silently take its last value: refused in every key=value option but
// -pgnout's match_line=, which fastchess repeats.
TEST(FastchessOptions, AKeyGivenTwiceIsRefused) {
    for (const Args& args :
         {Args{"-sprt", "elo0=0", "elo1=5", "elo1=7"},
          Args{"-draw", "movenumber=34", "movecount=8", "movenumber=40"},
          Args{"-openings", "file=" + book("epd"), "order=random", "order=sequential"}}) {
        try {
            parse(args);
            ADD_FAILURE() << args[0] << " took a repeated key";
        } catch (const cli::UsageError& e) {
            EXPECT_NE(std::string(e.what()).find("is given twice"), std::string::npos) << e.what();
        }
    }
    const auto run =
        parse({"-pgnout", "file=x.pgn", "match_line=^info string a", "match_line=nodes"});
    ASSERT_TRUE(run.pgnout);
    EXPECT_EQ(run.pgnout->match_lines.size(), 2u);
}

TEST(FastchessOptions, UseAffinityTakesItsCpuListOrAll) {
    EXPECT_FALSE(parse({}).affinity.has_value());
    EXPECT_EQ(parse({"-use-affinity"}).affinity, "all");
    EXPECT_EQ(parse({"-use-affinity", "0,2-3"}).affinity, "0,2-3");
    EXPECT_THROW(parse({"-use-affinity", "0", "1"}), cli::UsageError);
}

TEST(FastchessOptions, SprtDefaultsAreNormalizedAndFivePercent) {
    // fastchess's manual: model normalized (nElo) by default; alpha and beta as fishtest's 0.05.
    const auto sprt = *parse({"-sprt", "elo0=0", "elo1=2"}).plan.sprt;
    EXPECT_EQ(sprt.model, stats::EloModel::kNormalized);
    EXPECT_EQ(sprt.alpha, 0.05);
    EXPECT_EQ(sprt.beta, 0.05);
    EXPECT_THROW(parse({"-sprt", "elo1=2"}), cli::UsageError);
    EXPECT_THROW(parse({"-sprt", "elo0=0"}), cli::UsageError);
    EXPECT_THROW(parse({"-sprt", "elo0=0", "elo1=2", "model=elo"}), cli::UsageError);
}

TEST(FastchessOptions, DrawAndResignTakeEachValueWhereItsKeySays) {
    const auto plan = parse({"-draw", "movenumber=34", "movecount=8", "score=20", "-resign",
                             "movecount=3", "score=600", "twosided=true"})
                          .plan;
    const auto& draw = plan.adjudication.draw;
    EXPECT_TRUE(draw.enabled);
    EXPECT_EQ(draw.move_number, 34);
    EXPECT_EQ(draw.move_count, 8);
    EXPECT_EQ(draw.score_cp, 20);
    const auto& resign = plan.adjudication.resign;
    EXPECT_TRUE(resign.enabled);
    EXPECT_EQ(resign.move_count, 3);
    EXPECT_EQ(resign.score_cp, 600);
    EXPECT_TRUE(resign.two_sided);
}

TEST(FastchessOptions, DrawAndResignKeysLeftOutTakeFastchessDefaults) {
    // fastchess's manual: -draw movenumber 0, movecount 1, score 0; -resign movecount 1,
    // twosided false (and score 0, which is refused: below).
    auto plan = parse({"-draw", "score=5", "-resign", "score=700"}).plan;
    EXPECT_TRUE(plan.adjudication.draw.enabled);
    EXPECT_EQ(plan.adjudication.draw.move_number, 0);
    EXPECT_EQ(plan.adjudication.draw.move_count, 1);
    EXPECT_EQ(plan.adjudication.draw.score_cp, 5);
    EXPECT_TRUE(plan.adjudication.resign.enabled);
    EXPECT_EQ(plan.adjudication.resign.move_count, 1);
    EXPECT_EQ(plan.adjudication.resign.score_cp, 700);
    EXPECT_FALSE(plan.adjudication.resign.two_sided);
    plan = parse({"-draw", "movenumber=40"}).plan;
    EXPECT_EQ(plan.adjudication.draw.move_count, 1);
    EXPECT_EQ(plan.adjudication.draw.score_cp, 0);
    // fastchess's resign score 0 would resign at the first score below zero: it must be given.
    try {
        parse({"-resign", "movecount=4"});
        ADD_FAILURE() << "-resign without score= was accepted";
    } catch (const cli::UsageError& e) {
        EXPECT_NE(std::string(e.what()).find("needs score=CP above 0"), std::string::npos)
            << e.what();
    }
    // Without the flags there is no adjudication at all.
    plan = parse({}).plan;
    EXPECT_FALSE(plan.adjudication.draw.enabled);
    EXPECT_FALSE(plan.adjudication.resign.enabled);
}

TEST(FastchessOptions, OpeningsTakeEachValueAndFastchessDefaults) {
    const std::string pgn = book("pgn");
    auto plan =
        parse({"-openings", "file=" + pgn, "format=pgn", "order=random", "plies=6", "start=3"})
            .plan;
    EXPECT_EQ(plan.book.path, pgn);
    EXPECT_EQ(plan.book.order, openings::BookOrder::kRandom);
    EXPECT_EQ(plan.book.plies, 6);
    EXPECT_EQ(plan.book.start, 2) << "start counts from 1 in fastchess, from 0 in the plan";
    // Defaults: sequential order, from the first opening, every ply of the book.
    plan = parse({"-openings", "file=" + pgn}).plan;
    EXPECT_EQ(plan.book.order, openings::BookOrder::kSequential);
    EXPECT_EQ(plan.book.start, 0);
    EXPECT_FALSE(plan.book.plies);
    // An EPD line has no moves: plies= does not apply to it.
    plan = parse({"-openings", "file=" + book("epd"), "format=epd", "plies=8"}).plan;
    EXPECT_FALSE(plan.book.plies);
    EXPECT_THROW(parse({"-openings", "file=" + pgn, "format=epd"}), cli::UsageError);
    EXPECT_THROW(parse({"-openings", "file=" + pgn, "start=0"}), cli::UsageError);
}

TEST(FastchessOptions, PgnoutTakesEachValueAndFastchessDefaults) {
    auto run = parse({"-pgnout", "file=games.pgn", "append=false", "nodes=true", "seldepth=false",
                      "nps=true", "notation=san"});
    ASSERT_TRUE(run.pgnout);
    EXPECT_EQ(run.pgnout->file, "games.pgn");
    EXPECT_FALSE(run.pgnout->append);
    EXPECT_TRUE(run.pgnout->style.fields.nodes);
    EXPECT_FALSE(run.pgnout->style.fields.seldepth);
    EXPECT_TRUE(run.pgnout->style.fields.nps);
    run = parse({"-pgnout", "file=games.pgn", "seldepth=true"});
    EXPECT_FALSE(run.pgnout->style.fields.nodes);
    EXPECT_TRUE(run.pgnout->style.fields.seldepth);
    EXPECT_FALSE(run.pgnout->style.fields.nps);
    // Defaults: appended to, no comment fields; cutechess-cli's `-pgnout FILE` the same.
    for (const Args& form : {Args{"-pgnout", "file=games.pgn"}, Args{"-pgnout", "games.pgn"}}) {
        run = parse(form);
        EXPECT_EQ(run.pgnout->file, "games.pgn");
        EXPECT_TRUE(run.pgnout->append);
        EXPECT_FALSE(run.pgnout->style.fields.nodes || run.pgnout->style.fields.seldepth ||
                     run.pgnout->style.fields.nps);
    }
    EXPECT_FALSE(parse({}).pgnout);
    EXPECT_THROW(parse({"-pgnout", "file=games.pgn", "notation=xan"}), cli::UsageError);
    // fastchess's other keys: each comment item, the notations, the minimal form.
    run = parse({"-pgnout", "file=g.pgn", "timeleft=true", "latency=true", "hashfull=true",
                 "tbhits=true", "pv=true", "min=true", "notation=lan"});
    const auto& style = run.pgnout->style;
    EXPECT_TRUE(style.fields.timeleft && style.fields.latency && style.fields.hashfull &&
                style.fields.tbhits && style.fields.pv && style.minimal);
    EXPECT_EQ(style.notation, match::PgnNotation::kLan);
    EXPECT_EQ(parse({"-pgnout", "file=g.pgn", "notation=uci"}).pgnout->style.notation,
              match::PgnNotation::kUci);
    EXPECT_FALSE(parse({"-pgnout", "file=g.pgn", "pv=false"}).pgnout->style.fields.pv);
}

TEST(FastchessOptions, EachAppliesToEveryEngineAfterItsOwnSettings) {
    const auto plan = parse({"-engine", "cmd=/bin/sh", "name=C", "option.Hash=64", "-each",
                             "option.Hash=16", "option.Threads=1", "timemargin=250", "restart=on"})
                          .plan;
    ASSERT_EQ(plan.engines.size(), 3u);
    EXPECT_EQ(plan.time_control.clock->base, std::chrono::seconds(10));
    EXPECT_EQ(plan.time_control.clock->increment, std::chrono::milliseconds(100));
    EXPECT_EQ(plan.time_margin_ms, 250);
    EXPECT_TRUE(plan.restart_engines);
    for (const auto& engine : plan.engines) {
        SCOPED_TRACE(engine.name);
        EXPECT_EQ(engine.argv.at(0), "/bin/sh");
        std::string hash;
        for (const auto& [name, value] : engine.options)
            if (name == "Hash") hash = value;
        // -each comes after the engine's own settings, as fastchess applies it.
        EXPECT_EQ(hash, "16");
    }
}

// LMR Lab's clock counted in nodes, spelt in -each and -engine as in --tc (fastchess has none).
TEST(FastchessOptions, NodestimeCountsTheClockInNodes) {
    const auto plan = parse({"-each", "nodestime=1200"}).plan;
    EXPECT_EQ(plan.time_control.to_string(), "tc=10+0.1 nodestime=1200");
    const auto odds =
        parse({"-engine", "cmd=/bin/sh", "name=C", "tc=5+0.05", "nodestime=600"}).plan;
    ASSERT_EQ(odds.engines.size(), 3u);
    ASSERT_TRUE(odds.engines[2].time_control);
    EXPECT_EQ(odds.engines[2].time_control->to_string(), "tc=10+0.1 nodestime=600");
}

// The run settings fastchess has options of its own for (run_settings.hpp): each lands in its
// member, the two waits for readyok in one, the PGN tags take every word.
TEST(FastchessOptions, TimeoutsAndPgnTagsLandInTheirSettings) {
    const auto plan = parse({"-startup-ms", "2345", "-ucinewgame-ms", "3456", "-event", "Club",
                             "final", "-site", "Rotterdam"})
                          .plan;
    EXPECT_EQ(plan.startup_timeout_ms, 2345);
    EXPECT_EQ(plan.ready_timeout_ms, 3456);
    EXPECT_EQ(plan.event, "Club final");
    EXPECT_EQ(plan.site, "Rotterdam");
    EXPECT_EQ(parse({"-ping-ms", "4567"}).plan.ready_timeout_ms, 4567);
    EXPECT_EQ(parse({}).plan.startup_timeout_ms, tournament::RunPlan{}.startup_timeout_ms);
    for (const Args& bad :
         {Args{"-startup-ms", "0"}, Args{"-ping-ms", "soon"}, Args{"-ucinewgame-ms", "1", "2"}})
        EXPECT_THROW(parse(bad), cli::UsageError) << bad.front();
}

// An engine's program and arguments as fastchess builds them: dir= before a relative cmd=,
// args= split as a shell splits words, then cutechess's arg= ones; the name from cmd= without
// its folder.
TEST(FastchessOptions, AnEnginesProgramAndArgumentsAreBuiltInFastchessOrder) {
    const auto plan = parse({"-engine", "cmd=eng", "dir=/opt/e", "args=-a 'b c'", "arg=d"}).plan;
    ASSERT_EQ(plan.engines.size(), 3u);
    EXPECT_EQ(plan.engines[2].argv, (std::vector<std::string>{"/opt/e/eng", "-a", "b c", "d"}));
    EXPECT_EQ(plan.engines[2].name, "eng");
    EXPECT_THROW(parse({"-engine", "name=C", "dir=/opt"}), cli::UsageError);  // no cmd=
}

}  // namespace
}  // namespace lmr::fastchess
