#include "harness/cluster/coordinator.hpp"

#include <algorithm>
#include <charconv>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <stdexcept>
#include <thread>
#include <vector>

#include "harness/cluster/world.hpp"
#include "harness/games/wire.hpp"
#include "harness/store/sha256.hpp"

namespace lmr::cluster {
namespace {

using games::StopCause;

// This lmr-harness: every rank must run the same build, or they might not read each other's
// messages alike. Hashed once per process.
const std::pair<std::string, std::string>& own_binary() {
    static const auto binary = [] {
        const auto path = std::filesystem::read_symlink("/proc/self/exe");
        return std::make_pair(path.string(), store::sha256_file_hex(path));
    }();
    return binary;
}

using Clock = std::chrono::steady_clock;

// How long a worker may stay silent: 30 s (30 heartbeats missed), or LMR_RANK_SILENCE seconds.
Clock::duration rank_silence_limit() {
    const char* text = std::getenv("LMR_RANK_SILENCE");
    if (text == nullptr) return std::chrono::seconds(30);
    char* end = nullptr;
    const long seconds = std::strtol(text, &end, 10);
    if (end == text || *end != '\0' || seconds < 2 || seconds > 86'400)
        throw std::runtime_error(std::string("LMR_RANK_SILENCE='") + text +
                                 "': expected whole seconds from 2 to 86400");
    return std::chrono::seconds(seconds);
}

class Coordinator {
  public:
    Coordinator(const games::ServiceOptions& options, games::JobSource& source,
                games::ResultSink& sink)
        : options_(options), source_(source), sink_(sink) {}

    games::ServiceReport run(const games::EngineSettings& engines,
                             const games::PlayerFiles& files) {
        auto binaries = files.binaries;
        binaries.push_back(own_binary());
        const std::string session = nlohmann::json{
            {"concurrency", options_.concurrency},
            {"settings", nlohmann::json::parse(games::encode(engines))},
            {"binaries", binaries},
            {"given", files.given}}.dump();
        for (int worker = 1; worker < ranks(); ++worker) {
            send(worker, Tag::kSession, session);
            heard_[worker] = Clock::now();
        }
        while (static_cast<int>(finished_.size()) < ranks() - 1) {
            check_stop_requests();  // each turn: a busy job must not delay a Ctrl-C
            std::optional<Message> message = poll(-1, std::nullopt);
            if (!message) {
                check_silence();  // only with nothing waiting: a slow store must not look silent
                std::this_thread::sleep_for(std::chrono::milliseconds(1));
                continue;
            }
            take(std::move(*message));
            if (!waiting_.empty()) store_waiting();
        }
        return report_;
    }

  private:
    // A batch's bounds: a kill -9 of rank 0 loses at most kBatchGames games, and a game taken
    // is stored within a few milliseconds.
    static constexpr std::size_t kBatchGames = 64;
    static constexpr auto kBatchTime = std::chrono::milliseconds(5);

    void take(Message&& message) {
        if (lost_.contains(message.from)) return;  // given up: nothing of it counts
        heard_[message.from] = Clock::now();
        switch (message.tag) {
            case Tag::kAlive:
                hosts_[message.from] = std::move(message.text);
                break;
            case Tag::kRequest:
                hand_out(message.from);
                break;
            case Tag::kResult:
                try {
                    receive(message.text, message.from);
                } catch (const std::exception& e) {  // unreadable
                    fail("a game from rank " + std::to_string(message.from) + ": " + e.what());
                }
                break;
            case Tag::kSessionDone:
                finished_.insert(message.from);
                if (!message.text.empty())
                    fail("rank " + std::to_string(message.from) + ": " + message.text);
                break;
            default:
                fail("rank " + std::to_string(message.from) + " sent an unexpected message (" +
                     std::to_string(static_cast<int>(message.tag)) + ")");
        }
    }

    void hand_out(int worker) {
        std::optional<games::Job> job;
        if (!stopping_ && !exhausted_) {
            job = source_.next();
            exhausted_ = !job;
        }
        if (!job) return send(worker, Tag::kNoMore, "");
        const auto* game = std::get_if<games::GameJob>(&*job);
        if (!game) {
            fail(
                "searches are not played over MPI (label and openings generate run on one "
                "machine)");
            return send(worker, Tag::kNoMore, "");
        }
        in_flight_[game->id] = *game;
        sink_.game_started(*game);
        send(worker, Tag::kJob, games::encode(*game));
    }

    // "ID\nGAME": the job's id, then the finished game, which waits to be stored.
    void receive(std::string_view text, int worker) {
        const auto newline = text.find('\n');
        if (newline == std::string_view::npos)
            throw games::WireError("a result without its job's id");
        std::int64_t id = 0;
        const auto [end, error] = std::from_chars(text.data(), text.data() + newline, id);
        if (error != std::errc() || end != text.data() + newline)
            throw games::WireError("a result whose job id is '" +
                                   std::string(text.substr(0, newline)) + "'");
        auto node = in_flight_.extract(id);
        if (node.empty())
            return fail("a result for job " + std::to_string(id) + " never handed out");
        core::GameRecord game = games::decode_game_record(text.substr(newline + 1));
        waiting_.push_back({std::move(node.mapped()), std::move(game)});
        waiting_from_.push_back(worker);
    }

    // Takes the results already waiting besides the one just taken, up to a batch, and gives
    // them to the sink together: the run stores them in one transaction (one COMMIT, one claim
    // renewal) instead of one each. Requests that arrive meanwhile are answered at once, so no
    // worker waits for a batch to be stored.
    void store_waiting() {
        const auto deadline = Clock::now() + kBatchTime;
        while (waiting_.size() < kBatchGames && Clock::now() < deadline) {
            std::optional<Message> message = poll(-1, std::nullopt);
            if (!message) break;
            take(std::move(*message));
        }
        report_.delivered += static_cast<std::int64_t>(waiting_.size());
        try {
            if (sink_.games_finished(waiting_) == games::Flow::kStop) stop(StopCause::kSink);
        } catch (const std::exception& e) {  // the sink failed: none of these games is stored
            fail(describe_waiting() + e.what());
        }
        waiting_.clear();
        waiting_from_.clear();
    }

    // "a game from rank 2: ", "5 games from ranks 1, 2 (stored together): ".
    std::string describe_waiting() {
        if (waiting_.size() == 1)
            return "a game from rank " + std::to_string(waiting_from_.front()) + ": ";
        std::sort(waiting_from_.begin(), waiting_from_.end());
        waiting_from_.erase(std::unique(waiting_from_.begin(), waiting_from_.end()),
                            waiting_from_.end());
        std::string from;
        for (const int worker : waiting_from_)
            from += (from.empty() ? "" : ", ") + std::to_string(worker);
        return std::to_string(waiting_.size()) + " games from rank" +
               (waiting_from_.size() > 1 ? "s " : " ") + from + " (stored together): ";
    }

    // A worker sends kAlive every second of a session; one silent for longer than the limit is
    // stopped or cut off. The run stops (resumable), that rank is no longer waited for, and at
    // exit the job is aborted: MPI_Finalize would wait for the rank for ever.
    void check_silence() {
        const auto now = Clock::now();
        for (const auto& [worker, heard] : heard_) {
            if (finished_.contains(worker) || now - heard < silence_limit_) continue;
            lost_.insert(worker);
            finished_.insert(worker);
            abort_job_at_exit();
            const auto host = hosts_.find(worker);
            fail("rank " + std::to_string(worker) + " on host " +
                 (host == hosts_.end() ? std::string("(not heard from)") : host->second) +
                 " has sent nothing for " +
                 std::to_string(
                     std::chrono::duration_cast<std::chrono::seconds>(now - heard).count()) +
                 " s (stopped, or its node cut off): the run stops; resume it once the rank "
                 "is back or without it");
        }
    }

    void check_stop_requests() {
        if (options_.interrupt && options_.interrupt->load())
            stop(StopCause::kInterrupt);
        else if (options_.stop_requested && options_.stop_requested())
            stop(StopCause::kStopRequested);
    }

    void fail(const std::string& why) {
        if (report_.cause != StopCause::kFailure && report_.failure.empty()) report_.failure = why;
        stop(StopCause::kFailure);
    }

    // The first cause is the one reported; every worker is told once.
    void stop(StopCause cause) {
        if (stopping_) return;
        stopping_ = true;
        report_.cause = cause;
        for (int worker = 1; worker < ranks(); ++worker) send(worker, Tag::kStop, "");
    }

    const games::ServiceOptions& options_;
    games::JobSource& source_;
    games::ResultSink& sink_;
    std::map<std::int64_t, games::GameJob> in_flight_;
    std::vector<games::FinishedGame> waiting_;  // taken, not yet stored
    std::vector<int> waiting_from_;             // their ranks
    const Clock::duration silence_limit_ = rank_silence_limit();
    std::map<int, Clock::time_point> heard_;  // each worker's last message
    std::map<int, std::string> hosts_;        // from its kAlive
    std::set<int> finished_;                  // its session done, or given up
    std::set<int> lost_;                      // given up: silent past the limit
    games::ServiceReport report_;
    bool stopping_ = false;
    bool exhausted_ = false;
};

class MpiExecutor : public games::JobExecutor {
  public:
    bool distributed() const override { return true; }
    std::string description() const override { return job_description(); }
    games::ServiceReport run(const games::EngineSettings& engines,
                             const games::ServiceOptions& options, games::JobSource& source,
                             games::ResultSink& sink,
                             const games::PlayerFiles& files) const override {
        Coordinator coordinator(options, source, sink);
        return coordinator.run(engines, files);
    }
};

}  // namespace

const games::JobExecutor& executor() {
    static const MpiExecutor mpi;
    return coordinates() ? static_cast<const games::JobExecutor&>(mpi) : games::local_executor();
}

}  // namespace lmr::cluster
