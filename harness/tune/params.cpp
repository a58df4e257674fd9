#include "harness/tune/params.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <fstream>
#include <map>
#include <optional>
#include <sstream>

#include "engine/text/text.hpp"

namespace lmr::tune {
namespace {

// The comma-separated fields of a parameter, trimmed: "NAME, int, 10, 0, 20, 2, 0.002".
std::vector<std::string_view> split_fields(std::string_view line) {
    std::vector<std::string_view> fields = text::split(line, ',');
    for (std::string_view& field : fields) field = text::trim(field);
    return fields;
}

std::optional<double> parse_number(std::string_view text) {
    const std::string_view digits = !text.empty() && text.front() == '+' ? text.substr(1) : text;
    double value = 0;
    const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
    if (digits.empty() || ec != std::errc() || end != digits.data() + digits.size() ||
        !std::isfinite(value))
        return std::nullopt;
    return value;
}

// One parameter from its fields; `where` prefixes every message ("--param 'x'" or "f.txt:3").
// `with_type`: the fields include TYPE after NAME.
SpsaParam parse_fields(const std::vector<std::string_view>& fields, bool with_type,
                       const std::string& where) {
    static const char* const kNames[] = {"NAME", "TYPE", "START", "MIN", "MAX", "C_END", "R_END"};
    const auto fail = [&](const std::string& what) -> ParamError {
        return ParamError(where + ": " + what);
    };
    const auto field_name = [&](std::size_t index) {
        // Without TYPE the fields after NAME shift left by one.
        return std::string(kNames[with_type || index == 0 ? index : index + 1]);
    };
    SpsaParam param;
    param.source = where;
    param.name = std::string(fields.at(0));
    if (param.name.empty()) throw fail("field 1 (NAME) is empty");
    std::size_t next = 1;
    if (with_type) {
        const std::string type = text::lower(fields.at(1));
        if (type == "int") {
            param.is_integer = true;
        } else if (type == "float") {
            param.is_integer = false;
        } else {
            throw fail("field 2 (TYPE) '" + std::string(fields.at(1)) + "' is not int or float");
        }
        next = 2;
    }
    double* targets[] = {&param.start, &param.min, &param.max, &param.c_end, &param.r_end};
    for (double* target : targets) {
        const std::string_view text = fields.at(next);
        const auto value = parse_number(text);
        if (!value)
            throw fail("field " + std::to_string(next + 1) + " (" + field_name(next) + ") '" +
                       std::string(text) + "' is not a number");
        *target = *value;
        ++next;
    }
    const auto show = [](double v) {
        std::ostringstream out;
        out << v;
        return out.str();
    };
    if (param.min > param.max)
        throw fail("MIN " + show(param.min) + " is above MAX " + show(param.max));
    if (param.min == param.max)
        throw fail("MIN and MAX are both " + show(param.min) + ": nothing to tune");
    if (param.is_integer &&
        (param.min != std::floor(param.min) || param.max != std::floor(param.max)))
        throw fail("an int parameter needs whole MIN and MAX (got " + show(param.min) + ", " +
                   show(param.max) + ")");
    if (param.is_integer && param.start != std::floor(param.start))
        throw fail("an int parameter needs a whole START (got " + show(param.start) +
                   "): declare it float or round it");
    if (param.start < param.min || param.start > param.max)
        throw fail("START " + show(param.start) + " is outside [" + show(param.min) + ", " +
                   show(param.max) + "]");
    if (!(param.c_end > 0)) throw fail("C_END must be above 0 (got " + show(param.c_end) + ")");
    if (!(param.r_end > 0)) throw fail("R_END must be above 0 (got " + show(param.r_end) + ")");
    return param;
}

std::string show_range(const uci_client::EngineOption& option) {
    return "[" + (option.min ? std::to_string(*option.min) : std::string("?")) + ", " +
           (option.max ? std::to_string(*option.max) : std::string("?")) + "]";
}

}  // namespace

SpsaParam parse_param_flag(std::string_view text) {
    const std::string where = "--param '" + std::string(text) + "'";
    const auto fields = split_fields(text);
    if (fields.size() != 6 && fields.size() != 7)
        throw ParamError(where +
                         ": expected NAME,START,MIN,MAX,C_END,R_END (or with TYPE after "
                         "NAME), got " +
                         std::to_string(fields.size()) + " field" +
                         (fields.size() == 1 ? "" : "s"));
    return parse_fields(fields, fields.size() == 7, where);
}

std::vector<SpsaParam> parse_params_text(std::string_view text, const std::string& source) {
    // A UTF-8 byte order mark, which some editors put first, is no part of the first name.
    constexpr std::string_view kByteOrderMark = "\xEF\xBB\xBF";
    if (text.substr(0, kByteOrderMark.size()) == kByteOrderMark)
        text.remove_prefix(kByteOrderMark.size());
    std::vector<SpsaParam> params;
    std::size_t line_number = 0;
    for (const std::string_view raw_line : text::split(text, '\n')) {
        const std::string_view line = text::trim(raw_line);
        ++line_number;
        if (line.empty() || line.front() == '#') continue;
        const std::string where = source + ":" + std::to_string(line_number);
        const auto fields = split_fields(line);
        if (fields.size() != 7)
            throw ParamError(where +
                             ": expected 7 fields NAME, TYPE, START, MIN, MAX, C_END, "
                             "R_END, got " +
                             std::to_string(fields.size()));
        params.push_back(parse_fields(fields, true, where));
    }
    if (params.empty()) throw ParamError(source + ": no parameters in the file");
    return params;
}

std::vector<SpsaParam> read_params_file(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw ParamError(path.string() + ": cannot read the parameters file");
    std::ostringstream text;
    text << in.rdbuf();
    return parse_params_text(text.str(), path.string());
}

void check_param_list(const std::vector<SpsaParam>& params) {
    if (params.empty()) throw ParamError("no parameters to tune: give --param or --params-file");
    std::map<std::string, const SpsaParam*> first;
    for (const SpsaParam& p : params) {
        const auto [it, fresh] = first.emplace(text::lower(p.name), &p);
        if (!fresh)
            throw ParamError(p.source + ": parameter '" + p.name + "' is given twice (first at " +
                             it->second->source + ")");
    }
}

std::vector<std::string> check_against_engine(
    const std::vector<SpsaParam>& params, const std::vector<uci_client::EngineOption>& options) {
    using Type = uci_client::EngineOption::Type;
    std::vector<std::string> names;
    for (const auto& option : options)
        if (option.type == Type::kSpin || option.type == Type::kString)
            names.push_back(option.name);
    std::vector<std::string> problems;
    for (const SpsaParam& p : params) {
        const auto* option = uci_client::find_option(options, p.name);
        if (option == nullptr) {
            std::string message =
                p.source + ": unknown parameter '" + p.name + "': the engine has no such option";
            const auto near = nearest_names(p.name, names);
            if (!near.empty()) {
                message += " (did you mean ";
                for (std::size_t i = 0; i < near.size(); ++i)
                    message +=
                        (i == 0 ? "'" : (i + 1 == near.size() ? " or '" : ", '")) + near[i] + "'";
                message += "?)";
            }
            problems.push_back(message);
            continue;
        }
        if (p.is_integer) {
            if (option->type != Type::kSpin) {
                problems.push_back(p.source + ": parameter '" + p.name +
                                   "': the engine's option is of type " + option->type_text +
                                   ", not spin; SPSA tunes numbers");
                continue;
            }
            const bool below = option->min && p.min < static_cast<double>(*option->min);
            const bool above = option->max && p.max > static_cast<double>(*option->max);
            if (below || above) {
                std::ostringstream range;
                range << "[" << p.min << ", " << p.max << "]";
                problems.push_back(p.source + ": parameter '" + p.name + "': range " + range.str() +
                                   " goes beyond the engine's " + show_range(*option));
            }
        } else if (option->type != Type::kString) {
            problems.push_back(p.source + ": parameter '" + p.name +
                               "' is float but the engine's option is of type " +
                               option->type_text +
                               (option->type == Type::kSpin ? ", which takes whole numbers only: "
                                                              "declare it int"
                                                            : ""));
        }
    }
    return problems;
}

std::vector<std::string> param_warnings(const std::vector<SpsaParam>& params) {
    std::vector<std::string> warnings;
    for (const SpsaParam& p : params) {
        if (p.is_integer && p.c_end < 0.5) {
            std::ostringstream text;
            text << "parameter '" << p.name << "': C_END " << p.c_end
                 << " is below 0.5, so near the end θ+ and θ− are often sent as the same whole "
                    "number and those games carry no signal";
            warnings.push_back(text.str());
        }
        if (2 * p.c_end > p.max - p.min) {
            std::ostringstream text;
            text << "parameter '" << p.name << "': C_END " << p.c_end
                 << " is large for its range; θ± will often be clamped at MIN or MAX";
            warnings.push_back(text.str());
        }
    }
    return warnings;
}

std::vector<std::string> nearest_names(std::string_view name,
                                       const std::vector<std::string>& candidates,
                                       std::size_t limit) {
    // Case does not count: UCI option names are not case sensitive.
    const std::string lowered = text::lower(name);
    std::vector<std::pair<std::size_t, std::string>> scored;
    for (const auto& candidate : candidates)
        scored.emplace_back(text::edit_distance(lowered, text::lower(candidate)), candidate);
    std::stable_sort(scored.begin(), scored.end(),
                     [](const auto& a, const auto& b) { return a.first < b.first; });
    // Suggestions far from the name mislead more than they help.
    const std::size_t max_distance = std::max<std::size_t>(3, name.size() / 3);
    std::vector<std::string> out;
    for (const auto& [distance, candidate] : scored) {
        if (out.size() == limit || distance > max_distance) break;
        out.push_back(candidate);
    }
    return out;
}

}  // namespace lmr::tune
