#include "harness/tournament/game_lines.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>

#include "engine/text/text.hpp"
#include "harness/match/time_control.hpp"
#include "harness/stats/elo.hpp"
#include "harness/stats/sprt.hpp"
#include "harness/stats/standings.hpp"
#include "harness/tournament/schedule.hpp"

namespace lmr::tournament {
namespace {

template <typename... Args>
std::string format(const char* pattern, Args... args) {
    char buffer[512];
    std::snprintf(buffer, sizeof buffer, pattern, args...);
    return buffer;
}

const char* side_name(chess::Color color) {
    return color == chess::kWhite ? "White" : "Black";
}

// A number as fastchess prints a double with "{}": the shortest form that reads back exactly.
// The value of a UCI option the plan sets for the engine, or fastchess's "NULL".
std::string option_value(const EnginePlan& engine, std::string_view name, std::string_view unit) {
    for (const auto& [option, value] : engine.options)
        if (text::iequals(option, name)) return value + std::string(unit);
    return "NULL";
}

// A ratio of counts as fastchess prints it, "%.2f"; with an empty denominator "inf", or "nan" when
// the numerator is empty too (0.0 / 0.0 printed "-nan", the sign of a NaN the division made).
std::string ratio(double numerator, double denominator) {
    if (denominator == 0) return numerator == 0 ? "nan" : "inf";
    return format("%.2f", numerator / denominator);
}

}  // namespace

std::string fastchess_reason(const core::GameRecord& game) {
    using core::Termination;
    const auto loser = game.loser();
    const std::string loser_name = loser ? side_name(*loser) : "";
    const std::string winner_name = loser ? side_name(~*loser) : "";
    switch (game.termination) {
        case Termination::kMate:
            return winner_name + " mates";
        case Termination::kStalemate:
            return "Draw by stalemate";
        case Termination::kRepetition:
            return "Draw by 3-fold repetition";
        case Termination::kFiftyMove:
            return "Draw by fifty moves rule";
        case Termination::kMaterial:
            return "Draw by insufficient mating material";
        case Termination::kAdjudication:
            return loser ? winner_name + " wins by adjudication" : "Draw by adjudication";
        case Termination::kMaxLength:
            return "Draw by adjudication";
        case Termination::kTimeForfeit:
            return loser_name + " loses on time";
        case Termination::kIllegalMove:
            return loser_name + " makes an illegal move";
        case Termination::kCrash:
            return loser_name + " disconnects";
        case Termination::kStall:
            return loser_name + "'s connection stalls";
        case Termination::kUnterminated:
            break;
    }
    return "Game interrupted";
}

GameLines::GameLines(const GameLinesSettings& settings, Print print)
    : settings_(settings), print_(std::move(print)) {}

void GameLines::run_started(std::int64_t, const RunPlan& plan) {
    plan_ = plan;
    pairings_ = engine_pairings(plan);
    total_games_ = 2 * total_pairs(plan);
    for (const auto& pairing : pairings_) stats_[pairing];
    started_ = std::chrono::steady_clock::now();
}

void GameLines::game_started(const GameTask& task) {
    print_(format("Started game %lld of %lld (%s vs %s)", static_cast<long long>(game_number(task)),
                  static_cast<long long>(total_games_), plan_.engines[task.white()].name.c_str(),
                  plan_.engines[task.black()].name.c_str()));
}

void GameLines::game_finished(const GameTask& task, const core::GameRecord& game) {
    print_(format(
        "Finished game %lld (%s vs %s): %s {%s}", static_cast<long long>(game_number(task)),
        plan_.engines[task.white()].name.c_str(), plan_.engines[task.black()].name.c_str(),
        std::string(core::result_token(game.result)).c_str(), fastchess_reason(game).c_str()));
    const int first = std::min(task.pair.first, task.pair.second);
    const int second = std::max(task.pair.first, task.pair.second);
    auto& pairing = stats_[{first, second}];
    const auto outcome = stats::outcome_of(*game.result, task.white() == first);
    stats::add_game(pairing.games, outcome);
    ++games_done_;

    const bool pair_completed = pairing.pairs.add(task.pair.pair_index, outcome);

    game_counted(pairing);
    // fastchess counts the rating interval in pairs (by the pair's number) with pentanomial
    // reports, in games otherwise.
    const std::int64_t interval = settings_.rating_interval;
    const bool penta = settings_.report_penta;
    if (interval > 0 && ((penta && pair_completed && (task.pair.pair_index + 1) % interval == 0) ||
                         (!penta && games_done_ % interval == 0)))
        report();
}

void GameLines::report() {
    reported_at_ = games_done_;
    if (plan_.engines.size() == 2)
        print_head_to_head(stats_.at({0, 1}));
    else
        print_table();
}

void GameLines::print_table() {
    std::vector<stats::PairingCounts> counts;
    for (const auto& [pairing, s] : stats_)
        counts.push_back({pairing.first, pairing.second, s.pairs.pairs()});
    const auto order = plan_.pairing == Pairing::kGauntlet
                           ? stats::StandingsOrder::kFirstEngineFirst
                           : stats::StandingsOrder::kByScore;
    const auto table = stats::standings(static_cast<int>(plan_.engines.size()), counts, order);
    int width = 25;
    for (const auto& engine : plan_.engines)
        width = std::max(width, static_cast<int>(engine.name.size()));
    const bool pentanomial = standings_show_pentanomial();
    std::string header = format("%-4s %-*s %10s %10s %10s %10s %10s %10s %10s", "Rank", width,
                                "Name", "Elo", "+/-", "nElo", "+/-", "Games", "Score", "Draw");
    if (pentanomial) header += format(" %20s", "Ptnml(0-2)");
    print_(header);
    int rank = 0;
    for (const auto& standing : table) {
        const auto& e = standing.estimate;
        const auto games = stats::to_trinomial(standing.pairs);
        const double score = games.games() ? (games.wins + 0.5 * games.draws) / games.games() : 0;
        std::string row =
            format("%4d %-*s %10.2f %10.2f %10.2f %10.2f %10ld %9.1f%% %9.1f%%", ++rank, width,
                   plan_.engines[standing.engine].name.c_str(), e.elo, e.elo_error, e.nelo,
                   e.nelo_error, games.games(), score * 100, e.draw_ratio * 100);
        const auto& p = standing.pairs;
        if (pentanomial)
            row += format(
                " %20s",
                format("[%ld, %ld, %ld, %ld, %ld]", p.ll, p.ld, p.wl + p.dd, p.wd, p.ww).c_str());
        print_(row);
    }
}

void GameLines::finish(const SessionResult& result) {
    const auto& outcome = result.outcome;
    if (games_done_ > 0 && reported_at_ != games_done_) report();
    const bool decided = outcome.verdict && *outcome.verdict != stats::Verdict::kContinue;
    if (decided) print_decision(outcome.verdict == stats::Verdict::kAcceptH1);
    if (outcome.status == store::RunStatus::kFailed) print_("Error: " + outcome.error);
    if (outcome.status != store::RunStatus::kFinished)
        print_(
            "Tournament was interrupted. To resume the tournament, run: lmr-harness resume "
            "--db " +
            settings_.db + " --run " + std::to_string(result.run_id));
    print_("Games stored in run " + std::to_string(result.run_id) + " of " + settings_.db +
           " (lmr-harness report --db " + settings_.db + " --run " + std::to_string(result.run_id) +
           ")");
    print_("Finished match");
    const auto seconds = std::chrono::duration_cast<std::chrono::seconds>(
                             std::chrono::steady_clock::now() - started_)
                             .count();
    print_(format("Total Time: %02lld:%02lld:%02lld (hours:minutes:seconds)",
                  static_cast<long long>(seconds / 3600), static_cast<long long>(seconds / 60 % 60),
                  static_cast<long long>(seconds % 60)));
}

namespace {

// fastchess's words: the statistics block every rating interval, pentanomial standings and
// "SPRT ([elo0, elo1]) completed - H1 was accepted".
class FastchessLines : public GameLines {
  public:
    FastchessLines(const GameLinesSettings& settings, Print print)
        : GameLines(settings, std::move(print)) {}

  private:
    void game_counted(const PairingStats&) override {}
    void print_head_to_head(const PairingStats& pairing) override;
    bool standings_show_pentanomial() const override { return true; }
    void print_decision(bool h1) override {
        if (plan_.sprt)
            print_(format("SPRT ([%.2f, %.2f]) completed - %s was accepted", plan_.sprt->elo0,
                          plan_.sprt->elo1, h1 ? "H1" : "H0"));
    }
    // An engine's limits as fastchess prints them: "10+0.1", "5000 nodes", "8 plies".
    std::string limits_text(const EnginePlan& engine) const;
};

std::string FastchessLines::limits_text(const EnginePlan& engine) const {
    const match::TimeControl& tc = engine.time_control.value_or(plan_.time_control);
    // As the PGN tag writes it, which is how fastchess prints it: "10+0.1", "40/60+0.6".
    if (tc.clock || tc.move_time) return tc.to_pgn_tag();
    if (tc.depth) return std::to_string(*tc.depth) + " plies";
    if (tc.nodes) return std::to_string(*tc.nodes) + " nodes";
    return "";
}

void FastchessLines::print_head_to_head(const PairingStats& pairing) {
    const bool penta = settings_.report_penta;
    const auto& params = plan_.sprt;
    const std::string& a = plan_.engines[0].name;
    const std::string& b = plan_.engines[1].name;

    const stats::Pentanomial& pairs = pairing.pairs.pairs();
    // The pentanomial reports count the games of the completed pairs.
    const stats::Trinomial games = penta ? stats::to_trinomial(pairs) : pairing.games;
    const auto estimate = penta ? stats::estimate(pairs) : stats::estimate(games);
    // fastchess's words: one value when both engines have it, "first - second" otherwise.
    const auto both = [](const std::string& first, const std::string& second) {
        return first == second ? first : first + " - " + second;
    };
    const auto option = [&](const char* name, const char* unit) {
        return both(option_value(plan_.engines[0], name, unit),
                    option_value(plan_.engines[1], name, unit));
    };
    std::string settings = both(limits_text(plan_.engines[0]), limits_text(plan_.engines[1]));
    settings += ", " + option("Threads", "t") + ", " + option("Hash", "MB");
    if (!plan_.book.path.empty())
        settings += ", " + std::filesystem::path(plan_.book.path).filename().string();

    const double points = games.wins + 0.5 * games.draws;
    print_(std::string(50, '-'));
    print_("Results of " + a + " vs " + b + " (" + settings + "):");
    print_(format("Elo: %.2f +/- %.2f, nElo: %.2f +/- %.2f", estimate.elo, estimate.elo_error,
                  estimate.nelo, estimate.nelo_error));
    std::string los =
        format("LOS: %.2f %%, DrawRatio: %.2f %%", estimate.los * 100, estimate.draw_ratio * 100);
    if (penta) los += ", PairsRatio: " + ratio(pairs.ww + pairs.wd, pairs.ld + pairs.ll);
    print_(los);
    print_(format("Games: %ld, Wins: %ld, Losses: %ld, Draws: %ld, Points: %.1f (%.2f %%)",
                  games.games(), games.wins, games.losses, games.draws, points,
                  points / games.games() * 100));
    if (penta)
        print_(format("Ptnml(0-2): [%ld, %ld, %ld, %ld, %ld], WL/DD Ratio: ", pairs.ll, pairs.ld,
                      pairs.wl + pairs.dd, pairs.wd, pairs.ww) +
               ratio(pairs.wl, pairs.dd));
    if (params) {
        const auto sprt = penta ? stats::sprt(pairs, *params) : stats::sprt(pairing.games, *params);
        // fastchess shows the fraction of the way to the bound on the LLR's side, negative
        // toward H0.
        const double percent = sprt.llr < 0 ? -sprt.percent : sprt.percent;
        print_(format("LLR: %.2f (%.1f%%) (%.2f, %.2f) [%.2f, %.2f]", sprt.llr, percent,
                      sprt.bounds.lower, sprt.bounds.upper, params->elo0, params->elo1));
    }
    print_(std::string(50, '-'));
}

// cutechess-cli's words (-output format=cutechess): "Score of A vs B: …" after every
// -ratinginterval games, per-game statistics, standings without pentanomials and "Tournament
// finished" when the SPRT decides.
class CutechessLines : public GameLines {
  public:
    CutechessLines(const GameLinesSettings& settings, Print print)
        : GameLines(settings, std::move(print)) {}

  private:
    void game_counted(const PairingStats& pairing) override;
    void print_head_to_head(const PairingStats& pairing) override;
    bool standings_show_pentanomial() const override { return false; }
    void print_decision(bool) override { print_("Tournament finished"); }
};

void CutechessLines::game_counted(const PairingStats& pairing) {
    if (plan_.engines.size() != 2 || settings_.score_interval <= 0 ||
        games_done_ % settings_.score_interval != 0)
        return;
    const auto& g = pairing.games;
    print_(format("Score of %s vs %s: %ld - %ld - %ld  [%.3f] %ld", plan_.engines[0].name.c_str(),
                  plan_.engines[1].name.c_str(), g.wins, g.losses, g.draws,
                  (g.wins + 0.5 * g.draws) / g.games(), g.games()));
}

void CutechessLines::print_head_to_head(const PairingStats& pairing) {
    const auto& params = plan_.sprt;
    // cutechess-cli's statistics are per game.
    const auto estimate = stats::estimate(pairing.games);
    print_(format("Elo difference: %.2f +/- %.2f, LOS: %.2f %%, DrawRatio: %.2f %%", estimate.elo,
                  estimate.elo_error, estimate.los * 100, estimate.draw_ratio * 100));
    if (params) {
        const auto sprt = stats::sprt(pairing.games, *params);
        std::string decided;
        if (sprt.verdict == stats::Verdict::kAcceptH1) decided = " - H1 was accepted";
        if (sprt.verdict == stats::Verdict::kAcceptH0) decided = " - H0 was accepted";
        print_(format("SPRT: llr %.2f (%.1f%%), lbound %.2f, ubound %.2f%s", sprt.llr, sprt.percent,
                      sprt.bounds.lower, sprt.bounds.upper, decided.c_str()));
    }
}

}  // namespace

std::unique_ptr<GameLines> make_game_lines(const GameLinesSettings& settings,
                                           GameLines::Print print) {
    if (settings.format == GameLinesFormat::kCutechess)
        return std::make_unique<CutechessLines>(settings, std::move(print));
    return std::make_unique<FastchessLines>(settings, std::move(print));
}

}  // namespace lmr::tournament
