#include "harness/tournament/session.hpp"

#include <algorithm>
#include <optional>
#include <ostream>

#include "engine/text/text.hpp"
#include "harness/match/time_control.hpp"
#include "harness/openings/book.hpp"
#include "harness/stats/format.hpp"
#include "harness/store/sha256.hpp"
#include "harness/store/store.hpp"
#include "harness/tournament/engine_identity.hpp"
#include "harness/tournament/player_claim.hpp"
#include "harness/tournament/run_inputs.hpp"
#include "harness/tournament/schedule.hpp"
#include "harness/uci/uci_engine.hpp"

namespace lmr::tournament {

std::optional<openings::Book> load_book(const RunPlan& plan) {
    if (plan.book.path.empty()) return std::nullopt;
    openings::BookOptions options;
    options.order = plan.book.order;
    options.seed = plan.seed;
    options.start = static_cast<std::size_t>(plan.book.start);
    options.plies = plan.book.plies;
    try {
        return openings::Book::load(plan.book.path, options);
    } catch (const openings::BookError& e) {
        throw PlanError(e.what());
    }
}

namespace {

// A clock counted in nodes needs an engine that counts its own time in the same nodes (else
// its time management reads a clock that its thinking does not move) and reports the nodes each
// search took (the clock is charged them). Throws PlanError saying which is missing.
void check_counts_nodes(uci_client::UciEngine& probe, const RunPlan& plan) {
    const auto& options = probe.options();
    if (std::none_of(options.begin(), options.end(), [](const uci_client::EngineOption& o) {
            return text::iequals(o.name, match::kNodesTimeOption);
        }))
        throw PlanError("it has no UCI option '" + std::string(match::kNodesTimeOption) +
                        "' (Stockfish's: nodes a millisecond) to count its own time in nodes");
    const auto deadline = uci_client::Clock::now() + engine_timeouts(plan).ready;
    const auto reply = probe.go("position startpos", uci_client::GoLimits::with_depth(2), deadline);
    if (reply.status != uci_client::Status::kOk)
        throw PlanError("its search of the start position to depth 2 failed: " + reply.error);
    if (!reply.info.nodes)
        throw PlanError("its search of the start position to depth 2 reported no nodes");
}

SessionResult play(store::Store& store, std::int64_t run_id, const RunPlan& plan,
                   std::vector<std::int64_t> engine_ids, const openings::Book* book,
                   PlayerClaim& claim, const SessionOptions& options) {
    const std::string where = options.executor->description();
    if (options.out && !where.empty()) *options.out << where << '\n';
    RunSetup setup;
    setup.executor = options.executor;
    setup.claim = &claim;
    setup.store = &store;
    setup.run_id = run_id;
    setup.plan = plan;
    setup.engine_ids = std::move(engine_ids);
    setup.book = book;
    setup.interrupt = options.interrupt;
    setup.out = options.out;
    setup.live_progress = options.live_progress;
    setup.observers = options.observers;
    setup.protocol_log = options.protocol_log;
    setup.kept_line_patterns = options.kept_line_patterns;
    SessionResult result{run_id, run_games(setup)};
    return result;
}

}  // namespace

void check_plan(const RunPlan& plan) {
    if (plan.kind == store::RunKind::kTune) {
        // theta+ and theta- are two processes of one engine.
        if (plan.engines.size() != 1) throw PlanError("a tune plays exactly one engine");
    } else if (plan.engines.size() < 2) {
        throw PlanError("a run needs at least two engines");
    }
    if (plan.pairs < 1) throw PlanError("the number of pairs must be at least 1");
    if (plan.concurrency < 1) throw PlanError("--concurrency must be at least 1");
    for (std::size_t i = 0; i < plan.engines.size(); ++i)
        for (std::size_t j = i + 1; j < plan.engines.size(); ++j)
            if (plan.engines[i].name == plan.engines[j].name)
                throw PlanError("two engines are named '" + plan.engines[i].name +
                                "': give each a distinct name");
}

void check_slots(const RunPlan& plan, const games::JobExecutor& executor) {
    try {
        executor.check_slots(plan.concurrency);
    } catch (const std::invalid_argument& e) {
        throw PlanError(e.what());
    }
}

PreparedRun prepare_run(const RunPlan& plan) {
    try {
        (void)game_settings(plan);
    } catch (const std::exception& e) {
        throw PlanError(e.what());
    }
    PreparedRun prepared;
    prepared.book = load_book(plan);
    // Each engine is started once, so an engine that cannot start is an error before the first
    // game, and what it offers can be checked against the plan.
    for (const auto& engine : plan.engines) {
        try {
            uci_client::UciEngine probe(engine_spec(engine), engine_timeouts(plan));
            probe.start();
            prepared.advertised_options.push_back(probe.options());
            if (engine_limits(plan, engine).time_control.counts_nodes())
                check_counts_nodes(probe, plan);
            probe.quit();
        } catch (const PlanError& e) {
            throw PlanError("engine '" + engine.name +
                            "' cannot play a clock counted in nodes: " + e.what());
        } catch (const std::exception& e) {
            throw PlanError("engine '" + engine.name + "' cannot play: " + e.what());
        }
    }
    return prepared;
}

store::RunRecord run_record(const RunPlan& given, const std::string& command_line) {
    const RunPlan plan = with_absolute_paths(given);
    store::RunRecord run;
    run.kind = plan.kind;
    run.command_line = command_line;
    run.plan_json = to_json(plan).dump();
    run.seed = plan.seed;
    run.time_control = time_control_text(plan);
    if (!plan.book.path.empty()) {
        run.book_path = plan.book.path;
        run.book_format = std::string(openings::to_string(
            openings::format_from_extension(plan.book.path).value_or(openings::BookFormat::kEpd)));
        run.book_order = openings::to_string(plan.book.order);
        run.book_plies = plan.book.plies;
        run.book_start = plan.book.start;
        run.book_sha256 = store::sha256_file_hex(plan.book.path);
    }
    run.sprt = plan.sprt;
    run.max_pairs = plan.pairs;
    run.concurrency = plan.concurrency;
    return run;
}

NewRun create_run(const RunPlan& plan, const std::filesystem::path& db_path,
                  const std::string& command_line) {
    std::vector<store::EngineRecord> records;
    for (const auto& engine : plan.engines) {
        try {
            records.push_back(engine_record(engine));
        } catch (const std::exception& e) {
            throw PlanError(e.what());
        }
    }
    NewRun run{store::Store::open(db_path), 0, {}, nullptr};
    run.run_id = run.store.create_run(run_record(plan, command_line));
    for (std::size_t i = 0; i < records.size(); ++i) {
        run.engine_ids.push_back(run.store.upsert_engine(records[i]));
        run.store.attach_engine(run.run_id, run.engine_ids.back(), plan.engines[i].role);
    }
    run.claim = std::make_unique<PlayerClaim>(db_path, run.run_id);
    return run;
}

SessionResult start_run(const RunPlan& given, const SessionOptions& options) {
    RunPlan plan = given;
    // A slot without a game to play would only start engines: never more slots than games (a
    // run without a pair limit has none to count).
    const std::int64_t games = 2 * total_pairs(plan);
    if (games > 0 && plan.concurrency > games) plan.concurrency = static_cast<int>(games);
    check_plan(plan);
    check_slots(plan, *options.executor);
    const auto prepared = prepare_run(plan);
    const auto& book = prepared.book;
    NewRun run = create_run(plan, options.db_path, options.command_line);
    if (options.out)
        *options.out << "Run " << run.run_id << " in " << options.db_path.string() << '\n';
    return play(run.store, run.run_id, plan, run.engine_ids, book ? &*book : nullptr, *run.claim,
                options);
}

ReopenedRun reopen_run(store::Store& store, std::int64_t run_id,
                       const std::filesystem::path& db_path, std::optional<int> concurrency,
                       const games::JobExecutor& executor, bool allow_changed) {
    const auto run = store.load_run(run_id);
    if (run.status == store::RunStatus::kFinished)
        throw PlanError("run " + std::to_string(run_id) + " is already finished");
    ReopenedRun reopened;
    // Claimed before anything is written, so a run being played is left exactly as it is.
    reopened.claim = std::make_unique<PlayerClaim>(db_path, run_id);
    try {
        reopened.plan = plan_from_json(nlohmann::json::parse(run.plan_json));
    } catch (const std::exception& e) {
        throw PlanError("run " + std::to_string(run_id) + ": " + e.what());
    }
    RunPlan& plan = reopened.plan;
    if (concurrency) plan.concurrency = *concurrency;
    check_plan(plan);
    check_slots(plan, executor);
    accept_changes(store, run_id, changed_inputs(store, run_id, plan), allow_changed);
    reopened.configs = std::make_unique<StoredConfigs>(store, run_id, plan);
    reopened.prepared = prepare_run(plan);
    return reopened;
}

SessionResult resume_run(std::int64_t run_id, const SessionOptions& options) {
    auto store = store::Store::open(options.db_path);
    ReopenedRun reopened = reopen_run(store, run_id, options.db_path, options.concurrency,
                                      *options.executor, options.allow_changed);
    const RunPlan& plan = reopened.plan;
    const auto& book = reopened.prepared.book;
    std::vector<std::int64_t> engine_ids;
    const auto attached = store.run_engines(run_id);
    for (const auto& engine : plan.engines) {
        auto it = std::find_if(attached.begin(), attached.end(), [&](const store::RunEngine& e) {
            return e.engine.name == engine.name;
        });
        if (it == attached.end())
            throw PlanError("run " + std::to_string(run_id) + " has no engine named '" +
                            engine.name + "'");
        engine_ids.push_back(it->engine.id);
    }
    const int lone_games = store.delete_incomplete_pairs(run_id);
    if (options.out) {
        for (const auto& name : reopened.configs->edited())
            *options.out << "Engine '" << name << "': its config file changed since the run "
                         << "started; the run goes on with the config it recorded\n";
        *options.out << "Resuming run " << run_id << " (" << store.completed_pairs(run_id).size()
                     << " pairs already complete";
        if (lone_games > 0)
            *options.out << "; " << lone_games << " lone game" << (lone_games == 1 ? "" : "s")
                         << " of unfinished pairs deleted, their pairs replayed whole";
        *options.out << ")\n";
    }
    return play(store, run_id, plan, engine_ids, book ? &*book : nullptr, *reopened.claim, options);
}

}  // namespace lmr::tournament
