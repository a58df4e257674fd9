#include "harness/core/score.hpp"

#include "engine/pgn/move_comment.hpp"

namespace lmr::core {

std::string Score::to_pgn() const {
    return pgn::score_text(value, is_mate());
}

}  // namespace lmr::core
