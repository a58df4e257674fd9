// lmr-harness: tournament manager and statistics tool of LMR Lab. All logic lives in its two
// front ends — harness/fastchess for a fastchess or cutechess-cli command line (its first word
// a single-dash option), harness/cli for the native sub-commands — and the layers below; this
// hands over the process's streams and, under mpirun or srun, its place in the MPI job: rank 0
// runs the command, every other rank plays for it (harness/cluster).

#include <cstdio>
#include <iostream>
#include <string>
#include <vector>

#include "harness/cli/cli.hpp"
#include "harness/cluster/worker.hpp"
#include "harness/cluster/world.hpp"
#include "harness/fastchess/command_line.hpp"
#include "harness/fastchess/play.hpp"

int main(int argc, char** argv) {
    // std::cout writes through C's stdout (sync_with_stdio stays on): line-buffered, a log file
    // or a pipe (`timeout … > out`, a batch system) gets each line as it is printed, and a
    // harness killed later has lost none of them.
    std::setvbuf(stdout, nullptr, _IOLBF, 0);
    lmr::cluster::Membership membership(argc, argv);
    if (membership.is_worker()) return lmr::cluster::serve();
    if (argc > 1 && lmr::fastchess::is_command_line(argv[1]))
        return lmr::fastchess::run(std::vector<std::string>(argv + 1, argv + argc), std::cout,
                                   std::cerr);
    return lmr::cli::run(argc, argv, std::cout, std::cerr);
}
