#include "harness/store/records.hpp"

#include <cstdio>
#include <ctime>

#include "harness/core/enum_names.hpp"

namespace lmr::store {

namespace {

constexpr core::EnumNames<RunKind, 4> kRunKinds{{
    {RunKind::kSprt, "sprt"},
    {RunKind::kMatch, "match"},
    {RunKind::kTournament, "tournament"},
    {RunKind::kTune, "tune"},
}};

constexpr core::EnumNames<RunStatus, 5> kRunStatuses{{
    {RunStatus::kPlanned, "planned"},
    {RunStatus::kRunning, "running"},
    {RunStatus::kFinished, "finished"},
    {RunStatus::kInterrupted, "interrupted"},
    {RunStatus::kFailed, "failed"},
}};

constexpr core::EnumNames<stats::Verdict, 3> kVerdicts{{
    {stats::Verdict::kAcceptH0, "H0"},
    {stats::Verdict::kAcceptH1, "H1"},
    {stats::Verdict::kContinue, "undecided"},
}};

constexpr core::EnumNames<EngineRole, 3> kRoles{{
    {EngineRole::kBase, "base"},
    {EngineRole::kTest, "test"},
    {EngineRole::kParticipant, "participant"},
}};

constexpr core::EnumNames<PairBin, 6> kBins{{
    {PairBin::kLL, "LL"},
    {PairBin::kLD, "LD"},
    {PairBin::kWL, "WL"},
    {PairBin::kDD, "DD"},
    {PairBin::kWD, "WD"},
    {PairBin::kWW, "WW"},
}};

}  // namespace

std::string_view to_string(RunKind v) {
    return core::name_of(kRunKinds, v);
}
std::string_view to_string(RunStatus v) {
    return core::name_of(kRunStatuses, v);
}
std::string_view run_verdict_name(const std::optional<stats::Verdict>& verdict) {
    return verdict ? core::name_of(kVerdicts, *verdict) : std::string_view();
}
std::string_view to_string(EngineRole v) {
    return core::name_of(kRoles, v);
}
std::string_view to_string(PairBin v) {
    return core::name_of(kBins, v);
}

std::optional<RunKind> parse_run_kind(std::string_view s) {
    return core::value_of(kRunKinds, s);
}
std::optional<RunStatus> parse_run_status(std::string_view s) {
    return core::value_of(kRunStatuses, s);
}
std::optional<stats::Verdict> parse_run_verdict(std::string_view s) {
    return core::value_of(kVerdicts, s);
}
std::optional<EngineRole> parse_engine_role(std::string_view s) {
    return core::value_of(kRoles, s);
}

void add(stats::Pentanomial& counts, PairBin bin) {
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
