// Parameter lists as users write them (--param, OpenBench files) and their checks against the
// options an engine advertises.

#include "harness/tune/params.hpp"

#include <gtest/gtest.h>

#include <fstream>

#include "tests/store/temp_dir.hpp"

namespace lmr::tune {
namespace {

std::string error_of(const std::function<void()>& f) {
    try {
        f();
    } catch (const ParamError& e) {
        return e.what();
    }
    return "(no error)";
}

TEST(ParamFlag, SixFieldsAreAnInt) {
    const auto p = parse_param_flag("lmr.steps.history.weight,10,0,40,2.5,0.002");
    EXPECT_EQ(p.name, "lmr.steps.history.weight");
    EXPECT_TRUE(p.is_integer);
    EXPECT_EQ(p.start, 10);
    EXPECT_EQ(p.min, 0);
    EXPECT_EQ(p.max, 40);
    EXPECT_EQ(p.c_end, 2.5);
    EXPECT_EQ(p.r_end, 0.002);
}

TEST(ParamFlag, SevenFieldsCarryTheType) {
    const auto p = parse_param_flag(" Some Option , float , -0.5, -1, +1, 0.1, 0.002 ");
    EXPECT_EQ(p.name, "Some Option");
    EXPECT_FALSE(p.is_integer);
    EXPECT_EQ(p.start, -0.5);
    EXPECT_EQ(p.max, 1);
}

TEST(ParamFlag, ErrorsNameTheFlagAndTheField) {
    EXPECT_EQ(error_of([] { parse_param_flag("a,1,2"); }),
              "--param 'a,1,2': expected NAME,START,MIN,MAX,C_END,R_END (or with TYPE after NAME), "
              "got 3 fields");
    EXPECT_EQ(error_of([] { parse_param_flag("a,x,0,10,1,0.002"); }),
              "--param 'a,x,0,10,1,0.002': field 2 (START) 'x' is not a number");
    EXPECT_EQ(error_of([] { parse_param_flag("a,5,10,0,1,0.002"); }),
              "--param 'a,5,10,0,1,0.002': MIN 10 is above MAX 0");
    EXPECT_EQ(error_of([] { parse_param_flag("a,50,0,10,1,0.002"); }),
              "--param 'a,50,0,10,1,0.002': START 50 is outside [0, 10]");
    EXPECT_EQ(error_of([] { parse_param_flag("a,5,0,10,0,0.002"); }),
              "--param 'a,5,0,10,0,0.002': C_END must be above 0 (got 0)");
    EXPECT_EQ(error_of([] { parse_param_flag("a,5,0,10,1,-1"); }),
              "--param 'a,5,0,10,1,-1': R_END must be above 0 (got -1)");
    EXPECT_EQ(error_of([] { parse_param_flag("a,5,5,5,1,1"); }),
              "--param 'a,5,5,5,1,1': MIN and MAX are both 5: nothing to tune");
    EXPECT_EQ(
        error_of([] { parse_param_flag("a,int,5,0.5,10,1,1"); }),
        "--param 'a,int,5,0.5,10,1,1': an int parameter needs whole MIN and MAX (got 0.5, 10)");
    EXPECT_EQ(error_of([] { parse_param_flag("a,double,5,0,10,1,1"); }),
              "--param 'a,double,5,0,10,1,1': field 2 (TYPE) 'double' is not int or float");
    EXPECT_EQ(error_of([] { parse_param_flag(",5,0,10,1,1"); }),
              "--param ',5,0,10,1,1': field 1 (NAME) is empty");
    EXPECT_EQ(error_of([] { parse_param_flag("a,5,0,inf,1,1"); }),
              "--param 'a,5,0,inf,1,1': field 4 (MAX) 'inf' is not a number");
}

TEST(ParamsFile, OpenBenchLinesWithCommentsAndBlanks) {
    const auto params = parse_params_text(
        "# LMR weights\n"
        "lmr.steps.history.weight, int, 10.0, 0.0, 40.0, 2.0, 0.002\r\n"
        "\n"
        "   # indented comment\n"
        "lmr.steps.eval_margin.weight, INT, 10, -20, 40, 3, 0.0025\n",
        "w.txt");
    ASSERT_EQ(params.size(), 2u);
    EXPECT_EQ(params[0].name, "lmr.steps.history.weight");
    EXPECT_EQ(params[0].max, 40);
    EXPECT_EQ(params[1].min, -20);
    EXPECT_EQ(params[1].r_end, 0.0025);
}

TEST(ParamsFile, ErrorsNameTheLine) {
    EXPECT_EQ(
        error_of([] { parse_params_text("# c\na, int, 1, 0, 2, 1, 1\nb, int, 1, 0\n", "p.txt"); }),
        "p.txt:3: expected 7 fields NAME, TYPE, START, MIN, MAX, C_END, R_END, got 4");
    EXPECT_EQ(error_of([] {
                  parse_params_text("a, int, 1, 0, 2, 1, 1\n\nb, int, 9, 0, 2, 1, 1", "p.txt");
              }),
              "p.txt:3: START 9 is outside [0, 2]");
    EXPECT_EQ(error_of([] { parse_params_text("# nothing\n\n", "p.txt"); }),
              "p.txt: no parameters in the file");
    EXPECT_EQ(error_of([] { read_params_file("/nonexistent/params.txt"); }),
              "/nonexistent/params.txt: cannot read the parameters file");
}

TEST(ParamsFile, ReadsAFile) {
    store::testing::TempDir dir;
    store::testing::write_bytes(dir / "p.txt", "x.y, float, 0.5, 0, 1, 0.1, 0.002\n");
    const auto params = read_params_file(dir / "p.txt");
    ASSERT_EQ(params.size(), 1u);
    EXPECT_FALSE(params[0].is_integer);
}

TEST(ParamList, NamesOnceAndNotEmpty) {
    EXPECT_EQ(error_of([] { check_param_list({}); }),
              "no parameters to tune: give --param or --params-file");
    const auto a = parse_param_flag("a.b,1,0,2,1,1");
    const auto b = parse_param_flag("A.B,1,0,2,1,1");
    EXPECT_EQ(error_of([&] {
                  check_param_list({a, b});
              }),
              "--param 'A.B,1,0,2,1,1': parameter 'A.B' is given twice (first at --param "
              "'a.b,1,0,2,1,1')");
    EXPECT_NO_THROW(check_param_list({a}));
}

std::vector<uci_client::EngineOption> engine_options() {
    std::vector<uci_client::EngineOption> options;
    for (const char* line :
         {"option name Hash type spin default 16 min 1 max 65536",
          "option name lmr.steps.history.weight type spin default 10 min -1000 max 1000",
          "option name lmr.steps.eval_margin.weight type spin default 10 min -1000 max 1000",
          "option name lmr.steps.killer.weight type spin default 10 min -1000 max 1000",
          "option name lmr.gates.tt_move type check default false",
          "option name Config type string default <empty>"})
        options.push_back(*uci_client::parse_option_line(line));
    return options;
}

TEST(ParamsAgainstEngine, KnownSpinsInRangePass) {
    const auto p = parse_param_flag("LMR.steps.history.weight,10,0,40,2,0.002");  // any case
    EXPECT_TRUE(check_against_engine({p}, engine_options()).empty());
}

TEST(ParamsAgainstEngine, UnknownNameSuggestsTheNearest) {
    const auto p = parse_param_flag("lmr.steps.histroy.weight,10,0,40,2,0.002");
    const auto problems = check_against_engine({p}, engine_options());
    ASSERT_EQ(problems.size(), 1u);
    EXPECT_EQ(problems[0].rfind("--param 'lmr.steps.histroy.weight,10,0,40,2,0.002': unknown "
                                "parameter 'lmr.steps.histroy.weight': the engine has no such "
                                "option (did you mean 'lmr.steps.history.weight'",
                                0),
              0u)
        << problems[0];
}

TEST(ParamsAgainstEngine, WrongTypeOrRange) {
    const auto out_of_range = parse_param_flag("lmr.steps.killer.weight,10,0,4000,2,0.002");
    const auto check = parse_param_flag("lmr.gates.tt_move,0,0,1,1,0.002");
    const auto real = parse_param_flag("lmr.steps.eval_margin.weight,float,10,0,40,2,0.002");
    const auto problems = check_against_engine({out_of_range, check, real}, engine_options());
    ASSERT_EQ(problems.size(), 3u);
    EXPECT_EQ(problems[0],
              "--param 'lmr.steps.killer.weight,10,0,4000,2,0.002': parameter "
              "'lmr.steps.killer.weight': range [0, 4000] goes beyond the engine's [-1000, 1000]");
    EXPECT_NE(problems[1].find("type check, not spin"), std::string::npos) << problems[1];
    EXPECT_NE(problems[2].find("declare it int"), std::string::npos) << problems[2];
}

// An editor's UTF-8 byte order mark is no part of the first name; every problem found later,
// against the engine's options, names the file and line of the parameter.
TEST(ParamsFile, AByteOrderMarkIsSkippedAndEveryProblemNamesFileAndLine) {
    store::testing::TempDir dir;
    store::testing::write_bytes(dir / "p.txt",
                                "\xEF\xBB\xBFlmr.steps.history.weight, int, 10, 0, 40, 2, 0.002\n"
                                "# a comment\n"
                                "lmr.steps.histroy.weight, int, 10, 0, 40, 2, 0.002\n");
    const auto params = read_params_file(dir / "p.txt");
    ASSERT_EQ(params.size(), 2u);
    EXPECT_EQ(params[0].name, "lmr.steps.history.weight");
    const auto problems = check_against_engine(params, engine_options());
    ASSERT_EQ(problems.size(), 1u);
    EXPECT_EQ(
        problems[0].rfind((dir / "p.txt") + ":3: unknown parameter 'lmr.steps.histroy.weight'", 0),
        0u)
        << problems[0];
}

TEST(ParamsFile, AnIntParameterStartsAtAWholeNumber) {
    EXPECT_EQ(error_of([] { parse_params_text("a.b, int, 300.5, 0, 1000, 10, 0.002\n", "p.txt"); }),
              "p.txt:1: an int parameter needs a whole START (got 300.5): declare it float or "
              "round it");
    EXPECT_EQ(parse_params_text("a.b, int, 300.0, 0, 1000, 10, 0.002\n", "p.txt").at(0).start,
              300);  // OpenBench writes ints so
    EXPECT_EQ(parse_params_text("a.b, float, 300.5, 0, 1000, 10, 0.002\n", "p.txt").at(0).start,
              300.5);
}

TEST(ParamsWarnings, SmallCEndForAnInt) {
    const auto small = parse_param_flag("a,10,0,40,0.3,0.002");
    const auto fine = parse_param_flag("b,10,0,40,2,0.002");
    const auto warnings = param_warnings({small, fine});
    ASSERT_EQ(warnings.size(), 1u);
    EXPECT_NE(warnings[0].find("'a'"), std::string::npos);
}

TEST(NearestNames, ByEditDistance) {
    const std::vector<std::string> names = {"alpha", "beta", "gamma", "lmr.steps.history.weight"};
    EXPECT_EQ(nearest_names("gama", names, 1), std::vector<std::string>{"gamma"});
    EXPECT_TRUE(nearest_names("completely.different.thing.here", names).empty());
}

}  // namespace
}  // namespace lmr::tune
