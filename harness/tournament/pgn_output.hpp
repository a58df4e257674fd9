#pragma once

// The live PGN file of a run (`--pgnout FILE`, fastchess's and cutechess-cli's `-pgnout`): each
// game is added as it ends, after the database has it, so the file holds every finished game
// while the run goes on. The games read exactly as their stored PGN (the same tags, from
// game_pgn.hpp), plus the comment fields asked for. Games stored by an earlier session of the
// run are not written again: a resume with the same file adds the games it plays.

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "harness/match/pgn.hpp"
#include "harness/tournament/output_file.hpp"
#include "harness/tournament/run_observer.hpp"

namespace lmr::tournament {

// What `-pgnout file=F append=… nodes=… … notation=… min=…` (and the native --pgnout flags) set.
struct PgnOutputOptions {
    std::filesystem::path file;
    bool append = true;  // false: an existing file is emptied when opened (fastchess append=false)
    match::PgnStyle style;  // comment items (n=, pv=, …), notation, minimal form
    // match_line=REGEX: of each search, the last info line each matches goes into the move's
    // comment as line="…" (the games keep them: SessionOptions::kept_line_patterns).
    std::vector<std::string> match_lines;
};

class PgnOutput : public RunObserver {
  public:
    // Opens (creates) the file at once. Throws OutputFileError naming it.
    explicit PgnOutput(const PgnOutputOptions& options);

    void run_started(std::int64_t run_id, const RunPlan& plan) override;
    // Throws OutputFileError when the file cannot be written (the run then fails).
    void game_finished(const GameTask& task, const core::GameRecord& game) override;

  private:
    OutputFile file_;
    match::PgnStyle style_;
    std::int64_t run_id_ = 0;
    std::optional<RunPlan> plan_;
};

}  // namespace lmr::tournament
