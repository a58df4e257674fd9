#pragma once

// `lmr-harness tune export` as two calls, so that the command line only parses and prints:
// what the export will be (the stored tune read and checked, the format and file settled), and
// the export itself (the final θ as text, written whole to its file). Between the two the command
// line refuses a file the run reads (its --out check).

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>

#include "harness/store/store.hpp"
#include "harness/tournament/run_plan.hpp"
#include "harness/tune/export.hpp"

namespace lmr::tune {

struct ExportPlan {
    std::int64_t run_id = 0;
    tournament::RunPlan plan;  // the tune's stored plan
    ExportFormat format = ExportFormat::kConfig;
    std::filesystem::path file;  // "-": standard output
};

// The plan of a tune (tournament::PlanError when the run is another kind of run).
tournament::RunPlan stored_tune_plan(const store::Store& store, std::int64_t run_id);

// `format` nullopt: default_export_format; `file` nullopt: default_export_path. Throws
// tournament::PlanError when the run is not a tune or a config is asked of a tune of another
// engine's UCI options; store::StoreError when there is no such run.
ExportPlan plan_export(const store::Store& store, const std::filesystem::path& db,
                       std::int64_t run_id, std::optional<ExportFormat> format,
                       std::optional<std::filesystem::path> file);

struct ExportResult {
    std::string text;                 // what was written (or is to be printed, for "-")
    std::size_t iterations_done = 0;  // fewer than the total: the tune did not finish
    int iterations_total = 0;
    std::string verify_command;  // the sprt that tests the export; empty for "-"
};

// Makes the export's text and, unless its file is "-", writes it atomically. `cwd`: where the
// verify command's relative paths start.
ExportResult write_export(const store::Store& store, const std::filesystem::path& db,
                          const ExportPlan& plan, const std::filesystem::path& cwd);

}  // namespace lmr::tune
