// lmr-harness pgn: export the games of a run as PGN.

#include <string>

#include "harness/cli/command.hpp"
#include "harness/cli/options.hpp"
#include "harness/cli/run_options.hpp"
#include "harness/core/atomic_file.hpp"
#include "harness/store/store.hpp"

namespace lmr::cli {
namespace {

constexpr std::string_view kDescription =
    "Writes every game of a run as standard PGN (Seven Tag Roster, FEN/SetUp, TimeControl,\n"
    "Termination, SAN with {score/depth time} comments), in pair order."
    "\n\nExamples:\n"
    "  lmr-harness pgn --db results/lmrlab.db --run 3 --out run3.pgn";

}  // namespace

int run_pgn_command(CommandContext& context) {
    po::options_description options("Options");
    add_stored_run_options(options);
    options.add_options()("out", po::value<std::string>(),
                          "file to write (default: standard output)");
    po::variables_map values;
    if (!parse_command_line(context, options, values, "--run N [--db FILE] [--out FILE]",
                            kDescription))
        return kExitOk;
    const auto run_id = parse_run_id(values);
    const std::string db = values["db"].as<std::string>();
    if (values.count("out"))
        check_output_path("--out", values["out"].as<std::string>(), core::database_files(db));
    std::string pgn;
    std::size_t games = 0;
    {
        auto store = store::Store::open(db, {.mode = store::OpenMode::kReadOnly});
        (void)store.load_run(run_id);  // a run that is not there is an error, not an empty file
        for (const auto& game : store.games_of_run(run_id)) {
            pgn += game.pgn + '\n';
            ++games;
        }
    }
    // Written only once every game is read, and atomically: a failure leaves no file behind.
    if (values.count("out")) {
        const std::string out = values["out"].as<std::string>();
        core::write_file_atomically(out, pgn);
        context.out << "Wrote " << games << " game(s) of run " << run_id << " to " << out << '\n';
    } else {
        context.out << pgn;
        if (!context.out) throw std::runtime_error("writing the PGN failed");
    }
    return kExitOk;
}

}  // namespace lmr::cli
