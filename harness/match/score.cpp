#include "harness/match/score.hpp"

#include <cstdlib>

namespace lmr::match {

std::string Score::to_pgn() const {
    if (is_mate) return (value > 0 ? "+M" : "-M") + std::to_string(std::abs(value));
    const int abs_cp = std::abs(value);
    std::string frac = std::to_string(abs_cp % 100);
    if (frac.size() < 2) frac.insert(0, "0");
    const std::string sign = value > 0 ? "+" : value < 0 ? "-" : "";
    return sign + std::to_string(abs_cp / 100) + "." + frac;
}

}  // namespace lmr::match
