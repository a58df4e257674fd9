// Several processes opening one database that does not exist yet, all at the same instant, as
// runs started together on a new --db do: every open must wait for the others' locks (the WAL
// switch, schema creation, migrations) instead of failing with "database is locked", and the
// file must end up created once, at the latest schema version.

#include <gtest/gtest.h>
#include <sqlite3.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <string>
#include <vector>

#include "harness/store/schema.hpp"
#include "harness/store/store.hpp"
#include "tests/store/fixture.hpp"

namespace lmr::store {
namespace {

using testing::TempDir;

constexpr int kProcesses = 8;
constexpr int kRounds = 15;

struct RaceResult {
    int succeeded = 0;
    std::string failures;  // what the failing processes reported
};

// Forks kProcesses children that wait on one pipe and call Store::open(path) as soon as it
// closes, so their opens start within microseconds of each other. Each child reports an error
// message through `report` (writes below PIPE_BUF are atomic) and exits 0 only on success.
RaceResult race_to_open(const std::filesystem::path& path) {
    int start[2], report[2];
    if (::pipe(start) != 0 || ::pipe(report) != 0) {
        ADD_FAILURE() << "pipe: " << std::strerror(errno);
        return {};
    }
    std::vector<pid_t> children;
    for (int i = 0; i < kProcesses; ++i) {
        const pid_t pid = ::fork();
        if (pid < 0) {
            ADD_FAILURE() << "fork: " << std::strerror(errno);
            break;
        }
        if (pid == 0) {
            ::close(start[1]);
            ::close(report[0]);
            char byte;
            while (::read(start[0], &byte, 1) < 0 && errno == EINTR) {
            }
            int code = 0;
            try {
                Store::open(path);
            } catch (const std::exception& e) {
                const std::string message = std::string(e.what()).substr(0, 400) + "\n";
                [[maybe_unused]] const auto n = ::write(report[1], message.data(), message.size());
                code = 1;
            }
            ::_exit(code);  // no gtest teardown or atexit handlers in a forked copy of the test
        }
        children.push_back(pid);
    }
    ::close(start[0]);
    ::close(report[1]);
    ::close(start[1]);  // every child's read returns now

    RaceResult result;
    for (const pid_t pid : children) {
        int status = 0;
        while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
        }
        if (WIFEXITED(status) && WEXITSTATUS(status) == 0) ++result.succeeded;
    }
    char buffer[4096];
    for (ssize_t n; (n = ::read(report[0], buffer, sizeof buffer)) > 0;) {
        result.failures.append(buffer, static_cast<std::size_t>(n));
    }
    ::close(report[0]);
    return result;
}

TEST(StoreOpenRace, ProcessesOpeningOneNewDatabaseAtOnceAllSucceed) {
    TempDir dir;
    for (int round = 0; round < kRounds; ++round) {
        const std::filesystem::path path = dir / ("race-" + std::to_string(round) + ".db");
        const RaceResult result = race_to_open(path);
        ASSERT_EQ(result.succeeded, kProcesses)
            << "round " << round << ": " << kProcesses - result.succeeded << " opens failed:\n"
            << result.failures;

        // One schema, created once: the identity and version a single open gives.
        auto db = sqlite::Database::open(path.string(), SQLITE_OPEN_READONLY);
        EXPECT_EQ(db.query_int("PRAGMA application_id"), kApplicationId);
        EXPECT_EQ(db.query_int("PRAGMA user_version"), latest_schema_version());
        EXPECT_EQ(db.query_text("PRAGMA journal_mode"), "wal");
        EXPECT_EQ(db.query_text("PRAGMA integrity_check"), "ok");
    }
}

}  // namespace
}  // namespace lmr::store
