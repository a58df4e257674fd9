// lmr-harness pgn: export the games of a run as PGN.

#include <fstream>

#include "harness/cli/command.hpp"
#include "harness/cli/options.hpp"
#include "harness/cli/run_options.hpp"
#include "harness/store/store.hpp"

namespace lmr::cli {
namespace {

constexpr std::string_view kDescription =
    "Writes every game of a run as standard PGN (Seven Tag Roster, FEN/SetUp, TimeControl,\n"
    "Termination, SAN with {score/depth time} comments), in pair order.";

}  // namespace

int run_pgn_command(CommandContext& context) {
    po::options_description options("Options");
    options.add_options()("db", po::value<std::string>()->default_value(std::string(store::kDefaultDatabasePath)),
                          "result database")("run", po::value<std::string>()->required(), "run id")(
        "out", po::value<std::string>(), "file to write (default: standard output)");
    po::variables_map values;
    if (!parse_command_line(context, options, values, "--run N [--db FILE] [--out FILE]", kDescription))
        return kExitOk;
    const auto run_id = parse_count("--run", values["run"].as<std::string>());
    try {
        auto store = store::Store::open(values["db"].as<std::string>(),
                                        store::OpenOptions{store::OpenMode::kReadOnly});
        const auto games = store.games_of_run(run_id);
        std::ofstream file;
        std::ostream* out = &context.out;
        if (values.count("out")) {
            file.open(values["out"].as<std::string>());
            if (!file) throw std::runtime_error("cannot write " + values["out"].as<std::string>());
            out = &file;
        }
        for (const auto& game : games) *out << game.pgn << '\n';
        if (!*out) throw std::runtime_error("writing the PGN failed");
    } catch (const store::StoreError& e) {
        context.err << context.program << " pgn: " << e.what() << '\n';
        return is_bad_database(e) ? kExitUsage : kExitFailure;
    }
    return kExitOk;
}

}  // namespace lmr::cli
