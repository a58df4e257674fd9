#include "harness/match/game_record.hpp"

#include <array>
#include <utility>

namespace lmr::match {
namespace {

constexpr std::array<std::pair<Termination, std::string_view>, 12> kNames{{
    {Termination::kUnterminated, "unterminated"},
    {Termination::kMate, "mate"},
    {Termination::kStalemate, "stalemate"},
    {Termination::kRepetition, "repetition"},
    {Termination::kFiftyMove, "fifty-move"},
    {Termination::kMaterial, "material"},
    {Termination::kAdjudication, "adjudication"},
    {Termination::kMaxLength, "max length"},
    {Termination::kTimeForfeit, "time forfeit"},
    {Termination::kIllegalMove, "illegal move"},
    {Termination::kCrash, "crash"},
    {Termination::kStall, "stall"},
}};

}  // namespace

std::string_view termination_name(Termination t) {
    for (const auto& [term, name] : kNames)
        if (term == t) return name;
    return "unterminated";
}

std::optional<Termination> parse_termination(std::string_view name) {
    for (const auto& [term, text] : kNames)
        if (text == name) return term;
    return std::nullopt;
}

std::string_view pgn_termination(Termination t) {
    switch (t) {
        case Termination::kMate:
        case Termination::kStalemate:
        case Termination::kRepetition:
        case Termination::kFiftyMove:
        case Termination::kMaterial:
            return "normal";
        case Termination::kAdjudication:
        case Termination::kMaxLength:
            return "adjudication";
        case Termination::kTimeForfeit:
            return "time forfeit";
        case Termination::kIllegalMove:
            return "rules infraction";
        case Termination::kCrash:
        case Termination::kStall:
            return "abandoned";
        case Termination::kUnterminated:
            break;
    }
    return "unterminated";
}

bool is_engine_fault(Termination t) {
    return t == Termination::kTimeForfeit || t == Termination::kIllegalMove ||
           t == Termination::kCrash || t == Termination::kStall;
}

std::optional<chess::Color> GameRecord::loser() const {
    if (result == "1-0") return chess::kBlack;
    if (result == "0-1") return chess::kWhite;
    return std::nullopt;
}

}  // namespace lmr::match
