#include "harness/core/outcome.hpp"

#include "harness/core/enum_names.hpp"

namespace lmr::core {
namespace {

constexpr EnumNames<GameResult, 3> kResults{{
    {GameResult::kWhiteWins, "1-0"},
    {GameResult::kBlackWins, "0-1"},
    {GameResult::kDraw, "1/2-1/2"},
}};

constexpr EnumNames<Termination, 12> kTerminations{{
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

std::string_view result_name(GameResult result) {
    return name_of(kResults, result);
}

std::optional<GameResult> parse_result(std::string_view text) {
    return value_of(kResults, text);
}

std::string_view result_token(std::optional<GameResult> result) {
    return result ? result_name(*result) : "*";
}

std::string_view termination_name(Termination termination) {
    return name_of(kTerminations, termination);
}

std::optional<Termination> parse_termination(std::string_view name) {
    return value_of(kTerminations, name);
}

std::string_view pgn_termination(Termination termination) {
    switch (termination) {
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

bool is_engine_fault(Termination termination) {
    return termination == Termination::kTimeForfeit || termination == Termination::kIllegalMove ||
           termination == Termination::kCrash || termination == Termination::kStall;
}

}  // namespace lmr::core
