// lmr-harness: tournament manager and statistics tool of LMR Lab. All logic lives in
// harness/cli; this hands over the process's streams and, under mpirun or srun, its place in
// the MPI job: rank 0 runs the command, every other rank plays for it (harness/cluster).

#include <iostream>

#include "harness/cli/cli.hpp"
#include "harness/cluster/worker.hpp"
#include "harness/cluster/world.hpp"

int main(int argc, char** argv) {
    lmr::cluster::Membership membership(argc, argv);
    if (membership.is_worker()) return lmr::cluster::serve();
    return lmr::cli::run(argc, argv, std::cout, std::cerr);
}
