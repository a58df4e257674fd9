#include "harness/fastchess/command_line.hpp"

#include <algorithm>
#include <cctype>
#include <map>

#include "engine/text/text.hpp"
#include "harness/cli/command.hpp"
#include "harness/cli/engine_flags.hpp"
#include "harness/cli/options.hpp"
#include "harness/cli/run_options.hpp"
#include "harness/cli/sprt_flags.hpp"
#include "harness/cluster/world.hpp"
#include "harness/match/clock.hpp"
#include "harness/match/game.hpp"
#include "harness/match/time_control.hpp"
#include "harness/store/store.hpp"
#include "harness/tournament/run_settings.hpp"

namespace lmr::fastchess {
namespace {

using Settings = std::vector<std::pair<std::string, std::string>>;

// One option as fastchess groups the command line: the flag and every following word up to
// the next one that starts with '-' (a negative number, "-5", is a value).
struct OptionWords {
    std::string flag;
    std::vector<std::string> params;
};

bool starts_option(const std::string& word) {
    return word.size() > 1 && word[0] == '-' && !std::isdigit(static_cast<unsigned char>(word[1]));
}

std::vector<OptionWords> group_words(const std::vector<std::string>& args) {
    std::vector<OptionWords> options;
    for (const auto& word : args) {
        if (starts_option(word)) {
            options.push_back({word, {}});
        } else if (options.empty()) {
            throw cli::UsageError("'" + word +
                                  "' is not an option (fastchess options start with '-')");
        } else {
            options.back().params.push_back(word);
        }
    }
    return options;
}

cli::UsageError option_error(const OptionWords& option, const std::string& problem) {
    std::string words = option.flag;
    for (const auto& p : option.params) words += " " + p;
    return cli::UsageError("option " + option.flag + " ('" + words + "'): " + problem);
}

const std::string& single_value(const OptionWords& option) {
    if (option.params.size() != 1) throw option_error(option, "expects exactly one value");
    return option.params.front();
}

void no_value(const OptionWords& option) {
    if (!option.params.empty()) throw option_error(option, "takes no value");
}

// key=value words, split at the first '='; an empty key or value is an error.
// The key=value settings of one option, each key once (a second `elo1=` would otherwise replace
// the first without a word) but `match_line=`, which fastchess takes again and again.
Settings key_values(const OptionWords& option, bool may_be_empty = false) {
    if (option.params.empty() && !may_be_empty)
        throw option_error(option, "expects key=value settings");
    Settings settings;
    for (const auto& word : option.params) {
        auto setting = cli::split_setting(word);
        if (!setting || setting->second.empty())
            throw option_error(option, "expects key=value settings, got '" + word + "'");
        if (setting->first != "match_line")
            for (const auto& [seen, value] : settings)
                if (seen == setting->first)
                    throw option_error(option, setting->first + "= is given twice");
        settings.push_back(std::move(*setting));
    }
    return settings;
}

cli::UsageError unknown_key(const OptionWords& option, const std::string& key,
                            const std::vector<std::string>& known) {
    return option_error(option, "unknown setting '" + key + "'" + text::did_you_mean(key, known) +
                                    "; expected one of " + text::joined(known, ", "));
}

bool true_false(const OptionWords& option, const std::string& key, const std::string& value) {
    if (value == "true") return true;
    if (value == "false") return false;
    throw option_error(option, key + "=" + value + ": expected true or false");
}

long count_value(const OptionWords& option, const std::string& text) {
    return cli::parse_count(option.flag, text);
}

// A whole number that may be negative (-concurrency 0 and below count down from the cores).
long signed_value(const OptionWords& option, const std::string& text) {
    try {
        std::size_t used = 0;
        const long value = std::stol(text, &used);
        if (used == text.size()) return value;
    } catch (const std::exception&) {
    }
    throw option_error(option, "'" + text + "' is not a whole number");
}

// What one engine's -engine words (and then every -each word) say about it; the last value of
// a key wins, as in fastchess, and option.NAME settings accumulate in order.
struct EngineWords {
    Settings settings;
    OptionWords source;  // for error messages
};

const std::vector<std::string> kEngineKeys = {
    "name",       "cmd",   "dir",   "args",  "arg",       "proto",   "tc",         "st",
    "timemargin", "nodes", "plies", "depth", "nodestime", "restart", "option.NAME"};

// An engine's limits: its own, or -each's. Engines may differ in all but restart=.
struct EngineLimits {
    std::optional<match::TimeControl> time_control;  // nullopt: none given
    std::optional<std::int64_t> margin_ms;
    std::optional<bool> restart;
    bool operator==(const EngineLimits&) const = default;
};

// "10+0.1s" → "10+0.1"; fastchess lets seconds end in 's'.
std::string without_seconds_suffix(std::string text) {
    if (!text.empty() && text.back() == 's') text.pop_back();
    return text;
}

// Splits `args=` as a POSIX shell splits words: blanks separate, quotes group.
std::vector<std::string> split_arguments(const OptionWords& option, const std::string& text) {
    std::vector<std::string> words;
    std::string word;
    bool in_word = false;
    char quote = 0;
    for (char c : text) {
        if (quote) {
            if (c == quote)
                quote = 0;
            else
                word += c;
        } else if (c == '"' || c == '\'') {
            quote = c;
            in_word = true;
        } else if (std::isspace(static_cast<unsigned char>(c))) {
            if (in_word) words.push_back(word);
            word.clear();
            in_word = false;
        } else {
            word += c;
            in_word = true;
        }
    }
    if (quote) throw option_error(option, "args='" + text + "' has an unclosed quote");
    if (in_word) words.push_back(word);
    return words;
}

// The engine's words in fastchess's meaning (the last value of a key wins; dir=, args=, proto=,
// plies= and restart= are fastchess's; tc= in its grammar) turned into the settings
// cli::engine_from_settings reads.
tournament::EnginePlan build_engine(const EngineWords& words, EngineLimits& limits) {
    const OptionWords& source = words.source;
    std::map<std::string, std::string> last;
    cli::EngineSettings settings;  // arg= and option.NAME=, in order
    for (const auto& [key, value] : words.settings) {
        if (key.rfind("option.", 0) == 0 && key.size() > 7) {
            // A later value for the same option replaces the earlier one (fastchess sends both,
            // in order, so the later one is what the engine ends up with).
            std::erase_if(settings, [&](const auto& s) { return text::iequals(s.first, key); });
            settings.emplace_back(key, value);
        } else if (key == "arg") {
            settings.emplace_back(key, value);  // cutechess's arg=, one argument each
        } else if (std::find(kEngineKeys.begin(), kEngineKeys.end(), key) != kEngineKeys.end()) {
            last[key] = value;
        } else if (key == "conf" || key == "book" || key == "bookdepth" || key == "ponder" ||
                   key == "whitepov" || key == "initstr" || key == "stderr") {
            throw option_error(source, "cutechess-cli's " + key +
                                           "= is not supported (see "
                                           "docs/fastchess.md)");
        } else {
            throw unknown_key(source, key, kEngineKeys);
        }
    }
    const auto get = [&](const char* key) -> std::optional<std::string> {
        const auto it = last.find(key);
        return it == last.end() ? std::nullopt : std::optional(it->second);
    };
    if (auto proto = get("proto"); proto && *proto != "uci")
        throw option_error(source, "proto=" + *proto + ": only uci engines are supported");
    if (auto cmd = get("cmd")) {
        std::filesystem::path program = *cmd;
        if (auto dir = get("dir"); dir && program.is_relative()) program = *dir / program;
        settings.emplace_back("cmd", program.string());
        settings.emplace_back("name",
                              get("name").value_or(std::filesystem::path(*cmd).stem().string()));
    }
    if (auto args = get("args")) {
        auto words = split_arguments(source, *args);
        for (auto it = words.rbegin(); it != words.rend(); ++it)
            settings.insert(settings.begin(), {"arg", *it});  // before cutechess's arg= ones
    }
    if (auto tc = get("tc")) {
        if (tc->find("hg") != std::string::npos)
            throw option_error(source, "tc=" + *tc + ": hourglass time controls are not supported");
        std::string clock = without_seconds_suffix(*tc);
        // "inf" is no clock at all; "inf/10+0.1" is cutechess's "no move count".
        for (const std::string prefix : {"infinite/", "inf/"})
            if (clock.rfind(prefix, 0) == 0) clock = clock.substr(prefix.size());
        if (clock != "inf" && clock != "infinite") settings.emplace_back("tc", clock);
    }
    if (auto st = get("st")) settings.emplace_back("st", without_seconds_suffix(*st));
    if (auto nodes = get("nodes")) settings.emplace_back("nodes", *nodes);
    if (auto depth = get("depth") ? get("depth") : get("plies"))
        settings.emplace_back("depth", *depth);
    // not fastchess's: LMR Lab's clock counted in nodes, spelt as in --tc
    if (auto nodes_time = get("nodestime")) settings.emplace_back("nodestime", *nodes_time);
    if (auto margin = get("timemargin")) settings.emplace_back("timemargin", *margin);
    auto engine = cli::engine_from_settings(
        settings,
        [&](const std::string&, const std::string& what) { return option_error(source, what); });
    limits.time_control = std::exchange(engine.time_control, std::nullopt);
    limits.margin_ms = std::exchange(engine.time_margin_ms, std::nullopt);
    if (auto restart = get("restart")) limits.restart = cli::parse_on_off("restart", *restart);
    return engine;
}

std::vector<tournament::EnginePlan> build_engines(const std::vector<EngineWords>& engines,
                                                  const Settings& each,
                                                  const OptionWords& each_source,
                                                  tournament::RunPlan& plan) {
    if (engines.size() < 2)
        throw cli::UsageError("need at least two engines (-engine … -engine …)");
    std::vector<tournament::EnginePlan> plans;
    // The first engine's limits are the run's; another engine's that differ are its own.
    std::optional<EngineLimits> first;
    std::map<std::string, int> names;
    for (const auto& words : engines) {
        EngineWords merged = words;
        // -each applies after the whole command line, to every engine, wherever it stands.
        merged.settings.insert(merged.settings.end(), each.begin(), each.end());
        if (!each.empty() && words.settings.empty()) merged.source = each_source;
        EngineLimits limits;
        auto engine = build_engine(merged, limits);
        if (!limits.time_control)
            throw option_error(merged.source,
                               "no time control: give tc=, st=, nodes= or depth= (with -each or "
                               "-engine)");
        if (!first) {
            first = limits;
            plan.time_control = *limits.time_control;
            if (limits.margin_ms) plan.time_margin_ms = *limits.margin_ms;
            if (limits.restart) plan.restart_engines = *limits.restart;
        } else {
            // Engine processes belong to a game slot, which restarts both or neither.
            if (limits.restart != first->restart)
                throw option_error(merged.source,
                                   "engines with different restart= are not supported: give it "
                                   "once with -each");
            // Time odds: an engine whose limits differ from the first's keeps its own.
            if (*limits.time_control != plan.time_control)
                engine.time_control = limits.time_control;
            const std::int64_t margin =
                limits.margin_ms.value_or(match::kDefaultTimeMargin.count());
            if (margin != plan.time_margin_ms) engine.time_margin_ms = margin;
        }
        // fastchess renames a repeated name: the second "sf" becomes "sf_2".
        if (const int seen = names[engine.name]++; seen > 0)
            engine.name += "_" + std::to_string(seen + 1);
        plans.push_back(std::move(engine));
    }
    return plans;
}

// Options fastchess or cutechess-cli have that this front end does not honour: each is an
// error with the reason, so a command line never runs differently from what it says.
const std::map<std::string, std::string, std::less<>> kUnsupported = {
    {"-tb", "tablebase adjudication is not supported"},
    {"-tbpieces", "tablebase adjudication is not supported"},
    {"-tbignore50", "tablebase adjudication is not supported"},
    {"-tbadjudicate", "tablebase adjudication is not supported"},
    {"-noswap", "every opening is played twice with colours reversed (pairs)"},
    {"-reverse", "the first engine is White in the first game of each pair"},
    {"-wait", "games follow each other without a pause"},
    {"-show-latency", "latency is not measured"},
    {"-strict", "warnings do not stop a run; PV violations are counted in the database"},
    {"-quick", "give the engines, -each tc=, -rounds and -openings explicitly"},
    {"-config", "resume a run with 'lmr-harness resume --db FILE --run N'"},
    {"-debug", "use -log file=F engine=true"},
    {"-resultformat", "results are printed in fastchess's or cutechess-cli's words"},
    {"-bookmode", "polyglot books are not supported: use -openings file=… (EPD or PGN)"},
};

std::int64_t interval_value(const OptionWords& option) {
    // 0 turns the interval off (fastchess).
    return count_value(option, single_value(option));
}

void read_openings(const OptionWords& option, tournament::BookPlan& book) {
    std::optional<std::string> format;
    for (const auto& [key, value] : key_values(option)) {
        if (key == "file") {
            book.path = value;
            if (!std::filesystem::exists(value))
                throw option_error(option, "opening file '" + value + "' does not exist");
        } else if (key == "format") {
            if (value != "epd" && value != "pgn")
                throw option_error(option, "format=" + value + ": expected epd or pgn");
            format = value;
        } else if (key == "order") {
            const auto order = openings::parse_book_order(value);
            if (!order)
                throw option_error(option, "order=" + value + ": expected random or sequential");
            book.order = *order;
        } else if (key == "plies") {
            // fastchess's -1 (and cutechess's absence) keeps every ply.
            if (value != "-1") book.plies = static_cast<int>(count_value(option, value));
        } else if (key == "start") {
            const long start = count_value(option, value);
            if (start < 1) throw option_error(option, "start=" + value + ": must be at least 1");
            book.start = start - 1;  // fastchess counts from 1, the plan from 0
        } else if (key == "policy") {
            if (value != "round")
                throw option_error(option, "policy=" + value + ": only policy=round is supported");
        } else {
            throw unknown_key(option, key, {"file", "format", "order", "plies", "start", "policy"});
        }
    }
    if (book.path.empty()) throw option_error(option, "needs file=BOOK");
    const std::string extension = std::filesystem::path(book.path).extension().string();
    if (format && "." + *format != extension)
        throw option_error(option, "format=" + *format + " but the file '" + book.path +
                                       "' does not end in ." + *format);
    // An EPD line is one position without moves: fastchess applies plies= to PGN books only
    // (fishtest passes it with EPD books too).
    if (extension != ".pgn") book.plies.reset();
}

tournament::PgnOutputOptions read_pgnout(const OptionWords& option) {
    tournament::PgnOutputOptions pgn;
    // cutechess-cli's form: -pgnout FILE [min] [fi].
    if (!option.params.empty() && option.params.front().find('=') == std::string::npos) {
        pgn.file = option.params.front();
        for (std::size_t i = 1; i < option.params.size(); ++i)
            throw option_error(option, "'" + option.params[i] +
                                           "': cutechess-cli's min/fi PGN modes are not supported");
        return pgn;
    }
    const auto& settings = tournament::pgn_settings();
    for (const auto& [key, value] : key_values(option, /*may_be_empty=*/true)) {
        if (key == "file") {
            pgn.file = value;
        } else if (key == "append") {
            pgn.append = true_false(option, key, value);
        } else if (std::any_of(settings.begin(), settings.end(),
                               [&](const auto& s) { return s.key == key; })) {
            if (const auto problem = tournament::set_pgn_setting(pgn, key, value))
                throw option_error(option, key + "=" + value + ": " + *problem);
        } else {
            std::vector<std::string> known = {"file", "append"};
            for (const auto& setting : settings) known.emplace_back(setting.key);
            throw unknown_key(option, key, known);
        }
    }
    if (pgn.file.empty()) throw option_error(option, "needs file=PGN");
    return pgn;
}

tournament::EpdOutputOptions read_epdout(const OptionWords& option) {
    tournament::EpdOutputOptions epd;
    if (!option.params.empty() && option.params.front().find('=') == std::string::npos) {
        if (option.params.size() > 1) throw option_error(option, "expects one file");
        epd.file = option.params.front();
        return epd;
    }
    for (const auto& [key, value] : key_values(option)) {
        if (key == "file")
            epd.file = value;
        else if (key == "append")
            epd.append = true_false(option, key, value);
        else
            throw unknown_key(option, key, {"file", "append"});
    }
    if (epd.file.empty()) throw option_error(option, "needs file=EPD");
    return epd;
}

Log read_log(const OptionWords& option) {
    Log log;
    for (const auto& [key, value] : key_values(option)) {
        if (key == "file") {
            log.file = value;
        } else if (key == "append") {
            log.append = true_false(option, key, value);
        } else if (key == "engine") {
            log.engine = true_false(option, key, value);
        } else if (key == "level") {
            // The log holds what is printed (warnings and game lines) at every level.
            static const std::vector<std::string> levels = {"trace", "info", "warn", "err",
                                                            "fatal"};
            if (std::find(levels.begin(), levels.end(), value) == levels.end())
                throw option_error(option,
                                   "level=" + value + ": expected trace, info, warn, err or fatal");
        } else if (key == "realtime") {
            (void)true_false(option, key, value);  // every line is written as it happens
        } else if (key == "compress") {
            if (true_false(option, key, value))
                throw option_error(option, "compress=true is not supported");
        } else {
            throw unknown_key(option, key,
                              {"file", "append", "engine", "level", "realtime", "compress"});
        }
    }
    if (log.file.empty()) throw option_error(option, "needs file=LOG");
    return log;
}

// What fastchess's manual gives a key of -draw or -resign left out: adjudicate from move 0, after
// 1 move, at a score of 0 (a resign score must still be given: 0 is refused below).
constexpr match::DrawAdjudication kFastchessDraw{
    .enabled = true, .move_number = 0, .move_count = 1, .score_cp = 0};
constexpr match::ResignAdjudication kFastchessResign{
    .enabled = true, .move_count = 1, .score_cp = 0, .two_sided = false};

stats::SprtParams read_sprt(const OptionWords& option) {
    stats::SprtParams params;
    bool have_elo0 = false, have_elo1 = false;
    std::string model = "normalized";
    for (const auto& [key, value] : key_values(option)) {
        if (key == "elo0") {
            params.elo0 = cli::parse_double("-sprt elo0", value);
            have_elo0 = true;
        } else if (key == "elo1") {
            params.elo1 = cli::parse_double("-sprt elo1", value);
            have_elo1 = true;
        } else if (key == "alpha") {
            params.alpha = cli::parse_probability("-sprt alpha", value);
        } else if (key == "beta") {
            params.beta = cli::parse_probability("-sprt beta", value);
        } else if (key == "model") {
            model = value;
        } else {
            throw unknown_key(option, key, {"elo0", "elo1", "alpha", "beta", "model"});
        }
    }
    if (!have_elo0 || !have_elo1) throw option_error(option, "needs elo0= and elo1=");
    return cli::checked_sprt_params(params, model, "-sprt model");
}

// What the options of one command line read into, besides the run itself.
struct Reading {
    Run run;
    std::vector<EngineWords> engines;
    Settings each;
    OptionWords each_source{"-each", {}};
    long rounds = 2, games = 2;
    std::optional<long> concurrency;
    bool force_concurrency = false;
    std::optional<std::uint64_t> seed;
    std::string tournament = "roundrobin";
};

struct OptionRule {
    std::string_view flag;
    void (*read)(const OptionWords& option, Reading& r);
    std::string_view alias = {};  // another spelling of the flag, not listed by -help
};

// An option whose behaviour is always on here: only its form is checked.
void read_always_on(const OptionWords& o, Reading&) {
    no_value(o);
}

// Every option this front end honours and what it sets, as fastchess registers its own
// (docs/fastchess.md). Options of those tools that it cannot honour are in kUnsupported.
constexpr OptionRule kOptions[] = {
    {"-engine",
     [](const OptionWords& o, Reading& r) {
         r.engines.push_back({key_values(o), o});
     }},
    {"-each",
     [](const OptionWords& o, Reading& r) {
         const auto settings = key_values(o);
         r.each.insert(r.each.end(), settings.begin(), settings.end());
         r.each_source.params.insert(r.each_source.params.end(), o.params.begin(), o.params.end());
     }},
    {"-concurrency",
     [](const OptionWords& o, Reading& r) { r.concurrency = signed_value(o, single_value(o)); }},
    {"-force-concurrency",
     [](const OptionWords& o, Reading& r) {
         no_value(o);
         r.force_concurrency = true;
     }},
    {"-rounds",
     [](const OptionWords& o, Reading& r) { r.rounds = count_value(o, single_value(o)); }},
    {"-games", [](const OptionWords& o, Reading& r) { r.games = count_value(o, single_value(o)); }},
    {"-repeat",  // -repeat is -games 2; "-repeat N" sets the games per round
     [](const OptionWords& o, Reading& r) {
         if (o.params.size() > 1) throw option_error(o, "takes at most one value");
         r.games = o.params.size() == 1 ? count_value(o, o.params.front()) : 2;
     }},
    {"-sprt", [](const OptionWords& o, Reading& r) { r.run.plan.sprt = read_sprt(o); }},
    {"-draw",
     [](const OptionWords& o, Reading& r) {
         r.run.plan.adjudication.draw =
             cli::parse_draw_flag("-draw", text::joined(o.params, ","), kFastchessDraw);
     }},
    {"-resign",
     [](const OptionWords& o, Reading& r) {
         auto& resign = r.run.plan.adjudication.resign;
         resign = cli::parse_resign_flag("-resign", text::joined(o.params, ","), kFastchessResign);
         if (resign.score_cp <= 0)
             throw option_error(o,
                                "needs score=CP above 0 (fastchess's default, 0, would resign at "
                                "the first score below zero)");
     }},
    {"-maxmoves",
     [](const OptionWords& o, Reading& r) {
         r.run.plan.adjudication.max_moves = static_cast<int>(count_value(o, single_value(o)));
     }},
    {"-openings", [](const OptionWords& o, Reading& r) { read_openings(o, r.run.plan.book); }},
    {"-pgnout", [](const OptionWords& o, Reading& r) { r.run.pgnout = read_pgnout(o); }},
    {"-epdout", [](const OptionWords& o, Reading& r) { r.run.epdout = read_epdout(o); }},
    {"-srand",
     [](const OptionWords& o, Reading& r) {
         r.seed = static_cast<std::uint64_t>(count_value(o, single_value(o)));
     }},
    {"-variant",
     [](const OptionWords& o, Reading&) {
         if (single_value(o) != "standard")
             throw option_error(o, "only standard chess is supported");
     }},
    {"-tournament",
     [](const OptionWords& o, Reading& r) {
         r.tournament = single_value(o);
         if (r.tournament != "roundrobin" && r.tournament != "gauntlet")
             throw option_error(o, "expected roundrobin or gauntlet");
     }},
    {"-seeds",
     [](const OptionWords& o, Reading&) {
         if (count_value(o, single_value(o)) != 1)
             throw option_error(o, "a gauntlet has one seed (the first engine)");
     }},
    {"-ratinginterval",
     [](const OptionWords& o, Reading& r) { r.run.lines.rating_interval = interval_value(o); }},
    {"-scoreinterval",
     [](const OptionWords& o, Reading& r) { r.run.lines.score_interval = interval_value(o); }},
    {"-autosaveinterval",  // every game is stored in the database as it ends: every interval met
     [](const OptionWords& o, Reading&) { (void)interval_value(o); }},
    {"-report",
     [](const OptionWords& o, Reading& r) {
         for (const auto& [key, value] : key_values(o)) {
             if (key != "penta") throw unknown_key(o, key, {"penta"});
             r.run.lines.report_penta = true_false(o, key, value);
         }
     }},
    {"-output",
     [](const OptionWords& o, Reading& r) {
         for (const auto& [key, value] : key_values(o)) {
             if (key != "format") throw unknown_key(o, key, {"format"});
             if (value == "cutechess")
                 r.run.lines.format = tournament::GameLinesFormat::kCutechess;
             else if (value == "fastchess")
                 r.run.lines.format = tournament::GameLinesFormat::kFastchess;
             else
                 throw option_error(o, "format=" + value + ": expected fastchess or cutechess");
         }
     }},
    {"-crc32",
     [](const OptionWords& o, Reading& r) {
         for (const auto& [key, value] : key_values(o)) {
             if (key != "pgn") throw unknown_key(o, key, {"pgn"});
             r.run.crc32_pgn = true_false(o, key, value);
         }
     }},
    // Always so here: a crashed or stalled engine loses the game and is restarted.
    {"-recover", read_always_on},
    // Every PV is checked, mate PVs included, and a violation is counted in the database and
    // reported at the end of the run rather than printed as it happens, so the one-line
    // warning format of -testEnv has nothing to change.
    {"-testEnv", read_always_on},
    {"-check-mate-pvs", read_always_on},
    {"-log", [](const OptionWords& o, Reading& r) { r.run.log = read_log(o); }},
    {"-use-affinity",
     [](const OptionWords& o, Reading& r) {
         if (o.params.size() > 1) throw option_error(o, "takes one CPU list (\"3,5,7-11\")");
         r.run.affinity = o.params.empty() ? std::string("all") : o.params.front();
     }},
    {"-db",
     [](const OptionWords& o, Reading& r) {
         r.run.db = single_value(o);
         r.run.db_given = true;
     }},
    {"-version", [](const OptionWords&, Reading& r) { r.run.version = true; }, "-v"},
    {"-help", [](const OptionWords&, Reading& r) { r.run.help = true; }},
};

// A setting of the run plan's table (run_settings.hpp) that fastchess has an option of its own
// for: -event and -site take every word, the others one value.
void read_run_setting(const tournament::RunSetting& setting, const OptionWords& option,
                      tournament::RunPlan& plan) {
    const std::string text = setting.kind == tournament::RunSetting::Kind::kText
                                 ? text::joined(option.params, " ")
                                 : single_value(option);
    if (const auto problem = tournament::set_from_text(setting, plan, text))
        throw option_error(option, "'" + text + "' " + *problem);
}

void read_option(const OptionWords& option, Reading& reading) {
    const std::string& flag = option.flag;
    for (const OptionRule& rule : kOptions)
        if (rule.flag == flag || rule.alias == flag) return rule.read(option, reading);
    for (const tournament::RunSetting& setting : tournament::run_settings())
        if (!setting.fastchess.empty() &&
            (setting.fastchess == flag || setting.fastchess_also == flag))
            return read_run_setting(setting, option, reading.run.plan);
    if (const auto it = kUnsupported.find(flag); it != kUnsupported.end())
        throw option_error(option, "not supported: " + it->second);
    std::vector<std::string> names;
    for (const std::string_view name : option_names()) names.emplace_back(name);
    std::string message = "unknown option";
    if (const auto near = text::nearest(flag, names); !near.empty())
        message += " (did you mean " + near + "?)";
    throw option_error(option, message + "; see docs/fastchess.md");
}

}  // namespace

bool is_command_line(std::string_view first) {
    return first.size() > 1 && first[0] == '-' && first[1] != '-' && first != "-h";
}

Run parse_command_line(const std::vector<std::string>& args) {
    Reading r;
    r.run.db = std::string(store::kDefaultDatabasePath);
    r.run.plan.book.order = openings::BookOrder::kSequential;  // fastchess's default
    r.run.plan.book.path.clear();
    for (const auto& option : group_words(args)) read_option(option, r);
    Run& run = r.run;
    auto& plan = run.plan;
    long rounds = r.rounds, games = r.games;
    if (run.version || run.help) return run;

    // fastchess: more than 2 games per round is rounds and games swapped.
    if (games > 2) std::swap(games, rounds);
    if (games != 2)
        throw cli::UsageError(
            "-games " + std::to_string(games) +
            ": LMR Lab plays every opening twice with colours reversed; use -games 2 "
            "or -repeat");
    if (rounds < 1) throw cli::UsageError("-rounds must be at least 1");
    plan.engines = build_engines(r.engines, r.each, r.each_source, plan);
    if (plan.engines.size() == 2) {
        plan.pairing = tournament::Pairing::kHeadToHead;
        // The engine under test is the first, as in every tool of the ecosystem.
        plan.engines[0].role = store::EngineRole::kTest;
        plan.engines[1].role = store::EngineRole::kBase;
    } else {
        if (plan.sprt) throw cli::UsageError("-sprt needs exactly two engines");
        plan.pairing = r.tournament == "gauntlet" ? tournament::Pairing::kGauntlet
                                                  : tournament::Pairing::kRoundRobin;
    }
    plan.kind = plan.sprt                  ? store::RunKind::kSprt
                : plan.engines.size() == 2 ? store::RunKind::kMatch
                                           : store::RunKind::kTournament;
    plan.pairs = rounds;
    if (plan.adjudication.max_moves < 0) throw cli::UsageError("-maxmoves must be at least 1");
    try {
        plan.adjudication.validate();
    } catch (const std::exception& e) {
        throw cli::UsageError(e.what());
    }

    long slots = r.concurrency.value_or(1);
    // fastchess: 0 and below count down from the hardware threads.
    if (slots <= 0) slots = std::max(1L, cli::hardware_threads() + slots);
    plan.concurrency =
        cli::checked_concurrency(slots, std::to_string(slots), r.force_concurrency,
                                 cluster::coordinates(), "-concurrency", "-force-concurrency");
    plan.seed = r.seed ? *r.seed : cli::random_seed();
    return std::move(r.run);
}

std::vector<std::string_view> option_names() {
    std::vector<std::string_view> names;
    for (const OptionRule& rule : kOptions) names.push_back(rule.flag);
    for (const tournament::RunSetting& setting : tournament::run_settings())
        for (const std::string_view name : {setting.fastchess, setting.fastchess_also})
            if (!name.empty()) names.push_back(name);
    return names;
}

}  // namespace lmr::fastchess
