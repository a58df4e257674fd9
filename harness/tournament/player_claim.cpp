#include "harness/tournament/player_claim.hpp"

#include <signal.h>
#include <unistd.h>

#include <cerrno>
#include <climits>
#include <cmath>
#include <fstream>

#include "harness/process/this_host.hpp"
#include "harness/tournament/session.hpp"

namespace lmr::tournament {
namespace {

double unix_seconds() {
    return std::chrono::duration<double>(std::chrono::system_clock::now().time_since_epoch())
        .count();
}

bool is_stale(const store::RunClaim& holder, const store::RunClaim& me) {
    if (holder.host == me.host && !process::process_running(holder.pid)) return true;
    return unix_seconds() - holder.heartbeat_at >
           std::chrono::duration<double>(PlayerClaim::kStaleAfter).count();
}

}  // namespace

std::string describe(const store::RunClaim& claim) {
    const long long ago = std::llround(std::max(0.0, unix_seconds() - claim.heartbeat_at));
    return "pid " + std::to_string(claim.pid) + " on host " + claim.host + ", heartbeat " +
           std::to_string(ago) + " s ago";
}

store::RunClaim PlayerClaim::this_process() {
    store::RunClaim me;
    me.host = process::host_name();
    me.pid = ::getpid();
    me.claimed_at = me.heartbeat_at = unix_seconds();
    return me;
}

namespace {

// The session opened and checked this database a moment ago: no second integrity pass.
store::Store open_checked(const std::filesystem::path& db_path) {
    store::OpenOptions options;
    options.quick_check = false;
    return store::Store::open(db_path, options);
}

}  // namespace

PlayerClaim::PlayerClaim(const std::filesystem::path& db_path, std::int64_t run_id,
                         std::chrono::milliseconds write_renewal,
                         std::chrono::milliseconds heartbeat)
    : store_(open_checked(db_path)),
      run_id_(run_id),
      mine_(this_process()),
      write_renewal_(write_renewal),
      heartbeat_interval_(heartbeat),
      renewed_(std::chrono::steady_clock::now()) {
    const auto holder = store_.claim_run(
        run_id, mine_, [&](const store::RunClaim& c) { return is_stale(c, mine_); });
    if (holder)
        throw PlanError("run " + std::to_string(run_id) + " is being played by " +
                        describe(*holder) + "; a run has one player at a time (it is taken over " +
                        "once that process is gone or silent for " +
                        std::to_string(kStaleAfter.count()) + " s)");
    heartbeat_ = std::jthread([this](std::stop_token stop) { heartbeat_loop(stop); });
}

PlayerClaim::~PlayerClaim() {
    heartbeat_.request_stop();
    wake_.notify_all();
    if (heartbeat_.joinable()) heartbeat_.join();
    std::lock_guard lock(mutex_);
    try {
        if (!lost_) store_.release_claim(run_id_, mine_);
    } catch (const std::exception&) {
        // Left behind, the claim goes stale: this pid is gone once the process exits.
    }
}

bool PlayerClaim::renew() {
    std::lock_guard lock(mutex_);
    if (lost_) return false;
    if (!store_.renew_claim(run_id_, mine_, unix_seconds())) lost_ = true;
    if (!lost_) renewed_ = std::chrono::steady_clock::now();
    return !lost_;
}

bool PlayerClaim::renew_before_write() {
    {
        std::lock_guard lock(mutex_);
        if (lost_) return false;
        if (std::chrono::steady_clock::now() - renewed_ < write_renewal_) return true;
    }
    return renew();
}

std::string PlayerClaim::loss_message() {
    std::lock_guard lock(mutex_);
    const auto holder = store_.run_claim(run_id_);
    return "run " + std::to_string(run_id_) + " was taken over by " +
           (holder ? describe(*holder) : std::string("another process")) +
           " while this process was silent; it stopped without writing";
}

std::optional<std::string> PlayerClaim::heartbeat_failure() {
    std::lock_guard lock(mutex_);
    if (!failed_) return std::nullopt;
    return failure_;
}

void PlayerClaim::heartbeat_loop(std::stop_token stop) {
    std::mutex sleep_mutex;
    while (!stop.stop_requested() && !lost_) {
        {
            std::unique_lock lock(sleep_mutex);
            wake_.wait_for(lock, stop, heartbeat_interval_, [] { return false; });
        }
        if (stop.stop_requested()) break;
        try {
            renew();
        } catch (const store::StoreError& e) {
            // A busy database: the next beat tries again, well before kStaleAfter.
            if (e.kind() == store::ErrorKind::kBusy) continue;
            // Anything else (a full disk) would fail every beat until the claim went stale and
            // another process took a run this one still plays: stop the run now, saying why.
            std::lock_guard lock(mutex_);
            failure_ = e.what();
            failed_ = true;
            return;
        }
    }
}

RunEnd end_run(store::Store& store, std::int64_t run_id, PlayerClaim* claim, RunEnd end) {
    if (claim) {
        try {
            if (!claim->renew()) return {store::RunStatus::kInterrupted, {}, claim->loss_message()};
        } catch (const store::StoreError& e) {
            end = {store::RunStatus::kFailed,
                   {},
                   std::string("the run's claim could not be renewed: ") + e.what()};
        }
        if (const auto failure = claim->heartbeat_failure())
            end = {store::RunStatus::kFailed,
                   {},
                   "the run's heartbeat could not be written, so the run stopped: " + *failure};
    }
    try {
        store.set_run_status(run_id, end.status, end.verdict, end.error);
    } catch (const store::StoreError& e) {
        throw store::StoreError(
            e.kind(), std::string(e.what()) + " (while marking run " + std::to_string(run_id) +
                          " " + std::string(store::to_string(end.status)) +
                          (end.error.empty() ? "" : ": " + end.error) +
                          "); the run is still marked running, and `resume --db " +
                          store.path().string() + " --run " + std::to_string(run_id) +
                          "` finishes it once the database can be written again");
    }
    return end;
}

}  // namespace lmr::tournament
