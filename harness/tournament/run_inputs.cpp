#include "harness/tournament/run_inputs.hpp"

#include <unistd.h>

#include <algorithm>
#include <fstream>

#include "harness/store/sha256.hpp"
#include "harness/tournament/engine_identity.hpp"
#include "harness/tournament/player_claim.hpp"
#include "harness/tournament/session.hpp"

namespace lmr::tournament {
namespace {

namespace fs = std::filesystem;

// The SHA-256 of a file as recorded, or "(missing)" when it cannot be read.
std::string current_hash(const fs::path& path) {
    if (path.empty()) return "(missing)";
    try {
        return store::sha256_file_hex(path);
    } catch (const std::exception&) {
        return "(missing)";
    }
}

const store::RunEngine* attached_engine(const std::vector<store::RunEngine>& attached,
                                        const std::string& name) {
    const auto it = std::find_if(attached.begin(), attached.end(),
                                 [&](const store::RunEngine& e) { return e.engine.name == name; });
    return it == attached.end() ? nullptr : &*it;
}

}  // namespace

std::vector<core::ReadFile> run_input_files(const RunPlan& plan, const fs::path& db) {
    std::vector<core::ReadFile> files = core::database_files(db);
    if (!plan.book.path.empty()) files.push_back({plan.book.path, "the run's opening book"});
    for (const EnginePlan& engine : plan.engines) {
        if (const fs::path binary = find_executable(engine.argv.at(0)); !binary.empty())
            files.push_back({binary, "the program of engine '" + engine.name + "'"});
        if (!engine.config_path.empty())
            files.push_back({engine.config_path, "the LMR config of engine '" + engine.name + "'"});
    }
    return files;
}

std::vector<store::RunChange> changed_inputs(const store::Store& store, std::int64_t run_id,
                                             const RunPlan& plan) {
    std::vector<store::RunChange> changes;
    const auto attached = store.run_engines(run_id);
    for (const auto& engine : plan.engines) {
        const auto* row = attached_engine(attached, engine.name);
        if (!row || row->engine.binary_sha256.empty()) continue;  // nothing recorded to compare
        const fs::path binary = find_executable(engine.argv.at(0));
        const std::string now = current_hash(binary);
        if (now != row->engine.binary_sha256)
            changes.push_back({"engine '" + engine.name + "' binary",
                               binary.empty() ? engine.argv[0] : binary.string(),
                               row->engine.binary_sha256, now, ""});
    }
    const auto run = store.load_run(run_id);
    if (!run.book_sha256.empty()) {
        const std::string now = current_hash(run.book_path);
        if (now != run.book_sha256)
            changes.push_back({"book", run.book_path, run.book_sha256, now, ""});
    }
    return changes;
}

void accept_changes(store::Store& store, std::int64_t run_id,
                    const std::vector<store::RunChange>& changes, bool allow_changed) {
    if (changes.empty()) return;
    if (!allow_changed) {
        std::string message = "run " + std::to_string(run_id) +
                              " cannot be resumed as recorded: its inputs changed since it started";
        for (const auto& change : changes)
            message += "\n  " + change.subject + " " + change.file + ": recorded sha256 " +
                       change.recorded + ", now " + change.current;
        message +=
            "\n(restore them, or resume with --allow-changed to go on with the new ones; "
            "the change is then recorded in the run and shown by its report)";
        throw PlanError(message);
    }
    for (const auto& change : changes) store.record_run_change(run_id, change);
}

StoredConfigs::StoredConfigs(const store::Store& store, std::int64_t run_id, RunPlan& plan) {
    const auto attached = store.run_engines(run_id);
    for (std::size_t i = 0; i < plan.engines.size(); ++i) {
        auto& engine = plan.engines[i];
        const auto* row = attached_engine(attached, engine.name);
        if (engine.config_path.empty() || !row || row->engine.config_json.empty()) continue;
        if (!dir_) dir_ = std::make_unique<process::PrivateDirectory>("lmr-harness-run");
        // Told only, never refused: what plays is the stored text, whatever the file says now.
        try {
            if (!fs::exists(engine.config_path) ||
                resolved_config_text(find_executable(engine.argv.at(0)), engine.config_path) !=
                    row->engine.config_json)
                edited_.push_back(engine.name);
        } catch (const std::exception&) {
            edited_.push_back(engine.name);
        }
        fs::path stored;
        try {
            stored = dir_->write("engine-" + std::to_string(i) + ".json",
                                 row->engine.config_json + "\n");
        } catch (const std::runtime_error& e) {
            throw PlanError("the stored config of engine '" + engine.name + "': " + e.what());
        }
        std::replace(engine.argv.begin(), engine.argv.end(), engine.config_path, stored.string());
        engine.config_path = stored.string();
    }
}

StoredConfigs::~StoredConfigs() = default;

}  // namespace lmr::tournament
