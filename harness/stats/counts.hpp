#pragma once
// Game and pair counts, always from the test engine's point of view.

#include <array>
#include <cstdint>
#include <map>

#include "harness/core/outcome.hpp"

namespace lmr::stats {

enum class Outcome { kLoss, kDraw, kWin };

// Trinomial counts: one entry per game.
struct Trinomial {
    long wins = 0;
    long draws = 0;
    long losses = 0;

    long games() const { return wins + draws + losses; }
    // Counts in score order (0, 1/2, 1): [L, D, W], as the statistics use them.
    std::array<double, 3> bins() const;

    Trinomial& operator+=(const Trinomial& other);
    friend bool operator==(const Trinomial&, const Trinomial&) = default;
};

// Pentanomial counts: one entry per colour-reversed pair. WL (won one, lost one) and DD (two
// draws) both score 1 of 2 points and share one bin in the maths; they are kept apart because
// the split tells a reader something (many WL pairs = unbalanced openings).
struct Pentanomial {
    long ll = 0;
    long ld = 0;
    long wl = 0;
    long dd = 0;
    long wd = 0;
    long ww = 0;

    long pairs() const { return ll + ld + wl + dd + wd + ww; }
    // The five bins [LL, LD, WL+DD, WD, WW] in score order (0, 1/4, 1/2, 3/4, 1 per game).
    std::array<double, 5> bins() const;

    Pentanomial& operator+=(const Pentanomial& other);
    friend bool operator==(const Pentanomial&, const Pentanomial&) = default;
};

// A game's outcome for the engine that played White (view_is_white) or Black.
Outcome outcome_of(core::GameResult result, bool view_is_white);

void add_game(Trinomial& counts, Outcome outcome);
// Adds a finished pair; the order of the two games does not matter.
void add_pair(Pentanomial& counts, Outcome first, Outcome second);

// Colour-reversed pairs as their games finish, in any order and between other pairs' games: a
// pair's first game waits for its second, then the pair joins the pentanomial. The one pair
// tally of the runner (its SPRT), the fastchess/cutechess game lines and a resumed run's stored
// games.
class PairTally {
  public:
    // One game of pair `pair_index`, its outcome for the tally's side; true when it completed
    // the pair.
    bool add(std::int64_t pair_index, Outcome outcome);
    const Pentanomial& pairs() const { return pairs_; }

  private:
    std::map<std::int64_t, Outcome> waiting_;  // the first game of each unfinished pair
    Pentanomial pairs_;
};

// The games inside the pairs: LL = 2 losses, LD = 1 loss + 1 draw, WL = 1 win + 1 loss,
// DD = 2 draws, WD = 1 win + 1 draw, WW = 2 wins.
Trinomial to_trinomial(const Pentanomial& pairs);

// The same counts from the opponent's side: wins and losses (WW and LL, WD and LD) trade places.
Trinomial mirrored(const Trinomial& games);
Pentanomial mirrored(const Pentanomial& pairs);

}  // namespace lmr::stats
