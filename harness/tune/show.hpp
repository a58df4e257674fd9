#pragma once

// `lmr-harness tune show`: a tune run as text — its settings, each parameter (start, range,
// c_end, r_end, final θ and the value sent), the trajectory of θ as a table (one row per
// iteration, thinned to about `max_rows` evenly spaced rows unless `all_rows`; the first and
// last iterations are always shown), and the commands that export θ (in the run's default
// ExportFormat) and verify it by SPRT.

#include <cstdint>
#include <filesystem>
#include <iosfwd>
#include <string>
#include <vector>

#include "harness/store/store.hpp"
#include "harness/tune/export.hpp"

namespace lmr::tune {

struct ShowOptions {
    bool all_rows = false;
    std::size_t max_rows = 40;
    std::string db_path;                // as the user named it, for the suggested commands
    std::filesystem::path export_path;  // where `tune export` writes by default
    std::filesystem::path cwd;          // paths in suggestions are shown relative to it
};

void write_tune_report(std::ostream& out, const store::Store& store, std::int64_t run_id,
                       const ShowOptions& options);

// The iterations a thinned table shows: every step-th k plus the last (all when ≤ max_rows).
std::vector<int> shown_iterations(int count, std::size_t max_rows, bool all_rows);

// Where `tune export` writes when --out is not given, beside the database: "tune-<run>.json"
// (a config), "tune-<run>-openbench.txt" or "tune-<run>-setoption.txt".
std::filesystem::path default_export_path(const std::filesystem::path& db_path, std::int64_t run_id,
                                          ExportFormat format);

}  // namespace lmr::tune
