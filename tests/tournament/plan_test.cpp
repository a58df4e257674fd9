// Unit tests of the tournament layer's pure parts: the run plan's JSON round trip (what
// `resume` rebuilds a run from), the schedule (pairings, pairs, colours, openings), the game
// queue (order, skipping stored games, closing, thread safety), the statistics' point of view,
// the SPRT exit codes and the termination mapping to the store.

#include <gtest/gtest.h>

#include <limits>
#include <map>
#include <mutex>
#include <thread>

#include "harness/tournament/run_plan.hpp"
#include "harness/tournament/run_settings.hpp"
#include "harness/tournament/runner.hpp"
#include "harness/tournament/schedule.hpp"
#include "harness/tournament/session.hpp"

namespace lmr::tournament {
namespace {

EnginePlan engine(std::string name, store::EngineRole role = store::EngineRole::kParticipant) {
    EnginePlan e;
    e.name = std::move(name);
    e.argv = {"/usr/bin/" + e.name, "--flag", "value with spaces"};
    e.role = role;
    return e;
}

RunPlan full_plan() {
    RunPlan plan;
    plan.kind = store::RunKind::kSprt;
    plan.pairing = Pairing::kHeadToHead;
    plan.engines.push_back(engine("base", store::EngineRole::kBase));
    plan.engines.back().config_path = "configs/none.json";
    plan.engines.push_back(engine("test", store::EngineRole::kTest));
    plan.engines.back().options = {{"Hash", "16"}, {"Threads", "1"}, {"Clear Hash", ""}};
    plan.engines.back().time_control = match::parse_time_control("tc=80/120+1.2");  // odds
    plan.engines.back().time_margin_ms = 40;
    plan.time_control = match::parse_time_control("tc=40/60+0.6");
    plan.time_margin_ms = 250;
    plan.adjudication.draw = {true, 34, 6, 12};
    plan.adjudication.resign = {true, 4, 900, false};
    plan.adjudication.max_moves = 150;
    plan.book = {"books/x.pgn", openings::BookOrder::kSequential, 8, 17};
    plan.seed = std::numeric_limits<std::uint64_t>::max();  // beyond what a double carries
    plan.sprt = stats::SprtParams{-1.5, 3.25, 0.025, 0.1, stats::EloModel::kLogistic};
    plan.pairs = 12345;
    plan.concurrency = 7;
    plan.report_every = 3;
    plan.stall_timeout_ms = 4321;
    plan.startup_timeout_ms = 2345;
    plan.ready_timeout_ms = 3456;
    plan.restart_engines = true;
    plan.event = "Club final";
    plan.site = "Rotterdam";
    return plan;
}

void expect_same(const RunPlan& a, const RunPlan& b) {
    EXPECT_EQ(a.kind, b.kind);
    EXPECT_EQ(a.pairing, b.pairing);
    ASSERT_EQ(a.engines.size(), b.engines.size());
    for (std::size_t i = 0; i < a.engines.size(); ++i) {
        EXPECT_EQ(a.engines[i].name, b.engines[i].name);
        EXPECT_EQ(a.engines[i].argv, b.engines[i].argv);
        EXPECT_EQ(a.engines[i].options, b.engines[i].options);
        EXPECT_EQ(a.engines[i].config_path, b.engines[i].config_path);
        EXPECT_EQ(a.engines[i].role, b.engines[i].role);
        EXPECT_EQ(a.engines[i].time_control, b.engines[i].time_control);
        EXPECT_EQ(a.engines[i].time_margin_ms, b.engines[i].time_margin_ms);
    }
    EXPECT_EQ(a.time_control, b.time_control);
    EXPECT_EQ(a.time_margin_ms, b.time_margin_ms);
    EXPECT_EQ(a.adjudication.draw.enabled, b.adjudication.draw.enabled);
    EXPECT_EQ(a.adjudication.draw.move_number, b.adjudication.draw.move_number);
    EXPECT_EQ(a.adjudication.draw.move_count, b.adjudication.draw.move_count);
    EXPECT_EQ(a.adjudication.draw.score_cp, b.adjudication.draw.score_cp);
    EXPECT_EQ(a.adjudication.resign.enabled, b.adjudication.resign.enabled);
    EXPECT_EQ(a.adjudication.resign.move_count, b.adjudication.resign.move_count);
    EXPECT_EQ(a.adjudication.resign.score_cp, b.adjudication.resign.score_cp);
    EXPECT_EQ(a.adjudication.resign.two_sided, b.adjudication.resign.two_sided);
    EXPECT_EQ(a.adjudication.max_moves, b.adjudication.max_moves);
    EXPECT_EQ(a.book.path, b.book.path);
    EXPECT_EQ(a.book.order, b.book.order);
    EXPECT_EQ(a.book.plies, b.book.plies);
    EXPECT_EQ(a.book.start, b.book.start);
    EXPECT_EQ(a.seed, b.seed);
    ASSERT_EQ(a.sprt.has_value(), b.sprt.has_value());
    if (a.sprt) {
        EXPECT_EQ(a.sprt->elo0, b.sprt->elo0);
        EXPECT_EQ(a.sprt->elo1, b.sprt->elo1);
        EXPECT_EQ(a.sprt->alpha, b.sprt->alpha);
        EXPECT_EQ(a.sprt->beta, b.sprt->beta);
        EXPECT_EQ(a.sprt->model, b.sprt->model);
    }
    EXPECT_EQ(a.pairs, b.pairs);
    EXPECT_EQ(a.concurrency, b.concurrency);
    EXPECT_EQ(a.report_every, b.report_every);
    EXPECT_EQ(a.stall_timeout_ms, b.stall_timeout_ms);
    EXPECT_EQ(a.startup_timeout_ms, b.startup_timeout_ms);
    EXPECT_EQ(a.ready_timeout_ms, b.ready_timeout_ms);
    EXPECT_EQ(a.restart_engines, b.restart_engines);
    EXPECT_EQ(a.event, b.event);
    EXPECT_EQ(a.site, b.site);
}

// ---- run plan JSON

TEST(RunPlanJson, RoundTripKeepsEveryField) {
    const RunPlan plan = full_plan();
    expect_same(plan, plan_from_json(to_json(plan)));
}

TEST(RunPlanJson, RoundTripThroughTextAsStoredInTheDatabase) {
    const RunPlan plan = full_plan();
    const std::string text = to_json(plan).dump();
    expect_same(plan, plan_from_json(nlohmann::json::parse(text)));
}

TEST(RunPlanJson, RoundTripOfAMinimalPlanWithoutBookPliesOrSprt) {
    RunPlan plan;
    plan.kind = store::RunKind::kTournament;
    plan.pairing = Pairing::kGauntlet;
    for (const char* name : {"a", "b", "c"}) plan.engines.push_back(engine(name));
    plan.time_control = match::parse_time_control("nodes=1000");
    plan.seed = 0;
    plan.pairs = 1;
    const auto json = to_json(plan);
    EXPECT_FALSE(json.contains("sprt"));
    EXPECT_TRUE(json["book"]["plies"].is_null());
    const RunPlan back = plan_from_json(json);
    expect_same(plan, back);
    EXPECT_FALSE(back.sprt);
    EXPECT_FALSE(back.book.plies);
}

// Every row of the settings table is set away from its default in full_plan (a row added
// without a value there fails here), survives the stored plan and its flag's text, and each
// lands in its own member (a row bound to another setting's member fails expect_same).
TEST(RunSettings, EveryRowRoundTripsAtAValueThatIsNotItsDefault) {
    const RunPlan plan = full_plan();
    const RunPlan defaults;
    const RunPlan back = plan_from_json(to_json(plan));
    expect_same(plan, back);
    for (const RunSetting& setting : run_settings()) {
        EXPECT_NE(setting.get(plan), setting.get(defaults)) << setting.key;
        EXPECT_EQ(setting.get(back), setting.get(plan)) << setting.key;
        RunPlan from_text;
        EXPECT_EQ(set_from_text(setting, from_text, value_text(setting, plan)), std::nullopt)
            << setting.key;
        EXPECT_EQ(setting.get(from_text), setting.get(plan)) << setting.key;
    }
}

// The stored keys are a format every later build reads: a plan as builds before the settings
// table wrote it (keys and values written out here by hand) reads into the same plan.
TEST(RunSettings, APlanStoredBeforeTheTableReadsAsItWasWritten) {
    const nlohmann::json json = nlohmann::json::parse(R"({
        "version": 1, "kind": "match", "pairing": "head-to-head",
        "engines": [{"name": "a", "argv": ["/bin/a"]}, {"name": "b", "argv": ["/bin/b"]}],
        "time_control": "nodes=5000", "time_margin_ms": 250, "stall_timeout_ms": 4321,
        "startup_timeout_ms": 2345, "ready_timeout_ms": 3456, "restart_engines": true,
        "book": {"path": "books/x.pgn", "order": "sequential", "plies": 8, "start": 17},
        "seed": "7", "pairs": 10, "concurrency": 7, "report_every": 3,
        "event": "Club final", "site": "Rotterdam"})");
    const RunPlan plan = plan_from_json(json);
    EXPECT_EQ(plan.time_margin_ms, 250);
    EXPECT_EQ(plan.stall_timeout_ms, 4321);
    EXPECT_EQ(plan.startup_timeout_ms, 2345);
    EXPECT_EQ(plan.ready_timeout_ms, 3456);
    EXPECT_TRUE(plan.restart_engines);
    EXPECT_EQ(plan.book.order, openings::BookOrder::kSequential);
    EXPECT_EQ(plan.book.plies, 8);
    EXPECT_EQ(plan.book.start, 17);
    EXPECT_EQ(plan.concurrency, 7);
    EXPECT_EQ(plan.report_every, 3);
    EXPECT_EQ(plan.event, "Club final");
    EXPECT_EQ(plan.site, "Rotterdam");
    // And is written back with the same keys and values (the engines and the adjudication,
    // which every build writes whole, aside).
    nlohmann::json again = to_json(plan), written = json;
    again.erase("adjudication");
    for (auto* plan_json : {&again, &written}) plan_json->erase("engines");
    EXPECT_EQ(again, written);
}

// A flag's text is checked as the row says.
TEST(RunSettings, AFlagsTextIsCheckedByItsRow) {
    RunPlan plan;
    EXPECT_EQ(set_from_text(run_setting("stall_timeout_ms"), plan, "0"), "must be at least 1");
    EXPECT_EQ(set_from_text(run_setting("concurrency"), plan, "-2"), "must not be negative");
    EXPECT_EQ(set_from_text(run_setting("restart_engines"), plan, "yes"), "expected on or off");
    EXPECT_EQ(set_from_text(run_setting("book.order"), plan, "shuffled"),
              "expected random or sequential");
    EXPECT_EQ(set_from_text(run_setting("book.plies"), plan, "2000000"),
              "is too large (at most 1000000)");
    EXPECT_EQ(value_text(run_setting("book.plies"), plan), "");
    EXPECT_EQ(value_text(run_setting("restart_engines"), plan), "off");
    EXPECT_THROW(run_setting("no_such_setting"), std::invalid_argument);
}

// Time odds: an engine with its own limits plays them and the run's time control names every
// engine's; the others play the run's. Equal own limits are no odds.
TEST(RunPlan, AnEnginesOwnLimitsAreItsGamesAndNamedInTheRunsTimeControl) {
    RunPlan plan = full_plan();
    EXPECT_EQ(time_control_text(plan), "base tc=40/60+0.6; test tc=80/120+1.2");
    const auto own = own_limits(plan);
    ASSERT_EQ(own.size(), 1u);
    EXPECT_EQ(own.at(1).time_control.to_string(), "tc=80/120+1.2");
    EXPECT_EQ(own.at(1).margin.count(), 40);
    EXPECT_EQ(engine_limits(plan, plan.engines[0]).time_control, plan.time_control);
    EXPECT_EQ(engine_limits(plan, plan.engines[0]).margin.count(), 250);

    plan.engines[1].time_control = plan.time_control;  // the same as the run's: no odds
    EXPECT_EQ(time_control_text(plan), "tc=40/60+0.6");
    plan.engines[1].time_control.reset();  // a margin of its own only
    EXPECT_EQ(time_control_text(plan), "tc=40/60+0.6");
    EXPECT_EQ(own_limits(plan).at(1).time_control, plan.time_control);
    plan.engines[1].time_margin_ms.reset();
    EXPECT_TRUE(own_limits(plan).empty());
}

TEST(RunPlanJson, SeedIsStoredAsTextSoAll64BitsSurvive) {
    RunPlan plan = full_plan();
    plan.seed = 0x8000'0000'0000'0001ULL;
    const auto json = to_json(plan);
    ASSERT_TRUE(json["seed"].is_string());
    EXPECT_EQ(json["seed"], "9223372036854775809");
    EXPECT_EQ(plan_from_json(json).seed, plan.seed);
}

TEST(RunPlanJson, EveryPairingAndKindRoundTrips) {
    for (auto kind : {store::RunKind::kSprt, store::RunKind::kMatch, store::RunKind::kTournament}) {
        for (auto pairing : {Pairing::kHeadToHead, Pairing::kRoundRobin, Pairing::kGauntlet}) {
            RunPlan plan = full_plan();
            plan.kind = kind;
            plan.pairing = pairing;
            const RunPlan back = plan_from_json(to_json(plan));
            EXPECT_EQ(back.kind, kind);
            EXPECT_EQ(back.pairing, pairing);
        }
    }
}

TEST(RunPlanJson, UnknownVersionIsRejectedWithItsNumber) {
    auto json = to_json(full_plan());
    json["version"] = 2;
    try {
        (void)plan_from_json(json);
        FAIL() << "version 2 accepted";
    } catch (const std::runtime_error& e) {
        EXPECT_NE(std::string(e.what()).find("version 2"), std::string::npos) << e.what();
    }
}

TEST(RunPlanJson, MissingOrMistypedFieldsAreErrorsNotCrashes) {
    const auto good = to_json(full_plan());
    // The fields that say which games a run is: required.
    for (const char* field :
         {"version", "kind", "pairing", "engines", "time_control", "book", "seed", "pairs"}) {
        auto json = good;
        json.erase(field);
        try {
            (void)plan_from_json(json);
            ADD_FAILURE() << "read without " << field;
        } catch (const std::runtime_error& e) {
            EXPECT_NE(std::string(e.what()).find(std::string(field) + " is missing"),
                      std::string::npos)
                << e.what();
        }
    }
    auto json = good;
    json["pairs"] = "many";
    EXPECT_THROW((void)plan_from_json(json), std::runtime_error);
    json = good;
    json["engines"][0]["role"] = "referee";
    EXPECT_THROW((void)plan_from_json(json), std::runtime_error);
    json = good;
    json["pairing"] = "swiss";
    EXPECT_THROW((void)plan_from_json(json), std::runtime_error);
    json = good;
    json["seed"] = "not a number";
    EXPECT_ANY_THROW((void)plan_from_json(json));
}

// The message of the error reading `json` as a stored plan ("" when it reads).
std::string refusal(const nlohmann::json& json) {
    try {
        (void)plan_from_json(json);
    } catch (const std::runtime_error& e) {
        return e.what();
    }
    return "";
}

// A plan stored before a field existed played that field's default: every field but those that
// say which games the run is may be absent, and reads as RunPlan's default.
TEST(RunPlanJson, APlanStoredBeforeAFieldExistedReadsItsDefault) {
    auto json = to_json(full_plan());
    for (const char* key :
         {"time_margin_ms", "stall_timeout_ms", "startup_timeout_ms", "ready_timeout_ms",
          "restart_engines", "adjudication", "concurrency", "report_every"})
        json.erase(key);
    for (auto& engine : json["engines"])
        for (const char* key : {"options", "config_path", "role", "time_control", "time_margin_ms"})
            engine.erase(key);
    for (const char* key : {"order", "plies", "start"}) json["book"].erase(key);
    json["sprt"].erase("model");

    const RunPlan defaults;
    const EnginePlan engine_defaults;
    RunPlan expected = full_plan();
    expected.time_margin_ms = defaults.time_margin_ms;
    expected.stall_timeout_ms = defaults.stall_timeout_ms;
    expected.startup_timeout_ms = defaults.startup_timeout_ms;
    expected.ready_timeout_ms = defaults.ready_timeout_ms;
    expected.restart_engines = defaults.restart_engines;
    expected.adjudication = defaults.adjudication;
    expected.concurrency = defaults.concurrency;
    expected.report_every = defaults.report_every;
    for (EnginePlan& engine : expected.engines) {
        engine.options = engine_defaults.options;
        engine.config_path = engine_defaults.config_path;
        engine.role = engine_defaults.role;
        engine.time_control = engine_defaults.time_control;
        engine.time_margin_ms = engine_defaults.time_margin_ms;
    }
    expected.book.order = defaults.book.order;
    expected.book.plies = defaults.book.plies;
    expected.book.start = defaults.book.start;
    expected.sprt->model = stats::SprtParams{}.model;
    expect_same(expected, plan_from_json(json));

    // One field of a nested object: the others of that object are still read.
    json = to_json(full_plan());
    json["adjudication"]["resign"].erase("two_sided");
    const RunPlan back = plan_from_json(json);
    EXPECT_EQ(back.adjudication.resign.move_count, 4);
    EXPECT_EQ(back.adjudication.resign.two_sided, defaults.adjudication.resign.two_sided);
}

// A key this build does not know comes from a newer build's plan: refused by its path, never
// skipped (it could change the games); a value of the wrong type is named the same way.
TEST(RunPlanJson, AFieldThisBuildDoesNotKnowOrOfTheWrongTypeIsNamed) {
    const auto good = to_json(full_plan());
    auto json = good;
    json["engines"][1]["affinity"] = 3;
    EXPECT_NE(refusal(json).find("engines[1].affinity is not a field this build knows"),
              std::string::npos)
        << refusal(json);
    json = good;
    json["pgn_layout"] = "wide";
    EXPECT_NE(refusal(json).find("pgn_layout is not a field this build knows"), std::string::npos)
        << refusal(json);
    json = good;
    json["adjudication"]["draw"]["move_count"] = "eight";
    EXPECT_NE(refusal(json).find("adjudication.draw.move_count is \"eight\", of the wrong type"),
              std::string::npos)
        << refusal(json);
    json = good;
    json["engines"][0]["options"] = {{"Hash"}};
    EXPECT_NE(refusal(json).find("engines[0].options holds [\"Hash\"]"), std::string::npos)
        << refusal(json);
    json = good;
    json["seed"] = "12x";
    EXPECT_NE(refusal(json).find("seed '12x' is not a 64-bit number"), std::string::npos)
        << refusal(json);
    // A time control that does not read is named by its path, an engine's too.
    json = good;
    json["engines"][1]["time_control"] = "tc=fast";
    EXPECT_NE(refusal(json).find("engines[1].time_control 'tc=fast': "), std::string::npos)
        << refusal(json);
    json = good;
    json["time_control"] = "nodes=-5";
    EXPECT_NE(refusal(json).find("stored run plan: time_control 'nodes=-5': "), std::string::npos)
        << refusal(json);
}

TEST(RunPlanJson, PairingNames) {
    for (auto pairing : {Pairing::kHeadToHead, Pairing::kRoundRobin, Pairing::kGauntlet})
        EXPECT_EQ(parse_pairing(to_string(pairing)), pairing);
    EXPECT_EQ(to_string(Pairing::kRoundRobin), "round-robin");
    EXPECT_FALSE(parse_pairing("swiss"));
}

// ---- schedule

RunPlan plan_with(Pairing pairing, int engines, std::int64_t pairs) {
    RunPlan plan;
    plan.pairing = pairing;
    for (int i = 0; i < engines; ++i) plan.engines.push_back(engine("e" + std::to_string(i)));
    plan.pairs = pairs;
    return plan;
}

TEST(Schedule, EnginePairings) {
    using P = std::vector<std::pair<int, int>>;
    EXPECT_EQ(engine_pairings(plan_with(Pairing::kHeadToHead, 2, 1)), (P{{0, 1}}));
    EXPECT_EQ(engine_pairings(plan_with(Pairing::kRoundRobin, 4, 1)),
              (P{{0, 1}, {0, 2}, {0, 3}, {1, 2}, {1, 3}, {2, 3}}));
    EXPECT_EQ(engine_pairings(plan_with(Pairing::kGauntlet, 4, 1)), (P{{0, 1}, {0, 2}, {0, 3}}));
}

TEST(Schedule, TotalPairs) {
    EXPECT_EQ(total_pairs(plan_with(Pairing::kHeadToHead, 2, 100)), 100);
    EXPECT_EQ(total_pairs(plan_with(Pairing::kRoundRobin, 4, 5)), 30);  // 6 pairings × 5
    EXPECT_EQ(total_pairs(plan_with(Pairing::kGauntlet, 4, 5)), 15);    // 3 pairings × 5
}

TEST(Schedule, HeadToHeadPairsNeverSwapAndEachPairHasItsOwnOpening) {
    const auto plan = plan_with(Pairing::kHeadToHead, 2, 10);
    const auto pairings = engine_pairings(plan);
    for (std::int64_t i = 0; i < 10; ++i) {
        const auto pair = pair_at(plan, pairings, i);
        EXPECT_EQ(pair.pair_index, i);
        EXPECT_EQ(pair.first, 0);
        EXPECT_EQ(pair.second, 1);
        EXPECT_EQ(pair.opening_slot, i);
    }
}

TEST(Schedule, ColoursReverseWithinAPair) {
    GameTask task{{3, 0, 1, 3}, 0};
    EXPECT_EQ(task.white(), 0);
    EXPECT_EQ(task.black(), 1);
    task.round = 1;
    EXPECT_EQ(task.white(), 1);
    EXPECT_EQ(task.black(), 0);
}

TEST(Schedule, RoundRobinMeetsEveryPairingEquallyWithBalancedColours) {
    const auto plan = plan_with(Pairing::kRoundRobin, 3, 4);
    const auto pairings = engine_pairings(plan);
    std::map<std::pair<int, int>, int> pairs_of, first_of;  // first = White in round 0
    for (std::int64_t i = 0; i < total_pairs(plan); ++i) {
        const auto pair = pair_at(plan, pairings, i);
        ASSERT_NE(pair.first, pair.second);
        const auto key = std::minmax(pair.first, pair.second);
        ++pairs_of[key];
        if (pair.first == key.first) ++first_of[key];
    }
    ASSERT_EQ(pairs_of.size(), 3u);
    for (const auto& [key, n] : pairs_of) {
        EXPECT_EQ(n, 4);
        EXPECT_EQ(first_of[key], 2) << "each engine of the pairing starts half the pairs";
    }
}

// The exact order, not only its balance: a stored run is resumed (by any later build) and its PGN
// written by pair index, so pair i must always be the same engines in the same colours. Pairs
// cycle through the pairings in their listed order; a pairing's even-numbered meetings (0, 2, …)
// give its first-listed engine White in round 0, its odd-numbered meetings the other engine.
TEST(Schedule, ARoundRobinsPairsFollowTheDocumentedOrderExactly) {
    const auto plan = plan_with(Pairing::kRoundRobin, 3, 2);
    const auto pairings = engine_pairings(plan);
    std::vector<std::pair<int, int>> order;
    for (std::int64_t i = 0; i < total_pairs(plan); ++i) {
        const auto pair = pair_at(plan, pairings, i);
        order.emplace_back(pair.first, pair.second);
    }
    EXPECT_EQ(order,
              (std::vector<std::pair<int, int>>{{0, 1}, {0, 2}, {1, 2}, {1, 0}, {2, 0}, {2, 1}}));
    const auto gauntlet = plan_with(Pairing::kGauntlet, 3, 2);
    std::vector<std::pair<int, int>> gauntlet_order;
    for (std::int64_t i = 0; i < total_pairs(gauntlet); ++i) {
        const auto pair = pair_at(gauntlet, engine_pairings(gauntlet), i);
        gauntlet_order.emplace_back(pair.first, pair.second);
    }
    EXPECT_EQ(gauntlet_order, (std::vector<std::pair<int, int>>{{0, 1}, {0, 2}, {1, 0}, {2, 0}}));
}

TEST(Schedule, PairsAreAFunctionOfTheirIndexAlone) {
    const auto plan = plan_with(Pairing::kGauntlet, 4, 7);
    const auto pairings = engine_pairings(plan);
    for (std::int64_t i : {20, 0, 13, 5, 20}) {
        const auto a = pair_at(plan, pairings, i);
        const auto b = pair_at(plan, engine_pairings(plan), i);
        EXPECT_EQ(a.first, b.first);
        EXPECT_EQ(a.second, b.second);
        EXPECT_EQ(a.opening_slot, b.opening_slot);
        EXPECT_TRUE(a.first == 0 || a.second == 0) << "a gauntlet pair includes engine 0";
    }
}

// ---- game queue

std::vector<std::pair<std::int64_t, int>> drain(GameQueue& queue) {
    std::vector<std::pair<std::int64_t, int>> out;
    while (auto task = queue.next()) out.emplace_back(task->pair.pair_index, task->round);
    return out;
}

TEST(GameQueue, HandsOutBothGamesOfAPairBeforeTheNextPair) {
    GameQueue queue(plan_with(Pairing::kHeadToHead, 2, 3), {});
    using V = std::vector<std::pair<std::int64_t, int>>;
    EXPECT_EQ(drain(queue), (V{{0, 0}, {0, 1}, {1, 0}, {1, 1}, {2, 0}, {2, 1}}));
    EXPECT_FALSE(queue.next()) << "stays exhausted";
}

TEST(GameQueue, SkipsStoredGames) {
    GameQueue queue(plan_with(Pairing::kHeadToHead, 2, 3), {{0, 0}, {0, 1}, {1, 1}, {2, 0}});
    using V = std::vector<std::pair<std::int64_t, int>>;
    EXPECT_EQ(drain(queue), (V{{1, 0}, {2, 1}}));
}

TEST(GameQueue, AllStoredMeansNothingToPlay) {
    GameQueue queue(plan_with(Pairing::kHeadToHead, 2, 1), {{0, 0}, {0, 1}});
    EXPECT_FALSE(queue.next());
}

TEST(GameQueue, CloseStopsHandingOutGames) {
    GameQueue queue(plan_with(Pairing::kHeadToHead, 2, 100), {});
    ASSERT_TRUE(queue.next());
    queue.close();
    EXPECT_FALSE(queue.next());
    EXPECT_FALSE(queue.next());
}

TEST(GameQueue, TournamentQueueCoversEveryPairing) {
    const auto plan = plan_with(Pairing::kRoundRobin, 4, 2);
    GameQueue queue(plan, {});
    std::map<std::pair<int, int>, int> games;
    while (auto task = queue.next()) ++games[std::minmax(task->white(), task->black())];
    ASSERT_EQ(games.size(), 6u);
    for (const auto& [key, n] : games) EXPECT_EQ(n, 4) << key.first << "-" << key.second;
}

TEST(GameQueue, ThreadsDrainingTogetherGetEachGameExactlyOnce) {
    constexpr std::int64_t kPairs = 5000;
    GameQueue queue(plan_with(Pairing::kHeadToHead, 2, kPairs), {{7, 1}});
    std::mutex mutex;
    std::map<std::pair<std::int64_t, int>, int> seen;
    std::vector<std::thread> threads;
    for (int t = 0; t < 4; ++t)
        threads.emplace_back([&] {
            std::vector<std::pair<std::int64_t, int>> mine;
            while (auto task = queue.next()) mine.emplace_back(task->pair.pair_index, task->round);
            std::lock_guard lock(mutex);
            for (const auto& place : mine) ++seen[place];
        });
    for (auto& t : threads) t.join();
    EXPECT_EQ(seen.size(), static_cast<std::size_t>(2 * kPairs - 1));
    for (const auto& [place, n] : seen) ASSERT_EQ(n, 1);
    EXPECT_FALSE(seen.count({7, 1}));
}

// ---- point of view, exit codes, terminations

TEST(Runner, StatisticsTakeTheTestEngineViewElseTheSecondEngine) {
    RunPlan plan = plan_with(Pairing::kHeadToHead, 2, 1);
    EXPECT_EQ(view_engine(plan), 1);
    plan.engines[0].role = store::EngineRole::kTest;
    plan.engines[1].role = store::EngineRole::kBase;
    EXPECT_EQ(view_engine(plan), 0);
}

}  // namespace
}  // namespace lmr::tournament
