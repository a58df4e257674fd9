#include "harness/core/fault_tally.hpp"

#include <cstdio>

namespace lmr::core {

void FaultTally::add(Termination termination, std::int64_t games) {
    games_ += games;
    if (is_engine_fault(termination)) faults_[termination] += games;
}

void FaultTally::add(const FaultTally& other) {
    games_ += other.games_;
    for (const auto& [termination, count] : other.faults_) faults_[termination] += count;
}

std::int64_t FaultTally::faults() const {
    std::int64_t total = 0;
    for (const auto& [termination, count] : faults_) total += count;
    return total;
}

std::string FaultTally::kinds() const {
    std::string text;
    for (const auto& [termination, count] : faults_) {
        if (!text.empty()) text += ", ";
        text += std::to_string(count) + " " + std::string(termination_name(termination));
    }
    return text;
}

std::string FaultTally::describe() const {
    char share[16];
    std::snprintf(share, sizeof share, "%.1f",
                  games_ == 0 ? 0.0 : 100.0 * double(faults()) / double(games_));
    const std::string what = kinds();
    return std::to_string(faults()) + " of " + std::to_string(games_) + " games (" + share + " %" +
           (what.empty() ? "" : ": " + what) + ")";
}

bool FaultTally::above_warning_share() const {
    return double(faults()) > kWarningShare * double(games_);
}

}  // namespace lmr::core
