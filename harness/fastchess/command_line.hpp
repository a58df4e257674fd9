#pragma once

// fastchess's and cutechess-cli's command lines: when lmr-harness's first argument is a
// single-dash option (`lmr-harness -engine cmd=sf name=A -engine … -each tc=10+0.1 -rounds 100
// -repeat …`), the whole command line is read as fastchess reads it (its options are a superset
// of the cutechess-cli options that matter here), into a run plan that plays and stores its games
// as `match`/`sprt`/`tournament` do. docs/fastchess.md maps every option and lists what is not
// supported; an option that cannot be honoured is an error naming it, never ignored.

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "harness/tournament/epd_output.hpp"
#include "harness/tournament/game_lines.hpp"
#include "harness/tournament/pgn_output.hpp"
#include "harness/tournament/run_plan.hpp"

namespace lmr::fastchess {

// `-log file=F [append=…] [engine=true]`: the lines printed, and with engine=true every line to
// and from every engine, written to F.
struct Log {
    std::filesystem::path file;
    bool append = true;
    bool engine = false;
};

struct Run {
    tournament::RunPlan plan;
    std::string db;                       // -db FILE (ours); default: the default database
    bool db_given = false;                // -db was on the command line
    tournament::GameLinesSettings lines;  // -output, -ratinginterval, -scoreinterval, -report
    bool crc32_pgn = false;  // -crc32 pgn=true: "File F has CRC32: 0x…" after each PGN write
    std::optional<tournament::PgnOutputOptions> pgnout;
    std::optional<tournament::EpdOutputOptions> epdout;
    std::optional<Log> log;
    // -use-affinity [CPUS]: the CPUs the game slots are held on ("all": every CPU it may use).
    std::optional<std::string> affinity;
    bool version = false;  // -version: print it and stop
    bool help = false;     // -help
};

// True when the command line is in fastchess's form: the first argument is a single-dash
// option ("-engine", "-each", …) and not lmr-harness's own "-h".
bool is_command_line(std::string_view first_argument);

// Reads the arguments (after the program name) as fastchess does. Throws cli::UsageError naming
// the option and the value for anything it cannot honour.
Run parse_command_line(const std::vector<std::string>& args);

// The options parse_command_line honours, in the order -help lists them.
std::vector<std::string_view> option_names();

}  // namespace lmr::fastchess
