// A valid 10 MB config. The config schema refuses unknown keys, but `description` is free text
// of any length, so a 10 MiB description under a real scheme is a legal config. lmr-engine must
// load it, the harness must read the engine's one-line JSON rendering of it whole (engine output
// is otherwise cut into 1 MiB pieces), and a run with it must start, play and store it. Output
// over the harness's limit is an error naming the limit and the file.

#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>

#include "harness/tournament/engine_identity.hpp"
#include "tests/support/child_process.hpp"
#include "tests/support/programs.hpp"
#include "tests/support/sqlite_db.hpp"
#include "tests/support/temp_dir.hpp"

namespace {

namespace fs = std::filesystem;

using ::lmr::test::kEngine;
using ::lmr::test::kHarness;
const std::string kSourceDir = LMR_SOURCE_DIR;

constexpr std::size_t kDescriptionSize = std::size_t{10} << 20;

// default.json with a 10 MiB description: varied text (not one repeated byte), so nothing on
// the way can shortcut it.
std::string big_description() {
    std::string text;
    text.reserve(kDescriptionSize + 64);
    for (int i = 0; text.size() < kDescriptionSize; ++i) {
        text += "line " + std::to_string(i) + " of a long description; ";
    }
    text.resize(kDescriptionSize);
    return text;
}

fs::path write_big_config(const lmr::test::TempDir& dir, const std::string& description) {
    const nlohmann::json config = {{"extends", kSourceDir + "/configs/default.json"},
                                   {"name", "big"},
                                   {"description", description}};
    return dir.write("big.json", config.dump());
}

TEST(BigConfig, LmrEngineLoadsATenMegabyteConfig) {
    const lmr::test::TempDir dir("lmr-big-config");
    const std::string description = big_description();
    const fs::path config = write_big_config(dir, description);
    ASSERT_GE(fs::file_size(config), kDescriptionSize);

    const auto result = lmr::test::run_process(kEngine, {"--config", config.string(), "config"},
                                               dir.path(), std::chrono::seconds(60));
    ASSERT_EQ(result.exit_code, 0) << lmr::test::describe(result);
    const auto resolved = nlohmann::json::parse(result.out);
    EXPECT_EQ(resolved.at("description").get<std::string>(), description);
    EXPECT_EQ(resolved.at("name"), "big");
}

TEST(BigConfig, HarnessReadsTheResolvedConfigWhole) {
    const lmr::test::TempDir dir("lmr-big-config");
    const std::string description = big_description();
    const fs::path config = write_big_config(dir, description);
    const auto text = lmr::tournament::resolved_config_text(kEngine, config.string());
    const auto resolved = nlohmann::json::parse(text);
    EXPECT_EQ(resolved.at("description").get<std::string>(), description);
}

TEST(BigConfig, OutputOverTheLimitIsAnErrorNamingTheLimitAndTheFile) {
    const lmr::test::TempDir dir("lmr-big-config");
    const fs::path config = write_big_config(dir, big_description());
    try {
        lmr::tournament::resolved_config_text(kEngine, config.string(), std::size_t{1} << 20);
        FAIL() << "a 10 MiB line was accepted under a 1 MiB limit";
    } catch (const std::runtime_error& e) {
        const std::string message = e.what();
        EXPECT_NE(message.find("1 MiB"), std::string::npos) << message;
        EXPECT_NE(message.find(config.string()), std::string::npos) << message;
        EXPECT_LT(message.size(), 1000u) << "the message quotes the config";
    }
}

TEST(BigConfig, RunWithATenMegabyteConfigStartsAndFinishes) {
    const lmr::test::TempDir dir("lmr-big-config");
    const std::string description = big_description();
    const fs::path config = write_big_config(dir, description);
    const std::string db_path = dir / "big.db";

    const auto result =
        lmr::test::run_process(kHarness,
                               {"match", "--base", kSourceDir + "/configs/default.json", "--test",
                                config.string(), "--engine-binary", kEngine, "--pairs", "1", "--tc",
                                "nodes=500", "--book", "none", "--db", db_path},
                               dir.path(), std::chrono::seconds(120));
    ASSERT_EQ(result.exit_code, 0) << lmr::test::describe(result);

    lmr::test::Db db(db_path);
    EXPECT_EQ(db.text("SELECT status FROM runs"), "finished");
    EXPECT_EQ(db.integer("SELECT count(*) FROM games"), 2);
    // The stored resolved config is the whole one, description included.
    const auto stored = nlohmann::json::parse(
        db.text("SELECT e.config_json FROM engines e JOIN run_engines r ON r.engine_id = e.id "
                "WHERE r.role = 'test'"));
    EXPECT_EQ(stored.at("description").get<std::string>(), description);
}

}  // namespace
