#pragma once
// Runs a built binary for an integration test and captures its exit code, stdout and stderr
// (through tests/support: output goes to files, so a chatty child never blocks on a full pipe).

#include <chrono>
#include <string>
#include <vector>

#include "tests/support/child_process.hpp"
#include "tests/support/temp_dir.hpp"

namespace lmr::test {

using RunResult = ProcessResult;

// Runs in the test's working directory; waits at most ten minutes.
inline RunResult run_binary(const std::string& binary, const std::vector<std::string>& args) {
    const TempDir output("lmr-cli-test");
    return run_process(binary, args, output.path(), std::chrono::minutes(10),
                       {.run_in_dir = false, .own_group = false});
}

}  // namespace lmr::test
