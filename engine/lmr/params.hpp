// The tunable-parameter registry: every bool and integer field of LmrConfig under its JSON
// path ("lmr.steps.history.weight"). Generated from the same field table that parses and
// validates the JSON and writes the schema, so a UCI option, an SPSA parameter and a JSON
// key always name the same thing. Lists appear as "<path>.count" and "<path>.<i>".
// File-only keys (strings, enums such as lmr.research, the explicit table) are not listed.
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/lmr/config.hpp"

namespace lmr::reduction {

struct ParamSpec {
    std::string name;  // "lmr.steps.history.weight"
    enum Kind { kSpin, kCheck } kind;
    int min, max;
    std::function<int(const LmrConfig&)> get;
    std::function<void(LmrConfig&, int)> set;  // no range check; see set_param()
    int default_value = 0;                     // value in default_config()
    std::string description;
};

const std::vector<ParamSpec>& tunable_params();
const ParamSpec* find_param(std::string_view name);
// Range-checked set; throws ConfigError naming the parameter (and suggesting the nearest
// name when it is unknown).
void set_param(LmrConfig& config, std::string_view name, int value);

}  // namespace lmr::reduction
