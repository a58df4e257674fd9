#pragma once

// Shared by the report unit tests: a fresh directory per test (tests/support) and a small builder
// that writes runs, engines and colour-reversed pairs with chosen outcomes (and, when asked, LMR
// statistics per side or per engine, and each engine's depth and nodes per move) through the
// Store, so views and reports can be checked against counts known in advance.

#include <array>
#include <chrono>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "harness/stats/counts.hpp"
#include "harness/store/store.hpp"
#include "tests/support/temp_dir.hpp"

namespace lmr::report::testing {

namespace fs = std::filesystem;

using test::TempDir;

inline constexpr const char* kStartFen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

inline store::EngineRecord engine(const std::string& name) {
    store::EngineRecord e;
    e.name = name;
    e.command = "lmr-engine --config configs/" + name + ".json";
    e.config_json = R"({"name": ")" + name + R"("})";
    return e;
}

enum class Bin { kLL, kLD, kWL, kDD, kWD, kWW };

// Counts one pair of `bin` into pentanomial counts (stats::Pentanomial or a test's own struct with
// the same fields).
template <typename Counts>
void add_bin(Counts& p, Bin bin) {
    switch (bin) {
        case Bin::kLL:
            ++p.ll;
            break;
        case Bin::kLD:
            ++p.ld;
            break;
        case Bin::kWL:
            ++p.wl;
            break;
        case Bin::kDD:
            ++p.dd;
            break;
        case Bin::kWD:
            ++p.wd;
            break;
        case Bin::kWW:
            ++p.ww;
            break;
    }
}

// Writes runs and pairs. Pairs are scored from `view`'s side: e.g. Bin::kWD is a win and a draw
// for `view`.
// LMR statistics by colour (indexed by chess::Color), as a game record carries them.
using LmrSides = std::array<std::optional<core::LmrGameStats>, 2>;

class Builder {
  public:
    explicit Builder(store::Store& store) : store_(store) {}

    std::int64_t engine_id(const std::string& name) { return store_.upsert_engine(engine(name)); }

    // A head-to-head run; base is seated first.
    std::int64_t head_to_head(store::RunKind kind, const std::string& base, const std::string& test,
                              bool sprt = false, const std::string& command_line = "",
                              const std::string& time_control = "nodes=1000") {
        store::RunRecord run;
        run.kind = kind;
        run.command_line = command_line;
        run.time_control = time_control;
        run.seed = 7;
        if (sprt || kind == store::RunKind::kSprt)
            run.sprt = stats::SprtParams{0, 5, 0.05, 0.05, stats::EloModel::kNormalized};
        const auto id = store_.create_run(run);
        store_.attach_engine(id, engine_id(base), store::EngineRole::kBase);
        store_.attach_engine(id, engine_id(test), store::EngineRole::kTest);
        return id;
    }

    // `plan_json` as the run stores its plan, e.g. R"({"pairing": "gauntlet"})".
    std::int64_t tournament(const std::vector<std::string>& names,
                            store::RunKind kind = store::RunKind::kTournament,
                            const std::string& plan_json = "{}",
                            std::optional<std::int64_t> pairs_per_pairing = std::nullopt) {
        store::RunRecord run;
        run.kind = kind;
        run.plan_json = plan_json;
        run.max_pairs = pairs_per_pairing;
        run.time_control = "nodes=1000";
        const auto id = store_.create_run(run);
        for (std::size_t i = 0; i < names.size(); ++i) {
            const auto role = kind == store::RunKind::kTune && i == 0
                                  ? store::EngineRole::kBase
                                  : store::EngineRole::kParticipant;
            store_.attach_engine(id, engine_id(names[i]), role);
        }
        return id;
    }

    // One pair: `white0` has White in round 0. The bin is from `view`'s side (view is one of
    // the two). Games carry `plies` moves; the move at 0-based index i (White's when i is even)
    // has depth 10 + i, nodes 1000 · (i + 1) (see set_search), time 5 ms.
    void pair(std::int64_t run, const std::string& white0, const std::string& black0,
              const std::string& view, Bin bin, std::int64_t opening = 0, int plies = 2,
              core::Termination termination = core::Termination::kAdjudication) {
        const auto w = engine_id(white0), b = engine_id(black0);
        const bool view_white0 = view == white0;
        // Points of view in game 0 and game 1 (2 win, 1 draw, 0 loss).
        int p0 = 0, p1 = 0;
        switch (bin) {
            case Bin::kLL:
                p0 = 0, p1 = 0;
                break;
            case Bin::kLD:
                p0 = 0, p1 = 1;
                break;
            case Bin::kWL:
                p0 = 2, p1 = 0;
                break;
            case Bin::kDD:
                p0 = 1, p1 = 1;
                break;
            case Bin::kWD:
                p0 = 2, p1 = 1;
                break;
            case Bin::kWW:
                p0 = 2, p1 = 2;
                break;
        }
        const auto index = next_pair_[run]++;
        record(run, index, 0, w, b, result_for(p0, view_white0), opening, plies, termination);
        record(run, index, 1, b, w, result_for(p1, !view_white0), opening, plies, termination);
    }

    // The LMR statistics every game recorded from now on carries, by colour (none at first).
    void set_lmr_stats(const LmrSides& stats) { lmr_stats_ = stats; }

    // From now on, every game `name` plays carries `stats` for `name`'s side, replacing
    // set_lmr_stats' entry for that side; nullopt ends it.
    void set_engine_lmr_stats(const std::string& name, std::optional<core::LmrGameStats> stats) {
        if (stats)
            engine_lmr_stats_[engine_id(name)] = *stats;
        else
            engine_lmr_stats_.erase(engine_id(name));
    }

    // From now on, the move at index i of engine `name` has depth `depth` + i and nodes
    // `nodes` · (i + 1) instead of 10 + i and 1000 · (i + 1); nullopt: the engine reports none.
    void set_search(const std::string& name, std::optional<int> depth,
                    std::optional<std::int64_t> nodes) {
        search_[engine_id(name)] = {depth, nodes};
    }

    // A lone game (its pair unfinished).
    void lone_game(std::int64_t run, const std::string& white, const std::string& black) {
        record(run, next_pair_[run]++, 0, engine_id(white), engine_id(black),
               core::GameResult::kWhiteWins, 0, 2, core::Termination::kMate);
    }

  private:
    static core::GameResult result_for(int points, bool view_is_white) {
        if (points == 1) return core::GameResult::kDraw;
        return (points == 2) == view_is_white ? core::GameResult::kWhiteWins
                                              : core::GameResult::kBlackWins;
    }

    void record(std::int64_t run, std::int64_t pair, int round, std::int64_t white,
                std::int64_t black, core::GameResult result, std::int64_t opening, int plies,
                core::Termination termination) {
        const store::GamePlace place{run, pair, round, white, black, opening};
        core::GameRecord g;
        g.start_fen = kStartFen;
        g.opening_fen = kStartFen;
        g.result = result;
        g.termination = termination;
        g.reason = termination == core::Termination::kCrash ? "engine exited" : "";
        g.started = g.finished = std::chrono::system_clock::now();
        static const char* kUci[] = {"e2e4", "e7e5", "g1f3", "b8c6"};
        for (int i = 0; i < plies; ++i) {
            core::MoveRecord m;
            m.ply = i + 1;
            m.uci = kUci[i % 4];
            m.san = kUci[i % 4];
            const auto search = search_.find(i % 2 == 0 ? white : black);
            const Search s = search == search_.end() ? Search{} : search->second;
            if (s.depth) m.depth = *s.depth + i;
            m.seldepth = 20 + i;
            if (s.nodes) m.nodes = static_cast<std::uint64_t>(*s.nodes * (i + 1));
            m.time_ms = 5;
            g.moves.push_back(m);
        }
        g.lmr_stats = lmr_stats_;
        for (const auto& [id, stats] : engine_lmr_stats_) {
            if (id == white) g.lmr_stats[chess::kWhite] = stats;
            if (id == black) g.lmr_stats[chess::kBlack] = stats;
        }
        store_.record_game(place, g, "");
    }

    struct Search {
        std::optional<int> depth = 10;
        std::optional<std::int64_t> nodes = 1000;
    };

    store::Store& store_;
    std::map<std::int64_t, std::int64_t> next_pair_;
    LmrSides lmr_stats_;
    std::map<std::int64_t, core::LmrGameStats> engine_lmr_stats_;
    std::map<std::int64_t, Search> search_;
};

}  // namespace lmr::report::testing
