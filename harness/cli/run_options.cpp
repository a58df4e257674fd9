#include "harness/cli/run_options.hpp"

#include <algorithm>
#include <csignal>
#include <filesystem>
#include <random>
#include <thread>

#include "engine/text/text.hpp"
#include "harness/cli/game_outputs.hpp"
#include "harness/cli/run_warnings.hpp"
#include "harness/cli/sprt_flags.hpp"
#include "harness/cli/terminal.hpp"
#include "harness/cli/tournament_standings.hpp"
#include "harness/cluster/coordinator.hpp"
#include "harness/cluster/world.hpp"
#include "harness/match/time_control.hpp"
#include "harness/process/child_process.hpp"
#include "harness/process/cpu_affinity.hpp"
#include "harness/stats/format.hpp"
#include "harness/store/store.hpp"
#include "harness/tournament/run_inputs.hpp"
#include "harness/tournament/run_settings.hpp"

namespace lmr::cli {
namespace {

std::atomic<bool> g_interrupted{false};

extern "C" void on_interrupt(int signal) {
    // The first signal of either kind stops the run: the games in flight are cancelled, the
    // engines stopped, the run marked interrupted, exit 4. Batch systems and GNU `timeout` send
    // SIGTERM to the process and then to its group, so further SIGTERMs change nothing. A second
    // Ctrl-C (SIGINT: a terminal's signal) says a person will not wait for engines that are slow
    // to quit: they are killed at once, and the run is still marked interrupted.
    if (g_interrupted.exchange(true) && signal == SIGINT) process::hurry_shutdowns();
}

}  // namespace

int hardware_threads() {
    return static_cast<int>(std::max(1U, std::thread::hardware_concurrency()));
}

namespace {

// The shipped book: openings/default.epd from the working directory, else from the source tree
// the binary was built in (build/<preset>/harness/lmr-harness), so runs work from anywhere.
std::string default_book_path() {
    const std::filesystem::path relative = "openings/default.epd";
    if (std::filesystem::exists(relative)) return relative.string();
    std::error_code ec;
    const auto self = std::filesystem::read_symlink("/proc/self/exe", ec);
    if (!ec) {
        const auto in_tree =
            self.parent_path().parent_path().parent_path().parent_path() / relative;
        if (std::filesystem::exists(in_tree)) return in_tree.string();
    }
    return relative.string();
}

int int_value(std::string_view flag, const std::string& text) {
    const long value = parse_count(flag, text);
    if (value > 1'000'000) throw flag_error(flag, text, "is too large");
    return static_cast<int>(value);
}

}  // namespace

void add_affinity_option(po::options_description& options) {
    options.add_options()("affinity", po::value<std::string>(),
                          "hold each game slot and its engines on one CPU, slot i on the i-th of "
                          "these CPUs (\"0,2-3\", or \"all\": every CPU the harness may use), as "
                          "fastchess's -use-affinity");
}

void add_resume_options(po::options_description& options, const std::string& what) {
    // clang-format off
    add_stored_run_options(options);
    options.add_options()
        ("concurrency", po::value<std::string>(),
         "games played at once in this session (default: the run's own)")
        ("force-concurrency", po::bool_switch(),
         "allow --concurrency above this machine's hardware threads")
        ("allow-changed", po::bool_switch(),
         ("go on although an engine binary or the book changed since the " + what +
          " started (the change is recorded in the run)").c_str());
    // clang-format on
    add_affinity_option(options);
}

void add_run_options(po::options_description& options) {
    // clang-format off
    options.add_options()
        ("tc", key_value_words(' ')->default_value("nodes=20000"),
         "time control: tc=40/60+0.6, tc=10+0.1, st=0.5 (seconds per move), nodes=N, depth=N; "
         "tc/st combine with nodes/depth, as separate words or a comma list "
         "(tc=10+0.1 nodes=5000, tc=10+0.1,nodes=5000)")
        ("book", po::value<std::string>()->default_value(default_book_path()),
         "opening book (.epd or .pgn); \"none\" starts every game from the initial position")
        ("seed", po::value<std::string>(), "seed of the opening order (default: random, stored)")
        ("force-concurrency", po::bool_switch(),
         "allow --concurrency above this machine's hardware threads")
        ("draw", key_value_words(),
         "draw adjudication: movenumber=M,movecount=N,score=S (or as cutechess-cli's words "
         "movenumber=M movecount=N score=S): a draw once M full moves are played, when "
         "|score| <= S cp for the last N moves of both engines; a capture or a pawn move "
         "starts the count again")
        ("resign", key_value_words(),
         "resign adjudication: movecount=N,score=S[,twosided=true] (or as words): an engine "
         "loses when its own score is <= -S cp for N of its moves in a row; twosided=true also "
         "needs the opponent's score >= +S cp for its last N moves")
        ("maxmoves", po::value<std::string>(), "full moves after which a game is drawn")
        ("engine-binary", po::value<std::string>(),
         "lmr-engine to play configs with (default: the one built beside lmr-harness, or $LMR_ENGINE)")
        ("option", po::value<std::vector<std::string>>()->composing()->multitoken(),
         "NAME=VALUE: a UCI option for every engine, e.g. Hash=64 (repeatable, or several "
         "words: --option Hash=64 Threads=1; an --engine spec's own option.NAME wins)")
        ("db", po::value<std::string>()->default_value(std::string(store::kDefaultDatabasePath)),
         "result database (SQLite)");
    // clang-format on
    const tournament::RunPlan defaults;
    for (const tournament::RunSetting& setting : tournament::run_settings()) {
        auto* value = po::value<std::string>();
        if (const std::string text = tournament::value_text(setting, defaults); !text.empty())
            value->default_value(text);
        options.add_options()(std::string(setting.flag).c_str(), value, setting.help.data());
    }
    add_affinity_option(options);
}

bool parse_run_command_line(CommandContext& context, po::options_description& options,
                            po::variables_map& values, std::string_view usage,
                            std::string_view description) {
    add_run_options(options);
    add_game_output_options(options);
    return parse_command_line(context, options, values, usage, description);
}

namespace {

// --option NAME=VALUE: added to every engine that does not set NAME itself.
void add_shared_uci_options(const po::variables_map& values,
                            std::vector<tournament::EnginePlan>& engines) {
    for (const auto& [name, value] : uci_option_flags(values)) {
        // UCI option names are case-insensitive.
        const auto same_name = [&](const auto& option) {
            return text::iequals(option.first, name);
        };
        for (auto& engine : engines) {
            if (std::none_of(engine.options.begin(), engine.options.end(), same_name))
                engine.options.emplace_back(name, value);
        }
    }
}

}  // namespace

match::DrawAdjudication parse_draw_flag(std::string_view flag, std::string_view text,
                                        match::DrawAdjudication draw) {
    draw.enabled = true;
    const std::string name(flag);
    for (const auto& [key, value] :
         parse_key_values(flag, text, {"movenumber", "movecount", "score"})) {
        const int number = int_value(name + " " + key, value);
        if (key == "movenumber")
            draw.move_number = number;
        else if (key == "movecount")
            draw.move_count = number;
        else
            draw.score_cp = number;
    }
    return draw;
}

match::ResignAdjudication parse_resign_flag(std::string_view flag, std::string_view text,
                                            match::ResignAdjudication resign) {
    resign.enabled = true;
    const std::string name(flag);
    for (const auto& [key, value] :
         parse_key_values(flag, text, {"movecount", "score", "twosided"})) {
        if (key == "twosided") {
            if (value != "true" && value != "false")
                throw flag_error(name + " twosided", value, "expected true or false");
            resign.two_sided = value == "true";
        } else if (key == "movecount") {
            resign.move_count = int_value(name + " movecount", value);
        } else {
            resign.score_cp = int_value(name + " score", value);
        }
    }
    return resign;
}

void fill_run_plan(const po::variables_map& values, tournament::RunPlan& plan) {
    try {
        plan.time_control = match::parse_time_control(values["tc"].as<std::string>());
    } catch (const match::TimeControlError& e) {
        throw flag_error("--tc", values["tc"].as<std::string>(), e.problem());
    }
    for (const tournament::RunSetting& setting : tournament::run_settings()) {
        const std::string flag(setting.flag);
        if (!values.count(flag)) continue;
        const std::string& text = values[flag].as<std::string>();
        if (const auto problem = tournament::set_from_text(setting, plan, text))
            throw flag_error("--" + flag, text, *problem);
    }
    const std::string book = values["book"].as<std::string>();
    if (book != "none") plan.book.path = book;
    if (values.count("seed")) {
        const std::string text = values["seed"].as<std::string>();
        try {
            std::size_t used = 0;
            plan.seed = std::stoull(text, &used);
            if (used != text.size()) throw std::invalid_argument(text);
        } catch (const std::exception&) {
            throw flag_error("--seed", text, "is not a whole number");
        }
    } else {
        plan.seed = random_seed();
    }
    plan.concurrency = parse_concurrency(values);  // the row's check, then this machine's
    if (values.count("draw"))
        plan.adjudication.draw = parse_draw_flag("--draw", values["draw"].as<std::string>());
    if (values.count("resign"))
        plan.adjudication.resign =
            parse_resign_flag("--resign", values["resign"].as<std::string>());
    if (values.count("maxmoves"))
        plan.adjudication.max_moves = int_value("--maxmoves", values["maxmoves"].as<std::string>());
    add_shared_uci_options(values, plan.engines);
}

std::uint64_t random_seed() {
    std::random_device device;
    return (std::uint64_t(device()) << 32) | device();
}

int checked_concurrency(long slots, std::string_view text, bool forced, bool coordinates_ranks,
                        std::string_view flag, std::string_view force_flag) {
    if (slots > hardware_threads() && !forced && !coordinates_ranks) {
        throw flag_error(flag, text,
                         "is above the " + std::to_string(hardware_threads()) +
                             " hardware threads of this machine: every game at once is two engine "
                             "processes, and more of them than threads only queue for the CPU "
                             "(and lose on time under a clock); add " +
                             std::string(force_flag) + " to play that many anyway");
    }
    return static_cast<int>(slots);
}

int parse_concurrency(const po::variables_map& values) {
    const std::string text = values["concurrency"].as<std::string>();
    tournament::RunPlan read;
    if (const auto problem =
            tournament::set_from_text(tournament::run_setting("concurrency"), read, text))
        throw flag_error("--concurrency", text, *problem);
    const bool forced = values.count("force-concurrency") && values["force-concurrency"].as<bool>();
    return checked_concurrency(read.concurrency, text, forced, cluster::coordinates(),
                               "--concurrency", "--force-concurrency");
}

ResumeFlags resume_flags(const po::variables_map& values) {
    ResumeFlags flags;
    flags.affinity = named(values, "affinity");
    // Only resume declares --allow-changed; its --concurrency has no default, unlike a new
    // run's, whose plan carries the value (and which ignores these flags).
    flags.allow_changed = values.count("allow-changed") && values["allow-changed"].as<bool>();
    if (values.count("concurrency") && !values["concurrency"].defaulted())
        flags.concurrency = parse_concurrency(values);
    return flags;
}

const games::JobExecutor& run_executor(const std::optional<std::string>& affinity,
                                       std::string_view flag) {
    if (!affinity) return cluster::executor();
    if (cluster::executor().distributed())
        throw UsageError(std::string(flag) +
                         ": under mpirun each rank is placed by mpirun (--bind-to core)");
    std::vector<int> cpus;
    try {
        cpus = *affinity == "all" ? process::allowed_cpus() : process::parse_cpu_list(*affinity);
    } catch (const std::invalid_argument& e) {
        throw UsageError(std::string(flag) + " '" + *affinity + "': " + e.what());
    }
    // One executor per process: a command line runs one command.
    static std::optional<games::PinnedExecutor> pinned;
    pinned.emplace(std::move(cpus));
    return *pinned;
}

tournament::SessionOptions session_options(const po::variables_map& values,
                                           const CommandContext& context) {
    tournament::SessionOptions options;
    options.executor = &run_executor(named(values, "affinity"), "--affinity");
    options.db_path = values["db"].as<std::string>();
    options.command_line = context.invocation;
    options.out = &context.out;
    options.live_progress = live_terminal(context.out);
    options.interrupt = &install_interrupt_handler();
    const auto resume = resume_flags(values);
    options.allow_changed = resume.allow_changed;
    if (values.count("pgn-match-line"))
        options.kept_line_patterns = values["pgn-match-line"].as<std::vector<std::string>>();
    options.concurrency = resume.concurrency;
    return options;
}

const std::atomic<bool>& install_interrupt_handler() {
    struct sigaction action {};
    action.sa_handler = on_interrupt;
    sigemptyset(&action.sa_mask);
    sigaction(SIGINT, &action, nullptr);
    sigaction(SIGTERM, &action, nullptr);
    return g_interrupted;
}

void print_run_result(const tournament::SessionResult& result, const tournament::RunPlan& plan,
                      const CommandContext& context, const po::variables_map& values) {
    auto& out = context.out;
    const auto& outcome = result.outcome;
    out << "\nRun " << result.run_id << ": " << store::to_string(outcome.status);
    if (outcome.verdict) out << ", verdict " << store::run_verdict_name(outcome.verdict);
    out << ", " << outcome.pairs_completed << " pairs\n";
    if (!outcome.error.empty()) out << "Error: " << outcome.error << '\n';
    if (plan.pairing == tournament::Pairing::kHeadToHead && outcome.pairs_completed > 0) {
        const auto& sprt = plan.sprt;
        const auto& engines = plan.engines;
        out << engines[0].name << " vs " << engines[1].name << " ("
            << engines[tournament::view_engine(plan)].name << "'s point of view)\n";
        stats::write_block(out, stats::summarize(outcome.pairs, sprt));
    }
    const std::string& db = values["db"].as<std::string>();
    // What the lines below read, read once in one snapshot of the database just written.
    const report::RunEndReading reading = report::load_run_end(db, result.run_id);
    if (plan.pairing != tournament::Pairing::kHeadToHead && outcome.pairs_completed > 0)
        print_tournament_standings(out, reading, db, result.run_id, context.program);
    // The block's verdict is the statistics' running one; say how the run itself ended.
    if (outcome.verdict == stats::Verdict::kContinue)
        out << "SPRT: undecided within " << plan.pairs << " pairs (exit code 3)\n";
    print_fault_summary(out, reading, db, result.run_id, context.program);
    print_pv_warnings(out, reading, db, result.run_id, context.program);
    if (outcome.status == store::RunStatus::kInterrupted ||
        outcome.status == store::RunStatus::kFailed)
        out << "Resume with: " << context.program << " resume --db " << db << " --run "
            << result.run_id << '\n';
}

int run_and_report(const tournament::RunPlan& plan, const po::variables_map& values,
                   CommandContext& context, bool sprt, std::optional<std::int64_t> resume_id) {
    store::check_path_for_writing(values["db"].as<std::string>());
    auto options = session_options(values, context);  // a bad --affinity before any file
    const auto outputs = open_game_outputs(
        values, tournament::run_input_files(plan, values["db"].as<std::string>()));
    for (const auto& output : outputs) options.observers.push_back(output.get());
    const auto result = resume_id ? tournament::resume_run(*resume_id, options)
                                  : tournament::start_run(plan, options);
    print_run_result(result, plan, context, values);
    if (sprt) return sprt_exit_code(result.outcome);
    return result.outcome.status == store::RunStatus::kFinished ? kExitOk : kExitRunStopped;
}

}  // namespace lmr::cli
