#pragma once

// A worker rank (world.hpp): plays what rank 0 hands out until rank 0 says the command is over.
// Each session (coordinator.hpp) runs this rank's own engine-games service on the slots rank 0
// asks for, with a source that asks rank 0 for each job and a sink that sends each finished
// game back. A worker never reads the command line, the database or the book: everything it
// needs arrives in the session.

namespace lmr::cluster {

// Returns the process's exit code: 0 after rank 0's shutdown.
int serve();

}  // namespace lmr::cluster
