#pragma once

// One player per run. The process that plays a run claims it in the database (run_claims:
// host, pid, heartbeat) before its first write and releases it when it stops, so a second
// `resume` of a run that is being played is refused instead of racing the first. A claim is
// stale — and taken over — when its pid no longer exists on this host, or when its heartbeat
// is older than kStaleAfter (a process on another host, or one frozen by SIGSTOP).

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <filesystem>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

#include "harness/stats/sprt.hpp"
#include "harness/store/store.hpp"

namespace lmr::tournament {

class PlayerClaim {
  public:
    static constexpr std::chrono::seconds kHeartbeat{5};
    static constexpr std::chrono::seconds kStaleAfter{30};
    // How recent a renewal renew_before_write() takes as good for a write.
    static constexpr std::chrono::milliseconds kWriteRenewal{1000};

    // Claims the run in the database at db_path (through a connection of its own, so the
    // heartbeat never waits for the run's writer). Throws PlanError naming the holder when a
    // live claim holds the run.
    PlayerClaim(const std::filesystem::path& db_path, std::int64_t run_id,
                std::chrono::milliseconds write_renewal = kWriteRenewal,
                std::chrono::milliseconds heartbeat = kHeartbeat);
    // Stops the heartbeat and releases the claim if it is still this process's.
    ~PlayerClaim();
    PlayerClaim(const PlayerClaim&) = delete;
    PlayerClaim& operator=(const PlayerClaim&) = delete;

    // Renews the claim now; false once another process has taken the run over. The heartbeat
    // calls it every kHeartbeat, writers through renew_before_write() before each write, so a
    // process frozen past kStaleAfter never writes into a run it lost.
    bool renew();
    // What a writer of games calls before each write: renew(), unless this process renewed
    // within the last write_renewal by its steady clock (which runs on while a SIGSTOP holds the
    // process). A claim renewed that recently cannot have been taken over — a takeover needs
    // kStaleAfter of silence, or this process gone — so storing a game does not also cost a
    // write of the claim; a process frozen in between finds the time passed and renews.
    bool renew_before_write();
    // True once renew() (or the heartbeat, every kHeartbeat) has found the claim lost.
    bool lost() const { return lost_; }
    // Why the run stopped when lost(): who holds it now.
    std::string loss_message();
    // True once the claim is lost or the heartbeat could not write it for another reason than a
    // busy database (a full disk, a failing device): the run must stop either way, since its
    // next write would fail too or go to a run it no longer holds.
    bool must_stop() const { return lost_ || failed_; }

    // The store's message when the heartbeat stopped on a write it could not make.
    std::optional<std::string> heartbeat_failure();

    // This process as a claimant: host name and pid.
    static store::RunClaim this_process();

  private:
    void heartbeat_loop(std::stop_token stop);

    store::Store store_;
    std::int64_t run_id_;
    store::RunClaim mine_;
    const std::chrono::steady_clock::duration write_renewal_;
    const std::chrono::steady_clock::duration heartbeat_interval_;
    std::mutex mutex_;  // the connection is shared by renew() callers and the heartbeat
    std::chrono::steady_clock::time_point renewed_;  // the last renewal that found the claim ours
    std::atomic<bool> lost_{false};
    std::atomic<bool> failed_{false};
    std::string failure_;  // the store's message when failed_, written under mutex_
    std::condition_variable_any wake_;
    std::jthread heartbeat_;
};

// "pid 123 on host h, heartbeat 2 s ago": a claim as the user reads it.
std::string describe(const store::RunClaim& claim);

// How a run ends, in the order every kind of run follows: the claim has its say first — a run
// taken over is interrupted and left to its new player to mark, a claim that could not be
// renewed (now, or by the heartbeat) fails the run with the store's message — then the status
// is written. A database that cannot take the status (a full disk) leaves the run marked
// running: the StoreError thrown then says so, and that `resume` finishes the run.
struct RunEnd {
    store::RunStatus status;
    std::optional<stats::Verdict> verdict;
    std::string error;
};
RunEnd end_run(store::Store& store, std::int64_t run_id, PlayerClaim* claim, RunEnd end);

}  // namespace lmr::tournament
