#include "harness/store/records.hpp"

#include <array>
#include <cstdio>
#include <ctime>
#include <utility>

namespace lmr::store {

namespace {

template <typename Enum, std::size_t N>
using Names = std::array<std::pair<Enum, std::string_view>, N>;

constexpr Names<RunKind, 4> kRunKinds{{
    {RunKind::kSprt, "sprt"},
    {RunKind::kMatch, "match"},
    {RunKind::kTournament, "tournament"},
    {RunKind::kTune, "tune"},
}};

constexpr Names<RunStatus, 5> kRunStatuses{{
    {RunStatus::kPlanned, "planned"},
    {RunStatus::kRunning, "running"},
    {RunStatus::kFinished, "finished"},
    {RunStatus::kInterrupted, "interrupted"},
    {RunStatus::kFailed, "failed"},
}};

constexpr Names<Verdict, 4> kVerdicts{{
    {Verdict::kNone, ""},
    {Verdict::kH0, "H0"},
    {Verdict::kH1, "H1"},
    {Verdict::kUndecided, "undecided"},
}};

constexpr Names<EngineRole, 3> kRoles{{
    {EngineRole::kBase, "base"},
    {EngineRole::kTest, "test"},
    {EngineRole::kParticipant, "participant"},
}};

constexpr Names<GameResult, 3> kResults{{
    {GameResult::kWhiteWins, "1-0"},
    {GameResult::kBlackWins, "0-1"},
    {GameResult::kDraw, "1/2-1/2"},
}};

// These strings are the CHECK list of games.termination in schema.cpp.
constexpr Names<Termination, 11> kTerminations{{
    {Termination::kMate, "mate"},
    {Termination::kStalemate, "stalemate"},
    {Termination::kRepetition, "repetition"},
    {Termination::kFiftyMove, "fifty-move"},
    {Termination::kMaterial, "material"},
    {Termination::kAdjudication, "adjudication"},
    {Termination::kTimeForfeit, "time forfeit"},
    {Termination::kIllegalMove, "illegal move"},
    {Termination::kCrash, "crash"},
    {Termination::kStall, "stall"},
    {Termination::kMaxLength, "max length"},
}};

constexpr Names<PairBin, 6> kBins{{
    {PairBin::kLL, "LL"},
    {PairBin::kLD, "LD"},
    {PairBin::kWL, "WL"},
    {PairBin::kDD, "DD"},
    {PairBin::kWD, "WD"},
    {PairBin::kWW, "WW"},
}};

template <typename Enum, std::size_t N>
std::string_view name_of(const Names<Enum, N>& names, Enum value) {
    for (const auto& [v, name] : names) {
        if (v == value) return name;
    }
    return "?";
}

template <typename Enum, std::size_t N>
std::optional<Enum> value_of(const Names<Enum, N>& names, std::string_view text) {
    for (const auto& [v, name] : names) {
        if (name == text) return v;
    }
    return std::nullopt;
}

}  // namespace

std::string_view to_string(RunKind v) {
    return name_of(kRunKinds, v);
}
std::string_view to_string(RunStatus v) {
    return name_of(kRunStatuses, v);
}
std::string_view to_string(Verdict v) {
    return name_of(kVerdicts, v);
}
std::string_view to_string(EngineRole v) {
    return name_of(kRoles, v);
}
std::string_view to_string(GameResult v) {
    return name_of(kResults, v);
}
std::string_view to_string(Termination v) {
    return name_of(kTerminations, v);
}
std::string_view to_string(PairBin v) {
    return name_of(kBins, v);
}

std::optional<RunKind> parse_run_kind(std::string_view s) {
    return value_of(kRunKinds, s);
}
std::optional<RunStatus> parse_run_status(std::string_view s) {
    return value_of(kRunStatuses, s);
}
std::optional<Verdict> parse_verdict(std::string_view s) {
    return value_of(kVerdicts, s);
}
std::optional<EngineRole> parse_engine_role(std::string_view s) {
    return value_of(kRoles, s);
}
std::optional<GameResult> parse_game_result(std::string_view s) {
    return value_of(kResults, s);
}
std::optional<Termination> parse_termination(std::string_view s) {
    return value_of(kTerminations, s);
}

void add(PentanomialCounts& counts, PairBin bin) {
    switch (bin) {
        case PairBin::kLL:
            ++counts.ll;
            break;
        case PairBin::kLD:
            ++counts.ld;
            break;
        case PairBin::kWL:
            ++counts.wl;
            break;
        case PairBin::kDD:
            ++counts.dd;
            break;
        case PairBin::kWD:
            ++counts.wd;
            break;
        case PairBin::kWW:
            ++counts.ww;
            break;
    }
}

std::string format_timestamp(std::chrono::system_clock::time_point when) {
    using namespace std::chrono;
    const auto ms = duration_cast<milliseconds>(when.time_since_epoch()).count();
    auto seconds = static_cast<std::time_t>(ms / 1000);
    long millis = static_cast<long>(ms % 1000);
    if (millis < 0) {  // before 1970: keep the fraction positive
        millis += 1000;
        --seconds;
    }
    std::tm tm{};
    gmtime_r(&seconds, &tm);
    char buffer[40];
    std::strftime(buffer, sizeof buffer, "%Y-%m-%dT%H:%M:%S", &tm);
    char out[48];
    std::snprintf(out, sizeof out, "%s.%03ldZ", buffer, millis);
    return out;
}

std::string now_timestamp() {
    return format_timestamp(std::chrono::system_clock::now());
}

}  // namespace lmr::store
