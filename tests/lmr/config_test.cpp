// Loading, validation, "extends" and the generated documentation of LMR configs.
#include "engine/lmr/config.hpp"

#include <gtest/gtest.h>
#include <sys/stat.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "engine/lmr/fields.hpp"
#include "test_util.hpp"

namespace lmr::reduction {
namespace {

using test::TempDir;

const char* const kPresets[] = {"none",
                                "cpw-simple",
                                "mediocre",
                                "rebel-ed2-ordering",
                                "rebel-ed3-history",
                                "rebel-ed4-quad",
                                "rebel-expert",
                                "textbook-log",
                                "default"};

// The message of the ConfigError that loading `text` throws.
std::string load_error(const TempDir& dir, const std::string& text,
                       const std::string& name = "bad.json") {
    const auto file = dir.write(name, text);
    try {
        load_config(file);
    } catch (const ConfigError& e) {
        return e.what();
    }
    ADD_FAILURE() << "no ConfigError for " << text;
    return "";
}

TEST(ConfigLoad, EveryPresetLoadsAndCarriesItsName) {
    for (const char* name : kPresets) {
        SCOPED_TRACE(name);
        const LmrConfig c = test::load_preset(name);
        EXPECT_EQ(c.name, name);
        EXPECT_FALSE(c.description.empty());
    }
}

TEST(ConfigLoad, ResolvedJsonIsAFixedPointOfParsing) {
    for (const char* name : kPresets) {
        SCOPED_TRACE(name);
        const std::string once = resolved_json(test::load_preset(name));
        const std::string twice = resolved_json(parse_config(once, "resolved"));
        EXPECT_EQ(once, twice);
    }
}

TEST(ConfigLoad, DefaultConfigIsConfigsDefaultJson) {
    EXPECT_EQ(resolved_json(default_config()), resolved_json(test::load_preset("default")));
    EXPECT_EQ(default_config().name, "default");
}

TEST(ConfigLoad, MissingKeysTakeTheStructDefaults) {
    const LmrConfig c = parse_config(R"({"name": "bare"})", "inline");
    EXPECT_EQ(resolved_json(c), [] {
        LmrConfig d;
        d.name = "bare";
        return resolved_json(d);
    }());
    // REBEL's values are the defaults of the steps' parameters.
    EXPECT_EQ(c.lmr.scale, 10);
    EXPECT_EQ(c.lmr.percentage, 50);
    EXPECT_EQ(c.lmr.steps.positional.margin, 50);
    EXPECT_EQ(c.lmr.steps.passed_pawn_gain.margin, 25);
    EXPECT_EQ(c.lmr.steps.king_safety_gain.margin, 25);
    EXPECT_EQ(c.lmr.steps.eval_rise.margin, 50);
    EXPECT_EQ(c.lmr.steps.eval_drop.margin, 50);
    EXPECT_EQ(c.lmr.steps.history.less_above.count, 4);
    EXPECT_EQ(c.lmr.steps.history.more_below.values[3], -1500);
}

TEST(ConfigErrors, UnknownKeySuggestsTheNearestValidKey) {
    TempDir dir;
    const std::string msg =
        load_error(dir, R"({"lmr": {"steps": {"histroy": {"enabled": true}}}})", "typo.json");
    EXPECT_NE(msg.find("typo.json"), std::string::npos) << msg;
    EXPECT_NE(msg.find("lmr.steps.histroy"), std::string::npos) << msg;
    EXPECT_NE(msg.find("did you mean 'history'"), std::string::npos) << msg;
}

TEST(ConfigErrors, UnknownTopLevelAndLeafKeys) {
    TempDir dir;
    std::string msg = load_error(dir, R"({"lmrr": {}})");
    EXPECT_NE(msg.find("did you mean 'lmr'"), std::string::npos) << msg;
    msg = load_error(dir, R"({"lmr": {"gates": {"tt_mov": true}}})");
    EXPECT_NE(msg.find("lmr.gates.tt_mov"), std::string::npos) << msg;
    EXPECT_NE(msg.find("did you mean 'tt_move'"), std::string::npos) << msg;
    msg = load_error(dir, R"({"lmr": {"steps": {"history": {"wieght": 5}}}})");
    EXPECT_NE(msg.find("did you mean 'weight'"), std::string::npos) << msg;
}

TEST(ConfigErrors, AKeyUnlikeEveryValidOneGetsNoGuessOnlyTheList) {
    TempDir dir;
    const std::string msg = load_error(dir, R"({"lmr": {"gates": {"zzzzzzzz": true}}})");
    EXPECT_NE(msg.find("unknown key 'zzzzzzzz'; valid keys here: "), std::string::npos) << msg;
    EXPECT_EQ(msg.find("did you mean"), std::string::npos) << msg;
}

TEST(ConfigErrors, WrongTypeNamesPathAndTypes) {
    TempDir dir;
    std::string msg = load_error(dir, R"({"lmr": {"min_depth": "3"}})");
    EXPECT_NE(msg.find("lmr.min_depth"), std::string::npos) << msg;
    EXPECT_NE(msg.find("expected an integer, got string"), std::string::npos) << msg;
    msg = load_error(dir, R"({"lmr": {"enabled": 1}})");
    EXPECT_NE(msg.find("lmr.enabled: expected true or false"), std::string::npos) << msg;
    msg = load_error(dir, R"({"lmr": {"percentage": 50.5}})");
    EXPECT_NE(msg.find("expected an integer, got number 50.5"), std::string::npos) << msg;
    msg = load_error(dir, R"({"lmr": {"gates": []}})");
    EXPECT_NE(msg.find("lmr.gates: expected an object, got array"), std::string::npos) << msg;
    msg = load_error(dir, R"({"lmr": {"steps": {"history": {"more_below": [0, "x"]}}}})");
    EXPECT_NE(msg.find("lmr.steps.history.more_below[1]"), std::string::npos) << msg;
}

TEST(ConfigErrors, OutOfRangeShowsTheRange) {
    TempDir dir;
    std::string msg = load_error(dir, R"({"lmr": {"percentage": 5000}})", "range.json");
    EXPECT_NE(msg.find("range.json: lmr.percentage: 5000 is out of range [0, 1000]"),
              std::string::npos)
        << msg;
    msg = load_error(dir, R"({"lmr": {"scale": 0}})");
    EXPECT_NE(msg.find("lmr.scale: 0 is out of range [1, 1000]"), std::string::npos) << msg;
    msg =
        load_error(dir, R"({"lmr": {"terms": {"ordering_score": {"no_double_min_score": [1]}}}})");
    EXPECT_NE(msg.find("expected 8 entries, got 1"), std::string::npos) << msg;
}

TEST(ConfigErrors, BadEnumValueSuggestsTheNearestChoice) {
    TempDir dir;
    const std::string msg = load_error(dir, R"({"lmr": {"research": "three-stage"}})");
    EXPECT_NE(msg.find("lmr.research"), std::string::npos) << msg;
    EXPECT_NE(msg.find("did you mean 'three_stage'"), std::string::npos) << msg;
}

TEST(ConfigErrors, InvalidJsonAndMissingFile) {
    TempDir dir;
    std::string msg = load_error(dir, R"({"lmr": {"enabled": true,}})", "broken.json");
    EXPECT_NE(msg.find("broken.json"), std::string::npos) << msg;
    EXPECT_NE(msg.find("invalid JSON"), std::string::npos) << msg;
    try {
        load_config(dir.path() / "absent.json");
        FAIL();
    } catch (const ConfigError& e) {
        EXPECT_NE(std::string(e.what()).find("absent.json: cannot open"), std::string::npos);
    }
}

TEST(ConfigErrors, ExplicitModeNeedsATable) {
    TempDir dir;
    const std::string msg =
        load_error(dir, R"({"lmr": {"steps": {"table": {"enabled": true, "mode": "explicit"}}}})");
    EXPECT_NE(msg.find("lmr.steps.table.explicit_table"), std::string::npos) << msg;
}

TEST(ConfigExtends, MissingBaseIsReportedWithTheReferringFile) {
    TempDir dir;
    const std::string msg = load_error(dir, R"({"extends": "nowhere.json"})", "child.json");
    EXPECT_NE(msg.find("child.json: extends: file not found"), std::string::npos) << msg;
    EXPECT_NE(msg.find("nowhere.json"), std::string::npos) << msg;
}

// A path that is not a config file must be refused before it is read: /dev/zero grew the engine
// to gigabytes, a FIFO with no writer blocked it for ever.
TEST(ConfigExtends, OnlyARegularFileWithinTheSizeLimitIsRead) {
    TempDir dir;
    std::string msg = load_error(dir, R"({"extends": "/dev/zero"})", "child.json");
    EXPECT_NE(msg.find("child.json: extends: not a regular file: /dev/zero"), std::string::npos)
        << msg;
    const std::string fifo = (dir.path() / "fifo.json").string();
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
    msg = load_error(dir, R"({"extends": "fifo.json"})", "child.json");
    EXPECT_NE(msg.find("not a regular file: " + fifo), std::string::npos) << msg;
    for (const std::string& top : {std::string("/dev/zero"), fifo}) {
        try {
            load_config(top);
            ADD_FAILURE() << "no ConfigError for " << top;
        } catch (const ConfigError& e) {
            EXPECT_EQ(std::string(e.what()), top + ": not a regular file");
        }
    }
    // One byte over 64 MiB (a sparse file: nothing is written).
    const auto big = dir.path() / "big.json";
    std::ofstream(big).put(' ');
    std::filesystem::resize_file(big, (std::size_t{64} << 20) + 1);
    msg = load_error(dir, R"({"extends": "big.json"})", "child.json");
    EXPECT_NE(msg.find("child.json: extends: larger than 64 MiB, the most a config file may be: " +
                       big.string()),
              std::string::npos)
        << msg;
}

TEST(ConfigExtends, CyclesAreDetected) {
    TempDir dir;
    dir.write("a.json", R"({"extends": "b.json"})");
    dir.write("b.json", R"({"extends": "a.json"})");
    try {
        load_config(dir.path() / "a.json");
        FAIL();
    } catch (const ConfigError& e) {
        const std::string msg = e.what();
        EXPECT_NE(msg.find("cyclic extends"), std::string::npos) << msg;
        EXPECT_NE(msg.find("a.json -> b.json -> a.json"), std::string::npos) << msg;
    }
    dir.write("self.json", R"({"extends": "self.json"})");
    EXPECT_THROW(load_config(dir.path() / "self.json"), ConfigError);
}

TEST(ConfigExtends, ErrorsInABaseNameTheBaseFile) {
    TempDir dir;
    dir.write("base.json", R"({"lmr": {"min_dept": 3}})");
    const std::string msg = load_error(dir, R"({"extends": "base.json"})", "child.json");
    EXPECT_NE(msg.find("base.json: lmr.min_dept"), std::string::npos) << msg;
    EXPECT_NE(msg.find("did you mean 'min_depth'"), std::string::npos) << msg;
}

TEST(ConfigExtends, DeepMergeChangesOnlyWhatTheChildStates) {
    TempDir dir;
    dir.write("sub/base.json", R"({
        "name": "base",
        "lmr": {"percentage": 70,
                "gates": {"tt_move": true, "in_check": true},
                "steps": {"history": {"enabled": true, "weight": 10, "more_below": [-100, -200]},
                          "killer": {"enabled": true, "weight": 8}}},
        "search": {"null_move": false}})");
    const auto child = dir.write("child.json", R"({
        "extends": "sub/base.json",
        "name": "child",
        "lmr": {"gates": {"in_check": false},
                "steps": {"history": {"weight": 6, "more_below": [-300]}}}})");
    const LmrConfig c = load_config(child);
    EXPECT_EQ(c.name, "child");
    EXPECT_EQ(c.lmr.percentage, 70);
    EXPECT_TRUE(c.lmr.gates.tt_move);
    EXPECT_FALSE(c.lmr.gates.in_check);
    EXPECT_TRUE(c.lmr.steps.history.enabled);
    EXPECT_EQ(c.lmr.steps.history.weight, 6);
    ASSERT_EQ(c.lmr.steps.history.more_below.count, 1);  // arrays are replaced, not merged
    EXPECT_EQ(c.lmr.steps.history.more_below.values[0], -300);
    EXPECT_EQ(c.lmr.steps.killer.weight, 8);
    EXPECT_FALSE(c.search.null_move);
    EXPECT_TRUE(c.search.futility);
}

TEST(ConfigExtends, AListMergesInOrderLaterFilesWin) {
    TempDir dir;
    dir.write("a.json", R"({"name": "a", "lmr": {"percentage": 70, "min_depth": 4}})");
    dir.write("b.json", R"({"lmr": {"percentage": 80}, "search": {"null_move": false}})");
    const LmrConfig c = load_config(dir.write("ab.json", R"({"extends": ["a.json", "b.json"]})"));
    EXPECT_EQ(c.name, "a");
    EXPECT_EQ(c.lmr.percentage, 80);  // b is later
    EXPECT_EQ(c.lmr.min_depth, 4);
    EXPECT_FALSE(c.search.null_move);
    const LmrConfig d = load_config(
        dir.write("ba.json", R"({"extends": ["b.json", "a.json"], "lmr": {"min_depth": 5}})"));
    EXPECT_EQ(d.lmr.percentage, 70);  // a is later
    EXPECT_EQ(d.lmr.min_depth, 5);    // the file itself wins over every base
}

TEST(ConfigExtends, BadListsAreNamed) {
    TempDir dir;
    EXPECT_NE(load_error(dir, R"({"extends": []})")
                  .find("extends: expected a file name or a "
                        "non-empty array"),
              std::string::npos);
    EXPECT_NE(
        load_error(dir, R"({"extends": ["a.json", 3]})").find("extends[1]: expected a string"),
        std::string::npos);
    EXPECT_NE(load_error(dir, R"({"extends": ["missing.json"]})").find("file not found"),
              std::string::npos);
}

TEST(ConfigExtends, APresetOnThePlainSearchKeepsItsLmrAndLosesThePruning) {
    TempDir dir;
    const std::string configs = (test::source_dir() / "configs").string();
    const LmrConfig c = load_config(dir.write(
        "plain-ed3.json", R"({"extends": [")" + configs + R"(/rebel-ed3-history.json", ")" +
                              configs + R"(/plain-search.json"]})"));
    const LmrConfig ed3 = test::load_preset("rebel-ed3-history");
    EXPECT_EQ(c.name, ed3.name);
    LmrConfig same_lmr = ed3;
    same_lmr.search = c.search;
    EXPECT_EQ(resolved_json(c), resolved_json(same_lmr));
    for (bool on :
         {c.search.null_move, c.search.reverse_futility, c.search.futility,
          c.search.late_move_pruning, c.search.see_pruning, c.search.internal_iterative_reduction,
          c.search.probcut, c.search.singular_extension})
        EXPECT_FALSE(on);
    EXPECT_TRUE(c.search.check_extension);
    EXPECT_TRUE(c.search.qsearch_see_pruning);
}

TEST(ConfigExtends, Ed4IsEd3WithOneMoreHistoryThreshold) {
    const LmrConfig ed3 = test::load_preset("rebel-ed3-history");
    LmrConfig ed4 = test::load_preset("rebel-ed4-quad");
    ASSERT_EQ(ed4.lmr.steps.history.more_below.count, 3);
    EXPECT_EQ(ed4.lmr.steps.history.more_below.values[1], -1000);
    ed4.lmr.steps.history = ed3.lmr.steps.history;
    ed4.name = ed3.name;
    ed4.description = ed3.description;
    EXPECT_EQ(resolved_json(ed4), resolved_json(ed3));
}

TEST(ConfigDocs, CommittedSchemaIsUpToDate) {
    EXPECT_EQ(test::read_text(test::source_dir() / "configs" / "schema.json"), config_json_schema())
        << "regenerate: lmr-config-doc schema > configs/schema.json";
}

TEST(ConfigDocs, SchemaDocumentsEveryKey) {
    const auto schema = nlohmann::json::parse(config_json_schema());
    for (const FieldDesc& f : config_fields()) {
        std::string pointer;
        std::string_view path = f.path;
        while (!path.empty()) {
            const auto dot = path.find('.');
            pointer += "/properties/" + std::string(path.substr(0, dot));
            path = dot == std::string_view::npos ? "" : path.substr(dot + 1);
        }
        SCOPED_TRACE(std::string(f.path));
        ASSERT_TRUE(schema.contains(nlohmann::json::json_pointer(pointer)));
        EXPECT_FALSE(schema.at(nlohmann::json::json_pointer(pointer + "/description"))
                         .get<std::string>()
                         .empty());
    }
}

TEST(ConfigDocs, DocsKeyReferenceIsUpToDate) {
    const std::string docs = test::read_text(test::source_dir() / "docs" / "configs.md");
    const std::string begin = "<!-- BEGIN GENERATED KEY REFERENCE -->\n";
    const std::string end = "<!-- END GENERATED KEY REFERENCE -->";
    const auto b = docs.find(begin);
    const auto e = docs.find(end);
    ASSERT_NE(b, std::string::npos);
    ASSERT_NE(e, std::string::npos);
    EXPECT_EQ(docs.substr(b + begin.size(), e - b - begin.size()), config_markdown_reference())
        << "regenerate with: lmr-config-doc reference";
}

TEST(ConfigValidate, InMemoryRangeViolationsThrow) {
    LmrConfig c;
    c.lmr.percentage = -1;
    c.source = "uci";
    try {
        validate(c);
        FAIL();
    } catch (const ConfigError& e) {
        EXPECT_NE(std::string(e.what()).find("uci: lmr.percentage: -1 is out of range"),
                  std::string::npos);
    }
}

}  // namespace
}  // namespace lmr::reduction
