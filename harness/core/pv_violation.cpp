#include "harness/core/pv_violation.hpp"

#include <numeric>

namespace lmr::core {
namespace {

struct KindText {
    std::string_view name;
    std::string_view warning;
};

// In the order of the enum. The warnings are fastchess's own words, so a log line of either tool
// can be matched with the same pattern.
constexpr std::array<KindText, kPvViolationKinds> kTexts{{
    {"illegal-move", "Illegal PV move"},
    {"after-checkmate", "PV continues after checkmate"},
    {"after-stalemate", "PV continues after stalemate"},
    {"after-repetition", "PV continues after threefold repetition"},
    {"after-fifty-move", "PV continues after fifty-move rule"},
    {"mate-short", "Incomplete mating PV"},
    {"mate-long", "Too long mating PV"},
    {"mate-not-mate", "Mating PV does not end with checkmate"},
    {"bestmove-not-pv", "Bestmove does not match beginning of last PV"},
}};

}  // namespace

std::string_view pv_violation_name(PvViolation kind) {
    return kTexts[static_cast<int>(kind)].name;
}

std::optional<PvViolation> parse_pv_violation(std::string_view name) {
    for (PvViolation kind : kPvViolations)
        if (pv_violation_name(kind) == name) return kind;
    return std::nullopt;
}

std::string_view fastchess_warning(PvViolation kind) {
    return kTexts[static_cast<int>(kind)].warning;
}

int PvTally::violations() const {
    return std::accumulate(counts.begin(), counts.end(), 0);
}

}  // namespace lmr::core
