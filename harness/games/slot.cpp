#include "harness/games/slot.hpp"

#include <variant>

#include "engine/chess/movegen.hpp"
#include "engine/chess/notation.hpp"
#include "engine/chess/position.hpp"

namespace lmr::games {
namespace {

using uci_client::Status;
using uci_client::UciEngine;

// Why `bestmove` cannot be the answer of a search of `fen`, or nullopt. A search whose move is
// illegal is a faulty search, and its score is not trusted either; in a position without a
// legal move (mate, stalemate) the engine has nothing to play and any answer is accepted.
std::optional<std::string> bestmove_fault(const std::string& fen, const std::string& bestmove) {
    std::string error;
    const auto pos = chess::Position::from_fen(fen, &error);
    if (!pos) return "the position '" + fen + "' is not a FEN: " + error;
    if (chess::count_legal_moves(*pos) == 0) return std::nullopt;
    if (!chess::parse_uci(*pos, bestmove, &error).is_none()) return std::nullopt;
    return "illegal move '" + bestmove + "': " + error;
}

// One search from `ucinewgame`. Returns the failure text, or nullopt with `outcome.info` set —
// or with `outcome.cancelled` set when `cancel` came before the `bestmove` (the search is then
// left pending).
std::optional<std::string> search_once(UciEngine& engine, const SearchJob& job,
                                       const std::atomic<bool>& cancel, SearchOutcome& outcome) {
    if (engine.new_game() != Status::kOk)
        return "not ready after ucinewgame: " + engine.last_error();
    const auto result =
        engine.go("position fen " + job.fen, uci_client::GoLimits::with_nodes(job.nodes),
                  uci_client::Clock::now() + job.timeout, &cancel);
    if (result.status == Status::kCancelled) {
        outcome.cancelled = true;
        return std::nullopt;
    }
    if (result.status != Status::kOk)
        return std::string(uci_client::to_string(result.status)) +
               (result.error.empty() ? "" : ": " + result.error);
    if (auto fault = bestmove_fault(job.fen, result.bestmove)) return fault;
    outcome.info = result.info;
    return std::nullopt;
}

}  // namespace

EngineSlot::EngineSlot(const EngineSettings& settings, std::optional<int> cpu)
    : settings_(settings),
      game_settings_(settings.game),
      engines_(settings.engines.size()),
      cpu_(cpu) {}

EngineSlot::~EngineSlot() {
    quit_engines();
}

JobResult EngineSlot::run(const Job& job, const std::atomic<bool>& cancel) {
    if (const auto* game = std::get_if<GameJob>(&job)) return play(*game, cancel);
    return search(std::get<SearchJob>(job), cancel);
}

UciEngine& EngineSlot::engine(int index) {
    auto& slot_engine = engines_.at(static_cast<std::size_t>(index));
    if (!slot_engine) {
        const auto& spec = settings_.engines[static_cast<std::size_t>(index)];
        slot_engine = std::make_unique<UciEngine>(spec, settings_.timeouts);
        slot_engine->set_cpu(cpu_);
        if (settings_.protocol_log)
            slot_engine->set_protocol_log([this, &spec](bool to_engine, std::string_view line) {
                settings_.protocol_log(spec.name, to_engine, line);
            });
        slot_engine->start();
    }
    return *slot_engine;
}

core::GameRecord EngineSlot::play(const GameJob& job, const std::atomic<bool>& cancel) {
    game_settings_.cancel = &cancel;
    for (const auto& [side, index] :
         {std::pair{chess::kWhite, job.white}, {chess::kBlack, job.black}}) {
        const auto own = settings_.own_limits.find(index);
        game_settings_.own_limits[side] =
            own == settings_.own_limits.end() ? std::nullopt : std::optional(own->second);
    }
    auto game = match::play_game(engine(job.white), engine(job.black), job.opening, game_settings_);
    if (settings_.restart_after_game) quit_engines();
    return game;
}

SearchOutcome EngineSlot::search(const SearchJob& job, const std::atomic<bool>& cancel) {
    UciEngine& searcher = engine(job.engine);
    SearchOutcome outcome;
    if (auto failure = search_once(searcher, job, cancel, outcome)) {
        // One fault may be the engine's bad luck; a second on the same position is a reason to
        // stop rather than leave a hole in the results. A stopped service retries nothing.
        if (cancel) {
            outcome.cancelled = true;
        } else {
            searcher.restart();
            outcome.retried = true;
            auto again = search_once(searcher, job, cancel, outcome);
            if (again && cancel) outcome.cancelled = true;
            if (again && !cancel)
                throw SearchFailure("engine '" + searcher.name() + "' failed twice on '" + job.fen +
                                    "': " + *failure + "; then " + *again);
        }
    }
    if (outcome.cancelled) {
        searcher.kill();  // its search may never end: not waited for
        return outcome;
    }
    outcome.engine_id = searcher.id_name();
    return outcome;
}

void EngineSlot::quit_engines() {
    for (auto& slot_engine : engines_)
        if (slot_engine) {
            slot_engine->quit();
            slot_engine.reset();
        }
}

}  // namespace lmr::games
