#pragma once

// A run's inputs are part of the run. When a run starts, the database records each engine's
// binary hash and resolved config text (engines) and the book's content hash (runs); `resume`
// plays the configs from those stored texts, and refuses to go on when a binary or the book
// differs from what the run recorded, unless the user allows it — then the change is recorded
// in the run (run_changes), where the report shows it. One run never mixes inputs unknowingly.

#include <cstdint>
#include <filesystem>
#include <memory>
#include <vector>

#include "harness/core/output_path.hpp"
#include "harness/process/this_host.hpp"
#include "harness/store/store.hpp"
#include "harness/tournament/run_plan.hpp"

namespace lmr::tournament {

// The files a run of `plan` into the database `db` reads while it plays (the database's files,
// the book, each engine's program and LMR config): none of its outputs may be one of them
// (core::output_path_problem).
std::vector<core::ReadFile> run_input_files(const RunPlan& plan, const std::filesystem::path& db);

// The inputs of `plan` that differ from what run `run_id` recorded: each engine binary (by
// SHA-256) and the book (by SHA-256 of its content). A file that is gone counts as changed.
std::vector<store::RunChange> changed_inputs(const store::Store& store, std::int64_t run_id,
                                             const RunPlan& plan);

// Refuses `changes` (PlanError naming each file with its recorded and current hash) unless
// allow_changed; then records them in the run.
void accept_changes(store::Store& store, std::int64_t run_id,
                    const std::vector<store::RunChange>& changes, bool allow_changed);

// The run's stored config texts written to files of a private directory, with the plan's
// engines pointed at them, for as long as the object lives.
class StoredConfigs {
  public:
    // Rewrites each config engine of `plan` (config_path and the argv word naming it).
    StoredConfigs(const store::Store& store, std::int64_t run_id, RunPlan& plan);
    ~StoredConfigs();
    StoredConfigs(const StoredConfigs&) = delete;
    StoredConfigs& operator=(const StoredConfigs&) = delete;

    // Engines whose config file on disk no longer resolves to the stored text (or is gone).
    const std::vector<std::string>& edited() const { return edited_; }

  private:
    std::unique_ptr<process::PrivateDirectory> dir_;  // made for the first stored config
    std::vector<std::string> edited_;
};

}  // namespace lmr::tournament
