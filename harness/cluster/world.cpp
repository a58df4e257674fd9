#include "harness/cluster/world.hpp"

#include <mpi.h>
#include <sys/prctl.h>
#include <unistd.h>

#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <stdexcept>
#include <vector>

#include "harness/process/this_host.hpp"

namespace lmr::cluster {
namespace {

struct State {
    bool joined = false;
    bool abort_at_exit = false;
    int rank = 0;
    int ranks = 1;
    std::mutex lock;
};

State& state() {
    static State s;
    return s;
}

void check(int code, const char* what) {
    if (code == MPI_SUCCESS) return;
    char text[MPI_MAX_ERROR_STRING];
    int length = 0;
    MPI_Error_string(code, text, &length);
    throw std::runtime_error(std::string("MPI ") + what + ": " + std::string(text, length));
}

Message read(const MPI_Status& status) {
    int count = 0;
    check(MPI_Get_count(&status, MPI_CHAR, &count), "get count");
    std::string text(static_cast<std::size_t>(count), '\0');
    check(MPI_Recv(text.data(), count, MPI_CHAR, status.MPI_SOURCE, status.MPI_TAG, MPI_COMM_WORLD,
                   MPI_STATUS_IGNORE),
          "receive");
    return {status.MPI_SOURCE, static_cast<Tag>(status.MPI_TAG), std::move(text)};
}

}  // namespace

Membership::Membership(int& argc, char**& argv) {
    if (!launched_by_mpi()) return;
    // Launchers put each rank in a process group of its own, so `kill -9` of mpirun's group
    // would leave the ranks playing on and holding the run: a rank dies with the launcher
    // process that started it (mpirun, or its daemon on another node), and its engines with it
    // (harness/process does the same for them).
    const pid_t launcher = ::getppid();
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (::getppid() != launcher) std::_Exit(1);  // the launcher died before the line above
    State& s = state();
    int provided = 0;
    check(MPI_Init_thread(&argc, &argv, MPI_THREAD_SERIALIZED, &provided), "init");
    if (provided < MPI_THREAD_SERIALIZED) {
        MPI_Finalize();
        throw std::runtime_error("this MPI library cannot be called from several threads");
    }
    s.joined = true;
    MPI_Comm_rank(MPI_COMM_WORLD, &s.rank);
    MPI_Comm_size(MPI_COMM_WORLD, &s.ranks);
}

Membership::~Membership() {
    State& s = state();
    if (!s.joined) return;
    if (s.abort_at_exit) {
        std::fflush(nullptr);  // what rank 0 printed, before the job goes
        MPI_Abort(MPI_COMM_WORLD, 4);
    }
    if (s.rank == 0)
        for (int worker = 1; worker < s.ranks; ++worker) send(worker, Tag::kShutdown, "");
    MPI_Finalize();
    s.joined = false;
}

bool Membership::is_worker() const {
    return state().joined && state().rank > 0;
}

void abort_job_at_exit() {
    state().abort_at_exit = true;
}

// Open MPI's mpirun, PMIx launchers (srun --mpi=pmix, prterun) and PMI-2 (srun --mpi=pmi2) each
// leave their mark in the environment of the processes they start.
bool launched_by_mpi() {
    for (const char* name : {"OMPI_COMM_WORLD_SIZE", "PMIX_RANK", "PMI_SIZE"})
        if (std::getenv(name) != nullptr) return true;
    return false;
}

bool coordinates() {
    return state().joined && state().rank == 0 && state().ranks > 1;
}

int rank() {
    return state().rank;
}

int ranks() {
    return state().ranks;
}

std::string job_description() {
    if (!coordinates()) return "";
    return "MPI: " + std::to_string(ranks()) + " ranks, rank 0 coordinating on " +
           process::host_name() + ", " + std::to_string(ranks() - 1) + " playing";
}

void send(int to, Tag tag, std::string_view text) {
    std::lock_guard guard(state().lock);
    check(MPI_Send(text.data(), static_cast<int>(text.size()), MPI_CHAR, to, static_cast<int>(tag),
                   MPI_COMM_WORLD),
          "send");
}

Message receive(int from) {
    std::lock_guard guard(state().lock);
    MPI_Status status;
    check(MPI_Probe(from < 0 ? MPI_ANY_SOURCE : from, MPI_ANY_TAG, MPI_COMM_WORLD, &status),
          "probe");
    return read(status);
}

std::optional<Message> poll(int from, std::optional<Tag> tag) {
    std::lock_guard guard(state().lock);
    int waiting = 0;
    MPI_Status status;
    check(MPI_Iprobe(from < 0 ? MPI_ANY_SOURCE : from, tag ? static_cast<int>(*tag) : MPI_ANY_TAG,
                     MPI_COMM_WORLD, &waiting, &status),
          "probe");
    if (!waiting) return std::nullopt;
    return read(status);
}

}  // namespace lmr::cluster
