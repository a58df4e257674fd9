#pragma once

// This process's place in an MPI job. `lmr-harness` started by mpirun or srun among other
// ranks joins the job (no flag: the launcher's environment says so); rank 0 runs the command
// as usual and coordinates, every other rank serves (worker.hpp). Started any other way,
// nothing here touches MPI and the harness is a single process, exactly as without MPI.
//
// Messages between ranks are bytes (games/wire.hpp: JSON text, or a game's compact record), one
// MPI message each, tagged with their kind. All MPI calls of the process go through here and are
// serialised by one lock, so the service's threads may send and receive (MPI_THREAD_SERIALIZED
// is enough).

#include <optional>
#include <string>
#include <string_view>

namespace lmr::cluster {

enum class Tag {
    kSession = 1,  // 0 → worker: engine settings and slots for a run of jobs (coordinator.hpp)
    kShutdown,     // 0 → worker: the command is over; leave the job
    kRequest,      // worker → 0: a slot wants a job
    kJob,          // 0 → worker: the job asked for
    kNoMore,       // 0 → worker: no job (the source is exhausted or the run is stopping)
    kResult,       // worker → 0: a finished game
    kStop,  // 0 → worker: stop now (a decision, Ctrl-C, a failure); discard games in flight
    kSessionDone,  // worker → 0: its service returned; the failure's text, or empty
    kAlive,        // worker → 0: every second of a session, its host name: it is not frozen
};

struct Message {
    int from = 0;
    Tag tag = Tag::kShutdown;
    std::string text;
};

// Joins the MPI job when the process was launched by an MPI launcher with more than one rank;
// leaves it (rank 0: after telling every worker to shut down) when destroyed. One per process.
class Membership {
  public:
    Membership(int& argc, char**& argv);
    ~Membership();
    Membership(const Membership&) = delete;
    Membership& operator=(const Membership&) = delete;

    bool is_worker() const;
};

// Rank 0, once a worker stopped answering (frozen, its node cut off): at exit the job is ended
// with MPI_Abort(4) rather than MPI_Finalize, which would wait for that worker for ever.
void abort_job_at_exit();

// True when an MPI launcher started this process (its environment says so), with or without
// other ranks: its standard output is then forwarded by the launcher, often into a log.
bool launched_by_mpi();
// True on rank 0 of a job with workers: run_jobs hands the jobs to the workers.
bool coordinates();
int rank();
int ranks();
// "MPI: 3 ranks, rank 0 coordinating on HOST, 2 playing" on rank 0 of a job with workers (what
// a run prints when it starts); empty anywhere else.
std::string job_description();

void send(int to, Tag tag, std::string_view text);
// Blocks for the next message from `from` (any rank: -1).
Message receive(int from);
// The next message from `from` (any rank: -1) with this tag (any: nullopt), if one is waiting.
std::optional<Message> poll(int from, std::optional<Tag> tag);

}  // namespace lmr::cluster
