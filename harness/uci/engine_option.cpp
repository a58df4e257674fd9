#include "harness/uci/engine_option.hpp"

#include <charconv>

#include "engine/text/text.hpp"

namespace lmr::uci_client {
namespace {

void append_word(std::string& text, std::string_view word) {
    if (!text.empty()) text += ' ';
    text.append(word);
}

EngineOption::Type type_from_text(std::string_view text) {
    if (text::iequals(text, "check")) return EngineOption::Type::kCheck;
    if (text::iequals(text, "spin")) return EngineOption::Type::kSpin;
    if (text::iequals(text, "combo")) return EngineOption::Type::kCombo;
    if (text::iequals(text, "button")) return EngineOption::Type::kButton;
    if (text::iequals(text, "string")) return EngineOption::Type::kString;
    return EngineOption::Type::kUnknown;
}

std::optional<long long> parse_integer(std::string_view text) {
    if (!text.empty() && text.front() == '+') text.remove_prefix(1);
    long long value = 0;
    const char* end = text.data() + text.size();
    const auto [ptr, ec] = std::from_chars(text.data(), end, value);
    if (text.empty() || ec != std::errc() || ptr != end) return std::nullopt;
    return value;
}

}  // namespace

std::optional<EngineOption> parse_option_line(std::string_view line) {
    const std::vector<std::string_view> tokens = text::split_words(line);
    if (tokens.empty() || tokens.front() != "option") return std::nullopt;

    enum class Field { kNone, kName, kType, kDefault, kMin, kMax, kVar };
    Field field = Field::kNone;
    std::string name, type, default_value, min, max;
    bool seen_name = false, seen_type = false;
    std::vector<std::string> vars;
    for (std::size_t i = 1; i < tokens.size(); ++i) {
        const std::string_view token = tokens[i];
        // Keywords are recognised only where they can start a field, so a name such as
        // "Skill Level" or a string default with spaces stays whole.
        if (token == "name" && !seen_name) {
            field = Field::kName;
            seen_name = true;
            continue;
        }
        if (token == "type" && seen_name && !seen_type) {
            field = Field::kType;
            seen_type = true;
            continue;
        }
        if (seen_type &&
            (token == "default" || token == "min" || token == "max" || token == "var")) {
            field = token == "default" ? Field::kDefault
                    : token == "min"   ? Field::kMin
                    : token == "max"   ? Field::kMax
                                       : Field::kVar;
            if (field == Field::kVar) vars.emplace_back();
            continue;
        }
        switch (field) {
            case Field::kName:
                append_word(name, token);
                break;
            case Field::kType:
                append_word(type, token);
                break;
            case Field::kDefault:
                append_word(default_value, token);
                break;
            case Field::kMin:
                append_word(min, token);
                break;
            case Field::kMax:
                append_word(max, token);
                break;
            case Field::kVar:
                append_word(vars.back(), token);
                break;
            case Field::kNone:
                break;
        }
    }
    if (name.empty() || type.empty()) return std::nullopt;

    EngineOption option;
    option.name = std::move(name);
    option.type_text = type;
    option.type = type_from_text(type);
    option.default_value = std::move(default_value);
    option.min = parse_integer(min);
    option.max = parse_integer(max);
    for (std::string& var : vars) {
        if (!var.empty()) option.vars.push_back(std::move(var));
    }
    return option;
}

const EngineOption* find_option(const std::vector<EngineOption>& options, std::string_view name) {
    for (const EngineOption& option : options) {
        if (text::iequals(option.name, name)) return &option;
    }
    return nullptr;
}

std::string check_option_value(const EngineOption& option, std::string_view value) {
    switch (option.type) {
        case EngineOption::Type::kSpin: {
            const auto number = parse_integer(value);
            if (!number) return "value '" + std::string(value) + "' is not a whole number";
            if ((option.min && *number < *option.min) || (option.max && *number > *option.max)) {
                return "value " + std::to_string(*number) + " is outside " +
                       (option.min ? std::to_string(*option.min) : std::string("-inf")) + ".." +
                       (option.max ? std::to_string(*option.max) : std::string("inf"));
            }
            return {};
        }
        case EngineOption::Type::kCheck:
            if (text::iequals(value, "true") || text::iequals(value, "false")) return {};
            return "value '" + std::string(value) + "' is not true or false";
        case EngineOption::Type::kCombo: {
            if (option.vars.empty()) return {};
            std::string choices;
            for (const std::string& var : option.vars) {
                if (text::iequals(var, value)) return {};
                append_word(choices, var);
            }
            return "value '" + std::string(value) + "' is not one of: " + choices;
        }
        case EngineOption::Type::kButton:
        case EngineOption::Type::kString:
        case EngineOption::Type::kUnknown:
            return {};
    }
    return {};
}

std::string setoption_command(const EngineOption& option, std::string_view value) {
    if (option.type == EngineOption::Type::kButton) return "setoption name " + option.name;
    std::string sent(value);
    if (option.type == EngineOption::Type::kCheck) {
        sent = text::iequals(value, "true")    ? "true"
               : text::iequals(value, "false") ? "false"
                                               : sent;
    } else if (option.type == EngineOption::Type::kCombo) {
        for (const std::string& var : option.vars) {
            if (text::iequals(var, value)) sent = var;
        }
    }
    return "setoption name " + option.name + " value " + sent;
}

std::string setoption_command(std::string_view name, std::string_view value) {
    std::string command = "setoption name " + std::string(name);
    if (!value.empty()) command += " value " + std::string(value);
    return command;
}

}  // namespace lmr::uci_client
