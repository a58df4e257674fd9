#include "harness/cluster/coordinator.hpp"

#include <chrono>
#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <thread>

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

class Coordinator {
  public:
    Coordinator(const games::ServiceOptions& options, games::JobSource& source,
                games::ResultSink& sink)
        : options_(options), source_(source), sink_(sink) {}

    games::ServiceReport run(const games::EngineSettings& engines, const RankFiles& files) {
        auto binaries = files.binaries;
        binaries.push_back(own_binary());
        const std::string session = nlohmann::json{
            {"concurrency", options_.concurrency},
            {"settings", nlohmann::json::parse(games::encode(engines))},
            {"binaries", binaries},
            {"given", files.given}}.dump();
        for (int worker = 1; worker < ranks(); ++worker) send(worker, Tag::kSession, session);
        int working = ranks() - 1;
        while (working > 0) {
            check_stop_requests();  // each turn: a busy job must not delay a Ctrl-C
            std::optional<Message> message = poll(-1, std::nullopt);
            if (!message) {
                std::this_thread::sleep_for(std::chrono::milliseconds(1));
                continue;
            }
            switch (message->tag) {
                case Tag::kRequest:
                    hand_out(message->from);
                    break;
                case Tag::kResult:
                    try {
                        deliver(message->text);
                    } catch (const std::exception& e) {  // unreadable, or the sink failed
                        fail("a game from rank " + std::to_string(message->from) + ": " + e.what());
                    }
                    break;
                case Tag::kSessionDone:
                    --working;
                    if (!message->text.empty())
                        fail("rank " + std::to_string(message->from) + ": " + message->text);
                    break;
                default:
                    fail("rank " + std::to_string(message->from) + " sent an unexpected message (" +
                         std::to_string(static_cast<int>(message->tag)) + ")");
            }
        }
        return report_;
    }

  private:
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

    // "ID\nGAME": the job's id, then the finished game.
    void deliver(const std::string& text) {
        const auto newline = text.find('\n');
        const std::int64_t id = std::stoll(text.substr(0, newline));
        auto node = in_flight_.extract(id);
        if (node.empty())
            return fail("a result for job " + std::to_string(id) + " never handed out");
        match::GameRecord game = games::decode_game_record(text.substr(newline + 1));
        ++report_.delivered;
        if (sink_.game_finished(node.mapped(), std::move(game)) == games::Flow::kStop)
            stop(StopCause::kSink);
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
    games::ServiceReport report_;
    bool stopping_ = false;
    bool exhausted_ = false;
};

}  // namespace

games::ServiceReport run_jobs(const games::EngineSettings& engines,
                              const games::ServiceOptions& options, games::JobSource& source,
                              games::ResultSink& sink, const RankFiles& files) {
    if (!coordinates()) return games::run_jobs(engines, options, source, sink);
    Coordinator coordinator(options, source, sink);
    return coordinator.run(engines, files);
}

}  // namespace lmr::cluster
