#include "harness/cluster/worker.hpp"

#include <signal.h>
#include <stdlib.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <condition_variable>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <thread>
#include <vector>

#include "harness/cluster/world.hpp"
#include "harness/games/service.hpp"
#include "harness/games/wire.hpp"
#include "harness/process/this_host.hpp"
#include "harness/store/sha256.hpp"

namespace lmr::cluster {
namespace {

// What a session knows of rank 0's wishes: whether it said stop. Read by the source, the sink
// and the service's stop predicate; the service serialises each of them, and every MPI call is
// under world.cpp's lock.
class Link {
  public:
    bool stopped() {
        if (!stopped_ && poll(0, Tag::kStop)) stopped_ = true;
        return stopped_;
    }
    void note_stop() { stopped_ = true; }

  private:
    std::atomic<bool> stopped_{false};
};

class RemoteSource : public games::JobSource {
  public:
    explicit RemoteSource(Link& link) : link_(link) {}

    std::optional<games::Job> next() override {
        if (exhausted_ || link_.stopped()) return std::nullopt;
        send(0, Tag::kRequest, "");
        // The answer, after any kStop rank 0 sent before it (messages from one rank arrive in
        // order): a job asked for before a stop is still answered, and then not played.
        for (;;) {
            Message reply = receive(0);
            if (reply.tag == Tag::kStop) {
                link_.note_stop();
                continue;
            }
            if (reply.tag == Tag::kNoMore) {
                exhausted_ = true;
                return std::nullopt;
            }
            if (reply.tag != Tag::kJob)
                throw std::runtime_error("rank 0 answered a job request with message " +
                                         std::to_string(static_cast<int>(reply.tag)));
            if (link_.stopped()) return std::nullopt;
            return games::decode_game_job(reply.text);
        }
    }

  private:
    Link& link_;
    bool exhausted_ = false;
};

class RemoteSink : public games::ResultSink {
  public:
    explicit RemoteSink(Link& link) : link_(link) {}

    games::Flow game_finished(const games::GameJob& job, core::GameRecord&& game) override {
        send(0, Tag::kResult, std::to_string(job.id) + '\n' + games::encode(game));
        return link_.stopped() ? games::Flow::kStop : games::Flow::kContinue;
    }
    games::Flow search_finished(const games::SearchJob&, games::SearchOutcome&&) override {
        throw std::logic_error("a search reached a worker rank");  // rank 0 never sends one
    }

  private:
    Link& link_;
};

// Refuses to play with an engine binary, or an lmr-harness, other than rank 0's.
void check_binaries(const std::vector<std::pair<std::string, std::string>>& binaries) {
    const std::string where = "rank " + std::to_string(rank()) + " on host " + process::host_name();
    for (const auto& [path, recorded] : binaries) {
        if (!std::filesystem::exists(path))
            throw std::runtime_error(where + ": binary " + path + " is missing");
        const std::string here = store::sha256_file_hex_cached(path);
        if (here != recorded)
            throw std::runtime_error(where + ": binary " + path + " has SHA-256 " + here +
                                     ", rank 0 has " + recorded);
    }
}

// The given files of a session, in a private directory removed with it.
class GivenFiles {
  public:
    explicit GivenFiles(const std::vector<std::pair<std::string, std::string>>& files) {
        if (files.empty()) return;
        dir_ = std::make_unique<process::PrivateDirectory>("lmr-rank");
        for (std::size_t i = 0; i < files.size(); ++i) {
            const auto& [name, content] = files[i];
            const auto copy = dir_->write(
                std::to_string(i) + "-" + std::filesystem::path(name).filename().string(), content);
            paths_.emplace_back(name, copy.string());
        }
    }
    GivenFiles(const GivenFiles&) = delete;
    GivenFiles& operator=(const GivenFiles&) = delete;

    // Points the engines' arguments that name a given file at this rank's copy.
    void apply(games::EngineSettings& engines) const {
        for (auto& spec : engines.engines)
            for (const auto& [name, copy] : paths_)
                std::replace(spec.argv.begin(), spec.argv.end(), name, copy);
    }

  private:
    std::unique_ptr<process::PrivateDirectory> dir_;  // none when no file is given
    std::vector<std::pair<std::string, std::string>> paths_;
};

// While a session plays, a message to rank 0 every second: a worker that stops sending them
// (SIGSTOP, a node cut off) is taken for lost there, where a game may otherwise take minutes.
// Stopped and joined before the session's end is reported, so none arrives after it.
class Heartbeat {
  public:
    Heartbeat()
        : thread_([this] {
              const std::string host = process::host_name();
              std::unique_lock lock(mutex_);
              do send(0, Tag::kAlive, host);
              while (!wake_.wait_for(lock, std::chrono::seconds(1), [this] { return done_; }));
          }) {}
    ~Heartbeat() {
        {
            const std::lock_guard lock(mutex_);
            done_ = true;
        }
        wake_.notify_one();
        thread_.join();
    }
    Heartbeat(const Heartbeat&) = delete;
    Heartbeat& operator=(const Heartbeat&) = delete;

  private:
    std::mutex mutex_;
    std::condition_variable wake_;
    bool done_ = false;
    std::thread thread_;  // last: started once the members it uses exist
};

// Plays one session; the failure's text, or empty.
std::string play_session(const std::string& text) {
    try {
        const auto session = nlohmann::json::parse(text);
        games::EngineSettings engines =
            games::decode_engine_settings(session.at("settings").dump());
        const auto binaries =
            session.at("binaries").get<std::vector<std::pair<std::string, std::string>>>();
        check_binaries(binaries);
        // The engines' binaries again before every start of an engine: one rebuilt or replaced
        // during the run stops it rather than play on under the old name. (This lmr-harness's
        // own file may change under a running job without changing what runs.)
        auto engine_binaries = binaries;
        const auto self = std::filesystem::read_symlink("/proc/self/exe").string();
        std::erase_if(engine_binaries,
                      [&self](const auto& binary) { return binary.first == self; });
        for (auto& spec : engines.engines)
            spec.before_start = [engine_binaries] { check_binaries(engine_binaries); };
        const GivenFiles given(
            session.at("given").get<std::vector<std::pair<std::string, std::string>>>());
        given.apply(engines);
        Link link;
        RemoteSource source(link);
        RemoteSink sink(link);
        games::ServiceOptions options;
        options.concurrency = session.at("concurrency").get<int>();
        options.stop_requested = [&link] { return link.stopped(); };
        const Heartbeat heartbeat;
        const auto report = games::run_jobs(engines, options, source, sink);
        return report.cause == games::StopCause::kFailure ? report.failure : "";
    } catch (const std::exception& e) {
        return e.what();
    }
}

}  // namespace

int serve() {
    for (;;) {
        Message message = receive(0);
        switch (message.tag) {
            case Tag::kSession:
                send(0, Tag::kSessionDone, play_session(message.text));
                break;
            case Tag::kShutdown:
                return 0;
            case Tag::kStop:
                break;  // for a session that has ended already
            default:
                std::cerr << "lmr-harness rank " << rank() << " on " << process::host_name()
                          << ": unexpected message " << static_cast<int>(message.tag)
                          << " between sessions\n";
                return 1;
        }
    }
}

}  // namespace lmr::cluster
