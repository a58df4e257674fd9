#pragma once
// Tournament standings as cutechess-cli and fastchess rank engines: every engine's completed
// pairs against everyone it met, pooled from its own side, and the Elo of that score. In a round
// robin that is the engine's performance against the average of the others; in a gauntlet the
// first engine's against its opponents together, and each opponent's against the first engine.
// Pure: counts in, counts and statistics out.

#include <span>
#include <vector>

#include "harness/stats/counts.hpp"
#include "harness/stats/elo.hpp"

namespace lmr::stats {

// The completed pairs of one pairing (two engines by index), from `first`'s side.
struct PairingCounts {
    int first = 0;
    int second = 1;
    Pentanomial pairs;
};

struct Standing {
    int engine = 0;        // the engine's index, as in the pairings
    Pentanomial pairs;     // every pair it played, from its side (its games: to_trinomial)
    EloEstimate estimate;  // estimate(pairs): per pair, as every paired statistic here
};

enum class StandingsOrder {
    kByScore,           // best score (and so best Elo) first; ties by engine index
    kFirstEngineFirst,  // a gauntlet: engine 0 on top, the others by score below it
};

// One standing per engine 0..engines-1 (a pairing listed twice counts twice); engines without a
// completed pair come last, by index. Throws std::invalid_argument for an engine index outside
// 0..engines-1 or a pairing of an engine with itself.
std::vector<Standing> standings(int engines, std::span<const PairingCounts> pairings,
                                StandingsOrder order);

}  // namespace lmr::stats
