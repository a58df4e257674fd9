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

using reduction::MoveContext;
using reduction::MoveContextField;

void apply_set(MoveContext& ctx, const std::string& assignment) {
    const std::size_t eq = assignment.find('=');
    if (eq == std::string::npos)
        throw ExplainError("--set " + assignment + ": expected FIELD=VALUE");
    const std::string_view name = std::string_view(assignment).substr(0, eq);
    const std::string_view value = std::string_view(assignment).substr(eq + 1);
    for (const MoveContextField& field : reduction::kMoveContextFields) {
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
    for (const MoveContextField& field : reduction::kMoveContextFields)
        names.emplace_back(field.name);
    throw ExplainError("--set " + assignment + ": unknown field '" + std::string(name) + "'" +
                       text::did_you_mean(name, names));
}

}  // namespace

std::string explain_reduction(const reduction::LmrConfig& config, const chess::Position& pos,
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

    const reduction::LmrPolicy policy(config);
    reduction::LmrStats stats;
    const int plies = policy.reduction(ctx, &stats);

    nlohmann::ordered_json out;
    nlohmann::ordered_json inputs = nlohmann::ordered_json::object();
    for (const MoveContextField& field : reduction::kMoveContextFields) {
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
    for (const reduction::RuleSpec& spec : reduction::rule_specs()) {
        const std::string name(spec.name);
        const bool fired = stats.count(spec.rule) > 0;
        const bool changed = stats.changes(spec.rule) > 0;
        switch (reduction::rule_kind(spec.rule)) {
            case reduction::RuleKind::kEligibility:
            case reduction::RuleKind::kGate:
            case reduction::RuleKind::kOnePlyGate:
                gates[name] = fired;
                if (fired && reduction::blocks_lmr(spec.rule)) blocked_by = name;
                break;
            case reduction::RuleKind::kStep:
            case reduction::RuleKind::kTerm:
            case reduction::RuleKind::kScaling: {
                const std::int64_t units = stats.contributed(spec.rule);
                nlohmann::ordered_json entry{
                    {"fired", fired}, {"units", units}, {"changed", changed}};
                auto& group =
                    reduction::rule_kind(spec.rule) == reduction::RuleKind::kStep ? steps : terms;
                group[name.substr(name.find('.') + 1)] = entry;
                r_units += units;
                break;
            }
            case reduction::RuleKind::kClamp:
                clamps[name] = fired;
                break;
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
