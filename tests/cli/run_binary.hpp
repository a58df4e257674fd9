#pragma once
// Runs a built binary for an integration test and captures its exit code, stdout and stderr.
// Header-only so every tests/cli test can use it.

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace lmr::test {

struct RunResult {
    int exit_code = -1;  // the exit status, or 128 + signal number if killed
    std::string out;
    std::string err;
};

namespace detail {

inline std::string temp_file() {
    const char* dir = std::getenv("TMPDIR");
    std::string path = std::string(dir != nullptr ? dir : "/tmp") + "/lmr-cli-test-XXXXXX";
    const int fd = ::mkstemp(path.data());
    if (fd < 0) throw std::runtime_error("mkstemp failed for " + path);
    ::close(fd);
    return path;
}

inline std::string slurp_and_remove(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    ::unlink(path.c_str());
    return text.str();
}

}  // namespace detail

// Output goes to temporary files rather than pipes, so a chatty child can never block on a
// full pipe while the test waits for it.
inline RunResult run_binary(const std::string& binary, const std::vector<std::string>& args) {
    const std::string out_path = detail::temp_file();
    const std::string err_path = detail::temp_file();
    std::vector<char*> argv;
    argv.push_back(const_cast<char*>(binary.c_str()));
    for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);

    const pid_t pid = ::fork();
    if (pid < 0) throw std::runtime_error("fork failed");
    if (pid == 0) {
        const int out_fd = ::open(out_path.c_str(), O_WRONLY | O_TRUNC);
        const int err_fd = ::open(err_path.c_str(), O_WRONLY | O_TRUNC);
        const int null_fd = ::open("/dev/null", O_RDONLY);
        if (out_fd < 0 || err_fd < 0 || null_fd < 0) ::_exit(126);
        ::dup2(null_fd, STDIN_FILENO);
        ::dup2(out_fd, STDOUT_FILENO);
        ::dup2(err_fd, STDERR_FILENO);
        ::execv(binary.c_str(), argv.data());
        ::_exit(127);  // exec failed
    }
    int status = 0;
    while (::waitpid(pid, &status, 0) < 0) {
        if (errno != EINTR) throw std::runtime_error("waitpid failed for " + binary);
    }
    RunResult result;
    result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    result.out = detail::slurp_and_remove(out_path);
    result.err = detail::slurp_and_remove(err_path);
    return result;
}

}  // namespace lmr::test
