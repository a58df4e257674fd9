#pragma once

// The parameters of a tune as users write them, and their checks before any game.
//
// On the command line (repeatable):
//   --param NAME,START,MIN,MAX,C_END,R_END          an integer parameter
//   --param NAME,TYPE,START,MIN,MAX,C_END,R_END     TYPE is int or float
// In a file (--params-file), the OpenBench form, one parameter per line:
//   NAME, TYPE, START, MIN, MAX, C_END, R_END
//   e.g.  lmr.steps.history.weight, int, 10, 0, 40, 2, 0.002
// Fields are separated by commas; spaces around a field are ignored; blank lines and lines
// whose first non-blank character is '#' are skipped. TYPE is `int` or `float` (any case).
// Numbers are decimal (a leading '+' is allowed; OpenBench writes "10.0" for ints, accepted).
//
// Rules: every number finite; MIN < MAX (an int's MIN and MAX whole numbers); START within
// [MIN, MAX]; C_END > 0 and R_END > 0; a name at most once. After the engine's `uci` reply:
// every NAME is one of its options (else the nearest names are suggested), an int parameter's
// option is a spin whose range holds [MIN, MAX], a float's a string option (a spin only takes
// whole numbers). lmr-engine's tunable options are all spins, so its parameters are int.

#include <filesystem>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "harness/tune/spsa.hpp"
#include "harness/uci/engine_option.hpp"

namespace lmr::tune {

// what() names the flag or file:line and the field, e.g.
// "params.txt:3: field 4 (MIN) 'x' is not a number".
class ParamError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

SpsaParam parse_param_flag(std::string_view text);  // the --param value
// `source` names the text in messages (the file name).
std::vector<SpsaParam> parse_params_text(std::string_view text, const std::string& source);
std::vector<SpsaParam> read_params_file(const std::filesystem::path& path);

// Throws ParamError for a name given twice or an empty list.
void check_param_list(const std::vector<SpsaParam>& params);

// Problems of the parameters against the engine's advertised options; empty when all fit.
std::vector<std::string> check_against_engine(const std::vector<SpsaParam>& params,
                                              const std::vector<uci_client::EngineOption>& options);

// Advice that is not an error: e.g. an int whose C_END is below 0.5, so θ+ and θ− are often
// sent as the same whole number.
std::vector<std::string> param_warnings(const std::vector<SpsaParam>& params);

// Up to `limit` candidates closest to `name` (edit distance, case-insensitive), best first.
std::vector<std::string> nearest_names(std::string_view name,
                                       const std::vector<std::string>& candidates,
                                       std::size_t limit = 3);

}  // namespace lmr::tune
