#include "harness/cli/options.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <fstream>
#include <iomanip>
#include <optional>
#include <ostream>
#include <sstream>
#include <stdexcept>
#include <string>

#include "engine/text/text.hpp"
#include "harness/store/store.hpp"

namespace lmr::cli {
namespace {

// "unrecognised option '--concurency' (did you mean '--concurrency'?)".
std::string unknown_flag_message(const std::string& flag, const po::options_description& options) {
    std::vector<std::string> flags;
    for (const auto& option : options.options()) flags.push_back("--" + option->long_name());
    return "unrecognised option '" + flag + "'" + text::did_you_mean(flag, flags);
}

// Boost.Program_options takes the word after a flag that needs a value as that value even
// when the word is another flag: `--db --pairs 1` would name the database "--pairs" (it checks
// the word against the option names with its dashes still on, so it never matches). A value
// that starts with "--" is refused here, for every flag, unless it was attached with '='
// (`--db=--pairs`), which says it is meant. A single dash stays a value (`--elo0 -2`).
void refuse_flag_like_values(const std::vector<std::string>& args,
                             const po::options_description& options) {
    for (std::size_t i = 0; i + 1 < args.size(); ++i) {
        const std::string& word = args[i];
        if (word == "--") return;  // the words after "--" are positional
        if (word.size() < 3 || word.rfind("--", 0) != 0 || word.find('=') != std::string::npos)
            continue;
        const po::option_description* option = nullptr;
        try {
            option = options.find_nothrow(word.substr(2), /*approx=*/false);
        } catch (const po::error&) {
            continue;  // the parser reports it
        }
        if (option == nullptr || option->semantic()->max_tokens() == 0) continue;
        const std::string& value = args[i + 1];
        if (value.rfind("--", 0) == 0) {
            const std::string flag = "--" + option->long_name();
            throw flag_error(flag, value,
                             "is a flag, not a value: give " + flag + " a value, or write " + flag +
                                 "=" + value + " if that is it");
        }
        ++i;  // the value is not a flag itself
    }
}

// An empty value is never meant (`--db ""` would make SQLite use a temporary database that is
// deleted on exit): refused for every flag given on the command line.
void refuse_empty_values(const po::variables_map& values, const po::options_description& options) {
    for (const auto& [name, value] : values) {
        if (value.empty() || value.defaulted()) continue;
        // A switch (`--json`) takes no value; Boost stores it as an empty string.
        const auto* option = options.find_nothrow(name, /*approx=*/false);
        if (option == nullptr || option->semantic()->max_tokens() == 0) continue;
        bool empty = false;
        if (const auto* text = boost::any_cast<std::string>(&value.value())) {
            empty = text->empty();
        } else if (const auto* list = boost::any_cast<std::vector<std::string>>(&value.value())) {
            empty = std::any_of(list->begin(), list->end(),
                                [](const std::string& item) { return item.empty(); });
        }
        if (empty) throw flag_error("--" + name, "", "is empty: give a value");
    }
}

// The long name of `option` with its dashes, for messages.
std::string flag_name(const po::option_description& option) {
    return "--" + option.long_name();
}

// Boost.Program_options keeps a word that belongs to no flag as a nameless positional option,
// and po::store drops it: `--draw movenumber=20 movecount=4` lost "movecount=4", and
// `stats --wdl 46,122,32 garbage` ran. Every such word is refused here, with the flag before it
// (which took its one value already) named, since that is where the mistake usually is.
void refuse_stray_words(const po::parsed_options& parsed, const po::options_description& options) {
    const po::option* previous = nullptr;
    for (const po::option& option : parsed.options) {
        if (!option.string_key.empty()) {
            previous = &option;
            continue;
        }
        const std::string word = option.value.empty() ? std::string() : option.value.front();
        std::string message = "'" + word + "' is neither a flag nor the value of one";
        const po::option_description* before =
            previous == nullptr ? nullptr : options.find_nothrow(previous->string_key, false);
        if (before != nullptr) {
            if (before->semantic()->max_tokens() == 0) {
                message += " (" + flag_name(*before) + " takes no value)";
            } else if (!previous->value.empty()) {
                const std::string flag = flag_name(*before);
                message += " (" + flag + " takes one value" +
                           (before->semantic()->is_composing() ? " per " + flag : "") + ", here '" +
                           previous->value.back() + "')";
            }
        }
        throw UsageError(message);
    }
}

// The value of a key_value_words flag: its words joined into one string.
class KeyValueWords : public po::typed_value<std::string> {
  public:
    explicit KeyValueWords(char separator)
        : po::typed_value<std::string>(nullptr), separator_(separator) {}

    void xparse(boost::any& value_store, const std::vector<std::string>& words) const override {
        // The whole setting comes in one flag; a second one would silently replace the first.
        if (!value_store.empty()) throw po::multiple_occurrences();
        std::string joined;
        for (std::size_t i = 0; i < words.size(); ++i) {
            if (words[i].empty()) throw po::invalid_option_value("");
            if (i > 0) joined += separator_;
            joined += words[i];
        }
        value_store = joined;
    }

  private:
    char separator_;
};

}  // namespace

po::typed_value<std::string>* key_value_words(char separator) {
    // Boost gives a multitoken flag every following word up to the next flag.
    return (new KeyValueWords(separator))->multitoken();
}

std::optional<std::pair<std::string, std::string>> split_setting(std::string_view word) {
    const std::size_t eq = word.find('=');
    if (eq == std::string_view::npos || eq == 0) return std::nullopt;
    return std::pair(std::string(word.substr(0, eq)), std::string(word.substr(eq + 1)));
}

std::vector<std::pair<std::string, std::string>> parse_key_values(
    std::string_view flag, std::string_view text, std::initializer_list<std::string_view> keys) {
    std::string expected;
    for (const std::string_view key : keys)
        expected += (expected.empty() ? "" : ", ") + std::string(key) + "=";
    std::vector<std::pair<std::string, std::string>> settings;
    for (const std::string_view item : text::split(text, ',')) {
        auto setting = split_setting(item);
        if (!setting)
            throw flag_error(flag, item, "expected key=value, the keys being " + expected);
        const std::string& key = setting->first;
        if (std::find(keys.begin(), keys.end(), key) == keys.end())
            throw flag_error(flag, item, "unknown key '" + key + "' (expected " + expected + ")");
        for (const auto& earlier : settings)
            if (earlier.first == key) throw flag_error(flag, text, "'" + key + "' is given twice");
        if (setting->second.empty()) throw flag_error(flag, item, "has no value after '='");
        settings.push_back(std::move(*setting));
    }
    return settings;
}

UsageError flag_error(std::string_view flag, std::string_view text, std::string_view problem) {
    return UsageError(std::string(flag) + " '" + std::string(text) + "': " + std::string(problem));
}

void check_output_path(std::string_view flag, const std::filesystem::path& out,
                       const std::vector<core::ReadFile>& inputs) {
    if (const auto problem = core::output_path_problem(out, inputs))
        throw InputError(std::string(flag) + " " + *problem);
}

bool parse_command_line(CommandContext& context, po::options_description& options,
                        po::variables_map& values, std::string_view usage,
                        std::string_view description,
                        const po::positional_options_description* positional) {
    options.add_options()("help,h", "show this help");
    try {
        refuse_flag_like_values(context.args, options);
        po::command_line_parser parser(context.args);
        // No abbreviations: `--pair 1` is not `--pairs 1` (the command line is read strictly).
        parser.style(po::command_line_style::default_style &
                     ~po::command_line_style::allow_guessing);
        parser.options(options);
        if (positional != nullptr) parser.positional(*positional);
        const po::parsed_options parsed = parser.run();
        po::store(parsed, values);
        if (values.count("help") != 0U) {
            context.out << "Usage: " << context.program << ' ' << context.command << ' ' << usage
                        << "\n\n"
                        << description << "\n\n"
                        << options;
            return false;
        }
        refuse_stray_words(parsed, options);
        refuse_empty_values(values, options);
        po::notify(values);
    } catch (const po::unknown_option& e) {
        throw UsageError(unknown_flag_message(e.get_option_name(), options));
    } catch (const po::error& e) {
        throw UsageError(e.what());
    }
    return true;
}

CommandContext nested_context(CommandContext& context) {
    context.command += " " + context.args.front();
    return CommandContext{
        context.program,    context.command, {context.args.begin() + 1, context.args.end()},
        context.invocation, context.out,     context.err};
}

double parse_double(std::string_view flag, std::string_view text) {
    const std::string_view t = text::trim(text);
    double value = 0;
    // from_chars rejects a leading '+', which people do write for Elo bounds.
    const std::string_view digits = !t.empty() && t.front() == '+' ? t.substr(1) : t;
    const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
    if (digits.empty() || ec != std::errc() || end != digits.data() + digits.size()) {
        throw flag_error(flag, text, "is not a number");
    }
    if (!std::isfinite(value)) throw flag_error(flag, text, "is not a finite number");
    return value;
}

double parse_probability(std::string_view flag, std::string_view text) {
    const double value = parse_double(flag, text);
    if (!(value > 0 && value < 1)) {
        throw flag_error(flag, text, "must lie strictly between 0 and 1");
    }
    return value;
}

long parse_count(std::string_view flag, std::string_view text) {
    long value = 0;
    if (const auto problem = text::count_problem(text, value))
        throw flag_error(flag, text, *problem);
    return value;
}

std::vector<std::pair<std::string, std::string>> uci_option_flags(const po::variables_map& values) {
    std::vector<std::pair<std::string, std::string>> options;
    if (!values.count("option")) return options;
    for (const auto& word : values["option"].as<std::vector<std::string>>()) {
        auto option = split_setting(word);
        if (!option) throw flag_error("--option", word, "expected NAME=VALUE");
        for (const auto& earlier : options)
            if (text::iequals(earlier.first, option->first))
                throw flag_error("--option", word, option->first + " is given twice");
        options.push_back(std::move(*option));
    }
    return options;
}

void add_stored_run_options(po::options_description& options) {
    options.add_options()(
        "db", po::value<std::string>()->default_value(std::string(store::kDefaultDatabasePath)),
        "result database (SQLite)")("run", po::value<std::string>()->required(), "run id");
}

std::int64_t parse_run_id(const po::variables_map& values) {
    const std::string& text = values["run"].as<std::string>();
    const long run = parse_count("--run", text);
    if (run < 1) throw flag_error("--run", text, "must be at least 1");
    return run;
}

bool parse_on_off(std::string_view flag, std::string_view text) {
    if (text == "on") return true;
    if (text == "off") return false;
    throw flag_error(flag, text, "expected on or off");
}

std::vector<long> parse_count_list(std::string_view flag, std::string_view text) {
    std::vector<long> counts;
    for (const std::string_view item : text::split(text, ',')) {
        long value = 0;
        if (const auto problem = text::count_problem(item, value)) {
            // Name the whole value and the bad item, so a long list is easy to fix.
            throw flag_error(flag, text,
                             "item " + std::to_string(counts.size() + 1) + " ('" +
                                 std::string(text::trim(item)) + "') " + *problem);
        }
        counts.push_back(value);
    }
    return counts;
}

std::optional<std::string> named(const po::variables_map& values, const char* name) {
    return values.count(name) != 0U ? std::optional(values[name].as<std::string>()) : std::nullopt;
}

int int_flag(const po::variables_map& values, const char* name, long max) {
    const std::string flag = std::string("--") + name;
    const std::string text = values[name].as<std::string>();
    const long value = parse_count(flag, text);
    if (value > max) throw flag_error(flag, text, "is larger than " + std::to_string(max));
    return static_cast<int>(value);
}

std::string seconds_text(std::chrono::steady_clock::duration duration) {
    std::ostringstream out;
    out << std::fixed << std::setprecision(1) << std::chrono::duration<double>(duration).count()
        << " s";
    return out.str();
}

std::function<void(std::size_t, std::size_t)> progress_printer(std::ostream& out, std::string verb,
                                                               std::string unit) {
    const auto started = std::chrono::steady_clock::now();
    return [&out, verb = std::move(verb), unit = std::move(unit), started](std::size_t done,
                                                                           std::size_t total) {
        if (done == 0 || (done % std::max<std::size_t>(total / 20, 1) != 0 && done != total))
            return;
        const auto elapsed = std::chrono::steady_clock::now() - started;
        const auto to_go = elapsed * static_cast<long>(total - done) / static_cast<long>(done);
        out << "  " << verb << ' ' << done << '/' << total << unit << " in "
            << seconds_text(elapsed) << ", about " << seconds_text(to_go) << " to go" << std::endl;
    };
}

}  // namespace lmr::cli
