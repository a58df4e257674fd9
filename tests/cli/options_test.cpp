// The option helpers every sub-command uses (in-process).

#include "harness/cli/options.hpp"

#include <gtest/gtest.h>

#include <functional>
#include <sstream>
#include <string>
#include <vector>

#include "harness/cli/cli.hpp"
#include "harness/cli/command.hpp"
#include "harness/cli/run_options.hpp"
#include "harness/cli/sprt_flags.hpp"

namespace lmr::cli {
namespace {

std::string usage_message(const std::function<void()>& f) {
    try {
        f();
    } catch (const UsageError& e) {
        return e.what();
    }
    return "(no UsageError)";
}

TEST(CliOptions, ParseDouble) {
    EXPECT_EQ(parse_double("--x", "1.5"), 1.5);
    EXPECT_EQ(parse_double("--x", "-3"), -3.0);
    EXPECT_EQ(parse_double("--x", "+2"), 2.0);
    EXPECT_EQ(parse_double("--x", " 4 "), 4.0);
    EXPECT_EQ(usage_message([] { parse_double("--elo0", "abc"); }),
              "--elo0 'abc': is not a number");
    EXPECT_EQ(usage_message([] { parse_double("--elo0", "1.5x"); }),
              "--elo0 '1.5x': is not a number");
    EXPECT_EQ(usage_message([] { parse_double("--elo0", ""); }), "--elo0 '': is not a number");
    EXPECT_EQ(usage_message([] { parse_double("--elo0", "inf"); }),
              "--elo0 'inf': is not a finite number");
}

// Both front ends check their concurrency flag this one way; the machine's threads do not bound
// the coordinator of an MPI job (its playing ranks' cores count: docs/scale-out.md).
TEST(CliOptions, ConcurrencyAboveTheHardwareThreadsNeedsForceOrMpi) {
    const long threads = hardware_threads();
    EXPECT_EQ(checked_concurrency(threads, "t", false, false, "--concurrency", "--force"), threads);
    const std::string refused = usage_message([threads] {
        checked_concurrency(threads + 1, "many", false, false, "-concurrency",
                            "-force-concurrency");
    });
    EXPECT_NE(refused.find("-concurrency 'many': is above the " + std::to_string(threads) +
                           " hardware threads"),
              std::string::npos)
        << refused;
    EXPECT_NE(refused.find("add -force-concurrency"), std::string::npos) << refused;
    EXPECT_EQ(checked_concurrency(threads + 1, "t", true, false, "--concurrency", "--force"),
              threads + 1);
    EXPECT_EQ(checked_concurrency(4 * threads, "t", false, true, "-concurrency", "-force"),
              4 * threads);
}

TEST(CliOptions, ParseProbability) {
    EXPECT_EQ(parse_probability("--alpha", "0.05"), 0.05);
    EXPECT_EQ(usage_message([] { parse_probability("--alpha", "1"); }),
              "--alpha '1': must lie strictly between 0 and 1");
    EXPECT_NE(usage_message([] { parse_probability("--beta", "0"); }).find("--beta '0'"),
              std::string::npos);
}

TEST(CliOptions, ParseCounts) {
    EXPECT_EQ(parse_count("--n", "42"), 42);
    EXPECT_EQ(parse_count_list("--wdl", "1,2,3"), (std::vector<long>{1, 2, 3}));
    EXPECT_EQ(parse_count_list("--wdl", " 1, 2 ,3"), (std::vector<long>{1, 2, 3}));
    EXPECT_EQ(usage_message([] { parse_count("--n", "-1"); }), "--n '-1': must not be negative");
    EXPECT_EQ(usage_message([] { parse_count_list("--wdl", "1,x,3"); }),
              "--wdl '1,x,3': item 2 ('x') is not a whole number");
    EXPECT_EQ(usage_message([] { parse_count_list("--wdl", "1,,3"); }),
              "--wdl '1,,3': item 2 ('') is empty, expected a whole number");
    EXPECT_EQ(usage_message([] { parse_count_list("--wdl", "99999999999999999999999"); }),
              "--wdl '99999999999999999999999': item 1 ('99999999999999999999999') is too large");
}

// parse_command_line on `args` with a value flag --db, a switch --json and a list --option.
std::string parse_message(std::vector<std::string> args, po::variables_map* parsed = nullptr) {
    std::ostringstream out, err;
    CommandContext context{"lmr-harness", "test", std::move(args), "", out, err};
    po::options_description options("Options");
    options.add_options()("db", po::value<std::string>()->default_value("results/lmrlab.db"),
                          "database")("json", "a switch")(
        "option", po::value<std::vector<std::string>>()->composing(), "repeatable");
    po::variables_map values;
    const std::string message =
        usage_message([&] { parse_command_line(context, options, values, "", ""); });
    if (parsed != nullptr) *parsed = values;
    return message;
}

TEST(CliOptions, AFlagIsNotTheValueOfTheFlagBefore) {
    EXPECT_EQ(parse_message({"--db", "--json"}).rfind("--db '--json': is a flag, not a value", 0),
              0U);
    // An abbreviation is no flag at all (the command line is read strictly).
    EXPECT_EQ(parse_message({"--d", "--pairs", "1"}),
              "unrecognised option '--d' (did you mean '--db'?)");
    EXPECT_EQ(parse_message({"--option", "--x"}).rfind("--option '--x': is a flag", 0), 0U);
    // Attached with '=' it is meant; a single dash is a value; after "--" nothing is a flag.
    po::variables_map values;
    EXPECT_EQ(parse_message({"--db=--odd.db", "--json"}, &values), "(no UsageError)");
    EXPECT_EQ(values["db"].as<std::string>(), "--odd.db");
    EXPECT_EQ(parse_message({"--db", "-"}, &values), "(no UsageError)");
    EXPECT_EQ(values["db"].as<std::string>(), "-");
    // A switch takes no value: the flag after it is a flag.
    EXPECT_EQ(parse_message({"--json", "--db", "x.db"}, &values), "(no UsageError)");
    EXPECT_EQ(values["db"].as<std::string>(), "x.db");
}

TEST(CliOptions, AnEmptyValueIsRefused) {
    EXPECT_EQ(parse_message({"--db", ""}), "--db '': is empty: give a value");
    EXPECT_EQ(parse_message({"--option", "Hash=1", "--option", ""}),
              "--option '': is empty: give a value");
    po::variables_map values;
    EXPECT_EQ(parse_message({"--json"}, &values), "(no UsageError)");  // a switch is no value
    EXPECT_EQ(values["db"].as<std::string>(), "results/lmrlab.db");
}

TEST(CliOptions, AStrayWordIsRefusedWithTheFlagBeforeIt) {
    EXPECT_EQ(parse_message({"--db", "x.db", "stray"}),
              "'stray' is neither a flag nor the value of one (--db takes one value, here 'x.db')");
    EXPECT_EQ(parse_message({"--option", "Hash=1", "Threads=2"}),
              "'Threads=2' is neither a flag nor the value of one (--option takes one value per "
              "--option, here 'Hash=1')");
    EXPECT_EQ(parse_message({"--json", "yes"}),
              "'yes' is neither a flag nor the value of one (--json takes no value)");
    EXPECT_EQ(parse_message({"first"}), "'first' is neither a flag nor the value of one");
    EXPECT_EQ(parse_message({"--json", "--", "--db"}),
              "'--db' is neither a flag nor the value of one (--json takes no value)");
    // --help still answers, whatever else the line holds.
    EXPECT_EQ(parse_message({"stray", "--help"}), "(no UsageError)");
}

TEST(CliOptions, ASingleValuedFlagGivenTwiceIsRefused) {
    EXPECT_NE(parse_message({"--db", "a.db", "--db", "b.db"})
                  .find("'--db' cannot be specified more than once"),
              std::string::npos);
    EXPECT_NE(parse_message({"--json", "--json"}).find("--json"), std::string::npos);
    po::variables_map values;  // a repeatable flag is not a repeated one
    EXPECT_EQ(parse_message({"--option", "Hash=1", "--option", "Threads=2"}, &values),
              "(no UsageError)");
    EXPECT_EQ(values["option"].as<std::vector<std::string>>(),
              (std::vector<std::string>{"Hash=1", "Threads=2"}));
}

TEST(CliOptions, ParseKeyValues) {
    using Settings = std::vector<std::pair<std::string, std::string>>;
    EXPECT_EQ(parse_key_values("--draw", "movecount=3,score=600", {"movecount", "score"}),
              (Settings{{"movecount", "3"}, {"score", "600"}}));
    EXPECT_EQ(parse_key_values("--draw", "score=-5", {"movecount", "score"}),
              (Settings{{"score", "-5"}}));  // the value is the caller's to judge
    EXPECT_EQ(usage_message([] {
                  parse_key_values("--draw", "movecnt=3", {"movecount", "score"});
              }),
              "--draw 'movecnt=3': unknown key 'movecnt' (expected movecount=, score=)");
    EXPECT_EQ(
        usage_message([] { parse_key_values("--draw", "movecount=3,movecount=4", {"movecount"}); }),
        "--draw 'movecount=3,movecount=4': 'movecount' is given twice");
    EXPECT_EQ(usage_message([] { parse_key_values("--resign", "score=1,x", {"score"}); }),
              "--resign 'x': expected key=value, the keys being score=");
    EXPECT_EQ(usage_message([] { parse_key_values("--resign", "score=1,,", {"score"}); }),
              "--resign '': expected key=value, the keys being score=");
    EXPECT_EQ(usage_message([] { parse_key_values("--resign", "=1", {"score"}); }),
              "--resign '=1': expected key=value, the keys being score=");
    EXPECT_EQ(usage_message([] { parse_key_values("--resign", "score=", {"score"}); }),
              "--resign 'score=': has no value after '='");
}

// The run flags parsed as a command would, then turned into a plan.
tournament::RunPlan plan_of(std::vector<std::string> args) {
    std::ostringstream out, err;
    args.insert(args.end(), {"--seed", "1"});
    CommandContext context{"lmr-harness", "match", std::move(args), "", out, err};
    po::options_description options("Options");
    add_run_options(options);
    po::variables_map values;
    tournament::RunPlan plan;
    EXPECT_EQ(usage_message([&] {
                  EXPECT_TRUE(parse_command_line(context, options, values, "", ""));
                  fill_run_plan(values, plan);
              }),
              "(no UsageError)");
    return plan;
}

TEST(CliOptions, KeyValueFlagsReadCutechessWordsAndCommaListsAlike) {
    const auto words =
        plan_of({"--draw", "movenumber=20", "movecount=4", "score=5", "--resign", "movecount=3",
                 "score=600", "twosided=true", "--tc", "tc=10+0.1", "nodes=5000"});
    const auto commas =
        plan_of({"--draw=movenumber=20,movecount=4,score=5", "--resign",
                 "movecount=3,score=600,twosided=true", "--tc", "tc=10+0.1,nodes=5000"});
    const auto mixed =
        plan_of({"--draw", "movenumber=20,movecount=4", "score=5", "--resign", "movecount=3",
                 "score=600,twosided=true", "--tc=tc=10+0.1", "nodes=5000"});
    for (const auto* plan : {&words, &commas, &mixed}) {
        const auto& draw = plan->adjudication.draw;
        const auto& resign = plan->adjudication.resign;
        EXPECT_TRUE(draw.enabled);
        EXPECT_EQ(draw.move_number, 20);
        EXPECT_EQ(draw.move_count, 4);
        EXPECT_EQ(draw.score_cp, 5);
        EXPECT_TRUE(resign.enabled);
        EXPECT_EQ(resign.move_count, 3);
        EXPECT_EQ(resign.score_cp, 600);
        EXPECT_TRUE(resign.two_sided);
        EXPECT_EQ(plan->time_control.to_string(), "tc=10+0.1 nodes=5000");
    }
}

TEST(CliOptions, ResignIsOneSidedUnlessTwosidedIsTrue) {
    EXPECT_FALSE(plan_of({"--resign", "movecount=3", "score=600"}).adjudication.resign.two_sided);
    EXPECT_FALSE(plan_of({"--resign", "movecount=3,score=600,twosided=false"})
                     .adjudication.resign.two_sided);
    EXPECT_TRUE(plan_of({"--resign", "twosided=true"}).adjudication.resign.two_sided);
    EXPECT_FALSE(plan_of({}).adjudication.resign.enabled);  // off unless asked for
}

TEST(CliDispatch, InProcessRunReportsExitCodes) {
    std::ostringstream out;
    std::ostringstream err;
    const char* help[] = {"lmr-harness", "--help"};
    EXPECT_EQ(run(2, help, out, err), kExitOk);
    EXPECT_NE(out.str().find("stats"), std::string::npos);

    const char* unknown[] = {"lmr-harness", "nope"};
    EXPECT_EQ(run(2, unknown, out, err), kExitUsage);
    EXPECT_NE(err.str().find("unknown command 'nope'"), std::string::npos);

    const char* bad[] = {"lmr-harness", "stats", "--wdl", "1,2"};
    EXPECT_EQ(run(4, bad, out, err), kExitUsage);
}

TEST(CliDispatch, EveryCommandIsFoundByName) {
    ASSERT_FALSE(commands().empty());
    for (const Command& c : commands()) {
        EXPECT_EQ(find_command(c.name), &c);
        EXPECT_FALSE(c.summary.empty());
        EXPECT_NE(c.run, nullptr);
    }
    EXPECT_EQ(find_command("no-such-command"), nullptr);
}

// sprt's exit codes as the README documents them for CI: 0 H1, 1 H0, 3 undecided, 4 stopped.
TEST(CliExitCodes, SprtVerdicts) {
    tournament::RunOutcome outcome;
    outcome.status = store::RunStatus::kFinished;
    outcome.verdict = stats::Verdict::kAcceptH1;
    EXPECT_EQ(sprt_exit_code(outcome), 0);
    outcome.verdict = stats::Verdict::kAcceptH0;
    EXPECT_EQ(sprt_exit_code(outcome), 1);
    outcome.verdict = stats::Verdict::kContinue;
    EXPECT_EQ(sprt_exit_code(outcome), 3);
    outcome.status = store::RunStatus::kInterrupted;
    EXPECT_EQ(sprt_exit_code(outcome), 4);
    outcome.status = store::RunStatus::kFailed;
    outcome.verdict = stats::Verdict::kAcceptH1;
    EXPECT_EQ(sprt_exit_code(outcome), 4);
}

}  // namespace
}  // namespace lmr::cli
