#include "harness/cli/terminal.hpp"

#include <sys/ioctl.h>
#include <unistd.h>

#include <cstddef>
#include <iostream>

#include "harness/cluster/world.hpp"

namespace lmr::cli {

tournament::TerminalWidth live_terminal(const std::ostream& out) {
    if (&out != &std::cout || ::isatty(STDOUT_FILENO) == 0 || cluster::launched_by_mpi()) return {};
    return [] {
        winsize size{};
        if (::ioctl(STDOUT_FILENO, TIOCGWINSZ, &size) == 0 && size.ws_col > 0)
            return std::size_t{size.ws_col};
        return std::size_t{80};  // a terminal that does not say: the classic width
    };
}

}  // namespace lmr::cli
