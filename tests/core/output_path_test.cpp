// core::output_path_problem on the paths the command-line tests do not reach: chains of relative
// links, a loop of links, a hard link, a folder that is a link.
#include "harness/core/output_path.hpp"

#include <gtest/gtest.h>

#include <fstream>

#include "tests/support/temp_dir.hpp"

namespace lmr::core {
namespace {

namespace fs = std::filesystem;

TEST(OutputPath, FollowsEveryLinkToTheFileAWriteWouldReach) {
    const test::TempDir temp("output-path");
    const fs::path dir = temp.path();
    const fs::path db = dir / "data" / "r.db";
    fs::create_directory(dir / "data");
    std::ofstream(db) << "x";
    const std::vector<ReadFile> inputs = database_files(db);
    // Relative links, one to the next, the last one to the database.
    fs::create_symlink("data/r.db", dir / "a");
    fs::create_symlink("a", dir / "b");
    ASSERT_TRUE(output_path_problem(dir / "b", inputs));
    EXPECT_NE(output_path_problem(dir / "b", inputs)->find("is the results database"),
              std::string::npos);
    // A hard link is the same file under another name; a folder reached through a link too.
    fs::create_hard_link(db, dir / "hard.pgn");
    EXPECT_TRUE(output_path_problem(dir / "hard.pgn", inputs));
    fs::create_directory_symlink("data", dir / "d");
    EXPECT_TRUE(output_path_problem(dir / "d" / "r.db", inputs));
    // SQLite's -wal file, not there yet, through the linked folder.
    EXPECT_NE(output_path_problem(dir / "d" / "r.db-wal", inputs)->find("wal file"),
              std::string::npos);
    // Other files pass: new, or regular and not an input.
    EXPECT_EQ(output_path_problem(dir / "games.pgn", inputs), std::nullopt);
    std::ofstream(dir / "old.pgn") << "";
    EXPECT_EQ(output_path_problem(dir / "old.pgn", inputs), std::nullopt);
}

TEST(OutputPath, ALoopOfLinksIsRefused) {
    const test::TempDir temp("output-path-loop");
    const fs::path dir = temp.path();
    fs::create_symlink("y", dir / "x");
    fs::create_symlink("x", dir / "y");
    const auto problem = output_path_problem(dir / "x", {});
    ASSERT_TRUE(problem);
    EXPECT_NE(problem->find("loop of symbolic links"), std::string::npos) << *problem;
}

}  // namespace
}  // namespace lmr::core
