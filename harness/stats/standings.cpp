#include "harness/stats/standings.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace lmr::stats {

std::vector<Standing> standings(int engines, std::span<const PairingCounts> pairings,
                                StandingsOrder order) {
    std::vector<Standing> table(static_cast<std::size_t>(std::max(engines, 0)));
    for (int i = 0; i < engines; ++i) table[static_cast<std::size_t>(i)].engine = i;
    const auto valid = [engines](int index) { return index >= 0 && index < engines; };
    for (const PairingCounts& pairing : pairings) {
        if (!valid(pairing.first) || !valid(pairing.second) || pairing.first == pairing.second) {
            throw std::invalid_argument("standings: pairing " + std::to_string(pairing.first) +
                                        " vs " + std::to_string(pairing.second) + " of " +
                                        std::to_string(engines) + " engines");
        }
        table[static_cast<std::size_t>(pairing.first)].pairs += pairing.pairs;
        table[static_cast<std::size_t>(pairing.second)].pairs += mirrored(pairing.pairs);
    }
    for (Standing& s : table) s.estimate = estimate(s.pairs);

    const auto before = [order](const Standing& a, const Standing& b) {
        if (order == StandingsOrder::kFirstEngineFirst && (a.engine == 0 || b.engine == 0))
            return a.engine == 0 && b.engine != 0;
        if (a.estimate.defined() != b.estimate.defined()) return a.estimate.defined();
        if (a.estimate.defined() && a.estimate.score != b.estimate.score)
            return a.estimate.score > b.estimate.score;
        return a.engine < b.engine;
    };
    std::sort(table.begin(), table.end(), before);
    return table;
}

}  // namespace lmr::stats
