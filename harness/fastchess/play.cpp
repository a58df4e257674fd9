// lmr-harness started with a fastchess or cutechess-cli command line (command_line.hpp):
// the run is played and stored as `match`/`sprt`/`tournament` play theirs, and printed in
// those tools' words (tournament/game_lines.hpp). The exit code is fastchess's: 0 when the run
// finished (an SPRT that accepted H0 included), 1 when it was interrupted or failed, 2 for a bad
// command line.

#include "harness/fastchess/play.hpp"

#include <filesystem>
#include <iostream>
#include <memory>
#include <sstream>

#include "harness/cli/command.hpp"
#include "harness/cli/failure.hpp"
#include "harness/cli/game_outputs.hpp"
#include "harness/cli/run_options.hpp"
#include "harness/cli/run_warnings.hpp"
#include "harness/cluster/coordinator.hpp"
#include "harness/fastchess/command_line.hpp"
#include "harness/process/shell_word.hpp"
#include "harness/store/error.hpp"
#include "harness/tournament/game_lines.hpp"
#include "harness/tournament/pgn_crc.hpp"
#include "harness/tournament/run_inputs.hpp"
#include "harness/tournament/run_log.hpp"
#include "harness/tournament/session.hpp"

#ifndef LMR_VERSION
#define LMR_VERSION "unknown"
#endif

namespace lmr::fastchess {
namespace {

void print_help(std::ostream& out) {
    out << "Usage: lmr-harness -engine cmd=PROGRAM name=NAME [KEY=VALUE]… -engine … "
           "[-each KEY=VALUE…] [OPTION…]\n\n"
           "A fastchess (or cutechess-cli) command line: the run is played, stored in the results "
           "database (-db FILE, default results/lmrlab.db) and printed in fastchess's words "
           "(-output format=cutechess for cutechess-cli's).\n";
    out << "Options:";
    for (const std::string_view name : option_names()) out << ' ' << name;
    out << ".\n"
           "Every option, its native equivalent and what is not supported: docs/fastchess.md.\n";
}

constexpr const char* kProgram = "lmr-harness";

int play_fastchess_command_line(const std::vector<std::string>& args, std::ostream& out) {
    const Run run = parse_command_line(args);
    if (run.version) {
        out << kProgram << ' ' << LMR_VERSION << '\n';
        return cli::kExitOk;
    }
    if (run.help) {
        print_help(out);
        return cli::kExitOk;
    }

    // A bad -use-affinity list before any file is opened.
    const games::JobExecutor& executor = cli::run_executor(run.affinity, "-use-affinity");
    store::check_path_for_writing(run.db);
    const std::vector<core::ReadFile> inputs = tournament::run_input_files(run.plan, run.db);
    // The log is the run's output too: never one of its inputs, a FIFO or a device, and a line
    // it cannot take fails the run as a PGN the disk cannot take does.
    std::unique_ptr<tournament::RunLog> log;
    if (run.log) {
        cli::check_output_path("-log file", run.log->file,
                               cli::with_game_outputs(inputs, run.pgnout, run.epdout));
        try {
            log = std::make_unique<tournament::RunLog>(run.log->file, run.log->append);
        } catch (const tournament::OutputFileError& e) {
            throw cli::InputError(std::string("-log: ") + e.what());
        }
    }
    const tournament::GameLines::Print print = [&](std::string_view line) {
        out << line << '\n' << std::flush;
        if (log) log->line(line);
    };

    auto outputs = cli::open_game_outputs(run.pgnout, run.epdout, inputs);
    tournament::GameLinesSettings line_settings = run.lines;
    line_settings.db = run.db;
    const auto lines = tournament::make_game_lines(line_settings, print);
    std::unique_ptr<tournament::PgnCrc> crc;
    if (run.crc32_pgn && run.pgnout)
        crc = std::make_unique<tournament::PgnCrc>(run.pgnout->file, print);

    tournament::SessionOptions options;
    options.executor = &executor;
    options.db_path = run.db;
    std::vector<std::string> words{kProgram};
    words.insert(words.end(), args.begin(), args.end());
    options.command_line = process::shell_line(words);
    options.interrupt = &cli::install_interrupt_handler();
    if (run.pgnout) options.kept_line_patterns = run.pgnout->match_lines;
    for (const auto& output : outputs) options.observers.push_back(output.get());
    if (crc) options.observers.push_back(crc.get());  // after the PGN file has the game
    options.observers.push_back(lines.get());
    if (run.log && run.log->engine)
        options.protocol_log = [&](const std::string& engine, bool to_engine,
                                   std::string_view line) {
            log->engine_line(engine, to_engine, line);
        };
    // fastchess has no database; a worker running this in its own folder must learn where
    // the games went (results/lmrlab.db there unless -db says otherwise).
    print("Results database: " + std::filesystem::absolute(run.db).string() +
          (run.db_given ? "" : " (the default; -db FILE chooses another)"));
    if (run.plan.book.path.empty())
        print(
            "Warning: No opening book specified! Consider using one, otherwise all games "
            "will be played from the starting position.");

    const auto result = tournament::start_run(run.plan, options);
    lines->finish(result);
    std::ostringstream warnings;
    cli::print_pv_warnings(warnings, report::load_run_end(run.db, result.run_id), run.db,
                           result.run_id, kProgram);
    std::string line;
    for (std::istringstream in(warnings.str()); std::getline(in, line);) print(line);
    return result.outcome.status == store::RunStatus::kFinished ? cli::kExitOk : cli::kExitFailure;
}

}  // namespace

int run(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    try {
        return play_fastchess_command_line(args, out);
    } catch (...) {  // fastchess's exit codes: a run that stops is 1, as any failure
        return cli::report_failure(
            err, {kProgram, kProgram,
                  std::string("Run '") + kProgram + " -help' for the fastchess options.",
                  cli::kExitFailure});
    }
}

}  // namespace lmr::fastchess
