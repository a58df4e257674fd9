#pragma once

// The options an engine advertises in its `uci` reply, and checking configured values
// against them before anything is sent.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace lmr::uci_client {

struct EngineOption {
    enum class Type { kCheck, kSpin, kCombo, kButton, kString, kUnknown };
    std::string name;
    Type type = Type::kUnknown;
    std::string type_text;      // as advertised (kept for an unknown type)
    std::string default_value;  // as advertised, e.g. "<empty>" for some string options
    std::optional<long long> min;
    std::optional<long long> max;
    std::vector<std::string> vars;  // combo choices
};

// Parses "option name <name> type <type> [default <x>] [min <n>] [max <n>] [var <v>]…".
// Names and values may contain spaces (runs of blanks become one space). nullopt when the
// line is not an option line or lacks a name or a type.
std::optional<EngineOption> parse_option_line(std::string_view line);

// Finds an option by name, ignoring case (the UCI protocol says names are not case
// sensitive). nullptr when there is none.
const EngineOption* find_option(const std::vector<EngineOption>& options, std::string_view name);

// Empty when `value` is acceptable for the option, else the reason (e.g. "value 5000 is
// outside 1..1024"). Spin values must be whole numbers within min..max, check values
// true/false, combo values one of the vars (any case); strings and unknown types take anything.
std::string check_option_value(const EngineOption& option, std::string_view value);

// The `setoption` line. Buttons take no value; a combo value is sent in the engine's spelling.
std::string setoption_command(const EngineOption& option, std::string_view value);
// For an option the engine did not advertise (sent only when unknown options are tolerated).
std::string setoption_command(std::string_view name, std::string_view value);

}  // namespace lmr::uci_client
