// This host and its processes (harness/process/this_host.hpp): a pid that exited and was reaped,
// or that is a zombie, runs nothing; a private directory holds what is written to it and goes
// with its object; making one sweeps those that this host's dead processes left behind, and
// keeps a live process's and another host's.

#include "harness/process/this_host.hpp"

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace lmr::process {
namespace {

namespace fs = std::filesystem;

// A child that exited; reaped unless `keep_zombie`.
pid_t exited_child(bool keep_zombie) {
    const pid_t child = ::fork();
    if (child == 0) ::_exit(0);
    if (keep_zombie) {
        // Wait until it has exited without reaping it: waitid with WNOWAIT leaves the zombie.
        siginfo_t info{};
        ::waitid(P_PID, static_cast<id_t>(child), &info, WEXITED | WNOWAIT);
    } else {
        ::waitpid(child, nullptr, 0);
    }
    return child;
}

TEST(ThisHost, APidRunsALiveProcessOnlyWhileItIsNeitherGoneNorAZombie) {
    EXPECT_TRUE(process_running(::getpid()));
    EXPECT_FALSE(process_running(exited_child(false)));
    const pid_t zombie = exited_child(true);
    EXPECT_FALSE(process_running(zombie));
    ::waitpid(zombie, nullptr, 0);
    EXPECT_FALSE(host_name().empty());
}

// TMPDIR pointed at a folder of the test's own, so that the sweep sees only what it made.
class PrivateDirectoryTest : public ::testing::Test {
  protected:
    void SetUp() override {
        temp_ = fs::temp_directory_path() / ("this-host-test-" + std::to_string(::getpid()));
        fs::create_directories(temp_);
        const char* old = std::getenv("TMPDIR");
        old_tmpdir_ = old ? old : "";
        had_tmpdir_ = old != nullptr;
        ::setenv("TMPDIR", temp_.c_str(), 1);
    }
    void TearDown() override {
        if (had_tmpdir_)
            ::setenv("TMPDIR", old_tmpdir_.c_str(), 1);
        else
            ::unsetenv("TMPDIR");
        fs::remove_all(temp_);
    }
    fs::path temp_;
    std::string old_tmpdir_;
    bool had_tmpdir_ = false;
};

TEST_F(PrivateDirectoryTest, HoldsWhatIsWrittenAndGoesWithItsObject) {
    fs::path dir, file;
    {
        const PrivateDirectory own("lmr-test");
        dir = own.path();
        EXPECT_EQ(dir.parent_path(), temp_);
        EXPECT_TRUE(dir.filename().string().starts_with("lmr-test-" + host_name() + "-" +
                                                        std::to_string(::getpid()) + "-"))
            << dir;
        file = own.write("engine-0.json", "{\"a\": 1}\n");
        std::ifstream in(file);
        std::ostringstream text;
        text << in.rdbuf();
        EXPECT_EQ(text.str(), "{\"a\": 1}\n");
    }
    EXPECT_FALSE(fs::exists(dir));
}

TEST_F(PrivateDirectoryTest, SweepsOnlyWhatThisHostsDeadProcessesLeft) {
    const std::string here = "lmr-test-" + host_name() + "-";
    const fs::path dead = temp_ / (here + std::to_string(exited_child(false)) + "-abc123");
    const fs::path live = temp_ / (here + std::to_string(::getpid()) + "-def456");
    const fs::path elsewhere = temp_ / "lmr-test-some-other-host-1-ghi789";
    const fs::path other_prefix = temp_ / ("lmr-other-" + host_name() + "-1-jkl012");
    for (const auto& d : {dead, live, elsewhere, other_prefix}) fs::create_directories(d);
    const PrivateDirectory own("lmr-test");
    EXPECT_FALSE(fs::exists(dead)) << "left by a process that no longer runs";
    EXPECT_TRUE(fs::exists(live));
    EXPECT_TRUE(fs::exists(elsewhere)) << "another host's, on a shared TMPDIR";
    EXPECT_TRUE(fs::exists(other_prefix));
}

TEST_F(PrivateDirectoryTest, AFileThatCannotBeWrittenIsAnErrorNamingIt) {
    const PrivateDirectory own("lmr-test");
    EXPECT_THROW((void)own.write("no-such-folder/x.json", "x"), std::runtime_error);
}

}  // namespace
}  // namespace lmr::process
