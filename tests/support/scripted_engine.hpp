#pragma once
// An engine program for black-box fault tests of commands that take an engine binary rather
// than a command line (`tune --engine-binary`), or whose engine a test must switch between two
// runs (broken, then fixed): a shell script in the test's directory that runs whatever command
// its command file names at each start, and leaves its pid in a directory first, so the test
// can find every engine process the harness started (probes and restarts included).
//
// The script also answers `SCRIPT --config FILE config` (lmr-harness reads an lmr engine's
// resolved config that way before a tune) with a small JSON object, so any UCI program, e.g.
// a fixture engine of tests/fixtures, can stand in for lmr-engine. Header-only.

#include <gtest/gtest.h>
#include <sys/types.h>

#include <chrono>
#include <filesystem>
#include <string>
#include <thread>
#include <vector>

#include "tests/support/temp_dir.hpp"

namespace lmr::test {

class ScriptedEngine {
  public:
    // `command`: the program and its arguments (no spaces inside a word: the command file is
    // split on white space).
    ScriptedEngine(const TempDir& dir, const std::string& name,
                   const std::vector<std::string>& command)
        : name_(name),
          script_(dir.path() / name),
          command_file_(dir.path() / (name + ".cmd")),
          pid_dir_(dir.path() / (name + ".pids")) {
        fs::create_directories(pid_dir_);
        set_command(command);
        const std::string config_reply = "{\"name\": \"" + name + "\"}";
        std::string script = "#!/bin/sh\n";
        script += "if [ \"$3\" = config ]; then echo '" + config_reply + "'; exit 0; fi\n";
        script += "echo $$ > '" + pid_dir_.string() + "'/$$\n";
        script += "set -- $(cat '" + command_file_.string() + "')\n";
        script += "exec \"$@\"\n";
        write_file(script_, script);
        fs::permissions(script_, fs::perms::owner_all | fs::perms::group_read |
                                     fs::perms::group_exec | fs::perms::others_read |
                                     fs::perms::others_exec);
    }

    const std::string& name() const { return name_; }
    std::string path() const { return script_.string(); }

    // What the next start runs (a start under way keeps its program).
    void set_command(const std::vector<std::string>& command) const {
        std::string text;
        for (const auto& word : command) text += (text.empty() ? "" : " ") + word;
        // Written aside and renamed: a start at that moment reads the old or the new command,
        // never an empty file.
        const fs::path next = command_file_.string() + ".next";
        write_file(next, text + "\n");
        fs::rename(next, command_file_);
    }

    // Every process started so far (each has exec'd its command, or is about to).
    std::vector<pid_t> started() const {
        std::vector<pid_t> pids;
        for (const auto& entry : fs::directory_iterator(pid_dir_))
            pids.push_back(static_cast<pid_t>(std::stol(entry.path().filename().string())));
        return pids;
    }

    // The started processes still running (zombies are not running: their parent just has not
    // reaped them yet).
    std::vector<pid_t> running() const {
        std::vector<pid_t> alive;
        for (const pid_t pid : started()) {
            const std::string stat = read_file("/proc/" + std::to_string(pid) + "/stat");
            const auto close = stat.rfind(')');
            if (close == std::string::npos || close + 2 >= stat.size()) continue;
            const char state = stat[close + 2];
            if (state != 'Z' && state != 'X') alive.push_back(pid);
        }
        return alive;
    }

  private:
    std::string name_;
    fs::path script_, command_file_, pid_dir_;
};

// Polls until `done` or `limit` passes.
template <typename Done>
bool wait_until(Done done, std::chrono::milliseconds limit) {
    const auto deadline = std::chrono::steady_clock::now() + limit;
    while (std::chrono::steady_clock::now() < deadline) {
        if (done()) return true;
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    return done();
}

// No engine process the harness started outlives it for long: an orphaned engine would go on
// burning a core (fixtures exit at end of input, so a few seconds are plenty).
inline void expect_engines_gone(const ScriptedEngine& engine) {
    EXPECT_TRUE(wait_until([&] { return engine.running().empty(); }, std::chrono::seconds(10)))
        << engine.running().size() << " engine process(es) of " << engine.started().size()
        << " still running";
}

}  // namespace lmr::test
