#include "engine/search/explain.hpp"

#include <charconv>
#include <nlohmann/json.hpp>
#include <string_view>
#include <variant>

#include "engine/lmr/fields.hpp"
#include "engine/lmr/policy.hpp"
#include "engine/lmr/stats.hpp"
#include "engine/search/search.hpp"
#include "engine/text/text.hpp"

namespace lmr::search {
namespace {

using lmr::MoveContext;
using Member = std::variant<int MoveContext::*, bool MoveContext::*>;

struct InputField {
    std::string_view name;
    Member member;
};

// Every MoveContext field, in declaration order: printed as "inputs" and settable by --set.
constexpr InputField kInputs[] = {
    {"depth", &MoveContext::depth},
    {"ply", &MoveContext::ply},
    {"move_number", &MoveContext::move_number},
    {"is_root", &MoveContext::is_root},
    {"is_pv", &MoveContext::is_pv},
    {"cut_node", &MoveContext::cut_node},
    {"tt_move_is_capture", &MoveContext::tt_move_is_capture},
    {"in_check", &MoveContext::in_check},
    {"improving", &MoveContext::improving},
    {"root_iteration", &MoveContext::root_iteration},
    {"root_best", &MoveContext::root_best},
    {"is_tt_move", &MoveContext::is_tt_move},
    {"is_capture", &MoveContext::is_capture},
    {"see_ge0", &MoveContext::see_ge0},
    {"is_promotion", &MoveContext::is_promotion},
    {"is_queen_promotion", &MoveContext::is_queen_promotion},
    {"pawn_to_advanced_rank", &MoveContext::pawn_to_advanced_rank},
    {"gives_check", &MoveContext::gives_check},
    {"is_killer1", &MoveContext::is_killer1},
    {"is_killer2", &MoveContext::is_killer2},
    {"is_castling", &MoveContext::is_castling},
    {"rebel_history", &MoveContext::rebel_history},
    {"history", &MoveContext::history},
    {"butterfly_history", &MoveContext::butterfly_history},
    {"ordering_score", &MoveContext::ordering_score},
    {"static_eval", &MoveContext::static_eval},
    {"alpha", &MoveContext::alpha},
    {"beta", &MoveContext::beta},
    {"eval_minus_material", &MoveContext::eval_minus_material},
    {"passed_pawn_delta", &MoveContext::passed_pawn_delta},
    {"king_safety_delta", &MoveContext::king_safety_delta},
    {"eval_change", &MoveContext::eval_change},
    {"pst_delta", &MoveContext::pst_delta},
    {"creates_threat", &MoveContext::creates_threat},
    {"escapes_threat", &MoveContext::escapes_threat},
};

void apply_set(MoveContext& ctx, const std::string& assignment) {
    const std::size_t eq = assignment.find('=');
    if (eq == std::string::npos)
        throw ExplainError("--set " + assignment + ": expected FIELD=VALUE");
    const std::string_view name = std::string_view(assignment).substr(0, eq);
    const std::string_view value = std::string_view(assignment).substr(eq + 1);
    for (const InputField& field : kInputs) {
        if (field.name != name) continue;
        if (const auto* flag = std::get_if<bool MoveContext::*>(&field.member)) {
            if (value != "true" && value != "false")
                throw ExplainError("--set " + assignment + ": " + std::string(name) +
                                   " takes true or false");
            ctx.*(*flag) = value == "true";
        } else {
            int number = 0;
            const auto [end, ec] =
                std::from_chars(value.data(), value.data() + value.size(), number);
            if (ec != std::errc() || end != value.data() + value.size())
                throw ExplainError("--set " + assignment + ": " + std::string(name) +
                                   " takes an integer");
            ctx.*std::get<int MoveContext::*>(field.member) = number;
        }
        return;
    }
    std::vector<std::string> names;
    for (const InputField& field : kInputs) names.emplace_back(field.name);
    throw ExplainError("--set " + assignment + ": unknown field '" + std::string(name) + "'" +
                       text::did_you_mean(name, names));
}

bool in_range(lmr::Rule rule, lmr::Rule first, lmr::Rule last) {
    return rule >= first && rule <= last;
}

}  // namespace

std::string explain_reduction(const lmr::LmrConfig& config, const chess::Position& pos,
                              chess::Move move, const ExplainRequest& request) {
    if (request.depth < 1 || request.depth > 63) throw ExplainError("--depth must be 1..63");
    if (request.ply < 0 || request.ply >= kMaxPly - 8) throw ExplainError("--ply out of range");
    if (request.move_number < 1 || request.move_number > 255)
        throw ExplainError("--move-number must be 1..255");

    Searcher searcher;
    searcher.set_config(config);
    MoveContext ctx =
        searcher.explain_context(pos, move, request.depth, request.ply, request.move_number,
                                 request.pv, request.alpha, request.beta);
    for (const std::string& assignment : request.sets) apply_set(ctx, assignment);

    const lmr::LmrPolicy policy(config);
    lmr::LmrStats stats;
    const int plies = policy.reduction(ctx, &stats);

    nlohmann::ordered_json out;
    nlohmann::ordered_json inputs = nlohmann::ordered_json::object();
    for (const InputField& field : kInputs) {
        if (const auto* flag = std::get_if<bool MoveContext::*>(&field.member))
            inputs[std::string(field.name)] = ctx.*(*flag);
        else
            inputs[std::string(field.name)] = ctx.*std::get<int MoveContext::*>(field.member);
    }
    out["inputs"] = inputs;

    nlohmann::ordered_json gates = nlohmann::ordered_json::object();
    nlohmann::ordered_json steps = nlohmann::ordered_json::object();
    nlohmann::ordered_json terms = nlohmann::ordered_json::object();
    nlohmann::ordered_json clamps = nlohmann::ordered_json::object();
    nlohmann::ordered_json blocked_by = nullptr;
    std::int64_t r_units = 0;
    for (int i = 0; i < lmr::kRuleCount; ++i) {
        const auto rule = static_cast<lmr::Rule>(i);
        const std::string name(lmr::rule_name(rule));
        const bool fired = stats.count(rule) > 0;
        const bool changed = stats.changes(rule) > 0;
        if (in_range(rule, lmr::Rule::kDisabled, lmr::Rule::kGateCheckBadOnePly)) {
            gates[name] = fired;
            if (fired && rule < lmr::Rule::kGateBadCaptureOnePly) blocked_by = name;
        } else if (in_range(rule, lmr::Rule::kStepTable, lmr::Rule::kTermPvScale)) {
            const std::int64_t units = stats.contributed(rule);
            nlohmann::ordered_json entry{{"fired", fired}, {"units", units}, {"changed", changed}};
            if (rule <= lmr::Rule::kStepPstGain)
                steps[name.substr(name.find('.') + 1)] = entry;
            else
                terms[name.substr(name.find('.') + 1)] = entry;
            r_units += units;
        } else {
            clamps[name] = fired;
        }
    }
    out["gates"] = gates;
    out["blocked_by"] = blocked_by;
    out["steps"] = steps;
    out["terms"] = terms;
    out["clamps"] = clamps;
    out["r_units"] = r_units;
    out["scale"] = config.lmr.scale;
    out["percentage"] = config.lmr.percentage;
    out["plies"] = plies;
    return out.dump(2) + "\n";
}

}  // namespace lmr::search
