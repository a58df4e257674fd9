#pragma once

// What a run started from a fastchess or cutechess-cli command line prints, in their words, so
// that the scripts and workers that parse those tools' output (fishtest, OpenBench) read ours:
//
//   Started game 1 of 200 (A vs B)
//   Finished game 1 (A vs B): 1-0 {White mates}
//   --------------------------------------------------
//   Results of A vs B (10+0.1, 1t, 16MB, default.epd):
//   Elo: 12.34 +/- 20.12, nElo: 15.67 +/- 25.43
//   LOS: 88.12 %, DrawRatio: 42.00 %, PairsRatio: 1.20
//   Games: 100, Wins: 40, Losses: 35, Draws: 25, Points: 52.5 (52.50 %)
//   Ptnml(0-2): [3, 10, 21, 12, 4], WL/DD Ratio: 0.91
//   LLR: 0.42 (14.3%) (-2.94, 2.94) [0.00, 5.00]
//   --------------------------------------------------
//
// and, with `-output format=cutechess`, cutechess-cli's "Score of A vs B: W - L - D  [0.525] 100"
// and "Elo difference: …" lines. Game 2k-1 of pair k has the first engine as White, game 2k has
// it as Black. The statistics are the first engine's (the engine under test), counted here
// from the games as they finish: with pentanomial reports, from completed pairs only (as
// fastchess does, so the games count is twice the pentanomial's sum).

#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "harness/stats/counts.hpp"
#include "harness/tournament/run_observer.hpp"
#include "harness/tournament/session.hpp"

namespace lmr::tournament {

// The words a run prints: fastchess's (the default) or cutechess-cli's (`-output
// format=cutechess`).
enum class GameLinesFormat { kFastchess, kCutechess };

// What the lines say beside the games: the settings of fastchess's -output, -ratinginterval,
// -scoreinterval and -report options, and the database the games are stored in.
struct GameLinesSettings {
    GameLinesFormat format = GameLinesFormat::kFastchess;
    // The rating block every this many pairs (pentanomial) or games (trinomial); 0: only at
    // the end. The cutechess "Score of" line every score_interval games.
    std::int64_t rating_interval = 10;
    std::int64_t score_interval = 1;
    bool report_penta = true;  // -report penta=
    std::string db;            // named in the closing lines (resume, report)
};

// The reason of a game's end in fastchess's words ("White mates", "Draw by 3-fold repetition",
// "Black loses on time", "White disconnects", "Black's connection stalls", "White makes an
// illegal move", "Black wins by adjudication", …).
std::string fastchess_reason(const core::GameRecord& game);

// The lines of one tool; make_game_lines picks fastchess's or cutechess-cli's by
// settings.format. What both print (the games, the standings of three or more engines, how the
// run ended) is here; what differs — the head-to-head statistics, the line after each game and
// the decision — each tool's class says.
class GameLines : public RunObserver {
  public:
    using Print = std::function<void(std::string_view line)>;

    void run_started(std::int64_t run_id, const RunPlan& plan) override;
    void game_started(const GameTask& task) override;
    void game_finished(const GameTask& task, const core::GameRecord& game) override;

    // After the run: the final report (unless the last interval printed it), the SPRT's
    // decision, how the run ended and the time it took.
    void finish(const SessionResult& result);

  protected:
    struct PairingStats {
        stats::Trinomial games;  // every game, from the pairing's first engine's side
        stats::PairTally pairs;  // its pairs, completed ones in the pentanomial
    };

    GameLines(const GameLinesSettings& settings, Print print);

    // After each game is counted (pairing: its engines' statistics so far).
    virtual void game_counted(const PairingStats& pairing) = 0;
    // The statistics of a run of two engines.
    virtual void print_head_to_head(const PairingStats& pairing) = 0;
    // Whether the standings of three or more engines show each one's pentanomial.
    virtual bool standings_show_pentanomial() const = 0;
    // The line that says the SPRT decided (h1: which hypothesis it accepted).
    virtual void print_decision(bool h1) = 0;

    GameLinesSettings settings_;
    Print print_;
    RunPlan plan_;
    std::int64_t games_done_ = 0;

  private:
    void report();
    void print_table();

    std::int64_t total_games_ = 0;
    std::int64_t reported_at_ = -1;  // games_done_ when the last report was printed
    std::vector<std::pair<int, int>> pairings_;
    std::map<std::pair<int, int>, PairingStats> stats_;
    std::chrono::steady_clock::time_point started_ = std::chrono::steady_clock::now();
};

std::unique_ptr<GameLines> make_game_lines(const GameLinesSettings& settings,
                                           GameLines::Print print);

}  // namespace lmr::tournament
