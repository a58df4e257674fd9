#pragma once

// A study's tracked figures: the CSV files `report` writes (`--columns study --format csv`
// for the runs of a phase, `--ratings NAME --format csv` for a rating list) read back, so a
// study page can be drawn from what the repository keeps when the databases are gone. Every
// statistic is worked out again from the stored pentanomial (and, for an SPRT, the bounds of
// its command line), as a report of the database would.

#include <optional>
#include <string>
#include <string_view>

#include "harness/report/data.hpp"

namespace lmr::report {

// The figures file at `path`. ReportError naming the file (and the line and column) when it
// cannot be read, is not one of the two forms, or has a cell that does not parse.
Figures read_figures(const std::string& path);

// The SPRT of an `lmr-harness sprt …` command line: its --elo0, --elo1, --alpha, --beta and
// --model, sprt's defaults for those not given; nullopt for any other command.
// std::invalid_argument naming the flag when a value does not parse.
std::optional<stats::SprtParams> sprt_of_command_line(std::string_view command_line);

// The head-to-head runs of a database's page with completed pairs, named by the database's
// file stem ("results/study-combine.db" → "study-combine").
MeasuredSource measured_source(const PageData& page);

}  // namespace lmr::report
