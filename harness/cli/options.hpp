#pragma once
// Helpers every sub-command uses to read its command line with Boost.Program_options and to
// turn flag values into numbers with errors that name the flag and the value.

#include <boost/program_options.hpp>
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <initializer_list>
#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "harness/cli/command.hpp"
#include "harness/core/output_path.hpp"

namespace lmr::cli {

namespace po = boost::program_options;

// Adds --help/-h to `options`, parses context.args (with `positional` if given) into `values`.
// Returns false when --help was asked for: the usage text has then been written to
// context.out and the command should return kExitOk. Parse errors throw UsageError, and so does
// a word that is neither a flag nor the value of one (`stats --wdl 46,122,32 garbage`), which
// Boost.Program_options would drop without a word. A single-valued flag given twice is an error.
// `usage` is the text after "Usage: lmr-harness <command> ", e.g. "[options]".
bool parse_command_line(CommandContext& context, po::options_description& options,
                        po::variables_map& values, std::string_view usage,
                        std::string_view description,
                        const po::positional_options_description* positional = nullptr);

// The context of a sub-sub-command ("tune show", "openings generate"): context.args[0] joins
// the command's name and is dropped from the arguments. context.args must not be empty. The
// parent's name is extended too, so that the dispatcher's error messages ("Run 'lmr-harness
// tune show --help'") name the sub-command the user typed.
CommandContext nested_context(CommandContext& context);

// The value of a flag made of key=value settings (--draw, --resign, --tc): one comma list
// (`--draw movecount=3,score=600`) or cutechess-cli's separate words (`--draw movenumber=20
// movecount=4 score=5`); the words are joined with `separator` into one string, so both
// spellings give the same value. The flag given twice is an error, as for every single value.
po::typed_value<std::string>* key_value_words(char separator = ',');

// The settings of such a value ("key=value,key=value"), in order. Every item must be key=value
// with one of `keys`, and no key may come twice; throws UsageError naming the flag and the item.
std::vector<std::pair<std::string, std::string>> parse_key_values(
    std::string_view flag, std::string_view text, std::initializer_list<std::string_view> keys);

// A KEY=VALUE word split at its first '=': nullopt when it has none or the key is empty. Every
// reader of settings (--option, --engine, --draw, fastchess's KEY=VALUE words) splits with it.
std::optional<std::pair<std::string, std::string>> split_setting(std::string_view word);

// Value parsers; each throws UsageError("--flag 'text': what is wrong").
double parse_double(std::string_view flag, std::string_view text);       // finite
double parse_probability(std::string_view flag, std::string_view text);  // in (0, 1)
long parse_count(std::string_view flag, std::string_view text);          // integer >= 0
// --option NAME=VALUE (repeatable; several words after one --option too): the UCI options in
// order. UsageError on a word without NAME= and on a name given twice (UCI names are
// case-insensitive: which of two values was meant is anybody's guess).
std::vector<std::pair<std::string, std::string>> uci_option_flags(const po::variables_map& values);
// --db FILE (default: the default database) and --run N (required): the flags of every command
// that reads or goes on with one stored run (pgn, resume, tune resume/export/show).
void add_stored_run_options(po::options_description& options);

// The run id of --run N (report, pgn, resume, tune resume/export/show): a count of at least 1.
std::int64_t parse_run_id(const po::variables_map& values);
bool parse_on_off(std::string_view flag, std::string_view text);                   // on / off
std::vector<long> parse_count_list(std::string_view flag, std::string_view text);  // "1,2,3"

// A count flag (see parse_count) that must not exceed `max`; `name` without the dashes.
int int_flag(const po::variables_map& values, const char* name, long max);

// The text of a flag given at most once; nullopt when it was not given. `name` without dashes.
std::optional<std::string> named(const po::variables_map& values, const char* name);

// The message format of those errors, for checks a command makes itself.
UsageError flag_error(std::string_view flag, std::string_view text, std::string_view problem);

// Refuses (InputError "FLAG 'path' is …") an output path core::output_path_problem refuses.
void check_output_path(std::string_view flag, const std::filesystem::path& out,
                       const std::vector<core::ReadFile>& inputs);

// "12.3 s", for progress lines and summaries.
std::string seconds_text(std::chrono::steady_clock::duration duration);

// A progress callback for a long loop of searches, timed from its creation: every 5 % and at
// the end it writes "  <verb> done/total<unit> in 12.3 s, about 45.6 s to go" to `out`.
std::function<void(std::size_t done, std::size_t total)> progress_printer(std::ostream& out,
                                                                          std::string verb,
                                                                          std::string unit);

}  // namespace lmr::cli
