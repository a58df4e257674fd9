#include "harness/tournament/game_pgn.hpp"

#include <string>

namespace lmr::tournament {

match::PgnTags game_pgn_tags(const RunPlan& plan, std::int64_t run_id, const GameTask& task) {
    match::PgnTags tags;
    tags.event = plan.event.empty() ? "LMR Lab run " + std::to_string(run_id) : plan.event;
    tags.site = plan.site.empty() ? "LMR Lab" : plan.site;
    tags.round = std::to_string(task.pair.pair_index + 1) + "." + std::to_string(task.round + 1);
    return tags;
}

}  // namespace lmr::tournament
