// lmr-harness: tournament manager and statistics tool of LMR Lab. All logic lives in
// harness/cli; this only hands over the process's streams.

#include <iostream>

#include "harness/cli/cli.hpp"

int main(int argc, char** argv) {
    return lmr::cli::run(argc, argv, std::cout, std::cerr);
}
