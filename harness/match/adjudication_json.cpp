// The adjudication settings as JSON (adjudication_json.hpp).

#include "harness/match/adjudication_json.hpp"

namespace lmr::match {

nlohmann::json adjudication_to_json(const AdjudicationConfig& adj) {
    return {{"draw",
             {{"enabled", adj.draw.enabled},
              {"move_number", adj.draw.move_number},
              {"move_count", adj.draw.move_count},
              {"score_cp", adj.draw.score_cp}}},
            {"resign",
             {{"enabled", adj.resign.enabled},
              {"move_count", adj.resign.move_count},
              {"score_cp", adj.resign.score_cp},
              {"two_sided", adj.resign.two_sided}}},
            {"max_moves", adj.max_moves}};
}

}  // namespace lmr::match
