#include "harness/openings/position_scorer.hpp"

#include <algorithm>
#include <atomic>
#include <exception>
#include <mutex>
#include <optional>
#include <thread>

namespace lmr::openings {

namespace {

using uci_client::Clock;
using uci_client::GoLimits;
using uci_client::Status;
using uci_client::UciEngine;

struct Shared {
    Shared(const std::vector<std::string>& p, const ScorerOptions& o, ScorerResult& r)
        : positions(p), options(o), result(r) {}

    const std::vector<std::string>& positions;
    const ScorerOptions& options;
    ScorerResult& result;
    std::atomic<std::size_t> next{0};
    std::atomic<bool> failed{false};
    std::mutex mutex;  // guards done, first_error, id, retries and progress calls
    std::size_t done = 0;
    std::exception_ptr first_error;
};

// One search: new game, go nodes N. Returns the failure text, or nullopt with `out` set.
std::optional<std::string> search_once(UciEngine& engine, const std::string& fen,
                                       const ScorerOptions& options, Evaluation& out) {
    if (engine.new_game() != Status::kOk)
        return "not ready after ucinewgame: " + engine.last_error();
    const auto deadline = Clock::now() + options.search_timeout;
    const auto result =
        engine.go("position fen " + fen, GoLimits::with_nodes(options.nodes), deadline);
    if (result.status != Status::kOk) {
        return std::string(uci_client::to_string(result.status)) +
               (result.error.empty() ? "" : ": " + result.error);
    }
    out = to_evaluation(result.info);
    return std::nullopt;
}

void worker(Shared& shared) {
    try {
        UciEngine engine(shared.options.engine);
        engine.start();
        {
            std::lock_guard lock(shared.mutex);
            if (shared.result.engine_id.empty()) shared.result.engine_id = engine.id_name();
        }
        while (!shared.failed.load()) {
            const std::size_t index = shared.next.fetch_add(1);
            if (index >= shared.positions.size()) break;
            const std::string& fen = shared.positions[index];
            Evaluation evaluation;
            if (auto failure = search_once(engine, fen, shared.options, evaluation)) {
                // One fault may be the engine's bad luck; a second on the same position is a
                // reason to stop rather than leave a hole in the book.
                engine.restart();
                {
                    std::lock_guard lock(shared.mutex);
                    ++shared.result.retries;
                }
                if (auto again = search_once(engine, fen, shared.options, evaluation)) {
                    throw ScorerError("engine '" + engine.name() + "' failed twice on '" + fen +
                                      "': " + *failure + "; then " + *again);
                }
            }
            shared.result.evaluations[index] = evaluation;
            std::lock_guard lock(shared.mutex);
            ++shared.done;
            if (shared.options.progress)
                shared.options.progress(shared.done, shared.positions.size());
        }
    } catch (const uci_client::UciError& e) {
        std::lock_guard lock(shared.mutex);
        if (!shared.first_error) {
            shared.first_error = std::make_exception_ptr(ScorerError(e.what()));
        }
        shared.failed = true;
    } catch (...) {
        std::lock_guard lock(shared.mutex);
        if (!shared.first_error) shared.first_error = std::current_exception();
        shared.failed = true;
    }
}

}  // namespace

Evaluation to_evaluation(const uci_client::SearchInfo& info) {
    Evaluation evaluation;
    evaluation.depth = info.depth.value_or(0);
    if (!info.score) return evaluation;
    evaluation.kind = info.score->kind == uci_client::Score::Kind::kMate
                          ? Evaluation::Kind::kMate
                          : Evaluation::Kind::kCentipawns;
    evaluation.value = info.score->value;
    return evaluation;
}

ScorerResult score_positions(const std::vector<std::string>& positions,
                             const ScorerOptions& options) {
    if (options.concurrency < 1) throw std::invalid_argument("concurrency must be at least 1");
    if (options.nodes == 0) throw std::invalid_argument("nodes must be at least 1");
    ScorerResult result;
    if (positions.empty()) return result;
    result.evaluations.resize(positions.size());
    Shared shared(positions, options, result);
    const std::size_t threads =
        std::min(static_cast<std::size_t>(options.concurrency), positions.size());
    {
        std::vector<std::jthread> workers;
        for (std::size_t i = 0; i < threads; ++i)
            workers.emplace_back([&shared] { worker(shared); });
    }
    if (shared.first_error) std::rethrow_exception(shared.first_error);
    return result;
}

}  // namespace lmr::openings
