#pragma once

// The flags shared by the commands that play games (sprt, match, tournament): time control,
// book, adjudication, concurrency, database — they turn into a tournament::RunPlan — and the
// session that plays it and prints its result. The engines' flags are in engine_flags.hpp, the
// SPRT's in sprt_flags.hpp.

#include <atomic>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "harness/cli/options.hpp"
#include "harness/games/executor.hpp"
#include "harness/store/store.hpp"
#include "harness/tournament/run_plan.hpp"
#include "harness/tournament/session.hpp"

namespace lmr::cli {

// Adds the shared flags to `options`, --affinity among them.
void add_run_options(po::options_description& options);
// --affinity CPUS|all alone, for the commands that take no other run flag (resume).
void add_affinity_option(po::options_description& options);

// The value of a draw or resign adjudication flag (`movenumber=34,movecount=8,score=20`;
// `movecount=3,score=600[,twosided=true]`), for --draw/--resign and fastchess's -draw/-resign.
// A key left out keeps its value in `defaults` (the native flags' defaults are match's; the
// fastchess front end passes fastchess's). Throws UsageError naming `flag` and the item.
match::DrawAdjudication parse_draw_flag(std::string_view flag, std::string_view text,
                                        match::DrawAdjudication defaults = {});
match::ResignAdjudication parse_resign_flag(std::string_view flag, std::string_view text,
                                            match::ResignAdjudication defaults = {});

// Fills the plan's shared fields from the parsed flags. Call it after the command has added
// the engines: each `--option NAME=VALUE` is added to every engine that does not set NAME itself.
void fill_run_plan(const po::variables_map& values, tournament::RunPlan& plan);

// Session options (database, progress on a terminal, Ctrl-C) for `context`.
// Where a run's games are played: cluster::executor() (this machine, or the MPI job this process
// is a rank of), or with `affinity` (--affinity, fastchess's -use-affinity; a CPU list such as
// "0,2-3", or "all" for every CPU this process may use) this machine's slots, each with its
// engines held on one of those CPUs. Throws UsageError naming `flag` for a bad list, or under
// mpirun (where mpirun's --bind-to places the ranks).
const games::JobExecutor& run_executor(const std::optional<std::string>& affinity,
                                       std::string_view flag);

tournament::SessionOptions session_options(const po::variables_map& values,
                                           const CommandContext& context);

// Installs SIGINT/SIGTERM handlers that set the returned flag (a second Ctrl-C exits at once).
const std::atomic<bool>& install_interrupt_handler();

// Prints the run's final statistics block (head-to-head runs) or standings (tournaments).
void print_run_result(const tournament::SessionResult& result, const tournament::RunPlan& plan,
                      const CommandContext& context, const po::variables_map& values);

// Runs a plan (start or resume) and prints its result; the exit code of how it ended (failures
// are thrown, for the dispatcher's one mapping: failure.hpp). With resume_id the stored run
// continues (plan is then the stored plan).
int run_and_report(const tournament::RunPlan& plan, const po::variables_map& values,
                   CommandContext& context, bool sprt,
                   std::optional<std::int64_t> resume_id = std::nullopt);

// A run's seed when none is given (it is stored with the run, so the run can be replayed).
std::uint64_t random_seed();

// The machine's hardware threads: the most games a front end plays at once unless forced.
int hardware_threads();
// The games at once a front end's flag asks for (`--concurrency`, fastchess's `-concurrency`),
// checked the one way both front ends check it: at most hardware_threads() unless forced, or
// when this process coordinates an MPI job (`coordinates_ranks`: the playing ranks' cores count
// there, which rank 0 does not know, so the value is per playing rank: docs/scale-out.md).
// UsageError naming the flag, its value and force_flag otherwise.
int checked_concurrency(long slots, std::string_view text, bool forced, bool coordinates_ranks,
                        std::string_view flag, std::string_view force_flag);
// What `resume` (and `tune resume`) may change for its session: --allow-changed,
// --concurrency, --affinity.
struct ResumeFlags {
    bool allow_changed = false;
    std::optional<int> concurrency;       // nullopt: the run's stored value
    std::optional<std::string> affinity;  // nullopt: unpinned (run_executor)
};
ResumeFlags resume_flags(const po::variables_map& values);
// The flags of `resume` and `tune resume`, declared once: --db, --run, --concurrency,
// --force-concurrency, --allow-changed (`what`: "run" or "tune", for its help) and --affinity.
void add_resume_options(po::options_description& options, const std::string& what);

// The command line of a command that plays a run (match, sprt, tournament): its own `options`,
// then every run flag (add_run_options) and the live outputs (add_game_output_options), parsed as
// parse_command_line does. False when --help was asked for.
bool parse_run_command_line(CommandContext& context, po::options_description& options,
                            po::variables_map& values, std::string_view usage,
                            std::string_view description);

// --concurrency's value, read by the run settings' row (a whole number from 1), then
// checked_concurrency(); UsageError otherwise. A new run's and a resume's --concurrency alike.
int parse_concurrency(const po::variables_map& values);

}  // namespace lmr::cli
