#pragma once

#include <cstdint>
#include <map>
#include <string>

#include "harness/core/outcome.hpp"

namespace lmr::core {

// The games of a run (or a session of it) and those engine faults ended, by kind: the live
// warning of a run and the summary at its end count and word them one way.
class FaultTally {
  public:
    // More than this share of the games lost to engine faults earns a warning: an overloaded
    // machine or a broken engine, not the occasional flag fall of a fast time control.
    static constexpr double kWarningShare = 0.03;

    // `games` games that ended with `termination` (faults are kept by kind).
    void add(Termination termination, std::int64_t games = 1);
    void add(const FaultTally& other);

    std::int64_t games() const { return games_; }
    std::int64_t faults() const;
    // "3 time forfeit, 1 crash" (in the order of Termination), "" without faults.
    std::string kinds() const;
    // "4 of 120 games (3.3 %: 3 time forfeit, 1 crash)"; "0 of 120 games (0.0 %)".
    std::string describe() const;
    bool above_warning_share() const;

  private:
    std::int64_t games_ = 0;
    std::map<Termination, std::int64_t> faults_;
};

}  // namespace lmr::core
